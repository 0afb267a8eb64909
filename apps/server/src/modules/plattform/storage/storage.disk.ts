import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Bucket } from './storage.content';

/** `{mandantId}/{uuid}.{ext}` as stored in `datei.pfad`; anything else is refused (no path tricks). */
const PFAD_PATTERN = /^[0-9a-f-]{36}\/[0-9a-f-]{36}\.(png|jpg|pdf|svg)$/;

const absolutePath = (dataDir: string, bucket: Bucket, pfad: string): string => {
  if (!PFAD_PATTERN.test(pfad)) throw new Error(`storage: refused path '${pfad}'`);
  return path.join(dataDir, 'storage', bucket, ...pfad.split('/'));
};

/** Local-disk storage under `${dataDir}/storage/{bucket}/{mandantId}/{uuid}.{ext}` (spec §7 layout). */
export const writeStoredFile = async (
  dataDir: string,
  bucket: Bucket,
  pfad: string,
  data: Buffer,
): Promise<void> => {
  const target = absolutePath(dataDir, bucket, pfad);
  await mkdir(path.dirname(target), { recursive: true });
  const partial = `${target}.partial`;
  await writeFile(partial, data, { mode: 0o640 });
  await rename(partial, target);
};

export const readStoredFile = (dataDir: string, bucket: Bucket, pfad: string): Promise<Buffer> =>
  readFile(absolutePath(dataDir, bucket, pfad));

export const removeStoredFile = async (dataDir: string, bucket: Bucket, pfad: string): Promise<void> => {
  await rm(absolutePath(dataDir, bucket, pfad), { force: true });
};

const MANDANT_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Removes a tenant's directory of a bucket with everything in it; a missing directory is fine. */
export const removeTenantDirectory = async (
  dataDir: string,
  bucket: Bucket,
  mandantId: string,
): Promise<void> => {
  if (!MANDANT_ID_PATTERN.test(mandantId))
    throw new Error(`storage: refused tenant directory '${mandantId}'`);
  await rm(path.join(dataDir, 'storage', bucket, mandantId), { recursive: true, force: true });
};
