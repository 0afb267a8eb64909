import { DomainError } from '@stellwerk/domain/errors';
import type { TGruppe, TUsage } from '@stellwerk/domain/identitaet/admin-benutzer.api';
import { syncLinks } from '@stellwerk/domain/identitaet/link-sync';
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
/** `rolleIds` left out (a PUT, decision 105) keeps the group's roles. */
export type GruppeInput = { name: string; rolleIds?: string[] };

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

/** Roles must be the tenant's own; another tenant's id is as unknown as a made-up one. */
const assertRollenExist = async (tx: Tx, rolleIds: readonly string[]) => {
  const existing = await findExistingRolleIds(tx, rolleIds);
  const missing = rolleIds.find((id) => !existing.has(id));
  if (missing) throw new DomainError('benutzer.rolle_unbekannt', { name: missing, field: 'rolleIds' });
};

/** The tenant's groups by name, each with its roles and its number of members. */
export const listGruppen = async ({ database }: GruppeDeps, user: SessionUser): Promise<TGruppe[]> => {
  assertDarf(user, 'gruppen.pflegen');
  return database.withTenant(user.mandantId, async (tx) => {
    const rows = await findGruppen(tx);
    const ids = rows.map((r) => r.id);
    const rollen = await findRollenOf(tx, ids);
    const counts = await countMembers(tx, ids);
    return rows.map((r) => toGruppe(r, rollen, counts));
  });
};

const gruppen: NamedEntityStore<TGruppe, GruppeInput> = {
  entity: 'gruppe',
  nameTaken: 'gruppe.name_vergeben',
  uniqueConstraint: 'gruppe_mandant_name_key',
  load: loadGruppe,
  isNameTaken: isGruppeNameTaken,
  insert: insertGruppe,
  rename: renameGruppe,
  remove: deleteGruppeRow,
  /** Writes the roles through gruppe_rolle (added ones inserted, removed ones deleted). */
  writeLinks: async (tx, { mandantId, id }, before, input) => {
    if (input.rolleIds === undefined) return;
    await assertRollenExist(tx, input.rolleIds);
    const changes = syncLinks(before?.rollen.map((r) => r.id) ?? [], input.rolleIds);
    await deleteGruppeRollen(tx, id, changes.remove);
    await insertGruppeRollen(tx, { mandantId, gruppeId: id }, changes.add);
  },
  snapshot: (g) => ({ name: g.name, rollen: g.rollen.map((r) => r.name) }),
};

export const createGruppe = async (
  deps: GruppeDeps,
  user: SessionUser,
  input: GruppeInput,
): Promise<TGruppe> => {
  assertDarf(user, 'gruppen.pflegen');
  return createNamedEntity(gruppen, deps, user, input);
};

/** Renames a group and writes its roles. */
export const updateGruppe = async (
  deps: GruppeDeps,
  user: SessionUser,
  id: string,
  input: GruppeInput,
): Promise<TGruppe> => {
  assertDarf(user, 'gruppen.pflegen');
  return updateNamedEntity(gruppen, deps, user, id, input);
};

/** How many members the group has: for the delete confirmation. */
export const getGruppeUsage = async (deps: GruppeDeps, user: SessionUser, id: string): Promise<TUsage> => {
  assertDarf(user, 'gruppen.pflegen');
  return getNamedEntityUsage(gruppen, deps, user, id);
};

/** Deletes a group; its members lose its roles and group-level settings. Audited with what it was. */
export const deleteGruppe = async (deps: GruppeDeps, user: SessionUser, id: string): Promise<void> => {
  assertDarf(user, 'gruppen.pflegen');
  return deleteNamedEntity(gruppen, deps, user, id);
};
