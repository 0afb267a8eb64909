/**
 * The server the bench measures. On PostgreSQL it runs in a process of its own, started as `npm start` starts it
 * (`tsx src/main.ts`, the same heap limit), so the load generator (autocannon, in the bench's process) does not
 * compete with the server for the server's one thread; the bench keeps its own connection to the database to build
 * its data and read plans. The embedded database belongs to one process (decision 106): there the server runs in
 * the bench's process as before.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { type Config, loadConfig } from '../src/config';
import type { Database } from '../src/db/client';
import { seedDemo } from '../src/db/seed.ts';
import { openTestDatabase, type TestDriver, withAdminClient } from '../src/db/test-database';
import { startTestServer } from '../test/harness';

/**
 * After the bench built its data: the planner's statistics and the visibility map, as autovacuum keeps them in
 * production. The test machines' PostgreSQL runs with autovacuum off (its CI configuration), and an `analyze` in the
 * app's transaction is skipped for every table the app's role does not own, so without this the plans of 2 million
 * freshly inserted rows were made from the statistics of the empty tables (free search p95 35.8 ms at one client,
 * against 12 ms measured before). Run as the database's owner, outside a transaction; on the embedded database its
 * one user owns every table.
 */
export const statistikAuffrischen = async (server: BenchZiel) => {
  if (server.databaseUrl) await withAdminClient(server.databaseUrl, (c) => c.query('vacuum (analyze)'));
  else await server.database.withAllTenants((tx) => tx.execute(sql`analyze`));
};

/** What the bench parts need of the server: its address, the database behind it and its configuration. */
export type BenchZiel = {
  driver: TestDriver;
  baseUrl: string;
  database: Database;
  databaseUrl: string | undefined;
  config: Config;
};

export type BenchServer = BenchZiel & {
  /** Where the server runs: `process <pid>` (its own) or `in the bench's process`. */
  prozess: string;
  close: () => Promise<void>;
};

const serverDir = path.resolve(import.meta.dirname, '..');
const tsx = path.resolve(serverDir, '../../node_modules/.bin/tsx');

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });

/** A seeded database and the server on it, in its own process on PostgreSQL (BENCH_LOG_LEVEL, default warn). */
export const startBenchServer = async (driver: TestDriver): Promise<BenchServer> => {
  if (driver === 'pglite') {
    const server = await startTestServer({ driver, seed: true });
    return { ...server, prozess: "in the bench's process" };
  }
  const testDb = await openTestDatabase('pg', { seeded: true });
  let child: ChildProcess | undefined;
  try {
    if (!testDb.seeded) await seedDemo(testDb.database, { dataDir: testDb.dataDir });
    const port = await freePort();
    const env = {
      DATABASE_URL: testDb.databaseUrl ?? '',
      DATA_DIR: testDb.dataDir,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SESSION_SECRET: 'bench-secret-0123456789abcdef0123456789',
      SEED_DEMO: 'false',
      RUN_SCHEDULER: 'false',
      // one line per request at info (decision 233) would be measured too; the in-process bench logged nothing
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
      INIT_CWD: serverDir,
    };
    const config = loadConfig(env);
    // BENCH_SERVER_NODE_ARGS: Node's flags for the server (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`), given to
    // tsx before the script, which hands them to the node it starts
    const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
    child = spawn(tsx, [...nodeArgs, 'src/main.ts'], {
      cwd: serverDir,
      env: { ...process.env, ...env, NODE_OPTIONS: '--max-old-space-size=1024' },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const started = child;
    let schliesst = false;
    const exited = new Promise<void>((resolve) =>
      started.once('exit', (code, signal) => {
        // a server ending before the bench closes it makes every later request fail: say why at once
        if (!schliesst)
          console.log(`\n!!! the bench server ended early: exit code ${code}, signal ${signal}\n`);
        resolve();
      }),
    );
    const baseUrl = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 180_000;
    for (;;) {
      if (started.exitCode !== null) throw new Error(`the bench server ended with ${started.exitCode}`);
      const ok = await fetch(`${baseUrl}/api/health`)
        .then((r) => r.ok)
        .catch(() => false);
      if (ok) break;
      if (Date.now() > deadline) throw new Error('the bench server did not answer within 180 s');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    return {
      driver,
      baseUrl,
      database: testDb.database,
      databaseUrl: testDb.databaseUrl,
      config,
      prozess: `process ${started.pid}`,
      close: async () => {
        // SIGTERM: the server closes its connections and exits (main.ts), before the database is dropped
        schliesst = true;
        if (started.exitCode === null) started.kill('SIGTERM');
        await exited;
        await testDb.close();
      },
    };
  } catch (err) {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    await testDb.close();
    throw err;
  }
};
