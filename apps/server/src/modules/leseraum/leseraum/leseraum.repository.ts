import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { standort } from '../../verwaltung/standort/standort.public.ts';
import { ausstattung } from '../ausstattung/ausstattung.public.ts';
import { leseraumBuchung } from '../leseraum-buchung/leseraum-buchung.public.ts';
import { grundrissLeseraum, leseraum, leseraumAusstattung } from './leseraum.table.ts';

export type GrundrissRow = {
  id: string;
  bezeichnung: string;
  beschreibung: string | null;
  link: string | null;
  aktiv: boolean;
  bereich: string;
  dateiId: string | null;
  standortId: string | null;
  standortName: string | null;
  plaetze: number;
  aktivePlaetze: number;
};

const plaetzeCount = sql<number>`(select count(*)::int from ${leseraum} where ${leseraum.grundrissId} = ${grundrissLeseraum.id})`;
const aktivePlaetzeCount = sql<number>`(select count(*)::int from ${leseraum} where ${leseraum.grundrissId} = ${grundrissLeseraum.id} and ${leseraum.aktiv})`;

const grundrissQuery = (tx: Tx) =>
  tx
    .select({
      id: grundrissLeseraum.id,
      bezeichnung: grundrissLeseraum.bezeichnung,
      beschreibung: grundrissLeseraum.beschreibung,
      link: grundrissLeseraum.link,
      aktiv: grundrissLeseraum.aktiv,
      bereich: grundrissLeseraum.bereich,
      dateiId: grundrissLeseraum.dateiId,
      standortId: standort.id,
      standortName: standort.name,
      plaetze: plaetzeCount,
      aktivePlaetze: aktivePlaetzeCount,
    })
    .from(grundrissLeseraum)
    .leftJoin(standort, eq(standort.id, grundrissLeseraum.standortId));

/** Every floor plan of the tenant with its location, in creation order (spec §7 "ordered by id"). */
export const findGrundrisse = async (tx: Tx): Promise<GrundrissRow[]> =>
  grundrissQuery(tx).orderBy(asc(grundrissLeseraum.createdAt), asc(grundrissLeseraum.id));

export const findGrundriss = async (tx: Tx, id: string): Promise<GrundrissRow | undefined> => {
  const rows = await grundrissQuery(tx).where(eq(grundrissLeseraum.id, id)).limit(1);
  return rows[0];
};

/** Locks the plan row for a change (its places are changed or cancelled under it). */
export const lockGrundriss = async (tx: Tx, id: string): Promise<{ id: string } | undefined> => {
  const rows = await tx
    .select({ id: grundrissLeseraum.id })
    .from(grundrissLeseraum)
    .where(eq(grundrissLeseraum.id, id))
    .for('update');
  return rows[0];
};

export type GrundrissValues = {
  bezeichnung: string;
  beschreibung: string | null;
  link: string | null;
  aktiv: boolean;
  bereich: string;
  standortId: string | null;
};

export const insertGrundriss = async (
  tx: Tx,
  values: GrundrissValues & { mandantId: string },
): Promise<string> => {
  const [row] = await tx.insert(grundrissLeseraum).values(values).returning({ id: grundrissLeseraum.id });
  return row!.id;
};

export const updateGrundriss = async (
  tx: Tx,
  id: string,
  values: Partial<GrundrissValues & { dateiId: string | null }>,
): Promise<void> => {
  await tx.update(grundrissLeseraum).set(values).where(eq(grundrissLeseraum.id, id));
};

/** Deletes the plan; its places, their equipment rows and the plan's opening hours go with it (cascade). */
export const deleteGrundriss = async (tx: Tx, id: string): Promise<void> => {
  await tx.delete(grundrissLeseraum).where(eq(grundrissLeseraum.id, id));
};

