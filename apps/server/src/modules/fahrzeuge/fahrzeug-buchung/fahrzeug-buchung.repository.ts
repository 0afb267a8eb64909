import type { BuchungStatus, FahrzeugBuchungTyp } from '@stellwerk/domain/status';
import { parseStatus, parseTyp } from '@stellwerk/domain/status';
import { and, asc, eq, gt, inArray, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { fahrzeug } from '../fahrzeug/fahrzeug.public.ts';
import { sonderfreigabe } from '../sonderfreigabe/sonderfreigabe.public.ts';
import type { BelegungRow } from './fahrzeug-buchung.belegung.repository.ts';
import {
  buchenderId,
  fahrzeugBenachrichtigung,
  fahrzeugBuchung,
  fahrzeugBuchungMitfahrer,
} from './fahrzeug-buchung.table.ts';

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
  benutzerId: buchenderId,
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

/**
 * Deletes bookings (co-travellers and approvals go with them, cascade) and the notice keys the vehicle jobs
 * recorded for them (decision 067).
 */
export const deleteBuchungen = async (tx: Tx, ids: readonly string[]): Promise<number> => {
  if (ids.length === 0) return 0;
  const schluessel = ids.flatMap((id) => [
    `checkout_buchender:${id}`,
    `checkout_fuhrpark:${id}`,
    `vorcheckout:${id}`,
  ]);
  await tx.delete(fahrzeugBenachrichtigung).where(inArray(fahrzeugBenachrichtigung.schluessel, schluessel));
  return (
    await tx
      .delete(fahrzeugBuchung)
      .where(inArray(fahrzeugBuchung.id, [...ids]))
      .returning({ id: fahrzeugBuchung.id })
  ).length;
};

/** Records that the retention purge of a Berlin day is complete (its key in the vehicle jobs' record, decision 067). */
export const insertTagErledigt = async (
  tx: Tx,
  { mandantId, schluessel, now }: { mandantId: string; schluessel: string; now: Date },
): Promise<void> => {
  await tx
    .insert(fahrzeugBenachrichtigung)
    .values({ mandantId, schluessel, gesendetAt: now })
    .onConflictDoNothing();
};
