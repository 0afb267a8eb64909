import { CUSTOMIZING_OPTIONS } from '@stellwerk/domain/customizing';
import { FEATURE_DESCRIPTIONS, FEATURE_NAMES } from '@stellwerk/domain/features';
import { PERMISSION_DESCRIPTIONS, PERMISSION_NAMES } from '@stellwerk/domain/permissions';
import type { Database } from '../../db/client.ts';
import { permission } from '../benutzer/benutzer.table.ts';
import { customizingOption, feature } from './customizing.table.ts';

/**
 * The global catalogues (permission names, features, customizing options) live in the domain package; the
 * database keeps a copy so that grants and customizing records can reference them. Brought up to date at
 * every start (owner connection, idempotent), so an option added in code exists on the next start.
 */
export const syncCatalogues = async (database: Pick<Database, 'withOwner'>): Promise<void> => {
  await database.withOwner(async (tx) => {
    for (const name of PERMISSION_NAMES) {
      await tx
        .insert(permission)
        .values({
          name,
          description: PERMISSION_DESCRIPTIONS[name].de,
          typ: 'boolean',
          wert: 'true',
          default: 'false',
        })
        .onConflictDoUpdate({
          target: permission.name,
          set: { description: PERMISSION_DESCRIPTIONS[name].de },
        });
    }
    for (const name of FEATURE_NAMES) {
      await tx
        .insert(feature)
        .values({ name, description: FEATURE_DESCRIPTIONS[name].de })
        .onConflictDoUpdate({ target: feature.name, set: { description: FEATURE_DESCRIPTIONS[name].de } });
    }
    const features = await tx.select({ id: feature.id, name: feature.name }).from(feature);
    const featureId = new Map(features.map((f) => [f.name, f.id]));
    for (const option of CUSTOMIZING_OPTIONS) {
      const values = {
        name: option.name,
        featureId: featureId.get(option.feature)!,
        description: option.description.de,
        typ: option.typ,
        defaultWert: option.default,
      };
      await tx
        .insert(customizingOption)
        .values(values)
        .onConflictDoUpdate({
          target: customizingOption.name,
          set: {
            featureId: values.featureId,
            description: values.description,
            typ: values.typ,
            defaultWert: values.defaultWert,
          },
        });
    }
  });
};
