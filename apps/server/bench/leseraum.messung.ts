/** The reading-room part of `npm run bench`: the seat map of a day of the 1,000-place plan and a new hold. */
import { explain } from './fahrzeug';
import { belegungSql, leseraumPlanBauen } from './leseraum';
import { type Measurement, measureGetEinsUndZehn, measurePosts } from './messen';
import type { BenchZiel } from './server';

/** Occupancy of a 1,000-place plan for a day and booking a place, at 1 and 10 connections. */
export const benchLeseraum = async (server: BenchZiel): Promise<Measurement[]> => {
  const { cookie, mandantId, data } = await leseraumPlanBauen(server);
  const headers = { cookie, origin: server.baseUrl, 'content-type': 'application/json' };
  const belegung = `/api/grundrisse/${data.grundrissId}/belegung?tag=${data.belegungTag}`;
  const results = await measureGetEinsUndZehn(server, 'belegung', belegung, headers);
  // Every POST books another free place-day, so none is refused for a clash.
  let next = 0;
  const slots = data.postTage.flatMap((tag) => data.plaetze.map((leseraumId) => ({ tag, leseraumId })));
  const post = (connections: number, amount: number) =>
    measurePosts(server, `POST leseraum (${connections} c)`, '/api/leseraum-buchungen', {
      headers,
      connections,
      amount,
      naechste: () => ({ body: { modus: 'ganztags', ...slots[next++ % slots.length]! } }),
    });
  results.push(await post(1, 300), await post(10, 600));
  console.log(`\n${server.driver}: EXPLAIN occupancy of the 1,000-place plan for a day`);
  console.log(await explain(server, mandantId, belegungSql(data.grundrissId, data.belegungTag)));
  return results;
};
