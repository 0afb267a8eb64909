import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { nichtGefunden } from '@stellwerk/domain/nicht-gefunden';
import type { Database, Tx } from '../../../db/client';
import type { SessionUser } from '../../identitaet/auth/auth.context';
import { assertDarf } from '../../identitaet/auth/auth.guards.ts';
import { writeAudit } from '../audit/audit.service';
import { publishEvent } from '../events/events.service';
import { BUCKETS, type Bucket, checkUpload } from './storage.content';
import {
  type DateiRow,
  deleteDateiEntfernungen,
  deleteDateien,
  deleteDateienMitEntfernung,
  findDateiById,
  findDateiEntfernungen,
  findDateienOfBucket,
  findNewestDatei,
  insertDatei,
} from './storage.repository';
import { ablageFuer } from './storage.wahl';

export type StorageDeps = { database: Pick<Database, 'withTenant'>; dataDir: string; now: () => Date };

/** The tenant-wide files an administrator replaces through /api/mandant/{logo,datenschutz}. */
export type MandantFile = Extract<Bucket, 'logos' | 'datenschutz'>;

export type StoredFile = { id: string; mime: string; size: number; originalName: string; createdAt: Date };
/** A stored file with its bytes as a stream (from the data folder or the object store, decision 242). */
export type FileContent = StoredFile & { body: Readable };

const toStoredFile = (row: DateiRow): StoredFile => ({
  id: row.id,
  mime: row.mime,
  size: row.size,
  originalName: row.originalName,
  createdAt: row.createdAt,
});

const writeStoredFile = (dataDir: string, bucket: Bucket, pfad: string, data: Buffer): Promise<void> =>
  ablageFuer(dataDir).write(bucket, pfad, Readable.from([data]));

const removeStoredFile = (dataDir: string, bucket: Bucket, pfad: string): Promise<void> =>
  ablageFuer(dataDir).remove(bucket, pfad);

