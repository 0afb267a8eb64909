import type { Database } from './db/client.ts';
import { seedDemo } from './db/seed.ts';
import { syncCatalogues } from './modules/customizing/customizing.catalogue.ts';

/**
 * After migrations: bring the global catalogues up to date, then (on an empty database, when enabled) seed
 * the demo tenants. Used by `main.ts` and the test harness, so both start from the same state.
 * Returns whether demo data was written.
 */
export const prepareDatabase = async (
  database: Database,
  { dataDir, seed }: { dataDir: string; seed: boolean },
): Promise<boolean> => {
  await syncCatalogues(database);
  return seed ? seedDemo(database, { dataDir }) : false;
};
