import { boolean, index, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../../db/columns.ts';
import { user } from './auth.table.ts';

/**
 * The phone factor (spec §3 MFA factor `phone`, decision 083): a number in E.164 form to which a sign-in code
 * is sent by SMS; `verified` once the first code sent to it was entered. Global like the other authentication
 * tables, owner-only (not granted to the application role).
 */
export const telefonFaktor = pgTable(
  'telefon_faktor',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    telefonnummer: text('telefonnummer').notNull(),
    friendlyName: text('friendly_name'),
    verified: boolean('verified').notNull().default(false),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('telefon_faktor_user_id_idx').on(t.userId)],
);
