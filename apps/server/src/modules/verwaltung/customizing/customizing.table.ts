import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  pgTable,
  primaryKey,
  text,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, updatedAtColumn } from '../../../db/columns.ts';
import { benutzer } from '../../identitaet/benutzer/benutzer.public.ts';
import { gruppe } from '../../identitaet/gruppe/gruppe.public.ts';
import { mandantIdColumn } from '../mandant/mandant.public.ts';

/** Global feature catalogue (FahrzeugBuchung, Leseraum, Systemeinstellungen ...). */
export const feature = pgTable('feature', {
  id: idColumn(),
  name: text('name').notNull().unique(),
  description: text('description'),
});

/** Global catalogue of settings; `typ` decides how `wert` strings are read. */
export const customizingOption = pgTable(
  'customizing_option',
  {
    name: text('name').primaryKey(),
    featureId: uuid('feature_id')
      .notNull()
      .references(() => feature.id, { onDelete: 'cascade' }),
    description: text('description'),
    typ: text('typ').notNull(),
    defaultWert: text('default_wert'),
  },
  (t) => [
    index('customizing_option_feature_idx').on(t.featureId),
    check('customizing_option_typ_check', sql`${t.typ} in ('number', 'boolean', 'string', 'time', 'array')`),
  ],
);

/**
 * A setting override: user level (benutzer_id set), group level (gruppe_id set) or tenant level (both null).
 * One row per option and level (NULLS NOT DISTINCT).
 */
export const customizing = pgTable(
  'customizing',
  {
    id: idColumn(),
    mandantId: mandantIdColumn(),
    wert: text('wert').notNull(),
    customizingOptionName: text('customizing_option_name')
      .notNull()
      .references(() => customizingOption.name, { onDelete: 'cascade' }),
    benutzerId: uuid('benutzer_id'),
    gruppeId: uuid('gruppe_id'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    unique('customizing_level_key')
      .on(t.mandantId, t.customizingOptionName, t.benutzerId, t.gruppeId)
      .nullsNotDistinct(),
    index('customizing_mandant_benutzer_idx').on(t.mandantId, t.benutzerId),
    index('customizing_mandant_gruppe_idx').on(t.mandantId, t.gruppeId),
    foreignKey({
      name: 'customizing_benutzer_fk',
      columns: [t.mandantId, t.benutzerId],
      foreignColumns: [benutzer.mandantId, benutzer.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'customizing_gruppe_fk',
      columns: [t.mandantId, t.gruppeId],
      foreignColumns: [gruppe.mandantId, gruppe.id],
    }).onDelete('cascade'),
    check('customizing_level_check', sql`${t.benutzerId} is null or ${t.gruppeId} is null`),
  ],
);

/** Per-tenant feature switch. */
export const mandantFeature = pgTable(
  'mandant_feature',
  {
    mandantId: mandantIdColumn(),
    featureId: uuid('feature_id')
      .notNull()
      .references(() => feature.id, { onDelete: 'cascade' }),
    aktiv: boolean('aktiv').notNull().default(true),
  },
  (t) => [primaryKey({ name: 'mandant_feature_pk', columns: [t.mandantId, t.featureId] })],
);
