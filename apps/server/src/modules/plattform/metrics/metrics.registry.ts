import { count, gte, inArray, min, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../../../db/client';
import type { JobOutcome } from '../../../jobs/scheduler';
import { smsAusgang } from '../../identitaet/sms/sms.public.ts';
import { mailOutbox } from '../mail/mail.public.ts';

/** Upper bounds of the request latency buckets in seconds: the budgets of the API lie between 30 and 500 ms. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** What a request is counted under: its route pattern (never the raw URL, which carries ids and tokens). */
export type RequestSample = {
  method: string;
  route: string | undefined;
  statusCode: number;
  seconds: number;
};

export type AppMetrics = {
  registry: Registry;
  observeRequest: (sample: RequestSample) => void;
  /** One finished run of the job runner (scheduler), with how long it took. */
  observeJob: (outcome: JobOutcome, seconds: number) => void;
};

/** `2xx`, `4xx`, …: the status class keeps the number of series small. */
const statusClassOf = (statusCode: number) => `${Math.floor(statusCode / 100)}xx`;

/** A failed run: the job itself, or the share of at least one tenant, threw. */
const failuresOf = (outcome: JobOutcome) =>
  (outcome.error === undefined ? 0 : 1) +
  (outcome.tenants ?? []).filter((tenant) => tenant.error !== undefined).length;

/**
 * The metrics of one app instance, in their own registry (the tests build several apps in one process; the
 * global registry of prom-client would refuse the second). Database figures are read when scraped: the mail
 * outbox across all tenants (platform bypass, decision 029), the SMS outbox of the last hour, the pool.
 */
export const createAppMetrics = ({
  database,
  sseConnections,
  log,
}: {
  database: Database;
  sseConnections: () => number;
  log: Pick<FastifyBaseLogger, 'warn'>;
}): AppMetrics => {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Histogram({
    name: 'stellwerk_http_request_duration_seconds',
    help: 'Time from the request to the answer, per route pattern, method and status class',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });

  const jobRuns = new Counter({
    name: 'stellwerk_job_runs_total',
    help: 'Runs of a scheduled job that did work (on PostgreSQL another instance may have run it instead)',
    labelNames: ['job'] as const,
    registers: [registry],
  });
  const jobFailures = new Counter({
    name: 'stellwerk_job_failures_total',
    help: 'Failures of a scheduled job: the job, or one tenant share of it, threw',
    labelNames: ['job'] as const,
    registers: [registry],
  });
  const jobDuration = new Histogram({
    name: 'stellwerk_job_duration_seconds',
    help: 'Duration of one run of a scheduled job over all tenants',
    labelNames: ['job'] as const,
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60],
    registers: [registry],
  });

  new Gauge({
    name: 'stellwerk_sse_connections',
    help: 'Open live-event streams (GET /api/events) of this instance',
    registers: [registry],
    collect() {
      this.set(sseConnections());
    },
  });

  // the embedded database has no pool: these series are left out there, not shown as 0
  if (database.poolStats()) {
    new Gauge({
      name: 'stellwerk_db_pool_connections',
      help: 'PostgreSQL pool: open connections (total), idle ones, requests waiting; absent on the embedded database',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const stats = database.poolStats();
        if (!stats) return;
        this.set({ state: 'total' }, stats.total);
        this.set({ state: 'idle' }, stats.idle);
        this.set({ state: 'waiting' }, stats.waiting);
      },
    });
    new Gauge({
      name: 'stellwerk_db_pool_max',
      help: 'PostgreSQL pool: the most connections it opens; absent on the embedded database',
      registers: [registry],
      collect() {
        const stats = database.poolStats();
        if (stats) this.set(stats.max);
      },
    });
  }

  /** Both outboxes in one platform transaction per scrape; a failure leaves the gauges out of this scrape. */
  const readOutboxes = async () => {
    try {
      return await database.withAllTenants(async (tx) => {
        const [mail] = await tx
          // the age on the database's clock, which wrote `created_at`
          .select({
            waiting: count(),
            oldestAgeSeconds: sql<
              number | null
            >`extract(epoch from now() - ${min(mailOutbox.createdAt)})::float8`,
          })
          .from(mailOutbox)
          .where(inArray(mailOutbox.status, ['pending', 'sending']));
        const [mailFailed] = await tx
          .select({ n: count() })
          .from(mailOutbox)
          .where(inArray(mailOutbox.status, ['failed']));
        const sms = await tx
          .select({ status: smsAusgang.status, n: count() })
          .from(smsAusgang)
          .where(gte(smsAusgang.createdAt, sql`now() - interval '1 hour'`))
          .groupBy(smsAusgang.status);
        return { mail, mailFailed: mailFailed?.n ?? 0, sms };
      });
    } catch (err) {
      log.warn({ err }, 'metrics: could not read the outboxes');
      return undefined;
    }
  };
  let pending: Promise<Awaited<ReturnType<typeof readOutboxes>>> | undefined;
  /** One read shared by the outbox gauges of the same scrape. */
  const outboxes = () => {
    pending ??= readOutboxes().finally(() => {
      pending = undefined;
    });
    return pending;
  };

  new Gauge({
    name: 'stellwerk_mail_outbox_unsent',
    help: 'Mails waiting to be sent (pending or being sent), all tenants',
    registers: [registry],
    async collect() {
      const read = await outboxes();
      if (read) this.set(read.mail?.waiting ?? 0);
    },
  });
  new Gauge({
    name: 'stellwerk_mail_outbox_oldest_unsent_age_seconds',
    help: 'Age of the oldest mail not yet sent; 0 when none waits',
    registers: [registry],
    async collect() {
      const read = await outboxes();
      if (!read) return;
      this.set(Math.max(0, Number(read.mail?.oldestAgeSeconds ?? 0)));
    },
  });
  new Gauge({
    name: 'stellwerk_mail_outbox_failed',
    help: 'Mails given up after their last attempt (visible in the outbox of the administration)',
    registers: [registry],
    async collect() {
      const read = await outboxes();
      if (read) this.set(read.mailFailed);
    },
  });
  new Gauge({
    name: 'stellwerk_sms_last_hour',
    help: 'SMS of the last hour by outcome (gesendet, fehlgeschlagen, protokolliert); SMS are sent at once, there is no queue',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      const read = await outboxes();
      if (!read) return;
      this.reset();
      for (const status of ['gesendet', 'fehlgeschlagen', 'protokolliert']) this.set({ status }, 0);
      for (const row of read.sms) this.set({ status: row.status }, row.n);
    },
  });

  return {
    registry,
    observeRequest: ({ method, route, statusCode, seconds }) => {
      requests.observe(
        { method, route: route ?? 'unmatched', status_class: statusClassOf(statusCode) },
        seconds,
      );
    },
    observeJob: (outcome, seconds) => {
      if (outcome.ran) jobRuns.inc({ job: outcome.name });
      const failures = failuresOf(outcome);
      if (failures > 0) jobFailures.inc({ job: outcome.name }, failures);
      if (outcome.ran || failures > 0) jobDuration.observe({ job: outcome.name }, seconds);
    },
  };
};
