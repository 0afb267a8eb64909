/**
 * The reading rooms' and workspaces' SQL of the utilisation (decisions 163–166, 275, 276): aggregates over the
 * reading-room module's tables, inside the tenant's transaction (row-level security); they only read them. The
 * rollup per plan-day that these statements fill is read and written in `auslastung.leseraum-tage.ts`.
 */
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import {
  intArray,
  paareJe,
  tageSpanne,
  textArray,
  tsArray,
  uuidArray,
  zeitSpanne,
} from './auslastung.repository.ts';
import { inStandorten } from './auslastung.standorte.ts';

/** Statuses whose time counts as booked (besides a reservation released without check-in). */
const GEBUCHT = sql.raw(
  `(b.status in ('reserviert', 'aktiv', 'durchgeführt', 'verschlossen') or b.storno_grund = 'nicht_eingecheckt')`,
);
const EINGECHECKT = sql.raw(`b.status in ('aktiv', 'durchgeführt')`);

/**
 * A reading-room booking `b` overlapping `[start, ende)`, bounded by the indexes at both ends (decision 276): one of
 * at most a day started after `start` less a day, found in the `(mandant_id, von)` or `(mandant_id, leseraum_id, von)`
 * index; a longer one by its end in the partial index of long bookings (migration 0042), as the vehicles' (decision
 * 080). With `von < ende` alone the fourteen days of the preview read every booking of the tenant (a parallel scan of
 * 297,000 rows for 4,800). Exact: a booking of at most a day that ends after `start` began after `start` less a day.
 */
export const leseraumBuchungImZeitraum = (start: Date, ende: Date) =>
  sql`b.von < ${ende.toISOString()}::timestamptz and b.bis > ${start.toISOString()}::timestamptz
      and (b.von >= ${start.toISOString()}::timestamptz - interval '1 day' or b.bis - b.von > interval '1 day')`;

export type PlanRow = {
  id: string;
  bezeichnung: string;
  bereich: string;
  standortId: string | null;
  standortName: string | null;
  bundesland: string | null;
  plaetze: number;
  /** A fingerprint of the plan's active places and their kind (any room type): the rollup's rows hold it. */
  orte: string;
};

export type PlanFilter = {
  /** The locations (decision 258); left out for all. */
  standortIds?: readonly string[];
  grundrissId?: string;
  bereich?: 'leseraum' | 'arbeitswelt';
  raumart?: 'platz' | 'gruppenraum';
};

const raumartSql = (raumart: PlanFilter['raumart']) =>
  raumart === 'platz'
    ? sql` and l.kapazitaet = 1`
    : raumart === 'gruppenraum'
      ? sql` and l.kapazitaet > 1`
      : sql``;

/** The active floor plans of the filter with their active places (of the room type). */
export const findPlaene = async (tx: Tx, f: PlanFilter): Promise<PlanRow[]> => {
  const result = await tx.execute(sql`select g.id, g.bezeichnung, g.bereich, g.standort_id as "standortId",
      s.name as "standortName", s.bundesland, count(l.id)::int as plaetze,
      (select md5(coalesce(string_agg(a.id::text || case when a.kapazitaet = 1 then 'p' else 'g' end, ','
        order by a.id), '')) from leseraum a where a.grundriss_id = g.id and a.aktiv) as orte
    from grundriss_leseraum g
    left join standort s on s.id = g.standort_id
    join leseraum l on l.grundriss_id = g.id and l.aktiv${raumartSql(f.raumart)}
    where g.aktiv${inStandorten(sql`g.standort_id`, f.standortIds)}${
      f.grundrissId ? sql` and g.id = ${f.grundrissId}` : sql``
    }${f.bereich ? sql` and g.bereich = ${f.bereich}` : sql``}
    group by g.id, s.id
    order by s.name nulls last, g.bezeichnung, g.id`);
  return result.rows as PlanRow[];
};

export type OeffnungRow = {
  grundrissId: string;
  wochentag: number;
  von: string;
  bis: string;
  geoeffnet: boolean;
};
export type SonderRow = {
  grundrissId: string;
  gueltigVon: string;
  gueltigBis: string;
  status: 'offen' | 'geschlossen';
  von: string;
  bis: string;
};

