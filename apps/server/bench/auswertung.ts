/**
 * The utilisation and evaluation part of `npm run bench` (decision 247): on the vehicle bench data of
 * `fahrzeug.ts` (200 vehicles in 5 locations, 1,000 bookings each over two years), the bookings are spread over the
 * tenant's demo users (so a selection counts at least k people and the figures are computed, not hidden) and a
 * year of unmet-demand counts is added (5 locations × 365 days × 10 hours); beside them some 300,000 reading-room
 * bookings of six floor plans over two years (`buildLeseraumAuslastungBenchData`). Then a year's and a month's vehicle
 * utilisation, reading-room utilisation and evaluation are timed, and the hot statements are explained.
 */
import { addCalendarDays, berlinDateKey, berlinInstant } from '@stellwerk/domain/time';
import { inStunden } from '@stellwerk/domain/verwaltung/auslastung/buchbare-zeit';
import { sql } from 'drizzle-orm';
import type { Tx } from '../src/db/client';
import {
  nachfrageSummen,
  personenJeFahrzeug,
  personenZeigbar,
} from '../src/modules/verwaltung/auslastung/auslastung.fahrzeuge.repository';
import {
  fensterDerPlaene,
  grenzen,
  planZahlen,
} from '../src/modules/verwaltung/auslastung/auslastung.kontext';
import {
  findPlaene,
  personenJePlan,
} from '../src/modules/verwaltung/auslastung/auslastung.leseraum.repository';
import {
  gespeicherteMinuten,
  minutenJeFahrzeugTagRoh,
} from '../src/modules/verwaltung/auslastung/auslastung.rollup';
import { summenJeFahrzeug } from '../src/modules/verwaltung/auslastung/auslastung.summen';
import type { FahrzeugBenchData } from './fahrzeug';
import { type BenchZiel, statistikAuffrischen } from './server';

export const buildAuswertungBenchData = async (server: BenchZiel, data: FahrzeugBenchData) => {
  const heute = berlinDateKey(new Date());
  await server.database.withAllTenants(async (tx) => {
    // the bench bookings belong to one user; spread them over the tenant's users (the demo's: not the drivers the
    // vehicle part made for its POSTs, so the data is the same whether that part ran or not)
    await tx.execute(sql`
      with leute as (select array_agg(id order by email) as ids from benutzer
        where mandant_id = ${data.mandantId} and email not like 'fahrer-%')
      update fahrzeug_buchung b set benutzer_id = leute.ids[1 + (abs(hashtext(b.id::text)) % array_length(leute.ids, 1))]
      from leute where b.mandant_id = ${data.mandantId}`);
    await tx.execute(sql`
      insert into fahrzeug_nachfrage_ungedeckt (mandant_id, standort_id, kategorie, tag, stunde, anzahl)
      select ${data.mandantId}, s.id, 'Kompaktklasse', ${heute}::date - d, h, 1 + (d + h) % 4
      from standort s cross join generate_series(0, 364) as d cross join generate_series(8, 17) as h
      where s.mandant_id = ${data.mandantId} and s.name like 'Bench-Standort %'
      on conflict do nothing`);
  });
  const leseraumBuchungen = await buildLeseraumAuslastungBenchData(server, data.mandantId, heute);
  await statistikAuffrischen(server);
  return { heute, leseraumBuchungen };
};

/** Floor plans of the reading-room utilisation's data: four reading rooms and two workspaces. */
export const LESERAUM_PLAENE = 6;
/** Places (capacity 1) per plan, and group rooms (capacity 8) per plan. */
export const LESERAUM_PLAETZE = 100;
export const LESERAUM_GRUPPENRAEUME = 4;
/** The people who book them (the k threshold counts distinct people per plan and location). */
export const LESERAUM_PERSONEN = 600;

/**
 * The reading-room bookings of the utilisation (decisions 163–166) at the scale of the vehicle data, in the measured
 * tenant: six floor plans at the bench's five locations (four reading rooms open Monday to Friday 08:00–20:00 and
 * Saturday 10:00–16:00, two workspaces Monday to Friday 07:00–19:00), each with 100 places and four group rooms,
 * booked from the first day of last year to two weeks ahead (the year measured, the previous year it is compared
 * with, and the preview). A place is booked on four of five open days, for the day or (one in five) the morning; a
 * group room in four 2-hour pieces of the day, each piece on two of five open days. What became of them, by a hash of place and
 * day: past ones mostly checked in and performed, some released without check-in, cancelled (lead times from
 * 30 minutes to 10 days), held and lapsed or declined; today's checked in or reserved; future ones reserved, held
 * or cancelled. Booked by 600 people. Set-based SQL; returns the number of bookings written.
 */
