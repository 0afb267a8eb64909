/**
 * The vehicle part of `npm run bench`: one tenant (Stadtwerke Musterstadt of the demo) gets 200
 * vehicles in 5 new locations and 1,000 bookings per vehicle over two years (200,000); on PostgreSQL nine
 * more tenants of the same size are added (2 million bookings in all). The data is made with set-based SQL
 * (`insert … select … generate_series`) through the explicit cross-tenant path (decision 029).
 *
 * Bookings lie on every 0.73rd day from a year ago to a year ahead, 2 hours each at 09:00, 12:00 or 15:00
 * (a tenth cancelled, one in fifty a WARTUNG block, past ones performed); the days FREIE_TAGE ahead stay
 * free for the POST measurement.
 */

import http from 'node:http';
import { addCalendarDays, berlinDateKey, berlinInstant } from '@stellwerk/domain/time';
import { sql } from 'drizzle-orm';
import { percentile } from './messen';
import { type BenchZiel, statistikAuffrischen } from './server';

export const FAHRZEUGE = 200;
export const STANDORTE = 5;
export const BUCHUNGEN_PRO_FAHRZEUG = 1000;

/** Days from today kept free of bookings for the POST measurement (inside the 30 bookable days). */
const FREIE_TAGE = [20, 21, 22, 23, 24, 25, 26];

export type FahrzeugBenchData = {
  mandantId: string;
  standortId: string;
  fahrzeugIds: string[];
  /** a 3-hour slot two days ahead (for GET /api/fahrzeuge?nurFrei) */
  slot: { von: string; bis: string };
  /** the week around it (for the timeline) */
  woche: { von: string; bis: string };
  /**
   * free slots for POST: vehicle, start, end; slot after slot, each for every vehicle at the same time (so each
   * vehicle needs a driver of its own: one driver cannot hold two cars at once)
   */
  postSlots: { fahrzeugId: string; von: string; bis: string }[];
};

/** Fills tenant `mandantId` with the vehicles and bookings; returns the number of bookings written. */
const fuelleMandant = async (server: BenchZiel, mandantId: string, benutzerId: string, heute: string) =>
  server.database.withAllTenants(async (tx) => {
    await tx.execute(sql`
      insert into standort (mandant_id, name)
      select ${mandantId}, 'Bench-Standort ' || s from generate_series(1, ${STANDORTE}) as s`);
    const fahrzeuge = await tx.execute(sql`
      insert into fahrzeug (mandant_id, standort_id, marke, modell, kennzeichen, kategorie, sitze)
      select ${mandantId}, st.id, 'Bench', 'Modell ' || (i % 7), 'BN-' || lpad(i::text, 4, '0'), 'Kompaktklasse', 5
      from generate_series(0, ${FAHRZEUGE - 1}) as i
      join (select id, row_number() over (order by name) - 1 as n from standort
            where mandant_id = ${mandantId} and name like 'Bench-Standort %') st on st.n = i % ${STANDORTE}
      returning id`);
    // the new vehicles' ids as a list: read back through a subquery of the growing vehicle table, the statement
    // took longer with every tenant (11 s for the second, 63 s for the nineteenth), by hand 7 s each
    const ids = (fahrzeuge.rows as { id: string }[]).map((f) => f.id);
    const result = await tx.execute(sql`
      insert into fahrzeug_buchung (mandant_id, fahrzeug_id, benutzer_id, von, bis, status, typ)
      select ${mandantId}, f.id, ${benutzerId},
             (t.tag + make_time(9 + (g % 3) * 3, 0, 0)) at time zone 'Europe/Berlin',
             (t.tag + make_time(11 + (g % 3) * 3, 0, 0)) at time zone 'Europe/Berlin',
             case when g % 10 = 0 then 'storniert'
                  when t.tag < ${heute}::date then 'durchgeführt'
                  else 'reserviert' end,
             case when g % 50 = 7 then 'WARTUNG' else 'BUCHUNG' end
      from unnest(${`{${ids.join(',')}}`}::uuid[]) as f(id)
      cross join generate_series(0, ${BUCHUNGEN_PRO_FAHRZEUG - 1}) as g
      cross join lateral (select ${heute}::date - 365 + floor(g * 0.73)::int as tag) t
      where (t.tag - ${heute}::date) not in (${sql.raw(FREIE_TAGE.join(', '))})`);
    const r = result as { rowCount?: number | null; affectedRows?: number };
    return r.rowCount ?? r.affectedRows ?? 0;
  });

