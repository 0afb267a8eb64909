/**
 * SQL of trips: the vehicle history entries of check-in and check-out, and the append-only logbook.
 * Every function takes the tenant transaction it runs in.
 */
import type { FahrtArt, FahrtenbuchEintrag } from '@stellwerk/domain/fahrten/fahrtenbuch/eintrag';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  max,
  ne,
  notExists,
  or,
  sql,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../../db/client.ts';
import { fahrzeug } from '../../fahrzeuge/fahrzeug/fahrzeug.table.ts';
import { fahrzeugHistorie, type Schaden } from './fahrzeug-historie.table.ts';
import { fahrzeugBuchung } from '../../fahrzeuge/fahrzeug-buchung/fahrzeug-buchung.table.ts';
import { benutzer } from '../../identitaet/benutzer/benutzer.table.ts';
import { mandant } from '../../verwaltung/mandant/mandant.table.ts';
import { abstellplatz } from '../../verwaltung/standort/standort.table.ts';
import {
  fahrtenbuchAnker,
  fahrtenbuchEintrag,
  fahrtenbuchKopf,
  fahrzeugHistorieBeleg,
  fahrzeugSchaden,
} from './fahrt.table.ts';

export type FahrzeugKopf = { id: string; kennzeichen: string; marke: string; modell: string };

export const findFahrzeugKopf = async (tx: Tx, id: string): Promise<FahrzeugKopf | undefined> => {
  const [row] = await tx
    .select({
      id: fahrzeug.id,
      kennzeichen: fahrzeug.kennzeichen,
      marke: fahrzeug.marke,
      modell: fahrzeug.modell,
    })
    .from(fahrzeug)
    .where(eq(fahrzeug.id, id));
  return row;
};

/** Locks the vehicle row: every append to its logbook chain holds this lock (one writer per chain). */
export const lockFahrzeugKopf = async (tx: Tx, id: string): Promise<FahrzeugKopf | undefined> => {
  const [row] = await tx
    .select({
      id: fahrzeug.id,
      kennzeichen: fahrzeug.kennzeichen,
      marke: fahrzeug.marke,
      modell: fahrzeug.modell,
    })
    .from(fahrzeug)
    .where(eq(fahrzeug.id, id))
    .for('update');
  return row;
};

export const findPersonNamen = async (tx: Tx, ids: readonly string[]): Promise<Map<string, string>> => {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ id: benutzer.id, vorname: benutzer.vorname, nachname: benutzer.nachname })
    .from(benutzer)
    .where(inArray(benutzer.id, [...ids]));
  return new Map(rows.map((r) => [r.id, `${r.vorname} ${r.nachname}`.trim()]));
};

/**
 * The vehicle's last reading (decision 092): the highest end reading of the logbook's current versions (a
 * corrected reading replaces the one it corrects), and the readings of history entries whose trip has no logbook
 * entry (a trip under way: its check-in; older data). A trip's check-in and check-out readings are superseded by
 * its logbook entry, so a correction counts for the next check-in.
 */
export const findLetzterKilometerstand = async (tx: Tx, fahrzeugId: string): Promise<number | null> => {
  const spaeter = alias(fahrtenbuchEintrag, 'spaeter');
  const eintrag = alias(fahrtenbuchEintrag, 'eintrag');
  const [historie] = await tx
    .select({ km: max(fahrzeugHistorie.kilometerstand) })
    .from(fahrzeugHistorie)
    .where(
      and(
        eq(fahrzeugHistorie.fahrzeugId, fahrzeugId),
        isNotNull(fahrzeugHistorie.kilometerstand),
        or(
          isNull(fahrzeugHistorie.fahrzeugBuchungId),
          notExists(
            tx
              .select({ x: sql`1` })
              .from(eintrag)
              .where(eq(eintrag.fahrzeugBuchungId, fahrzeugHistorie.fahrzeugBuchungId)),
          ),
        ),
      ),
    );
  const [buch] = await tx
    .select({ km: max(fahrtenbuchEintrag.kmEnde) })
    .from(fahrtenbuchEintrag)
    .where(
      and(
        eq(fahrtenbuchEintrag.fahrzeugId, fahrzeugId),
        notExists(
          tx.select({ x: sql`1` }).from(spaeter).where(eq(spaeter.korrigiertId, fahrtenbuchEintrag.id)),
        ),
      ),
    );
  const werte = [historie?.km, buch?.km].filter((v): v is number => typeof v === 'number');
  return werte.length === 0 ? null : Math.max(...werte);
};

