import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { benutzerGruppe } from '../benutzer/benutzer.public.ts';
import { rolle } from '../rolle/rolle.public.ts';
import { gruppe, gruppeRolle } from './gruppe.table.ts';

/** Every query runs inside `withTenant`: row-level security limits it to the tenant. */

export type GruppeRow = { id: string; name: string };

export const findGruppen = async (tx: Tx): Promise<GruppeRow[]> =>
  tx.select({ id: gruppe.id, name: gruppe.name }).from(gruppe).orderBy(asc(gruppe.name), asc(gruppe.id));

export const findGruppeById = async (tx: Tx, id: string): Promise<GruppeRow | undefined> => {
  const rows = await tx.select({ id: gruppe.id, name: gruppe.name }).from(gruppe).where(eq(gruppe.id, id));
  return rows[0];
};

/** Whether another group of the tenant has this name (compared case-insensitively). */
export const isGruppeNameTaken = async (tx: Tx, name: string, exceptId?: string): Promise<boolean> => {
  const rows = await tx
    .select({ id: gruppe.id })
    .from(gruppe)
    .where(
      and(eq(sql`lower(${gruppe.name})`, name.toLowerCase()), exceptId ? ne(gruppe.id, exceptId) : undefined),
    )
    .limit(1);
  return rows.length > 0;
};

export const insertGruppe = async (tx: Tx, values: { mandantId: string; name: string }): Promise<string> => {
  const [row] = await tx.insert(gruppe).values(values).returning({ id: gruppe.id });
  return row!.id;
};

export const renameGruppe = async (tx: Tx, id: string, name: string): Promise<void> => {
  await tx.update(gruppe).set({ name }).where(eq(gruppe.id, id));
};

/** Deletes the group; memberships, role links and group-level settings go with it (cascade). */
export const deleteGruppe = async (tx: Tx, id: string): Promise<void> => {
  await tx.delete(gruppe).where(eq(gruppe.id, id));
};

export type GruppeRolleRow = { gruppeId: string; id: string; name: string };

/** The roles of the given groups, by role name. */
export const findRollenOf = async (tx: Tx, gruppeIds: readonly string[]): Promise<GruppeRolleRow[]> => {
  if (gruppeIds.length === 0) return [];
  return tx
    .select({ gruppeId: gruppeRolle.gruppeId, id: rolle.id, name: rolle.name })
    .from(gruppeRolle)
    .innerJoin(rolle, and(eq(rolle.id, gruppeRolle.rolleId), eq(rolle.mandantId, gruppeRolle.mandantId)))
    .where(inArray(gruppeRolle.gruppeId, [...gruppeIds]))
    .orderBy(asc(rolle.name));
};

/** Which of `ids` are roles of the tenant. */
export const findExistingRolleIds = async (tx: Tx, ids: readonly string[]): Promise<Set<string>> => {
  if (ids.length === 0) return new Set();
  const rows = await tx
    .select({ id: rolle.id })
    .from(rolle)
    .where(inArray(rolle.id, [...ids]));
  return new Set(rows.map((r) => r.id));
};

export const insertGruppeRollen = async (
  tx: Tx,
  keys: { mandantId: string; gruppeId: string },
  rolleIds: readonly string[],
) => {
  if (rolleIds.length > 0)
    await tx.insert(gruppeRolle).values(rolleIds.map((rolleId) => ({ ...keys, rolleId })));
};

export const deleteGruppeRollen = async (tx: Tx, gruppeId: string, rolleIds: readonly string[]) => {
  if (rolleIds.length > 0)
    await tx
      .delete(gruppeRolle)
      .where(and(eq(gruppeRolle.gruppeId, gruppeId), inArray(gruppeRolle.rolleId, [...rolleIds])));
};

/** Members per group. */
export const countMembers = async (tx: Tx, gruppeIds: readonly string[]): Promise<Map<string, number>> => {
  if (gruppeIds.length === 0) return new Map();
  const rows = await tx
    .select({ gruppeId: benutzerGruppe.gruppeId, anzahl: count() })
    .from(benutzerGruppe)
    .where(inArray(benutzerGruppe.gruppeId, [...gruppeIds]))
    .groupBy(benutzerGruppe.gruppeId);
  return new Map(rows.map((r) => [r.gruppeId, Number(r.anzahl)]));
};

/** A new group as SCIM creates it, answering the whole row (its creation time is SCIM's `meta.created`). */
export const insertGruppeRow = async (tx: Tx, mandantId: string, name: string) =>
  (await tx.insert(gruppe).values({ mandantId, name }).returning())[0]!;
