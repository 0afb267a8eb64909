import { FEATURE_DESCRIPTIONS, FEATURE_NAMES } from '@stellwerk/domain/features';
import { PERMISSION_DESCRIPTIONS, PERMISSION_NAMES } from '@stellwerk/domain/permissions';
import { CUSTOMIZING_OPTIONS } from '@stellwerk/domain/verwaltung/customizing';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { permission } from '../modules/identitaet/rolle/rolle.table.ts';
import { customizingOption, feature } from '../modules/verwaltung/customizing/customizing.table.ts';

/**
 * Writes the global catalogues (permissions, features, customizing options) from `packages/domain`, which
 * is their single source. Runs at every open after the migrations, so a database without demo data has
 * them too. Idempotent: inserts what is missing and refreshes descriptions, types and defaults; rows that
 * the code no longer knows stay (grants and settings may still point at them).
 */
/** `db`: the owner database or an owner transaction (kept structural: client.ts imports this file). */
export const syncCatalogues = async (db: PgDatabase<PgQueryResultHKT>): Promise<void> => {
  await db
    .insert(permission)
    .values(
      PERMISSION_NAMES.map((name) => ({
        name,
        description: PERMISSION_DESCRIPTIONS[name].de,
        default: 'false',
        typ: 'boolean',
        wert: 'true',
      })),
    )
    .onConflictDoUpdate({
      target: permission.name,
      set: { description: sql`excluded.description`, typ: sql`excluded.typ` },
    });

  const features = await db
    .insert(feature)
    .values(FEATURE_NAMES.map((name) => ({ name, description: FEATURE_DESCRIPTIONS[name].de })))
    .onConflictDoUpdate({ target: feature.name, set: { description: sql`excluded.description` } })
    .returning({ id: feature.id, name: feature.name });
  const featureIdOf = new Map(features.map((f) => [f.name, f.id]));

  await db
    .insert(customizingOption)
    .values(
      CUSTOMIZING_OPTIONS.map((o) => {
        const featureId = featureIdOf.get(o.feature);
        if (!featureId) throw new Error(`customizing option ${o.name}: unknown feature ${o.feature}`);
        return { name: o.name, featureId, description: o.description.de, typ: o.typ, defaultWert: o.default };
      }),
    )
    .onConflictDoUpdate({
      target: customizingOption.name,
      set: {
        featureId: sql`excluded.feature_id`,
        description: sql`excluded.description`,
        typ: sql`excluded.typ`,
        defaultWert: sql`excluded.default_wert`,
      },
    });
};