/** The insert trigger that marks a new booking's days and months stale in the utilisation rollup (migration 0039). */
const ROLLUP_TRIGGER = 'fahrzeug_buchung_tag_minuten_neu';

/**
 * Runs the bulk load `fn` as `pg_restore` loads a table: the booking table's keys, indexes and exclusion constraint,
 * and the other tables' foreign keys to it, dropped before and made again after from their own definitions in the
 * catalogue (the same names and definitions the migrations made), and the rollup's insert trigger off meanwhile.
 *
 * Row by row, the entries of ten indexes and the trigger's two upserts per booking took a tenant of 200,000
 * bookings about 80 s on the 2-core machine of 29.11.2026; with only the two keys left, a tenant took 23 s at
 * first and 90 s at 4 million rows, as the keys' random pages outgrew PostgreSQL's default 128 MB of buffers. The
 * 20-million build would have taken hours.
 *
 * The trigger's markers are not written afterwards either: the bench's vehicles are new, so the rollup holds no
 * day or month of theirs, and a day without a row is computed from the raw rows when it is first asked (decision
 * 256), as a day marked stale is; `buildFahrzeugBenchData` checks that no rollup row of them exists.
 */
export const alsMassenladung = async <T>(
  server: Pick<BenchZiel, 'driver' | 'database'>,
  fn: () => Promise<T>,
): Promise<T> => {
  const db = server.database.db;
  const zeilen = async (query: ReturnType<typeof sql>) =>
    (await db.execute(query)).rows as { tabelle: string; name: string; definition: string }[];
  // the keys first (the foreign keys need them), then the indexes, the exclusion constraint and the foreign keys
  const schluessel = await zeilen(sql`select conrelid::regclass::text as tabelle, conname as name,
      pg_get_constraintdef(oid) as definition from pg_constraint
    where conrelid = 'fahrzeug_buchung'::regclass and contype in ('p', 'u') order by contype, conname`);
  const indizes = await zeilen(sql`select 'fahrzeug_buchung' as tabelle, c.relname as name,
      pg_get_indexdef(i.indexrelid) as definition
    from pg_index i join pg_class c on c.oid = i.indexrelid
    where i.indrelid = 'fahrzeug_buchung'::regclass
      and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)
    order by 2`);
  const spaeter = await zeilen(sql`select conrelid::regclass::text as tabelle, conname as name,
      pg_get_constraintdef(oid) as definition from pg_constraint
    where (conrelid = 'fahrzeug_buchung'::regclass and contype = 'x')
       or (confrelid = 'fahrzeug_buchung'::regclass and contype = 'f')
    order by 1, 2`);
  for (const c of [...spaeter].reverse())
    await db.execute(sql.raw(`alter table ${c.tabelle} drop constraint "${c.name}"`));
  for (const x of indizes) await db.execute(sql.raw(`drop index "${x.name}"`));
  for (const c of schluessel)
    await db.execute(sql.raw(`alter table ${c.tabelle} drop constraint "${c.name}"`));
  await db.execute(sql.raw(`alter table fahrzeug_buchung disable trigger ${ROLLUP_TRIGGER}`));
  try {
    return await fn();
  } finally {
    await db.execute(sql.raw(`alter table fahrzeug_buchung enable trigger ${ROLLUP_TRIGGER}`));
    const begonnen = performance.now();
    for (const c of schluessel)
      await db.execute(sql.raw(`alter table ${c.tabelle} add constraint "${c.name}" ${c.definition}`));
    for (const x of indizes) await db.execute(sql.raw(x.definition));
    for (const c of spaeter)
      await db.execute(sql.raw(`alter table ${c.tabelle} add constraint "${c.name}" ${c.definition}`));
    console.log(
      `${server.driver}: the bookings' ${schluessel.length} keys, ${indizes.length} indexes and ${spaeter.length} constraints (exclusion, foreign keys to them) made again in ${((performance.now() - begonnen) / 1000).toFixed(0)} s`,
    );
  }
};

/**
 * Builds the data: the measured tenant is Musterstadt (its demo users book); with `andereMandanten` nine
 * more tenants, each with one user, 5 locations, 200 vehicles and their bookings.
 */
