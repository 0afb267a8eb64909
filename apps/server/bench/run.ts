/**
 * `npm run bench`: starts the real server on loopback with the demo data and measures request latency
 * with autocannon (10 connections, a bounded number of requests), on the embedded database and, when
 * TEST_DATABASE_URL is set, on a fresh PostgreSQL database. Compares with ARCHITECTURE §12.
 *
 * BENCH_REQUESTS (default 3000) and BENCH_CONNECTIONS (default 10) tune the load; BENCH_PARTS (default
 * `basis,leseraum,fahrzeug,export,auswertung`) picks the parts to run, BENCH_DRIVERS (`pglite,pg`) the databases. The part
 * `export` (PostgreSQL only) times the logbook exports of BENCH_EXPORT_FAHRTEN trips (default 10,000) and
 * reports the peak RSS during each.
 *
 * A measurement with any failed request (an answer other than 2xx, an error, a timeout) is not valid: it is printed
 * at once with the refusals' status and error codes, marked NOT VALID in the table and listed under it, and the run
 * exits with 1. BENCH_ANDERE_MANDANTEN (default 9) sets the other tenants beside the measured one on PostgreSQL
 * (0: one tenant, 200,000 vehicle bookings, a quick run).
 *
 * Parts run only when named: `ansturm`, the Monday-morning rush (bench/ansturm.ts: BENCH_ANSTURM_NUTZER users, default
 * 1,000 on PostgreSQL and 200 on the embedded database, within BENCH_ANSTURM_SEKUNDEN, default 60, for three places per
 * four users); `kurve`, the concurrency curve of the free search, the seat map of a day and the week timeline at
 * BENCH_KURVE clients (default `1,2,5,10,20,50`), BENCH_KURVE_REQUESTS requests per point (default 600),
 * BENCH_KURVE_ROUTEN the routes (default `nurFrei,belegung,zeitleiste`).
 *
 * On PostgreSQL the server runs in a process of its own (bench/server.ts), as `npm start` runs it, so the load generator
 * does not take the server's thread; BENCH_SERVER_NODE_ARGS gives Node flags to it (e.g. `--cpu-prof`), BENCH_LOG_LEVEL
 * its log level (default warn). On the embedded database it runs in the bench's process.
 */
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { signIn, testDrivers } from '../test/harness';
import { type AnsturmErgebnis, benchAnsturm } from './ansturm';
import {
  auswertungPfade,
  buildAuswertungBenchData,
  explainAuswertung,
  explainLeseraumAuslastung,
} from './auswertung';
import { benchExport, type ExportMessung } from './fahrtenbuch';
import {
  belegungenSql,
  buildFahrzeugBenchData,
  explain,
  type FahrzeugBenchData,
  freieFahrzeugeSql,
  timeApiAndSql,
} from './fahrzeug';
import { belegungSql, buildLeseraumBenchData, countBenchBuchungen } from './leseraum';
import { type BenchZiel, startBenchServer } from './server';
import { nutzerMitSitzung } from './sitzungen';

type Measurement = {
  driver: string;
  route: string;
  requests: number;
  /** answers other than 2xx, errors and timeouts: a measurement with any is not valid */
  failed: number;
  p50: number;
  p95: number;
  p99: number;
  rps: number;
  budgetP95?: number;
};

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 3000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const WARMUP = 200;

/** Budgets of ARCHITECTURE §12 for the routes measured here (p95, ms). */
const BUDGETS: Record<string, number> = {
  'GET /api/me': 10,
  'GET belegung (1 c)': 50,
  'POST leseraum (1 c)': 30,
  'GET nurFrei (1 c)': 50,
  'POST fahrzeug (1 c)': 30,
  'GET zeitleiste (1 c)': 100,
  // a year of one tenant's utilisation (vehicles, reading rooms), and a month (decision 247)
  'GET auslastung Jahr': 300,
  'GET auslastung Monat': 100,
  'GET Leseraum Jahr': 300,
  'GET Leseraum Monat': 100,
  'GET auswertung Jahr': 300,
  'GET auswertung Monat': 100,
};

