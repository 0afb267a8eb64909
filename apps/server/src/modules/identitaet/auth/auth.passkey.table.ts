import { boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../../db/columns.ts';
import { user } from './auth.table.ts';

/**
 * better-auth's passkey plugin (`@better-auth/passkey` 1.7.6, decision 072): one row per WebAuthn credential.
 * Global like the other authentication tables, owner-only (not granted to the application role).
 */
export const passkey = pgTable(
  'passkey',
  {
    id: text('id').primaryKey(),
    /** The name the user gave the passkey. */
    name: text('name'),
    publicKey: text('public_key').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    credentialID: text('credential_id').notNull(),
    counter: integer('counter').notNull(),
    deviceType: text('device_type').notNull(),
    backedUp: boolean('backed_up').notNull(),
    transports: text('transports'),
    createdAt: timestamptz('created_at').defaultNow(),
    aaguid: text('aaguid'),
  },
  (t) => [index('passkey_user_id_idx').on(t.userId), index('passkey_credential_id_idx').on(t.credentialID)],
);
