import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  type PgTableExtraConfigValue,
  pgTable,
  smallint,
  text,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAtColumn, HH_MM_PATTERN, idColumn, updatedAtColumn } from '../../../db/columns.ts';
import { datei } from '../../plattform/storage/storage.public.ts';
import { mandantIdColumn } from '../../verwaltung/mandant/mandant.public.ts';
import { standort } from '../../verwaltung/standort/standort.public.ts';

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
