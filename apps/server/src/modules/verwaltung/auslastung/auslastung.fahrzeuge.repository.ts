/**
 * The vehicles' SQL of the utilisation (decisions 163–166, 246, 256, 272, 276): aggregates over the vehicle and
 * logbook modules' tables and the unmet demand, inside the tenant's transaction (row-level security); they only read
 * them. The rollups per vehicle-day and month are read and written in `auslastung.rollup.ts` and
 * `auslastung.summen.ts`.
 */

import { selektionZeigbar } from '@stellwerk/domain/verwaltung/auslastung/k-schwelle';
import type { NachfrageSummen, NachfrageZeile } from '@stellwerk/domain/verwaltung/auslastung/nachfrage';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { paareJe, uuidArray } from './auslastung.repository.ts';
import { inStandorten } from './auslastung.standorte.ts';

/**
 * A vehicle booking `b` (not cancelled) overlapping `[start, ende)`, bounded by the indexes at both ends: one of at
 * most a day started after `start` less a day, found in the `(mandant_id, fahrzeug_id, von)` index; a longer one is
 * found by its end in the partial index of long bookings, as the free search does (decision 080). With `von < ende`
 * alone a month read every booking of the vehicles since the first (100,600 of a tenant's rows for 7,400 in the
 * month, decision 274). Exact: a booking of at most a day that ends after `start` began after `start` less a day.
 */
export const fahrzeugBuchungImZeitraum = (start: Date, ende: Date) =>
  sql`b.von < ${ende.toISOString()}::timestamptz and b.bis > ${start.toISOString()}::timestamptz
      and (b.von >= ${start.toISOString()}::timestamptz - interval '1 day' or b.bis - b.von > interval '1 day')`;

/** node-postgres parses text[]; PGlite too, but be safe about the literal form. */
const pgArray = (v: string[] | string): string[] =>
  Array.isArray(v)
    ? v
    : v
        .replace(/^\{|\}$/g, '')
        .split(',')
        .filter((x) => x !== '')
        .map((x) => x.replace(/^"|"$/g, ''));

export type FahrzeugAuslastungRow = {
  id: string;
  kennzeichen: string;
  marke: string;
  modell: string;
  kategorie: string | null;
  standortId: string;
  standortName: string;
  bundesland: string | null;
  gueltigVon: string | null;
  gueltigBis: string | null;
  buchungszeitraumVon: string | null;
  buchungszeitraumBis: string | null;
  buchungszeitraumWochentage: number[] | null;
  fensterZeilen: { wochentag: number; von: string; bis: string; geoeffnet: boolean }[];
};

/** The active vehicles of the filter with their location's state and their window rows. */
export const findFahrzeuge = async (
  tx: Tx,
  { standortIds, kategorie }: { standortIds?: readonly string[]; kategorie?: string },
): Promise<FahrzeugAuslastungRow[]> => {
  const result = await tx.execute(sql`select f.id, f.kennzeichen, f.marke, f.modell, f.kategorie,
      f.standort_id as "standortId", s.name as "standortName", s.bundesland,
      f.gueltig_von::text as "gueltigVon", f.gueltig_bis::text as "gueltigBis",
      f.buchungszeitraum_von as "buchungszeitraumVon", f.buchungszeitraum_bis as "buchungszeitraumBis",
      f.buchungszeitraum_wochentage as "buchungszeitraumWochentage",
      case when f.fahrzeug_oeffnungszeit_id is null then '[]'::json else (select coalesce(json_agg(
        json_build_object('wochentag', o.wochentag, 'von', o.von, 'bis', o.bis, 'geoeffnet', o.geoeffnet)), '[]'::json)
        from oeffnungszeit o where o.fahrzeug_oeffnungszeit_id = f.fahrzeug_oeffnungszeit_id) end as "fensterZeilen"
    from fahrzeug f join standort s on s.id = f.standort_id
    where not f.deaktiviert${inStandorten(sql`f.standort_id`, standortIds)}${
      kategorie ? sql` and f.kategorie = ${kategorie}` : sql``
    }
    order by s.name, f.kategorie nulls last, f.kennzeichen`);
  return (result.rows as FahrzeugAuslastungRow[]).map((r) => ({
    ...r,
    buchungszeitraumWochentage: r.buchungszeitraumWochentage
      ? pgArray(r.buchungszeitraumWochentage as never).map(Number)
      : null,
    fensterZeilen: typeof r.fensterZeilen === 'string' ? JSON.parse(r.fensterZeilen) : r.fensterZeilen,
  }));
};

/**
 * The distinct people (booker or driver) of each vehicle's bookings overlapping `[start, ende)`. First a proof
 * (decision 276, unless `genau`): a sample of each vehicle's bookings starting in the period; a vehicle where it finds
 * at least `k` people keeps the sample as its list (`gezogen`), the others get their exact lists, so each list is
 * exact or holds at least k people (see `personenJePlan`). The exact lists as distinct pairs grouped here: the
 * planner sorts the pairs (it estimates one row behind the row-level-security predicate), a year is 86,400 rows,
 * which spilled to disk at the default `work_mem`, so this transaction gets 16 MB (decision 256).
 */
