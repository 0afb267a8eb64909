/**
 * The vehicle part of `npm run bench` (issue 8): one tenant (Stadtwerke Musterstadt of the demo) gets 200
 * vehicles in 5 new locations and 1,000 bookings per vehicle over two years (200,000); on PostgreSQL nine
 * more tenants of the same size are added (2 million bookings in all). The data is made with set-based SQL
 * (`insert … select … generate_series`) through the explicit cross-tenant path (decision 029).
 *
 * Bookings lie on every 0.73rd day from a year ago to a year ahead, 2 hours each at 09:00, 12:00 or 15:00
 * (a tenth cancelled, one in fifty a WARTUNG block, past ones performed); the days FREIE_TAGE ahead stay
 * free for the POST measurement.
 */
import { addCalendarDays, berlinDateKey, berlinInstant } from '@stellwerk/domain/time';
import { sql } from 'drizzle-orm';
import type { TestServer } from '../test/harness';

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
  /** free slots for POST: vehicle, start, end */
  postSlots: { fahrzeugId: string; von: string; bis: string }[];
};

/** Fills tenant `mandantId` with the vehicles and bookings; returns the number of bookings written. */
const fuelleMandant = async (server: TestServer, mandantId: string, benutzerId: string, heute: string) =>
  server.database.withAllTenants(async (tx) => {
    await tx.execute(sql`
      insert into standort (mandant_id, name)
      select ${mandantId}, 'Bench-Standort ' || s from generate_series(1, ${STANDORTE}) as s`);
    await tx.execute(sql`
      insert into fahrzeug (mandant_id, standort_id, marke, modell, kennzeichen, kategorie, sitze)
      select ${mandantId}, st.id, 'Bench', 'Modell ' || (i % 7), 'BN-' || lpad(i::text, 4, '0'), 'Kompaktklasse', 5
      from generate_series(0, ${FAHRZEUGE - 1}) as i
      join (select id, row_number() over (order by name) - 1 as n from standort
            where mandant_id = ${mandantId} and name like 'Bench-Standort %') st on st.n = i % ${STANDORTE}`);
    const result = await tx.execute(sql`
      insert into fahrzeug_buchung (mandant_id, fahrzeug_id, benutzer_id, von, bis, status, typ)
      select ${mandantId}, f.id, ${benutzerId},
             (t.tag + make_time(9 + (g % 3) * 3, 0, 0)) at time zone 'Europe/Berlin',
             (t.tag + make_time(11 + (g % 3) * 3, 0, 0)) at time zone 'Europe/Berlin',
             case when g % 10 = 0 then 'storniert'
                  when t.tag < ${heute}::date then 'durchgeführt'
                  else 'reserviert' end,
             case when g % 50 = 7 then 'WARTUNG' else 'BUCHUNG' end
      from (select id from fahrzeug where mandant_id = ${mandantId} and kennzeichen like 'BN-%') f
      cross join generate_series(0, ${BUCHUNGEN_PRO_FAHRZEUG - 1}) as g
      cross join lateral (select ${heute}::date - 365 + floor(g * 0.73)::int as tag) t
      where (t.tag - ${heute}::date) not in (${sql.raw(FREIE_TAGE.join(', '))})`);
    const r = result as { rowCount?: number | null; affectedRows?: number };
    return r.rowCount ?? r.affectedRows ?? 0;
  });

/**
 * Builds the data: the measured tenant is Musterstadt (its demo users book); with `andereMandanten` nine
 * more tenants, each with one user, 5 locations, 200 vehicles and their bookings.
 */
export const buildFahrzeugBenchData = async (
  server: TestServer,
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
  }
  await server.database.withAllTenants((tx) => tx.execute(sql`analyze`)).catch(() => undefined);

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
 * The free-vehicle question as one raw SQL statement in the tenant's transaction (row-level security as
 * for requests): active vehicles with no non-cancelled booking or block overlapping the slot, asked with
 * timestamp comparisons (decision 080: a range `&&` cannot be an index condition under row-level security).
 */
export const freieFahrzeugeSql = (von: string, bis: string) => sql`
  select f.id from fahrzeug f
  where not f.deaktiviert
    and not exists (
      select 1 from fahrzeug_buchung b
      where b.fahrzeug_id = f.id and b.status <> 'storniert'
        and b.bis > ${von}::timestamptz and b.von < ${bis}::timestamptz
        and b.von >= ${von}::timestamptz - interval '1 day')
    and not exists (
      select 1 from fahrzeug_buchung b
      where b.fahrzeug_id = f.id and b.status <> 'storniert'
        and b.bis > ${von}::timestamptz and b.von < ${bis}::timestamptz
        and b.bis - b.von > interval '1 day')`;

/** The hot query of both endpoints (`findBelegungen`: its three statements as one), for EXPLAIN. */
export const belegungenSql = (fahrzeugIds: readonly string[], von: string, bis: string) => {
  const ids = sql.join(
    fahrzeugIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const ueberlappt = sql`fahrzeug_id in (${ids}) and status <> 'storniert'
    and bis > ${von}::timestamptz and von < ${bis}::timestamptz`;
  return sql`
  select id, fahrzeug_id, von, bis, status, typ from fahrzeug_buchung
  where ${ueberlappt} and von >= ${von}::timestamptz - interval '1 day'
  union all
  select id, fahrzeug_id, von, bis, status, typ from fahrzeug_buchung
  where ${ueberlappt} and bis - von > interval '1 day'
  union all
  select id, fahrzeug_id, von, bis, status, typ from fahrzeug_buchung
  where fahrzeug_id in (${ids}) and status = 'aktiv' and von < ${bis}::timestamptz`;
};

/** `EXPLAIN (ANALYZE, BUFFERS)` of `query` in the tenant's transaction, as text. */
export const explain = async (server: TestServer, mandantId: string, query: ReturnType<typeof sql>) =>
  server.database.withTenant(mandantId, async (tx) => {
    const result = await tx.execute(sql`explain (analyze, buffers) ${query}`);
    return (result.rows as Record<string, string>[]).map((r) => Object.values(r)[0]).join('\n');
  });

/** p50/p95 of `runs` sequential executions of `query` in the tenant's transaction (ms). */
export const timeSql = async (
  server: TestServer,
  mandantId: string,
  query: ReturnType<typeof sql>,
  runs: number,
) => {
  const times: number[] = [];
  for (let i = 0; i < runs + 20; i++) {
    const started = performance.now();
    await server.database.withTenant(mandantId, (tx) => tx.execute(query));
    if (i >= 20) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)]!;
  return { p50: at(50), p95: at(95) };
};
