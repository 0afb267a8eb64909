import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn } from '../../../db/columns.ts';
import { mandantIdColumn } from '../../verwaltung/mandant/mandant.public.ts';

/** Metadata of a stored file; the bytes live at `{bucket}/{pfad}` (pfad = `{mandantId}/{uuid}.{ext}`). */
export const datei = pgTable(
  'datei',
  {
    id: idColumn(),
    mandantId: mandantIdColumn(),
    bucket: text('bucket').notNull(),
    pfad: text('pfad').notNull(),
    originalName: text('original_name').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    unique('datei_mandant_id_id_key').on(t.mandantId, t.id),
    unique('datei_mandant_bucket_pfad_key').on(t.mandantId, t.bucket, t.pfad),
    check(
      'datei_bucket_check',
      sql`${t.bucket} in ('grundrisse', 'fahrzeuge', 'logos', 'datenschutz', 'belege', 'schaeden')`,
    ),
    check('datei_size_check', sql`${t.size} >= 0`),
  ],
);

/**
 * Stored files whose `datei` rows are gone and whose bytes are still to be removed (decision 081): written in
 * the transaction that deletes the rows, removed from disk after it committed; a file that cannot be removed
 * stays listed and is tried again on the next run.
 */
export const dateiEntfernung = pgTable(
  'datei_entfernung',
  {
    id: idColumn(),
    mandantId: mandantIdColumn(),
    bucket: text('bucket').notNull(),
    pfad: text('pfad').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [unique('datei_entfernung_mandant_bucket_pfad_key').on(t.mandantId, t.bucket, t.pfad)],
);
