import {
  type FahrtStand,
  fahrtStandAus,
  type HistorieEintrag,
} from '@stellwerk/domain/fahrzeug-buchung/machine';
import { DEFAULT_FEATURE_SWITCHES } from '@stellwerk/domain/features';
import type { BuchungStatus, FahrzeugBuchungTyp } from '@stellwerk/domain/status';
import { parseHistorieTyp, parseStatus, parseTyp } from '@stellwerk/domain/status';
import { and, asc, eq, gt, gte, inArray, lt, lte, ne, or, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Tx } from '../../../db/client.ts';
import { inUuids } from '../../../db/columns.ts';
import { benutzer } from '../../identitaet/benutzer/benutzer.table.ts';
import { feature, mandantFeature } from '../../verwaltung/customizing/customizing.table.ts';
import { FAHRZEUG_SPALTEN, fahrzeug } from '../fahrzeug/fahrzeug.table.ts';
import { fahrzeugBuchung, fahrzeugBuchungMitfahrer } from './fahrzeug-buchung.table.ts';
import { fahrzeugHistorie } from '../fahrzeug/fahrzeug-historie.table.ts';
import { sonderfreigabe } from '../sonderfreigabe/sonderfreigabe.table.ts';
import { fuehrerschein } from '../fuehrerschein/fuehrerschein.table.ts';
import {
  oeffnungszeit,
  type WochenRow,
  wochenSpalten,
} from '../../leseraum/oeffnungszeit/oeffnungszeit.table.ts';
import { standort } from '../../verwaltung/standort/standort.table.ts';

// --- vehicles -------------------------------------------------------------------------------------------

const fahrzeugColumns = { ...FAHRZEUG_SPALTEN, standortName: standort.name };

export type FahrzeugRow = {
  id: string;
  deaktiviert: boolean;
  gueltigVon: string | null;
  gueltigBis: string | null;
  standortId: string;
  standortName: string;
  kategorie: string | null;
  marke: string;
  modell: string;
  kennzeichen: string;
  kraftstoff: string | null;
  leistung: number | null;
  getriebe: string | null;
  kofferraum: number | null;
  sitze: number | null;
  tueren: number | null;
  farbe: string | null;
  fuehrerscheinklasse: string;
  klimaanlage: boolean;
  navigation: boolean;
  tempomat: boolean;
  sitzheizung: boolean;
  bildId: string | null;
  buchungszeitraumVon: string | null;
  buchungszeitraumBis: string | null;
  buchungszeitraumWochentage: number[] | null;
  buchungAusserhalbMoeglich: boolean;
  fahrzeugOeffnungszeitId: string | null;
  /** next HU and UVV inspection days (decision 068) */
  huFaelligAm: string | null;
  uvvFaelligAm: string | null;
};

export const findFahrzeug = async (tx: Tx, id: string): Promise<FahrzeugRow | undefined> => {
  const rows = await tx
    .select(fahrzeugColumns)
    .from(fahrzeug)
    .innerJoin(standort, eq(standort.id, fahrzeug.standortId))
    .where(eq(fahrzeug.id, id))
    .limit(1);
  return rows[0];
};

/** The locations with active vehicles, by name (the timeline's location choice, decision 047). */
export const findStandorteMitFahrzeugen = async (tx: Tx): Promise<{ id: string; name: string }[]> =>
  tx
    .selectDistinct({ id: standort.id, name: standort.name })
    .from(standort)
    .innerJoin(fahrzeug, and(eq(fahrzeug.standortId, standort.id), eq(fahrzeug.deaktiviert, false)))
    .orderBy(asc(standort.name), asc(standort.id));

/** Whether the location exists in the tenant (another tenant's id is not visible: row-level security). */
export const standortExistiert = async (tx: Tx, id: string): Promise<boolean> =>
  (await tx.select({ id: standort.id }).from(standort).where(eq(standort.id, id)).limit(1)).length > 0;

