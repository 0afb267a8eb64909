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
import { signIn, testDrivers } from '../test/harness';
import { type AnsturmErgebnis, benchAnsturm } from './ansturm';
import { benchAuswertung } from './auswertung.messung';
import { benchExport, type ExportMessung } from './fahrtenbuch';
import { benchFahrzeug, fahrzeugDaten } from './fahrzeug.messung';
import { benchKurve } from './kurve';
import { benchLeseraum } from './leseraum.messung';
import { CONNECTIONS, type Measurement, measure, ms, REQUESTS, ungueltig } from './messen';
import { type BenchZiel, startBenchServer } from './server';

const PARTS = new Set((process.env.BENCH_PARTS ?? 'basis,leseraum,fahrzeug,export,auswertung').split(','));
const exportMessungen: Array<ExportMessung & { driver: string }> = [];
const ansturmErgebnisse: AnsturmErgebnis[] = [];
const kurve: Measurement[] = [];

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
