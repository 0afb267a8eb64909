import cluster, { type Worker } from 'node:cluster';
import { availableParallelism } from 'node:os';

/**
 * `WEB_CONCURRENCY` (decision 243): how many server processes share the port. Unset or empty: 1, the single
 * process of `npm start`; `auto`: one per core; else a whole number from 1 to 64. More than one needs PostgreSQL
 * (`DATABASE_URL`): the embedded database belongs to one process.
 */
export const webConcurrencyOf = (value: string | undefined, databaseUrl: string | undefined): number => {
  const text = value?.trim();
  if (!text) return 1;
  const count = text === 'auto' ? availableParallelism() : Number(text);
  if (!Number.isInteger(count) || count < 1 || count > 64)
    throw new Error(`WEB_CONCURRENCY must be 'auto' or a whole number from 1 to 64, got '${value}'`);
  if (count > 1 && !databaseUrl)
    throw new Error(
      `WEB_CONCURRENCY=${text} braucht PostgreSQL (DATABASE_URL): die eingebettete Datenbank gehört einem Prozess. / WEB_CONCURRENCY above 1 needs DATABASE_URL.`,
    );
  return count;
};

/** The worker's number (1…n) in a cluster started by `startCluster`; undefined in a single process. */
export const workerIndex = (): number | undefined => {
  const index = Number(process.env.STELLWERK_WORKER ?? '');
  return cluster.isWorker && Number.isInteger(index) && index > 0 ? index : undefined;
};

/**
 * The primary of `WEB_CONCURRENCY` workers (node:cluster): the port was checked free by the caller; the first
 * worker is started alone (it migrates the database and prepares the data), the others once it listens. Worker 1
 * also runs the scheduler and the mail delivery. A worker that ends unexpectedly is started again (after 1 s, with
 * its number); SIGTERM and SIGINT are passed on and the primary ends when the workers have.
 */
export const startCluster = (count: number, log: (message: string) => void): void => {
  let stopping = false;
  const numbers = new Map<Worker, number>();
  const fork = (index: number): Worker => {
    const worker = cluster.fork({ STELLWERK_WORKER: String(index) });
    numbers.set(worker, index);
    return worker;
  };
  cluster.on('exit', (worker, code, signal) => {
    const index = numbers.get(worker);
    numbers.delete(worker);
    if (stopping) {
      if (numbers.size === 0) process.exit(0);
      return;
    }
    log(`worker ${index} ended (${signal ?? code}); starting it again`);
    if (index !== undefined) setTimeout(() => fork(index), 1000).unref();
  });
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: stopping ${numbers.size} workers`);
    for (const worker of numbers.keys()) worker.process.kill(signal);
    setTimeout(() => process.exit(1), 15_000).unref();
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
  const first = fork(1);
  first.once('listening', () => {
    for (let index = 2; index <= count; index++) fork(index);
    log(`${count} workers listening (WEB_CONCURRENCY)`);
  });
  first.once('exit', (code) => {
    // the first start failed (configuration, database): do not try the others
    if (!stopping && numbers.size === 0 && code !== 0) {
      stopping = true;
      process.exit(code ?? 1);
    }
  });
};