/**
 * Locks the vehicle row (SELECT … FOR UPDATE) for the rest of the transaction: bookings of one vehicle are
 * checked and written one after another, so the rules see every booking committed before.
 */
export const lockFahrzeug = async (tx: Tx, id: string): Promise<FahrzeugRow | undefined> => {
  const rows = await tx
    .select(fahrzeugColumns)
    .from(fahrzeug)
    .innerJoin(standort, eq(standort.id, fahrzeug.standortId))
    .where(eq(fahrzeug.id, id))
    .for('update', { of: fahrzeug });
  return rows[0];
};

/** One weekday row of a vehicle's opening-time set. */
export type FensterZeile = WochenRow;

/** The weekday rows of a vehicle's opening-time set (`fahrzeug_oeffnungszeit` → `oeffnungszeit`); none without one. */
export const findFensterZeilen = async (
  tx: Tx,
  fahrzeugOeffnungszeitId: string | null,
): Promise<FensterZeile[]> =>
  fahrzeugOeffnungszeitId
    ? tx
        .select(wochenSpalten)
        .from(oeffnungszeit)
        .where(eq(oeffnungszeit.fahrzeugOeffnungszeitId, fahrzeugOeffnungszeitId))
    : [];

// --- occupancy ------------------------------------------------------------------------------------------

export type BelegungRow = {
  id: string;
  fahrzeugId: string;
  von: Date;
  bis: Date;
  status: BuchungStatus;
  typ: FahrzeugBuchungTyp;
  benutzerId: string;
  fahrerId: string | null;
};

/** A booking longer than a day: found through the partial index `fahrzeug_buchung_lang_idx` (decision 080). */
const LANGE_BELEGUNG_MS = 24 * 60 * 60 * 1000;
const LANGE_BELEGUNG = sql`${fahrzeugBuchung.bis} - ${fahrzeugBuchung.von} > interval '1 day'`;

/**
 * Non-cancelled bookings and blocks of the vehicles overlapping [from, to) (`to` null: open end), plus trips still marked aktiv
 * that began before `to` (a trip on the road past its end occupies until now, decision 040).
 */
export const findBelegungen = async (
  tx: Tx,
  abfrage: { fahrzeugIds: readonly string[]; from: Date; to: Date | null },
): Promise<BelegungRow[]> =>
  (await belegungenAbfrage(tx, abfrage, false)).map(({ fahrtEintraege: _f, ...row }): BelegungRow => row);

/**
 * `findBelegungen` with each booking's trip state (decision 040): its CHECK_IN and CHECK_OUT history entries come in
 * the same statement, one round trip instead of a second statement with every booking id (decision 084), and the
 * domain's `fahrtStandAus` decides the state from them, as everywhere else.
 */
export const findBelegungenMitFahrt = async (
  tx: Tx,
  abfrage: { fahrzeugIds: readonly string[]; from: Date; to: Date | null },
): Promise<(BelegungRow & { fahrt: FahrtStand })[]> =>
  (await belegungenAbfrage(tx, abfrage, true)).map(({ fahrtEintraege, ...row }) => ({
    ...row,
    fahrt: fahrtStandAus({
      buchungId: row.id,
      historie: (fahrtEintraege ?? []).map((e) => ({
        typ: parseHistorieTyp(e.typ),
        fahrzeugBuchungId: row.id,
        zeitpunkt: new Date(e.zeitpunkt),
      })),
    }),
  }));

type FahrtEintragJson = { typ: string; zeitpunkt: string };

/**
 * The booking row's CHECK_IN and CHECK_OUT entries as JSON (through `(mandant_id, fahrzeug_buchung_id)`). Written
 * with qualified names: drizzle renders the select list of a one-table query without the table's name, so
 * `${fahrzeugBuchung.id}` here became a bare "id", which inside the subquery named the history row's own id and
 * matched nothing; every trip then read as not checked in, and an overdue trip stopped blocking at its end
 * (decision 109).
 */
