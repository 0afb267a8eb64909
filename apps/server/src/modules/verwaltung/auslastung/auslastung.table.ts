import {
  boolean,
  date,
  doublePrecision,
  foreignKey,
  integer,
  pgTable,
  primaryKey,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamptz } from '../../../db/columns.ts';
import { fahrzeug } from '../../fahrzeuge/fahrzeug/fahrzeug.public.ts';
import { grundrissLeseraum } from '../../leseraum/leseraum/leseraum.public.ts';
import { mandantIdColumn } from '../mandant/mandant.public.ts';

/**
 * The utilisation's rollup (decision 256): booked and driven minutes of one vehicle on one Berlin day inside the
 * window `[von, bis)` they were computed for. Derived data, no person reference. Rows are written only by the
 * utilisation (a read fills the vehicle-days it had to compute from the raw rows); the triggers of migration 0039
 * on `fahrzeug_buchung` and `fahrtenbuch_eintrag` mark every vehicle-day a write touches as stale (`gueltig`
 * false, `stand` + 1, inserting the marker if the day has no row yet), in the writing transaction. A read uses a
 * row only when it is `gueltig` and its window is the one it asks about; it stores what it computed only if
 * `stand` is still the one it saw, so a write that raced with it is never overwritten by older figures.
 */
export const fahrzeugTagMinuten = pgTable(
  'fahrzeug_tag_minuten',
  {
    mandantId: mandantIdColumn(),
    fahrzeugId: uuid('fahrzeug_id').notNull(),
    tag: date('tag', { mode: 'string' }).notNull(),
    stand: integer('stand').notNull().default(0),
    gueltig: boolean('gueltig').notNull().default(false),
    von: timestamptz('von'),
    bis: timestamptz('bis'),
    gebucht: doublePrecision('gebucht'),
    gefahren: doublePrecision('gefahren'),
  },
  (t) => [
    primaryKey({ name: 'fahrzeug_tag_minuten_pkey', columns: [t.mandantId, t.tag, t.fahrzeugId] }),
    foreignKey({
      name: 'fahrzeug_tag_minuten_fahrzeug_fk',
      columns: [t.mandantId, t.fahrzeugId],
      foreignColumns: [fahrzeug.mandantId, fahrzeug.id],
    }).onDelete('cascade'),
  ],
);

/**
 * The rollup's monthly level (decision 274): the sums of one vehicle over the open days of one Berlin month (its
 * first day is `monat`), as the per-day rows give them: bookable days and minutes, booked and driven minutes (each
 * day capped at its bookable minutes) and idle days. `fenster` is a fingerprint of the open days the sums were
 * computed for (each day's window); a read uses a row only when it is `gueltig`, its fingerprint is the one of the
 * window it asks about, and the vehicle is valid the whole month. The writes' triggers of migration 0039 also mark the
 * months they touch (migration 0040), in the writing transaction, exactly as they mark the days. Derived data, no
 * person reference; written only by the utilisation.
 */
export const fahrzeugMonatMinuten = pgTable(
  'fahrzeug_monat_minuten',
  {
    mandantId: mandantIdColumn(),
    fahrzeugId: uuid('fahrzeug_id').notNull(),
    monat: date('monat', { mode: 'string' }).notNull(),
    stand: integer('stand').notNull().default(0),
    gueltig: boolean('gueltig').notNull().default(false),
    fenster: text('fenster'),
    tage: integer('tage'),
    buchbar: doublePrecision('buchbar'),
    gebucht: doublePrecision('gebucht'),
    gefahren: doublePrecision('gefahren'),
    standtage: integer('standtage'),
  },
  (t) => [
    primaryKey({ name: 'fahrzeug_monat_minuten_pkey', columns: [t.mandantId, t.monat, t.fahrzeugId] }),
    foreignKey({
      name: 'fahrzeug_monat_minuten_fahrzeug_fk',
      columns: [t.mandantId, t.fahrzeugId],
      foreignColumns: [fahrzeug.mandantId, fahrzeug.id],
    }).onDelete('cascade'),
  ],
);

/**
 * The reading rooms' rollup (decision 276): the booked and checked-in minutes of one floor plan on one Berlin day,
 * per hour piece of the day's open window `[von, bis)` (the pieces `inStunden` cuts it into, in its order), and the
 * places booked and checked in that day (the full-day mode), each split into places (capacity 1) and group rooms, as
 * the raw statements count them, uncapped (the reader caps with the places it counts). `orte` is a fingerprint of
 * the plan's active places and their kind when the row was computed: a place switched off or on, moved or changed
 * in kind changes which bookings count, so a read uses a row only when it is `gueltig`, its window is the one it
 * asks about and its fingerprint is the plan's current one. The triggers of migration 0041 on `leseraum_buchung`
 * mark every plan-day a write touches as stale (`gueltig` false, `stand` + 1, inserting the marker if the day has no
 * row yet), in the writing transaction; a read stores what it computed only if `stand` is still the one it saw.
 * Derived data, no person reference; written only by the utilisation.
 */
export const leseraumTagMinuten = pgTable(
  'leseraum_tag_minuten',
  {
    mandantId: mandantIdColumn(),
    grundrissId: uuid('grundriss_id').notNull(),
    tag: date('tag', { mode: 'string' }).notNull(),
    stand: integer('stand').notNull().default(0),
    gueltig: boolean('gueltig').notNull().default(false),
    von: timestamptz('von'),
    bis: timestamptz('bis'),
    orte: text('orte'),
    belegtPlatz: doublePrecision('belegt_platz').array(),
    eingechecktPlatz: doublePrecision('eingecheckt_platz').array(),
    belegtGruppe: doublePrecision('belegt_gruppe').array(),
    eingechecktGruppe: doublePrecision('eingecheckt_gruppe').array(),
    /** The preview's minutes per piece (holds, reservations, check-ins: the expected occupancy; migration 0043). */
    vorschauPlatz: doublePrecision('vorschau_platz').array(),
    vorschauGruppe: doublePrecision('vorschau_gruppe').array(),
    /**
     * The bookings starting that day counted by what became of them (`ZAEHLUNG_FELDER`'s order), per kind; kept for
     * closed days too, whose rows have no window (migration 0044).
     */
    zaehlungPlatz: integer('zaehlung_platz').array(),
    zaehlungGruppe: integer('zaehlung_gruppe').array(),
    plaetzePlatz: integer('plaetze_platz'),
    plaetzePlatzEingecheckt: integer('plaetze_platz_eingecheckt'),
    plaetzeGruppe: integer('plaetze_gruppe'),
    plaetzeGruppeEingecheckt: integer('plaetze_gruppe_eingecheckt'),
  },
  (t) => [
    primaryKey({ name: 'leseraum_tag_minuten_pkey', columns: [t.mandantId, t.tag, t.grundrissId] }),
    foreignKey({
      name: 'leseraum_tag_minuten_grundriss_fk',
      columns: [t.mandantId, t.grundrissId],
      foreignColumns: [grundrissLeseraum.mandantId, grundrissLeseraum.id],
    }).onDelete('cascade'),
  ],
);