export type HistorieNeu = {
  mandantId: string;
  fahrzeugId: string;
  fahrzeugBuchungId: string;
  typ: 'CHECK_IN' | 'CHECK_OUT';
  zeitpunkt: Date;
  kilometerstand: number;
  tankfuellung: number;
  sauberkeitAussen: string;
  sauberkeitInnen: string;
  abstellplatz: string | null;
  schaeden: Schaden[];
  benutzerId: string;
};

export const insertHistorie = async (
  tx: Tx,
  row: HistorieNeu & { beschreibung?: string },
): Promise<string> => {
  const [inserted] = await tx
    .insert(fahrzeugHistorie)
    .values({ ...row, status: row.typ === 'CHECK_IN' ? 'aktiv' : 'durchgeführt' })
    .returning({ id: fahrzeugHistorie.id });
  return inserted!.id;
};

/** A missing check-out recorded at the next trip's check-in (decision 063): no readings, a note. */
export const insertNachgetragenerCheckOut = async (
  tx: Tx,
  row: {
    mandantId: string;
    fahrzeugId: string;
    fahrzeugBuchungId: string;
    zeitpunkt: Date;
    benutzerId: string;
  },
): Promise<void> => {
  await tx.insert(fahrzeugHistorie).values({
    ...row,
    typ: 'CHECK_OUT',
    status: 'durchgeführt',
    beschreibung: 'Check-out beim Check-in der Folgebuchung nachgetragen',
  });
};

export const insertBelege = async (
  tx: Tx,
  { mandantId, historieId, dateiIds }: { mandantId: string; historieId: string; dateiIds: readonly string[] },
): Promise<void> => {
  if (dateiIds.length === 0) return;
  await tx
    .insert(fahrzeugHistorieBeleg)
    .values(dateiIds.map((dateiId, position) => ({ mandantId, historieId, dateiId, position })));
};

/** The receipts of history entries, in the order they were uploaded: history id → file ids (R158). */
export const findBelegeVon = async (
  tx: Tx,
  historieIds: readonly string[],
): Promise<Map<string, string[]>> => {
  const result = new Map<string, string[]>();
  if (historieIds.length === 0) return result;
  const rows = await tx
    .select({ historieId: fahrzeugHistorieBeleg.historieId, dateiId: fahrzeugHistorieBeleg.dateiId })
    .from(fahrzeugHistorieBeleg)
    .where(inArray(fahrzeugHistorieBeleg.historieId, [...historieIds]))
    .orderBy(fahrzeugHistorieBeleg.historieId, fahrzeugHistorieBeleg.position);
  for (const r of rows) result.set(r.historieId, [...(result.get(r.historieId) ?? []), r.dateiId]);
  return result;
};

/** The receipts of trips (their check-in and check-out history entries): booking id → file ids (R158). */
export const findBelegeZuBuchungen = async (
  tx: Tx,
  buchungIds: readonly string[],
): Promise<Map<string, string[]>> => {
  const result = new Map<string, string[]>();
  if (buchungIds.length === 0) return result;
  const rows = await tx
    .select({ buchungId: fahrzeugHistorie.fahrzeugBuchungId, dateiId: fahrzeugHistorieBeleg.dateiId })
    .from(fahrzeugHistorieBeleg)
    .innerJoin(
      fahrzeugHistorie,
      and(
        eq(fahrzeugHistorie.mandantId, fahrzeugHistorieBeleg.mandantId),
        eq(fahrzeugHistorie.id, fahrzeugHistorieBeleg.historieId),
      ),
    )
    .where(inArray(fahrzeugHistorie.fahrzeugBuchungId, [...buchungIds]))
    .orderBy(fahrzeugHistorie.zeitpunkt, fahrzeugHistorieBeleg.position);
  for (const r of rows)
    if (r.buchungId) result.set(r.buchungId, [...(result.get(r.buchungId) ?? []), r.dateiId]);
  return result;
};