const fahrtEintraegeSpalte = sql<FahrtEintragJson[] | null>`(select json_agg(json_build_object(
    'typ', h.typ, 'zeitpunkt', h.zeitpunkt))
  from ${fahrzeugHistorie} h
  where h.fahrzeug_buchung_id = ${sql.raw('"fahrzeug_buchung"."id"')}
    and h.typ in ('CHECK_IN', 'CHECK_OUT'))`;
const keineFahrtEintraege = sql<FahrtEintragJson[] | null>`null::json`;

const belegungenAbfrage = async (
  tx: Tx,
  { fahrzeugIds, from, to }: { fahrzeugIds: readonly string[]; from: Date; to: Date | null },
  mitFahrt: boolean,
) => {
  const columns = {
    id: fahrzeugBuchung.id,
    fahrzeugId: fahrzeugBuchung.fahrzeugId,
    von: fahrzeugBuchung.von,
    bis: fahrzeugBuchung.bis,
    status: fahrzeugBuchung.status,
    typ: fahrzeugBuchung.typ,
    benutzerId: fahrzeugBuchung.benutzerId,
    fahrerId: fahrzeugBuchung.fahrerId,
    fahrtEintraege: mitFahrt ? fahrtEintraegeSpalte : keineFahrtEintraege,
  };
  if (fahrzeugIds.length === 0) return [];
  // the ids as one array parameter, not one parameter each (decision 084)
  const ids = inUuids(fahrzeugBuchung.fahrzeugId, fahrzeugIds);
  // Overlap of [von, bis) with [from, to), written with comparisons of timestamps: under row-level security
  // only leakproof conditions can be index conditions, and `&&` on ranges is not (decision 080). A booking of at
  // most a day starts at most a day before `from` (index on (mandant_id, von)); longer ones come from their
  // own partial index by their end. An end before the start (a refused period) overlaps nothing. The three
  // parts go to the database as one statement (`union all`): one round trip.
  const ueberlappt = and(
    ids,
    ne(fahrzeugBuchung.status, 'storniert'),
    gt(fahrzeugBuchung.bis, from),
    to ? lt(fahrzeugBuchung.von, to) : undefined,
  );
  const leer = to !== null && to.getTime() <= from.getTime();
  const unterwegs = tx
    .select(columns)
    .from(fahrzeugBuchung)
    .where(and(ids, eq(fahrzeugBuchung.status, 'aktiv'), to ? lt(fahrzeugBuchung.von, to) : undefined));
  const rows = leer
    ? await unterwegs
    : await tx
        .select(columns)
        .from(fahrzeugBuchung)
        .where(and(ueberlappt, gte(fahrzeugBuchung.von, new Date(from.getTime() - LANGE_BELEGUNG_MS))))
        .unionAll(tx.select(columns).from(fahrzeugBuchung).where(and(ueberlappt, LANGE_BELEGUNG)))
        .unionAll(unterwegs);
  const seen = new Set<string>();
  return rows
    .filter((r) => !seen.has(r.id) && seen.add(r.id))
    .sort((a, b) => a.von.getTime() - b.von.getTime())
    .map((r) => ({ ...r, status: parseStatus(r.status), typ: parseTyp(r.typ) }));
};

/**
 * The trips (type BUCHUNG, not cancelled) a person drives (named driver, or booker without one) on any vehicle
 * around `[from, to)`, with the plate and the trip state, for "one driver, one car at a time" (decision 134). Trips
 * that started up to a week before `from` come along, so an overdue trip still on the road is seen.
 */
