import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, updatedAtColumn } from '../../../db/columns.ts';

/** Tenant. Row-level security lets a tenant transaction see only its own row. */
export const mandant = pgTable('mandant', {
  id: idColumn(),
  name: text('name').notNull(),
  /** customer name of the legacy mapping (spec §3, §7: "a customer name per tenant id") */
  kundenname: text('kundenname'),
  createdAt: createdAtColumn(),
  updatedAt: updatedAtColumn(),
});

/**
 * `mandant_id uuid not null references mandant(id) on delete cascade`: the first column of every
 * tenant-owned table. Deleting a tenant (platform path) removes all of its data.
 */
export const mandantIdColumn = () =>
  uuid('mandant_id')
    .notNull()
    .references(() => mandant.id, { onDelete: 'cascade' });

/** Domains of a tenant; a domain belongs to exactly one tenant (globally unique, used to resolve the tenant). */
export const mandantDomain = pgTable(
  'mandant_domain',
  {
    id: idColumn(),
    mandantId: mandantIdColumn(),
    domain: text('domain').notNull().unique(),
    createdAt: createdAtColumn(),
  },
  (t) => [index('mandant_domain_mandant_idx').on(t.mandantId)],
);
