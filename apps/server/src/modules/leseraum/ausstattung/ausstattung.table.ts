import { pgTable, text, unique } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn } from '../../../db/columns.ts';
import { mandantIdColumn } from '../../verwaltung/mandant/mandant.public.ts';

/** Equipment kind (Steckdose, Monitor ...). */
export const ausstattung = pgTable(
  'ausstattung',
  {
    id: idColumn(),
    mandantId: mandantIdColumn(),
    name: text('name').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    unique('ausstattung_mandant_id_id_key').on(t.mandantId, t.id),
    unique('ausstattung_mandant_name_key').on(t.mandantId, t.name),
  ],
);
