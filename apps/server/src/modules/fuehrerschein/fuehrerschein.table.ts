import { sql } from 'drizzle-orm';
import { boolean, check, date, foreignKey, index, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, updatedAtColumn } from '../../db/columns.ts';
import { benutzer } from '../benutzer/benutzer.table.ts';
import { mandantIdColumn } from '../mandant/mandant.table.ts';

const klasse = (name: string) => boolean(name).notNull().default(false);

/** Driving licence of a user (one per user); dates are calendar dates (Europe/Berlin). */
export const fuehrerschein = pgTable(
  'fuehrerschein',
  {
    id: idColumn(),
    mandantId: mandantIdColumn(),
    benutzerId: uuid('benutzer_id').notNull(),
    fuehrerscheinnummer: text('fuehrerscheinnummer'),
    ausstellungsdatum: date('ausstellungsdatum', { mode: 'string' }),
    letztePruefung: date('letzte_pruefung', { mode: 'string' }),
    naechstePruefung: date('naechste_pruefung', { mode: 'string' }),
    prueferId: uuid('pruefer_id'),
    zusatzinfo: text('zusatzinfo'),
    fahrverbot: boolean('fahrverbot').notNull().default(false),
    fahrverbotVon: date('fahrverbot_von', { mode: 'string' }),
    fahrverbotBis: date('fahrverbot_bis', { mode: 'string' }),
    am: klasse('am'),
    a1: klasse('a1'),
    a2: klasse('a2'),
    a: klasse('a'),
    b1: klasse('b1'),
    b: klasse('b'),
    c1: klasse('c1'),
    c: klasse('c'),
    d1: klasse('d1'),
    d: klasse('d'),
    be: klasse('be'),
    c1e: klasse('c1e'),
    ce: klasse('ce'),
    d1e: klasse('d1e'),
    de: klasse('de'),
    l: klasse('l'),
    t: klasse('t'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    unique('fuehrerschein_mandant_benutzer_key').on(t.mandantId, t.benutzerId),
    index('fuehrerschein_mandant_naechste_pruefung_idx').on(t.mandantId, t.naechstePruefung),
    foreignKey({
      name: 'fuehrerschein_benutzer_fk',
      columns: [t.mandantId, t.benutzerId],
      foreignColumns: [benutzer.mandantId, benutzer.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'fuehrerschein_pruefer_fk',
      columns: [t.mandantId, t.prueferId],
      foreignColumns: [benutzer.mandantId, benutzer.id],
    }),
    check(
      'fuehrerschein_fahrverbot_check',
      sql`${t.fahrverbotVon} is null or ${t.fahrverbotBis} is null or ${t.fahrverbotVon} <= ${t.fahrverbotBis}`,
    ),
  ],
);
