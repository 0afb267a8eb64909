import { pgTable, text, unique } from 'drizzle-orm/pg-core';
import { idColumn, timestamptz } from '../../../db/columns.ts';
import { mandantIdColumn } from '../mandant/mandant.public.ts';

/**
 * What the mailed evaluation sent (decision 247): one row per period key (`auswertung:woche:<first day>`,
 * `auswertung:monat:<first day>`), inserted in the transaction that writes the mails, so a period goes out once.
 */
export const auswertungVersand = pgTable(
  'auswertung_versand',
  {
    id: idColumn(),
    mandantId: mandantIdColumn(),
    schluessel: text('schluessel').notNull(),
    gesendetAt: timestamptz('gesendet_at').notNull(),
  },
  (t) => [unique('auswertung_versand_schluessel_key').on(t.mandantId, t.schluessel)],
);