export const buildFahrzeugBenchData = async (
  server: BenchZiel,
  { andereMandanten }: { andereMandanten: number },
): Promise<FahrzeugBenchData & { buchungen: number }> => {
  const heute = berlinDateKey(new Date());
  const [ms] = (
    await server.database.withAllTenants((tx) =>
      tx.execute(sql`
        select m.id as mandant_id, b.id as benutzer_id from mandant m
        join benutzer b on b.mandant_id = m.id and b.email = 'fuhrpark@musterstadt.example'
        where m.name = 'Stadtwerke Musterstadt'`),
    )
  ).rows as { mandant_id: string; benutzer_id: string }[];
  const mandantId = ms!.mandant_id;
  const begonnen = performance.now();
  const buchungen = await alsMassenladung(server, async () => {
    let buchungen = await fuelleMandant(server, mandantId, ms!.benutzer_id, heute);
    for (let i = 1; i <= andereMandanten; i++) {
      const [neu] = (
        await server.database.withAllTenants((tx) =>
          tx.execute(sql`
          with m as (insert into mandant (name) values (${`Bench-Mandant ${i}`}) returning id)
          insert into benutzer (mandant_id, vorname, nachname, email)
          select id, 'Bench', 'Nutzer', ${`bench-${i}@bench.example`} from m
          returning mandant_id, id as benutzer_id`),
        )
      ).rows as { mandant_id: string; benutzer_id: string }[];
      buchungen += await fuelleMandant(server, neu!.mandant_id, neu!.benutzer_id, heute);
      // the progress, so a long run can be planned around its measurement
      if (i % 5 === 0 || i === andereMandanten)
        console.log(
          `${server.driver}: ${i + 1} of ${andereMandanten + 1} tenants built, ${buchungen} vehicle bookings, ${((performance.now() - begonnen) / 1000).toFixed(0)} s`,
        );
    }
    return buchungen;
  });
  // the rollup holds no day or month of the new vehicles: each is computed from the raw rows when first asked
  const imRollup = (
    await server.database.withAllTenants((tx) =>
      tx.execute(sql`select count(*)::int as n from fahrzeug f where f.kennzeichen like 'BN-%' and (
        exists (select 1 from fahrzeug_tag_minuten t where t.mandant_id = f.mandant_id and t.fahrzeug_id = f.id)
        or exists (select 1 from fahrzeug_monat_minuten m where m.mandant_id = f.mandant_id and m.fahrzeug_id = f.id))`),
    )
  ).rows as { n: number }[];
  if (imRollup[0]!.n !== 0)
    throw new Error(`${imRollup[0]!.n} bench vehicles have rollup rows before any read`);
  await statistikAuffrischen(server);

  const rows = (
    await server.database.withTenant(mandantId, (tx) =>
      tx.execute(sql`
        select f.id, f.standort_id from fahrzeug f join standort s on s.id = f.standort_id
        where f.kennzeichen like 'BN-%' order by s.name, f.kennzeichen`),
    )
  ).rows as { id: string; standort_id: string }[];
  const slotTag = addCalendarDays(heute, 2);
  const wochenStart = addCalendarDays(slotTag, -((new Date(`${slotTag}T12:00:00Z`).getUTCDay() + 6) % 7));
  const postSlots = FREIE_TAGE.flatMap((d) =>
    ['09:00', '12:00', '15:00'].flatMap((start, k) =>
      rows.map((r) => ({
        fahrzeugId: r.id,
        von: berlinInstant(addCalendarDays(heute, d), start).toISOString(),
        bis: berlinInstant(addCalendarDays(heute, d), ['11:00', '14:00', '17:00'][k]!).toISOString(),
      })),
    ),
  );
  return {
    mandantId,
    standortId: rows[0]!.standort_id,
    fahrzeugIds: rows.map((r) => r.id),
    slot: {
      von: berlinInstant(slotTag, '13:00').toISOString(),
      bis: berlinInstant(slotTag, '16:00').toISOString(),
    },
    woche: {
      von: berlinInstant(wochenStart, '00:00').toISOString(),
      bis: berlinInstant(addCalendarDays(wochenStart, 7), '00:00').toISOString(),
    },
    postSlots,
    buchungen,
  };
};

