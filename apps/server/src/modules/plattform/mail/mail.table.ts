import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, timestamptz } from '../../../db/columns.ts';
import { mandant } from '../../verwaltung/mandant/mandant.public.ts';

/** A mail attachment as stored in the outbox. */
export type MailAnhang = { dateiname: string; contentType: string; base64: string };

/**
 * Transactional outbox: written in the same transaction as the change that causes the mail, sent later by
 * the dispatcher (owner connection). `mandant_id` is null for platform mails (among them every mail to a
 * platform administrator). `text` and `html` are what the recipient gets, one-time secrets included: only the
 * owner connection (the dispatcher) may read them; `redacted_text` is the text with the secrets the template
 * declares replaced, which is all the mailbox shows (decision 017; column grants in the migration `mail_outbox_redacted`).
 * Status: `pending` (due at `next_attempt_at`), `sending` (claimed by a dispatcher until `claimed_until`;
 * due again after that, as after a crash), `sent`, `failed` (after the last attempt).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: idColumn(),
    mandantId: uuid('mandant_id').references(() => mandant.id, { onDelete: 'cascade' }),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    redactedText: text('redacted_text').notNull(),
    html: text('html'),
    /** files sent with the mail (the vehicle report's Excel file), base64; read by the dispatcher only */
    anhaenge: jsonb('anhaenge').$type<MailAnhang[]>(),
    template: text('template').notNull(),
    language: text('language').notNull().default('de'),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    claimedUntil: timestamptz('claimed_until'),
    lastError: text('last_error'),
    createdAt: createdAtColumn(),
    sentAt: timestamptz('sent_at'),
  },
  (t) => [
    index('mail_outbox_mandant_created_idx').on(t.mandantId, t.createdAt),
    index('mail_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index('mail_outbox_claimed_idx').on(t.claimedUntil).where(sql`${t.status} = 'sending'`),
    check('mail_outbox_status_check', sql`${t.status} in ('pending', 'sending', 'sent', 'failed')`),
    check('mail_outbox_claim_check', sql`(${t.status} = 'sending') = (${t.claimedUntil} is not null)`),
    check('mail_outbox_language_check', sql`${t.language} in ('de', 'en')`),
  ],
);