export const personenJeFahrzeug = async (
  tx: Tx,
  {
    fahrzeugIds,
    start,
    ende,
    k,
    genau = false,
  }: { fahrzeugIds: readonly string[]; start: Date; ende: Date; k: number; genau?: boolean },
): Promise<{ jeFahrzeug: Map<string, string[]>; gezogen: boolean }> => {
  if (fahrzeugIds.length === 0) return { jeFahrzeug: new Map(), gezogen: false };
  const bewiesen = new Map<string, string[]>();
  if (!genau)
    for (const [id, liste] of await personenProbeJeFahrzeug(tx, { fahrzeugIds, start, ende, k }))
      if (liste.length >= k) bewiesen.set(id, liste);
  const offen = fahrzeugIds.filter((id) => !bewiesen.has(id));
  const jeFahrzeug = new Map(bewiesen);
  if (offen.length > 0) {
    await tx.execute(sql`select set_config('work_mem', '16MB', true)`);
    const result = await tx.execute(sql`select distinct b.fahrzeug_id as "fahrzeugId",
        coalesce(b.fahrer_id, b.benutzer_id, b.anonym_person)::text as person
      from fahrzeug_buchung b
      where b.fahrzeug_id = any(${uuidArray(offen)}::uuid[]) and b.typ = 'BUCHUNG' and b.status <> 'storniert'
        and ${fahrzeugBuchungImZeitraum(start, ende)}`);
    for (const [id, liste] of paareJe(result.rows as { fahrzeugId: string; person: string }[], 'fahrzeugId'))
      jeFahrzeug.set(id, liste);
  }
  return { jeFahrzeug, gezogen: bewiesen.size > 0 };
};

/** A sample of each vehicle's bookings starting in `[start, ende)`, as distinct people per vehicle (the proof). */
const personenProbeJeFahrzeug = async (
  tx: Tx,
  { fahrzeugIds, start, ende, k }: { fahrzeugIds: readonly string[]; start: Date; ende: Date; k: number },
) => {
  const result = await tx.execute(sql`select distinct f.id as "fahrzeugId", x.person
    from unnest(${uuidArray(fahrzeugIds)}::uuid[]) as f(id)
    cross join lateral (select coalesce(b.fahrer_id, b.benutzer_id, b.anonym_person)::text as person
      from fahrzeug_buchung b
      where b.fahrzeug_id = f.id and b.typ = 'BUCHUNG' and b.status <> 'storniert'
        and b.von >= ${start.toISOString()}::timestamptz and b.von < ${ende.toISOString()}::timestamptz
      order by b.von limit ${Math.max(40, 4 * k)}) x`);
  return paareJe(result.rows as { fahrzeugId: string; person: string }[], 'fahrzeugId');
};

/**
 * Whether at least `k` distinct people (booker or driver) booked the vehicles in `[start, ende)`, or nobody: the k
 * check of a period whose figures are not broken down (the previous period, decision 272). A sample that finds k
 * people decides it (decision 276); otherwise they are counted.
 */
export const personenZeigbar = async (
  tx: Tx,
  { fahrzeugIds, start, ende, k }: { fahrzeugIds: readonly string[]; start: Date; ende: Date; k: number },
): Promise<boolean> => {
  if (fahrzeugIds.length === 0) return true;
  const gezogen = await personenProbeJeFahrzeug(tx, { fahrzeugIds, start, ende, k });
  if (new Set([...gezogen.values()].flat()).size >= k) return true;
  const result =
    await tx.execute(sql`select count(distinct coalesce(b.fahrer_id, b.benutzer_id, b.anonym_person))::int as n
    from fahrzeug_buchung b
    where b.fahrzeug_id = any(${uuidArray(fahrzeugIds)}::uuid[]) and b.typ = 'BUCHUNG' and b.status <> 'storniert'
      and ${fahrzeugBuchungImZeitraum(start, ende)}`);
  return selektionZeigbar({ personen: Number((result.rows[0] as { n: number } | undefined)?.n ?? 0), k });
};

/** Trips and kilometres per Berlin month (current logbook versions starting in `[start, ende)`), by kind. */
export const fahrtenJeMonat = async (
  tx: Tx,
  { fahrzeugIds, start, ende }: { fahrzeugIds: readonly string[]; start: Date; ende: Date },
): Promise<
  { monat: string; fahrten: number; km: number; kmPrivat: number; kmArbeitsweg: number; fahrer: number }[]
