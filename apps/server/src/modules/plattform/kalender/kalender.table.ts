import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  integer,
  pgTable,
  primaryKey,
  text,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, timestamptz } from '../../../db/columns.ts';
import { benutzer } from '../../identitaet/benutzer/benutzer.public.ts';
import { mandantIdColumn } from '../../verwaltung/mandant/mandant.public.ts';

/**
 * A user's personal calendar subscription (decision 168): one per user, found by the SHA-256 of its secret token
 * (the token is shown once, when created or rotated). Revoking deletes the row; the audit keeps that it existed.
 * `fahrzeuge` and `plaetze` are the feed's filter.
 */
export const kalenderAbo = pgTable(
  'kalender_abo',
  {
    id: idColumn(),
    mandantId: mandantIdColumn(),
    benutzerId: uuid('benutzer_id').notNull(),
    /** hex SHA-256 of the token */
    tokenHash: text('token_hash').notNull().unique(),
    /** the first characters of the token, to recognise it */
    anfang: text('anfang').notNull(),
    fahrzeuge: boolean('fahrzeuge').notNull().default(true),
    plaetze: boolean('plaetze').notNull().default(true),
    createdAt: createdAtColumn(),
    /** when the token was last rotated (null: never) */
    erneuertAt: timestamptz('erneuert_at'),
  },
  (t) => [
    unique('kalender_abo_mandant_benutzer_key').on(t.mandantId, t.benutzerId),
    foreignKey({
      name: 'kalender_abo_benutzer_fk',
      columns: [t.mandantId, t.benutzerId],
      foreignColumns: [benutzer.mandantId, benutzer.id],
    }).onDelete('cascade'),
    check('kalender_abo_filter_check', sql`${t.fahrzeuge} or ${t.plaetze}`),
  ],
);

/**
 * The iCalendar SEQUENCE of a booking (decision 168): the fingerprint of what a calendar shows of it (period,
 * status, resource, place) as last written into a feed or an invitation; a different fingerprint raises the
 * sequence by one, so every change and the cancellation reach calendars as a newer version of the same UID.
 */
export const kalenderEintrag = pgTable(
  'kalender_eintrag',
  {
    mandantId: mandantIdColumn(),
    art: text('art').notNull(),
    buchungId: uuid('buchung_id').notNull(),
    sequenz: integer('sequenz').notNull().default(0),
    fingerabdruck: text('fingerabdruck').notNull(),
    geaendertAt: timestamptz('geaendert_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'kalender_eintrag_pkey', columns: [t.mandantId, t.art, t.buchungId] }),
    check('kalender_eintrag_art_check', sql`${t.art} in ('fahrzeug', 'platz')`),
  ],
);
