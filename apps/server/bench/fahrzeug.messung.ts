/** The vehicle part of `npm run bench`: its data at the size asked for, then the routes measured on it. */
import { signIn } from '../test/harness';
import {
  belegungenSql,
  buildFahrzeugBenchData,
  explain,
  type FahrzeugBenchData,
  freieFahrzeugeSql,
  timeApiAndSql,
} from './fahrzeug';
import { type Measurement, measureGetEinsUndZehn, measurePosts } from './messen';
import type { BenchZiel } from './server';
import { nutzerMitSitzung } from './sitzungen';

/** The vehicle data of the run: ten tenants on PostgreSQL by default, one on the embedded database. */
export const fahrzeugDaten = async (server: BenchZiel) => {
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
 * Free vehicles for a 3-hour slot, booking a vehicle and the week timeline of one location, at 1
 * and 10 connections; the free-vehicle question as raw SQL in the same run (ratio API ÷ SQL) and the plans
 * of the hot query. PostgreSQL holds ten tenants of 200,000 bookings each, the embedded database one.
 */
export const benchFahrzeug = async (server: BenchZiel, data: FahrzeugBenchData): Promise<Measurement[]> => {
  const cookie = await signIn(server.baseUrl, 'mitarbeiter@musterstadt.example');
  const headers = { cookie, origin: server.baseUrl, 'content-type': 'application/json' };
  const me = (await (await fetch(`${server.baseUrl}/api/me`, { headers: { cookie } })).json()) as {
    user: { id: string };
  };
  const frei = `/api/fahrzeuge?von=${encodeURIComponent(data.slot.von)}&bis=${encodeURIComponent(data.slot.bis)}&nurFrei=true`;
  const zeitleiste = `/api/fahrzeuge/belegung?standortId=${data.standortId}&von=${encodeURIComponent(data.woche.von)}&bis=${encodeURIComponent(data.woche.bis)}`;
  const results = [
    ...(await measureGetEinsUndZehn(server, 'nurFrei', frei, headers)),
    ...(await measureGetEinsUndZehn(server, 'zeitleiste', zeitleiste, headers)),
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
    measurePosts(server, `POST fahrzeug (${connections} c)`, '/api/fahrzeug-buchungen', {
      headers,
      connections,
      amount,
      naechste: () => {
        const slot = data.postSlots[next++ % data.postSlots.length]!;
        return { body: slot, cookie: cookieJeFahrzeug.get(slot.fahrzeugId)! };
      },
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
