import { sql } from 'drizzle-orm';
import {
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn } from '../../../db/columns.ts';
import { fahrzeug } from '../../fahrzeuge/fahrzeug/fahrzeug.public.ts';
import { fahrzeugBuchung } from '../../fahrzeuge/fahrzeug-buchung/fahrzeug-buchung.public.ts';
import { benutzer } from '../../identitaet/benutzer/benutzer.public.ts';
import { mandantIdColumn } from '../../verwaltung/mandant/mandant.public.ts';

export type Schaden = { beschreibung: string };
/** Vehicle history / logbook entry (check-in, check-out, maintenance, status changes ...). */
export const fahrzeugHistorie = pgTable(
  'fahrzeug_historie',
  {
    id: idColumn(),
    mandantId: mandantIdColumn(),
    beschreibung: text('beschreibung'),
    zeitpunkt: timestamp('zeitpunkt', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    fahrzeugBuchungId: uuid('fahrzeug_buchung_id'),
    fahrzeugId: uuid('fahrzeug_id').notNull(),
    typ: text('typ').notNull(),
    status: text('status'),
    kilometerstand: integer('kilometerstand'),
    sauberkeitAussen: text('sauberkeit_aussen'),
    sauberkeitInnen: text('sauberkeit_innen'),
    abstellplatz: text('abstellplatz'),
    /** tank fill in percent, 0 to 100 */
    tankfuellung: integer('tankfuellung'),
    schaeden: jsonb('schaeden').$type<Schaden[]>().notNull().default([]),
    benutzerId: uuid('benutzer_id'),
    // receipts: `fahrzeug_historie_beleg` (several per entry, decision 064; the single beleg_id went in 0020)
    createdAt: createdAtColumn(),
  },
  (t) => [
    unique('fahrzeug_historie_mandant_id_key').on(t.mandantId, t.id),
    index('fahrzeug_historie_mandant_fahrzeug_zeitpunkt_idx').on(t.mandantId, t.fahrzeugId, t.zeitpunkt),
    index('fahrzeug_historie_mandant_buchung_idx').on(t.mandantId, t.fahrzeugBuchungId),
    foreignKey({
      name: 'fahrzeug_historie_fahrzeug_fk',
      columns: [t.mandantId, t.fahrzeugId],
      foreignColumns: [fahrzeug.mandantId, fahrzeug.id],
    }), // kept: never deleted with a vehicle (decision 068)
    foreignKey({
      name: 'fahrzeug_historie_buchung_fk',
      columns: [t.mandantId, t.fahrzeugBuchungId],
      foreignColumns: [fahrzeugBuchung.mandantId, fahrzeugBuchung.id],
    }),
    foreignKey({
      name: 'fahrzeug_historie_benutzer_fk',
      columns: [t.mandantId, t.benutzerId],
      foreignColumns: [benutzer.mandantId, benutzer.id],
    }),
    check(
      'fahrzeug_historie_typ_check',
      sql`${t.typ} in ('ERSTELLUNG', 'STATUSAENDERUNG', 'WARTUNG', 'CHECK_IN', 'CHECK_OUT', 'SERVICE', 'DEAKTIVIERUNG')`,
    ),
    check(
      'fahrzeug_historie_tankfuellung_check',
      sql`${t.tankfuellung} is null or ${t.tankfuellung} between 0 and 100`,
    ),
    check(
      'fahrzeug_historie_kilometerstand_check',
      sql`${t.kilometerstand} is null or ${t.kilometerstand} >= 0`,
    ),
  ],
);
