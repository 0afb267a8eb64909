import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, timestamptz, updatedAtColumn } from '../../../db/columns.ts';
import { benutzer } from '../../identitaet/benutzer/benutzer.public.ts';
import { mandantIdColumn } from '../../verwaltung/mandant/mandant.public.ts';
import { standort } from '../../verwaltung/standort/standort.public.ts';

/** A bank of lockers at a location (decision 186), optionally drawn on a floor plan at x/y percent. */
export const spindbank = pgTable(
  'spindbank',
  {
    id: idColumn(),
    mandantId: mandantIdColumn(),
    standortId: uuid('standort_id').notNull(),
    name: text('name').notNull(),
    grundrissId: uuid('grundriss_id'),
    x: doublePrecision('x'),
    y: doublePrecision('y'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    unique('spindbank_mandant_id_id_key').on(t.mandantId, t.id),
    unique('spindbank_mandant_standort_name_key').on(t.mandantId, t.standortId, t.name),
    foreignKey({
      name: 'spindbank_standort_fk',
      columns: [t.mandantId, t.standortId],
      foreignColumns: [standort.mandantId, standort.id],
    }).onDelete('cascade'),
    check(
      'spindbank_ort_check',
      sql`(${t.grundrissId} is null and ${t.x} is null and ${t.y} is null) or (${t.grundrissId} is not null and ${t.x} between 0 and 100 and ${t.y} between 0 and 100)`,
    ),
  ],
);

/** A numbered locker of a bank: size S/M/L, accessible, out of service. */
export const spind = pgTable(
  'spind',
  {
    id: idColumn(),
    mandantId: mandantIdColumn(),
    bankId: uuid('bank_id').notNull(),
    nummer: text('nummer').notNull(),
    groesse: text('groesse').notNull(),
    barrierefrei: boolean('barrierefrei').notNull().default(false),
    ausserBetrieb: boolean('ausser_betrieb').notNull().default(false),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    unique('spind_mandant_id_id_key').on(t.mandantId, t.id),
    unique('spind_mandant_bank_nummer_key').on(t.mandantId, t.bankId, t.nummer),
    foreignKey({
      name: 'spind_bank_fk',
      columns: [t.mandantId, t.bankId],
      foreignColumns: [spindbank.mandantId, spindbank.id],
    }).onDelete('cascade'),
    check('spind_groesse_check', sql`${t.groesse} in ('S', 'M', 'L')`),
  ],
);

/**
 * A locker booking, half-open `[von, bis)`: a day locker coupled to a place booking (`leseraum_buchung_id`), a day
 * locker alone, or a permanent assignment (`art = 'dauer'`). A gist exclusion constraint (custom block) forbids
 * overlapping bookings of one locker that are not cancelled. `pin` is read only by the owner's own answer; `leerung`
 * says whether the locker was confirmed emptied after its period (free again only then). `benutzer_id` is null only
 * after the person was erased while the locker still waited to be emptied (decision 251): the duty stays, the person
 * goes.
 */
export const spindBuchung = pgTable(
  'spind_buchung',
  {
    id: idColumn(),
    mandantId: mandantIdColumn(),
    spindId: uuid('spind_id').notNull(),
    benutzerId: uuid('benutzer_id'),
    art: text('art').notNull(),
    leseraumBuchungId: uuid('leseraum_buchung_id'),
    von: timestamptz('von').notNull(),
    bis: timestamptz('bis').notNull(),
    status: text('status').notNull().default('gebucht'),
    leerung: text('leerung').notNull().default('offen'),
    pin: text('pin'),
    erinnerungGesendetAm: timestamptz('erinnerung_gesendet_am'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    index('spind_buchung_mandant_benutzer_idx').on(t.mandantId, t.benutzerId, t.bis),
    index('spind_buchung_mandant_leseraum_buchung_idx').on(t.mandantId, t.leseraumBuchungId),
    foreignKey({
      name: 'spind_buchung_spind_fk',
      columns: [t.mandantId, t.spindId],
      foreignColumns: [spind.mandantId, spind.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'spind_buchung_benutzer_fk',
      columns: [t.mandantId, t.benutzerId],
      foreignColumns: [benutzer.mandantId, benutzer.id],
    }).onDelete('cascade'),
    check('spind_buchung_von_bis_check', sql`${t.von} < ${t.bis}`),
    check('spind_buchung_art_check', sql`${t.art} in ('tag', 'gekoppelt', 'dauer')`),
    check('spind_buchung_status_check', sql`${t.status} in ('gebucht', 'storniert')`),
    check(
      'spind_buchung_leerung_check',
      sql`${t.leerung} in ('offen', 'vom_nutzer_bestaetigt', 'vom_facility_geraeumt')`,
    ),
    check('spind_buchung_pin_check', sql`${t.pin} is null or ${t.pin} ~ '^[0-9]{6}$'`),
  ],
);

/**
 * A release the vendor's lock system still has to take (decision 250): written in the transaction that releases the
 * locker, sent after its commit and, while it fails, again by the job `spind.schloss` with a growing wait, until it
 * is given up (`aufgegeben`, audited, shown on the facility list). `nachricht` is the request body (no person, no
 * PIN); the locker booking may be gone (an erasure deletes it), so it is referenced by id only.
 */
export const spindSchlossAuftrag = pgTable(
  'spind_schloss_auftrag',
  {
    id: idColumn(),
    mandantId: mandantIdColumn(),
    spindId: uuid('spind_id').notNull(),
    spindBuchungId: uuid('spind_buchung_id').notNull(),
    nachricht: jsonb('nachricht').notNull(),
    status: text('status').notNull().default('offen'),
    versuche: integer('versuche').notNull().default(0),
    naechsterVersuch: timestamptz('naechster_versuch').notNull(),
    letzterFehler: text('letzter_fehler'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    index('spind_schloss_auftrag_faellig_idx').on(t.mandantId, t.status, t.naechsterVersuch),
    foreignKey({
      name: 'spind_schloss_auftrag_spind_fk',
      columns: [t.mandantId, t.spindId],
      foreignColumns: [spind.mandantId, spind.id],
    }).onDelete('cascade'),
    check('spind_schloss_auftrag_status_check', sql`${t.status} in ('offen', 'aufgegeben')`),
  ],
);
