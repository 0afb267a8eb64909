/**
 * SQL of the retention purge (decision 081). Every function takes the tenant transaction it runs in;
 * row-level security limits each statement to that tenant.
 */
import type { KettenGlied } from '@stellwerk/domain/fahrzeuge/fahrzeug/aufbewahrung';
import { and, asc, count, eq, inArray, isNotNull, isNull, lt, ne, notExists, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { fahrzeug } from '../../fahrzeuge/fahrzeug/fahrzeug.public.ts';
import {
  fahrzeugBenachrichtigung,
  fahrzeugBuchung,
} from '../../fahrzeuge/fahrzeug-buchung/fahrzeug-buchung.public.ts';
import {
  fahrtenbuchEintrag,
  fahrzeugHistorie,
  fahrzeugHistorieBeleg,
  fahrzeugSchaden,
} from '../fahrt/fahrt.public.ts';

/**
 * A version's own date for retention (decision 091, § 147 (4) AO: the period runs from the end of the year in
 * which the record was made): the later of the trip's end and its recording. The database's guard decides by
 * the same date.
 */
const eigenesDatum = sql<Date>`greatest(${fahrtenbuchEintrag.ende}, ${fahrtenbuchEintrag.erfasstAm})`.mapWith(
  fahrtenbuchEintrag.ende,
);

/**
 * A tenant's logbook versions still inside the period at the cut-off (on or after it): how many, and the latest
 * own date (decision 127: they keep the tenant from being deleted). Filters by tenant: also for a transaction
 * across tenants.
 */
export const findAufzubewahrendesFahrtenbuch = async (
  tx: Tx,
  mandantId: string,
  stichtag: Date,
): Promise<{ anzahl: number; letztes: Date | null }> => {
  const [row] = await tx
    .select({
      anzahl: count(),
      letztes: sql<string | null>`max(greatest(${fahrtenbuchEintrag.ende}, ${fahrtenbuchEintrag.erfasstAm}))`,
    })
    .from(fahrtenbuchEintrag)
    .where(and(eq(fahrtenbuchEintrag.mandantId, mandantId), sql`${eigenesDatum} >= ${stichtag}`));
  return { anzahl: Number(row?.anzahl ?? 0), letztes: row?.letztes ? new Date(row.letztes) : null };
};

/** The vehicles whose logbook has a version that ended (and was recorded) before the cut-off. */
export const findFahrzeugeMitAltemFahrtenbuch = async (tx: Tx, stichtag: Date): Promise<string[]> =>
  (
    await tx
      .selectDistinct({ id: fahrtenbuchEintrag.fahrzeugId })
      .from(fahrtenbuchEintrag)
      .where(lt(eigenesDatum, stichtag))
  ).map((r) => r.id);

/** The links of a vehicle's chain in recording order (only what the purge decides on). */
export const findKettenGlieder = (tx: Tx, fahrzeugId: string): Promise<KettenGlied[]> =>
  tx
    .select({
      id: fahrtenbuchEintrag.id,
      laufnummer: fahrtenbuchEintrag.laufnummer,
      korrigiertId: fahrtenbuchEintrag.korrigiertId,
      ende: eigenesDatum,
    })
    .from(fahrtenbuchEintrag)
    .where(eq(fahrtenbuchEintrag.fahrzeugId, fahrzeugId))
    .orderBy(asc(fahrtenbuchEintrag.laufnummer));

/** History entries (of `where`) that reported a damage still open: they and their trip stay. */
const offenerSchadenVon = (tx: Tx) =>
  tx
    .select({ x: sql`1` })
    .from(fahrzeugSchaden)
    .where(and(eq(fahrzeugSchaden.historieId, fahrzeugHistorie.id), isNull(fahrzeugSchaden.behobenAm)));

/**
 * Bookings due: not on the road (status aktiv), their trip's end (the booking's end or its last history
 * entry, whichever is later) before the cut-off, no logbook version left that refers to them, and no damage
 * reported on them still open. At most `anzahl`.
 */
export const findFaelligeBuchungen = async (tx: Tx, stichtag: Date, anzahl: number): Promise<string[]> => {
  const historie = sql.raw('h');
  const stichtagIso = stichtag.toISOString();
  return (
    await tx
      .select({ id: fahrzeugBuchung.id })
      .from(fahrzeugBuchung)
      .where(
        and(
          ne(fahrzeugBuchung.status, 'aktiv'),
          lt(fahrzeugBuchung.bis, stichtag),
          sql`not exists (select 1 from fahrzeug_historie ${historie}
                where ${historie}.fahrzeug_buchung_id = ${fahrzeugBuchung.id}
                  and ${historie}.zeitpunkt >= ${stichtagIso}::timestamptz)`,
          sql`not exists (select 1 from fahrzeug_historie ${historie}
                join fahrzeug_schaden s on s.historie_id = ${historie}.id and s.mandant_id = ${historie}.mandant_id
                where ${historie}.fahrzeug_buchung_id = ${fahrzeugBuchung.id} and s.behoben_am is null)`,
          notExists(
            tx
              .select({ x: sql`1` })
              .from(fahrtenbuchEintrag)
              .where(eq(fahrtenbuchEintrag.fahrzeugBuchungId, fahrzeugBuchung.id)),
          ),
        ),
      )
      .orderBy(asc(fahrzeugBuchung.bis))
      .limit(anzahl)
  ).map((r) => r.id);
};

/** History entries not tied to a booking whose time lies before the cut-off, without an open damage. */
export const findFaelligeHistorie = async (tx: Tx, stichtag: Date, anzahl: number): Promise<string[]> =>
  (
    await tx
      .select({ id: fahrzeugHistorie.id })
      .from(fahrzeugHistorie)
      .where(
        and(
          isNull(fahrzeugHistorie.fahrzeugBuchungId),
          lt(fahrzeugHistorie.zeitpunkt, stichtag),
          notExists(offenerSchadenVon(tx)),
        ),
      )
      .orderBy(asc(fahrzeugHistorie.zeitpunkt))
      .limit(anzahl)
  ).map((r) => r.id);

/** The history entries of bookings. */
export const findHistorieVonBuchungen = async (tx: Tx, buchungIds: readonly string[]): Promise<string[]> =>
  buchungIds.length === 0
    ? []
    : (
        await tx
          .select({ id: fahrzeugHistorie.id })
          .from(fahrzeugHistorie)
          .where(inArray(fahrzeugHistorie.fahrzeugBuchungId, [...buchungIds]))
      ).map((r) => r.id);

/** The stored files of history entries: receipts and damage photos. */
export const findDateienVonHistorie = async (tx: Tx, historieIds: readonly string[]): Promise<string[]> => {
  if (historieIds.length === 0) return [];
  const ids = [...historieIds];
  const belege = await tx
    .select({ id: fahrzeugHistorieBeleg.dateiId })
    .from(fahrzeugHistorieBeleg)
    .where(inArray(fahrzeugHistorieBeleg.historieId, ids));
  const fotos = await tx
    .select({ id: fahrzeugSchaden.fotoId })
    .from(fahrzeugSchaden)
    .where(and(inArray(fahrzeugSchaden.historieId, ids), isNotNull(fahrzeugSchaden.fotoId)));
  return [...new Set([...belege, ...fotos].flatMap((r) => (r.id === null ? [] : [r.id])))];
};

/** How many (repaired) damages the history entries reported. */
export const countSchaedenVonHistorie = async (tx: Tx, historieIds: readonly string[]): Promise<number> => {
  if (historieIds.length === 0) return 0;
  const [row] = await tx
    .select({ n: count() })
    .from(fahrzeugSchaden)
    .where(inArray(fahrzeugSchaden.historieId, [...historieIds]));
  return Number(row?.n ?? 0);
};

/** Locks the vehicle row: the lock every append to its logbook chain holds (one writer per chain). */
export const lockFahrzeug = async (tx: Tx, fahrzeugId: string): Promise<void> => {
  await tx.select({ id: fahrzeug.id }).from(fahrzeug).where(eq(fahrzeug.id, fahrzeugId)).for('update');
};

/** Whether the purge of a Berlin day is complete (its key in the vehicle jobs' record, decision 067). */
export const istTagErledigt = async (tx: Tx, schluessel: string): Promise<boolean> =>
  (
    await tx
      .select({ id: fahrzeugBenachrichtigung.id })
      .from(fahrzeugBenachrichtigung)
      .where(eq(fahrzeugBenachrichtigung.schluessel, schluessel))
      .limit(1)
  ).length > 0;
