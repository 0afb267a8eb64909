import { DEFAULT_FEATURE_SWITCHES } from '@stellwerk/domain/features';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Tx } from '../../../db/client.ts';
import { benutzer } from '../../identitaet/benutzer/benutzer.public.ts';
import {
  oeffnungszeit,
  type WochenRow,
  wochenSpalten,
} from '../../leseraum/oeffnungszeit/oeffnungszeit.public.ts';
import { feature, mandantFeature } from '../../verwaltung/customizing/customizing.public.ts';
import { standort } from '../../verwaltung/standort/standort.public.ts';
import { FAHRZEUG_SPALTEN, fahrzeug } from '../fahrzeug/fahrzeug.public.ts';
import { fuehrerschein } from '../fuehrerschein/fuehrerschein.public.ts';

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
