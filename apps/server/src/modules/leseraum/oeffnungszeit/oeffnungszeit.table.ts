import { sql } from 'drizzle-orm';
import { boolean, check, date, foreignKey, index, pgTable, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, HH_MM_PATTERN, idColumn } from '../../../db/columns.ts';
import { fahrzeugOeffnungszeit } from '../../fahrzeuge/fahrzeug/fahrzeug.public.ts';
import { mandantIdColumn } from '../../verwaltung/mandant/mandant.public.ts';
import { grundrissLeseraum } from '../leseraum/leseraum.public.ts';

const hhmm = sql.raw(`'${HH_MM_PATTERN}'`);

/**
 * Regular opening time per weekday (0 = Sunday ... 6 = Saturday), `HH:mm` local time (Europe/Berlin),
 * of exactly one floor plan or one vehicle opening-time set.
 */
export const oeffnungszeit = pgTable(
  'oeffnungszeit',
  {
    id: idColumn(),
    mandantId: mandantIdColumn(),
    wochentag: smallint('wochentag').notNull(),
    von: text('von').notNull(),
    bis: text('bis').notNull(),
    geoeffnet: boolean('geoeffnet').notNull().default(true),
    grundrissId: uuid('grundriss_id'),
    fahrzeugOeffnungszeitId: uuid('fahrzeug_oeffnungszeit_id'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('oeffnungszeit_mandant_grundriss_idx').on(t.mandantId, t.grundrissId),
    index('oeffnungszeit_mandant_fahrzeug_oeffnungszeit_idx').on(t.mandantId, t.fahrzeugOeffnungszeitId),
    foreignKey({
      name: 'oeffnungszeit_grundriss_fk',
      columns: [t.mandantId, t.grundrissId],
      foreignColumns: [grundrissLeseraum.mandantId, grundrissLeseraum.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'oeffnungszeit_fahrzeug_oeffnungszeit_fk',
      columns: [t.mandantId, t.fahrzeugOeffnungszeitId],
      foreignColumns: [fahrzeugOeffnungszeit.mandantId, fahrzeugOeffnungszeit.id],
    }).onDelete('cascade'),
    check(
      'oeffnungszeit_owner_check',
      sql`(${t.grundrissId} is null) <> (${t.fahrzeugOeffnungszeitId} is null)`,
    ),
    check('oeffnungszeit_wochentag_check', sql`${t.wochentag} between 0 and 6`),
    check('oeffnungszeit_zeit_check', sql`${t.von} ~ ${hhmm} and ${t.bis} ~ ${hhmm}`),
  ],
);

/** Special opening time of a floor plan over a date range (holiday closed, extra opening). */
export const abweichendeOeffnungszeit = pgTable(
  'abweichende_oeffnungszeit',
  {
    id: idColumn(),
    mandantId: mandantIdColumn(),
    grundrissId: uuid('grundriss_id').notNull(),
    beschreibung: text('beschreibung'),
    von: text('von').notNull().default('01:00'),
    bis: text('bis').notNull().default('23:00'),
    gueltigVon: date('gueltig_von', { mode: 'string' }).notNull(),
    gueltigBis: date('gueltig_bis', { mode: 'string' }).notNull(),
    status: text('status').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('abweichende_oeffnungszeit_mandant_grundriss_idx').on(t.mandantId, t.grundrissId, t.gueltigVon),
    foreignKey({
      name: 'abweichende_oeffnungszeit_grundriss_fk',
      columns: [t.mandantId, t.grundrissId],
      foreignColumns: [grundrissLeseraum.mandantId, grundrissLeseraum.id],
    }).onDelete('cascade'),
    check('abweichende_oeffnungszeit_status_check', sql`${t.status} in ('offen', 'geschlossen')`),
    check('abweichende_oeffnungszeit_gueltig_check', sql`${t.gueltigVon} <= ${t.gueltigBis}`),
    check('abweichende_oeffnungszeit_zeit_check', sql`${t.von} ~ ${hhmm} and ${t.bis} ~ ${hhmm}`),
  ],
);

/** One weekday row as the windows and opening hours read it (floor plans and vehicles alike). */
export const wochenSpalten = {
  wochentag: oeffnungszeit.wochentag,
  von: oeffnungszeit.von,
  bis: oeffnungszeit.bis,
  geoeffnet: oeffnungszeit.geoeffnet,
};
export type WochenRow = { wochentag: number; von: string; bis: string; geoeffnet: boolean };
