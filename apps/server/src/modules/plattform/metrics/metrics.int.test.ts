import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../../test/api-call.ts';
import { signInAs } from '../../../../test/fixtures/anmelden.ts';
import { fixtureMandant } from '../../../../test/fixtures/mandant.ts';
import { startTestServer, type TestServer, testDrivers } from '../../../../test/harness.ts';
import { createJobRunner } from '../../../jobs/scheduler.ts';
import { enqueueMail } from '../mail/mail.service.ts';

const TOKEN = 'metrics-token-0123456789abcdef';
const NOW = new Date('2026-11-23T07:00:00+01:00');

const scrape = (server: TestServer, authorization?: string) =>
  fetch(`${server.baseUrl}/metrics`, { headers: authorization ? { authorization } : {} });

/** The value of one sample line, e.g. `stellwerk_sse_connections 1`; undefined when absent. */
const sample = (text: string, name: string, labels: Record<string, string> = {}): number | undefined => {
  for (const line of text.split('\n')) {
    if (!line.startsWith(name)) continue;
    const match = /^([a-z_]+)(\{[^}]*\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/([a-z_]+)="([^"]*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(match[3]);
  }
  return undefined;
};

describe.each(testDrivers())('/metrics on %s (decision 232)', (driver) => {
  let server: TestServer;
  let without: TestServer;
  let cookie: string;

  beforeAll(async () => {
    server = await startTestServer({ driver, seed: false, metricsToken: TOKEN, now: () => NOW });
    // two tenants: a job that fails for each fails twice
    const bh = await fixtureMandant(server.database, {
      name: 'Bibliothek Beispielhausen',
      domain: 'beispielhausen.example',
      benutzer: { mitarbeiter: { vorname: 'Anna', nachname: 'Schulz' } },
    });
    await fixtureMandant(server.database, { name: 'Stadtwerke Musterstadt', domain: 'musterstadt.example' });
    cookie = await signInAs(server, bh.benutzer.mitarbeiter);
  });
  afterAll(async () => {
    await server?.close();
    await without?.close();
  });

  it('answers only a scraper with the token: 401 without or with a wrong one, 404 when no token is set', async () => {
    const none = await scrape(server);
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toContain('Bearer');
    expect((await scrape(server, 'Bearer falsch-falsch-falsch')).status).toBe(401);
    expect((await scrape(server, TOKEN)).status).toBe(401);
    const ok = await scrape(server, `Bearer ${TOKEN}`);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toContain('text/plain');
    without = await startTestServer({ driver, seed: false });
    expect((await scrape(without, `Bearer ${TOKEN}`)).status).toBe(404);
  });

  it('counts requests per route pattern, method and status class, never the raw address', async () => {
    for (const tag of ['2026-11-24', '2026-11-25'])
      expect((await call(server, cookie, 'GET', `/api/me?tag=${tag}`)).status).toBe(200);
    await call(server, null, 'GET', '/api/me');
    const text = await (await scrape(server, `Bearer ${TOKEN}`)).text();
    expect(
      sample(text, 'stellwerk_http_request_duration_seconds_count', {
        route: '/api/me',
        method: 'GET',
        status_class: '2xx',
      }),
    ).toBeGreaterThanOrEqual(2);
    expect(
      sample(text, 'stellwerk_http_request_duration_seconds_count', {
        route: '/api/me',
        status_class: '4xx',
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain('tag=');
    // the process's default metrics
    expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(text).toContain('nodejs_eventloop_lag_seconds');
  });

  it('shows the pool on PostgreSQL and none on the embedded database', async () => {
    const text = await (await scrape(server, `Bearer ${TOKEN}`)).text();
    if (driver === 'pg') {
      expect(sample(text, 'stellwerk_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'stellwerk_db_pool_connections', { state: 'waiting' })).toBe(0);
      expect(sample(text, 'stellwerk_db_pool_max')).toBe(10);
    } else {
      expect(sample(text, 'stellwerk_db_pool_connections', { state: 'total' })).toBeUndefined();
      expect(sample(text, 'stellwerk_db_pool_max')).toBeUndefined();
    }
  });

  it('shows the unsent mails and the age of the oldest, and the SMS of the last hour', async () => {
    const before = await (await scrape(server, `Bearer ${TOKEN}`)).text();
    const waiting = sample(before, 'stellwerk_mail_outbox_unsent') ?? -1;
    expect(waiting).toBeGreaterThanOrEqual(0);
    await server.database.withAllTenants(async (tx) => {
      await enqueueMail(
        tx,
        {
          mandantId: null,
          to: 'betrieb@stellwerk.example',
          template: 'passwort_zuruecksetzen',
          language: 'de',
          params: { name: 'Betrieb', url: 'https://stellwerk.example/auth/recovery?token=x' },
        },
        NOW,
      );
      // written ten minutes ago, not sent since
      await tx.execute(
        sql`update mail_outbox set created_at = now() - interval '10 minutes' where "to" = 'betrieb@stellwerk.example'`,
      );
    });
    const after = await (await scrape(server, `Bearer ${TOKEN}`)).text();
    expect(sample(after, 'stellwerk_mail_outbox_unsent')).toBe(waiting + 1);
    expect(sample(after, 'stellwerk_mail_outbox_oldest_unsent_age_seconds')).toBeGreaterThanOrEqual(600);
    expect(sample(after, 'stellwerk_mail_outbox_failed')).toBe(0);
    expect(sample(after, 'stellwerk_sms_last_hour', { status: 'fehlgeschlagen' })).toBe(0);
  });

  it('counts open event streams', async () => {
    const controller = new AbortController();
    const stream = await fetch(`${server.baseUrl}/api/events`, {
      headers: { cookie },
      signal: controller.signal,
    });
    expect(stream.status).toBe(200);
    const open = await (await scrape(server, `Bearer ${TOKEN}`)).text();
    expect(sample(open, 'stellwerk_sse_connections')).toBe(1);
    controller.abort();
    const deadline = Date.now() + 5_000;
    let count = 1;
    while (count !== 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      count =
        sample(await (await scrape(server, `Bearer ${TOKEN}`)).text(), 'stellwerk_sse_connections') ?? -1;
    }
    expect(count).toBe(0);
  });

  it('counts job runs and failures per job, a tenant share that throws among them', async () => {
    const runner = createJobRunner({ database: server.database, onOutcome: server.app.metrics.observeJob });
    await runner.runJob({ kind: 'global', name: 'metrik_probe', run: async () => 'ok' }, NOW);
    await runner.runJob({ kind: 'global', name: 'metrik_probe', run: async () => 'ok' }, NOW);
    await runner.runJob(
      {
        kind: 'global',
        name: 'metrik_fehler',
        run: async () => {
          throw new Error('kaputt');
        },
      },
      NOW,
    );
    await runner.runJob(
      {
        kind: 'perTenant',
        name: 'metrik_mandant',
        lockKey: 991_232,
        run: async () => {
          throw new Error('ein Mandant kaputt');
        },
      },
      NOW,
    );
    const text = await (await scrape(server, `Bearer ${TOKEN}`)).text();
    expect(sample(text, 'stellwerk_job_runs_total', { job: 'metrik_probe' })).toBe(2);
    expect(sample(text, 'stellwerk_job_failures_total', { job: 'metrik_probe' })).toBeUndefined();
    expect(sample(text, 'stellwerk_job_failures_total', { job: 'metrik_fehler' })).toBe(1);
    // one failure per tenant (the fixture's two)
    expect(sample(text, 'stellwerk_job_failures_total', { job: 'metrik_mandant' })).toBe(2);
    expect(sample(text, 'stellwerk_job_duration_seconds_count', { job: 'metrik_probe' })).toBe(2);
  });
});