const PARTS = new Set((process.env.BENCH_PARTS ?? 'basis,leseraum,fahrzeug,export,auswertung').split(','));
const exportMessungen: Array<ExportMessung & { driver: string }> = [];
const ansturmErgebnisse: AnsturmErgebnis[] = [];
const kurve: Measurement[] = [];

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? Number.NaN
    : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

type MeasureOptions = {
  headers?: Record<string, string>;
  connections?: number;
  amount?: number;
  warmup?: number;
  /** seconds a request may take (autocannon's default: 10) */
  timeout?: number;
  /** Requests made one by one (e.g. a POST body each), instead of GET `path`. */
  requests?: {
    method: 'POST';
    path: string;
    setupRequest: (req: Record<string, unknown>) => Record<string, unknown>;
  }[];
};

/** Measurements with failed requests, printed again under the table (their figures are not valid). */
const ungueltig: string[] = [];

const measure = async (
  server: BenchZiel,
  route: string,
  path: string,
  {
    headers = {},
    connections = CONNECTIONS,
    amount = REQUESTS,
    warmup = WARMUP,
    timeout,
    requests,
  }: MeasureOptions = {},
): Promise<Measurement> => {
  const url = `${server.baseUrl}${path}`;
  if (warmup > 0) await autocannon({ url, connections, amount: warmup, headers, requests });
  const latencies: number[] = [];
  // the answers refused by the server, by status and error code, with the first bodies: a refused request is
  // measured too (and is often faster), so the figures mean nothing while any is refused
  const abgelehnt = new Map<string, number>();
  const beispiele: string[] = [];
  const run = autocannon({
    url,
    connections,
    amount,
    headers,
    timeout,
    requests: requests?.map((r) => ({
      ...r,
      onResponse: (status: number, body: string) => {
        if (status >= 200 && status < 300) return;
        let code = '';
        try {
          code = (JSON.parse(body) as { error?: { code?: string } }).error?.code ?? '';
        } catch {
          // not JSON (a proxy's or the server's plain answer): counted by status only
        }
        const key = `${status}${code ? ` ${code}` : ''}`;
        abgelehnt.set(key, (abgelehnt.get(key) ?? 0) + 1);
        if (beispiele.length < 3) beispiele.push(`${status} ${body.slice(0, 300)}`);
      },
    })),
  });
  // the throughput over the time from the start to the last answer: autocannon settles its promise on its
  // one-second tick, so the time until it settles rounded every rate down to the requests per whole second (600
  // requests answered in 0.4 s showed as 599 a second)
  const started = performance.now();
  let letzteAntwort = started;
  run.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) => {
    latencies.push(responseTime);
    letzteAntwort = performance.now();
  });
  const result = await run;
  const seconds = (letzteAntwort - started) / 1000;
  latencies.sort((a, b) => a - b);
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed > 0) {
    const warum = [...abgelehnt.entries()].map(([key, n]) => `${n} × ${key}`).join(', ');
    const text = `${server.driver}: ${route}: ${failed} of ${result.requests.total} requests FAILED${warum ? ` (${warum})` : ''}${result.errors + result.timeouts > 0 ? `, ${result.errors} errors, ${result.timeouts} timeouts` : ''}`;
    ungueltig.push(text);
    console.log(
      `\n!!! ${text}: this measurement is not valid${beispiele.map((b) => `\n!!!   ${b}`).join('')}\n`,
    );
  }
  return {
    driver: server.driver,
    route,
    requests: result.requests.total,
    failed,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    rps: Math.round(result.requests.total / seconds),
    budgetP95: BUDGETS[route],
  };
};

