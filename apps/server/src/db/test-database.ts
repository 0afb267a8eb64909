import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type Database, openDatabase } from './client.ts';

/**
 * Integration-test databases. Every suite runs against embedded PGlite and, when `TEST_DATABASE_URL` is
 * set (e.g. postgres://postgres@127.0.0.1:5432/test), against PostgreSQL too: each opened test database is
 * a fresh `stellwerk_test_<random>` database on that server, dropped again by `close()`.
 */
export type TestDriver = Database['driver'];

export type TestDatabase = {
  database: Database;
  /** A fresh temporary directory (storage files, PGlite data), removed by `close()`. */
  dataDir: string;
  /** PostgreSQL: the URL of the test database (for `pg_dump`); undefined on the embedded database. */
  databaseUrl?: string;
  close(): Promise<void>;
};

/** The drivers to run integration suites against: `describe.each(testDrivers())('%s', (driver) => ...)`. */
export const testDrivers = (): TestDriver[] =>
  process.env.TEST_DATABASE_URL ? ['pglite', 'pg'] : ['pglite'];

export const withAdminClient = async <T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
};

/**
 * A migrated embedded cluster to start from (its data directory, holding `db/`), set by the integration
 * project's global setup (`apps/server/test/pglite-template.ts`); without it every embedded database is created
 * and migrated from nothing.
 */
export const PGLITE_TEMPLATE_ENV = 'STELLWERK_TEST_PGLITE_TEMPLATE';

/**
 * Databases to copy from, made by the integration project's global setup (`apps/server/test/pglite-template.ts`)
 * and handed to the workers as JSON in `STELLWERK_TEST_TEMPLATES`: on PostgreSQL a migrated database and a seeded
 * one (copied with `create database … template …`), and a seeded embedded cluster; each seeded one with the
 * storage folder its files were written to and the Berlin day it was seeded on. Without it, or on another day
 * than the seed's (the demo's bookings are relative to today), every database is made from nothing as before.
 */
export const TEMPLATES_ENV = 'STELLWERK_TEST_TEMPLATES';

export type TestTemplates = {
  /** The Berlin day (YYYY-MM-DD) the seeded templates were seeded on. */
  day: string;
  /** A seeded embedded cluster: `${dir}/db` and `${dir}/storage`. */
  pgliteSeeded?: string;
  /** Names of template databases on TEST_DATABASE_URL's server, and the seeded one's storage folder. */
  pgMigrated?: string;
  pgSeeded?: { name: string; storageDir: string };
};

export const berlinDay = (now: Date): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(now);

const templates = (): TestTemplates | undefined => {
  const raw = process.env[TEMPLATES_ENV];
  return raw ? (JSON.parse(raw) as TestTemplates) : undefined;
};

/** `create database` from a template; retried while another session (autovacuum) still holds the template. */
const createDatabase = async (adminUrl: string, name: string, template?: string) => {
  for (let attempt = 0; ; attempt += 1) {
    try {
      await withAdminClient(adminUrl, (c) =>
        c.query(template ? `create database ${name} template ${template}` : `create database ${name}`),
      );
      return;
    } catch (err) {
      if ((err as { code?: string }).code !== '55006' || attempt >= 20) throw err;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
};

/**
 * Opens a migrated database for one suite: empty, or with `seeded` the demo as `seedDemo` writes it, when a
 * seeded template of today exists (`seeded` in the answer says whether it is; otherwise the caller seeds).
 */
export const openTestDatabase = async (
  driver: TestDriver,
  options: { seeded?: boolean } = {},
): Promise<TestDatabase & { seeded: boolean }> => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'stellwerk-test-'));
  const removeDataDir = () => rmSync(dataDir, { recursive: true, force: true });
  const t = templates();
  const seededToday = Boolean(options.seeded && t && t.day === berlinDay(new Date()));
  if (driver === 'pglite') {
    const seededDir = seededToday ? t?.pgliteSeeded : undefined;
    const template = seededDir ?? process.env[PGLITE_TEMPLATE_ENV];
    if (template && existsSync(path.join(template, 'db')))
      cpSync(path.join(template, 'db'), path.join(dataDir, 'db'), { recursive: true });
    if (seededDir && existsSync(path.join(seededDir, 'storage')))
      cpSync(path.join(seededDir, 'storage'), path.join(dataDir, 'storage'), { recursive: true });
    const database = await openDatabase({ dataDir });
    return {
      database,
      dataDir,
      seeded: Boolean(seededDir),
      async close() {
        await database.close();
        removeDataDir();
      },
    };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `stellwerk_test_${randomBytes(6).toString('hex')}`;
  const seededTemplate = seededToday ? t?.pgSeeded : undefined;
  await createDatabase(adminUrl, name, seededTemplate?.name ?? t?.pgMigrated);
  if (seededTemplate && existsSync(seededTemplate.storageDir))
    cpSync(seededTemplate.storageDir, path.join(dataDir, 'storage'), { recursive: true });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const dropDatabase = () =>
    withAdminClient(adminUrl, (c) => c.query(`drop database if exists ${name} with (force)`));
  let database: Database;
  try {
    database = await openDatabase({ databaseUrl: url.toString(), dataDir });
  } catch (err) {
    await dropDatabase();
    removeDataDir();
    throw err;
  }
  return {
    database,
    dataDir,
    databaseUrl: url.toString(),
    seeded: Boolean(seededTemplate),
    async close() {
      await database.close();
      await dropDatabase();
      removeDataDir();
    },
  };
};
