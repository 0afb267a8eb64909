import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from './db/test-database.ts';
import { seedDemo } from './db/seed.ts';
import { DEMO_PASSWORD } from '../test/harness.ts';

const serverDir = path.resolve(import.meta.dirname, '..');
const tsx = path.resolve(serverDir, '../../node_modules/.bin/tsx');

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });

/**
 * `WEB_CONCURRENCY=2 npm start` on PostgreSQL (decision 243): the primary forks two workers that share the port,
 * requests are spread over both, and SIGTERM ends them all. The embedded database refuses more than one process
 * (unit test `cluster.test.ts`), so this runs on PostgreSQL only.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('WEB_CONCURRENCY=2 on PostgreSQL', () => {
  let testDb: TestDatabase;
  let child: ChildProcess;
  let output = '';
  let baseUrl: string;
  let exited: Promise<number | null>;

  beforeAll(async () => {
    testDb = await openTestDatabase('pg', { seeded: true });
    if (!(testDb as TestDatabase & { seeded: boolean }).seeded)
      await seedDemo(testDb.database, { dataDir: testDb.dataDir });
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    child = spawn(tsx, ['src/main.ts'], {
      cwd: serverDir,
      env: {
        ...process.env,
        WEB_CONCURRENCY: '2',
        DATABASE_URL: testDb.databaseUrl,
        DATA_DIR: testDb.dataDir,
        HOST: '127.0.0.1',
        PORT: String(port),
        SESSION_SECRET: 'cluster-test-secret-0123456789abcdef',
        RUN_SCHEDULER: 'false',
        LOG_LEVEL: 'info',
        INIT_CWD: serverDir,
      },
      detached: true,
    });
    child.stdout?.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
    const deadline = Date.now() + 150_000;
    while (!output.includes('2 workers listening')) {
      if (Date.now() > deadline || child.exitCode !== null)
        throw new Error(`cluster did not start:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }, 180_000);
  afterAll(async () => {
    if (child && child.exitCode === null) process.kill(-(child.pid ?? 0), 'SIGKILL');
    await testDb?.close();
  });

  it('both workers answer on the one port, a session signed in through one works on the other, and SIGTERM ends all', async () => {
    // wait until worker 2 has listened too (its log line), then spread requests
    const deadline = Date.now() + 60_000;
    while ((output.match(/cluster worker ready/g) ?? []).length < 2) {
      if (Date.now() > deadline) throw new Error(`worker 2 did not start:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const signIn = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl },
      body: JSON.stringify({ email: 'mitarbeiter@musterstadt.example', password: DEMO_PASSWORD }),
    });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    for (let i = 0; i < 12; i++) {
      // new connections each time, so the primary hands them out in turn
      const me = await fetch(`${baseUrl}/api/me`, { headers: { cookie, connection: 'close' } });
      expect(me.status).toBe(200);
    }
    const pids = new Set(
      output
        .split('\n')
        .filter((line) => line.includes('"route":"/api/me"'))
        .flatMap((line): number[] => {
          try {
            const pid = (JSON.parse(line) as { pid?: number }).pid;
            return pid === undefined ? [] : [pid];
          } catch {
            return [];
          }
        }),
    );
    expect(pids.size).toBe(2);
    expect(pids.has(child.pid ?? -1)).toBe(false);

    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 120_000);
});
