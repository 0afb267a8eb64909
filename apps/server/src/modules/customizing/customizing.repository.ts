import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { benutzerGruppe, gruppe } from '../benutzer/benutzer.table.ts';
import { customizing, feature, mandantFeature } from './customizing.table.ts';

export type CustomizingRecord = {
  customizingOptionName: string;
  wert: string;
  benutzerId: string | null;
  gruppeId: string | null;
  /** The group's name for group-level records (group precedence goes by name, then id). */
  gruppeName: string | null;
};

/** Every customizing record that can apply to a user, in one query: their own, their groups', the tenant's. */
export const findRecordsForUser = async (tx: Tx, benutzerId: string): Promise<CustomizingRecord[]> =>
  tx
    .select({
      customizingOptionName: customizing.customizingOptionName,
      wert: customizing.wert,
      benutzerId: customizing.benutzerId,
      gruppeId: customizing.gruppeId,
      gruppeName: gruppe.name,
    })
    .from(customizing)
    .leftJoin(gruppe, and(eq(gruppe.id, customizing.gruppeId), eq(gruppe.mandantId, customizing.mandantId)))
    .where(
      or(
        eq(customizing.benutzerId, benutzerId),
        and(isNull(customizing.benutzerId), isNull(customizing.gruppeId)),
        inArray(
          customizing.gruppeId,
          tx
            .select({ id: benutzerGruppe.gruppeId })
            .from(benutzerGruppe)
            .where(eq(benutzerGruppe.benutzerId, benutzerId)),
        ),
      ),
    );

export const findUserRecord = async (tx: Tx, benutzerId: string, optionName: string) => {
  const rows = await tx
    .select({ id: customizing.id, wert: customizing.wert })
    .from(customizing)
    .where(and(eq(customizing.benutzerId, benutzerId), eq(customizing.customizingOptionName, optionName)))
    .limit(1);
  return rows[0];
};

export const upsertUserRecord = async (
  tx: Tx,
  record: { mandantId: string; benutzerId: string; optionName: string; wert: string },
): Promise<void> => {
  await tx
    .insert(customizing)
    .values({
      mandantId: record.mandantId,
      benutzerId: record.benutzerId,
      gruppeId: null,
      customizingOptionName: record.optionName,
      wert: record.wert,
    })
    .onConflictDoUpdate({
      target: [
        customizing.mandantId,
        customizing.customizingOptionName,
        customizing.benutzerId,
        customizing.gruppeId,
      ],
      set: { wert: record.wert, updatedAt: new Date() },
    });
};

export const deleteUserRecord = async (tx: Tx, benutzerId: string, optionName: string): Promise<void> => {
  await tx
    .delete(customizing)
    .where(and(eq(customizing.benutzerId, benutzerId), eq(customizing.customizingOptionName, optionName)));
};

/** The tenant's feature switches by feature name (only rows that exist). */
export const findFeatureSwitchRows = async (tx: Tx): Promise<{ name: string; aktiv: boolean }[]> =>
  tx
    .select({ name: feature.name, aktiv: mandantFeature.aktiv })
    .from(mandantFeature)
    .innerJoin(feature, eq(feature.id, mandantFeature.featureId));