export const findFahrerBelegungen = async (
  tx: Tx,
  { fahrerId, from, to }: { fahrerId: string; from: Date; to: Date },
) => {
  const rows = await tx
    .select({
      id: fahrzeugBuchung.id,
      von: fahrzeugBuchung.von,
      bis: fahrzeugBuchung.bis,
      status: fahrzeugBuchung.status,
      typ: fahrzeugBuchung.typ,
      kennzeichen: fahrzeug.kennzeichen,
      fahrtEintraege: fahrtEintraegeSpalte,
    })
    .from(fahrzeugBuchung)
    .innerJoin(fahrzeug, eq(fahrzeug.id, fahrzeugBuchung.fahrzeugId))
    .where(
      and(
        or(
          eq(fahrzeugBuchung.fahrerId, fahrerId),
          and(sql`${fahrzeugBuchung.fahrerId} is null`, eq(fahrzeugBuchung.benutzerId, fahrerId)),
        ),
        eq(fahrzeugBuchung.typ, 'BUCHUNG'),
        ne(fahrzeugBuchung.status, 'storniert'),
        lt(fahrzeugBuchung.von, to),
        gt(fahrzeugBuchung.bis, new Date(from.getTime() - 7 * 24 * 3_600_000)),
      ),
    );
  return rows.map(({ fahrtEintraege, ...row }) => ({
    ...row,
    status: parseStatus(row.status),
    typ: parseTyp(row.typ),
    fahrt: fahrtStandAus({
      buchungId: row.id,
      historie: (fahrtEintraege ?? []).map((e) => ({
        typ: parseHistorieTyp(e.typ),
        fahrzeugBuchungId: row.id,
        zeitpunkt: new Date(e.zeitpunkt),
      })),
    }),
  }));
};