> => {
  if (fahrzeugIds.length === 0) return [];
  const result =
    await tx.execute(sql`select to_char(e.beginn at time zone 'Europe/Berlin', 'YYYY-MM') as monat,
      count(*)::int as fahrten, coalesce(sum(e.km_ende - e.km_beginn), 0)::int as km,
      coalesce(sum(e.km_ende - e.km_beginn) filter (where e.art = 'privat'), 0)::int as "kmPrivat",
      coalesce(sum(e.km_ende - e.km_beginn) filter (where e.art = 'arbeitsweg'), 0)::int as "kmArbeitsweg",
      count(distinct e.fahrer_id)::int as fahrer
    from fahrtenbuch_eintrag e
    where e.fahrzeug_id = any(${uuidArray(fahrzeugIds)}::uuid[])
      and not exists (select 1 from fahrtenbuch_eintrag n where n.korrigiert_id = e.id)
      and e.beginn >= ${start.toISOString()}::timestamptz and e.beginn < ${ende.toISOString()}::timestamptz
    group by 1 order by 1`);
  return result.rows as {
    monat: string;
    fahrten: number;
    km: number;
    kmPrivat: number;
    kmArbeitsweg: number;
    fahrer: number;
  }[];
};

/** Distinct drivers of the trips starting in `[start, ende)` (the k threshold of the trip figures). */
export const fahrerAnzahl = async (
  tx: Tx,
  { fahrzeugIds, start, ende }: { fahrzeugIds: readonly string[]; start: Date; ende: Date },
): Promise<number> => {
  if (fahrzeugIds.length === 0) return 0;
  const result = await tx.execute(sql`select count(distinct e.fahrer_id)::int as n from fahrtenbuch_eintrag e
    where e.fahrzeug_id = any(${uuidArray(fahrzeugIds)}::uuid[])
      and e.beginn >= ${start.toISOString()}::timestamptz and e.beginn < ${ende.toISOString()}::timestamptz`);
  return Number((result.rows[0] as { n: number } | undefined)?.n ?? 0);
};

type NachfrageFilter = {
  vonTag: string;
  bisTag: string;
  standortIds?: readonly string[];
  kategorie?: string;
};

const nachfrageWo = (f: NachfrageFilter) => sql`n.tag between ${f.vonTag}::date and ${f.bisTag}::date
      ${inStandorten(sql`n.standort_id`, f.standortIds)}
      ${f.kategorie ? sql`and n.kategorie = ${f.kategorie}` : sql``}`;

/**
 * The counts of unmet vehicle demand (decision 246) whose day lies in `[vonTag, bisTag]`, optionally of some
 * locations and a category, summed in the database per location, per category, per day and per hour (grouping sets,
 * decision 272: a year is some 400 rows instead of one per location, category, day and hour). The table holds counts
 * only; this reads it and writes nothing.
 */
export const nachfrageSummen = async (tx: Tx, f: NachfrageFilter): Promise<NachfrageSummen> => {
  const result =
    await tx.execute(sql`select g.art, g."standortId", s.name as "standortName", g.kategorie, g.tag,
      g.stunde, g.anzahl
    from (
      select case when grouping(n.standort_id) = 0 then 'standort' when grouping(n.kategorie) = 0 then 'kategorie'
          when grouping(n.tag) = 0 then 'tag' else 'stunde' end as art,
        n.standort_id as "standortId", n.kategorie, to_char(n.tag, 'YYYY-MM-DD') as tag, n.stunde,
        sum(n.anzahl)::int as anzahl
      from fahrzeug_nachfrage_ungedeckt n
      where ${nachfrageWo(f)}
      group by grouping sets ((n.standort_id), (n.kategorie), (n.tag), (n.stunde))
    ) g left join standort s on s.id = g."standortId"`);
  const rows = result.rows as (NachfrageZeile & { art: 'standort' | 'kategorie' | 'tag' | 'stunde' })[];
  const von = (art: (typeof rows)[number]['art']) => rows.filter((r) => r.art === art);
  return {
    standorte: von('standort').map((r) => ({
      standortId: r.standortId,
      standortName: r.standortName,
      anzahl: Number(r.anzahl),
    })),
    kategorien: von('kategorie').map((r) => ({ kategorie: r.kategorie, anzahl: Number(r.anzahl) })),
    tage: von('tag').map((r) => ({ tag: r.tag, anzahl: Number(r.anzahl) })),
    stunden: von('stunde').map((r) => ({ stunde: Number(r.stunde), anzahl: Number(r.anzahl) })),
  };
};

/** The total of the unmet demand of the filter (the previous period's comparison figure). */
export const nachfrageGesamt = async (tx: Tx, f: NachfrageFilter): Promise<number> => {
  const result = await tx.execute(sql`select coalesce(sum(n.anzahl), 0)::int as n
    from fahrzeug_nachfrage_ungedeckt n where ${nachfrageWo(f)}`);
  return Number((result.rows[0] as { n: number } | undefined)?.n ?? 0);
};
