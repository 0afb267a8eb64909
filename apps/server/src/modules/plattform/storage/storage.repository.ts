import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import type { Bucket } from './storage.content';
import { datei, dateiEntfernung } from './storage.table';

export type DateiRow = typeof datei.$inferSelect;

export const insertDatei = async (
  tx: Tx,
  row: {
    id: string;
    mandantId: string;
    bucket: Bucket;
    pfad: string;
    originalName: string;
    mime: string;
    size: number;
    createdAt: Date;
  },
): Promise<DateiRow> => {
  const [inserted] = await tx.insert(datei).values(row).returning();
  return inserted!;
};

/** The tenant's newest file of a bucket (row-level security limits the rows to the tenant as well). */
export const findNewestDatei = async (
  tx: Tx,
  { mandantId, bucket }: { mandantId: string; bucket: Bucket },
) => {
  const [row] = await tx
    .select()
    .from(datei)
    .where(and(eq(datei.mandantId, mandantId), eq(datei.bucket, bucket)))
    .orderBy(desc(datei.createdAt), desc(datei.id))
    .limit(1);
  return row;
};

export const findDateiById = async (tx: Tx, { mandantId, id }: { mandantId: string; id: string }) => {
  const [row] = await tx
    .select()
    .from(datei)
    .where(and(eq(datei.mandantId, mandantId), eq(datei.id, id)))
    .limit(1);
  return row;
};

/** Every file of the tenant in a bucket (the current one and any earlier ones). */
export const findDateienOfBucket = async (
  tx: Tx,
  { mandantId, bucket }: { mandantId: string; bucket: Bucket },
): Promise<DateiRow[]> =>
  tx
    .select()
    .from(datei)
    .where(and(eq(datei.mandantId, mandantId), eq(datei.bucket, bucket)));

export const deleteDateien = async (tx: Tx, { mandantId, ids }: { mandantId: string; ids: string[] }) => {
  if (ids.length === 0) return;
  await tx.delete(datei).where(and(eq(datei.mandantId, mandantId), inArray(datei.id, ids)));
};

/**
 * Deletes the tenant's `datei` rows `ids` and lists their stored files in `datei_entfernung` (removed from disk
 * after the transaction commits); answers how many rows it deleted.
 */
export const deleteDateienMitEntfernung = async (
  tx: Tx,
  { mandantId, ids }: { mandantId: string; ids: readonly string[] },
): Promise<number> => {
  if (ids.length === 0) return 0;
  const rows = await tx
    .delete(datei)
    .where(and(eq(datei.mandantId, mandantId), inArray(datei.id, [...ids])))
    .returning({ bucket: datei.bucket, pfad: datei.pfad });
  if (rows.length > 0)
    await tx
      .insert(dateiEntfernung)
      .values(rows.map((r) => ({ mandantId, bucket: r.bucket, pfad: r.pfad })))
      .onConflictDoNothing();
  return rows.length;
};

/** The tenant's stored files still to be removed, oldest first, at most `anzahl`. */
export const findDateiEntfernungen = (tx: Tx, anzahl: number) =>
  tx
    .select({ id: dateiEntfernung.id, bucket: dateiEntfernung.bucket, pfad: dateiEntfernung.pfad })
    .from(dateiEntfernung)
    .orderBy(dateiEntfernung.createdAt, dateiEntfernung.id)
    .limit(anzahl);

export const deleteDateiEntfernungen = async (tx: Tx, ids: readonly string[]): Promise<void> => {
  if (ids.length === 0) return;
  await tx.delete(dateiEntfernung).where(inArray(dateiEntfernung.id, [...ids]));
};
