import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  type PgTableExtraConfigValue,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAtColumn, HH_MM_PATTERN, idColumn, timestamptz, updatedAtColumn } from '../../db/columns.ts';
import { benutzer } from '../benutzer/benutzer.table.ts';
import { mandantIdColumn } from '../mandant/mandant.table.ts';
import { standort } from '../standort/standort.table.ts';
import { datei } from '../storage/storage.table.ts';

/** Pool vehicle. `deaktiviert` is the soft delete; validity dates are calendar dates (Europe/Berlin). */
export const fahrzeug = pgTable(
  'fahrzeug',
  {
    id: idColumn(),
    mandantId: mandantIdColumn(),
    deaktiviert: boolean('deaktiviert').notNull().default(false),
    gueltigVon: date('gueltig_von', { mode: 'string' }),
    gueltigBis: date('gueltig_bis', { mode: 'string' }),
    standortId: uuid('standort_id').notNull(),
    kategorie: text('kategorie'),
    marke: text('marke').notNull(),
    modell: text('modell').notNull(),
    kennzeichen: text('kennzeichen').notNull(),
    kraftstoff: text('kraftstoff'),
    /** power in kW */
    leistung: integer('leistung'),
    getriebe: text('getriebe'),
    /** trunk size as a number of bags */
    kofferraum: integer('kofferraum'),
    sitze: integer('sitze'),
    tueren: integer('tueren'),
    farbe: text('farbe'),
    fuehrerscheinklasse: text('fuehrerscheinklasse').notNull().default('B'),
    klimaanlage: boolean('klimaanlage').notNull().default(false),
    navigation: boolean('navigation').notNull().default(false),
    tempomat: boolean('tempomat').notNull().default(false),
    sitzheizung: boolean('sitzheizung').notNull().default(false),
    /** image: a `datei` in bucket `fahrzeuge` */
    bildId: uuid('bild_id'),
    /** booking window: `HH:mm` from/to on the listed weekdays (0 = Sunday ... 6 = Saturday) */
    buchungszeitraumVon: text('buchungszeitraum_von'),
    buchungszeitraumBis: text('buchungszeitraum_bis'),
    buchungszeitraumWochentage: smallint('buchungszeitraum_wochentage').array(),
    buchungAusserhalbMoeglich: boolean('buchung_ausserhalb_moeglich').notNull().default(false),
    fahrzeugOeffnungszeitId: uuid('fahrzeug_oeffnungszeit_id'),
    /** next general inspection (HU, Hauptuntersuchung), a Berlin calendar day (decision 068) */
    huFaelligAm: date('hu_faellig_am', { mode: 'string' }),
    /** next yearly accident-prevention inspection (UVV, DGUV Vorschrift 70), a Berlin calendar day */
    uvvFaelligAm: date('uvv_faellig_am', { mode: 'string' }),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t): PgTableExtraConfigValue[] => [
    unique('fahrzeug_mandant_id_id_key').on(t.mandantId, t.id),
    unique('fahrzeug_mandant_kennzeichen_key').on(t.mandantId, t.kennzeichen),
    index('fahrzeug_mandant_standort_idx').on(t.mandantId, t.standortId),
    foreignKey({
      name: 'fahrzeug_standort_fk',
      columns: [t.mandantId, t.standortId],
      foreignColumns: [standort.mandantId, standort.id],
    }),
    foreignKey({
      name: 'fahrzeug_bild_fk',
      columns: [t.mandantId, t.bildId],
      foreignColumns: [datei.mandantId, datei.id],
    }),
    foreignKey({
      name: 'fahrzeug_oeffnungszeit_fk',
      columns: [t.mandantId, t.fahrzeugOeffnungszeitId],
      foreignColumns: [fahrzeugOeffnungszeit.mandantId, fahrzeugOeffnungszeit.id],
    }),
    check(
      'fahrzeug_gueltig_check',
      sql`${t.gueltigVon} is null or ${t.gueltigBis} is null or ${t.gueltigVon} <= ${t.gueltigBis}`,
    ),
    check(
      'fahrzeug_buchungszeitraum_check',
      sql`(${t.buchungszeitraumVon} is null or ${t.buchungszeitraumVon} ~ ${sql.raw(`'${HH_MM_PATTERN}'`)}) and (${t.buchungszeitraumBis} is null or ${t.buchungszeitraumBis} ~ ${sql.raw(`'${HH_MM_PATTERN}'`)})`,
    ),
  ],
);