export const findOeffnungen = async (
  tx: Tx,
  { planIds, vonTag, bisTag }: { planIds: readonly string[]; vonTag: string; bisTag: string },
): Promise<{ weekly: OeffnungRow[]; specials: SonderRow[] }> => {
  if (planIds.length === 0) return { weekly: [], specials: [] };
  const ids = uuidArray(planIds);
  const weekly = await tx.execute(sql`select grundriss_id as "grundrissId", wochentag, von, bis, geoeffnet
    from oeffnungszeit where grundriss_id = any(${ids}::uuid[])`);
  const specials =
    await tx.execute(sql`select grundriss_id as "grundrissId", gueltig_von::text as "gueltigVon",
      gueltig_bis::text as "gueltigBis", status, von, bis
    from abweichende_oeffnungszeit
    where grundriss_id = any(${ids}::uuid[]) and gueltig_von <= ${bisTag}::date and gueltig_bis >= ${vonTag}::date`);
  return { weekly: weekly.rows as OeffnungRow[], specials: specials.rows as SonderRow[] };
};

/** One open piece of a plan's opening hours (an hour piece of the heatmap). */
export type PlanStueck = { grundrissId: string; von: Date; bis: Date };

/** A place (capacity 1) or a group room: the two kinds the rollup keeps apart (decision 276). */
export type Art = 'platz' | 'gruppenraum';

/** The statuses the preview of the next two weeks counts: holds, reservations and check-ins (expected occupancy). */
const VORSCHAU = sql.raw(`b.status in ('vorgemerkt', 'reserviert', 'aktiv', 'durchgeführt')`);

/**
 * Booked and checked-in minutes inside each piece (`i` = the piece's index), summed over the plan's places of each
 * kind (a piece without bookings of a kind has no row of it), and the minutes the preview counts (`vorschau`: the
 * future's holds and reservations, the expected occupancy).
 */
export const minutenJeStueckUndArt = async (
  tx: Tx,
  { stuecke, raumart }: { stuecke: readonly PlanStueck[]; raumart?: PlanFilter['raumart'] },
): Promise<{ i: number; art: Art; belegt: number; eingecheckt: number; vorschau: number }[]> => {
  if (stuecke.length === 0) return [];
  const { start, ende } = zeitSpanne(stuecke);
  // Each piece lies in one hour, and each booking is cut into the hours it touches: the join is on the plan and the
  // hour (a hash join), where it was on the plan alone (a year: 25,300 pieces against 111,854 bookings, 374 million
  // pairs thrown away by the overlap, 56 s; decision 275). A piece and a booking meet in exactly the hours both
  // touch, each clipped to the hour, so the minutes are the same sum. Hours in UTC: the same on both sides.
  const result = await tx.execute(sql`with s as (
      select * from unnest(${uuidArray(stuecke.map((s) => s.grundrissId))}::uuid[],
        ${tsArray(stuecke.map((s) => s.von))}::timestamptz[], ${tsArray(stuecke.map((s) => s.bis))}::timestamptz[],
        ${intArray(stuecke.map((_, i) => i))}::int[]) as s(grundriss_id, von, bis, i)
    ), sh as (
      select s.i, s.grundriss_id, h as stunde, greatest(s.von, h) as von, least(s.bis, h + interval '1 hour') as bis
      from s cross join lateral generate_series(date_trunc('hour', s.von, 'UTC'), s.bis - interval '1 microsecond',
        interval '1 hour') as h
    ), b as materialized (
      select l.grundriss_id, l.kapazitaet = 1 as platz, b.status, ${GEBUCHT} as gebucht, ${VORSCHAU} as vorgesehen,
        h as stunde, greatest(b.von, h) as von,
        least(b.bis, h + interval '1 hour') as bis
      from leseraum_buchung b join leseraum l on l.id = b.leseraum_id and l.aktiv${raumartSql(raumart)}
        and l.grundriss_id = any(${uuidArray([...new Set(stuecke.map((s) => s.grundrissId))])}::uuid[])
      cross join lateral generate_series(date_trunc('hour', greatest(b.von, ${start.toISOString()}::timestamptz), 'UTC'),
        least(b.bis, ${ende.toISOString()}::timestamptz) - interval '1 microsecond', interval '1 hour') as h
      where ${leseraumBuchungImZeitraum(start, ende)} and (${GEBUCHT} or ${VORSCHAU})
    )
    select sh.i, b.platz,
      (coalesce(sum(extract(epoch from least(b.bis, sh.bis) - greatest(b.von, sh.von))) filter (where b.gebucht), 0)
        / 60)::float8 as belegt,
      (coalesce(sum(extract(epoch from least(b.bis, sh.bis) - greatest(b.von, sh.von)))
        filter (where ${EINGECHECKT}), 0) / 60)::float8 as eingecheckt,
      (coalesce(sum(extract(epoch from least(b.bis, sh.bis) - greatest(b.von, sh.von))) filter (where b.vorgesehen), 0)
        / 60)::float8 as vorschau
    from sh join b on b.grundriss_id = sh.grundriss_id and b.stunde = sh.stunde and b.von < sh.bis and b.bis > sh.von
    group by sh.i, b.platz`);
  return (
    result.rows as { i: number; platz: boolean; belegt: number; eingecheckt: number; vorschau: number }[]
  ).map((r) => ({
    i: Number(r.i),
    art: r.platz ? 'platz' : 'gruppenraum',
    belegt: Number(r.belegt),
    eingecheckt: Number(r.eingecheckt),
    vorschau: Number(r.vorschau),
  }));
};

