import type {
  TGrant,
  TPermissionList,
  TRolle,
  TUsage,
} from '@stellwerk/domain/identitaet/admin-benutzer.api';
import { syncGrants } from '@stellwerk/domain/identitaet/link-sync';
import {
  isPermissionName,
  PERMISSION_DESCRIPTIONS,
  PERMISSION_NAMES,
  type PermissionName,
} from '@stellwerk/domain/permissions';
import type { Database, Tx } from '../../../db/client.ts';
import {
  createNamedEntity,
  deleteNamedEntity,
  getNamedEntityUsage,
  type NamedEntityStore,
  updateNamedEntity,
} from '../../plattform/audit/audit.named-entity.ts';
import type { SessionUser } from '../auth/auth.context.ts';
import { assertDarf } from '../auth/auth.guards.ts';
import {
  countBenutzerPerRolle,
  deleteGrants,
  deleteRolle as deleteRolleRow,
  findGrantsOf,
  findRolleById,
  findRolleByName,
  findRollen,
  insertGrants,
  insertRolle,
  isRolleNameTaken,
  type RolleGrant,
  type RolleRow,
  renameRolle,
  updateGrant,
} from './rolle.repository.ts';

export type RolleDeps = { database: Pick<Database, 'withTenant'> };
/** `permissions` left out (a PUT, decision 105) keeps the role's permissions. */
export type RolleInput = { name: string; permissions?: TGrant[] };

/** Names the catalogue no longer knows are not shown (and grant nothing, spec §6). */
const toGrants = (grants: RolleGrant[]): TGrant[] =>
  grants.flatMap((g) =>
    isPermissionName(g.name) ? [{ name: g.name, wert: g.wert === 'true' ? 'true' : 'false' }] : [],
  );

const toRolle = (row: RolleRow, grants: RolleGrant[], counts: Map<string, number>): TRolle => ({
  id: row.id,
  name: row.name,
  permissions: toGrants(grants.filter((g) => g.rolleId === row.id)),
  benutzerAnzahl: counts.get(row.id) ?? 0,
});

const loadRolle = async (tx: Tx, id: string): Promise<TRolle | undefined> => {
  const row = await findRolleById(tx, id);
  if (!row) return undefined;
  return toRolle(row, await findGrantsOf(tx, [id]), await countBenutzerPerRolle(tx, [id]));
};

/** The tenant's roles by name, each with its permissions and the number of users holding it. */
export const listRollen = async ({ database }: RolleDeps, user: SessionUser): Promise<TRolle[]> => {
  assertDarf(user, 'rollen.pflegen');
  return database.withTenant(user.mandantId, async (tx) => {
    const rows = await findRollen(tx);
    const grants = await findGrantsOf(
      tx,
      rows.map((r) => r.id),
    );
    const counts = await countBenutzerPerRolle(tx);
    return rows.map((r) => toRolle(r, grants, counts));
  });
};

const rollen: NamedEntityStore<TRolle, RolleInput> = {
  entity: 'rolle',
  nameTaken: 'rolle.name_vergeben',
  uniqueConstraint: 'rolle_mandant_name_key',
  load: loadRolle,
  isNameTaken: isRolleNameTaken,
  insert: insertRolle,
  rename: renameRolle,
  remove: deleteRolleRow,
  /** Writes the permissions through rolle_permission (added, changed, removed). */
  writeLinks: async (tx, { mandantId, id }, before, input) => {
    if (input.permissions === undefined) return;
    const changes = syncGrants(before?.permissions ?? [], input.permissions);
    await deleteGrants(tx, id, changes.remove);
    for (const grant of changes.update) await updateGrant(tx, id, grant);
    await insertGrants(tx, { mandantId, rolleId: id }, changes.add);
  },
  snapshot: (r) => ({ name: r.name, permissions: r.permissions }),
};

export const createRolle = async (deps: RolleDeps, user: SessionUser, input: RolleInput): Promise<TRolle> => {
  assertDarf(user, 'rollen.pflegen');
  return createNamedEntity(rollen, deps, user, input);
};

/** Renames a role and writes its permissions. */
export const updateRolle = async (
  deps: RolleDeps,
  user: SessionUser,
  id: string,
  input: RolleInput,
): Promise<TRolle> => {
  assertDarf(user, 'rollen.pflegen');
  return updateNamedEntity(rollen, deps, user, id, input);
};

/** How many users would lose the role (directly or through a group): for the confirmation dialog. */
export const getRolleUsage = async (deps: RolleDeps, user: SessionUser, id: string): Promise<TUsage> => {
  assertDarf(user, 'rollen.pflegen');
  return getNamedEntityUsage(rollen, deps, user, id);
};

/** Deletes a role; its links to users and groups go with it. Audited with what it was. */
export const deleteRolle = async (deps: RolleDeps, user: SessionUser, id: string): Promise<void> => {
  assertDarf(user, 'rollen.pflegen');
  return deleteNamedEntity(rollen, deps, user, id);
};

/**
 * The 13 permissions of spec §6 with their descriptions. Both the role screen and the user screen (direct
 * permissions) need them, so either guard lets the caller through; otherwise the role screen's refusal.
 */
export const listPermissions = (user: SessionUser): TPermissionList => {
  assertDarf(user, 'rechte.lesen');
  return PERMISSION_NAMES.map((name) => ({ name, description: { ...PERMISSION_DESCRIPTIONS[name] } }));
};

/** What `ensureRolleWithAllPermissions` found or did: the role and the grants it added or switched on. */
export type EnsuredRolle = { id: string; name: string; angelegt: boolean; ergaenzt: PermissionName[] };

/**
 * Makes sure the tenant has a role `name` (compared case-insensitively) granting all permissions of spec
 * §6: creates it when missing, otherwise reuses it and adds or switches on the grants it lacks (grants are
 * never removed). Runs inside the caller's transaction scoped to the tenant (row-level security); the
 * caller has authorised the change and audits it with the returned summary.
 */
export const ensureRolleWithAllPermissions = async (
  tx: Tx,
  mandantId: string,
  name: string,
): Promise<EnsuredRolle> => {
  const all = PERMISSION_NAMES.map((permission) => ({ name: permission, wert: 'true' }) satisfies TGrant);
  const existing = await findRolleByName(tx, name);
  const id = existing?.id ?? (await insertRolle(tx, { mandantId, name }));
  const current = existing ? toGrants(await findGrantsOf(tx, [id])) : [];
  const changes = syncGrants(current, all);
  for (const grant of changes.update) await updateGrant(tx, id, grant);
  await insertGrants(tx, { mandantId, rolleId: id }, changes.add);
  return {
    id,
    name: existing?.name ?? name,
    angelegt: !existing,
    ergaenzt: [...changes.add, ...changes.update].map((g) => g.name).filter(isPermissionName),
  };
};
