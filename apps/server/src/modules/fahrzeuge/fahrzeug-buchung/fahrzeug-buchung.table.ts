import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, timestamptz, updatedAtColumn } from '../../../db/columns.ts';
import { benutzer } from '../../identitaet/benutzer/benutzer.public.ts';
import { mandantIdColumn } from '../../verwaltung/mandant/mandant.public.ts';
import { standort } from '../../verwaltung/standort/standort.public.ts';
import { fahrzeug } from '../fahrzeug/fahrzeug.public.ts';

/**
 * Vehicle booking, half-open `[von, bis)`. A gist exclusion constraint (custom migration) forbids two
 * non-cancelled bookings of one vehicle that overlap.
 */
export const fahrzeugBuchung = pgTable(
  'fahrzeug_buchung',
  {
    id: idColumn(),
    mandantId: mandantIdColumn(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
    von: timestamptz('von').notNull(),
    bis: timestamptz('bis').notNull(),
    status: text('status').notNull(),
    typ: text('typ').notNull().default('BUCHUNG'),
    /** booker; null once the anonymisation removed the people (decision 199) */
    benutzerId: uuid('benutzer_id'),
    fahrerId: uuid('fahrer_id'),
    fahrzeugId: uuid('fahrzeug_id').notNull(),
    informationstext: text('informationstext'),
    anlass: text('anlass'),
    zielAdresse: text('ziel_adresse'),
    zielPerson: text('ziel_person'),
    umweg: text('umweg'),
    zuBestaetigenVon: uuid('zu_bestaetigen_von'),
    /**
     * who cancelled the trip with the cancel action or by rejecting its approval (decision 149); null while not
     * cancelled, for the system's cancellations (blocks, bans, auto-release, vehicle changes) and for rows before 0028
     */
    storniertVon: uuid('storniert_von'),
    /** a DEFEKT block that takes the vehicle out of service at once (decision 056); false for everything else */
    sicherheitsrelevant: boolean('sicherheitsrelevant').notNull().default(false),
    /**
     * When the anonymisation removed booker, driver, confirmer, canceller, free texts and co-travellers (decision
     * 199); null = still personal. `anonym_person` then stands for the driver (or booker): a random id, one per
     * person and run, never linkable back, so the utilisation still counts distinct people for the k threshold.
     */
    anonymisiertAm: timestamptz('anonymisiert_am'),
    anonymPerson: uuid('anonym_person'),
  },
  (t) => [
    unique('fahrzeug_buchung_mandant_id_id_key').on(t.mandantId, t.id),
    index('fahrzeug_buchung_mandant_fahrzeug_von_idx').on(t.mandantId, t.fahrzeugId, t.von),
    index('fahrzeug_buchung_mandant_von_idx').on(t.mandantId, t.von),
    index('fahrzeug_buchung_mandant_benutzer_idx').on(t.mandantId, t.benutzerId),
    index('fahrzeug_buchung_mandant_fahrer_idx').on(t.mandantId, t.fahrerId),
    index('fahrzeug_buchung_mandant_status_idx').on(t.mandantId, t.status),
    // the anonymisation's batch: personal bookings by their end (decision 199)
    index('fahrzeug_buchung_personal_bis_idx').on(t.mandantId, t.bis).where(sql`anonymisiert_am is null`),
    // bookings longer than a day, by their end: the occupancy query's second half (decision 080)
    index('fahrzeug_buchung_lang_idx')
      .on(t.mandantId, t.bis)
      .where(sql`status <> 'storniert' and bis - von > interval '1 day'`),
    foreignKey({
      name: 'fahrzeug_buchung_fahrzeug_fk',
      columns: [t.mandantId, t.fahrzeugId],
      foreignColumns: [fahrzeug.mandantId, fahrzeug.id],
    }), // kept: never deleted with a vehicle (decision 068)
    foreignKey({
      name: 'fahrzeug_buchung_benutzer_fk',
      columns: [t.mandantId, t.benutzerId],
      foreignColumns: [benutzer.mandantId, benutzer.id],
    }),
    foreignKey({
      name: 'fahrzeug_buchung_fahrer_fk',
      columns: [t.mandantId, t.fahrerId],
      foreignColumns: [benutzer.mandantId, benutzer.id],
    }),
    foreignKey({
      name: 'fahrzeug_buchung_zu_bestaetigen_von_fk',
      columns: [t.mandantId, t.zuBestaetigenVon],
      foreignColumns: [benutzer.mandantId, benutzer.id],
    }),
    foreignKey({
      name: 'fahrzeug_buchung_storniert_von_fk',
      columns: [t.mandantId, t.storniertVon],
      foreignColumns: [benutzer.mandantId, benutzer.id],
    }),
    check('fahrzeug_buchung_von_bis_check', sql`${t.von} < ${t.bis}`),
    check(
      'fahrzeug_buchung_status_check',
      sql`${t.status} in ('vorgemerkt', 'reserviert', 'aktiv', 'durchgeführt', 'storniert', 'verschlossen')`,
    ),
    check(
      'fahrzeug_buchung_benutzer_check',
      sql`${t.benutzerId} is not null or ${t.anonymisiertAm} is not null`,
    ),
    check('fahrzeug_buchung_typ_check', sql`${t.typ} in ('BUCHUNG', 'WARTUNG', 'SERVICE', 'DEFEKT')`),
  ],
);
/** Co-travellers of a booking, numbered from 1. */
export const fahrzeugBuchungMitfahrer = pgTable(
  'fahrzeug_buchung_mitfahrer',
  {
    id: idColumn(),
    mandantId: mandantIdColumn(),
    fahrzeugBuchungId: uuid('fahrzeug_buchung_id').notNull(),
    nummer: integer('nummer').notNull(),
    name: text('name').notNull(),
  },
  (t) => [
    unique('fahrzeug_buchung_mitfahrer_nummer_key').on(t.mandantId, t.fahrzeugBuchungId, t.nummer),
    foreignKey({
      name: 'fahrzeug_buchung_mitfahrer_buchung_fk',
      columns: [t.mandantId, t.fahrzeugBuchungId],
      foreignColumns: [fahrzeugBuchung.mandantId, fahrzeugBuchung.id],
    }).onDelete('cascade'),
  ],
);
/**
 * What the vehicle jobs sent (decision 067): one row per notice key (`checkout_buchender:<booking>`,
 * `pruefung:UVV:<vehicle>:<day>`, `report:<months>:<first day>` ...), inserted in the transaction that
 * writes the mails, so a repeated run sends nothing twice.
 */
export const fahrzeugBenachrichtigung = pgTable(
  'fahrzeug_benachrichtigung',
  {
    id: idColumn(),
    mandantId: mandantIdColumn(),
    schluessel: text('schluessel').notNull(),
    gesendetAt: timestamptz('gesendet_at').notNull(),
  },
  (t) => [unique('fahrzeug_benachrichtigung_schluessel_key').on(t.mandantId, t.schluessel)],
);
/**
 * Unmet demand (decision 246): how many searches for a period found no free car because the cars of a location
 * and category were taken, per Berlin day and hour of the period's start. Counts only: no person, no booking, no
 * search (`ungedeckte-nachfrage.ts` of the domain decides what counts).
 */
export const fahrzeugNachfrageUngedeckt = pgTable(
  'fahrzeug_nachfrage_ungedeckt',
  {
    mandantId: mandantIdColumn(),
    standortId: uuid('standort_id').notNull(),
    /** '' for vehicles without a category */
    kategorie: text('kategorie').notNull().default(''),
    tag: date('tag', { mode: 'string' }).notNull(),
    stunde: integer('stunde').notNull(),
    anzahl: integer('anzahl').notNull().default(1),
  },
  (t) => [
    primaryKey({
      name: 'fahrzeug_nachfrage_ungedeckt_pkey',
      columns: [t.mandantId, t.tag, t.standortId, t.kategorie, t.stunde],
    }),
    foreignKey({
      name: 'fahrzeug_nachfrage_ungedeckt_standort_fk',
      columns: [t.mandantId, t.standortId],
      foreignColumns: [standort.mandantId, standort.id],
    }).onDelete('cascade'),
    check('fahrzeug_nachfrage_ungedeckt_stunde_check', sql`${t.stunde} between 0 and 23`),
    check('fahrzeug_nachfrage_ungedeckt_anzahl_check', sql`${t.anzahl} > 0`),
  ],
);
/**
 * The booker as the module's reads see it: an anonymised booking (decision 199) has none, and the nil id stands
 * for "nobody" (it matches no user), so the reads keep a non-null booker.
 */
export const buchenderId = sql<string>`coalesce(${fahrzeugBuchung.benutzerId}, '00000000-0000-0000-0000-000000000000'::uuid)`;