/** One open day of a plan (the full-day mode's unit, with the day's opening hours). */
export type PlanTag = { grundrissId: string; tag: string; von: Date; bis: Date };

/**
 * Places booked (and checked in) on each open day of each plan, per kind: the full-day mode's numerator (a day
 * without bookings of a kind has no row of it).
 */
export const plaetzeJeTagUndArt = async (
  tx: Tx,
  { tage, raumart }: { tage: readonly PlanTag[]; raumart?: PlanFilter['raumart'] },
): Promise<{ grundrissId: string; tag: string; art: Art; belegt: number; eingecheckt: number }[]> => {
  if (tage.length === 0) return [];
  const { start, ende } = zeitSpanne(tage);
  const result = await tx.execute(sql`with t as (
      select * from unnest(${uuidArray(tage.map((t) => t.grundrissId))}::uuid[], ${textArray(tage.map((t) => t.tag))}::text[],
        ${tsArray(tage.map((t) => t.von))}::timestamptz[], ${tsArray(tage.map((t) => t.bis))}::timestamptz[])
        as t(grundriss_id, tag, von, bis)
    ), b as materialized (
      select b.von, b.bis, b.status, b.leseraum_id, l.grundriss_id, l.kapazitaet = 1 as platz, d::date as tag
      from leseraum_buchung b join leseraum l on l.id = b.leseraum_id and l.aktiv${raumartSql(raumart)}
        and l.grundriss_id = any(${uuidArray([...new Set(tage.map((t) => t.grundrissId))])}::uuid[])
      cross join lateral generate_series((greatest(b.von, ${start.toISOString()}::timestamptz) at time zone 'Europe/Berlin')::date,
        ((least(b.bis, ${ende.toISOString()}::timestamptz) - interval '1 microsecond') at time zone 'Europe/Berlin')::date,
        interval '1 day') as d
      where ${leseraumBuchungImZeitraum(start, ende)} and ${GEBUCHT}
    )
    select t.grundriss_id as "grundrissId", t.tag, b.platz, count(distinct b.leseraum_id)::int as belegt,
      count(distinct b.leseraum_id) filter (where ${EINGECHECKT})::int as eingecheckt
    from t join b on b.grundriss_id = t.grundriss_id and b.tag = t.tag::date and b.von < t.bis and b.bis > t.von
    group by t.grundriss_id, t.tag, b.platz`);
  return (
    result.rows as { grundrissId: string; tag: string; platz: boolean; belegt: number; eingecheckt: number }[]
  ).map((r) => ({
    grundrissId: r.grundrissId,
    tag: r.tag,
    art: r.platz ? 'platz' : 'gruppenraum',
    belegt: Number(r.belegt),
    eingecheckt: Number(r.eingecheckt),
  }));
};

/**
 * How many sampled bookings a cell's proof reads at most (decision 276): a few per place or vehicle, enough to find
 * k distinct people in a cell that has them many times over.
 */
const probeGroesse = (k: number) => Math.max(300, 30 * k);