/** The vehicle's own columns as both the booking and the fleet administration read them (`select({ ...FAHRZEUG_SPALTEN })`). */
export const FAHRZEUG_SPALTEN = {
  id: fahrzeug.id,
  deaktiviert: fahrzeug.deaktiviert,
  gueltigVon: fahrzeug.gueltigVon,
  gueltigBis: fahrzeug.gueltigBis,
  standortId: fahrzeug.standortId,
  kategorie: fahrzeug.kategorie,
  marke: fahrzeug.marke,
  modell: fahrzeug.modell,
  kennzeichen: fahrzeug.kennzeichen,
  kraftstoff: fahrzeug.kraftstoff,
  leistung: fahrzeug.leistung,
  getriebe: fahrzeug.getriebe,
  kofferraum: fahrzeug.kofferraum,
  sitze: fahrzeug.sitze,
  tueren: fahrzeug.tueren,
  farbe: fahrzeug.farbe,
  fuehrerscheinklasse: fahrzeug.fuehrerscheinklasse,
  klimaanlage: fahrzeug.klimaanlage,
  navigation: fahrzeug.navigation,
  tempomat: fahrzeug.tempomat,
  sitzheizung: fahrzeug.sitzheizung,
  bildId: fahrzeug.bildId,
  buchungszeitraumVon: fahrzeug.buchungszeitraumVon,
  buchungszeitraumBis: fahrzeug.buchungszeitraumBis,
  buchungszeitraumWochentage: fahrzeug.buchungszeitraumWochentage,
  buchungAusserhalbMoeglich: fahrzeug.buchungAusserhalbMoeglich,
  fahrzeugOeffnungszeitId: fahrzeug.fahrzeugOeffnungszeitId,
  huFaelligAm: fahrzeug.huFaelligAm,
  uvvFaelligAm: fahrzeug.uvvFaelligAm,
};

/** Opening-time set of a vehicle; its per-weekday rows are `oeffnungszeit` rows pointing here. */
export const fahrzeugOeffnungszeit = pgTable(
  'fahrzeug_oeffnungszeit',
  {
    id: idColumn(),
    mandantId: mandantIdColumn(),
    fahrzeugId: uuid('fahrzeug_id').notNull(),
    gueltigVon: date('gueltig_von', { mode: 'string' }),
    gueltigBis: date('gueltig_bis', { mode: 'string' }),
    isBuchungAusserhalbMoeglich: boolean('is_buchung_ausserhalb_moeglich').notNull().default(false),
    createdAt: createdAtColumn(),
  },
  (t): PgTableExtraConfigValue[] => [
    unique('fahrzeug_oeffnungszeit_mandant_id_id_key').on(t.mandantId, t.id),
    index('fahrzeug_oeffnungszeit_mandant_fahrzeug_idx').on(t.mandantId, t.fahrzeugId),
    foreignKey({
      name: 'fahrzeug_oeffnungszeit_fahrzeug_fk',
      columns: [t.mandantId, t.fahrzeugId],
      foreignColumns: [fahrzeug.mandantId, fahrzeug.id],
    }).onDelete('cascade'),
  ],
);

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
    /** booker */
    benutzerId: uuid('benutzer_id').notNull(),
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
     * cancelled, for the system's cancellations (blocks, bans, auto-release, vehicle changes) and for rows before 0029
     */
    storniertVon: uuid('storniert_von'),
    /** a DEFEKT block that takes the vehicle out of service at once (decision 056); false for everything else */
    sicherheitsrelevant: boolean('sicherheitsrelevant').notNull().default(false),
  },
  (t) => [
    unique('fahrzeug_buchung_mandant_id_id_key').on(t.mandantId, t.id),
    index('fahrzeug_buchung_mandant_fahrzeug_von_idx').on(t.mandantId, t.fahrzeugId, t.von),
    index('fahrzeug_buchung_mandant_von_idx').on(t.mandantId, t.von),
    index('fahrzeug_buchung_mandant_benutzer_idx').on(t.mandantId, t.benutzerId),
    index('fahrzeug_buchung_mandant_fahrer_idx').on(t.mandantId, t.fahrerId),
    index('fahrzeug_buchung_mandant_status_idx').on(t.mandantId, t.status),
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
