import { and, asc, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { benutzerGruppe, gruppe } from '../benutzer/benutzer.table.ts';
import { customizing, feature, mandantFeature } from './customizing.table.ts';

export type CustomizingRecord = {
  customizingOptionName: string;
  wert: string;
  benutzerId: string | null;
  gruppeId: string | null;
};

/** The groups of a user in the order that decides group precedence (by name, then id). */
export const findGroupIdsOfUser = async (tx: Tx, benutzerId: string): Promise<string[]> => {
  const rows = await tx
    .select({ id: gruppe.id })
    .from(benutzerGruppe)
    .innerJoin(
      gruppe,
      and(eq(gruppe.id, benutzerGruppe.gruppeId), eq(gruppe.mandantId, benutzerGruppe.mandantId)),
    )
    .where(eq(benutzerGruppe.benutzerId, benutzerId))
    .orderBy(asc(gruppe.name), asc(gruppe.id));
  return rows.map((r) => r.id);
};

/** Every customizing record that can apply to a user: their own, their groups', and the tenant's. */
export const findRecordsForUser = async (
  tx: Tx,
  benutzerId: string,
  gruppeIds: readonly string[],
): Promise<CustomizingRecord[]> =>
  tx
    .select({
      customizingOptionName: customizing.customizingOptionName,
      wert: customizing.wert,
      benutzerId: customizing.benutzerId,
      gruppeId: customizing.gruppeId,
    })
    .from(customizing)
    .where(
      or(
        eq(customizing.benutzerId, benutzerId),
        and(isNull(customizing.benutzerId), isNull(customizing.gruppeId)),
        gruppeIds.length > 0 ? inArray(customizing.gruppeId, [...gruppeIds]) : undefined,
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