/** Occupancy of a 1,000-place plan for a day and booking a place, at 1 and 10 connections. */
const benchLeseraum = async (server: BenchZiel): Promise<Measurement[]> => {
  const cookie = await signIn(server.baseUrl, 'mitarbeiter@beispielhausen.example');
  const me = (await (await fetch(`${server.baseUrl}/api/me`, { headers: { cookie } })).json()) as {
    user: { mandantId: string };
  };
  const started = performance.now();
  const data = await buildLeseraumBenchData(server, me.user.mandantId);
  const rows = await countBenchBuchungen(server, me.user.mandantId, data.grundrissId);
  console.log(
    `${server.driver}: plan with ${data.plaetze.length} places and ${rows} bookings built in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  const headers = { cookie, origin: server.baseUrl, 'content-type': 'application/json' };
  const belegung = `/api/grundrisse/${data.grundrissId}/belegung?tag=${data.belegungTag}`;
  const results = [
    await measure(server, 'GET belegung (1 c)', belegung, {
      headers,
      connections: 1,
      amount: 300,
      warmup: 30,
    }),
    await measure(server, 'GET belegung (10 c)', belegung, { headers, amount: 600, warmup: 30 }),
  ];
  // Every POST books another free place-day, so none is refused for a clash.
  let next = 0;
  const slots = data.postTage.flatMap((tag) => data.plaetze.map((leseraumId) => ({ tag, leseraumId })));
  const post = (connections: number, amount: number) =>
    measure(server, `POST leseraum (${connections} c)`, '/api/leseraum-buchungen', {
      headers,
      connections,
      amount,
      warmup: 0,
      requests: [
        {
          method: 'POST',
          path: '/api/leseraum-buchungen',
          setupRequest: (req) => {
            const slot = slots[next++ % slots.length]!;
            return { ...req, body: JSON.stringify({ modus: 'ganztags', ...slot }) };
          },
        },
      ],
    });
  results.push(await post(1, 300), await post(10, 600));
  console.log(`\n${server.driver}: EXPLAIN occupancy of the 1,000-place plan for a day`);
  console.log(await explain(server, me.user.mandantId, belegungSql(data.grundrissId, data.belegungTag)));
  return results;
};

/**
 * Free vehicles for a 3-hour slot, booking a vehicle and the week timeline of one location, at 1
 * and 10 connections; the free-vehicle question as raw SQL in the same run (ratio API ÷ SQL) and the plans
 * of the hot query. PostgreSQL holds ten tenants of 200,000 bookings each, the embedded database one.
 */
const fahrzeugDaten = async (server: BenchZiel) => {
  const started = performance.now();
  // BENCH_ANDERE_MANDANTEN: the other tenants of the same size on PostgreSQL (default 9: 2 million bookings)
  const andere = Number(process.env.BENCH_ANDERE_MANDANTEN ?? 9);
  const data = await buildFahrzeugBenchData(server, { andereMandanten: server.driver === 'pg' ? andere : 0 });
  console.log(
    `${server.driver}: ${data.buchungen} vehicle bookings (${server.driver === 'pg' ? andere + 1 : 1} tenants × 200 vehicles) built in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return data;
};

/**
 * A year and a month of the vehicle utilisation, of the reading-room utilisation and of the evaluation at one
 * connection (decision 247), on the vehicle data with its bookings spread over the tenant's users and the
 * reading-room bookings beside them; then the plans of the hot statements.
 */
const benchAuswertung = async (server: BenchZiel, data: FahrzeugBenchData): Promise<Measurement[]> => {
  const started = performance.now();
  const { heute, leseraumBuchungen } = await buildAuswertungBenchData(server, data);
  console.log(
    `${server.driver}: bookings spread over the users, a year of unmet demand and ${leseraumBuchungen} reading-room bookings added in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  const cookie = await signIn(server.baseUrl, 'admin@musterstadt.example');
  const headers = { cookie, origin: server.baseUrl };
  // BENCH_AUSWERTUNG_REQUESTS: requests per route (default 100), one connection: a person opening the screen
  const amount = Number(process.env.BENCH_AUSWERTUNG_REQUESTS ?? 100);
  const results: Measurement[] = [];
  for (const [route, path] of Object.entries(auswertungPfade(heute))) {
    const probeStart = performance.now();
    const probe = await fetch(`${server.baseUrl}${path}`, { headers });
    const probeMs = performance.now() - probeStart;
    // the first request of the run: it fills the rollup of the vehicle-days not yet held (decision 256)
    console.log(`${server.driver}: ${route}: first request ${probeMs.toFixed(0)} ms`);
    // a route far over its budget (over 10 s) is timed with 3 requests, so the run still ends within the hour
    const anzahl = probeMs > 10_000 ? Math.min(3, amount) : amount;
    if (anzahl < amount)
      console.log(
        `\n!!! ${server.driver}: ${route} took over 10 s: timed with ${anzahl} requests, no warm-up\n`,
      );
    const body = (await probe.json()) as { verborgen?: boolean; aktuell?: { auslastung: unknown } };
    if (probe.status !== 200 || body.verborgen === true) {
      // a hidden answer (fewer than k people) computes none of the figures: its time means nothing
      const text = `${server.driver}: ${route} answered ${probe.status}${body.verborgen ? ' (hidden)' : ''}`;
      ungueltig.push(text);
      console.log(`\n!!! ${text}: this measurement is not valid\n`);
    }
    const m = await measure(server, route, path, {
      headers,
      connections: 1,
      amount: anzahl,
      warmup: anzahl < amount ? 0 : Math.min(5, amount),
      timeout: Math.ceil((probeMs * 3) / 1000) + 10,
    });
    console.log(`${server.driver}: ${route}: p50 ${m.p50} ms, p95 ${m.p95} ms (${m.requests} requests)`);
    results.push(m);
  }
  // a day of writes: 200 bookings of the year moved by a quarter of an hour mark their days stale; the next
  // year's request computes those from the raw rows (decision 256)
  await server.database.withAllTenants((tx) =>
    tx.execute(sql`update fahrzeug_buchung set bis = bis - interval '15 minutes'
      where id in (select id from fahrzeug_buchung where mandant_id = ${data.mandantId} and typ = 'BUCHUNG'
        and status <> 'storniert' and bis - von > interval '1 hour' and von >= date_trunc('year', now())
        order by id limit 200)`),
  );
  const jahr = Object.values(auswertungPfade(heute))[0]!;
  const nachStart = performance.now();
  await fetch(`${server.baseUrl}${jahr}`, { headers });
  console.log(
    `${server.driver}: GET auslastung Jahr after 200 bookings changed: ${(performance.now() - nachStart).toFixed(0)} ms`,
  );
  for (const plan of [
    ...(await explainAuswertung(server, data, heute)),
    ...(await explainLeseraumAuslastung(server, data.mandantId, heute)),
  ]) {
    console.log(`\n${server.driver}: EXPLAIN ${plan}`);
  }
  return results;
};

const benchFahrzeug = async (server: BenchZiel, data: FahrzeugBenchData): Promise<Measurement[]> => {
  const cookie = await signIn(server.baseUrl, 'mitarbeiter@musterstadt.example');
  const headers = { cookie, origin: server.baseUrl, 'content-type': 'application/json' };
  const me = (await (await fetch(`${server.baseUrl}/api/me`, { headers: { cookie } })).json()) as {
    user: { id: string };
  };
  const frei = `/api/fahrzeuge?von=${encodeURIComponent(data.slot.von)}&bis=${encodeURIComponent(data.slot.bis)}&nurFrei=true`;
  const zeitleiste = `/api/fahrzeuge/belegung?standortId=${data.standortId}&von=${encodeURIComponent(data.woche.von)}&bis=${encodeURIComponent(data.woche.bis)}`;
  const results = [
    await measure(server, 'GET nurFrei (1 c)', frei, { headers, connections: 1, amount: 300, warmup: 30 }),
    await measure(server, 'GET nurFrei (10 c)', frei, { headers, amount: 600, warmup: 30 }),
    await measure(server, 'GET zeitleiste (1 c)', zeitleiste, {
      headers,
      connections: 1,
      amount: 300,
      warmup: 30,
    }),
    await measure(server, 'GET zeitleiste (10 c)', zeitleiste, { headers, amount: 600, warmup: 30 }),
  ];
  // A driver cannot hold two cars at once (decision 134), and the slots book all vehicles at the same time: each
  // vehicle gets a driver of its own (an employee like the demo's, licensed), who books it for themself slot after
  // slot, so every POST is a booking the rules accept.
  const started = performance.now();
  const fahrer = await nutzerMitSitzung(server, {
    vorbild: 'mitarbeiter@musterstadt.example',
    anzahl: data.fahrzeugIds.length,
    name: 'Fahrer',
    mitFuehrerschein: true,
  });
  const cookieJeFahrzeug = new Map(data.fahrzeugIds.map((id, i) => [id, fahrer.cookies[i]!]));
  console.log(
    `${server.driver}: ${fahrer.ids.length} drivers with sessions, one per vehicle, built in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  let next = 0;
  const post = (connections: number, amount: number) =>
    measure(server, `POST fahrzeug (${connections} c)`, '/api/fahrzeug-buchungen', {
      headers,
      connections,
      amount,
      warmup: 0,
      requests: [
        {
          method: 'POST',
          path: '/api/fahrzeug-buchungen',
          setupRequest: (req) => {
            const slot = data.postSlots[next++ % data.postSlots.length]!;
            return {
              ...req,
              headers: {
                ...(req.headers as Record<string, string>),
                cookie: cookieJeFahrzeug.get(slot.fahrzeugId)!,
              },
              body: JSON.stringify(slot),
            };
          },
        },
      ],
    });
  results.push(await post(1, 300), await post(10, 600));

  // the raw statement must answer what the API answers (decision 084): the same vehicles in the same order
  const rohSql = freieFahrzeugeSql(data.slot.von, data.slot.bis, me.user.id);
  const apiAntwort = (await (await fetch(`${server.baseUrl}${frei}`, { headers })).json()) as {
    id: string;
  }[];
  const rohAntwort = await server.database.withTenant(data.mandantId, (tx) => tx.execute(rohSql));
  const rohIds = (rohAntwort.rows as { id: string }[]).map((r) => r.id);
  console.log(
    `${server.driver}: free vehicles: API ${apiAntwort.length}, raw SQL ${rohIds.length}, ` +
      `${JSON.stringify(rohIds) === JSON.stringify(apiAntwort.map((f) => f.id)) ? 'the same, in the same order' : 'DIFFERENT'}`,
  );
  const { api, sql: sqlZeit } = await timeApiAndSql(
    server,
    { path: frei, headers },
    { mandantId: data.mandantId, query: rohSql },
    300,
  );
  console.log(
    `${server.driver}: free vehicles, API and raw SQL in turn (300 each): API p50 ${api.p50.toFixed(1)} ms, p95 ${api.p95.toFixed(1)} ms; ` +
      `raw SQL p50 ${sqlZeit.p50.toFixed(1)} ms, p95 ${sqlZeit.p95.toFixed(1)} ms; ` +
      `API ÷ SQL p50 ${(api.p50 / sqlZeit.p50).toFixed(2)}, p95 ${(api.p95 / sqlZeit.p95).toFixed(2)} (goal <= 2)`,
  );
  // the free-vehicle search asks for the slot widened by the minimum gap (0 h in the demo)
  console.log(`\n${server.driver}: EXPLAIN free-vehicle search (200 vehicles, 3-hour slot)`);
  console.log(
    await explain(
      server,
      data.mandantId,
      belegungenSql(data.fahrzeugIds, data.slot.von, data.slot.bis, true),
    ),
  );
  console.log(`\n${server.driver}: EXPLAIN timeline (40 vehicles of one location, one week)`);
  const standortFahrzeuge = data.fahrzeugIds.slice(0, data.fahrzeugIds.length / 5);
  console.log(
    await explain(
      server,
      data.mandantId,
      belegungenSql(standortFahrzeuge, data.woche.von, data.woche.bis, true),
    ),
  );
  console.log(`\n${server.driver}: EXPLAIN free vehicles as raw SQL`);
  console.log(await explain(server, data.mandantId, rohSql));
  return results;
};

/**
 * The concurrency curve: the free-vehicle search, the seat map of a day (the 1,000-place plan) and the
 * week timeline of one location, each at 1, 2, 5, 10, 20 and 50 clients on the bench data; throughput and latency
 * per point show where one instance saturates.
 */
const benchKurve = async (server: BenchZiel, daten: FahrzeugBenchData): Promise<Measurement[]> => {
  const clients = (process.env.BENCH_KURVE ?? '1,2,5,10,20,50').split(',').map(Number);
  const amount = Number(process.env.BENCH_KURVE_REQUESTS ?? 600);
  const leser = await signIn(server.baseUrl, 'mitarbeiter@beispielhausen.example');
  const me = (await (await fetch(`${server.baseUrl}/api/me`, { headers: { cookie: leser } })).json()) as {
    user: { mandantId: string };
  };
  // BENCH_KURVE_ROUTEN: the routes measured (default all three: nurFrei,belegung,zeitleiste); only their data is built
  const routen = new Set((process.env.BENCH_KURVE_ROUTEN ?? 'nurFrei,belegung,zeitleiste').split(','));
  const plan = routen.has('belegung')
    ? await buildLeseraumBenchData(server, me.user.mandantId)
    : { grundrissId: '', belegungTag: '' };
  const fahrer = await signIn(server.baseUrl, 'mitarbeiter@musterstadt.example');
  const pfade: [string, string, string][] = [
    [
      'nurFrei',
      fahrer,
      `/api/fahrzeuge?von=${encodeURIComponent(daten.slot.von)}&bis=${encodeURIComponent(daten.slot.bis)}&nurFrei=true`,
    ],
    ['belegung', leser, `/api/grundrisse/${plan.grundrissId}/belegung?tag=${plan.belegungTag}`],
    [
      'zeitleiste',
      fahrer,
      `/api/fahrzeuge/belegung?standortId=${daten.standortId}&von=${encodeURIComponent(daten.woche.von)}&bis=${encodeURIComponent(daten.woche.bis)}`,
    ],
  ];
  const results: Measurement[] = [];
  for (const [name, cookie, path] of pfade.filter(([name]) => routen.has(name)))
    for (const c of clients) {
      const m = await measure(server, `GET ${name} (${c} c)`, path, {
        headers: { cookie, origin: server.baseUrl },
        connections: c,
        amount: Math.max(amount, c * 20),
        warmup: Math.max(30, c * 2),
      });
      console.log(
        `${server.driver}: ${m.route}: ${m.rps} req/s, p50 ${ms(m.p50)} ms, p95 ${ms(m.p95)} ms, failed ${m.failed}`,
      );
      results.push(m);
    }
  return results;
};

const benchDriver = async (driver: BenchZiel['driver']): Promise<Measurement[]> => {
  const server = await startBenchServer(driver);
  console.log(`${driver}: the server runs ${server.prozess}, the load generator in process ${process.pid}`);
  try {
    const results: Measurement[] = [];
    if (PARTS.has('basis')) {
      results.push(await measure(server, 'GET /api/health', '/api/health'));
      const cookie = await signIn(server.baseUrl, 'admin@musterstadt.example');
      results.push(await measure(server, 'GET /api/me', '/api/me', { headers: { cookie } }));
    }
    if (PARTS.has('leseraum')) results.push(...(await benchLeseraum(server)));
    if (PARTS.has('ansturm')) {
      const nutzer = Number(process.env.BENCH_ANSTURM_NUTZER ?? (server.driver === 'pg' ? 1000 : 200));
      ansturmErgebnisse.push(
        await benchAnsturm(server, {
          nutzer,
          plaetze: Math.round(nutzer * 0.75),
          sekunden: Number(process.env.BENCH_ANSTURM_SEKUNDEN ?? 60),
        }),
      );
    }
    // the vehicle data is built once for the parts that read it (the curve measures before any part writes)
    const daten =
      PARTS.has('fahrzeug') || PARTS.has('auswertung') || PARTS.has('kurve')
        ? await fahrzeugDaten(server)
        : null;
    if (daten && PARTS.has('kurve')) kurve.push(...(await benchKurve(server, daten)));
    if (daten && PARTS.has('fahrzeug')) results.push(...(await benchFahrzeug(server, daten)));
    if (daten && PARTS.has('auswertung')) results.push(...(await benchAuswertung(server, daten)));
    if (PARTS.has('export') && server.driver === 'pg')
      for (const m of await benchExport(server)) exportMessungen.push({ ...m, driver: server.driver });
    return results;
  } finally {
    await server.close();
  }
};

const ms = (n: number) => (Number.isNaN(n) ? '-' : n.toFixed(1));

const main = async () => {
  console.log(`bench: ${REQUESTS} requests per route, ${CONNECTIONS} connections, loopback only`);
  const all: Measurement[] = [];
  const only = process.env.BENCH_DRIVERS?.split(',');
  for (const driver of testDrivers().filter((d) => !only || only.includes(d)))
    all.push(...(await benchDriver(driver)));
  all.push(...kurve);
  console.log('');
  console.log('driver  route                  requests  failed  p50 ms  p95 ms  p99 ms   req/s  budget p95');
  let overBudget = false;
  for (const m of all) {
    // a budget is met only by a measurement whose requests all succeeded
    const verdict =
      m.failed > 0
        ? `NOT VALID: ${m.failed} failed${m.budgetP95 === undefined ? '' : ` (<= ${m.budgetP95} ms)`}`
        : m.budgetP95 === undefined
          ? ''
          : `${m.p95 <= m.budgetP95 ? 'ok' : 'OVER'} (<= ${m.budgetP95} ms)`;
    if (m.budgetP95 !== undefined && m.p95 > m.budgetP95) overBudget = true;
    console.log(
      `${m.driver.padEnd(7)} ${m.route.padEnd(22)} ${String(m.requests).padStart(8)} ${String(m.failed).padStart(7)} ` +
        `${ms(m.p50).padStart(7)} ${ms(m.p95).padStart(7)} ${ms(m.p99).padStart(7)} ${String(m.rps).padStart(7)}  ${verdict}`,
    );
  }
  if (exportMessungen.length > 0) {
    console.log('\ndriver  export  trips   time ms   MB sent  RSS before MB  RSS peak MB  budget');
    for (const m of exportMessungen) {
      const ok = m.ms <= m.budgetMs;
      if (!ok) overBudget = true;
      console.log(
        `${m.driver.padEnd(7)} ${m.format.padEnd(6)} ${String(m.fahrten).padStart(6)} ${m.ms.toFixed(0).padStart(9)} ` +
          `${(m.bytes / 1024 / 1024).toFixed(1).padStart(9)} ${String(m.rssVorherMb).padStart(14)} ${String(m.rssSpitzeMb).padStart(12)}  ` +
          `${ok ? 'ok' : 'OVER'} (<= ${m.budgetMs} ms)`,
      );
    }
  }
  if (ansturmErgebnisse.length > 0) {
    console.log(
      '\ndriver  users  places  seconds  requests  booked  after offer  no place  gave up  offers  errors  over capacity  p50 ms  p95 ms  p99 ms  max ms  user p95 ms',
    );
    for (const a of ansturmErgebnisse) {
      const ok = a.fehler === 0 && a.ueberbelegt === 0 && a.p95 <= 500 && a.nutzerP95 <= 500;
      if (!ok) overBudget = true;
      console.log(
        `${a.driver.padEnd(7)} ${String(a.nutzer).padStart(5)} ${String(a.plaetze).padStart(7)} ${String(a.sekunden).padStart(8)} ` +
          `${String(a.anfragen).padStart(9)} ${String(a.gebucht).padStart(7)} ${String(a.nachAngebotGebucht).padStart(12)} ` +
          `${String(a.ohnePlatz).padStart(9)} ${String(a.aufgegeben).padStart(8)} ${String(a.angebote).padStart(7)} ${String(a.fehler).padStart(7)} ` +
          `${String(a.ueberbelegt).padStart(14)} ${ms(a.p50).padStart(7)} ${ms(a.p95).padStart(7)} ${ms(a.p99).padStart(7)} ` +
          `${ms(a.max).padStart(7)} ${ms(a.nutzerP95).padStart(12)}  ${ok ? 'ok' : 'OVER'} (p95 <= 500 ms, no error, none over capacity)`,
      );
    }
  }
  if (ungueltig.length > 0)
    console.log(
      `\n!!! ${ungueltig.length} measurement(s) with failed requests; their numbers are not valid:\n${ungueltig.map((u) => `!!!   ${u}`).join('\n')}`,
    );
  process.exitCode = overBudget || ungueltig.length > 0 || all.some((m) => m.failed > 0) ? 1 : 0;
};

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
