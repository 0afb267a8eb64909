/**
 * `npm run bench`: starts the real server on loopback with the demo data and measures request latency
 * with autocannon (10 connections, a bounded number of requests), on the embedded database and, when
 * TEST_DATABASE_URL is set, on a fresh PostgreSQL database. Compares with ARCHITECTURE §12.
 *
 * BENCH_REQUESTS (default 3000) and BENCH_CONNECTIONS (default 10) tune the load.
 */
import autocannon from 'autocannon';
import { signIn, startTestServer, type TestServer, testDrivers } from '../test/harness';

type Measurement = {
  driver: string;
  route: string;
  requests: number;
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
const BUDGETS: Record<string, number> = { 'GET /api/me': 10 };

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? Number.NaN
    : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

const measure = async (
  server: TestServer,
  route: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<Measurement> => {
  const url = `${server.baseUrl}${path}`;
  await autocannon({ url, connections: CONNECTIONS, amount: WARMUP, headers });
  const latencies: number[] = [];
  const run = autocannon({ url, connections: CONNECTIONS, amount: REQUESTS, headers });
  run.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) => {
    latencies.push(responseTime);
  });
  const started = performance.now();
  const result = await run;
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    driver: server.driver,
    route,
    requests: result.requests.total,
    failed: result.non2xx + result.errors + result.timeouts,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    rps: Math.round(result.requests.total / seconds),
    budgetP95: BUDGETS[route],
  };
};

const benchDriver = async (driver: TestServer['driver']): Promise<Measurement[]> => {
  const server = await startTestServer({ driver, seed: true });
  try {
    const results = [await measure(server, 'GET /api/health', '/api/health')];
    const cookie = await signIn(server.baseUrl, 'admin@musterstadt.example');
    results.push(await measure(server, 'GET /api/me', '/api/me', { cookie }));
    return results;
  } finally {
    await server.close();
  }
};

const ms = (n: number) => (Number.isNaN(n) ? '-' : n.toFixed(1));

const main = async () => {
  console.log(`bench: ${REQUESTS} requests per route, ${CONNECTIONS} connections, loopback only`);
  const all: Measurement[] = [];
  for (const driver of testDrivers()) all.push(...(await benchDriver(driver)));
  console.log('');
  console.log('driver  route             requests  failed  p50 ms  p95 ms  p99 ms   req/s  budget p95');
  let overBudget = false;
  for (const m of all) {
    const verdict =
      m.budgetP95 === undefined ? '' : `${m.p95 <= m.budgetP95 ? 'ok' : 'OVER'} (<= ${m.budgetP95} ms)`;
    if (m.budgetP95 !== undefined && m.p95 > m.budgetP95) overBudget = true;
    console.log(
      `${m.driver.padEnd(7)} ${m.route.padEnd(17)} ${String(m.requests).padStart(8)} ${String(m.failed).padStart(7)} ` +
        `${ms(m.p50).padStart(7)} ${ms(m.p95).padStart(7)} ${ms(m.p99).padStart(7)} ${String(m.rps).padStart(7)}  ${verdict}`,
    );
  }
  if (all.some((m) => m.failed > 0)) console.log('\nsome requests failed: the numbers above are not valid');
  process.exitCode = overBudget || all.some((m) => m.failed > 0) ? 1 : 0;
};

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