export const buildLeseraumAuslastungBenchData = async (
  server: BenchZiel,
  mandantId: string,
  heute: string,
) => {
  const anfang = `${Number(heute.slice(0, 4)) - 1}-01-01`;
  return server.database.withAllTenants(async (tx) => {
    await tx.execute(sql`
      insert into grundriss_leseraum (mandant_id, bezeichnung, beschreibung, bereich, standort_id)
      select ${mandantId}, 'Bench-Auslastung ' || p, 'Messung der Auslastung',
             case when p <= 4 then 'leseraum' else 'arbeitswelt' end, st.id
      from generate_series(1, ${LESERAUM_PLAENE}) as p
      join (select id, row_number() over (order by name) as n from standort
            where mandant_id = ${mandantId} and name like 'Bench-Standort %') st on st.n = 1 + (p - 1) % 5`);
    const plaene = sql`(select id, bereich from grundriss_leseraum
      where mandant_id = ${mandantId} and bezeichnung like 'Bench-Auslastung %') g`;
    await tx.execute(sql`
      insert into leseraum (mandant_id, grundriss_id, bezeichnung, kapazitaet, position)
      select ${mandantId}, g.id, case when i < ${LESERAUM_PLAETZE} then 'Platz ' || lpad(i::text, 3, '0')
                                      else 'Gruppenraum ' || (i - ${LESERAUM_PLAETZE} + 1) end,
             case when i < ${LESERAUM_PLAETZE} then 1 else 8 end,
             jsonb_build_object('x', 40 + (i % 20) * 50, 'y', 40 + (i / 20) * 60)
      from ${plaene} cross join generate_series(0, ${LESERAUM_PLAETZE + LESERAUM_GRUPPENRAEUME - 1}) as i`);
    await tx.execute(sql`
      insert into oeffnungszeit (mandant_id, grundriss_id, wochentag, von, bis, geoeffnet)
      select ${mandantId}, g.id, d,
             case when g.bereich = 'arbeitswelt' then '07:00' when d = 6 then '10:00' else '08:00' end,
             case when g.bereich = 'arbeitswelt' then '19:00' when d = 6 then '16:00' else '20:00' end,
             d between 1 and 5 or (d = 6 and g.bereich = 'leseraum')
      from ${plaene} cross join generate_series(0, 6) as d`);
    // one row per place-day (the morning or the whole opening) or per group room's 2-hour piece; h picks what became
    // of it, p the person
    const result = await tx.execute(sql`
      insert into leseraum_buchung (mandant_id, leseraum_id, von, bis, status, systembenutzer1_mail,
        systembenutzer2_mail, gruppengroesse, storno_grund, storniert_am)
      select ${mandantId}, x.leseraum_id, x.von, x.bis, z.status,
             'leser-' || x.p || '@musterstadt.example', 'leser-' || x.p || '@musterstadt.example', x.gruppe,
             z.storno_grund,
             case when z.storno_grund in ('storniert', 'frist_abgelaufen', 'abgelehnt')
                    then least(now(), x.von - (array[interval '30 minutes', interval '5 hours', interval '3 days',
                      interval '10 days'])[1 + x.h % 4])
                  when z.storno_grund = 'nicht_eingecheckt' then x.von + interval '30 minutes' end
      from (
        select l.id as leseraum_id, t.tag,
               (t.tag + coalesce(s.von, o.von::time)) at time zone 'Europe/Berlin' as von,
               (t.tag + coalesce(s.bis, case when l.kapazitaet = 1 and abs(hashtext(l.id::text || t.tag || 'halb')) % 5 = 0
                                              then least(o.bis::time, time '13:00') else o.bis::time end))
                 at time zone 'Europe/Berlin' as bis,
               abs(hashtext(l.id::text || t.tag || coalesce(s.von::text, ''))) % 100 as h,
               abs(hashtext(l.id::text || t.tag || 'person')) % ${LESERAUM_PERSONEN} as p,
               case when l.kapazitaet = 1 then 1 else 2 + abs(hashtext(l.id::text || t.tag)) % 7 end as gruppe
        from leseraum l
        join ${plaene} on g.id = l.grundriss_id
        cross join generate_series(0, ${heute}::date + 14 - ${anfang}::date) as n
        cross join lateral (select ${anfang}::date + n as tag) t
        join oeffnungszeit o on o.grundriss_id = g.id and o.geoeffnet and o.wochentag = extract(dow from t.tag)
        left join lateral (
          select time '09:00' + k * interval '2 hours' + case when k >= 2 then interval '1 hour' else interval '0' end as von,
                 time '11:00' + k * interval '2 hours' + case when k >= 2 then interval '1 hour' else interval '0' end as bis
          from generate_series(0, 3) as k where l.kapazitaet > 1
        ) s on true
        where l.kapazitaet = 1 or (s.von >= o.von::time and s.bis <= o.bis::time)
      ) x
      cross join lateral (select
        case when x.tag < ${heute}::date then
               case when x.h < 55 then 'durchgeführt' when x.h < 80 then 'storniert' end
             when x.tag = ${heute}::date then
               case when x.h < 55 then 'aktiv' when x.h < 65 then 'reserviert' when x.h < 80 then 'storniert' end
             else case when x.h < 55 then 'reserviert' when x.h < 65 then 'vorgemerkt' when x.h < 80 then 'storniert' end
        end as status,
        case when x.tag < ${heute}::date then
               case when x.h between 55 and 61 then 'nicht_eingecheckt' when x.h between 62 and 71 then 'storniert'
                    when x.h between 72 and 77 then 'frist_abgelaufen' when x.h between 78 and 79 then 'abgelehnt' end
             when x.h between 65 and 79 then 'storniert'
        end as storno_grund) z
      where z.status is not null and (x.gruppe = 1 or x.h % 2 = 0)`);
    const r = result as { rowCount?: number | null; affectedRows?: number };
    return r.rowCount ?? r.affectedRows ?? 0;
  });
};

