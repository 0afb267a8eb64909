import path from 'node:path';
import type { Ablage } from './storage.ablage';
import { diskAblage } from './storage.disk';
import { type S3Einstellung, s3Ablage } from './storage.s3';

/** The object store opened for a data folder; the folder itself where none is. */
const geoeffnet = new Map<string, Ablage & { destroy?: () => void }>();

/**
 * The store the files of the installation with this `DATA_DIR` live in (decision 242). Every storage operation
 * receives the data folder already; the store chosen at start for it (`oeffneAblage`) answers, else the folder.
 */
export const ablageFuer = (dataDir: string): Ablage =>
  geoeffnet.get(path.resolve(dataDir)) ?? diskAblage(dataDir);

/**
 * Opens the configured object store for the installation with this `DATA_DIR` (nothing without `STORAGE_URL`);
 * answers what closes it again.
 */
export const oeffneAblage = (dataDir: string, s3: S3Einstellung | undefined): (() => void) => {
  if (!s3) return () => {};
  const key = path.resolve(dataDir);
  const ablage = s3Ablage(s3);
  geoeffnet.set(key, ablage);
  return () => {
    if (geoeffnet.get(key) === ablage) geoeffnet.delete(key);
    ablage.destroy();
  };
};
