/**
 * One measurement of `npm run bench`: a route loaded with autocannon, its latency percentiles and rate, the budgets of
 * ARCHITECTURE §12, and the measurements made invalid by a refused or failed request.
 */
import autocannon from 'autocannon';
import type { BenchZiel } from './server';

export type Measurement = {
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

export const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 3000);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
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

/** The p-th percentile of ascending `sorted` (nearest rank); NaN for none. */
export const percentile = (sorted: readonly number[], p: number) =>
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
export const ungueltig: string[] = [];

export const measure = async (
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

/** GET `path` as one person (300 requests) and as ten at once (600), each after 30 to warm up: `GET <name> (1 c)`. */
export const measureGetEinsUndZehn = async (
  server: BenchZiel,
  name: string,
  path: string,
  headers: Record<string, string>,
) => [
  await measure(server, `GET ${name} (1 c)`, path, { headers, connections: 1, amount: 300, warmup: 30 }),
  await measure(server, `GET ${name} (10 c)`, path, { headers, amount: 600, warmup: 30 }),
];

/**
 * POSTs to `path` at `connections` clients, no warm-up: each request's JSON body, and with `cookie` the session it is
 * sent with, from `naechste` (so that every POST is one the rules accept, never refused for a clash).
 */
export const measurePosts = (
  server: BenchZiel,
  route: string,
  path: string,
  {
    headers,
    connections,
    amount,
    naechste,
  }: {
    headers: Record<string, string>;
    connections: number;
    amount: number;
    naechste: () => { body: unknown; cookie?: string };
  },
) =>
  measure(server, route, path, {
    headers,
    connections,
    amount,
    warmup: 0,
    requests: [
      {
        method: 'POST',
        path,
        setupRequest: (req) => {
          const { body, cookie } = naechste();
          return {
            ...req,
            ...(cookie ? { headers: { ...(req.headers as Record<string, string>), cookie } } : {}),
            body: JSON.stringify(body),
          };
        },
      },
    ],
  });

export const ms = (n: number) => (Number.isNaN(n) ? '-' : n.toFixed(1));