export type SchadenNeu = typeof fahrzeugSchaden.$inferInsert;

export const insertSchaeden = async (tx: Tx, rows: readonly SchadenNeu[]): Promise<void> => {
  if (rows.length === 0) return;
  await tx.insert(fahrzeugSchaden).values([...rows]);
};

/** The vehicle's open damages, newest first, with who reported them. */
export const findOffeneSchaeden = async (tx: Tx, fahrzeugId: string) =>
  tx
    .select({
      id: fahrzeugSchaden.id,
      ort: fahrzeugSchaden.ort,
      beschreibung: fahrzeugSchaden.beschreibung,
      sicherheitsrelevant: fahrzeugSchaden.sicherheitsrelevant,
      fotoId: fahrzeugSchaden.fotoId,
      gemeldetAm: fahrzeugSchaden.gemeldetAm,
      vorname: benutzer.vorname,
      nachname: benutzer.nachname,
    })
    .from(fahrzeugSchaden)
    .leftJoin(benutzer, eq(benutzer.id, fahrzeugSchaden.gemeldetVonId))
    .where(and(eq(fahrzeugSchaden.fahrzeugId, fahrzeugId), isNull(fahrzeugSchaden.behobenAm)))
    .orderBy(desc(fahrzeugSchaden.gemeldetAm))
    .limit(500);

/**
 * Marks a damage of the vehicle repaired (`behobenAm`, kept when already set); false when the vehicle has no
 * such damage.
 */
export const markSchadenBehoben = async (
  tx: Tx,
  { fahrzeugId, schadenId, now }: { fahrzeugId: string; schadenId: string; now: Date },
): Promise<{ beschreibung: string; behobenAm: Date } | undefined> => {
  const [row] = await tx
    .update(fahrzeugSchaden)
    .set({ behobenAm: sql`coalesce(${fahrzeugSchaden.behobenAm}, ${now.toISOString()}::timestamptz)` })
    .where(and(eq(fahrzeugSchaden.id, schadenId), eq(fahrzeugSchaden.fahrzeugId, fahrzeugId)))
    .returning({ beschreibung: fahrzeugSchaden.beschreibung, behobenAm: fahrzeugSchaden.behobenAm });
  return row?.behobenAm ? { beschreibung: row.beschreibung, behobenAm: row.behobenAm } : undefined;
};

/**
 * The other trips of the vehicle checked in and not checked out (decision 063): a CHECK_IN entry without a
 * CHECK_OUT entry of the same booking.
 */
export const findOffeneFahrten = async (
  tx: Tx,
  { fahrzeugId, ausser }: { fahrzeugId: string; ausser: string },
): Promise<string[]> => {
  const checkOut = alias(fahrzeugHistorie, 'check_out');
  const rows = await tx
    .selectDistinct({ id: fahrzeugHistorie.fahrzeugBuchungId })
    .from(fahrzeugHistorie)
    .where(
      and(
        eq(fahrzeugHistorie.fahrzeugId, fahrzeugId),
        eq(fahrzeugHistorie.typ, 'CHECK_IN'),
        isNotNull(fahrzeugHistorie.fahrzeugBuchungId),
        ne(fahrzeugHistorie.fahrzeugBuchungId, ausser),
        notExists(
          tx
            .select({ x: sql`1` })
            .from(checkOut)
            .where(
              and(
                eq(checkOut.fahrzeugBuchungId, fahrzeugHistorie.fahrzeugBuchungId),
                eq(checkOut.typ, 'CHECK_OUT'),
              ),
            ),
        ),
      ),
    );
  return rows.flatMap((r) => (r.id ? [r.id] : []));
};

/** The parking spots of a location, in their order. */
export const findAbstellplaetze = async (tx: Tx, standortId: string): Promise<string[]> =>
  (
    await tx
      .select({ name: abstellplatz.name })
      .from(abstellplatz)
      .where(eq(abstellplatz.standortId, standortId))
      .orderBy(asc(abstellplatz.sortierung), asc(abstellplatz.name))
  ).map((r) => r.name);

