/**
 * Vitest global setup of the integration project: makes the databases that every file's databases are copied
 * from, before any file runs.
 * - A migrated embedded cluster (`STELLWERK_TEST_PGLITE_TEMPLATE`): `openTestDatabase('pglite')` copies it (about
 *   0.2 s) instead of creating and migrating a new one (about 3.5 s on the 2-core CI machine).
 * - The demo seeded once per driver (`STELLWERK_TEST_TEMPLATES`): a seeded embedded cluster with its storage
 *   folder, and on PostgreSQL (with TEST_DATABASE_URL) a migrated and a seeded template database, so a suite's
 *   `startTestServer()` copies the demo instead of seeding it again (seeding hashes a password and writes about a
 *   thousand rows: 0.3–0.7 s a file on a quiet machine, several seconds on a busy one).
 * The copies are still migrated on open: a migration added later is applied to them like to any database. The
 * seeded templates are used only on the Berlin day they were seeded on (the demo's bookings are relative to
 * today); a run that passes midnight seeds each file's database itself again.
 */

import { randomBytes } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../src/db/client.ts';
import { seedDemo } from '../src/db/seed.ts';
import { laufOrdner } from './speicher-ordner.ts';
import {
  berlinDay,
  PGLITE_TEMPLATE_ENV,
  TEMPLATES_ENV,
  type TestTemplates,
  withAdminClient,
} from '../src/db/test-database.ts';

export default async function setup() {
  // The run's folder, in memory when there is room for three workers' databases and files beside the templates. The
  // workers inherit this process's environment: their `os.tmpdir()` (TMPDIR) is the run's folder too, and whatever a
  // file leaves there goes with the folder at the end.
  const ordner = laufOrdner('stellwerk-integration-', 4 * 1024 ** 3);
  process.env.TMPDIR = ordner;
  const day = berlinDay(new Date());
  const adminUrl = process.env.TEST_DATABASE_URL;
  // The embedded templates are made in this process, PostgreSQL's in its own: both at once. Each seeded template
  // starts from a copy of its migrated one instead of migrating again (about 5 s of the embedded database's 7 s).
  const [embedded, pg] = await Promise.all([
    embeddedTemplates(),
    adminUrl ? pgTemplates(adminUrl) : undefined,
  ]);
  process.env[PGLITE_TEMPLATE_ENV] = embedded.migrated;
  const templates: TestTemplates = { day, pgliteSeeded: embedded.seeded };
  if (pg) {
    templates.pgMigrated = pg.migrated;
    templates.pgSeeded = { name: pg.seeded, storageDir: path.join(pg.storage, 'storage') };
  }
  process.env[TEMPLATES_ENV] = JSON.stringify(templates);
  const { migrated: dataDir, seeded: seededDir } = embedded;
  const pgStorage = pg?.storage;
  const pgNames = pg ? [pg.migrated, pg.seeded] : [];

  return async () => {
    rmSync(ordner, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(seededDir, { recursive: true, force: true });
    if (pgStorage) rmSync(pgStorage, { recursive: true, force: true });
    if (adminUrl)
      for (const name of pgNames)
        await withAdminClient(adminUrl, (c) => c.query(`drop database if exists ${name} with (force)`));
  };
}

/** A migrated embedded cluster, and a copy of it with the demo seeded (with its storage folder). */
const embeddedTemplates = async () => {
  const migrated = mkdtempSync(path.join(tmpdir(), 'stellwerk-pglite-template-'));
  const database = await openDatabase({ dataDir: migrated });
  await database.close();
  const seeded = mkdtempSync(path.join(tmpdir(), 'stellwerk-pglite-seeded-'));
  cpSync(path.join(migrated, 'db'), path.join(seeded, 'db'), { recursive: true });
  const seededDb = await openDatabase({ dataDir: seeded });
  await seedDemo(seededDb, { dataDir: seeded });
  await seededDb.close();
  return { migrated, seeded };
};

/** A migrated PostgreSQL template database, and one made from it with the demo seeded (files in `storage`). */
const pgTemplates = async (adminUrl: string) => {
  const suffix = randomBytes(4).toString('hex');
  const migrated = `stellwerk_tpl_migrated_${suffix}`;
  const seeded = `stellwerk_tpl_seeded_${suffix}`;
  const storage = mkdtempSync(path.join(tmpdir(), 'stellwerk-pg-seeded-'));
  const urlOf = (name: string) => {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return url.toString();
  };
  await withAdminClient(adminUrl, (c) => c.query(`create database ${migrated}`));
  await (await openDatabase({ databaseUrl: urlOf(migrated), dataDir: storage })).close();
  await withAdminClient(adminUrl, (c) => c.query(`create database ${seeded} template ${migrated}`));
  const db = await openDatabase({ databaseUrl: urlOf(seeded), dataDir: storage });
  await seedDemo(db, { dataDir: storage });
  await db.close();
  mkdirSync(path.join(storage, 'storage'), { recursive: true });
  return { migrated, seeded, storage };
};
