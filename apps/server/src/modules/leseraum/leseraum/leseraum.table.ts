import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn } from '../../../db/columns.ts';
import { benutzer } from '../../identitaet/benutzer/benutzer.public.ts';
import { datei } from '../../plattform/storage/storage.public.ts';
import { mandantIdColumn } from '../../verwaltung/mandant/mandant.public.ts';
import { standort } from '../../verwaltung/standort/standort.public.ts';
import { ausstattung } from '../ausstattung/ausstattung.public.ts';

/** Floor plan: an SVG (`datei` in bucket `grundrisse`) whose element ids are the rooms' `position`. */
export const grundrissLeseraum = pgTable(
  'grundriss_leseraum',
  {
    id: idColumn(),
    mandantId: mandantIdColumn(),
    bezeichnung: text('bezeichnung').notNull(),
    beschreibung: text('beschreibung'),
    /** external link or storage path of the plan as the spec names it */
    link: text('link'),
    dateiId: uuid('datei_id'),
    aktiv: boolean('aktiv').notNull().default(true),
    standortId: uuid('standort_id'),
    /** The area the plan belongs to (spec §1): 'leseraum' (reading room) or 'arbeitswelt' (workspace desks). */
    bereich: text('bereich').notNull().default('leseraum'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    unique('grundriss_leseraum_mandant_id_id_key').on(t.mandantId, t.id),
    check('grundriss_leseraum_bereich_check', sql`${t.bereich} in ('leseraum', 'arbeitswelt')`),
    foreignKey({
      name: 'grundriss_leseraum_datei_fk',
      columns: [t.mandantId, t.dateiId],
      foreignColumns: [datei.mandantId, datei.id],
    }),
    foreignKey({
      name: 'grundriss_leseraum_standort_fk',
      columns: [t.mandantId, t.standortId],
      foreignColumns: [standort.mandantId, standort.id],
    }),
  ],
);

/** A bookable seat (kapazitaet 1) or group room on a floor plan. */
export const leseraum = pgTable(
  'leseraum',
  {
    id: idColumn(),
    mandantId: mandantIdColumn(),
    createdAt: createdAtColumn(),
    kapazitaet: integer('kapazitaet').notNull().default(1),
    bezeichnung: text('bezeichnung').notNull(),
    /** Where the place sits on its plan, in plan coordinates (the SVG's user units): `{ x, y }`. */
    position: jsonb('position').$type<{ x: number; y: number }>(),
    grundrissId: uuid('grundriss_id').notNull(),
    beschreibung: text('beschreibung'),
    bedingungen: text('bedingungen'),
    aktiv: boolean('aktiv').notNull().default(true),
    /** Marked on the plan (spec §2, §6): a fire-safety helper's place, a first-aid helper's place. */
    brandschutzhelfer: boolean('brandschutzhelfer').notNull().default(false),
    ersthelfer: boolean('ersthelfer').notNull().default(false),
    /** Holds of this place are confirmed by staff (`buchung_pflege`), not by the booker (decision 044). */
    bestaetigungDurchPersonal: boolean('bestaetigung_durch_personal').notNull().default(false),
    /**
     * The user whose own place this is (R081, decision 138; assigned by booking staff): theirs on every open day,
     * not bookable by others. A user has at most one own place.
     */
    eigentuemerId: uuid('eigentuemer_id').references(() => benutzer.id, { onDelete: 'set null' }),
  },
  (t) => [
    unique('leseraum_mandant_id_id_key').on(t.mandantId, t.id),
    index('leseraum_mandant_grundriss_idx').on(t.mandantId, t.grundrissId),
    unique('leseraum_mandant_eigentuemer_key').on(t.mandantId, t.eigentuemerId),
    foreignKey({
      name: 'leseraum_grundriss_fk',
      columns: [t.mandantId, t.grundrissId],
      foreignColumns: [grundrissLeseraum.mandantId, grundrissLeseraum.id],
    }).onDelete('cascade'),
    check('leseraum_kapazitaet_check', sql`${t.kapazitaet} >= 1`),
    check(
      'leseraum_position_check',
      sql`${t.position} is null or (jsonb_typeof(${t.position}->'x') = 'number' and jsonb_typeof(${t.position}->'y') = 'number')`,
    ),
  ],
);

export const leseraumAusstattung = pgTable(
  'leseraum_ausstattung',
  {
    mandantId: mandantIdColumn(),
    leseraumId: uuid('leseraum_id').notNull(),
    ausstattungId: uuid('ausstattung_id').notNull(),
    anzahl: integer('anzahl').notNull().default(1),
  },
  (t) => [
    primaryKey({ name: 'leseraum_ausstattung_pk', columns: [t.mandantId, t.leseraumId, t.ausstattungId] }),
    index('leseraum_ausstattung_ausstattung_idx').on(t.mandantId, t.ausstattungId),
    foreignKey({
      name: 'leseraum_ausstattung_leseraum_fk',
      columns: [t.mandantId, t.leseraumId],
      foreignColumns: [leseraum.mandantId, leseraum.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'leseraum_ausstattung_ausstattung_fk',
      columns: [t.mandantId, t.ausstattungId],
      foreignColumns: [ausstattung.mandantId, ausstattung.id],
    }).onDelete('cascade'),
    check('leseraum_ausstattung_anzahl_check', sql`${t.anzahl} >= 0`),
  ],
);
