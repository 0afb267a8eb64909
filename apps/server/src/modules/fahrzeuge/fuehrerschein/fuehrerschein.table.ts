import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, updatedAtColumn } from '../../../db/columns.ts';
import { benutzer } from '../../identitaet/benutzer/benutzer.public.ts';
import { mandantIdColumn } from '../../verwaltung/mandant/mandant.public.ts';

const klasse = (name: string) => boolean(name).notNull().default(false);
/** expiry day of a truck or bus class (optional; an expired class refuses booking vehicles needing it) */
const ablauf = (name: string) => date(`${name}_ablauf`, { mode: 'string' });

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
    c1Ablauf: ablauf('c1'),
    c1eAblauf: ablauf('c1e'),
    cAblauf: ablauf('c'),
    ceAblauf: ablauf('ce'),
    d1Ablauf: ablauf('d1'),
    d1eAblauf: ablauf('d1e'),
    dAblauf: ablauf('d'),
    deAblauf: ablauf('de'),
    /** expiry day of the document (optional; only warns) */
    dokumentAblauf: date('dokument_ablauf', { mode: 'string' }),
    /** how the last check was done: 'original_persoenlich' or a method the tenant names */
    pruefmethode: text('pruefmethode'),
    /** the examiner confirmed that the original document was seen (no copy is stored) */
    originalGesehen: boolean('original_gesehen').notNull().default(false),
    /** when the last check was recorded */
    geprueftAm: timestamp('geprueft_am', { withTimezone: true }),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    unique('fuehrerschein_mandant_benutzer_key').on(t.mandantId, t.benutzerId),
    unique('fuehrerschein_mandant_id_id_key').on(t.mandantId, t.id),
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

/**
 * Licence-check reminders sent (decision 057): one row per licence, kind and next-check day, so the job
 * sends each reminder once; a new check (new next-check day) starts a new round.
 */
export const fuehrerscheinErinnerung = pgTable(
  'fuehrerschein_erinnerung',
  {
    id: idColumn(),
    mandantId: mandantIdColumn(),
    fuehrerscheinId: uuid('fuehrerschein_id').notNull(),
    art: text('art').notNull(),
    naechstePruefung: date('naechste_pruefung', { mode: 'string' }).notNull(),
    gesendetAt: timestamp('gesendet_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    unique('fuehrerschein_erinnerung_key').on(t.mandantId, t.fuehrerscheinId, t.art, t.naechstePruefung),
    foreignKey({
      name: 'fuehrerschein_erinnerung_fuehrerschein_fk',
      columns: [t.mandantId, t.fuehrerscheinId],
      foreignColumns: [fuehrerschein.mandantId, fuehrerschein.id],
    }).onDelete('cascade'),
    check('fuehrerschein_erinnerung_art_check', sql`${t.art} in ('fahrer', 'pruefer', 'eskalation')`),
  ],
);
