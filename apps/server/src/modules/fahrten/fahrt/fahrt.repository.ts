/**
 * SQL of trips: the vehicle history entries of check-in and check-out, and the append-only logbook.
 * Every function takes the tenant transaction it runs in.
 */
import { and, asc, desc, eq, inArray, isNotNull, isNull, max, ne, notExists, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../../db/client.ts';
import { fahrzeug } from '../../fahrzeuge/fahrzeug/fahrzeug.public.ts';
import { fahrzeugBuchung } from '../../fahrzeuge/fahrzeug-buchung/fahrzeug-buchung.public.ts';
import { benutzer } from '../../identitaet/benutzer/benutzer.public.ts';
import { abstellplatz } from '../../verwaltung/standort/standort.public.ts';
import { fahrtenbuchEintrag, fahrzeugSchaden } from './fahrt.table.ts';
import { fahrzeugHistorie } from './fahrzeug-historie.table.ts';

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
