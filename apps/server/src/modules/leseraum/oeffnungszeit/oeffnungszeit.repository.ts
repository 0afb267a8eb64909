import { and, asc, eq, gt, inArray, lt } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { standort } from '../../verwaltung/standort/standort.public.ts';
import { grundrissLeseraum, leseraum } from '../leseraum/leseraum.public.ts';
import { leseraumBuchung } from '../leseraum-buchung/leseraum-buchung.public.ts';
import {
  abweichendeOeffnungszeit,
  oeffnungszeit,
  type WochenRow,
  wochenSpalten,
} from './oeffnungszeit.table.ts';

export type { WochenRow };

/** Floor plans with their location, in creation order (spec §7 "floor plans: select all with location ordered by id"). */
export const findGrundrisse = async (tx: Tx) => {
  const rows = await tx
    .select({
      id: grundrissLeseraum.id,
      bezeichnung: grundrissLeseraum.bezeichnung,
      aktiv: grundrissLeseraum.aktiv,
      standortId: standort.id,
      standortName: standort.name,
    })
    .from(grundrissLeseraum)
    .leftJoin(standort, eq(standort.id, grundrissLeseraum.standortId))
    .orderBy(asc(grundrissLeseraum.createdAt), asc(grundrissLeseraum.id));
  return rows.map((r) => ({
    id: r.id,
    bezeichnung: r.bezeichnung,
    aktiv: r.aktiv,
    standort: r.standortId && r.standortName !== null ? { id: r.standortId, name: r.standortName } : null,
  }));
};

export const findGrundriss = async (tx: Tx, id: string) => {
  const rows = await tx
    .select({ id: grundrissLeseraum.id, bezeichnung: grundrissLeseraum.bezeichnung })
    .from(grundrissLeseraum)
    .where(eq(grundrissLeseraum.id, id))
    .limit(1);
  return rows[0];
};

export const findWoche = async (tx: Tx, grundrissId: string): Promise<WochenRow[]> =>
  tx
    .select(wochenSpalten)
    .from(oeffnungszeit)
    .where(eq(oeffnungszeit.grundrissId, grundrissId))
    .orderBy(asc(oeffnungszeit.wochentag));

/** Spec §7: opening times are replaced by delete and insert. */
export const replaceWoche = async (
  tx: Tx,
  { mandantId, grundrissId, rows }: { mandantId: string; grundrissId: string; rows: readonly WochenRow[] },
): Promise<void> => {
  await tx.delete(oeffnungszeit).where(eq(oeffnungszeit.grundrissId, grundrissId));
  if (rows.length > 0)
    await tx.insert(oeffnungszeit).values(rows.map((r) => ({ ...r, mandantId, grundrissId })));
};

const sonderColumns = {
  id: abweichendeOeffnungszeit.id,
  grundrissId: abweichendeOeffnungszeit.grundrissId,
  beschreibung: abweichendeOeffnungszeit.beschreibung,
  gueltigVon: abweichendeOeffnungszeit.gueltigVon,
  gueltigBis: abweichendeOeffnungszeit.gueltigBis,
  von: abweichendeOeffnungszeit.von,
  bis: abweichendeOeffnungszeit.bis,
  status: abweichendeOeffnungszeit.status,
};

export type SonderRow = {
  id: string;
  grundrissId: string;
  beschreibung: string | null;
  gueltigVon: string;
  gueltigBis: string;
  von: string;
  bis: string;
  status: string;
};

export type SonderValues = Omit<SonderRow, 'id' | 'grundrissId'>;

export const findSonderzeiten = async (tx: Tx, grundrissId: string): Promise<SonderRow[]> =>
  tx
    .select(sonderColumns)
    .from(abweichendeOeffnungszeit)
    .where(eq(abweichendeOeffnungszeit.grundrissId, grundrissId))
    .orderBy(asc(abweichendeOeffnungszeit.gueltigVon), asc(abweichendeOeffnungszeit.id));

export const findSonderzeit = async (
  tx: Tx,
  grundrissId: string,
  id: string,
): Promise<SonderRow | undefined> => {
  const rows = await tx
    .select(sonderColumns)
    .from(abweichendeOeffnungszeit)
    .where(and(eq(abweichendeOeffnungszeit.grundrissId, grundrissId), eq(abweichendeOeffnungszeit.id, id)))
    .limit(1);
  return rows[0];
};

export const insertSonderzeit = async (
  tx: Tx,
  row: SonderValues & { mandantId: string; grundrissId: string },
): Promise<SonderRow> => {
  const [inserted] = await tx.insert(abweichendeOeffnungszeit).values(row).returning(sonderColumns);
  return inserted!;
};

export const updateSonderzeit = async (tx: Tx, id: string, values: SonderValues): Promise<SonderRow> => {
  const [updated] = await tx
    .update(abweichendeOeffnungszeit)
    .set(values)
    .where(eq(abweichendeOeffnungszeit.id, id))
    .returning(sonderColumns);
  return updated!;
};

export const deleteSonderzeit = async (tx: Tx, id: string): Promise<void> => {
  await tx.delete(abweichendeOeffnungszeit).where(eq(abweichendeOeffnungszeit.id, id));
};

/**
 * Holds and reservations of the floor plan's rooms overlapping `[from, to)` (without `to`: ending after
 * `from`), locked for the cancellation.
 */
export const findOffeneBuchungen = async (
  tx: Tx,
  { grundrissId, from, to }: { grundrissId: string; from: Date; to?: Date },
) =>
  tx
    .select({
      id: leseraumBuchung.id,
      von: leseraumBuchung.von,
      bis: leseraumBuchung.bis,
      status: leseraumBuchung.status,
      leseraumId: leseraumBuchung.leseraumId,
      leseraum: leseraum.bezeichnung,
      buchender: leseraumBuchung.systembenutzer1Mail,
    })
    .from(leseraumBuchung)
    .innerJoin(leseraum, eq(leseraum.id, leseraumBuchung.leseraumId))
    .where(
      and(
        eq(leseraum.grundrissId, grundrissId),
        inArray(leseraumBuchung.status, ['vorgemerkt', 'reserviert']),
        to ? lt(leseraumBuchung.von, to) : undefined,
        gt(leseraumBuchung.bis, from),
      ),
    )
    .orderBy(asc(leseraumBuchung.von), asc(leseraumBuchung.id))
    .for('update', { of: leseraumBuchung });

/** The weekday rows of a vehicle's booking window set (`fahrzeug_oeffnungszeit`): the old rows go, the new come. */
export const ersetzeFahrzeugZeilen = async (
  tx: Tx,
  {
    mandantId,
    fahrzeugOeffnungszeitId,
    zeilen,
  }: {
    mandantId: string;
    fahrzeugOeffnungszeitId: string;
    zeilen: readonly { wochentag: number; von: string; bis: string; geoeffnet: boolean }[];
  },
): Promise<void> => {
  await tx.delete(oeffnungszeit).where(eq(oeffnungszeit.fahrzeugOeffnungszeitId, fahrzeugOeffnungszeitId));
  if (zeilen.length === 0) return;
  await tx.insert(oeffnungszeit).values(
    zeilen.map((z) => ({
      mandantId,
      fahrzeugOeffnungszeitId,
      wochentag: z.wochentag,
      von: z.von,
      bis: z.bis,
      geoeffnet: z.geoeffnet,
    })),
  );
};
