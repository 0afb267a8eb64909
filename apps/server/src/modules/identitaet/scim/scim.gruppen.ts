/** SCIM groups (RFC 7644 §3): list, read, create, replace, patch and delete, with their members. */
import { scimValueMatches } from '@stellwerk/domain/identitaet/scim/filter';
import {
  applyScimGroupPatch,
  type ScimGroupState,
  type ScimOperation,
  scimMemberIds,
} from '@stellwerk/domain/identitaet/scim/patch';
import type { Tx } from '../../../db/client.ts';
import { SQLSTATE, sqlStateOf } from '../../../db/errors.ts';
import { publishEvent } from '../../plattform/events/events.service.ts';
import { setMembers } from '../benutzer/benutzer.provisionierung.ts';
import { deleteGruppe, insertGruppeRow, renameGruppe } from '../gruppe/gruppe.provisionierung.ts';
import {
  type Auswahl,
  audit,
  filterOf,
  groupProjektion,
  type Json,
  listResponse,
  SCIM_GROUP,
  type ScimCaller,
  type ScimDeps,
  ScimError,
} from './scim.kontext.ts';
import {
  externalIdsOf,
  findGruppeRow,
  listBenutzerRows,
  listGruppeRows,
  membersOf,
  setExternalId,
} from './scim.repository.ts';

// --- groups -----------------------------------------------------------------------------------------

type GruppeRow = NonNullable<Awaited<ReturnType<typeof findGruppeRow>>>;

const groupJson = (deps: ScimDeps, row: GruppeRow, externalId: string | null, members: string[]): Json => ({
  schemas: [SCIM_GROUP],
  id: row.id,
  ...(externalId ? { externalId } : {}),
  displayName: row.name,
  members: members.map((m) => ({ value: m, $ref: `${deps.publicUrl}/scim/v2/Users/${m}` })),
  meta: {
    resourceType: 'Group',
    created: row.createdAt.toISOString(),
    lastModified: row.createdAt.toISOString(),
    location: `${deps.publicUrl}/scim/v2/Groups/${row.id}`,
  },
});

const requireGroup = async (tx: Tx, id: string) => {
  const row = /^[0-9a-f-]{36}$/i.test(id) ? await findGruppeRow(tx, id) : undefined;
  if (!row) throw new ScimError(404, `Group ${id} not found`);
  return row;
};

const loadGroupJson = async (deps: ScimDeps, tx: Tx, row: GruppeRow) => {
  const ext = await externalIdsOf(tx, 'Group', [row.id]);
  const members = (await membersOf(tx, [row.id])).map((m) => m.benutzerId);
  return groupJson(deps, row, ext.get(row.id) ?? null, members);
};

export const listScimGroups = (
  deps: ScimDeps,
  caller: ScimCaller,
  query: { filter?: string; startIndex?: number; count?: number } & Auswahl,
) => {
  const comparisons = filterOf(query.filter);
  return deps.database.withTenant(caller.mandantId, async (tx) => {
    const rows = await listGruppeRows(tx);
    const ext = await externalIdsOf(
      tx,
      'Group',
      rows.map((r) => r.id),
    );
    const members = await membersOf(
      tx,
      rows.map((r) => r.id),
    );
    const memberIds = (id: string) => members.filter((m) => m.gruppeId === id).map((m) => m.benutzerId);
    const matching = rows.filter((row) =>
      comparisons.every(({ attribute, value }) => {
        if (attribute === 'displayName') return scimValueMatches(attribute, row.name, value);
        if (attribute === 'externalId') return scimValueMatches(attribute, ext.get(row.id), value);
        if (attribute === 'id') return scimValueMatches(attribute, row.id, value);
        if (attribute === 'members.value') return memberIds(row.id).includes(value);
        return false;
      }),
    );
    return listResponse(
      matching.map((row) =>
        groupProjektion(groupJson(deps, row, ext.get(row.id) ?? null, memberIds(row.id)), query),
      ),
      query,
    );
  });
};

export const getScimGroup = (deps: ScimDeps, caller: ScimCaller, id: string, auswahl: Auswahl = {}) =>
  deps.database.withTenant(caller.mandantId, async (tx) =>
    groupProjektion(await loadGroupJson(deps, tx, await requireGroup(tx, id)), auswahl),
  );

