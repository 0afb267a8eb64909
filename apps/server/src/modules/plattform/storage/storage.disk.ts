import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type Ablage, checkedMandantId, checkedPfad } from './storage.ablage';
import type { Bucket } from './storage.content';

const absolutePath = (dataDir: string, bucket: Bucket, pfad: string): string =>
  path.join(dataDir, 'storage', bucket, ...checkedPfad(pfad).split('/'));

const isMissing = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * Local-disk storage under `${dataDir}/storage/{bucket}/{mandantId}/{uuid}.{ext}` (spec §7 layout), the embedded
 * default. A file is written to `….partial` and renamed, so a reader never sees half of it.
 */
export const diskAblage = (dataDir: string): Ablage => ({
  art: 'disk',
  write: async (bucket, pfad, body: Readable) => {
    const target = absolutePath(dataDir, bucket, pfad);
    await mkdir(path.dirname(target), { recursive: true });
    const partial = `${target}.partial`;
    try {
      await pipeline(body, createWriteStream(partial, { mode: 0o640 }));
      await rename(partial, target);
    } catch (err) {
      await rm(partial, { force: true });
      throw err;
    }
  },
  read: async (bucket, pfad) => {
    const file = absolutePath(dataDir, bucket, pfad);
    try {
      await stat(file);
    } catch (err) {
      if (isMissing(err)) return undefined;
      throw err;
    }
    return createReadStream(file);
  },
  size: async (bucket, pfad) => {
    try {
      return (await stat(absolutePath(dataDir, bucket, pfad))).size;
    } catch (err) {
      if (isMissing(err)) return undefined;
      throw err;
    }
  },
  remove: async (bucket, pfad) => {
    await rm(absolutePath(dataDir, bucket, pfad), { force: true });
  },
  removeTenant: async (bucket, mandantId) => {
    await rm(path.join(dataDir, 'storage', bucket, checkedMandantId(mandantId)), {
      recursive: true,
      force: true,
    });
  },
});
