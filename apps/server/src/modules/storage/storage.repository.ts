import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import type { Bucket } from './storage.content';
import { datei } from './storage.table';

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
