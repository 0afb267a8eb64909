import type { GrantValue } from '@stellwerk/domain/identitaet/link-sync';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { benutzerGruppe, benutzerRolle } from '../benutzer/benutzer.public.ts';
import { gruppeRolle } from '../gruppe/gruppe.public.ts';
import { rolle, rollePermission } from './rolle.table.ts';

/** Every query runs inside `withTenant`: row-level security limits it to the tenant. */

export type RolleRow = { id: string; name: string };

export const findRollen = async (tx: Tx): Promise<RolleRow[]> =>
  tx.select({ id: rolle.id, name: rolle.name }).from(rolle).orderBy(asc(rolle.name), asc(rolle.id));

export const findRolleById = async (tx: Tx, id: string): Promise<RolleRow | undefined> => {
  const rows = await tx.select({ id: rolle.id, name: rolle.name }).from(rolle).where(eq(rolle.id, id));
  return rows[0];
};

/** The tenant's role of this name (compared case-insensitively), if any. */
export const findRolleByName = async (tx: Tx, name: string): Promise<RolleRow | undefined> => {
  const rows = await tx
    .select({ id: rolle.id, name: rolle.name })
    .from(rolle)
    .where(eq(sql`lower(${rolle.name})`, name.toLowerCase()))
    .orderBy(asc(rolle.id))
    .limit(1);
  return rows[0];
};

/** Whether another role of the tenant has this name (compared case-insensitively). */
export const isRolleNameTaken = async (tx: Tx, name: string, exceptId?: string): Promise<boolean> => {
  const rows = await tx
    .select({ id: rolle.id })
    .from(rolle)
    .where(
      and(eq(sql`lower(${rolle.name})`, name.toLowerCase()), exceptId ? ne(rolle.id, exceptId) : undefined),
    )
    .limit(1);
  return rows.length > 0;
};

export const insertRolle = async (tx: Tx, values: { mandantId: string; name: string }): Promise<string> => {
  const [row] = await tx.insert(rolle).values(values).returning({ id: rolle.id });
  return row!.id;
};

export const renameRolle = async (tx: Tx, id: string, name: string): Promise<void> => {
  await tx.update(rolle).set({ name }).where(eq(rolle.id, id));
};

/** Deletes the role; its grants and its links to users and groups go with it (cascade). */
export const deleteRolle = async (tx: Tx, id: string): Promise<void> => {
  await tx.delete(rolle).where(eq(rolle.id, id));
};

export type RolleGrant = GrantValue & { rolleId: string };

export const findGrantsOf = async (tx: Tx, rolleIds: readonly string[]): Promise<RolleGrant[]> => {
  if (rolleIds.length === 0) return [];
  return tx
    .select({
      rolleId: rollePermission.rolleId,
      name: rollePermission.permissionName,
      wert: rollePermission.wert,
    })
    .from(rollePermission)
    .where(inArray(rollePermission.rolleId, [...rolleIds]))
    .orderBy(asc(rollePermission.permissionName));
};

export const insertGrants = async (
  tx: Tx,
  keys: { mandantId: string; rolleId: string },
  grants: GrantValue[],
) => {
  if (grants.length > 0)
    await tx
      .insert(rollePermission)
      .values(grants.map((g) => ({ ...keys, permissionName: g.name, wert: g.wert })));
};

export const updateGrant = async (tx: Tx, rolleId: string, grant: GrantValue) => {
  await tx
    .update(rollePermission)
    .set({ wert: grant.wert })
    .where(and(eq(rollePermission.rolleId, rolleId), eq(rollePermission.permissionName, grant.name)));
};

export const deleteGrants = async (tx: Tx, rolleId: string, names: readonly string[]) => {
  if (names.length > 0)
    await tx
      .delete(rollePermission)
      .where(and(eq(rollePermission.rolleId, rolleId), inArray(rollePermission.permissionName, [...names])));
};

/** Per role: how many users hold it, directly or through one of their groups, each user counted once. */
export const countBenutzerPerRolle = async (
  tx: Tx,
  rolleIds?: readonly string[],
): Promise<Map<string, number>> => {
  const only = rolleIds
    ? rolleIds.length === 0
      ? sql`where false`
      : sql`where x.rolle_id in ${rolleIds}`
    : sql``;
  const result = await tx.execute<{ rolle_id: string; anzahl: number }>(sql`
    select x.rolle_id, count(distinct x.benutzer_id)::int as anzahl
    from (
      select ${benutzerRolle.rolleId} as rolle_id, ${benutzerRolle.benutzerId} as benutzer_id from ${benutzerRolle}
      union all
      select ${gruppeRolle.rolleId}, ${benutzerGruppe.benutzerId}
      from ${gruppeRolle} join ${benutzerGruppe} on ${benutzerGruppe.gruppeId} = ${gruppeRolle.gruppeId}
    ) x
    ${only}
    group by x.rolle_id`);
  return new Map(result.rows.map((r) => [r.rolle_id, Number(r.anzahl)]));
};