/** The check-in entry of a booking (its start time and reading). */
export const findCheckIn = async (
  tx: Tx,
  buchungId: string,
): Promise<{ zeitpunkt: Date; kilometerstand: number | null } | undefined> => {
  const [row] = await tx
    .select({ zeitpunkt: fahrzeugHistorie.zeitpunkt, kilometerstand: fahrzeugHistorie.kilometerstand })
    .from(fahrzeugHistorie)
    .where(and(eq(fahrzeugHistorie.fahrzeugBuchungId, buchungId), eq(fahrzeugHistorie.typ, 'CHECK_IN')))
    .orderBy(asc(fahrzeugHistorie.zeitpunkt))
    .limit(1);
  return row;
};

export type EintragRow = FahrtenbuchEintrag & { laufnummer: number };

const eintragColumns = {
  id: fahrtenbuchEintrag.id,
  laufnummer: fahrtenbuchEintrag.laufnummer,
  fahrzeugId: fahrtenbuchEintrag.fahrzeugId,
  kennzeichen: fahrtenbuchEintrag.kennzeichen,
  fahrzeugBuchungId: fahrtenbuchEintrag.fahrzeugBuchungId,
  quelle: fahrtenbuchEintrag.quelle,
  korrigiertId: fahrtenbuchEintrag.korrigiertId,
  grund: fahrtenbuchEintrag.grund,
  art: fahrtenbuchEintrag.art,
  beginn: fahrtenbuchEintrag.beginn,
  ende: fahrtenbuchEintrag.ende,
  kmBeginn: fahrtenbuchEintrag.kmBeginn,
  kmEnde: fahrtenbuchEintrag.kmEnde,
  fahrerId: fahrtenbuchEintrag.fahrerId,
  fahrerName: fahrtenbuchEintrag.fahrerName,
  ziel: fahrtenbuchEintrag.ziel,
  zweck: fahrtenbuchEintrag.zweck,
  partner: fahrtenbuchEintrag.partner,
  umweg: fahrtenbuchEintrag.umweg,
  notiz: fahrtenbuchEintrag.notiz,
  erfasstAm: fahrtenbuchEintrag.erfasstAm,
  erfasstVonId: fahrtenbuchEintrag.erfasstVonId,
  erfasstVonName: fahrtenbuchEintrag.erfasstVonName,
  hashVorher: fahrtenbuchEintrag.hashVorher,
  hash: fahrtenbuchEintrag.hash,
};

type RawEintrag = Omit<EintragRow, 'quelle' | 'art'> & { quelle: string; art: string };
const toEintrag = (r: RawEintrag): EintragRow => ({
  ...r,
  quelle: r.quelle === 'hand' ? 'hand' : 'fahrt',
  art: r.art as FahrtArt,
});

/** Every version of a vehicle's logbook in recording order (the chain's order). */
export const findEintraege = async (tx: Tx, fahrzeugId: string): Promise<EintragRow[]> =>
  (
    await tx
      .select(eintragColumns)
      .from(fahrtenbuchEintrag)
      .where(eq(fahrtenbuchEintrag.fahrzeugId, fahrzeugId))
      .orderBy(asc(fahrtenbuchEintrag.laufnummer))
  ).map(toEintrag);

export const findEintrag = async (tx: Tx, id: string): Promise<EintragRow | undefined> => {
  const [row] = await tx.select(eintragColumns).from(fahrtenbuchEintrag).where(eq(fahrtenbuchEintrag.id, id));
  return row ? toEintrag(row) : undefined;
};

/** Whether a later version already replaces the entry. */
export const isKorrigiert = async (tx: Tx, id: string): Promise<boolean> => {
  const [row] = await tx
    .select({ id: fahrtenbuchEintrag.id })
    .from(fahrtenbuchEintrag)
    .where(eq(fahrtenbuchEintrag.korrigiertId, id))
    .limit(1);
  return row !== undefined;
};