/**
 * The paths measured: a year and a month of the vehicle utilisation, of the reading rooms' and of the evaluation,
 * all locations.
 */
export const auswertungPfade = (heute: string) => ({
  'GET auslastung Jahr': `/api/auslastung/fahrzeuge?art=jahr&tag=${heute}`,
  'GET auslastung Monat': `/api/auslastung/fahrzeuge?art=monat&tag=${heute}`,
  'GET Leseraum Jahr': `/api/auslastung/leseraum?art=jahr&tag=${heute}`,
  'GET Leseraum Monat': `/api/auslastung/leseraum?art=monat&tag=${heute}`,
  'GET auswertung Jahr': `/api/auswertung?art=jahr&tag=${heute}`,
  'GET auswertung Monat': `/api/auswertung?art=monat&tag=${heute}`,
});

/**
 * A transaction whose `execute` prefixes `explain (analyze, buffers)` and pushes the plan to `plaene`, answering no
 * rows (the repository's mapping of the plan rows is thrown away); a setting a statement needs (`set_config`, e.g.
 * work_mem for the people per vehicle) is run, not explained.
 */
const erklaerenderTx = (tx: Tx, plaene: string[]) =>
  ({
    execute: async (q: ReturnType<typeof sql>) => {
      const text = (q as unknown as { queryChunks: { value?: string[] }[] }).queryChunks
        .flatMap((c) => c.value ?? [])
        .join('');
      if (text.includes('set_config(')) return tx.execute(q);
      // the rollup's stores are not explained: `explain analyze` would run them with the empty rows returned here
      if (text.trimStart().startsWith('insert')) return { rows: [] };
      const r = await tx.execute(sql`explain (analyze, buffers) ${q}`);
      plaene.push((r.rows as Record<string, string>[]).map((z) => Object.values(z)[0]).join('\n'));
      return { rows: [] };
    },
  }) as unknown as Tx;

/**
 * The plans of the hot statements, run as the repository runs them: a transaction whose `execute` prefixes
 * `explain (analyze, buffers)` and keeps the plan (the repository's mapping of the plan rows is thrown away).
 */
