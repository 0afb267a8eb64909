import { sql } from 'drizzle-orm';
import { check, foreignKey, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, timestamptz } from '../../../db/columns.ts';
import { benutzer } from '../../identitaet/benutzer/benutzer.public.ts';
import { mandantIdColumn } from '../../verwaltung/mandant/mandant.public.ts';
import { fahrzeug } from '../fahrzeug/fahrzeug.public.ts';

/** Service book entry of a vehicle. */
export const serviceheftEintrag = pgTable(
  'serviceheft_eintrag',
  {
    id: idColumn(),
    mandantId: mandantIdColumn(),
    fahrzeugId: uuid('fahrzeug_id').notNull(),
    typ: text('typ').notNull(),
    beschreibung: text('beschreibung'),
    von: timestamptz('von').notNull(),
    bis: timestamptz('bis'),
    benutzerId: uuid('benutzer_id'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('serviceheft_eintrag_mandant_fahrzeug_von_idx').on(t.mandantId, t.fahrzeugId, t.von),
    foreignKey({
      name: 'serviceheft_eintrag_fahrzeug_fk',
      columns: [t.mandantId, t.fahrzeugId],
      foreignColumns: [fahrzeug.mandantId, fahrzeug.id],
    }), // kept: never deleted with a vehicle (decision 068)
    foreignKey({
      name: 'serviceheft_eintrag_benutzer_fk',
      columns: [t.mandantId, t.benutzerId],
      foreignColumns: [benutzer.mandantId, benutzer.id],
    }),
    check('serviceheft_eintrag_von_bis_check', sql`${t.bis} is null or ${t.von} <= ${t.bis}`),
  ],
);
