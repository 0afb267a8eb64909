import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { idColumn, timestamptz } from '../../../db/columns.ts';
import { fahrzeug } from '../../fahrzeuge/fahrzeug/fahrzeug.public.ts';
import { fahrzeugBuchung } from '../../fahrzeuge/fahrzeug-buchung/fahrzeug-buchung.public.ts';
import { benutzer } from '../../identitaet/benutzer/benutzer.public.ts';
import { datei } from '../../plattform/storage/storage.public.ts';
import { mandantIdColumn } from '../../verwaltung/mandant/mandant.public.ts';
import { fahrzeugHistorie } from './fahrzeug-historie.table.ts';

/**
 * The logbook (Fahrtenbuch, decision 062): one row per version of a trip entry, append-only. The
 * database refuses UPDATE and DELETE (trigger `fahrtenbuch_eintrag_unveraenderlich`, migration 0008); a row
 * goes only with its tenant. `laufnummer` is the recording order per vehicle, the order of the hash chain.
 * The vehicle reference does not cascade: a vehicle with a logbook is never hard-deleted. Driver and recorder
 * are kept by name as well as id, without a reference, so the entry outlives a deleted user account.
 */
export const fahrtenbuchEintrag = pgTable(
  'fahrtenbuch_eintrag',
  {
    id: idColumn(),
    mandantId: mandantIdColumn(),
    fahrzeugId: uuid('fahrzeug_id').notNull(),
    laufnummer: integer('laufnummer').notNull(),
    kennzeichen: text('kennzeichen').notNull(),
    fahrzeugBuchungId: uuid('fahrzeug_buchung_id'),
    quelle: text('quelle').notNull(),
    korrigiertId: uuid('korrigiert_id'),
    grund: text('grund'),
    art: text('art').notNull(),
    beginn: timestamptz('beginn').notNull(),
    ende: timestamptz('ende').notNull(),
    kmBeginn: integer('km_beginn').notNull(),
    kmEnde: integer('km_ende').notNull(),
    fahrerId: uuid('fahrer_id').notNull(),
    fahrerName: text('fahrer_name').notNull(),
    ziel: text('ziel'),
    zweck: text('zweck'),
    partner: text('partner'),
    umweg: text('umweg'),
    notiz: text('notiz'),
    erfasstAm: timestamptz('erfasst_am').notNull(),
    erfasstVonId: uuid('erfasst_von_id').notNull(),
    erfasstVonName: text('erfasst_von_name').notNull(),
    hashVorher: text('hash_vorher').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [
    unique('fahrtenbuch_eintrag_mandant_id_unique').on(t.mandantId, t.id),
    unique('fahrtenbuch_eintrag_laufnummer_unique').on(t.mandantId, t.fahrzeugId, t.laufnummer),
    unique('fahrtenbuch_eintrag_korrigiert_unique').on(t.mandantId, t.korrigiertId),
    index('fahrtenbuch_eintrag_mandant_fahrzeug_beginn_idx').on(t.mandantId, t.fahrzeugId, t.beginn),
    // the retention purge deletes bookings: their foreign-key check looks here (decision 081)
    index('fahrtenbuch_eintrag_mandant_buchung_idx').on(t.mandantId, t.fahrzeugBuchungId),
    foreignKey({
      name: 'fahrtenbuch_eintrag_fahrzeug_fk',
      columns: [t.mandantId, t.fahrzeugId],
      foreignColumns: [fahrzeug.mandantId, fahrzeug.id],
    }),
    foreignKey({
      name: 'fahrtenbuch_eintrag_buchung_fk',
      columns: [t.mandantId, t.fahrzeugBuchungId],
      foreignColumns: [fahrzeugBuchung.mandantId, fahrzeugBuchung.id],
    }),
    foreignKey({
      name: 'fahrtenbuch_eintrag_korrigiert_fk',
      columns: [t.mandantId, t.korrigiertId],
      foreignColumns: [t.mandantId, t.id],
    }),
    check('fahrtenbuch_eintrag_art_check', sql`${t.art} in ('dienstlich', 'privat', 'arbeitsweg')`),
    check('fahrtenbuch_eintrag_quelle_check', sql`${t.quelle} in ('fahrt', 'hand')`),
    check(
      'fahrtenbuch_eintrag_km_check',
      // a trip of 0 km is recorded too (decision 092)
      sql`${t.kmBeginn} >= 0 and ${t.kmEnde} >= ${t.kmBeginn} and ${t.ende} > ${t.beginn}`,
    ),
    check(
      'fahrtenbuch_eintrag_hash_check',
      sql`${t.hash} ~ '^[0-9a-f]{64}$' and ${t.hashVorher} ~ '^[0-9a-f]{64}$'`,
    ),
  ],
);

/**
 * Where a vehicle's logbook chain starts after the retention purge (decision 081): the purge deletes only a
 * prefix of the chain (versions whose trip ended before the cut-off) and records, per run and vehicle, the
 * hash and `laufnummer` of the last deleted version, how many it deleted, the latest trip end among them,
 * the cut-off, when and by which run. The check of the chain starts from the newest anchor's hash. Written
 * only by the database function `fahrtenbuch_aufbewahrung_loeschen` (migration 0018); the application reads.
 */
export const fahrtenbuchAnker = pgTable(
  'fahrtenbuch_anker',
  {
    id: idColumn(),
    mandantId: mandantIdColumn(),
    fahrzeugId: uuid('fahrzeug_id').notNull(),
    bisLaufnummer: integer('bis_laufnummer').notNull(),
    hash: text('hash').notNull(),
    anzahl: integer('anzahl').notNull(),
    bisEnde: timestamptz('bis_ende').notNull(),
    stichtag: timestamptz('stichtag').notNull(),
    geloeschtAm: timestamptz('geloescht_am').notNull(),
    laufId: uuid('lauf_id').notNull(),
  },
  (t) => [
    unique('fahrtenbuch_anker_laufnummer_unique').on(t.mandantId, t.fahrzeugId, t.bisLaufnummer),
    foreignKey({
      name: 'fahrtenbuch_anker_fahrzeug_fk',
      columns: [t.mandantId, t.fahrzeugId],
      foreignColumns: [fahrzeug.mandantId, fahrzeug.id],
    }),
    check('fahrtenbuch_anker_hash_check', sql`${t.hash} ~ '^[0-9a-f]{64}$'`),
    check('fahrtenbuch_anker_anzahl_check', sql`${t.anzahl} > 0 and ${t.bisLaufnummer} > 0`),
  ],
);

/**
 * The head of a vehicle's logbook chain after every append (decision 091): `laufnummer` and `hash` of
 * the version just stored, and the database's clock then. Written only by the trigger
 * `fahrtenbuch_kopf_schreiben` on `fahrtenbuch_eintrag` (as the table owner), never changed, never deleted
 * (except with the tenant); the application roles may only read it. The chain check compares the newest head with
 * the stored chain, so a removed tail is reported by number; the purge's anchors can be checked against it too.
 */
export const fahrtenbuchKopf = pgTable(
  'fahrtenbuch_kopf',
  {
    mandantId: mandantIdColumn(),
    fahrzeugId: uuid('fahrzeug_id').notNull(),
    laufnummer: integer('laufnummer').notNull(),
    hash: text('hash').notNull(),
    gespeichertAm: timestamptz('gespeichert_am').notNull().default(sql`now()`),
  },
  (t) => [
    primaryKey({ name: 'fahrtenbuch_kopf_pk', columns: [t.mandantId, t.fahrzeugId, t.laufnummer] }),
    check('fahrtenbuch_kopf_hash_check', sql`${t.hash} ~ '^[0-9a-f]{64}$'`),
  ],
);

/**
 * A damage found at a check-in or reported at a check-out (decision 064): where on the vehicle, what,
 * whether it affects safety, a photo (`datei` in bucket `schaeden`). Open until `behobenAm` is set; the
 * check-in dialog shows a vehicle's open damages. `historieId` is the history entry that reported it.
 */
export const fahrzeugSchaden = pgTable(
  'fahrzeug_schaden',
  {
    id: idColumn(),
    mandantId: mandantIdColumn(),
    fahrzeugId: uuid('fahrzeug_id').notNull(),
    historieId: uuid('historie_id').notNull(),
    ort: text('ort').notNull(),
    beschreibung: text('beschreibung').notNull(),
    sicherheitsrelevant: boolean('sicherheitsrelevant').notNull().default(false),
    fotoId: uuid('foto_id'),
    gemeldetAm: timestamptz('gemeldet_am').notNull(),
    gemeldetVonId: uuid('gemeldet_von_id'),
    behobenAm: timestamptz('behoben_am'),
  },
  (t) => [
    unique('fahrzeug_schaden_mandant_id_key').on(t.mandantId, t.id),
    index('fahrzeug_schaden_mandant_fahrzeug_idx').on(t.mandantId, t.fahrzeugId, t.gemeldetAm),
    // the retention purge deletes history entries (cascade) and files (foreign-key check), decision 081
    index('fahrzeug_schaden_mandant_historie_idx').on(t.mandantId, t.historieId),
    index('fahrzeug_schaden_mandant_foto_idx').on(t.mandantId, t.fotoId),
    foreignKey({
      name: 'fahrzeug_schaden_fahrzeug_fk',
      columns: [t.mandantId, t.fahrzeugId],
      foreignColumns: [fahrzeug.mandantId, fahrzeug.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'fahrzeug_schaden_historie_fk',
      columns: [t.mandantId, t.historieId],
      foreignColumns: [fahrzeugHistorie.mandantId, fahrzeugHistorie.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'fahrzeug_schaden_foto_fk',
      columns: [t.mandantId, t.fotoId],
      foreignColumns: [datei.mandantId, datei.id],
    }),
    foreignKey({
      name: 'fahrzeug_schaden_benutzer_fk',
      columns: [t.mandantId, t.gemeldetVonId],
      foreignColumns: [benutzer.mandantId, benutzer.id],
    }),
    check(
      'fahrzeug_schaden_ort_check',
      sql`${t.ort} in ('vorne', 'hinten', 'links', 'rechts', 'dach', 'innenraum', 'unterboden', 'sonstiges')`,
    ),
  ],
);

/** The receipts of a check-in or check-out (several png, jpg or pdf files in bucket `belege`). */
export const fahrzeugHistorieBeleg = pgTable(
  'fahrzeug_historie_beleg',
  {
    mandantId: mandantIdColumn(),
    historieId: uuid('historie_id').notNull(),
    dateiId: uuid('datei_id').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ name: 'fahrzeug_historie_beleg_pk', columns: [t.mandantId, t.historieId, t.dateiId] }),
    // the retention purge deletes files: their foreign-key check looks here (decision 081)
    index('fahrzeug_historie_beleg_mandant_datei_idx').on(t.mandantId, t.dateiId),
    foreignKey({
      name: 'fahrzeug_historie_beleg_historie_fk',
      columns: [t.mandantId, t.historieId],
      foreignColumns: [fahrzeugHistorie.mandantId, fahrzeugHistorie.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'fahrzeug_historie_beleg_datei_fk',
      columns: [t.mandantId, t.dateiId],
      foreignColumns: [datei.mandantId, datei.id],
    }),
  ],
);
