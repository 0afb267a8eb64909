import { sql } from 'drizzle-orm';
import { check, foreignKey, integer, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn } from '../../../db/columns.ts';
import { mandantIdColumn } from '../mandant/mandant.public.ts';

/** Location (vehicles are parked there, floor plans belong to it). */
export const standort = pgTable(
  'standort',
  {
    id: idColumn(),
    mandantId: mandantIdColumn(),
    name: text('name').notNull(),
    /** ISO 3166-2:DE code of the federal state (BY, BE, ...): its public holidays leave the bookable time (decision 163) */
    bundesland: text('bundesland'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    check(
      'standort_bundesland_check',
      sql`${t.bundesland} is null or ${t.bundesland} in ('BW','BY','BE','BB','HB','HH','HE','MV','NI','NW','RP','SL','SN','ST','SH','TH')`,
    ),
    unique('standort_mandant_id_id_key').on(t.mandantId, t.id),
    unique('standort_mandant_name_key').on(t.mandantId, t.name),
  ],
);

/** Parking spot of a location (spec: abstellplatz / abstellplaetze). */
export const abstellplatz = pgTable(
  'abstellplatz',
  {
    id: idColumn(),
    mandantId: mandantIdColumn(),
    standortId: uuid('standort_id').notNull(),
    name: text('name').notNull(),
    sortierung: integer('sortierung').notNull().default(0),
    createdAt: createdAtColumn(),
  },
  (t) => [
    unique('abstellplatz_mandant_standort_name_key').on(t.mandantId, t.standortId, t.name),
    foreignKey({
      name: 'abstellplatz_standort_fk',
      columns: [t.mandantId, t.standortId],
      foreignColumns: [standort.mandantId, standort.id],
    }).onDelete('cascade'),
  ],
);
