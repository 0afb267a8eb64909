import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { seedDemo } from './db/seed.ts';
import { writeDemoImprint } from './modules/verwaltung/impressum/impressum.service.ts';
import { countPlatformAdmins } from './modules/verwaltung/mandant/mandant.platform-admin.ts';

export type FirstStart = {
  /** The demo tenants were created now (SEED_DEMO on and the database had no tenant). */
  seeded: boolean;
  /** Active platform administrators after this step; none means the operator must run `admin:create`. */
  platformAdmins: number;
};

/**
 * What the server does with its data before listening: the demo only when configured (by default on the
 * embedded database, with DATABASE_URL only for SEED_DEMO=true; decision 030), then counts the platform
 * administrators so `main.ts` can point an operator of an empty installation at `npm run admin:create`.
 */
export const prepareData = async (
  config: Pick<Config, 'seedDemo' | 'dataDir' | 'imprintFile'>,
  database: Database,
  now: Date = new Date(),
): Promise<FirstStart> => {
  let seeded = false;
  if (config.seedDemo && (await seedDemo(database, { dataDir: config.dataDir, now }))) {
    await writeDemoImprint(config.imprintFile);
    seeded = true;
  }
  return { seeded, platformAdmins: await countPlatformAdmins(database) };
};