/** Bookings of any status (history included) of the plan's places. */
export const countBuchungenDesGrundrisses = async (tx: Tx, grundrissId: string): Promise<number> => {
  const rows = await tx
    .select({ n: count() })
    .from(leseraumBuchung)
    .innerJoin(leseraum, eq(leseraum.id, leseraumBuchung.leseraumId))
    .where(eq(leseraum.grundrissId, grundrissId));
  return rows[0]?.n ?? 0;
};

/** Bookings of any status (history included) of one place. */
export const countBuchungenDesPlatzes = async (tx: Tx, leseraumId: string): Promise<number> => {
  const rows = await tx
    .select({ n: count() })
    .from(leseraumBuchung)
    .where(eq(leseraumBuchung.leseraumId, leseraumId));
  return rows[0]?.n ?? 0;
};

export type PlatzRow = {
  id: string;
  grundrissId: string;
  bezeichnung: string;
  kapazitaet: number;
  position: { x: number; y: number } | null;
  beschreibung: string | null;
  bedingungen: string | null;
  aktiv: boolean;
  brandschutzhelfer: boolean;
  ersthelfer: boolean;
  bestaetigungDurchPersonal: boolean;
};

const platzColumns = {
  id: leseraum.id,
  grundrissId: leseraum.grundrissId,
  bezeichnung: leseraum.bezeichnung,
  kapazitaet: leseraum.kapazitaet,
  position: leseraum.position,
  beschreibung: leseraum.beschreibung,
  bedingungen: leseraum.bedingungen,
  aktiv: leseraum.aktiv,
  brandschutzhelfer: leseraum.brandschutzhelfer,
  ersthelfer: leseraum.ersthelfer,
  bestaetigungDurchPersonal: leseraum.bestaetigungDurchPersonal,
};

/** The places of a plan (active and inactive) in name order. */
export const findPlaetze = async (tx: Tx, grundrissId: string): Promise<PlatzRow[]> =>
  tx
    .select(platzColumns)
    .from(leseraum)
    .where(eq(leseraum.grundrissId, grundrissId))
    .orderBy(asc(leseraum.bezeichnung), asc(leseraum.id));

/** One place, locked for the change that follows. */
export const lockPlatz = async (tx: Tx, id: string): Promise<PlatzRow | undefined> => {
  const rows = await tx
    .select(platzColumns)
    .from(leseraum)
    .where(eq(leseraum.id, id))
    .for('update', { of: leseraum });
  return rows[0];
};

export const findPlatz = async (tx: Tx, id: string): Promise<PlatzRow | undefined> => {
  const rows = await tx.select(platzColumns).from(leseraum).where(eq(leseraum.id, id)).limit(1);
  return rows[0];
};

export type PlatzValues = {
  bezeichnung: string;
  kapazitaet: number;
  position: { x: number; y: number } | null;
  beschreibung: string | null;
  bedingungen: string | null;
  aktiv: boolean;
  brandschutzhelfer: boolean;
  ersthelfer: boolean;
  bestaetigungDurchPersonal: boolean;
};

export const insertPlatz = async (
  tx: Tx,
  values: PlatzValues & { mandantId: string; grundrissId: string },
): Promise<string> => {
  const [row] = await tx.insert(leseraum).values(values).returning({ id: leseraum.id });
  return row!.id;
};

export const updatePlatz = async (tx: Tx, id: string, values: Partial<PlatzValues>): Promise<void> => {
  await tx.update(leseraum).set(values).where(eq(leseraum.id, id));
};

/** Deactivates every place of a plan; returns the ids that were active. */
export const deaktivierePlaetzeDesGrundrisses = async (tx: Tx, grundrissId: string): Promise<string[]> => {
  const rows = await tx
    .update(leseraum)
    .set({ aktiv: false })
    .where(and(eq(leseraum.grundrissId, grundrissId), eq(leseraum.aktiv, true)))
    .returning({ id: leseraum.id });
  return rows.map((r) => r.id);
};

export const deletePlatz = async (tx: Tx, id: string): Promise<void> => {
  await tx.delete(leseraum).where(eq(leseraum.id, id));
};