/** Serialises the bookings of one driver (decision 134): two parallel bookings of two cars cannot both pass. */
export const lockFahrer = async (tx: Tx, fahrerId: string): Promise<void> => {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`fahrer:${fahrerId}`}))`);
};

// --- the lists' vehicles ---------------------------------------------------------------------------------

export type FahrzeugMitFensterRow = FahrzeugRow & {
  /** the weekday rows of its opening-time set (empty without one, and when not asked for) */
  fensterZeilen: FensterZeile[];
};

/** The vehicle columns as the lists' statement selects them, each named as `FahrzeugRow` names it (rendered once). */
const FAHRZEUG_AUSWAHL = sql.raw(
  new PgDialect().sqlToQuery(
    sql.join(
      Object.entries(fahrzeugColumns).map(([name, spalte]) => sql`${spalte} as ${sql.identifier(name)}`),
      sql`, `,
    ),
  ).sql,
);

/**
 * The lists' vehicles (decision 086): the tenant's active vehicles (optionally of one location) by make, model and
 * plate, each with the weekday rows of its opening-time set when `mitFenster`, and the tenant's FahrzeugBuchung switch
 * (its stored value or the default), in one statement: the switch rides along once, as an init plan, and is `null`
 * without a vehicle to carry it. The driver's rows are the vehicles' rows as they are: the columns carry
 * `FahrzeugRow`'s names, no field of 200 rows is mapped.
 */
export const findFahrzeugeMitFenster = async (
  tx: Tx,
  { standortId, mitFenster }: { standortId?: string; mitFenster: boolean },
): Promise<{ fahrzeuge: FahrzeugMitFensterRow[]; featureAktiv: boolean | null }> => {
  const fensterZeilen = mitFenster
    ? sql`case when ${fahrzeug.fahrzeugOeffnungszeitId} is null then '[]'::json else (select coalesce(json_agg(
        json_build_object('wochentag', ${oeffnungszeit.wochentag}, 'von', ${oeffnungszeit.von},
          'bis', ${oeffnungszeit.bis}, 'geoeffnet', ${oeffnungszeit.geoeffnet})), '[]'::json)
      from ${oeffnungszeit} where ${oeffnungszeit.fahrzeugOeffnungszeitId} = ${fahrzeug.fahrzeugOeffnungszeitId}) end`
    : sql`'[]'::json`;
  const result = await tx.execute(sql`select ${FAHRZEUG_AUSWAHL}, ${fensterZeilen} as "fensterZeilen",
      coalesce((select ${mandantFeature.aktiv} from ${mandantFeature}
        join ${feature} on ${feature.id} = ${mandantFeature.featureId} where ${feature.name} = 'FahrzeugBuchung'),
        ${DEFAULT_FEATURE_SWITCHES.FahrzeugBuchung}) as "featureAktiv"
    from ${fahrzeug} join ${standort} on ${standort.id} = ${fahrzeug.standortId}
    where not ${fahrzeug.deaktiviert}${standortId ? sql` and ${fahrzeug.standortId} = ${standortId}` : sql``}
    order by ${fahrzeug.marke}, ${fahrzeug.modell}, ${fahrzeug.kennzeichen}`);
  // each row also carries `featureAktiv`; it is read from the first
  const rows = result.rows as (FahrzeugMitFensterRow & { featureAktiv: boolean })[];
  return { fahrzeuge: rows, featureAktiv: rows[0]?.featureAktiv ?? null };
};

/** The CHECK_IN and CHECK_OUT history entries of the bookings (they decide the trip's state, decision 040). */
export const findFahrtEintraege = async (
  tx: Tx,
  buchungIds: readonly string[],
): Promise<HistorieEintrag[]> => {
  if (buchungIds.length === 0) return [];
  const rows = await tx
    .select({
      typ: fahrzeugHistorie.typ,
      fahrzeugBuchungId: fahrzeugHistorie.fahrzeugBuchungId,
      zeitpunkt: fahrzeugHistorie.zeitpunkt,
    })
    .from(fahrzeugHistorie)
    .where(
      and(
        inUuids(fahrzeugHistorie.fahrzeugBuchungId, buchungIds),
        inArray(fahrzeugHistorie.typ, ['CHECK_IN', 'CHECK_OUT']),
      ),
    );
  return rows.map((r) => ({ ...r, typ: parseHistorieTyp(r.typ) }));
};

// --- people ---------------------------------------------------------------------------------------------

export type PersonRow = { id: string; vorname: string; nachname: string; email: string; status: string };

export const findPersonen = async (tx: Tx, ids: readonly string[]): Promise<PersonRow[]> => {
  if (ids.length === 0) return [];
  return tx
    .select({
      id: benutzer.id,
      vorname: benutzer.vorname,
      nachname: benutzer.nachname,
      email: benutzer.email,
      status: benutzer.status,
    })
    .from(benutzer)
    .where(inArray(benutzer.id, [...ids]));
};

/** The next licence check of each user with a licence record. */
export const findNaechstePruefungen = async (
  tx: Tx,
  benutzerIds: readonly string[],
): Promise<{ benutzerId: string; naechstePruefung: string | null }[]> => {
  if (benutzerIds.length === 0) return [];
  return tx
    .select({ benutzerId: fuehrerschein.benutzerId, naechstePruefung: fuehrerschein.naechstePruefung })
    .from(fuehrerschein)
    .where(inArray(fuehrerschein.benutzerId, [...benutzerIds]));
};

export type FuehrerscheinRow = typeof fuehrerschein.$inferSelect;

export const findFuehrerschein = async (
  tx: Tx,
  benutzerId: string,
): Promise<FuehrerscheinRow | undefined> => {
  const rows = await tx.select().from(fuehrerschein).where(eq(fuehrerschein.benutzerId, benutzerId)).limit(1);
  return rows[0];
};

// --- bookings -------------------------------------------------------------------------------------------

export type BuchungKernRow = BelegungRow & {
  anlass: string | null;
  zielAdresse: string | null;
  zielPerson: string | null;
  umweg: string | null;
  informationstext: string | null;
  storniertVon: string | null;
  marke: string;
  modell: string;
  kennzeichen: string;
};

const buchungColumns = {
  id: fahrzeugBuchung.id,
  fahrzeugId: fahrzeugBuchung.fahrzeugId,
  von: fahrzeugBuchung.von,
  bis: fahrzeugBuchung.bis,
  status: fahrzeugBuchung.status,
  typ: fahrzeugBuchung.typ,
  benutzerId: fahrzeugBuchung.benutzerId,
  fahrerId: fahrzeugBuchung.fahrerId,
  anlass: fahrzeugBuchung.anlass,
  zielAdresse: fahrzeugBuchung.zielAdresse,
  zielPerson: fahrzeugBuchung.zielPerson,
  umweg: fahrzeugBuchung.umweg,
  informationstext: fahrzeugBuchung.informationstext,
  storniertVon: fahrzeugBuchung.storniertVon,
  marke: fahrzeug.marke,
  modell: fahrzeug.modell,
  kennzeichen: fahrzeug.kennzeichen,
};

const toKern = (
  r: Omit<BuchungKernRow, 'status' | 'typ'> & { status: string; typ: string },
): BuchungKernRow => ({
  ...r,
  status: parseStatus(r.status),
  typ: parseTyp(r.typ),
});

/** Locks one booking (FOR UPDATE) with its vehicle's key data. */
export const lockBuchung = async (tx: Tx, id: string): Promise<BuchungKernRow | undefined> => {
  const rows = await tx
    .select(buchungColumns)
    .from(fahrzeugBuchung)
    .innerJoin(fahrzeug, eq(fahrzeug.id, fahrzeugBuchung.fahrzeugId))
    .where(eq(fahrzeugBuchung.id, id))
    .for('update', { of: fahrzeugBuchung });
  return rows[0] ? toKern(rows[0]) : undefined;
};

export const findBuchungenByIds = async (tx: Tx, ids: readonly string[]): Promise<BuchungKernRow[]> => {
  if (ids.length === 0) return [];
  const rows = await tx
    .select(buchungColumns)
    .from(fahrzeugBuchung)
    .innerJoin(fahrzeug, eq(fahrzeug.id, fahrzeugBuchung.fahrzeugId))
    .where(inArray(fahrzeugBuchung.id, [...ids]))
    .orderBy(asc(fahrzeugBuchung.von));
  return rows.map(toKern);
};

/**
 * Trips (type BUCHUNG) overlapping [from, to), and trips still on the road (aktiv) that began before `to`: with `benutzerId`, only those the user booked or drives.
 * Newest start last; at most `limit`.
 */
export const findBuchungen = async (
  tx: Tx,
  { benutzerId, from, to, limit }: { benutzerId?: string; from: Date; to: Date | null; limit: number },
): Promise<BuchungKernRow[]> => {
  const rows = await tx
    .select(buchungColumns)
    .from(fahrzeugBuchung)
    .innerJoin(fahrzeug, eq(fahrzeug.id, fahrzeugBuchung.fahrzeugId))
    .where(
      and(
        eq(fahrzeugBuchung.typ, 'BUCHUNG'),
        or(gt(fahrzeugBuchung.bis, from), eq(fahrzeugBuchung.status, 'aktiv')),
        to ? lt(fahrzeugBuchung.von, to) : undefined,
        benutzerId
          ? or(eq(fahrzeugBuchung.benutzerId, benutzerId), eq(fahrzeugBuchung.fahrerId, benutzerId))
          : undefined,
      ),
    )
    .orderBy(asc(fahrzeugBuchung.von), asc(fahrzeugBuchung.id))
    .limit(limit);
  return rows.map(toKern);
};

/**
 * The user's trips (booked or driven) that may be cancelled by someone other than their booker and whose end lies in
 * [from, to): cancelled with one of the system's `gruende`, or by a recorded person who is not the booker. The
 * candidates for "Meine Buchungen"; the domain's `isInMeinenBuchungen` decides on each (decisions 135, 149).
 */
export const findFremdStornos = async (
  tx: Tx,
  {
    benutzerId,
    from,
    to,
    gruende,
    limit,
  }: { benutzerId: string; from: Date; to: Date; gruende: readonly string[]; limit: number },
): Promise<BuchungKernRow[]> => {
  const rows = await tx
    .select(buchungColumns)
    .from(fahrzeugBuchung)
    .innerJoin(fahrzeug, eq(fahrzeug.id, fahrzeugBuchung.fahrzeugId))
    .where(
      and(
        eq(fahrzeugBuchung.typ, 'BUCHUNG'),
        eq(fahrzeugBuchung.status, 'storniert'),
        or(
          inArray(fahrzeugBuchung.informationstext, [...gruende]),
          ne(fahrzeugBuchung.storniertVon, fahrzeugBuchung.benutzerId),
        ),
        gt(fahrzeugBuchung.bis, from),
        lte(fahrzeugBuchung.bis, to),
        or(eq(fahrzeugBuchung.benutzerId, benutzerId), eq(fahrzeugBuchung.fahrerId, benutzerId)),
      ),
    )
    .orderBy(asc(fahrzeugBuchung.von), asc(fahrzeugBuchung.id))
    .limit(limit);
  return rows.map(toKern);
};

export type MitfahrerRow = { fahrzeugBuchungId: string; nummer: number; name: string };

export const findMitfahrer = async (tx: Tx, buchungIds: readonly string[]): Promise<MitfahrerRow[]> => {
  if (buchungIds.length === 0) return [];
  return tx
    .select({
      fahrzeugBuchungId: fahrzeugBuchungMitfahrer.fahrzeugBuchungId,
      nummer: fahrzeugBuchungMitfahrer.nummer,
      name: fahrzeugBuchungMitfahrer.name,
    })
    .from(fahrzeugBuchungMitfahrer)
    .where(inArray(fahrzeugBuchungMitfahrer.fahrzeugBuchungId, [...buchungIds]))
    .orderBy(asc(fahrzeugBuchungMitfahrer.nummer));
};

export type FreigeberRow = {
  fahrzeugBuchungId: string;
  benutzerId: string;
  isFreigegeben: boolean | null;
  freigegebenAt: Date | null;
};

export const findFreigeber = async (tx: Tx, buchungIds: readonly string[]): Promise<FreigeberRow[]> => {
  if (buchungIds.length === 0) return [];
  return tx
    .select({
      fahrzeugBuchungId: sonderfreigabe.fahrzeugBuchungId,
      benutzerId: sonderfreigabe.benutzerId,
      isFreigegeben: sonderfreigabe.isFreigegeben,
      freigegebenAt: sonderfreigabe.freigegebenAt,
    })
    .from(sonderfreigabe)
    .where(inArray(sonderfreigabe.fahrzeugBuchungId, [...buchungIds]))
    .orderBy(asc(sonderfreigabe.createdAt), asc(sonderfreigabe.benutzerId));
};

export type BuchungWerte = {
  von: Date;
  bis: Date;
  fahrzeugId: string;
  fahrerId: string | null;
  anlass: string | null;
  zielAdresse: string | null;
  zielPerson: string | null;
  umweg: string | null;
  informationstext: string | null;
};

/** Inserts a trip and answers its row as `findBuchungenByIds` would, with the vehicle's key data given. */
export const insertBuchung = async (
  tx: Tx,
  values: BuchungWerte & { mandantId: string; benutzerId: string; status: BuchungStatus },
  fahrzeugDaten: Pick<BuchungKernRow, 'marke' | 'modell' | 'kennzeichen'>,
): Promise<BuchungKernRow> => {
  const { marke: _m, modell: _mo, kennzeichen: _k, ...spalten } = buchungColumns;
  const [row] = await tx
    .insert(fahrzeugBuchung)
    .values({ ...values, typ: 'BUCHUNG' })
    .returning(spalten);
  const { marke, modell, kennzeichen } = fahrzeugDaten;
  return toKern({ ...row!, marke, modell, kennzeichen });
};

export const updateBuchung = async (
  tx: Tx,
  id: string,
  values: Partial<BuchungWerte & { status: BuchungStatus; storniertVon: string }>,
): Promise<void> => {
  await tx
    .update(fahrzeugBuchung)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(fahrzeugBuchung.id, id));
};

/**
 * One step of the transition table in SQL: the given bookings whose status is one of `von` get `nach` (and the other
 * columns given), in one statement, so a row that changed meanwhile is left alone. Answers the ids it changed.
 */
export const setzeStatusWenn = async (
  tx: Tx,
  {
    ids,
    von,
    nach,
    werte = {},
  }: {
    ids: readonly string[];
    von: readonly BuchungStatus[];
    nach: BuchungStatus;
    werte?: { informationstext?: string | null; storniertVon?: string };
  },
): Promise<string[]> => {
  if (ids.length === 0 || von.length === 0) return [];
  const rows = await tx
    .update(fahrzeugBuchung)
    .set({ ...werte, status: nach, updatedAt: sql`now()` })
    .where(and(inArray(fahrzeugBuchung.id, [...ids]), inArray(fahrzeugBuchung.status, [...von])))
    .returning({ id: fahrzeugBuchung.id });
  return rows.map((r) => r.id);
};

/** Moves a booking to another vehicle; everything else stays. */
export const updateFahrzeugDerBuchung = async (
  tx: Tx,
  { id, fahrzeugId }: { id: string; fahrzeugId: string },
): Promise<void> => {
  await tx
    .update(fahrzeugBuchung)
    .set({ fahrzeugId, updatedAt: sql`now()` })
    .where(eq(fahrzeugBuchung.id, id));
};

export type SperrBuchungRow = {
  id: string;
  fahrzeugId: string;
  typ: FahrzeugBuchungTyp;
  von: Date;
  bis: Date;
  status: BuchungStatus;
  informationstext: string | null;
  sicherheitsrelevant: boolean;
};

/** Stores a block (a row of its type, status reserviert) and answers it. */
export const insertSperrBuchung = async (
  tx: Tx,
  values: {
    mandantId: string;
    benutzerId: string;
    fahrzeugId: string;
    typ: Exclude<FahrzeugBuchungTyp, 'BUCHUNG'>;
    von: Date;
    bis: Date;
    informationstext: string | null;
    sicherheitsrelevant: boolean;
  },
): Promise<SperrBuchungRow> => {
  const [row] = await tx
    .insert(fahrzeugBuchung)
    .values({ ...values, status: 'reserviert' })
    .returning({
      id: fahrzeugBuchung.id,
      fahrzeugId: fahrzeugBuchung.fahrzeugId,
      typ: fahrzeugBuchung.typ,
      von: fahrzeugBuchung.von,
      bis: fahrzeugBuchung.bis,
      status: fahrzeugBuchung.status,
      informationstext: fahrzeugBuchung.informationstext,
      sicherheitsrelevant: fahrzeugBuchung.sicherheitsrelevant,
    });
  return { ...row!, status: parseStatus(row!.status), typ: parseTyp(row!.typ) };
};

/** Adds the co-travellers of a booking, numbered from 1 in the given order; answers them as `findMitfahrer` would. */
export const insertMitfahrer = async (
  tx: Tx,
  { mandantId, buchungId, namen }: { mandantId: string; buchungId: string; namen: readonly string[] },
): Promise<MitfahrerRow[]> => {
  const rows = namen.map((name, i) => ({ fahrzeugBuchungId: buchungId, nummer: i + 1, name }));
  if (rows.length > 0)
    await tx.insert(fahrzeugBuchungMitfahrer).values(rows.map((r) => ({ mandantId, ...r })));
  return rows;
};

/** Replaces the co-travellers of a booking, numbered from 1 in the given order. */
export const replaceMitfahrer = async (
  tx: Tx,
  werte: { mandantId: string; buchungId: string; namen: readonly string[] },
): Promise<void> => {
  await tx
    .delete(fahrzeugBuchungMitfahrer)
    .where(eq(fahrzeugBuchungMitfahrer.fahrzeugBuchungId, werte.buchungId));
  await insertMitfahrer(tx, werte);
};