/**
 * The free-vehicle question as one hand-written SQL statement, answering what `GET /api/fahrzeuge?von&bis&nurFrei=true`
 * answers (decision 084): the free active vehicles with the fields of the answer (location, photo address,
 * favourite, special trip), favourites first, then make, model and plate. It runs in the tenant's transaction
 * (row-level security as for requests) and asks, from the data, what the rules ask:
 * - the tenant's vehicle booking settings (tenant level only, like their options; the catalogue's defaults);
 * - the vehicle's validity (gueltigVon 00:00 to gueltigBis 23:59 Berlin);
 * - the window that applies (the vehicle's weekday rows or its simple columns when individual booking times are on,
 *   otherwise the tenant's period on all days): every Berlin day touched open, start and end inside that day's
 *   hours; outside it only when tenant and vehicle allow it (then a special trip);
 * - the period on the 15-minute step, not in the past, the minimum duration of a same-day booking, the latest
 *   bookable end (days ahead at the period's end);
 * - no booking or block occupying [von − gap, bis + gap), the gap in hours and minutes: the same three parts as `findBelegungen` (timestamp
 *   comparisons, decision 080), with the time a trip occupies from its check-in and check-out (decision 040).
 * Left out, because they cannot refuse a period starting on a later day than today (the bench's slot is two days
 * ahead): the start-of-booking rule; and the latest end counted from a weekday (FahrzeugBuchungsfensterWochentag, unset).
 */
