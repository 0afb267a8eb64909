import type { TGruppe, TUsage } from '@stellwerk/domain/admin-benutzer.api';
import { DomainError } from '@stellwerk/domain/errors';
import { syncLinks } from '@stellwerk/domain/link-sync';
import { checkAdminRoute } from '@stellwerk/domain/permissions';
import type { Database, Tx } from '../../db/client.ts';
import { constraintOf, SQLSTATE, sqlStateOf } from '../../db/errors.ts';
import { writeAudit } from '../audit/audit.service.ts';
import type { SessionUser } from '../auth/auth.context.ts';
import {
  countMembers,
  deleteGruppeRollen,
  deleteGruppe as deleteGruppeRow,
  findExistingRolleIds,
  findGruppeById,
  findGruppen,
  findRollenOf,
  type GruppeRolleRow,
  type GruppeRow,
  insertGruppe,
  insertGruppeRollen,
  isGruppeNameTaken,
  renameGruppe,
} from './gruppe.repository.ts';

export type GruppeDeps = { database: Pick<Database, 'withTenant'> };
export type GruppeInput = { name: string; rolleIds: string[] };

/** Group maintenance follows the guard of /admin/gruppen (spec §2): berechtigungs_pflege. */
const assertMayMaintainGruppen = (user: SessionUser): void => {
  const failure = checkAdminRoute('/admin/gruppen', user);
  if (failure) throw new DomainError(failure);
};

const toGruppe = (row: GruppeRow, rollen: GruppeRolleRow[], counts: Map<string, number>): TGruppe => ({
  id: row.id,
  name: row.name,
  rollen: rollen.filter((r) => r.gruppeId === row.id).map(({ id, name }) => ({ id, name })),
  benutzerAnzahl: counts.get(row.id) ?? 0,
});

const loadGruppe = async (tx: Tx, id: string): Promise<TGruppe | undefined> => {
  const row = await findGruppeById(tx, id);
  if (!row) return undefined;
  return toGruppe(row, await findRollenOf(tx, [id]), await countMembers(tx, [id]));
};

const auditSnapshot = (g: TGruppe) => ({ name: g.name, rollen: g.rollen.map((r) => r.name) });

const nameTaken = (name: string) => new DomainError('gruppe.name_vergeben', { name, field: 'name' });

const mapUniqueViolation = (err: unknown, name: string): unknown =>
  sqlStateOf(err) === SQLSTATE.uniqueViolation && constraintOf(err) === 'gruppe_mandant_name_key'
    ? nameTaken(name)
    : err;

/** Roles must be the tenant's own; another tenant's id is as unknown as a made-up one. */
const assertRollenExist = async (tx: Tx, rolleIds: readonly string[]) => {
  const existing = await findExistingRolleIds(tx, rolleIds);
  const missing = rolleIds.find((id) => !existing.has(id));
  if (missing) throw new DomainError('benutzer.rolle_unbekannt', { name: missing, field: 'rolleIds' });
};

/** The tenant's groups by name, each with its roles and its number of members. */
export const listGruppen = async ({ database }: GruppeDeps, user: SessionUser): Promise<TGruppe[]> => {
  assertMayMaintainGruppen(user);
  return database.withTenant(user.mandantId, async (tx) => {
    const rows = await findGruppen(tx);
    const ids = rows.map((r) => r.id);
    const rollen = await findRollenOf(tx, ids);
    const counts = await countMembers(tx, ids);
    return rows.map((r) => toGruppe(r, rollen, counts));
  });
};

export const createGruppe = async (
  { database }: GruppeDeps,
  user: SessionUser,
  input: GruppeInput,
): Promise<TGruppe> => {
  assertMayMaintainGruppen(user);
  try {
    return await database.withTenant(user.mandantId, async (tx) => {
      if (await isGruppeNameTaken(tx, input.name)) throw nameTaken(input.name);
      await assertRollenExist(tx, input.rolleIds);
      const id = await insertGruppe(tx, { mandantId: user.mandantId, name: input.name });
      await insertGruppeRollen(
        tx,
        { mandantId: user.mandantId, gruppeId: id },
        syncLinks([], input.rolleIds).add,
      );
      const created = (await loadGruppe(tx, id))!;
      await writeAudit(tx, {
        mandantId: user.mandantId,
        benutzerId: user.benutzerId,
        action: 'create',
        entity: 'gruppe',
        entityId: id,
        newValue: auditSnapshot(created),
      });
      return created;
    });
  } catch (err) {
    throw mapUniqueViolation(err, input.name);
  }
};

/** Renames a group and writes its roles through gruppe_rolle (added ones inserted, removed ones deleted). */
export const updateGruppe = async (
  { database }: GruppeDeps,
  user: SessionUser,
  id: string,
  input: GruppeInput,
): Promise<TGruppe> => {
  assertMayMaintainGruppen(user);
  try {
    return await database.withTenant(user.mandantId, async (tx) => {
      const before = await loadGruppe(tx, id);
      if (!before) throw new DomainError('not_found');
      if (input.name !== before.name) {
        if (await isGruppeNameTaken(tx, input.name, id)) throw nameTaken(input.name);
        await renameGruppe(tx, id, input.name);
      }
      await assertRollenExist(tx, input.rolleIds);
      const changes = syncLinks(
        before.rollen.map((r) => r.id),
        input.rolleIds,
      );
      await deleteGruppeRollen(tx, id, changes.remove);
      await insertGruppeRollen(tx, { mandantId: user.mandantId, gruppeId: id }, changes.add);
      const after = (await loadGruppe(tx, id))!;
      await writeAudit(tx, {
        mandantId: user.mandantId,
        benutzerId: user.benutzerId,
        action: 'update',
        entity: 'gruppe',
        entityId: id,
        oldValue: auditSnapshot(before),
        newValue: auditSnapshot(after),
      });
      return after;
    });
  } catch (err) {
    throw mapUniqueViolation(err, input.name);
  }
};

/** How many members the group has: for the delete confirmation. */
export const getGruppeUsage = async (
  { database }: GruppeDeps,
  user: SessionUser,
  id: string,
): Promise<TUsage> => {
  assertMayMaintainGruppen(user);
  const found = await database.withTenant(user.mandantId, (tx) => loadGruppe(tx, id));
  if (!found) throw new DomainError('not_found');
  return { benutzerAnzahl: found.benutzerAnzahl };
};

/** Deletes a group; its members lose its roles and group-level settings. Audited with what it was. */
export const deleteGruppe = async (
  { database }: GruppeDeps,
  user: SessionUser,
  id: string,
): Promise<void> => {
  assertMayMaintainGruppen(user);
  await database.withTenant(user.mandantId, async (tx) => {
    const before = await loadGruppe(tx, id);
    if (!before) throw new DomainError('not_found');
    await writeAudit(tx, {
      mandantId: user.mandantId,
      benutzerId: user.benutzerId,
      action: 'delete',
      entity: 'gruppe',
      entityId: id,
      oldValue: { ...auditSnapshot(before), benutzerAnzahl: before.benutzerAnzahl },
    });
    await deleteGruppeRow(tx, id);
  });
};
