/**
 * The evaluation's SQL (decisions 166, 195): read-only aggregates over the vehicle modules' tables inside the
 * tenant's transaction (row-level security); it writes none of them. Person ids appear only as the lists the k
 * threshold needs inside the server.
 */
import type {
  FahrtZeile,
  FreigabeZeile,
  FuehrerscheinZeile,
  SchadenZeile,
} from '@stellwerk/domain/verwaltung/auswertung/metriken';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { inStandorten } from '../auslastung/auslastung.standorte.ts';

/** `standortIds`: the locations answered for (decision 258), left out for all. */
type Bereich = { start: Date; ende: Date; standortIds?: readonly string[] };

const standortFilter = (standortIds?: readonly string[]) => inStandorten(sql`f.standort_id`, standortIds);
const iso = (d: Date) => d.toISOString();

/** Trips and km per location and purpose: current logbook versions starting in `[start, ende)`. */
export const fahrtenJeStandort = async (tx: Tx, b: Bereich): Promise<FahrtZeile[]> => {
  const result = await tx.execute(sql`select f.standort_id as "standortId", s.name as "standortName", e.art,
      count(*)::int as fahrten, coalesce(sum(e.km_ende - e.km_beginn), 0)::int as km,
      array_agg(distinct e.fahrer_id::text) as personen
    from fahrtenbuch_eintrag e
    join fahrzeug f on f.id = e.fahrzeug_id
    left join standort s on s.id = f.standort_id
    where e.beginn >= ${iso(b.start)}::timestamptz and e.beginn < ${iso(b.ende)}::timestamptz${standortFilter(b.standortIds)}
      and not exists (select 1 from fahrtenbuch_eintrag n where n.mandant_id = e.mandant_id and n.korrigiert_id = e.id)
    group by f.standort_id, s.name, e.art`);
  return (result.rows as FahrtZeile[]).map((r) => ({ ...r, fahrten: Number(r.fahrten), km: Number(r.km) }));
};

/** The approvers' rows of bookings created in `[start, ende)` that needed a special approval. */
export const freigabenImZeitraum = async (tx: Tx, b: Bereich): Promise<FreigabeZeile[]> => {
  const result = await tx.execute(sql`select f.standort_id as "standortId", s.name as "standortName",
      b.id as "buchungId", sf.created_at as "angefragtAm", sf.freigegeben_at as "entschiedenAm",
      sf.is_freigegeben as freigegeben, b.benutzer_id::text as person
    from sonderfreigabe sf
    join fahrzeug_buchung b on b.id = sf.fahrzeug_buchung_id
    join fahrzeug f on f.id = b.fahrzeug_id
    left join standort s on s.id = f.standort_id
    where b.created_at >= ${iso(b.start)}::timestamptz and b.created_at < ${iso(b.ende)}::timestamptz${standortFilter(b.standortIds)}`);
  return (
    result.rows as (Omit<FreigabeZeile, 'personen' | 'angefragtAm' | 'entschiedenAm'> & {
      angefragtAm: string | Date;
      entschiedenAm: string | Date | null;
      person: string;
    })[]
  ).map(({ person, ...r }) => ({
    ...r,
    angefragtAm: new Date(r.angefragtAm),
    entschiedenAm: r.entschiedenAm === null ? null : new Date(r.entschiedenAm),
    personen: [person],
  }));
};

/** Damages reported before `ende` and not repaired before `start` (the rest cannot count in the period). */
export const schaedenImZeitraum = async (tx: Tx, b: Bereich): Promise<SchadenZeile[]> => {
  const result = await tx.execute(sql`select f.standort_id as "standortId", s.name as "standortName",
      d.gemeldet_am as "gemeldetAm", d.behoben_am as "behobenAm", d.sicherheitsrelevant,
      d.gemeldet_von_id::text as person
    from fahrzeug_schaden d
    join fahrzeug f on f.id = d.fahrzeug_id
    left join standort s on s.id = f.standort_id
    where d.gemeldet_am < ${iso(b.ende)}::timestamptz
      and (d.behoben_am is null or d.behoben_am >= ${iso(b.start)}::timestamptz)${standortFilter(b.standortIds)}`);
  return (
    result.rows as {
      standortId: string | null;
      standortName: string | null;
      gemeldetAm: string | Date;
      behobenAm: string | Date | null;
      sicherheitsrelevant: boolean;
      person: string | null;
    }[]
  ).map(({ person, ...r }) => ({
    ...r,
    gemeldetAm: new Date(r.gemeldetAm),
    behobenAm: r.behobenAm === null ? null : new Date(r.behobenAm),
    personen: person ? [person] : [],
  }));
};

/** The users' driving licences: next check day and the Berlin day of the last check. */
export const fuehrerscheine = async (tx: Tx): Promise<FuehrerscheinZeile[]> => {
  const result =
    await tx.execute(sql`select to_char(fs.naechste_pruefung, 'YYYY-MM-DD') as "naechstePruefung",
      to_char(fs.geprueft_am at time zone 'Europe/Berlin', 'YYYY-MM-DD') as "geprueftAm",
      fs.benutzer_id::text as person
    from fuehrerschein fs`);
  return result.rows as FuehrerscheinZeile[];
};

/** The locations the filter offers (names only). */
export const standorte = async (tx: Tx): Promise<{ id: string; name: string }[]> => {
  const result = await tx.execute(sql`select id, name from standort order by name`);
  return result.rows as { id: string; name: string }[];
};
