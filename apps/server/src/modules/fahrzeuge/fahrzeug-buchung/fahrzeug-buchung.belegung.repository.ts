/** The occupancy of vehicles and drivers around a period, with each trip's state from the vehicle's history. */
import {
  type FahrtStand,
  fahrtStandAus,
  type HistorieEintrag,
} from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/machine';
import type { BuchungStatus, FahrzeugBuchungTyp } from '@stellwerk/domain/status';
import { parseHistorieTyp, parseStatus, parseTyp } from '@stellwerk/domain/status';
import { and, eq, gt, gte, inArray, lt, ne, or, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { inUuids } from '../../../db/columns.ts';
import { fahrzeugHistorie } from '../../fahrten/fahrt/fahrt.public.ts';
import { fahrzeug } from '../fahrzeug/fahrzeug.public.ts';
import { buchenderId, fahrzeugBuchung } from './fahrzeug-buchung.table.ts';

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
    benutzerId: buchenderId,
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