/** Only this tenant's users can be members; another id is refused (it may be another tenant's). */
const checkMembers = async (tx: Tx, ids: readonly string[]) => {
  const known = new Set((await listBenutzerRows(tx)).map((r) => r.id));
  const unknown = ids.find((id) => !known.has(id));
  if (unknown) throw new ScimError(400, `Member ${unknown} is not a user of this tenant`, 'invalidValue');
};

const writeGroup = async (
  deps: ScimDeps,
  caller: ScimCaller,
  tx: Tx,
  row: GruppeRow,
  state: ScimGroupState,
) => {
  const name = state.displayName.trim();
  if (!name) throw new ScimError(400, 'displayName is required', 'invalidValue');
  await checkMembers(tx, state.members);
  if (name !== row.name) await renameGruppe(tx, row.id, name);
  await setMembers(tx, caller.mandantId, row.id, state.members);
  await setExternalId(tx, caller.mandantId, 'Group', row.id, state.externalId);
  await audit(tx, caller, 'scim_update', 'gruppe', row.id, { name, mitglieder: state.members.length });
  await publishEvent(tx, caller.mandantId, { type: 'benutzer', id: row.id });
  return loadGroupJson(deps, tx, (await findGruppeRow(tx, row.id))!);
};

const uniqueName = (err: unknown, name: string) =>
  sqlStateOf(err) === SQLSTATE.uniqueViolation
    ? new ScimError(409, `A group named "${name}" exists already`, 'uniqueness')
    : err;

export const createScimGroup = async (deps: ScimDeps, caller: ScimCaller, body: Json) => {
  const name = typeof body.displayName === 'string' ? body.displayName.trim() : '';
  if (!name) throw new ScimError(400, 'displayName is required', 'invalidValue');
  try {
    return await deps.database.withTenant(caller.mandantId, async (tx) => {
      const row = await insertGruppeRow(tx, caller.mandantId, name);
      await audit(tx, caller, 'scim_create', 'gruppe', row.id, { name });
      return writeGroup(deps, caller, tx, row, {
        displayName: name,
        externalId: typeof body.externalId === 'string' ? body.externalId : null,
        members: [...new Set(scimMemberIds(body.members))],
      });
    });
  } catch (err) {
    throw uniqueName(err, name);
  }
};

const changeGroup = async (
  deps: ScimDeps,
  caller: ScimCaller,
  id: string,
  change: (current: ScimGroupState) => ScimGroupState,
) => {
  let name = '';
  try {
    return await deps.database.withTenant(caller.mandantId, async (tx) => {
      const row = await requireGroup(tx, id);
      const ext = await externalIdsOf(tx, 'Group', [row.id]);
      const members = (await membersOf(tx, [row.id])).map((m) => m.benutzerId);
      const next = change({ displayName: row.name, externalId: ext.get(row.id) ?? null, members });
      name = next.displayName;
      return writeGroup(deps, caller, tx, row, next);
    });
  } catch (err) {
    throw uniqueName(err, name);
  }
};

export const replaceScimGroup = (deps: ScimDeps, caller: ScimCaller, id: string, body: Json) =>
  changeGroup(deps, caller, id, (current) => ({
    displayName: typeof body.displayName === 'string' ? body.displayName : current.displayName,
    externalId: typeof body.externalId === 'string' ? body.externalId : current.externalId,
    members: [...new Set(scimMemberIds(body.members))],
  }));

export const patchScimGroup = (deps: ScimDeps, caller: ScimCaller, id: string, operations: ScimOperation[]) =>
  changeGroup(deps, caller, id, (current) => {
    const result = applyScimGroupPatch(current, operations);
    if (!result.ok) throw new ScimError(400, result.detail, 'invalidValue');
    return result.state;
  });

export const deleteScimGroup = async (deps: ScimDeps, caller: ScimCaller, id: string) => {
  try {
    await deps.database.withTenant(caller.mandantId, async (tx) => {
      const row = await requireGroup(tx, id);
      await setExternalId(tx, caller.mandantId, 'Group', row.id, null);
      await deleteGruppe(tx, row.id);
      await audit(tx, caller, 'scim_delete', 'gruppe', row.id, { name: row.name });
      await publishEvent(tx, caller.mandantId, { type: 'benutzer', id: row.id });
    });
  } catch (err) {
    if (sqlStateOf(err) === SQLSTATE.foreignKeyViolation)
      throw new ScimError(409, 'The group is still used (roles, settings or releases)', 'mutability');
    throw err;
  }
};
