import { boolean, foreignKey, index, pgTable, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, timestamptz } from '../../../db/columns.ts';
import { benutzer } from '../../identitaet/benutzer/benutzer.public.ts';
import { mandantIdColumn } from '../../verwaltung/mandant/mandant.public.ts';
import { fahrzeugBuchung } from '../fahrzeug-buchung/fahrzeug-buchung.public.ts';

/** Special approval: one row per approver of a booking; `is_freigegeben` null = not decided yet. */
export const sonderfreigabe = pgTable(
  'sonderfreigabe',
  {
    id: idColumn(),
    mandantId: mandantIdColumn(),
    fahrzeugBuchungId: uuid('fahrzeug_buchung_id').notNull(),
    benutzerId: uuid('benutzer_id').notNull(),
    isFreigegeben: boolean('is_freigegeben'),
    freigegebenAt: timestamptz('freigegeben_at'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    unique('sonderfreigabe_buchung_benutzer_key').on(t.mandantId, t.fahrzeugBuchungId, t.benutzerId),
    index('sonderfreigabe_mandant_benutzer_idx').on(t.mandantId, t.benutzerId),
    foreignKey({
      name: 'sonderfreigabe_buchung_fk',
      columns: [t.mandantId, t.fahrzeugBuchungId],
      foreignColumns: [fahrzeugBuchung.mandantId, fahrzeugBuchung.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'sonderfreigabe_benutzer_fk',
      columns: [t.mandantId, t.benutzerId],
      foreignColumns: [benutzer.mandantId, benutzer.id],
    }),
  ],
);
