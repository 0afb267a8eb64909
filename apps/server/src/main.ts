import { type BuildAppOptions, buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { seedDemo } from './db/seed.ts';
import { productJobs } from './jobs/jobs';
import { type Scheduler, startScheduler } from './jobs/scheduler';
import { writeDemoImprint } from './modules/impressum/impressum.service.ts';

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

/** `npm start`: configuration, database (migrated), demo data, HTTP server, scheduler. */
const main = async () => {
  const config = loadConfig();
  const startedAt = Date.now();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const app = await buildApp({
    config,
    database,
    logger: { level: process.env.LOG_LEVEL ?? 'info' },
    trustProxy: trustProxyOf(process.env.TRUST_PROXY),
  });
  app.log.info({ database: database.driver, dataDir: config.dataDir }, 'database ready');
  if (config.seedDemo && (await seedDemo(database, { dataDir: config.dataDir }))) {
    await writeDemoImprint(config.imprintFile);
    app.log.info('demo data seeded');
  }

  let scheduler: Scheduler | undefined;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      scheduler?.stop();
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

  await app.listen({ host: config.host, port: config.port });
  if (config.runScheduler) scheduler = startScheduler({ database, jobs: productJobs(config), log: app.log });
  const local = `http://${config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host}:${config.port}`;
  app.log.info(
    `Stellwerk läuft auf ${config.publicUrl} (lokal ${local}), gestartet in ${Date.now() - startedAt} ms`,
  );
  if (!config.smtpUrl) app.log.info('SMTP_URL ist nicht gesetzt: E-Mails bleiben im Postausgang (/admin)');
};

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