/** Keeps a user-supplied file name printable and short; it is only ever shown, never used as a path. */
const cleanOriginalName = (name: string): string =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
  name.replace(/[\u0000-\u001f\u007f"\\/]/g, '_').slice(-200) || 'datei';

/** Removes the files of rows deleted in a committed transaction; a file that cannot be removed is logged. */
const removeFilesOf = async (
  dataDir: string,
  rows: DateiRow[],
  log?: (msg: string, err: unknown) => void,
) => {
  for (const row of rows) {
    const bucket = BUCKETS.find((b) => b === row.bucket);
    if (!bucket) continue;
    try {
      await removeStoredFile(dataDir, bucket, row.pfad);
    } catch (err) {
      log?.(`datei ${row.id}: stored file could not be removed`, err);
    }
  }
};

/**
 * Replaces the tenant's logo or privacy PDF: checks the content, stores it under a generated name,
 * records the `datei` row and an audit entry, and tells the tenant's open pages that the tenant changed.
 * The files it replaces are deleted (their rows in the same transaction, the stored files after it), so
 * an old logo or privacy PDF can no longer be read. Needs the permission customizing_mandant_pflege.
 */
export const uploadMandantFile = async (
  { database, dataDir, now }: StorageDeps,
  user: SessionUser,
  bucket: MandantFile,
  upload: { filename: string; data: Buffer },
): Promise<StoredFile> => {
  assertDarf(user, 'mandant.gestalten');
  const checked = await checkUpload(bucket, upload.data);
  const id = randomUUID();
  const pfad = `${user.mandantId}/${id}.${checked.kind}`;
  await writeStoredFile(dataDir, bucket, pfad, checked.data);
  try {
    const row = await database.withTenant(user.mandantId, async (tx) => {
      const previous = await findNewestDatei(tx, { mandantId: user.mandantId, bucket });
      const replaced = await findDateienOfBucket(tx, { mandantId: user.mandantId, bucket });
      await deleteDateien(tx, { mandantId: user.mandantId, ids: replaced.map((r) => r.id) });
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
      await publishEvent(tx, user.mandantId, { type: 'mandant', id: user.mandantId });
      return { inserted, replaced };
    });
    await removeFilesOf(dataDir, row.replaced);
    return toStoredFile(row.inserted);
  } catch (err) {
    await removeStoredFile(dataDir, bucket, pfad);
    throw err;
  }
};

/**
 * Removes the tenant's logo or privacy PDF (row and stored file; audited, announced). Afterwards the
 * header shows no logo and the footer no privacy link. `not_found` when there is none.
 */
export const removeMandantFile = async (
  { database, dataDir }: StorageDeps,
  user: SessionUser,
  bucket: MandantFile,
): Promise<void> => {
  assertDarf(user, 'mandant.gestalten');
  const removed = await database.withTenant(user.mandantId, async (tx) => {
    const rows = await findDateienOfBucket(tx, { mandantId: user.mandantId, bucket });
    if (rows.length === 0) throw nichtGefunden('datei', bucket);
    await deleteDateien(tx, { mandantId: user.mandantId, ids: rows.map((r) => r.id) });
    const newest = [...rows].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0]!;
    await writeAudit(tx, {
      mandantId: user.mandantId,
      benutzerId: user.benutzerId,
      action: 'delete',
      entity: `mandant.${bucket}`,
      entityId: newest.id,
      oldValue: { dateiId: newest.id, originalName: newest.originalName },
      newValue: null,
    });
    await publishEvent(tx, user.mandantId, { type: 'mandant', id: user.mandantId });
    return rows;
  });
  await removeFilesOf(dataDir, removed);
};

const readContent = async (dataDir: string, row: DateiRow): Promise<FileContent> => {
  const bucket = BUCKETS.find((b) => b === row.bucket);
  if (!bucket) throw new Error(`datei ${row.id}: unknown bucket '${row.bucket}'`);
  const body = await ablageFuer(dataDir).read(bucket, row.pfad);
  if (!body) throw nichtGefunden('datei', row.id);
  return { ...toStoredFile(row), body };
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
  if (!row) throw nichtGefunden('datei', bucket);
  return readContent(dataDir, row);
};

/** A stored file by id, for a signed-in user of its tenant; any other tenant's id is `not_found`. */
export const getDatei = async ({ database, dataDir }: StorageDeps, user: SessionUser, id: string) => {
  const row = await database.withTenant(user.mandantId, (tx) =>
    findDateiById(tx, { mandantId: user.mandantId, id }),
  );
  if (!row) throw nichtGefunden('datei', id);
  return readContent(dataDir, row);
};

/**
 * A stored file by id of a tenant named by the caller, for a reader without a session (a paired kiosk's floor plan,
 * decision 207) whose caller already decided the file may be shown; any other tenant's id is `not_found`.
 */
export const getDateiDesMandanten = async (
  { database, dataDir }: StorageDeps,
  mandantId: string,
  id: string,
): Promise<FileContent> => {
  const row = await database.withTenant(mandantId, (tx) => findDateiById(tx, { mandantId, id }));
  if (!row) throw nichtGefunden('datei', id);
  return readContent(dataDir, row);
};

/**
 * Removes every stored file of a tenant (`{bucket}/{mandantId}/` of each bucket, on disk or in the object store), for
 * after the tenant's deletion committed. Best effort: every bucket is tried; the ones that could not be
 * removed are returned with their error for the caller to log.
 */
export const removeMandantFiles = async (
  dataDir: string,
  mandantId: string,
): Promise<{ bucket: Bucket; error: unknown }[]> => {
  const results = await Promise.allSettled(
    BUCKETS.map((bucket) => ablageFuer(dataDir).removeTenant(bucket, mandantId)),
  );
  return results.flatMap((r, i) =>
    r.status === 'rejected' ? [{ bucket: BUCKETS[i]!, error: r.reason }] : [],
  );
};

// --- files of other modules' records (vehicle photos, decision 048) ----------------------------------

/**
 * Deletes the `datei` rows `ids` of the tenant in the caller's transaction and returns what removes their
 * stored files; call it after the transaction committed (a file that cannot be removed is only logged).
 */
export const deleteDateienInTx = async (
  tx: Tx,
  { dataDir, mandantId, ids }: { dataDir: string; mandantId: string; ids: readonly string[] },
  log?: (msg: string, err: unknown) => void,
): Promise<() => Promise<void>> => {
  const rows: DateiRow[] = [];
  for (const id of ids) {
    const row = await findDateiById(tx, { mandantId, id });
    if (row) rows.push(row);
  }
  await deleteDateien(tx, { mandantId, ids: rows.map((r) => r.id) });
  return () => removeFilesOf(dataDir, rows, log);
};

/**
 * Stores an upload for a record of another module: checks the content against `bucket` (type by magic
 * bytes, 'Fehler beim Hochladen der Datei: …'), writes it under `{mandantId}/{uuid}.{ext}`, then in the
 * tenant's transaction inserts the `datei` row and runs `record` with it. `record` names the files it
 * replaces; their rows go in the same transaction, their stored files after the commit. When anything
 * fails, the new file is removed again.
 */
export const storeUpload = async <T>(
  { database, dataDir, now }: StorageDeps,
  user: SessionUser,
  bucket: Bucket,
  upload: { filename: string; data: Buffer },
  record: (tx: Tx, file: StoredFile) => Promise<{ result: T; replaces: readonly string[] }>,
): Promise<T> => {
  const checked = await checkUpload(bucket, upload.data);
  const id = randomUUID();
  const pfad = `${user.mandantId}/${id}.${checked.kind}`;
  await writeStoredFile(dataDir, bucket, pfad, checked.data);
  try {
    const { result, removeOld } = await database.withTenant(user.mandantId, async (tx) => {
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
      const done = await record(tx, toStoredFile(inserted));
      const removeOld = await deleteDateienInTx(tx, {
        dataDir,
        mandantId: user.mandantId,
        ids: done.replaces.filter((r) => r !== id),
      });
      return { result: done.result, removeOld };
    });
    await removeOld();
    return result;
  } catch (err) {
    await removeStoredFile(dataDir, bucket, pfad);
    throw err;
  }
};
// --- files owned by another module's rows (floor-plan SVGs, decision 051) --------------------------------

/** A checked file written to its bucket but not yet recorded: record it in a transaction, or discard it. */
export type WrittenUpload = {
  id: string;
  bucket: Bucket;
  pfad: string;
  originalName: string;
  mime: string;
  size: number;
};

/**
 * Checks an upload by content for `bucket` (an SVG comes back sanitised) and writes it under a generated
 * name (`{mandantId}/{uuid}.{ext}`). The caller has authorised; it records the file with `recordUpload` in
 * the transaction that links it, and calls `discardUpload` when that transaction fails.
 */
export const writeUpload = async (
  dataDir: string,
  mandantId: string,
  bucket: Bucket,
  upload: { filename: string; data: Buffer },
): Promise<WrittenUpload> => {
  const checked = await checkUpload(bucket, upload.data);
  const id = randomUUID();
  const pfad = `${mandantId}/${id}.${checked.kind}`;
  await writeStoredFile(dataDir, bucket, pfad, checked.data);
  return {
    id,
    bucket,
    pfad,
    originalName: cleanOriginalName(upload.filename),
    mime: checked.mime,
    size: checked.data.length,
  };
};

/** Records a written upload (its `datei` row) in `tx`; returns the file's id. */
export const recordUpload = async (
  tx: Tx,
  { mandantId, written, now }: { mandantId: string; written: WrittenUpload; now: Date },
): Promise<string> => {
  const row = await insertDatei(tx, { ...written, mandantId, createdAt: now });
  return row.id;
};

/** Removes a written upload whose transaction failed. */
export const discardUpload = async (dataDir: string, written: WrittenUpload): Promise<void> => {
  await removeStoredFile(dataDir, written.bucket, written.pfad);
};

/** Deletes the `datei` row `id` in `tx` (nothing links it any more); returns it for `removeForgottenFiles`. */
export const forgetDatei = async (
  tx: Tx,
  { mandantId, id }: { mandantId: string; id: string },
): Promise<DateiRow | undefined> => {
  const row = await findDateiById(tx, { mandantId, id });
  if (row) await deleteDateien(tx, { mandantId, ids: [row.id] });
  return row;
};

/** Removes the stored files of rows `forgetDatei` deleted, after their transaction committed. */
export const removeForgottenFiles = (
  dataDir: string,
  rows: readonly (DateiRow | undefined)[],
  log?: (msg: string, err: unknown) => void,
): Promise<void> =>
  removeFilesOf(
    dataDir,
    rows.filter((r): r is DateiRow => r !== undefined),
    log,
  );

/**
 * Deletes the tenant's `datei` rows `ids` in the caller's transaction and lists their stored files for
 * `removeVorgemerkteDateien` after the commit (decision 081); a failed removal is tried again on the next run,
 * unlike `deleteDateienInTx`. Answers how many rows it deleted.
 */
export const deleteDateienVorgemerkt = (
  tx: Tx,
  { mandantId, ids }: { mandantId: string; ids: readonly string[] },
): Promise<number> => deleteDateienMitEntfernung(tx, { mandantId, ids });

/**
 * Removes the stored files listed in `datei_entfernung` (rows deleted with `deleteDateienMitEntfernung` in a
 * committed transaction, decision 081), up to `anzahl` at a time, each I/O outside any transaction. A removed
 * file leaves the list; one that cannot be removed is logged and stays listed for the next run. Answers how
 * many were removed and how many failed.
 */
export const removeVorgemerkteDateien = async (
  { database, dataDir }: Pick<StorageDeps, 'database' | 'dataDir'>,
  mandantId: string,
  log?: (msg: string, err: unknown) => void,
  anzahl = 1000,
): Promise<{ entfernt: number; fehlgeschlagen: number }> => {
  const offen = await database.withTenant(mandantId, (tx) => findDateiEntfernungen(tx, anzahl));
  const entfernt: string[] = [];
  let fehlgeschlagen = 0;
  for (const row of offen) {
    const bucket = BUCKETS.find((b) => b === row.bucket);
    try {
      if (bucket) await removeStoredFile(dataDir, bucket, row.pfad);
      entfernt.push(row.id);
    } catch (err) {
      fehlgeschlagen += 1;
      log?.(`datei_entfernung ${row.id}: stored file could not be removed, tried again next run`, err);
    }
  }
  if (entfernt.length > 0)
    await database.withTenant(mandantId, (tx) => deleteDateiEntfernungen(tx, entfernt));
  return { entfernt: entfernt.length, fehlgeschlagen };
};
