import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  foreignKey,
  pgTable,
  primaryKey,
  text,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, timestamptz } from '../../../db/columns.ts';
import { mandantIdColumn } from '../../verwaltung/mandant/mandant.public.ts';
import { standort } from '../../verwaltung/standort/standort.public.ts';

/**
 * A paired wall screen (decision 182): its location, the floor plans it shows, what it shows of people, the
 * vehicles strip and its language. Found by the SHA-256 of its device token; the previous token (replaced at
 * `voriger_ersetzt_at`) is still accepted for a few minutes. A revoked kiosk keeps its row for the list and audit.
 */
export const kiosk = pgTable(
  'kiosk',
  {
    id: idColumn(),
    mandantId: mandantIdColumn(),
    bezeichnung: text('bezeichnung').notNull(),
    standortId: uuid('standort_id').notNull(),
    /** the floor plans shown (in rotation), in this order; empty: all active plans of the location */
    grundrissIds: uuid('grundriss_ids').array().notNull().default(sql`'{}'::uuid[]`),
    namensanzeige: text('namensanzeige').notNull().default('keine'),
    fahrzeuge: boolean('fahrzeuge').notNull().default(true),
    sprache: text('sprache').notNull().default('de'),
    /** hex SHA-256 of the current device token */
    tokenHash: text('token_hash').notNull().unique(),
    tokenAusgestelltAt: timestamptz('token_ausgestellt_at').notNull().defaultNow(),
    vorigerTokenHash: text('voriger_token_hash').unique(),
    vorigerErsetztAt: timestamptz('voriger_ersetzt_at'),
    letzterKontaktAt: timestamptz('letzter_kontakt_at'),
    /** the web app's version the device last reported */
    version: text('version'),
    gekoppeltVon: uuid('gekoppelt_von'),
    widerrufenAt: timestamptz('widerrufen_at'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    unique('kiosk_mandant_id_id_key').on(t.mandantId, t.id),
    check('kiosk_namensanzeige_check', sql`${t.namensanzeige} in ('keine', 'initialen', 'namen')`),
    check('kiosk_sprache_check', sql`${t.sprache} in ('de', 'en')`),
    foreignKey({
      name: 'kiosk_standort_fk',
      columns: [t.mandantId, t.standortId],
      foreignColumns: [standort.mandantId, standort.id],
    }).onDelete('cascade'),
  ],
);

/** A check-in code's use (decision 183): one per person, kiosk and minute; older rows are deleted. */
export const kioskEincheck = pgTable(
  'kiosk_eincheck',
  {
    mandantId: mandantIdColumn(),
    kioskId: uuid('kiosk_id').notNull(),
    minute: bigint('minute', { mode: 'number' }).notNull(),
    benutzerId: uuid('benutzer_id').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    primaryKey({ name: 'kiosk_eincheck_pkey', columns: [t.mandantId, t.kioskId, t.minute, t.benutzerId] }),
    foreignKey({
      name: 'kiosk_eincheck_kiosk_fk',
      columns: [t.mandantId, t.kioskId],
      foreignColumns: [kiosk.mandantId, kiosk.id],
    }).onDelete('cascade'),
  ],
);

/**
 * A pairing code an unpaired device shows (decision 182). Not a tenant table: the device belongs to no tenant yet.
 * Only the platform path reads it; the device proves it is the one that asked by a secret of its own, whose hash
 * becomes the kiosk's first token hash on pairing (the row is then deleted). Rows older than the code's validity
 * are deleted.
 */
export const kioskKopplung = pgTable('kiosk_kopplung', {
  id: idColumn(),
  code: text('code').notNull().unique(),
  geheimnisHash: text('geheimnis_hash').notNull().unique(),
  createdAt: createdAtColumn(),
});
