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
  close(): Promise<void>;
};

/** The drivers to run integration suites against: `describe.each(testDrivers())('%s', (driver) => ...)`. */
export const testDrivers = (): TestDriver[] =>
  process.env.TEST_DATABASE_URL ? ['pglite', 'pg'] : ['pglite'];

const withAdminClient = async <T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> => {
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

/** Opens a migrated, empty database for one suite. */
export const openTestDatabase = async (driver: TestDriver): Promise<TestDatabase> => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'stellwerk-test-'));
  const removeDataDir = () => rmSync(dataDir, { recursive: true, force: true });
  if (driver === 'pglite') {
    const template = process.env[PGLITE_TEMPLATE_ENV];
    if (template && existsSync(path.join(template, 'db')))
      cpSync(path.join(template, 'db'), path.join(dataDir, 'db'), { recursive: true });
    const database = await openDatabase({ dataDir });
    return {
      database,
      dataDir,
      async close() {
        await database.close();
        removeDataDir();
      },
    };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `stellwerk_test_${randomBytes(6).toString('hex')}`;
  await withAdminClient(adminUrl, (c) => c.query(`create database ${name}`));
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
    async close() {
      await database.close();
      await dropDatabase();
      removeDataDir();
    },
  };
};
