import { sql } from 'drizzle-orm';
import { check, foreignKey, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, timestamptz } from '../../../db/columns.ts';
import { mandantIdColumn } from '../../verwaltung/mandant/mandant.public.ts';
import { benutzer } from '../benutzer/benutzer.public.ts';

/**
 * A user's personal access token for AI clients (decision 226): only its SHA-256 is kept; the token is shown
 * once, when created. `recht` is what it may do (`lesen`, `buchen`); `ablauf_at` the instant it stops working.
 * Revoked tokens stay with `widerrufen_at` set, so a client using one learns that it was revoked.
 */
export const zugriffstoken = pgTable(
  'zugriffstoken',
  {
    id: idColumn(),
    mandantId: mandantIdColumn(),
    benutzerId: uuid('benutzer_id').notNull(),
    name: text('name').notNull(),
    /** hex SHA-256 of the token */
    tokenHash: text('token_hash').notNull().unique(),
    /** the first characters of the token, to recognise it in the list */
    anfang: text('anfang').notNull(),
    recht: text('recht').notNull(),
    ablaufAt: timestamptz('ablauf_at').notNull(),
    createdAt: createdAtColumn(),
    zuletztBenutztAt: timestamptz('zuletzt_benutzt_at'),
    widerrufenAt: timestamptz('widerrufen_at'),
  },
  (t) => [
    index('zugriffstoken_mandant_benutzer_idx').on(t.mandantId, t.benutzerId),
    foreignKey({
      name: 'zugriffstoken_benutzer_fk',
      columns: [t.mandantId, t.benutzerId],
      foreignColumns: [benutzer.mandantId, benutzer.id],
    }).onDelete('cascade'),
    check('zugriffstoken_recht_check', sql`${t.recht} in ('lesen', 'buchen')`),
  ],
);
