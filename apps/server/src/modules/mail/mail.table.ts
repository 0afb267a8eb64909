import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, timestamptz } from '../../db/columns.ts';
import { mandant } from '../mandant/mandant.table.ts';

/**
 * Transactional outbox: written in the same transaction as the change that causes the mail, sent later by
 * the dispatcher (owner connection). `mandant_id` is null for platform mails.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: idColumn(),
    mandantId: uuid('mandant_id').references(() => mandant.id, { onDelete: 'cascade' }),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    template: text('template').notNull(),
    language: text('language').notNull().default('de'),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: createdAtColumn(),
    sentAt: timestamptz('sent_at'),
  },
  (t) => [
    index('mail_outbox_mandant_created_idx').on(t.mandantId, t.createdAt),
    index('mail_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    check('mail_outbox_status_check', sql`${t.status} in ('pending', 'sent', 'failed')`),
    check('mail_outbox_language_check', sql`${t.language} in ('de', 'en')`),
  ],
);
