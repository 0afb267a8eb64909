/** The reading-room part of `npm run bench`: the seat map of a day of the 1,000-place plan and a new hold. */
import { signIn } from '../test/harness';
import { explain } from './fahrzeug';
import { belegungSql, buildLeseraumBenchData, countBenchBuchungen } from './leseraum';
import { type Measurement, measure } from './messen';
import type { BenchZiel } from './server';

/** Occupancy of a 1,000-place plan for a day and booking a place, at 1 and 10 connections. */
export const benchLeseraum = async (server: BenchZiel): Promise<Measurement[]> => {
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
