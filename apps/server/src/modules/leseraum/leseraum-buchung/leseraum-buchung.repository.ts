import type { Bereich } from '@stellwerk/domain/leseraum/leseraum-buchung/api';
import type { BuchungStatus } from '@stellwerk/domain/status';
import { and, asc, eq, gt, gte, inArray, lt, lte, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../../db/client.ts';
import { benutzer } from '../../identitaet/benutzer/benutzer.public.ts';
import { grundrissLeseraum, leseraum } from '../leseraum/leseraum.public.ts';
import type { PlatzRow } from './leseraum-buchung.plaene.repository.ts';
import { leseraumBuchung } from './leseraum-buchung.table.ts';

/** Bookings are made within one day's opening hours (rules.ts), so none lasts a day or longer. */
const MAX_BUCHUNGSDAUER_MS = 86_400_000;

const belegungColumns = {
  id: leseraumBuchung.id,
  leseraumId: leseraumBuchung.leseraumId,
  von: leseraumBuchung.von,
  bis: leseraumBuchung.bis,
  status: leseraumBuchung.status,
  buchenderMail: leseraumBuchung.systembenutzer1Mail,
};

export type BelegungRow = {
  id: string;
  leseraumId: string;
  von: Date;
  bis: Date;
  status: BuchungStatus;
  buchenderMail: string;
};

/** Non-cancelled bookings of a plan's places overlapping [from, to). */
export const findBelegungen = async (
  tx: Tx,
  { grundrissId, from, to }: { grundrissId: string; from: Date; to: Date },
): Promise<BelegungRow[]> => {
  const rows = await tx
    .select(belegungColumns)
    .from(leseraumBuchung)
    .innerJoin(leseraum, eq(leseraum.id, leseraumBuchung.leseraumId))
    .where(
      and(
        eq(leseraum.grundrissId, grundrissId),
        ne(leseraumBuchung.status, 'storniert'),
        // A reading-room booking lies within one opening day, so it starts less than a day before `from`:
        // the lower bound lets the (mandant, leseraum, von) index read only the day's rows.
        gt(leseraumBuchung.von, new Date(from.getTime() - MAX_BUCHUNGSDAUER_MS)),
        lt(leseraumBuchung.von, to),
        gt(leseraumBuchung.bis, from),
      ),
    )
    .orderBy(asc(leseraumBuchung.von));
  return rows as BelegungRow[];
};

/** Non-cancelled bookings of one place overlapping [from, to), e.g. the day of a new booking. */
export const findBelegungenDesPlatzes = async (
  tx: Tx,
  { leseraumId, from, to }: { leseraumId: string; from: Date; to: Date },
): Promise<BelegungRow[]> => {
  const rows = await tx
    .select(belegungColumns)
    .from(leseraumBuchung)
    .where(
      and(
        eq(leseraumBuchung.leseraumId, leseraumId),
        ne(leseraumBuchung.status, 'storniert'),
        gt(leseraumBuchung.von, new Date(from.getTime() - MAX_BUCHUNGSDAUER_MS)),
        lt(leseraumBuchung.von, to),
        gt(leseraumBuchung.bis, from),
      ),
    );
  return rows as BelegungRow[];
};

export type GesperrterPlatz = Omit<PlatzRow, 'beschreibung' | 'bedingungen'> & {
  grundrissId: string;
  grundrissAktiv: boolean;
  bereich: string;
  bestaetigungDurchPersonal: boolean;
  /** The location of the place's plan (null: the plan names none). */
  standortId: string | null;
};

/**
 * Locks the place row (SELECT … FOR UPDATE) so that two bookings of one place are checked one after the
 * other (ARCHITECTURE §6); returns it with its plan, or undefined when it is not visible.
 */
export const lockPlatz = async (tx: Tx, leseraumId: string): Promise<GesperrterPlatz | undefined> => {
  const rows = await tx
    .select({
      id: leseraum.id,
      bezeichnung: leseraum.bezeichnung,
      kapazitaet: leseraum.kapazitaet,
      position: leseraum.position,
      aktiv: leseraum.aktiv,
      brandschutzhelfer: leseraum.brandschutzhelfer,
      ersthelfer: leseraum.ersthelfer,
      eigentuemerId: leseraum.eigentuemerId,
      bestaetigungDurchPersonal: leseraum.bestaetigungDurchPersonal,
      grundrissId: leseraum.grundrissId,
      grundrissAktiv: grundrissLeseraum.aktiv,
      bereich: grundrissLeseraum.bereich,
      standortId: grundrissLeseraum.standortId,
    })
    .from(leseraum)
    .innerJoin(grundrissLeseraum, eq(grundrissLeseraum.id, leseraum.grundrissId))
    .where(eq(leseraum.id, leseraumId))
    .for('update', { of: leseraum });
  return rows[0];
};

/** The booker's non-cancelled bookings starting in [from, to), other than `ignoreId`. */
export const countBuchungenDesBuchenden = async (
  tx: Tx,
  { mail, from, to, ignoreId }: { mail: string; from: Date; to: Date; ignoreId?: string },
): Promise<number> => {
  const rows = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(leseraumBuchung)
    .where(
      and(
        sql`lower(${leseraumBuchung.systembenutzer1Mail}) = ${mail.toLowerCase()}`,
        ne(leseraumBuchung.status, 'storniert'),
        gte(leseraumBuchung.von, from),
        lt(leseraumBuchung.von, to),
        ignoreId ? ne(leseraumBuchung.id, ignoreId) : undefined,
      ),
    );
  return rows[0]?.n ?? 0;
};

const buchungColumns = {
  id: leseraumBuchung.id,
  von: leseraumBuchung.von,
  bis: leseraumBuchung.bis,
  status: leseraumBuchung.status,
  gruppengroesse: leseraumBuchung.gruppengroesse,
  buchenderMail: leseraumBuchung.systembenutzer1Mail,
  /** The booker's user id (bookings name the booker by mail, as the spec does): who hears the booking's events. */
  buchenderId: sql<
    string | null
  >`(select ${benutzer.id} from ${benutzer} where ${benutzer.email} = ${leseraumBuchung.systembenutzer1Mail} limit 1)`,
  bestaetigerMail: leseraumBuchung.systembenutzer2Mail,
  leseraumId: leseraum.id,
  leseraumBezeichnung: leseraum.bezeichnung,
  kapazitaet: leseraum.kapazitaet,
  grundrissId: grundrissLeseraum.id,
  grundrissBezeichnung: grundrissLeseraum.bezeichnung,
  bereich: grundrissLeseraum.bereich,
};

export type BuchungRow = {
  id: string;
  von: Date;
  bis: Date;
  status: BuchungStatus;
  gruppengroesse: number;
  buchenderMail: string;
  buchenderId: string | null;
  bestaetigerMail: string | null;
  leseraumId: string;
  leseraumBezeichnung: string;
  kapazitaet: number;
  grundrissId: string;
  grundrissBezeichnung: string;
  bereich: string;
};

const buchungQuery = (tx: Tx) =>
  tx
    .select(buchungColumns)
    .from(leseraumBuchung)
    .innerJoin(leseraum, eq(leseraum.id, leseraumBuchung.leseraumId))
    .innerJoin(grundrissLeseraum, eq(grundrissLeseraum.id, leseraum.grundrissId));

/** One booking with its place and plan, locked for the change that follows. */
export const lockBuchung = async (tx: Tx, id: string): Promise<BuchungRow | undefined> => {
  const rows = await buchungQuery(tx)
    .where(eq(leseraumBuchung.id, id))
    .for('update', { of: leseraumBuchung });
  return rows[0] as BuchungRow | undefined;
};

export const findBuchung = async (tx: Tx, id: string): Promise<BuchungRow | undefined> => {
  const rows = await buchungQuery(tx).where(eq(leseraumBuchung.id, id)).limit(1);
  return rows[0] as BuchungRow | undefined;
};

/** The user's bookings of an area that end after `from` (open and recent ones), soonest first. */
export const findEigeneBuchungen = async (
  tx: Tx,
  { mail, bereich, from }: { mail: string; bereich: Bereich; from: Date },
): Promise<BuchungRow[]> => {
  const rows = await buchungQuery(tx)
    .where(
      and(
        sql`lower(${leseraumBuchung.systembenutzer1Mail}) = ${mail.toLowerCase()}`,
        eq(grundrissLeseraum.bereich, bereich),
        gt(leseraumBuchung.bis, from),
      ),
    )
    .orderBy(asc(leseraumBuchung.von))
    .limit(500);
  return rows as BuchungRow[];
};

/**
 * The booker's reservations that start between `von` and `bis` (the check-in window around now), with the location
 * of their plan (null for a plan without one), soonest first: what a kiosk's check-in code may check in to.
 */
export const findReservierteDesBuchenden = async (
  tx: Tx,
  { mail, von, bis }: { mail: string; von: Date; bis: Date },
): Promise<(BuchungRow & { standortId: string | null })[]> => {
  const rows = await tx
    .select({ ...buchungColumns, standortId: grundrissLeseraum.standortId })
    .from(leseraumBuchung)
    .innerJoin(leseraum, eq(leseraum.id, leseraumBuchung.leseraumId))
    .innerJoin(grundrissLeseraum, eq(grundrissLeseraum.id, leseraum.grundrissId))
    .where(
      and(
        sql`lower(${leseraumBuchung.systembenutzer1Mail}) = ${mail.toLowerCase()}`,
        eq(leseraumBuchung.status, 'reserviert'),
        gte(leseraumBuchung.von, von),
        lte(leseraumBuchung.von, bis),
      ),
    )
    .orderBy(asc(leseraumBuchung.von))
    .limit(50);
  return rows as (BuchungRow & { standortId: string | null })[];
};

/** Holds waiting for staff confirmation (no confirmer named) of an area that have not begun. */
export const findWartendeVormerkungen = async (
  tx: Tx,
  { bereich, from }: { bereich: Bereich; from: Date },
): Promise<BuchungRow[]> => {
  const rows = await buchungQuery(tx)
    .where(
      and(
        eq(leseraumBuchung.status, 'vorgemerkt'),
        sql`${leseraumBuchung.systembenutzer2Mail} is null`,
        eq(grundrissLeseraum.bereich, bereich),
        gt(leseraumBuchung.von, from),
      ),
    )
    .orderBy(asc(leseraumBuchung.von))
    .limit(500);
  return rows as BuchungRow[];
};

export const insertBuchung = async (
  tx: Tx,
  values: {
    mandantId: string;
    leseraumId: string;
    von: Date;
    bis: Date;
    status: BuchungStatus;
    systembenutzer1Mail: string;
    systembenutzer2Mail: string | null;
    gruppengroesse: number;
  },
): Promise<string> => {
  const [row] = await tx.insert(leseraumBuchung).values(values).returning({ id: leseraumBuchung.id });
  return row!.id;
};

/** Why a booking became storniert (decision 166; column storno_grund). */
export type StornoGrund = 'storniert' | 'frist_abgelaufen' | 'nicht_eingecheckt' | 'abgelehnt' | 'system';

export const updateBuchung = async (
  tx: Tx,
  id: string,
  values: Partial<{
    von: Date;
    bis: Date;
    gruppengroesse: number;
    status: BuchungStatus;
    systembenutzer2Mail: string | null;
    erinnerungGesendetAm: Date | null;
    stornoGrund: StornoGrund;
    storniertAm: Date;
  }>,
): Promise<void> => {
  await tx.update(leseraumBuchung).set(values).where(eq(leseraumBuchung.id, id));
};

/** Holds and reservations that may have lapsed by `now` (the scheduler decides with the domain rule). */
export const findOffeneBuchungenBis = async (tx: Tx, now: Date): Promise<BuchungRow[]> => {
  const rows = await buchungQuery(tx)
    .where(
      and(
        inArray(leseraumBuchung.status, ['vorgemerkt', 'reserviert']),
        lt(leseraumBuchung.von, new Date(now.getTime() + 60_000)),
      ),
    )
    .for('update', { of: leseraumBuchung, skipLocked: true });
  return rows as BuchungRow[];
};

/** The user id behind a booker's mail (case-insensitive), for their language. */
export const findBenutzerIdByMail = async (tx: Tx, mail: string): Promise<string | undefined> => {
  const rows = await tx
    .select({ id: benutzer.id })
    .from(benutzer)
    .where(sql`lower(${benutzer.email}) = ${mail.toLowerCase()}`)
    .limit(1);
  return rows[0]?.id;
};

/**
 * Holds and reservations starting after `now` and before `bis` whose reminder has not been queued yet
 * (the reminder job decides with the booker's lead), locked so two instances never remind twice.
 */
export const findOhneErinnerung = async (tx: Tx, { now, bis }: { now: Date; bis: Date }) => {
  const rows = await buchungQuery(tx)
    .where(
      and(
        inArray(leseraumBuchung.status, ['vorgemerkt', 'reserviert']),
        gt(leseraumBuchung.von, now),
        lt(leseraumBuchung.von, bis),
        sql`${leseraumBuchung.erinnerungGesendetAm} is null`,
      ),
    )
    .for('update', { of: leseraumBuchung, skipLocked: true });
  return rows as BuchungRow[];
};

/**
 * Holds and reservations of the places `leseraumIds` that end after `from`, soonest first; with `lock`
 * they are locked for the cancellation that follows (deactivating a place or plan, decision 051).
 */
export const findOffeneBuchungenDerPlaetze = async (
  tx: Tx,
  { leseraumIds, from, lock = false }: { leseraumIds: readonly string[]; from: Date; lock?: boolean },
): Promise<BuchungRow[]> => {
  if (leseraumIds.length === 0) return [];
  const query = buchungQuery(tx)
    .where(
      and(
        inArray(leseraumBuchung.leseraumId, [...leseraumIds]),
        inArray(leseraumBuchung.status, ['vorgemerkt', 'reserviert']),
        gt(leseraumBuchung.bis, from),
      ),
    )
    .orderBy(asc(leseraumBuchung.von), asc(leseraumBuchung.id));
  const rows = lock ? await query.for('update', { of: leseraumBuchung }) : await query;
  return rows as BuchungRow[];
};

/** Name and address of users by id (the booking staff a hold is mailed to, the booker named in it). */
export const findPersonenMitMail = async (
  tx: Tx,
  ids: readonly string[],
): Promise<{ id: string; email: string; vorname: string; nachname: string }[]> => {
  if (ids.length === 0) return [];
  return tx
    .select({
      id: benutzer.id,
      email: benutzer.email,
      vorname: benutzer.vorname,
      nachname: benutzer.nachname,
    })
    .from(benutzer)
    .where(inArray(benutzer.id, [...ids]));
};

/**
 * Whether any of `ids` is a workspace plan, one of its places or one of their bookings (the workspace is always
 * open, spec §1; decision 126).
 */
export const betrifftArbeitswelt = async (tx: Tx, ids: string[]): Promise<boolean> => {
  if (ids.length === 0) return false;
  const arbeitswelt = eq(grundrissLeseraum.bereich, 'arbeitswelt');
  const plaene = await tx
    .select({ id: grundrissLeseraum.id })
    .from(grundrissLeseraum)
    .where(and(arbeitswelt, inArray(grundrissLeseraum.id, ids)))
    .limit(1);
  if (plaene.length > 0) return true;
  const plaetze = await tx
    .select({ id: leseraum.id })
    .from(leseraum)
    .innerJoin(grundrissLeseraum, eq(grundrissLeseraum.id, leseraum.grundrissId))
    .where(and(arbeitswelt, inArray(leseraum.id, ids)))
    .limit(1);
  if (plaetze.length > 0) return true;
  const buchungen = await tx
    .select({ id: leseraumBuchung.id })
    .from(leseraumBuchung)
    .innerJoin(leseraum, eq(leseraum.id, leseraumBuchung.leseraumId))
    .innerJoin(grundrissLeseraum, eq(grundrissLeseraum.id, leseraum.grundrissId))
    .where(and(arbeitswelt, inArray(leseraumBuchung.id, ids)))
    .limit(1);
  return buchungen.length > 0;
};

/** The largest x and y of the plan's drawn places (plan units), for the plan's extent (decision 216). */
export const findPlanAusdehnung = async (tx: Tx, grundrissId: string): Promise<{ x: number; y: number }> => {
  const rows = await tx
    .select({
      x: sql<number | null>`max((${leseraum.position}->>'x')::float8)`,
      y: sql<number | null>`max((${leseraum.position}->>'y')::float8)`,
    })
    .from(leseraum)
    .where(eq(leseraum.grundrissId, grundrissId));
  return { x: Number(rows[0]?.x ?? 0), y: Number(rows[0]?.y ?? 0) };
};

/**
 * The places of the plan of `leseraumId` (that place among them) as the offer of another place needs them
 * (decisions 261, 267), each with whether a booking that is not cancelled overlaps `[von, bis)`: one statement.
 */
export const findAngebotsKandidaten = async (
  tx: Tx,
  { leseraumId, von, bis }: { leseraumId: string; von: Date; bis: Date },
) => {
  const b = alias(leseraumBuchung, 'b');
  const gefragt = alias(leseraum, 'gefragt');
  return tx
    .select({
      id: leseraum.id,
      bezeichnung: leseraum.bezeichnung,
      kapazitaet: leseraum.kapazitaet,
      position: leseraum.position,
      aktiv: leseraum.aktiv,
      grundrissAktiv: grundrissLeseraum.aktiv,
      eigentuemerId: leseraum.eigentuemerId,
      belegt: sql<boolean>`exists (${tx
        .select({ eins: sql`1` })
        .from(b)
        .where(
          and(
            eq(b.leseraumId, leseraum.id),
            ne(b.status, 'storniert'),
            // within one opening day (see findBelegungen): the (mandant, leseraum, von) index reads a day's rows
            gt(b.von, new Date(von.getTime() - MAX_BUCHUNGSDAUER_MS)),
            lt(b.von, bis),
            gt(b.bis, von),
          ),
        )})`,
    })
    .from(gefragt)
    .innerJoin(leseraum, eq(leseraum.grundrissId, gefragt.grundrissId))
    .innerJoin(grundrissLeseraum, eq(grundrissLeseraum.id, leseraum.grundrissId))
    .where(eq(gefragt.id, leseraumId));
};