/**
 * The distinct bookers behind the booked time of each plan in `[start, ende)` (for the k threshold; they never
 * leave the server), and how many distinct people booked the selection in the period (any status). First a proof
 * (decision 276, unless `genau`): a sample of the bookings starting in the period, a few per place; a plan where it
 * finds at least `k` people keeps the sample as its list (`gezogen`), the other plans get their exact lists, and
 * `alle` is the sampled people's number when that reaches k. So each list is exact or holds at least k people, which
 * is all the k threshold asks unless it must take a shown cell into "Sonstige" (`brauchtGenaueListen`): then the
 * caller asks again with `genau`.
 */
export const personenJePlan = async (
  tx: Tx,
  {
    planIds,
    start,
    ende,
    raumart,
    vorschau = false,
    k,
    genau = false,
  }: {
    planIds: readonly string[];
    start: Date;
    ende: Date;
    raumart?: PlanFilter['raumart'];
    vorschau?: boolean;
    k: number;
    genau?: boolean;
  },
): Promise<{ jePlan: Map<string, string[]>; alle: number; gezogen: boolean }> => {
  if (planIds.length === 0) return { jePlan: new Map(), alle: 0, gezogen: false };
  const zaehlt = vorschau ? VORSCHAU : GEBUCHT;
  const bewiesen = new Map<string, string[]>();
  if (!genau) {
    const probe = await tx.execute(sql`select distinct g.id as "grundrissId", x.person
      from unnest(${uuidArray(planIds)}::uuid[]) as g(id)
      cross join lateral (
        select lower(b.systembenutzer1_mail) as person
        from leseraum l
        cross join lateral (select b.systembenutzer1_mail from leseraum_buchung b
          where b.leseraum_id = l.id and b.von >= ${start.toISOString()}::timestamptz
            and b.von < ${ende.toISOString()}::timestamptz and ${zaehlt}
          order by b.von limit 3) b
        where l.grundriss_id = g.id and l.aktiv${raumartSql(raumart)}
        limit ${probeGroesse(k)}) x`);
    for (const [id, liste] of paareJe(probe.rows as { grundrissId: string; person: string }[], 'grundrissId'))
      if (liste.length >= k) bewiesen.set(id, liste);
  }
  const offen = planIds.filter((id) => !bewiesen.has(id));
  const jePlan = new Map(bewiesen);
  if (offen.length > 0) {
    // distinct pairs grouped here: `array_agg(distinct …)` per plan sorted all of a plan's bookings (decision 275);
    // read place by place through the place's index (`offset 0` keeps the lateral a loop: flattened, it became a
    // scan of every booking of the tenant for a few small plans, 280 ms where the loop takes 1.4)
    await tx.execute(sql`select set_config('work_mem', '16MB', true)`);
    const paare =
      await tx.execute(sql`select distinct l.grundriss_id as "grundrissId", lower(x.mail) as person
      from leseraum l
      cross join lateral (select b.systembenutzer1_mail as mail from leseraum_buchung b
        where b.leseraum_id = l.id and ${leseraumBuchungImZeitraum(start, ende)} and ${zaehlt} offset 0) x
      where l.grundriss_id = any(${uuidArray(offen)}::uuid[]) and l.aktiv${raumartSql(raumart)}`);
    for (const [id, liste] of paareJe(paare.rows as { grundrissId: string; person: string }[], 'grundrissId'))
      jePlan.set(id, liste);
  }
  const gezogen = bewiesen.size > 0;
  const gezogeneLeute = new Set([...bewiesen.values()].flat()).size;
  if (gezogeneLeute >= k) return { jePlan, alle: gezogeneLeute, gezogen };
  const alle = await tx.execute(sql`select count(distinct lower(b.systembenutzer1_mail))::int as n
    from leseraum_buchung b join leseraum l on l.id = b.leseraum_id and l.aktiv${raumartSql(raumart)}
    where l.grundriss_id = any(${uuidArray(planIds)}::uuid[]) and b.von >= ${start.toISOString()}::timestamptz and b.von < ${ende.toISOString()}::timestamptz`);
  return { jePlan, alle: Number((alle.rows[0] as { n: number } | undefined)?.n ?? 0), gezogen };
};

export type BuchungsZaehlung = {
  gebucht: number;
  eingecheckt: number;
  freigegeben: number;
  verfallen: number;
  storniert: number;
  unterEinerStunde: number;
  biszuEinemTag: number;
  biszuEinerWoche: number;
  laenger: number;
  unbekannt: number;
};

