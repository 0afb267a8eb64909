import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { fahrzeug } from '../../fahrzeuge/fahrzeug/fahrzeug.public.ts';
import { grundrissLeseraum } from '../../leseraum/leseraum/leseraum.public.ts';
import { abstellplatz, standort } from './standort.table.ts';

export type StandortRow = { id: string; name: string; bundesland: string | null };
export type AbstellplatzRow = { id: string; standortId: string; name: string; sortierung: number };

/** Locations in creation order (spec §7 "ordered by id": the original ids were sequential). */
export const findStandorte = async (tx: Tx): Promise<StandortRow[]> =>
  tx
    .select({ id: standort.id, name: standort.name, bundesland: standort.bundesland })
    .from(standort)
    .orderBy(asc(standort.createdAt), asc(standort.id));

export const findStandort = async (tx: Tx, id: string): Promise<StandortRow | undefined> => {
  const rows = await tx
    .select({ id: standort.id, name: standort.name, bundesland: standort.bundesland })
    .from(standort)
    .where(eq(standort.id, id))
    .limit(1);
  return rows[0];
};

export const findStandortByName = async (tx: Tx, name: string): Promise<StandortRow | undefined> => {
  const rows = await tx
    .select({ id: standort.id, name: standort.name, bundesland: standort.bundesland })
    .from(standort)
    .where(eq(standort.name, name))
    .limit(1);
  return rows[0];
};

export const findAbstellplaetze = async (
  tx: Tx,
  standortIds: readonly string[],
): Promise<AbstellplatzRow[]> =>
  standortIds.length === 0
    ? []
    : tx
        .select({
          id: abstellplatz.id,
          standortId: abstellplatz.standortId,
          name: abstellplatz.name,
          sortierung: abstellplatz.sortierung,
        })
        .from(abstellplatz)
        .where(inArray(abstellplatz.standortId, [...standortIds]))
        .orderBy(asc(abstellplatz.sortierung), asc(abstellplatz.createdAt), asc(abstellplatz.id));

/** How many vehicles (also deactivated ones: they keep their location) and floor plans use each location. */
export const countUsages = async (
  tx: Tx,
): Promise<{ fahrzeuge: Map<string, number>; grundrisse: Map<string, number> }> => {
  const vehicles = await tx
    .select({ standortId: fahrzeug.standortId, n: count() })
    .from(fahrzeug)
    .groupBy(fahrzeug.standortId);
  const plans = await tx
    .select({ standortId: grundrissLeseraum.standortId, n: count() })
    .from(grundrissLeseraum)
    .groupBy(grundrissLeseraum.standortId);
  return {
    fahrzeuge: new Map(vehicles.map((r) => [r.standortId, r.n])),
    grundrisse: new Map(plans.filter((r) => r.standortId).map((r) => [r.standortId as string, r.n])),
  };
};

export const insertStandort = async (
  tx: Tx,
  row: { mandantId: string; name: string; bundesland: string | null },
): Promise<StandortRow> => {
  const [inserted] = await tx
    .insert(standort)
    .values(row)
    .returning({ id: standort.id, name: standort.name, bundesland: standort.bundesland });
  return inserted!;
};

export const updateStandortName = async (tx: Tx, id: string, name: string): Promise<void> => {
  await tx.update(standort).set({ name }).where(eq(standort.id, id));
};

/** The floor plans at a location (their pages and seat maps show its name). */
export const findGrundrissIdsAmStandort = async (tx: Tx, standortId: string): Promise<string[]> =>
  (
    await tx
      .select({ id: grundrissLeseraum.id })
      .from(grundrissLeseraum)
      .where(eq(grundrissLeseraum.standortId, standortId))
  ).map((r) => r.id);

export const updateStandortBundesland = async (
  tx: Tx,
  id: string,
  bundesland: string | null,
): Promise<void> => {
  await tx.update(standort).set({ bundesland }).where(eq(standort.id, id));
};

export const deleteStandort = async (tx: Tx, id: string): Promise<void> => {
  await tx.delete(standort).where(eq(standort.id, id));
};

export const insertAbstellplaetze = async (
  tx: Tx,
  rows: { mandantId: string; standortId: string; name: string; sortierung: number }[],
): Promise<void> => {
  if (rows.length > 0) await tx.insert(abstellplatz).values(rows);
};

export const deleteAbstellplaetze = async (
  tx: Tx,
  standortId: string,
  names: readonly string[],
): Promise<void> => {
  if (names.length === 0) return;
  await tx
    .delete(abstellplatz)
    .where(and(eq(abstellplatz.standortId, standortId), inArray(abstellplatz.name, [...names])));
};

export const updateAbstellplatzSortierung = async (
  tx: Tx,
  standortId: string,
  name: string,
  sortierung: number,
): Promise<void> => {
  await tx
    .update(abstellplatz)
    .set({ sortierung })
    .where(and(eq(abstellplatz.standortId, standortId), eq(abstellplatz.name, name)));
};
