import { createReadStream } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { type Ablage, MANDANT_ID_PATTERN, PFAD_PATTERN } from './storage.ablage';
import { BUCKETS } from './storage.content';

export type UmzugErgebnis = {
  /** Files written to the store in this run. */
  kopiert: number;
  /** Files the store already held with the same size (an earlier run): left alone. */
  vorhanden: number;
  /** Names in the storage folder that are not stored files (`….partial`, anything foreign): left alone. */
  uebersprungen: number;
  /** Files that could not be copied, with the reason; the next run tries them again. */
  fehler: { datei: string; grund: string }[];
  /** Local copies removed after the store held them (only with `entfernen`). */
  entfernt: number;
};

const entries = async (dir: string) => {
  try {
    return await readdir(dir, { withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
};

/**
 * Moves the stored files of `${dataDir}/storage/{bucket}/{mandantId}/{uuid}.{ext}` into the object store `ziel`
 * (decision 242; `npm run storage:migrate`). Each file is streamed, never read whole. A file the store already holds
 * with the same size is counted as there and not sent again, so the command can be run as often as wanted; with
 * `entfernen`, local copies the store holds are removed afterwards. The database is not touched: `datei.pfad` is
 * the same name in both places.
 */
export const migrateStorage = async ({
  dataDir,
  ziel,
  entfernen = false,
}: {
  dataDir: string;
  ziel: Ablage;
  entfernen?: boolean;
}): Promise<UmzugErgebnis> => {
  const ergebnis: UmzugErgebnis = { kopiert: 0, vorhanden: 0, uebersprungen: 0, fehler: [], entfernt: 0 };
  const root = path.join(dataDir, 'storage');
  for (const bucket of BUCKETS) {
    for (const tenant of await entries(path.join(root, bucket))) {
      if (!tenant.isDirectory() || !MANDANT_ID_PATTERN.test(tenant.name)) {
        ergebnis.uebersprungen += 1;
        continue;
      }
      for (const file of await entries(path.join(root, bucket, tenant.name))) {
        const pfad = `${tenant.name}/${file.name}`;
        if (!file.isFile() || !PFAD_PATTERN.test(pfad)) {
          ergebnis.uebersprungen += 1;
          continue;
        }
        const lokal = path.join(root, bucket, tenant.name, file.name);
        try {
          const groesse = (await stat(lokal)).size;
          if ((await ziel.size(bucket, pfad)) === groesse) ergebnis.vorhanden += 1;
          else {
            await ziel.write(bucket, pfad, createReadStream(lokal));
            if ((await ziel.size(bucket, pfad)) !== groesse)
              throw new Error('the store holds a different size after the copy');
            ergebnis.kopiert += 1;
          }
          if (entfernen) {
            await rm(lokal);
            ergebnis.entfernt += 1;
          }
        } catch (err) {
          ergebnis.fehler.push({ datei: `${bucket}/${pfad}`, grund: (err as Error).message });
        }
      }
    }
  }
  return ergebnis;
};
