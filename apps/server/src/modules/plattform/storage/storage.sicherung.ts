import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { PFAD_PATTERN } from './storage.ablage';
import { BUCKETS } from './storage.content';
import { type S3Einstellung, s3Ablage } from './storage.s3';
import { migrateStorage } from './storage.umzug';

/** Every key of the installation's objects in one bucket of the store (all pages). */
const keysOf = async function* (
  ablage: ReturnType<typeof s3Ablage>,
  einstellung: S3Einstellung,
  bucket: string,
) {
  const Prefix = `${einstellung.prefix}${bucket}/`;
  let ContinuationToken: string | undefined;
  do {
    const page = await ablage.client.send(
      new ListObjectsV2Command({ Bucket: einstellung.bucket, Prefix, ContinuationToken }),
    );
    for (const object of page.Contents ?? []) if (object.Key) yield object.Key.slice(Prefix.length);
    ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (ContinuationToken);
};

/**
 * Copies the installation's objects from the S3-compatible store into `ziel` in the layout of the data folder
 * (`{bucket}/{mandantId}/{uuid}.{ext}`), each streamed (decision 260). Keys that are not stored files (a foreign
 * object under the prefix) are left out. Answers how many files were copied.
 */
export const sichereAblage = async (einstellung: S3Einstellung, ziel: string): Promise<number> => {
  const ablage = s3Ablage(einstellung);
  let kopiert = 0;
  try {
    for (const bucket of BUCKETS) {
      for await (const pfad of keysOf(ablage, einstellung, bucket)) {
        if (!PFAD_PATTERN.test(pfad)) continue;
        const body = await ablage.read(bucket, pfad);
        // deleted since it was listed: not in the backup, as if listed a moment later
        if (!body) continue;
        const datei = path.join(ziel, bucket, ...pfad.split('/'));
        await mkdir(path.dirname(datei), { recursive: true });
        await pipeline(body as Readable, createWriteStream(datei, { flags: 'wx' }));
        kopiert += 1;
      }
    }
  } finally {
    ablage.destroy();
  }
  return kopiert;
};

/** Refuses unless the store holds none of the installation's objects (checked before a restore starts). */
export const pruefeAblageLeer = async (einstellung: S3Einstellung): Promise<void> => {
  const ablage = s3Ablage(einstellung);
  try {
    for (const bucket of BUCKETS)
      for await (const _ of keysOf(ablage, einstellung, bucket))
        throw new Error(
          `Der Objektspeicher s3://${einstellung.bucket}/${einstellung.prefix} ist nicht leer: stellen Sie in einen leeren wieder her. / The object store is not empty.`,
        );
  } finally {
    ablage.destroy();
  }
};

/**
 * Puts the files of a backup's `storage/` folder (`quelle` is the backup folder) into the S3-compatible store,
 * which must hold none of the installation's objects yet (decision 260): a restore goes into an empty installation.
 * Each file is streamed; a file that fails stops the restore with its name. Answers how many files were written.
 */
export const stelleAblageWiederHer = async (einstellung: S3Einstellung, quelle: string): Promise<number> => {
  await pruefeAblageLeer(einstellung);
  const ablage = s3Ablage(einstellung);
  try {
    const ergebnis = await migrateStorage({ dataDir: quelle, ziel: ablage });
    if (ergebnis.fehler.length > 0)
      throw new Error(
        `${ergebnis.fehler.length} Dateien nicht in den Objektspeicher geschrieben, z. B. ${ergebnis.fehler[0]?.datei}: ${ergebnis.fehler[0]?.grund}`,
      );
    return ergebnis.kopiert + ergebnis.vorhanden;
  } finally {
    ablage.destroy();
  }
};