export const explainAuswertung = async (server: BenchZiel, data: FahrzeugBenchData, heute: string) => {
  const plaene: string[] = [];
  const jahrVon = `${heute.slice(0, 4)}-01-01`;
  const jahrBis = `${heute.slice(0, 4)}-12-31`;
  await server.database.withTenant(data.mandantId, async (tx) => {
    const erklaerend = erklaerenderTx(tx, plaene);
    // a year of open days (09–18) of the 200 vehicles: what the year's utilisation hands the database
    const tage = data.fahrzeugIds.flatMap((fahrzeugId) =>
      Array.from({ length: 365 }, (_, i) => {
        const tag = addCalendarDays(jahrVon, i);
        return { fahrzeugId, tag, von: berlinInstant(tag, '09:00'), bis: berlinInstant(tag, '18:00') };
      }),
    );
    // the rollup's rows of the year (decision 256), and the raw statement for the days it does not hold
    await erklaerend.execute(
      gespeicherteMinuten({ ids: `{${data.fahrzeugIds.join(',')}}`, vonTag: jahrVon, bisTag: jahrBis }),
    );
    await minutenJeFahrzeugTagRoh(erklaerend, { tage });
    // the sums per vehicle through the rollup (decision 270): one group of open days, every vehicle in it
    await summenJeFahrzeug(erklaerend, {
      zeitraum: { vonTag: jahrVon, bisTag: jahrBis },
      gruppen: [
        tage
          .filter((t) => t.fahrzeugId === data.fahrzeugIds[0])
          .map(({ tag, von, bis }) => ({ tag, von, bis })),
      ],
      fahrzeuge: data.fahrzeugIds.map((id) => ({ id, gruppe: 0, gueltigVon: null, gueltigBis: null })),
    });
    // the explaining transaction answers no rows, so the samples prove nothing and the exact reads are explained too
    await personenJeFahrzeug(erklaerend, {
      fahrzeugIds: data.fahrzeugIds,
      start: berlinInstant(jahrVon, '00:00'),
      ende: berlinInstant(addCalendarDays(jahrBis, 1), '00:00'),
      k: 5,
    });
    await personenZeigbar(erklaerend, {
      fahrzeugIds: data.fahrzeugIds,
      start: berlinInstant(jahrVon, '00:00'),
      ende: berlinInstant(addCalendarDays(jahrBis, 1), '00:00'),
      k: 5,
    });
    await nachfrageSummen(erklaerend, { vonTag: jahrVon, bisTag: jahrBis });
  });
  return [
    `the rollup's rows of a year (${data.fahrzeugIds.length * 365} vehicle-days)`,
    `booked minutes per vehicle-day from the raw rows, a year (${data.fahrzeugIds.length * 365} vehicle-days)`,
    `the monthly level's rows of a year (${data.fahrzeugIds.length} vehicles × 12 months, decision 274)`,
    `the sums per vehicle and month from the daily level, a year with no month held (${data.fahrzeugIds.length} vehicles in one group)`,
    'people per vehicle, a year: the sample that proves k people on each (decision 276)',
    'people per vehicle, a year: the exact pairs (when the sample proves nothing)',
    "the vehicles' people, a year (the previous period's k check): the sample",
    "the vehicles' people, a year (the previous period's k check): the exact count",
    'unmet demand summed per location, category, day and hour, a year',
  ].map((titel, i) => `${titel}\n${plaene[i] ?? ''}`);
};

/**
 * The plans of the reading-room utilisation's statements over a year of all plans, as the utilisation runs them
 * (the plans and their opening hours read as usual, the statements on the bookings explained): the people per plan
 * (the k threshold), the booked minutes per hour piece (the heatmap, and the figures in the hourly mode), the booked
 * places per plan-day (the full-day mode) and the bookings counted by what became of them.
 */
export const explainLeseraumAuslastung = async (server: BenchZiel, mandantId: string, heute: string) => {
  const plaene: string[] = [];
  const zeitraum = { vonTag: `${heute.slice(0, 4)}-01-01`, bisTag: `${heute.slice(0, 4)}-12-31` };
  const { start, ende } = grenzen(zeitraum);
  const stuecke = await server.database.withTenant(mandantId, async (tx) => {
    const erklaerend = erklaerenderTx(tx, plaene);
    const grundrisse = await findPlaene(tx, {});
    const planIds = grundrisse.map((p) => p.id);
    const fenster = await fensterDerPlaene(tx, grundrisse, zeitraum);
    await personenJePlan(erklaerend, { planIds, start, ende, k: 5 });
    await planZahlen(erklaerend, { plaene: grundrisse, zeitraum, fenster, modus: 'ganztags' });
    return {
      plaene: grundrisse.length,
      stunden: grundrisse.reduce((n, p) => n + inStunden(fenster.get(p.id) ?? []).length, 0),
      tage: grundrisse.reduce((n, p) => n + (fenster.get(p.id) ?? []).length, 0),
    };
  });
  return [
    `reading rooms: the people per plan, a year: the sample that proves k people on each (${stuecke.plaene} plans, decision 276)`,
    'reading rooms: the people per plan, a year: the exact pairs (when the sample proves nothing)',
    'reading rooms: the people of the bookings starting in the year (when the sample proves nothing)',
    `reading rooms: the rollup's rows of a year (${stuecke.tage} plan-days, decision 276)`,
    `reading rooms: booked minutes per hour piece and kind from the raw rows, a year (${stuecke.stunden} pieces)`,
    `reading rooms: booked places per plan-day and kind from the raw rows, a year (${stuecke.tage} plan-days)`,
    'reading rooms: the bookings of each plan-day and kind counted by what became of them, from the raw rows, a year',
  ].map((titel, i) => `${titel}\n${plaene[i] ?? ''}`);
};
