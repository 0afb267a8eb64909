import { signIn } from '../test/harness';
import type { FahrzeugBenchData } from './fahrzeug';
import { buildLeseraumBenchData } from './leseraum';
import { type Measurement, measure, ms } from './messen';
import type { BenchZiel } from './server';

/**
 * The concurrency curve: the free-vehicle search, the seat map of a day (the 1,000-place plan) and the
 * week timeline of one location, each at 1, 2, 5, 10, 20 and 50 clients on the bench data; throughput and latency
 * per point show where one instance saturates.
 */
export const benchKurve = async (server: BenchZiel, daten: FahrzeugBenchData): Promise<Measurement[]> => {
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
