import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn } from '../../../db/columns.ts';
import { mandant } from '../../verwaltung/mandant/mandant.public.ts';

/**
 * The SMS outbox (decision 083): one row per SMS the app sent or tried to send, for the tenant's user
 * administrators. The code itself is never stored: `text` is the message with the code removed, `an` the
 * masked number. Status: `gesendet` (the gateway took it), `fehlgeschlagen` (the gateway refused or did not
 * answer; `fehler` says why), `protokolliert` (no gateway configured: written to the server log).
 */
export const smsAusgang = pgTable(
  'sms_ausgang',
  {
    id: idColumn(),
    mandantId: uuid('mandant_id')
      .notNull()
      .references(() => mandant.id, { onDelete: 'cascade' }),
    benutzerId: uuid('benutzer_id'),
    an: text('an').notNull(),
    text: text('text').notNull(),
    status: text('status').notNull(),
    fehler: text('fehler'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('sms_ausgang_mandant_created_idx').on(t.mandantId, t.createdAt),
    check('sms_ausgang_status_check', sql`${t.status} in ('gesendet', 'fehlgeschlagen', 'protokolliert')`),
  ],
);