export const freieFahrzeugeSql = (von: string, bis: string, benutzerId: string) => sql`
  with e as (
    select
      coalesce(max(wert) filter (where customizing_option_name = 'FahrzeugBuchungszeitraumVon'), '09:00')::time as zeitraum_von,
      coalesce(max(wert) filter (where customizing_option_name = 'FahrzeugBuchungszeitraumBis'), '18:00')::time as zeitraum_bis,
      coalesce(max(wert) filter (where customizing_option_name = 'FahrzeugIndividuelleBuchungszeiten') in ('true', '1'), false) as individuell,
      coalesce(max(wert) filter (where customizing_option_name = 'FahrzeugBuchungAusserhalbBuchungszeiten') in ('true', '1'), false) as ausserhalb,
      -- the gap is hours × 60 + minutes, as mindestabstandMs (decision 134)
      coalesce(max(wert) filter (where customizing_option_name = 'FahrzeugMindestabstandStunden'), '0')::numeric * interval '1 hour'
        + coalesce(max(wert) filter (where customizing_option_name = 'FahrzeugMindestabstandMinuten'), '0')::numeric * interval '1 minute' as abstand,
      coalesce(max(wert) filter (where customizing_option_name = 'FahrzeugMinimaleBuchungszeit'), '0')::numeric * interval '1 minute' as mindestdauer,
      coalesce(max(wert) filter (where customizing_option_name = 'FahrzeugVorausbuchbareTage'), '30')::int as voraus_tage
    from customizing
    where benutzer_id is null and gruppe_id is null and customizing_option_name like 'Fahrzeug%'
  ),
  -- the period, its Berlin wall clock and the bounds widened by the gap, computed once: compared as values, the
  -- bounds stay index conditions under row-level security (decision 080)
  z as materialized (
    select ${von}::timestamptz as von, ${bis}::timestamptz as bis,
           ${von}::timestamptz at time zone 'Europe/Berlin' as ls, ${bis}::timestamptz at time zone 'Europe/Berlin' as le,
           ${von}::timestamptz - e.abstand as ab, ${bis}::timestamptz + e.abstand as bis_abstand,
           ${von}::timestamptz - e.abstand - interval '1 day' as ab_kurz
    from e
  )
  select f.id, f.marke, f.modell, f.kennzeichen, f.kategorie, f.kraftstoff, f.leistung, f.getriebe, f.kofferraum,
         f.sitze, f.tueren, f.farbe, f.fuehrerscheinklasse, f.klimaanlage, f.navigation, f.tempomat, f.sitzheizung,
         s.id as standort_id, s.name as standort_name,
         case when f.bild_id is null then null else '/api/dateien/' || f.bild_id end as bild_url,
         f.gueltig_von::text as gueltig_von, f.gueltig_bis::text as gueltig_bis, f.buchung_ausserhalb_moeglich,
         exists (
           select 1 from customizing c
           where c.customizing_option_name = 'FahrzeugLieblingsFahrzeuge'
             and (c.benutzer_id = ${benutzerId} or (c.benutzer_id is null and c.gruppe_id is null))
             and c.wert::jsonb ? f.id::text) as favorit,
         true as frei, not w.innerhalb as sonderfahrt, null::text as grund, null::jsonb as grund_params
  from fahrzeug f
  join standort s on s.id = f.standort_id
  cross join e cross join z
  cross join lateral (
    -- inside the window that applies: every Berlin day touched open, start and end inside that day's hours
    select case
      when e.individuell and exists (
             select 1 from oeffnungszeit o where o.fahrzeug_oeffnungszeit_id = f.fahrzeug_oeffnungszeit_id) then (
        not exists (
          select 1 from generate_series(z.ls::date, z.le::date, interval '1 day') d
          where not exists (
            select 1 from oeffnungszeit o
            where o.fahrzeug_oeffnungszeit_id = f.fahrzeug_oeffnungszeit_id and o.geoeffnet
              and o.wochentag = extract(dow from d)::int))
        and exists (
          select 1 from oeffnungszeit o
          where o.fahrzeug_oeffnungszeit_id = f.fahrzeug_oeffnungszeit_id and o.geoeffnet
            and o.wochentag = extract(dow from z.ls)::int and z.ls::time >= o.von::time)
        and exists (
          select 1 from oeffnungszeit o
          where o.fahrzeug_oeffnungszeit_id = f.fahrzeug_oeffnungszeit_id and o.geoeffnet
            and o.wochentag = extract(dow from z.le)::int and z.le::time <= o.bis::time))
      when e.individuell and f.buchungszeitraum_von is not null and f.buchungszeitraum_bis is not null then (
        (coalesce(cardinality(f.buchungszeitraum_wochentage), 0) = 0
         or not exists (
           select 1 from generate_series(z.ls::date, z.le::date, interval '1 day') d
           where not extract(dow from d)::int = any(f.buchungszeitraum_wochentage)))
        and z.ls::time >= f.buchungszeitraum_von::time and z.le::time <= f.buchungszeitraum_bis::time)
      else z.ls::time >= e.zeitraum_von and z.le::time <= e.zeitraum_bis
    end as innerhalb
  ) w
  where not f.deaktiviert
    and z.von < z.bis
    and extract(epoch from z.von)::bigint % 900 = 0 and extract(epoch from z.bis)::bigint % 900 = 0
    and z.von >= to_timestamp(floor(extract(epoch from now()) / 900) * 900)
    and (z.ls::date <> z.le::date or z.bis - z.von >= e.mindestdauer)
    and (e.voraus_tage <= 0
         or z.bis <= ((now() at time zone 'Europe/Berlin')::date + e.voraus_tage + e.zeitraum_bis) at time zone 'Europe/Berlin')
    and (f.gueltig_von is null or z.von >= f.gueltig_von::timestamp at time zone 'Europe/Berlin')
    and (f.gueltig_bis is null or z.bis <= (f.gueltig_bis + time '23:59') at time zone 'Europe/Berlin')
    and (w.innerhalb or (e.ausserhalb and f.buchung_ausserhalb_moeglich))
    and not exists (
      select 1
      from (
        select b.id, b.von, b.bis from fahrzeug_buchung b
        where b.fahrzeug_id = f.id and b.status <> 'storniert' and b.bis > z.ab and b.von < z.bis_abstand
          and b.von >= z.ab_kurz
        union all
        select b.id, b.von, b.bis from fahrzeug_buchung b
        where b.fahrzeug_id = f.id and b.status <> 'storniert' and b.bis > z.ab and b.von < z.bis_abstand
          and b.bis - b.von > interval '1 day'
        union all
        select b.id, b.von, b.bis from fahrzeug_buchung b
        where b.fahrzeug_id = f.id and b.status = 'aktiv' and b.von < z.bis_abstand
      ) b
      cross join lateral (
        select min(h.zeitpunkt) filter (where h.typ = 'CHECK_IN') as ein,
               min(h.zeitpunkt) filter (where h.typ = 'CHECK_OUT') as aus
        from fahrzeug_historie h
        where h.fahrzeug_buchung_id = b.id and h.typ in ('CHECK_IN', 'CHECK_OUT')
      ) h
      cross join lateral (
        select least(b.von, coalesce(h.ein, b.von)) as von,
               case when h.aus is not null then least(h.aus, b.bis)
                    when h.ein is not null and b.bis < now() then now()
                    else b.bis end as bis
      ) belegt
      where belegt.bis > belegt.von and belegt.von < z.bis_abstand and belegt.bis > z.ab)
  order by favorit desc, f.marke, f.modell, f.kennzeichen`;

