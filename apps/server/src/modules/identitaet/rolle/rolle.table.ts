import { foreignKey, pgTable, primaryKey, text, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn } from '../../../db/columns.ts';
import { mandantIdColumn } from '../../verwaltung/mandant/mandant.public.ts';

export const rolle = pgTable(
  'rolle',
  {
    id: idColumn(),
    mandantId: mandantIdColumn(),
    name: text('name').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    unique('rolle_mandant_id_id_key').on(t.mandantId, t.id),
    unique('rolle_mandant_name_key').on(t.mandantId, t.name),
  ],
);
/** Global permission catalogue (spec §6 names). A grant counts when its `wert` is 'true'. */
export const permission = pgTable('permission', {
  name: text('name').primaryKey(),
  description: text('description').notNull(),
  default: text('default'),
  typ: text('typ').notNull().default('boolean'),
  wert: text('wert').notNull().default('true'),
});
export const rollePermission = pgTable(
  'rolle_permission',
  {
    mandantId: mandantIdColumn(),
    rolleId: uuid('rolle_id').notNull(),
    permissionName: text('permission_name')
      .notNull()
      .references(() => permission.name),
    wert: text('wert').notNull().default('true'),
  },
  (t) => [
    primaryKey({ name: 'rolle_permission_pk', columns: [t.mandantId, t.rolleId, t.permissionName] }),
    foreignKey({
      name: 'rolle_permission_rolle_fk',
      columns: [t.mandantId, t.rolleId],
      foreignColumns: [rolle.mandantId, rolle.id],
    }).onDelete('cascade'),
  ],
);
