import { createServer } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import type { Database } from '../src/db/client';
import { seedDemo } from '../src/db/seed.ts';
import { openTestDatabase, type TestDriver } from '../src/db/test-database';
import { appLoggerOptions } from '../src/http/request-log';

export { testDrivers } from '../src/db/test-database';

/** Password of every demo user (README, seed). */
export const DEMO_PASSWORD = 'stellwerk-demo';

export type TestServer = {
  driver: TestDriver;
  baseUrl: string;
  app: FastifyInstance;
  database: Database;
  /** PostgreSQL: the test database's URL; undefined on the embedded database. */
  databaseUrl: string | undefined;
  config: Config;
  close: () => Promise<void>;
};

export type TestServerOptions = {
  /** 'pglite' (default) or 'pg' (a fresh database on TEST_DATABASE_URL's server, dropped on close). */
  driver?: TestDriver;
  /** Seed the demo tenants (default true). */
  seed?: boolean;
  smtpUrl?: string;
  /** SMS_URL: the SMS gateway (decision 083). */
  smsUrl?: string;
  now?: () => Date;
  /** PUBLIC_URL: default `http://127.0.0.1:<port>`; `null` leaves it unset (the app trusts its own address). */
  publicUrl?: string | null;
  /** TRUSTED_ORIGINS, comma-separated. */
  trustedOrigins?: string;
  /** METRICS_TOKEN: switches `/metrics` on (decision 232). */
  metricsToken?: string;
  /** LLM_URL, LLM_MODEL, LLM_API_KEY, LLM_TIMEOUT_MS: the assistant's language model (decision 248). */
  llm?: { url: string; model: string; apiKey?: string; timeoutMs?: number };
  /** PUSH_HTTP_ERLAUBT (with NODE_ENV=test): push endpoints may be plain http, the tests' local push service. */
  pushHttp?: boolean;
  /** Where the app's log lines go, at level info with the production redaction (default: no log). */
  logStream?: NodeJS.WritableStream;
  /** STORAGE_URL and its credentials: stored files go to this S3-compatible store (decision 242). */
  storage?: { url: string; accessKeyId: string; secretAccessKey: string };
  /** The session cache's clock (milliseconds): a test that must not see a cached session expire holds it. */
  sitzungsUhr?: () => number;
  /** An existing DATA_DIR or database to start on (a restored backup): not migrated afresh, not seeded. */
  database?: { database: Database; dataDir: string; databaseUrl?: string; close: () => Promise<void> };
};

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

/**
 * The real server for integration tests: a temporary DATA_DIR, a migrated database (PGlite, or a fresh
 * PostgreSQL database), optionally the demo data, listening on 127.0.0.1. No scheduler runs.
 */
export const startTestServer = async ({
  driver = 'pglite',
  seed = true,
  smtpUrl,
  smsUrl,
  now,
  publicUrl,
  trustedOrigins,
  metricsToken,
  llm,
  pushHttp = false,
  logStream,
  storage,
  sitzungsUhr,
  database: given,
}: TestServerOptions = {}): Promise<TestServer> => {
  const testDatabase = given ? { ...given, seeded: true } : await openTestDatabase(driver, { seeded: seed });
  const { database, dataDir } = testDatabase;
  try {
    if (seed && !testDatabase.seeded) await seedDemo(database, { dataDir });
    // The port is probed free, then listened on after the app is built; meanwhile another worker's outgoing
    // connection (a PostgreSQL client's local port) may take it. Seen once with three workers: EADDRINUSE. The
    // app is then built again on another port; the address is part of its configuration (PUBLIC_URL).
    for (let versuch = 1; ; versuch++) {
      const port = await freePort();
      const config = loadConfig({
        DATA_DIR: dataDir,
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: publicUrl === null ? '' : (publicUrl ?? `http://127.0.0.1:${port}`),
        TRUSTED_ORIGINS: trustedOrigins ?? '',
        SESSION_SECRET: 'integration-test-secret-0123456789abcdef',
        SMTP_URL: smtpUrl ?? '',
        SMS_URL: smsUrl ?? '',
        SEED_DEMO: seed ? 'true' : 'false',
        RUN_SCHEDULER: 'false',
        METRICS_TOKEN: metricsToken ?? '',
        STORAGE_URL: storage?.url ?? '',
        STORAGE_ACCESS_KEY_ID: storage?.accessKeyId ?? '',
        STORAGE_SECRET_ACCESS_KEY: storage?.secretAccessKey ?? '',
        LLM_URL: llm?.url ?? '',
        LLM_MODEL: llm?.model ?? '',
        LLM_API_KEY: llm?.apiKey ?? '',
        LLM_TIMEOUT_MS: llm?.timeoutMs ? String(llm.timeoutMs) : '',
        ...(pushHttp ? { PUSH_HTTP_ERLAUBT: 'true', NODE_ENV: 'test' } : {}),
      });
      const app = await buildApp({
        config,
        database,
        now,
        sitzungsUhr,
        logger: logStream
          ? appLoggerOptions({ level: 'info', stream: logStream })
          : process.env.TEST_LOG
            ? appLoggerOptions({ level: 'debug' })
            : false,
      });
      try {
        await app.listen({ host: config.host, port: config.port });
      } catch (err) {
        await app.close();
        if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE' && versuch < 5) continue;
        throw err;
      }
      return {
        driver,
        baseUrl: `http://127.0.0.1:${port}`,
        app,
        database,
        databaseUrl: testDatabase.databaseUrl,
        config,
        close: async () => {
          // The test is over: connections still open end now. Closing waits for a connection that is not idle, and
          // one to the restored server of backup.int.test.ts held it 70 s (until Node's headers timeout), alone most
          // of that file's 75 s.
          const closing = app.close();
          app.server.closeAllConnections();
          await closing;
          await testDatabase.close();
        },
      };
    }
  } catch (err) {
    await testDatabase.close();
    throw err;
  }
};

/**
 * Signs in through better-auth (`POST /api/auth/sign-in/email`) and returns the `cookie` request header
 * carrying the session.
 */
export const signIn = async (baseUrl: string, email: string, password = DEMO_PASSWORD): Promise<string> => {
  const response = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok)
    throw new Error(`sign-in of ${email} failed: ${response.status} ${await response.text()}`);
  const cookies = response.headers.getSetCookie().map((c) => c.split(';')[0]);
  if (cookies.length === 0) throw new Error(`sign-in of ${email} set no cookie`);
  return cookies.join('; ');
};