/** The last link of a vehicle's chain (call with the vehicle row locked). */
export const findKettenEnde = async (
  tx: Tx,
  fahrzeugId: string,
): Promise<{ laufnummer: number; hash: string } | undefined> => {
  const [row] = await tx
    .select({ laufnummer: fahrtenbuchEintrag.laufnummer, hash: fahrtenbuchEintrag.hash })
    .from(fahrtenbuchEintrag)
    .where(eq(fahrtenbuchEintrag.fahrzeugId, fahrzeugId))
    .orderBy(desc(fahrtenbuchEintrag.laufnummer))
    .limit(1);
  return row;
};

export const insertEintrag = async (
  tx: Tx,
  row: FahrtenbuchEintrag & { mandantId: string; laufnummer: number },
): Promise<void> => {
  await tx.insert(fahrtenbuchEintrag).values(row);
};

/** The booking's vehicle and people, for the check-in dialog's preparation. */
export const findBuchungenByIdsFuerFahrt = (tx: Tx, ids: readonly string[]) =>
  tx
    .select({
      id: fahrzeugBuchung.id,
      fahrzeugId: fahrzeugBuchung.fahrzeugId,
      benutzerId: fahrzeugBuchung.benutzerId,
      fahrerId: fahrzeugBuchung.fahrerId,
    })
    .from(fahrzeugBuchung)
    .where(inArray(fahrzeugBuchung.id, [...ids]));

/** Location and fuel of a vehicle. */
export const findFahrzeugStand = async (tx: Tx, id: string) => {
  const [row] = await tx
    .select({ standortId: fahrzeug.standortId, kraftstoff: fahrzeug.kraftstoff })
    .from(fahrzeug)
    .where(eq(fahrzeug.id, id));
  return row;
};

/** E-mail addresses of the users `ids` (the fleet managers a trip's report goes to). */
export const findPersonNamenMitMail = async (tx: Tx, ids: readonly string[]) =>
  ids.length === 0
    ? []
    : tx
        .select({ id: benutzer.id, email: benutzer.email })
        .from(benutzer)
        .where(inArray(benutzer.id, [...ids]));
export type HistorieRow = {
  id: string;
  typ: string;
  zeitpunkt: Date;
  beschreibung: string | null;
  status: string | null;
  fahrzeugBuchungId: string | null;
  kilometerstand: number | null;
  tankfuellung: number | null;
  sauberkeitAussen: string | null;
  sauberkeitInnen: string | null;
  abstellplatz: string | null;
  schaeden: Schaden[];
  benutzerId: string | null;
};

/** A vehicle's history entries before `vor` (all when null), newest first, at most `anzahl`. */
export const findHistorie = (
  tx: Tx,
  {
    fahrzeugId,
    typ,
    vor,
    anzahl,
  }: { fahrzeugId: string; typ: string | null; vor: Date | null; anzahl: number },
): Promise<HistorieRow[]> =>
  tx
    .select({
      id: fahrzeugHistorie.id,
      typ: fahrzeugHistorie.typ,
      zeitpunkt: fahrzeugHistorie.zeitpunkt,
      beschreibung: fahrzeugHistorie.beschreibung,
      status: fahrzeugHistorie.status,
      fahrzeugBuchungId: fahrzeugHistorie.fahrzeugBuchungId,
      kilometerstand: fahrzeugHistorie.kilometerstand,
      tankfuellung: fahrzeugHistorie.tankfuellung,
      sauberkeitAussen: fahrzeugHistorie.sauberkeitAussen,
      sauberkeitInnen: fahrzeugHistorie.sauberkeitInnen,
      abstellplatz: fahrzeugHistorie.abstellplatz,
      schaeden: fahrzeugHistorie.schaeden,
      benutzerId: fahrzeugHistorie.benutzerId,
    })
    .from(fahrzeugHistorie)
    .where(
      and(
        eq(fahrzeugHistorie.fahrzeugId, fahrzeugId),
        typ ? eq(fahrzeugHistorie.typ, typ) : undefined,
        vor ? lt(fahrzeugHistorie.zeitpunkt, vor) : undefined,
      ),
    )
    .orderBy(desc(fahrzeugHistorie.zeitpunkt), desc(fahrzeugHistorie.id))
    .limit(anzahl);

