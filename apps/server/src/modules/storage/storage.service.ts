import { randomUUID } from 'node:crypto';
import { DomainError } from '@stellwerk/domain/errors';
import type { Database } from '../../db/client';
import { writeAudit } from '../audit/audit.service';
import type { SessionUser } from '../auth/auth.context';
import { publishEvent } from '../events/events.service';
import { BUCKETS, type Bucket, checkUpload } from './storage.content';
import { readStoredFile, removeStoredFile, removeTenantDirectory, writeStoredFile } from './storage.disk';
import { type DateiRow, findDateiById, findNewestDatei, insertDatei } from './storage.repository';

export type StorageDeps = { database: Pick<Database, 'withTenant'>; dataDir: string; now: () => Date };

/** The tenant-wide files an administrator replaces through /api/mandant/{logo,datenschutz}. */
export type MandantFile = Extract<Bucket, 'logos' | 'datenschutz'>;

export type StoredFile = { id: string; mime: string; size: number; originalName: string; createdAt: Date };
export type FileContent = StoredFile & { data: Buffer };

const toStoredFile = (row: DateiRow): StoredFile => ({
  id: row.id,
  mime: row.mime,
  size: row.size,
  originalName: row.originalName,
  createdAt: row.createdAt,
});

/** Keeps a user-supplied file name printable and short; it is only ever shown, never used as a path. */
const cleanOriginalName = (name: string): string =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
  name.replace(/[\u0000-\u001f\u007f"\\/]/g, '_').slice(-200) || 'datei';

/**
 * Replaces the tenant's logo or privacy PDF: checks the content, stores it under a generated name,
 * records the `datei` row and an audit entry, and tells the tenant's open pages that settings changed.
 * Needs the permission customizing_mandant_pflege.
 */
export const uploadMandantFile = async (
  { database, dataDir, now }: StorageDeps,
  user: SessionUser,
  bucket: MandantFile,
  upload: { filename: string; data: Buffer },
): Promise<StoredFile> => {
  if (!user.permissions.has('customizing_mandant_pflege')) throw new DomainError('auth.forbidden');
  const checked = await checkUpload(bucket, upload.data);
  const id = randomUUID();
  const pfad = `${user.mandantId}/${id}.${checked.kind}`;
  await writeStoredFile(dataDir, bucket, pfad, checked.data);
  try {
    const row = await database.withTenant(user.mandantId, async (tx) => {
      const previous = await findNewestDatei(tx, { mandantId: user.mandantId, bucket });
      const inserted = await insertDatei(tx, {
        id,
        mandantId: user.mandantId,
        bucket,
        pfad,
        originalName: cleanOriginalName(upload.filename),
        mime: checked.mime,
        size: checked.data.length,
        createdAt: now(),
      });
      await writeAudit(tx, {
        mandantId: user.mandantId,
        benutzerId: user.benutzerId,
        action: 'upload',
        entity: `mandant.${bucket}`,
        entityId: id,
        oldValue: previous ? { dateiId: previous.id, originalName: previous.originalName } : null,
        newValue: {
          dateiId: id,
          originalName: inserted.originalName,
          mime: inserted.mime,
          size: inserted.size,
        },
      });
      await publishEvent(tx, { mandantId: user.mandantId, type: 'settings.changed' });
      return inserted;
    });
    return toStoredFile(row);
  } catch (err) {
    await removeStoredFile(dataDir, bucket, pfad);
    throw err;
  }
};

const readContent = async (dataDir: string, row: DateiRow): Promise<FileContent> => {
  const bucket = BUCKETS.find((b) => b === row.bucket);
  if (!bucket) throw new Error(`datei ${row.id}: unknown bucket '${row.bucket}'`);
  try {
    return { ...toStoredFile(row), data: await readStoredFile(dataDir, bucket, row.pfad) };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new DomainError('not_found');
    throw err;
  }
};

/** The tenant's current logo or privacy PDF (its newest file of the bucket); any signed-in user of it. */
export const getMandantFile = async (
  { database, dataDir }: StorageDeps,
  user: SessionUser,
  bucket: MandantFile,
): Promise<FileContent> => {
  const row = await database.withTenant(user.mandantId, (tx) =>
    findNewestDatei(tx, { mandantId: user.mandantId, bucket }),
  );
  if (!row) throw new DomainError('not_found');
  return readContent(dataDir, row);
};

/** A stored file by id, for a signed-in user of its tenant; any other tenant's id is `not_found`. */
export const getDatei = async ({ database, dataDir }: StorageDeps, user: SessionUser, id: string) => {
  const row = await database.withTenant(user.mandantId, (tx) =>
    findDateiById(tx, { mandantId: user.mandantId, id }),
  );
  if (!row) throw new DomainError('not_found');
  return readContent(dataDir, row);
};

/**
 * Removes every stored file of a tenant (`${dataDir}/storage/{bucket}/{mandantId}/` of each bucket), for
 * after the tenant's deletion committed. Best effort: every bucket is tried; the ones that could not be
 * removed are returned with their error for the caller to log.
 */
export const removeMandantFiles = async (
  dataDir: string,
  mandantId: string,
): Promise<{ bucket: Bucket; error: unknown }[]> => {
  const results = await Promise.allSettled(
    BUCKETS.map((bucket) => removeTenantDirectory(dataDir, bucket, mandantId)),
  );
  return results.flatMap((r, i) =>
    r.status === 'rejected' ? [{ bucket: BUCKETS[i]!, error: r.reason }] : [],
  );
};
