import { Cron } from 'croner';
import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../db/client';
import { listMandantIds } from '../modules/verwaltung/mandant/mandant.service';

/**
 * A job that works on tenant data (decision 024): the scheduler lists the tenants and runs `run` once per
 * tenant, each in its own transaction through the tenant helper (`withTenant`: role `stellwerk_app`,
 * row-level security on that tenant), holding the advisory lock of job and tenant, so with several
 * instances only one runs a tenant's share at a time. One tenant's failure is logged with its id and does
 * not stop the others. Jobs must be safe to run again: what they did is recorded in the database, so a
 * repeated run does nothing new.
 */
export type TenantJob = {
  kind: 'perTenant';
  name: string;
  /** Advisory lock key, unique per job; combined with the tenant id into the lock of one tenant's share. */
  lockKey: number;
  run: (tx: Tx, context: { mandantId: string; now: Date }) => Promise<unknown>;
  /**
   * I/O that must wait until the tenant's share committed (removing stored files of deleted rows, decision
   * 081): called after a share that ran, outside its transaction, with the database for its own short
   * transactions. A failure is logged and changes nothing the share committed; what it left undone must be
   * recorded in the database so the next run picks it up.
   */
  afterCommit?: (context: {
    database: Database;
    mandantId: string;
    now: Date;
    log?: JobLog;
  }) => Promise<unknown>;
};

/**
 * A platform-wide job that is no tenant's (the mail outbox): it gets the database and opens its own short
 * transactions, never one around slow work such as SMTP. It takes no advisory lock: it must keep two
 * instances apart itself (the mail dispatcher claims its rows).
 */
export type GlobalJob = {
  kind: 'global';
  name: string;
  run: (context: { database: Database; now: Date }) => Promise<unknown>;
};

export type Job = TenantJob | GlobalJob;

/** Where the runner reports failures (the app's logger). */
export type JobLog = { error: (details: Record<string, unknown>, message: string) => void };

export type TenantOutcome = { mandantId: string; ran: boolean; result?: unknown; error?: unknown };

export type JobOutcome = {
  name: string;
  ran: boolean;
  result?: unknown;
  error?: unknown;
  /** Tenant jobs: one entry per tenant. */
  tenants?: TenantOutcome[];
};

/** `pg_try_advisory_xact_lock` on job and tenant: one bigint from both, the same in every instance. */
const tryLockTenantShare = async (tx: Tx, lockKey: number, mandantId: string): Promise<boolean> => {
  const result = await tx.execute(
    sql`select pg_try_advisory_xact_lock(hashtextextended(${`${lockKey}:${mandantId}`}, 0)) as locked`,
  );
  return (result.rows[0] as { locked?: boolean } | undefined)?.locked === true;
};

/**
 * Runs jobs; a job still running in this process is not started a second time. Tenant jobs run per tenant
 * as described at `TenantJob`; global jobs run once.
 */
export const createJobRunner = ({
  database,
  log,
  onOutcome,
}: {
  database: Database;
  log?: JobLog;
  /** Told of every finished run and how long it took in seconds (the app's metrics). */
  onOutcome?: JobObserver;
}) => {
  const running = new Set<string>();

  const runTenantShare = async (job: TenantJob, mandantId: string, now: Date): Promise<TenantOutcome> => {
    let outcome: TenantOutcome;
    try {
      outcome = await database.withTenant(mandantId, async (tx) => {
        if (!(await tryLockTenantShare(tx, job.lockKey, mandantId))) return { mandantId, ran: false };
        return { mandantId, ran: true, result: await job.run(tx, { mandantId, now }) };
      });
    } catch (error) {
      log?.error({ err: error, job: job.name, mandantId }, 'job failed for a tenant');
      return { mandantId, ran: false, error };
    }
    if (outcome.ran && job.afterCommit) {
      try {
        await job.afterCommit({ database, mandantId, now, log });
      } catch (error) {
        log?.error({ err: error, job: job.name, mandantId }, 'job failed for a tenant after its commit');
      }
    }
    return outcome;
  };

  const runJob = async (job: Job, now: Date): Promise<JobOutcome> => {
    if (running.has(job.name)) return { name: job.name, ran: false };
    const started = performance.now();
    const outcome = await runOnce(job, now);
    onOutcome?.(outcome, (performance.now() - started) / 1000);
    return outcome;
  };

  const runOnce = async (job: Job, now: Date): Promise<JobOutcome> => {
    running.add(job.name);
    try {
      if (job.kind === 'global')
        return { name: job.name, ran: true, result: await job.run({ database, now }) };
      const tenants: TenantOutcome[] = [];
      for (const mandantId of await listMandantIds({ database }))
        tenants.push(await runTenantShare(job, mandantId, now));
      return { name: job.name, ran: tenants.some((t) => t.ran), tenants };
    } catch (error) {
      log?.error({ err: error, job: job.name }, 'job failed');
      return { name: job.name, ran: false, error };
    } finally {
      running.delete(job.name);
    }
  };

  /** Every job once, one after the other (the embedded database has one connection anyway). */
  const runAll = async (jobs: readonly Job[], now: Date): Promise<JobOutcome[]> => {
    const outcomes: JobOutcome[] = [];
    for (const job of jobs) outcomes.push(await runJob(job, now));
    return outcomes;
  };

  return { runJob, runAll };
};

/** Observes finished runs (the metrics of decision 232). */
export type JobObserver = (outcome: JobOutcome, seconds: number) => void;

export type Scheduler = { stop: () => void; runNow: () => Promise<JobOutcome[]> };

/** Every minute (croner, not keeping the process alive), runs `jobs`. */
export const startScheduler = ({
  database,
  jobs,
  now = () => new Date(),
  log,
  pattern = '* * * * *',
  onOutcome,
}: {
  database: Database;
  jobs: readonly Job[];
  now?: () => Date;
  log?: JobLog;
  pattern?: string;
  onOutcome?: JobObserver;
}): Scheduler => {
  const runner = createJobRunner({ database, log, onOutcome });
  const runNow = () => runner.runAll(jobs, now());
  const cron = new Cron(pattern, { unref: true, protect: true, name: 'stellwerk-jobs' }, async () => {
    await runNow();
  });
  return { stop: () => cron.stop(), runNow };
};
