import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { idColumn, timestamptz } from '../../../db/columns.ts';

/**
 * Append-only audit trail. No foreign keys on purpose: entries outlive the tenant, user or object they
 * describe. `mandant_id` is null only for platform actions not tied to one tenant.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: idColumn(),
    mandantId: uuid('mandant_id'),
    benutzerId: uuid('benutzer_id'),
    at: timestamptz('at').notNull().defaultNow(),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    oldValue: jsonb('old_value'),
    newValue: jsonb('new_value'),
  },
  (t) => [index('audit_log_mandant_at_idx').on(t.mandantId, t.at)],
);
