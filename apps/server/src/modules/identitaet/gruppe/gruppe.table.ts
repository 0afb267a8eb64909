import { foreignKey, index, pgTable, primaryKey, text, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn } from '../../../db/columns.ts';
import { mandantIdColumn } from '../../verwaltung/mandant/mandant.public.ts';
import { rolle } from '../rolle/rolle.public.ts';

export const gruppe = pgTable(
  'gruppe',
  {
    id: idColumn(),
    mandantId: mandantIdColumn(),
    name: text('name').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    unique('gruppe_mandant_id_id_key').on(t.mandantId, t.id),
    unique('gruppe_mandant_name_key').on(t.mandantId, t.name),
  ],
);
export const gruppeRolle = pgTable(
  'gruppe_rolle',
  {
    mandantId: mandantIdColumn(),
    gruppeId: uuid('gruppe_id').notNull(),
    rolleId: uuid('rolle_id').notNull(),
  },
  (t) => [
    primaryKey({ name: 'gruppe_rolle_pk', columns: [t.mandantId, t.gruppeId, t.rolleId] }),
    index('gruppe_rolle_rolle_idx').on(t.mandantId, t.rolleId),
    foreignKey({
      name: 'gruppe_rolle_gruppe_fk',
      columns: [t.mandantId, t.gruppeId],
      foreignColumns: [gruppe.mandantId, gruppe.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'gruppe_rolle_rolle_fk',
      columns: [t.mandantId, t.rolleId],
      foreignColumns: [rolle.mandantId, rolle.id],
    }).onDelete('cascade'),
  ],
);
