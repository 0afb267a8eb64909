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
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../src/db/client.ts';
import { seedDemo } from '../src/db/seed.ts';
import {
  berlinDay,
  PGLITE_TEMPLATE_ENV,
  TEMPLATES_ENV,
  type TestTemplates,
  withAdminClient,
} from '../src/db/test-database.ts';

export default async function setup() {
  const day = berlinDay(new Date());
  const dataDir = mkdtempSync(path.join(tmpdir(), 'stellwerk-pglite-template-'));
  const database = await openDatabase({ dataDir });
  await database.close();
  process.env[PGLITE_TEMPLATE_ENV] = dataDir;

  const seededDir = mkdtempSync(path.join(tmpdir(), 'stellwerk-pglite-seeded-'));
  const seeded = await openDatabase({ dataDir: seededDir });
  await seedDemo(seeded, { dataDir: seededDir });
  await seeded.close();
  const templates: TestTemplates = { day, pgliteSeeded: seededDir };

  const adminUrl = process.env.TEST_DATABASE_URL;
  const pgNames: string[] = [];
  let pgStorage: string | undefined;
  if (adminUrl) {
    const suffix = randomBytes(4).toString('hex');
    const migrated = `stellwerk_tpl_migrated_${suffix}`;
    const seededName = `stellwerk_tpl_seeded_${suffix}`;
    pgStorage = mkdtempSync(path.join(tmpdir(), 'stellwerk-pg-seeded-'));
    for (const name of [migrated, seededName]) {
      await withAdminClient(adminUrl, (c) => c.query(`create database ${name}`));
      pgNames.push(name);
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      const db = await openDatabase({ databaseUrl: url.toString(), dataDir: pgStorage });
      if (name === seededName) await seedDemo(db, { dataDir: pgStorage });
      await db.close();
    }
    mkdirSync(path.join(pgStorage, 'storage'), { recursive: true });
    templates.pgMigrated = migrated;
    templates.pgSeeded = { name: seededName, storageDir: path.join(pgStorage, 'storage') };
  }
  process.env[TEMPLATES_ENV] = JSON.stringify(templates);

  return async () => {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(seededDir, { recursive: true, force: true });
    if (pgStorage) rmSync(pgStorage, { recursive: true, force: true });
    if (adminUrl)
      for (const name of pgNames)
        await withAdminClient(adminUrl, (c) => c.query(`drop database if exists ${name} with (force)`));
  };
}
