import cluster from 'node:cluster';
import { createServer, type Server } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { type BuildAppOptions, buildApp } from './app';
import { startCluster, webConcurrencyOf, workerIndex } from './cluster.ts';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { prepareData } from './first-start.ts';
import { productJobs } from './jobs/jobs';
import { type Scheduler, startScheduler } from './jobs/scheduler';
import { startMailDelivery } from './modules/plattform/mail/mail.delivery';
import { startPushDelivery } from './modules/plattform/push/push.delivery';
import { dispatchPushes } from './modules/plattform/push/push.dispatcher';
import { dispatchPendingMails, mailFromOf } from './modules/plattform/mail/mail.dispatcher';
import { appLoggerOptions } from './http/request-log.ts';
import { createTestClock } from './modules/plattform/testuhr/testuhr.clock.ts';

/** TRUST_PROXY: unset/false (default), true, a hop count ("1") or comma-separated addresses/CIDRs. */
const trustProxyOf = (value: string | undefined): BuildAppOptions['trustProxy'] => {
  if (!value || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address: string, hop: number) => hop < hops;
  }
  return value.split(',').map((s) => s.trim());
};

/**
 * Takes the port before anything else (decision 106): a second `npm start` fails here, with a message naming the
 * port, before it opens the database. Held until the app listens on it.
 */
const reservePort = (host: string, port: number): Promise<Server> =>
  new Promise((resolve, reject) => {
    // a client that connects meanwhile (a health check) is hung up on, so that closing it never waits
    const server = createServer((socket) => socket.destroy());
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(
              `Port ${port} ist schon belegt (läuft Stellwerk schon?). Beenden Sie das andere Programm oder starten Sie mit PORT=<anderer Port>. / Port ${port} is in use.`,
            )
          : error,
      );
    });
    server.listen({ host, port, exclusive: true }, () => resolve(server));
  });

/** `npm start`: configuration, port, database (migrated), demo data, HTTP server, scheduler. */
const main = async () => {
  const config = loadConfig();
  const startedAt = Date.now();
  const workers = webConcurrencyOf(process.env.WEB_CONCURRENCY, config.databaseUrl);
  const worker = workerIndex();
  if (cluster.isPrimary && workers > 1) {
    // the port is checked here once; the workers share it through the primary (decision 243)
    const probe = await reservePort(config.host, config.port);
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    startCluster(workers, (message) => console.log(`[stellwerk] ${message}`));
    return;
  }
  // a worker of a cluster must not take the port for itself: the primary hands it out
  const reserved = worker === undefined ? await reservePort(config.host, config.port) : undefined;
  // The app's logger exists once the app is built; the database may report before that.
  let appLog: FastifyBaseLogger | undefined;
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    log: (message, err) => (appLog ? appLog.warn({ err }, message) : console.warn(message, err)),
  });
  // TEST_CLOCK (NODE_ENV=test only, config.ts): requests, jobs and mails read the movable clock
  const testClock = config.testClock ? createTestClock() : undefined;
  const now = testClock ? testClock.now : () => new Date();
  const app = await buildApp({
    config,
    database,
    now,
    testClock,
    logger: appLoggerOptions({ level: process.env.LOG_LEVEL ?? 'info' }),
    trustProxy: trustProxyOf(process.env.TRUST_PROXY),
  });
  appLog = app.log;
  app.log.info({ database: database.driver, dataDir: config.dataDir }, 'database ready');
  const data = await prepareData(config, database);
  if (data.seeded) app.log.info('demo data seeded');
  if (data.platformAdmins === 0)
    app.log.warn(
      'Kein Plattform-Administrator: npm run admin:create -- --email <Adresse> legt einen an (docs/betrieb.md "First start")',
    );

  let scheduler: Scheduler | undefined;
  let stopMailDelivery: (() => Promise<void>) | undefined;
  let stopPushDelivery: (() => Promise<void>) | undefined;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      scheduler?.stop();
      await stopMailDelivery?.();
      await stopPushDelivery?.();
      await app.close();
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  if (reserved) await new Promise<void>((resolve) => reserved.close(() => resolve()));
  await app.listen({ host: config.host, port: config.port });
  // in a cluster only worker 1 runs the jobs and delivers mail (they would be safe on every worker, decision 243)
  const runsJobs = config.runScheduler && (worker === undefined || worker === 1);
  if (runsJobs)
    scheduler = startScheduler({
      database,
      jobs: productJobs(config),
      log: app.log,
      now,
      onOutcome: app.metrics.observeJob,
    });
  if (testClock) app.log.warn('TEST_CLOCK: the clock can be moved through PUT /api/test/uhr (tests only)');
  if (worker === undefined || worker === 1)
    stopMailDelivery = await startMailDelivery({
      database,
      smtpUrl: config.smtpUrl,
      log: app.log,
      dispatch: runsJobs
        ? () =>
            dispatchPendingMails({
              database,
              smtpUrl: config.smtpUrl,
              now: now(),
              from: mailFromOf(config.publicUrl),
            })
        : undefined,
    });
  // pushes go out right after their commit on an instance that runs the jobs (decision 245; in a cluster worker 1)
  if (runsJobs)
    stopPushDelivery = await startPushDelivery({
      database,
      log: app.log,
      dispatch: () => dispatchPushes({ database, vapid: config.vapid, log: app.log }),
    });
  const local = `http://${config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host}:${config.port}`;
  if (worker !== undefined) app.log.info({ worker }, 'cluster worker ready');
  app.log.info(
    `Stellwerk läuft auf ${config.publicUrl} (lokal ${local}), gestartet in ${Date.now() - startedAt} ms`,
  );
  if (!config.smtpUrl)
    app.log.info(
      'SMTP_URL ist nicht gesetzt: E-Mails werden nicht versendet, sondern vollständig (mit ihren Links) in dieses Log geschrieben; der Postausgang (/admin/postausgang) zeigt sie ohne Links',
    );
};

main().catch((err) => {
  // a known refusal (port busy, data folder in use) is its message; anything else with its stack
  console.error(
    err instanceof Error && /^(Port \d+ |Der Datenordner )/.test(err.message) ? err.message : err,
  );
  process.exit(1);
});
