/**
 * Vitest global setup of the integration project: migrates one embedded database before any file runs and
 * hands its directory to the workers (`STELLWERK_TEST_PGLITE_TEMPLATE`), so `openTestDatabase('pglite')` copies
 * a migrated cluster (about 0.2 s) instead of creating and migrating a new one (about 3.5 s on the 2-core CI
 * machine, for each of the about 75 embedded databases a run opens). The copy is still migrated on open: a
 * migration added later would be applied to it like to any existing database.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../src/db/client.ts';
import { PGLITE_TEMPLATE_ENV } from '../src/db/test-database.ts';

export default async function setup() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'stellwerk-pglite-template-'));
  const database = await openDatabase({ dataDir });
  await database.close();
  process.env[PGLITE_TEMPLATE_ENV] = dataDir;
  return () => rmSync(dataDir, { recursive: true, force: true });
}
