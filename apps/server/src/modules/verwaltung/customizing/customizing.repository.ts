import { and, asc, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { benutzerGruppe } from '../../identitaet/benutzer/benutzer.public.ts';
import { gruppe } from '../../identitaet/gruppe/gruppe.public.ts';
import { customizing, feature, mandantFeature } from './customizing.table.ts';

/**
 * The only SQL on the customizing table (spec §3 "Customizing record": wert, customizing_option_name,
 * benutzer_id or gruppe_id). A level is the tenant (both ids null), one group or one user.
 */

/** A settings level: the tenant (both null), one group (`gruppeId`) or one user (`benutzerId`). */
export type Level = { gruppeId: string | null; benutzerId?: string | null };

const atLevel = ({ gruppeId, benutzerId }: Level) =>
  benutzerId
    ? eq(customizing.benutzerId, benutzerId)
    : and(
        isNull(customizing.benutzerId),
        gruppeId ? eq(customizing.gruppeId, gruppeId) : isNull(customizing.gruppeId),
      );

/** The stored values of one level by option name. */
export const findLevelValues = async (tx: Tx, level: Level): Promise<Map<string, string>> =>
  new Map(
    (
      await tx
        .select({ name: customizing.customizingOptionName, wert: customizing.wert })
        .from(customizing)
        .where(atLevel(level))
    ).map((r) => [r.name, r.wert]),
  );

export const findLevelValue = async (tx: Tx, level: Level, name: string): Promise<string | undefined> => {
  const rows = await tx
    .select({ wert: customizing.wert })
    .from(customizing)
    .where(and(atLevel(level), eq(customizing.customizingOptionName, name)))
    .limit(1);
  return rows[0]?.wert;
};

/** Spec §7: insert or update customizing (wert, customizing_option_name, benutzer_id, gruppe_id). */
export const upsertLevelValue = async (
  tx: Tx,
  row: { mandantId: string; gruppeId: string | null; benutzerId?: string | null; name: string; wert: string },
): Promise<void> => {
  await tx
    .insert(customizing)
    .values({
      mandantId: row.mandantId,
      benutzerId: row.benutzerId ?? null,
      gruppeId: row.benutzerId ? null : row.gruppeId,
      customizingOptionName: row.name,
      wert: row.wert,
    })
    .onConflictDoUpdate({
      target: [
        customizing.mandantId,
        customizing.customizingOptionName,
        customizing.benutzerId,
        customizing.gruppeId,
      ],
      set: { wert: row.wert, updatedAt: new Date() },
    });
};

/** Locks the stored value of one level (a read-modify-write of a list, e.g. the tenant's favourite vehicles). */
export const lockLevelValue = async (tx: Tx, level: Level, name: string): Promise<void> => {
  await tx
    .select({ wert: customizing.wert })
    .from(customizing)
    .where(and(atLevel(level), eq(customizing.customizingOptionName, name)))
    .for('update');
};

export const deleteLevelValue = async (tx: Tx, level: Level, name: string): Promise<void> => {
  await tx.delete(customizing).where(and(atLevel(level), eq(customizing.customizingOptionName, name)));
};

export const findGruppen = async (tx: Tx) =>
  tx.select({ id: gruppe.id, name: gruppe.name }).from(gruppe).orderBy(asc(gruppe.name), asc(gruppe.id));

export const findGruppe = async (tx: Tx, id: string) => {
  const rows = await tx
    .select({ id: gruppe.id, name: gruppe.name })
    .from(gruppe)
    .where(eq(gruppe.id, id))
    .limit(1);
  return rows[0];
};

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

/** The tenant's feature switches by feature name (only rows that exist). */
export const findFeatureSwitchRows = async (tx: Tx): Promise<{ name: string; aktiv: boolean }[]> =>
  tx
    .select({ name: feature.name, aktiv: mandantFeature.aktiv })
    .from(mandantFeature)
    .innerJoin(feature, eq(feature.id, mandantFeature.featureId));

/** A tenant's feature switch (spec §9 feature groups), set by the platform administration. */
export const upsertFeatureSwitch = async (
  tx: Tx,
  row: { mandantId: string; featureId: string; aktiv: boolean },
): Promise<void> => {
  await tx
    .insert(mandantFeature)
    .values(row)
    .onConflictDoUpdate({
      target: [mandantFeature.mandantId, mandantFeature.featureId],
      set: { aktiv: row.aktiv },
    });
};