/**
 * The hot query of both endpoints as the repository sends it (decision 084): its three parts in one statement, the
 * vehicle ids as one array parameter; `mitFahrt` adds each booking's check-in and check-out entries as the free-vehicle
 * search and the timeline read them (`findBelegungenMitFahrt`). For EXPLAIN.
 */
export const belegungenSql = (fahrzeugIds: readonly string[], von: string, bis: string, mitFahrt = false) => {
  const ids = sql`fahrzeug_id = any(${`{${fahrzeugIds.join(',')}}`}::uuid[])`;
  const fahrt = mitFahrt
    ? sql`(select json_agg(json_build_object('typ', h.typ, 'zeitpunkt', h.zeitpunkt)) from fahrzeug_historie h
             where h.fahrzeug_buchung_id = fahrzeug_buchung.id and h.typ in ('CHECK_IN', 'CHECK_OUT'))
             as fahrt_eintraege`
    : sql`null::json as fahrt_eintraege`;
  const spalten = sql`id, fahrzeug_id, von, bis, status, typ, benutzer_id, fahrer_id, ${fahrt}`;
  const ueberlappt = sql`${ids} and status <> 'storniert'
    and bis > ${von}::timestamptz and von < ${bis}::timestamptz`;
  return sql`
  (select ${spalten} from fahrzeug_buchung
  where ${ueberlappt} and von >= ${von}::timestamptz - interval '1 day')
  union all
  (select ${spalten} from fahrzeug_buchung
  where ${ueberlappt} and bis - von > interval '1 day')
  union all
  (select ${spalten} from fahrzeug_buchung
  where ${ids} and status = 'aktiv' and von < ${bis}::timestamptz)`;
};

/** `EXPLAIN (ANALYZE, BUFFERS)` of `query` in the tenant's transaction, as text. */
export const explain = async (server: BenchZiel, mandantId: string, query: ReturnType<typeof sql>) =>
  server.database.withTenant(mandantId, async (tx) => {
    const result = await tx.execute(sql`explain (analyze, buffers) ${query}`);
    return (result.rows as Record<string, string>[]).map((r) => Object.values(r)[0]).join('\n');
  });

/**
 * API ÷ SQL in one loop (decision 086): one request of the API (one kept-alive connection, as autocannon's) and one
 * execution of the raw statement in the tenant's transaction, in turn, `runs` times after 20 of each to warm up; so
 * both see the machine as it is at that moment (two loops one after the other gave ratios between 2.0 and 3.4 for
 * the same code when the machine's speed drifted between them). p50/p95 of each side in ms.
 */
export const timeApiAndSql = async (
  server: BenchZiel,
  api: { path: string; headers: Record<string, string> },
  sqlSide: { mandantId: string; query: ReturnType<typeof sql> },
  runs: number,
) => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const request = () =>
    new Promise<void>((resolve, reject) => {
      http
        .get(`${server.baseUrl}${api.path}`, { headers: api.headers, agent }, (response) => {
          response.resume();
          response.on('end', () =>
            response.statusCode === 200
              ? resolve()
              : reject(new Error(`API answered ${response.statusCode}`)),
          );
        })
        .on('error', reject);
    });
  const timed = async (fn: () => Promise<unknown>) => {
    const started = performance.now();
    await fn();
    return performance.now() - started;
  };
  const apiTimes: number[] = [];
  const sqlTimes: number[] = [];
  try {
    for (let i = 0; i < runs + 20; i++) {
      const a = await timed(request);
      const b = await timed(() =>
        server.database.withTenant(sqlSide.mandantId, (tx) => tx.execute(sqlSide.query)),
      );
      if (i >= 20) {
        apiTimes.push(a);
        sqlTimes.push(b);
      }
    }
  } finally {
    agent.destroy();
  }
  const stats = (times: number[]) => {
    times.sort((x, y) => x - y);
    return { p50: percentile(times, 50), p95: percentile(times, 95) };
  };
  return { api: stats(apiTimes), sql: stats(sqlTimes) };
};
