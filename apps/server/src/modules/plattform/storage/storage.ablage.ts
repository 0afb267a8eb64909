import type { Readable } from 'node:stream';
import type { Bucket } from './storage.content';

/**
 * Where the bytes of stored files live (decision 242): the data folder (`storage.disk.ts`, the embedded default)
 * or an S3-compatible object store (`storage.s3.ts`, `STORAGE_URL`). Keys are `{bucket}/{pfad}` with
 * `pfad = {mandantId}/{uuid}.{ext}` as recorded in `datei.pfad`; both stores refuse any other name.
 */
export type Ablage = {
  /** 'disk' or 's3', for the log and the migration command. */
  art: 'disk' | 's3';
  /** Writes the bytes under the name, streamed; a reader sees either nothing or the whole file. */
  write: (bucket: Bucket, pfad: string, body: Readable) => Promise<void>;
  /** The file's bytes as a stream, or `undefined` when there is no such file. */
  read: (bucket: Bucket, pfad: string) => Promise<Readable | undefined>;
  /** The file's size in bytes, or `undefined` when there is none. */
  size: (bucket: Bucket, pfad: string) => Promise<number | undefined>;
  /** Removes the file; a missing file is fine. */
  remove: (bucket: Bucket, pfad: string) => Promise<void>;
  /** Removes every file of the tenant in the bucket; none is fine. */
  removeTenant: (bucket: Bucket, mandantId: string) => Promise<void>;
};

/** `{mandantId}/{uuid}.{ext}` as stored in `datei.pfad`; anything else is refused (no path tricks). */
export const PFAD_PATTERN = /^[0-9a-f-]{36}\/[0-9a-f-]{36}\.(png|jpg|pdf|svg)$/;

export const MANDANT_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const checkedPfad = (pfad: string): string => {
  if (!PFAD_PATTERN.test(pfad)) throw new Error(`storage: refused path '${pfad}'`);
  return pfad;
};

export const checkedMandantId = (mandantId: string): string => {
  if (!MANDANT_ID_PATTERN.test(mandantId))
    throw new Error(`storage: refused tenant directory '${mandantId}'`);
  return mandantId;
};