/** Which versions an export reads: a vehicle's trips that began in [von, bis), recorded up to `bisLaufnummer`. */
export type ExportAuswahl = { fahrzeugId: string; von: Date; bis: Date; bisLaufnummer: number };

const exportFilter = ({ fahrzeugId, von, bis, bisLaufnummer }: ExportAuswahl) =>
  and(
    eq(fahrtenbuchEintrag.fahrzeugId, fahrzeugId),
    gte(fahrtenbuchEintrag.beginn, von),
    lt(fahrtenbuchEintrag.beginn, bis),
    lte(fahrtenbuchEintrag.laufnummer, bisLaufnummer),
  );

/** How many versions an export prints (the PDF's page count is known before its first page). */
export const countExportFassungen = async (tx: Tx, auswahl: ExportAuswahl): Promise<number> => {
  const [row] = await tx.select({ n: count() }).from(fahrtenbuchEintrag).where(exportFilter(auswahl));
  return Number(row?.n ?? 0);
};

/**
 * One keyset page of an export: the versions after `nach` in (beginn, laufnummer) order. Every version of an
 * entry has its trip's `beginn`, so an entry's versions come together.
 */
export const findExportSeite = async (
  tx: Tx,
  auswahl: ExportAuswahl,
  nach: { beginn: Date; laufnummer: number } | null,
  anzahl: number,
): Promise<EintragRow[]> =>
  (
    await tx
      .select(eintragColumns)
      .from(fahrtenbuchEintrag)
      .where(
        and(
          exportFilter(auswahl),
          nach
            ? or(
                gt(fahrtenbuchEintrag.beginn, nach.beginn),
                and(
                  eq(fahrtenbuchEintrag.beginn, nach.beginn),
                  gt(fahrtenbuchEintrag.laufnummer, nach.laufnummer),
                ),
              )
            : undefined,
        ),
      )
      .orderBy(asc(fahrtenbuchEintrag.beginn), asc(fahrtenbuchEintrag.laufnummer))
      .limit(anzahl)
  ).map(toEintrag);

/** The tenant's name (the export's header). */
export const findMandantName = async (tx: Tx, mandantId: string): Promise<string> => {
  const [row] = await tx.select({ name: mandant.name }).from(mandant).where(eq(mandant.id, mandantId));
  return row?.name ?? '';
};

export type AnkerRow = {
  bisLaufnummer: number;
  hash: string;
  bisEnde: Date;
  anzahl: number;
  geloeschtAm: Date;
};

/**
 * Where the vehicle's chain starts after the retention purge (decision 081): the newest anchor's hash and
 * `laufnummer`, with the latest trip end and the number of versions deleted by all runs; undefined when none.
 */
export const findAnker = async (tx: Tx, fahrzeugId: string): Promise<AnkerRow | undefined> => {
  const [neuester] = await tx
    .select({
      bisLaufnummer: fahrtenbuchAnker.bisLaufnummer,
      hash: fahrtenbuchAnker.hash,
      geloeschtAm: fahrtenbuchAnker.geloeschtAm,
    })
    .from(fahrtenbuchAnker)
    .where(eq(fahrtenbuchAnker.fahrzeugId, fahrzeugId))
    .orderBy(desc(fahrtenbuchAnker.bisLaufnummer))
    .limit(1);
  if (!neuester) return undefined;
  const [summe] = await tx
    .select({ anzahl: sql<string>`sum(${fahrtenbuchAnker.anzahl})`, bisEnde: max(fahrtenbuchAnker.bisEnde) })
    .from(fahrtenbuchAnker)
    .where(eq(fahrtenbuchAnker.fahrzeugId, fahrzeugId));
  return {
    ...neuester,
    anzahl: Number(summe?.anzahl ?? 0),
    bisEnde: summe?.bisEnde ?? neuester.geloeschtAm,
  };
};

/**
 * One page of a vehicle's chain for the check (decision 091): the versions after `nachLaufnummer` in recording
 * order, each with the head the database recorded when it was stored (null when none was).
 */
