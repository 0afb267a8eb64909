import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { benutzer, gruppe } from '../benutzer/benutzer.table.ts';
import { customizing } from '../customizing/customizing.table.ts';

/** A settings level written by administrators: the tenant (`gruppeId` null) or one group. */
export type AdminLevel = { gruppeId: string | null };

const atLevel = ({ gruppeId }: AdminLevel) =>
  and(
    isNull(customizing.benutzerId),
    gruppeId ? eq(customizing.gruppeId, gruppeId) : isNull(customizing.gruppeId),
  );

/** The stored values of one level by option name. */
export const findLevelValues = async (tx: Tx, level: AdminLevel): Promise<Map<string, string>> =>
  new Map(
    (
      await tx
        .select({ name: customizing.customizingOptionName, wert: customizing.wert })
        .from(customizing)
        .where(atLevel(level))
    ).map((r) => [r.name, r.wert]),
  );

export const findLevelValue = async (
  tx: Tx,
  level: AdminLevel,
  name: string,
): Promise<string | undefined> => {
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
  row: { mandantId: string; gruppeId: string | null; name: string; wert: string },
): Promise<void> => {
  await tx
    .insert(customizing)
    .values({
      mandantId: row.mandantId,
      benutzerId: null,
      gruppeId: row.gruppeId,
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

export const deleteLevelValue = async (tx: Tx, level: AdminLevel, name: string): Promise<void> => {
  await tx.delete(customizing).where(and(atLevel(level), eq(customizing.customizingOptionName, name)));
};

/** The user's own values by option name. */
export const findUserValues = async (tx: Tx, benutzerId: string): Promise<Map<string, string>> =>
  new Map(
    (
      await tx
        .select({ name: customizing.customizingOptionName, wert: customizing.wert })
        .from(customizing)
        .where(eq(customizing.benutzerId, benutzerId))
    ).map((r) => [r.name, r.wert]),
  );

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

export const findProfil = async (tx: Tx, benutzerId: string) => {
  const rows = await tx
    .select({ vorname: benutzer.vorname, nachname: benutzer.nachname, email: benutzer.email })
    .from(benutzer)
    .where(eq(benutzer.id, benutzerId))
    .limit(1);
  return rows[0];
};

export const updateProfil = async (
  tx: Tx,
  benutzerId: string,
  values: { vorname: string; nachname: string },
): Promise<void> => {
  await tx.update(benutzer).set(values).where(eq(benutzer.id, benutzerId));
};
