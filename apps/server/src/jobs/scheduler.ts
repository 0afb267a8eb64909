import { Cron } from 'croner';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Tx } from '../db/client';

/**
 * A job: a function of database state and now, run inside one owner transaction that holds the job's
 * advisory lock (so with several instances only one runs it at a time). Jobs must be safe to run again:
 * what they did is recorded in the database, so a repeated run does nothing new.
 */
export type Job = {
  name: string;
  /** Advisory lock key, unique per job. */
  lockKey: number;
  run: (tx: Tx, now: Date) => Promise<unknown>;
};

export type JobOutcome = { name: string; ran: boolean; result?: unknown; error?: unknown };

/**
 * Runs one job if no other run holds its lock: in this process (a run still in progress) or in any
 * instance (`pg_try_advisory_xact_lock`). The lock is released when the transaction ends.
 */
export const createJobRunner = ({
  database,
  log,
}: {
  database: Pick<Database, 'withOwner'>;
  log?: FastifyBaseLogger;
}) => {
  const running = new Set<string>();

  const runJob = async (job: Job, now: Date): Promise<JobOutcome> => {
    if (running.has(job.name)) return { name: job.name, ran: false };
    running.add(job.name);
    try {
      return await database.withOwner(async (tx) => {
        const result = await tx.execute(
          sql`select pg_try_advisory_xact_lock(${job.lockKey}::bigint) as locked`,
        );
        const locked = (result.rows[0] as { locked?: boolean } | undefined)?.locked === true;
        if (!locked) return { name: job.name, ran: false };
        return { name: job.name, ran: true, result: await job.run(tx, now) };
      });
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

export type Scheduler = { stop: () => void; runNow: () => Promise<JobOutcome[]> };

/** Every minute (croner, not keeping the process alive), runs `jobs`. */
export const startScheduler = ({
  database,
  jobs,
  now = () => new Date(),
  log,
  pattern = '* * * * *',
}: {
  database: Pick<Database, 'withOwner'>;
  jobs: readonly Job[];
  now?: () => Date;
  log?: FastifyBaseLogger;
  pattern?: string;
}): Scheduler => {
  const runner = createJobRunner({ database, log });
  const runNow = () => runner.runAll(jobs, now());
  const cron = new Cron(pattern, { unref: true, protect: true, name: 'stellwerk-jobs' }, async () => {
    await runNow();
  });
  return { stop: () => cron.stop(), runNow };
};