export type PlatzAusstattungRow = { leseraumId: string; id: string; name: string; anzahl: number };

/** Equipment rows of the places with counts, by name. */
export const findAusstattungDerPlaetze = async (
  tx: Tx,
  leseraumIds: readonly string[],
): Promise<PlatzAusstattungRow[]> =>
  leseraumIds.length === 0
    ? []
    : tx
        .select({
          leseraumId: leseraumAusstattung.leseraumId,
          id: ausstattung.id,
          name: ausstattung.name,
          anzahl: leseraumAusstattung.anzahl,
        })
        .from(leseraumAusstattung)
        .innerJoin(ausstattung, eq(ausstattung.id, leseraumAusstattung.ausstattungId))
        .where(inArray(leseraumAusstattung.leseraumId, [...leseraumIds]))
        .orderBy(asc(ausstattung.name));

/** Which of `ids` are equipment of the tenant. */
export const findAusstattungIds = async (tx: Tx, ids: readonly string[]): Promise<Set<string>> => {
  if (ids.length === 0) return new Set();
  const rows = await tx
    .select({ id: ausstattung.id })
    .from(ausstattung)
    .where(inArray(ausstattung.id, [...ids]));
  return new Set(rows.map((r) => r.id));
};

/** Replaces the place's equipment rows (spec §7: "then replace equipment rows"); counts of 0 are left out. */
export const replaceAusstattung = async (
  tx: Tx,
  {
    mandantId,
    leseraumId,
    rows,
  }: { mandantId: string; leseraumId: string; rows: readonly { ausstattungId: string; anzahl: number }[] },
): Promise<void> => {
  await tx.delete(leseraumAusstattung).where(eq(leseraumAusstattung.leseraumId, leseraumId));
  const kept = rows.filter((r) => r.anzahl > 0);
  if (kept.length > 0)
    await tx
      .insert(leseraumAusstattung)
      .values(kept.map((r) => ({ mandantId, leseraumId, ausstattungId: r.ausstattungId, anzahl: r.anzahl })));
};

/** The tenant's locations to choose from, in creation order. */
export const findStandorte = async (tx: Tx): Promise<{ id: string; name: string }[]> =>
  tx
    .select({ id: standort.id, name: standort.name })
    .from(standort)
    .orderBy(asc(standort.createdAt), asc(standort.id));

export const existsStandort = async (tx: Tx, id: string): Promise<boolean> => {
  const rows = await tx.select({ id: standort.id }).from(standort).where(eq(standort.id, id)).limit(1);
  return rows.length > 0;
};

/** The place a user owns (decision 138), or undefined. */
export const findEigenerPlatzId = async (tx: Tx, benutzerId: string): Promise<string | undefined> =>
  (
    await tx.select({ id: leseraum.id }).from(leseraum).where(eq(leseraum.eigentuemerId, benutzerId)).limit(1)
  )[0]?.id;

/**
 * Makes `leseraumId` the user's own place (decision 138), or none (null): the user's previous own place is freed
 * first; a place owned by someone else changes owner. Returns false when the place is not there.
 */
export const setEigentuemer = async (
  tx: Tx,
  { benutzerId, leseraumId }: { benutzerId: string; leseraumId: string | null },
): Promise<boolean> => {
  await tx.update(leseraum).set({ eigentuemerId: null }).where(eq(leseraum.eigentuemerId, benutzerId));
  if (leseraumId === null) return true;
  const rows = await tx
    .update(leseraum)
    .set({ eigentuemerId: benutzerId })
    .where(eq(leseraum.id, leseraumId))
    .returning({ id: leseraum.id });
  return rows.length === 1;
};

/** The plan of a place, or undefined. */
export const findGrundrissIdDesPlatzes = async (tx: Tx, leseraumId: string): Promise<string | undefined> =>
  (
    await tx.select({ id: leseraum.grundrissId }).from(leseraum).where(eq(leseraum.id, leseraumId)).limit(1)
  )[0]?.id;
