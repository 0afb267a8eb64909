/** The utilisation and evaluation part of `npm run bench`. */
import { sql } from 'drizzle-orm';
import { signIn } from '../test/harness';
import {
  auswertungPfade,
  buildAuswertungBenchData,
  explainAuswertung,
  explainLeseraumAuslastung,
} from './auswertung';
import type { FahrzeugBenchData } from './fahrzeug';
import { type Measurement, measure, ungueltig } from './messen';
import type { BenchZiel } from './server';

/**
 * A year and a month of the vehicle utilisation, of the reading-room utilisation and of the evaluation at one
 * connection (decision 247), on the vehicle data with its bookings spread over the tenant's users and the
 * reading-room bookings beside them; then the plans of the hot statements.
 */
export const benchAuswertung = async (server: BenchZiel, data: FahrzeugBenchData): Promise<Measurement[]> => {
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