/** The order of a `BuchungsZaehlung`'s counts where they are kept as an array (the rollup, decision 276). */
export const ZAEHLUNG_FELDER = [
  'gebucht',
  'eingecheckt',
  'freigegeben',
  'verfallen',
  'storniert',
  'unterEinerStunde',
  'biszuEinemTag',
  'biszuEinerWoche',
  'laenger',
  'unbekannt',
] as const satisfies readonly (keyof BuchungsZaehlung)[];

export const leereZaehlung = (): BuchungsZaehlung =>
  Object.fromEntries(ZAEHLUNG_FELDER.map((k) => [k, 0])) as BuchungsZaehlung;

/** The counts of `BuchungsZaehlung` over the bookings `b` of a group (in `ZAEHLUNG_FELDER`'s order). */
const ZAEHLUNG = sql`count(*) filter (where ${GEBUCHT})::int as gebucht,
      count(*) filter (where ${EINGECHECKT})::int as eingecheckt,
      count(*) filter (where b.storno_grund = 'nicht_eingecheckt')::int as freigegeben,
      count(*) filter (where b.storno_grund = 'frist_abgelaufen')::int as verfallen,
      count(*) filter (where b.status = 'storniert' and (b.storno_grund = 'storniert' or b.storno_grund is null))::int as storniert,
      count(*) filter (where b.storno_grund = 'storniert' and b.von - b.storniert_am < interval '1 hour')::int as "unterEinerStunde",
      count(*) filter (where b.storno_grund = 'storniert' and b.von - b.storniert_am >= interval '1 hour'
        and b.von - b.storniert_am < interval '1 day')::int as "biszuEinemTag",
      count(*) filter (where b.storno_grund = 'storniert' and b.von - b.storniert_am >= interval '1 day'
        and b.von - b.storniert_am < interval '7 days')::int as "biszuEinerWoche",
      count(*) filter (where b.storno_grund = 'storniert' and b.von - b.storniert_am >= interval '7 days')::int as laenger,
      count(*) filter (where b.status = 'storniert' and (b.storno_grund is null or b.storniert_am is null))::int as unbekannt`;

const alsZaehlung = (row: Record<string, unknown>): BuchungsZaehlung =>
  Object.fromEntries(ZAEHLUNG_FELDER.map((k) => [k, Number(row[k] ?? 0)])) as BuchungsZaehlung;

/**
 * The bookings starting on each Berlin day of each plan (`tage`: plan and day), counted by what became of them, per
 * kind (a day without bookings of a kind has no row of it): the rollup's counts (decision 276).
 */
export const zaehlungJeTagUndArt = async (
  tx: Tx,
  { tage }: { tage: readonly { grundrissId: string; tag: string }[] },
): Promise<({ grundrissId: string; tag: string; art: Art } & BuchungsZaehlung)[]> => {
  if (tage.length === 0) return [];
  const { vonTag, bisTag } = tageSpanne(tage);
  const result = await tx.execute(sql`with t as (
      select * from unnest(${uuidArray(tage.map((t) => t.grundrissId))}::uuid[], ${textArray(tage.map((t) => t.tag))}::date[])
        as t(grundriss_id, tag)
    ), b as (
      select b.*, l.grundriss_id, l.kapazitaet = 1 as platz, (b.von at time zone 'Europe/Berlin')::date as starttag
      from leseraum_buchung b join leseraum l on l.id = b.leseraum_id and l.aktiv
        and l.grundriss_id = any(${uuidArray([...new Set(tage.map((t) => t.grundrissId))])}::uuid[])
      where b.von >= (${vonTag}::date::timestamp at time zone 'Europe/Berlin')
        and b.von < ((${bisTag}::date + 1)::timestamp at time zone 'Europe/Berlin')
    )
    select t.grundriss_id as "grundrissId", to_char(t.tag, 'YYYY-MM-DD') as tag, b.platz, ${ZAEHLUNG}
    from t join b on b.grundriss_id = t.grundriss_id and b.starttag = t.tag
    group by t.grundriss_id, t.tag, b.platz`);
  return (
    result.rows as ({ grundrissId: string; tag: string; platz: boolean } & Record<string, unknown>)[]
  ).map((r) => ({
    grundrissId: r.grundrissId,
    tag: r.tag,
    art: r.platz ? 'platz' : 'gruppenraum',
    ...alsZaehlung(r),
  }));
};
