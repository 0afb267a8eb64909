import { asc, count, eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { leseraum, leseraumAusstattung } from '../leseraum/leseraum.public.ts';
import { ausstattung } from './ausstattung.table.ts';

export type AusstattungRow = { id: string; name: string; raeume: number };

/** The equipment catalogue by name, each with the number of rooms it is assigned to. */
export const findAusstattungen = async (tx: Tx): Promise<AusstattungRow[]> => {
  const rows = await tx
    .select({ id: ausstattung.id, name: ausstattung.name })
    .from(ausstattung)
    .orderBy(asc(ausstattung.name), asc(ausstattung.id));
  const usage = await tx
    .select({ ausstattungId: leseraumAusstattung.ausstattungId, n: count() })
    .from(leseraumAusstattung)
    .groupBy(leseraumAusstattung.ausstattungId);
  const byId = new Map(usage.map((u) => [u.ausstattungId, u.n]));
  return rows.map((r) => ({ ...r, raeume: byId.get(r.id) ?? 0 }));
};

export const findAusstattungByName = async (tx: Tx, name: string) => {
  const rows = await tx
    .select({ id: ausstattung.id })
    .from(ausstattung)
    .where(eq(ausstattung.name, name))
    .limit(1);
  return rows[0];
};

export const insertAusstattung = async (
  tx: Tx,
  row: { mandantId: string; name: string },
): Promise<string> => {
  const [inserted] = await tx.insert(ausstattung).values(row).returning({ id: ausstattung.id });
  return inserted!.id;
};

export const updateAusstattungName = async (tx: Tx, id: string, name: string): Promise<void> => {
  await tx.update(ausstattung).set({ name }).where(eq(ausstattung.id, id));
};

export const deleteAusstattung = async (tx: Tx, id: string): Promise<void> => {
  await tx.delete(ausstattung).where(eq(ausstattung.id, id));
};

/** The plans with a place that has this equipment (their seat maps show its name). */
export const findGrundrisseMitAusstattung = async (tx: Tx, id: string): Promise<string[]> => {
  const rows = await tx
    .selectDistinct({ grundrissId: leseraum.grundrissId })
    .from(leseraumAusstattung)
    .innerJoin(leseraum, eq(leseraum.id, leseraumAusstattung.leseraumId))
    .where(eq(leseraumAusstattung.ausstattungId, id));
  return rows.map((r) => r.grundrissId);
};