export const findKettenSeite = async (
  tx: Tx,
  { fahrzeugId, nachLaufnummer, anzahl }: { fahrzeugId: string; nachLaufnummer: number; anzahl: number },
): Promise<Array<EintragRow & { kopfHash: string | null }>> =>
  (
    await tx
      .select({ ...eintragColumns, kopfHash: fahrtenbuchKopf.hash })
      .from(fahrtenbuchEintrag)
      .leftJoin(
        fahrtenbuchKopf,
        and(
          eq(fahrtenbuchKopf.mandantId, fahrtenbuchEintrag.mandantId),
          eq(fahrtenbuchKopf.fahrzeugId, fahrtenbuchEintrag.fahrzeugId),
          eq(fahrtenbuchKopf.laufnummer, fahrtenbuchEintrag.laufnummer),
        ),
      )
      .where(
        and(eq(fahrtenbuchEintrag.fahrzeugId, fahrzeugId), gt(fahrtenbuchEintrag.laufnummer, nachLaufnummer)),
      )
      .orderBy(asc(fahrtenbuchEintrag.laufnummer))
      .limit(anzahl)
  ).map((r) => ({ ...toEintrag(r), kopfHash: r.kopfHash }));

/** The newest head the database recorded for the vehicle's chain (decision 091), undefined before any entry. */
export const findKettenKopf = async (
  tx: Tx,
  fahrzeugId: string,
): Promise<{ laufnummer: number; hash: string } | undefined> => {
  const [row] = await tx
    .select({ laufnummer: fahrtenbuchKopf.laufnummer, hash: fahrtenbuchKopf.hash })
    .from(fahrtenbuchKopf)
    .where(eq(fahrtenbuchKopf.fahrzeugId, fahrzeugId))
    .orderBy(desc(fahrtenbuchKopf.laufnummer))
    .limit(1);
  return row;
};

/** The head recorded for one number of the vehicle's chain (the purge's anchor is compared with it). */
export const findKopfHash = async (
  tx: Tx,
  fahrzeugId: string,
  laufnummer: number,
): Promise<string | null> => {
  const [row] = await tx
    .select({ hash: fahrtenbuchKopf.hash })
    .from(fahrtenbuchKopf)
    .where(and(eq(fahrtenbuchKopf.fahrzeugId, fahrzeugId), eq(fahrtenbuchKopf.laufnummer, laufnummer)));
  return row?.hash ?? null;
};

/**
 * The history entry of a block (spec §3): WARTUNG and SERVICE by their type, a DEFEKT as a
 * STATUSAENDERUNG (the vehicle is out of service), lifting a block as a STATUSAENDERUNG.
 */
export const insertSperrHistorie = async (
  tx: Tx,
  values: {
    mandantId: string;
    fahrzeugId: string;
    fahrzeugBuchungId: string;
    typ: 'WARTUNG' | 'SERVICE' | 'STATUSAENDERUNG';
    status: string;
    beschreibung: string;
    benutzerId: string;
    zeitpunkt: Date;
  },
): Promise<void> => {
  await tx.insert(fahrzeugHistorie).values(values);
};

/**
 * A history entry of the vehicle itself (spec §3): ERSTELLUNG when it is created, DEAKTIVIERUNG when it is
 * deactivated, STATUSAENDERUNG when it is active again.
 */
export const insertFahrzeugHistorie = async (
  tx: Tx,
  values: {
    mandantId: string;
    fahrzeugId: string;
    typ: 'ERSTELLUNG' | 'STATUSAENDERUNG' | 'DEAKTIVIERUNG';
    beschreibung: string;
    benutzerId: string;
    zeitpunkt: Date;
  },
): Promise<void> => {
  await tx.insert(fahrzeugHistorie).values(values);
};

/** The ERSTELLUNG entry of a vehicle that is deleted (only a vehicle whose history is that entry is, decision 068). */
export const deleteErstellungsHistorie = async (tx: Tx, fahrzeugId: string): Promise<void> => {
  await tx
    .delete(fahrzeugHistorie)
    .where(and(eq(fahrzeugHistorie.fahrzeugId, fahrzeugId), eq(fahrzeugHistorie.typ, 'ERSTELLUNG')));
};
