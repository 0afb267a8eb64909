/** SCIM users (RFC 7644 §3): list, read, create, replace, patch and delete, as the tenant's identity provider sends them. */
import { ZBenutzerInput } from '@stellwerk/domain/identitaet/admin-benutzer.api';
import { scimValueMatches } from '@stellwerk/domain/identitaet/scim/filter';
import {
  applyScimUserPatch,
  SCIM_ENTERPRISE_USER,
  type ScimOperation,
  type ScimUserState,
  scimBoolean,
  scimEmailOf,
} from '@stellwerk/domain/identitaet/scim/patch';
import type { Tx } from '../../../db/client.ts';
import { publishEvent } from '../../plattform/events/events.service.ts';
import { endSessions, updateLogin } from '../auth/auth.accounts.ts';
import { updateBenutzerRow } from '../benutzer/benutzer.provisionierung.ts';
import {
  assertAdresseDesMandanten,
  insertBenutzerWithLogin,
  mapBenutzerUniqueViolation,
} from '../benutzer/benutzer.service.ts';
import {
  type Auswahl,
  audit,
  filterOf,
  fromDomain,
  type Json,
  listResponse,
  SCIM_USER,
  type ScimCaller,
  type ScimDeps,
  ScimError,
  userProjektion,
} from './scim.kontext.ts';
import {
  externalIdsOf,
  findBenutzerRow,
  findGeloeschtByEmail,
  groupsOf,
  listBenutzerRows,
  markGeloescht,
  setExternalId,
  unmarkGeloescht,
} from './scim.repository.ts';

// --- users ------------------------------------------------------------------------------------------

type BenutzerRow = NonNullable<Awaited<ReturnType<typeof findBenutzerRow>>>;

const stateOf = (row: BenutzerRow, externalId: string | null): ScimUserState => ({
  userName: row.username ?? row.email,
  externalId,
  givenName: row.vorname,
  familyName: row.nachname,
  email: row.email,
  active: row.status === 'aktiv',
  employeeNumber: row.employeeId,
});

const userJson = (
  deps: ScimDeps,
  row: BenutzerRow,
  externalId: string | null,
  groups: { gruppeId: string; name: string }[],
): Json => ({
  schemas: row.employeeId ? [SCIM_USER, SCIM_ENTERPRISE_USER] : [SCIM_USER],
  id: row.id,
  ...(externalId ? { externalId } : {}),
  userName: row.username ?? row.email,
  name: { givenName: row.vorname, familyName: row.nachname, formatted: `${row.vorname} ${row.nachname}` },
  displayName: `${row.vorname} ${row.nachname}`,
  emails: [{ value: row.email, type: 'work', primary: true }],
  active: row.status === 'aktiv',
  groups: groups.map((g) => ({
    value: g.gruppeId,
    display: g.name,
    $ref: `${deps.publicUrl}/scim/v2/Groups/${g.gruppeId}`,
  })),
  // the enterprise extension: the personnel number (decision 099)
  ...(row.employeeId ? { [SCIM_ENTERPRISE_USER]: { employeeNumber: row.employeeId } } : {}),
  meta: {
    resourceType: 'User',
    created: row.createdAt.toISOString(),
    lastModified: row.updatedAt.toISOString(),
    location: `${deps.publicUrl}/scim/v2/Users/${row.id}`,
  },
});

/** A SCIM user body (POST/PUT) as a state; missing names fall back on the address. */
const stateFromBody = (body: Json): ScimUserState => {
  const name = (typeof body.name === 'object' && body.name !== null ? body.name : {}) as Json;
  const userName = typeof body.userName === 'string' ? body.userName.trim() : '';
  const email = scimEmailOf(body.emails) ?? (userName.includes('@') ? userName : '');
  const display = typeof body.displayName === 'string' ? body.displayName.trim().split(/\s+/) : [];
  const local = (email || userName).split('@')[0] ?? '';
  return {
    userName,
    externalId: typeof body.externalId === 'string' ? body.externalId : null,
    givenName: (typeof name.givenName === 'string' && name.givenName.trim()) || display[0] || local,
    familyName:
      (typeof name.familyName === 'string' && name.familyName.trim()) || display.slice(1).join(' ') || local,
    email,
    active: body.active === undefined ? true : (scimBoolean(body.active) ?? true),
    employeeNumber: employeeNumberOf(body),
  };
};

/** The enterprise extension's `employeeNumber` of a body (the extension's key in any case), or null. */
const employeeNumberOf = (body: Json): string | null => {
  const key = Object.keys(body).find((k) => k.toLowerCase() === SCIM_ENTERPRISE_USER.toLowerCase());
  const ext = key ? body[key] : undefined;
  const value = typeof ext === 'object' && ext !== null ? (ext as Json).employeeNumber : undefined;
  return typeof value === 'string' && value.trim() ? value.trim() : null;
};

/**
 * The benutzer fields of a state: a userName with '@' is the sign-in address (e-mail); another userName is the
 * user name, and the address comes from `emails` (decision 071).
 */
const fieldsOf = (state: ScimUserState) => {
  if (!state.userName) throw new ScimError(400, 'userName is required', 'invalidValue');
  const isAddress = state.userName.includes('@');
  const parsed = ZBenutzerInput.safeParse({
    vorname: state.givenName,
    nachname: state.familyName,
    email: (isAddress ? state.userName : state.email).toLowerCase(),
    username: isAddress ? null : state.userName,
    employeeId: state.employeeNumber ?? null,
    status: state.active ? 'aktiv' : 'inaktiv',
  });
  if (!parsed.success) {
    const field = parsed.error.issues[0]?.path.join('.') ?? 'value';
    throw new ScimError(400, `Invalid value: ${field}`, 'invalidValue');
  }
  return parsed.data;
};

const loadUserJson = async (deps: ScimDeps, tx: Tx, row: BenutzerRow) => {
  const ext = await externalIdsOf(tx, 'User', [row.id]);
  return userJson(deps, row, ext.get(row.id) ?? null, await groupsOf(tx, [row.id]));
};

const requireUser = async (tx: Tx, id: string) => {
  const row = /^[0-9a-f-]{36}$/i.test(id) ? await findBenutzerRow(tx, id) : undefined;
  if (!row) throw new ScimError(404, `User ${id} not found`);
  return row;
};

export const listScimUsers = (
  deps: ScimDeps,
  caller: ScimCaller,
  query: { filter?: string; startIndex?: number; count?: number } & Auswahl,
) => {
  const comparisons = filterOf(query.filter);
  return deps.database.withTenant(caller.mandantId, async (tx) => {
    const rows = await listBenutzerRows(tx);
    const ext = await externalIdsOf(
      tx,
      'User',
      rows.map((r) => r.id),
    );
    const matching = rows.filter((row) =>
      comparisons.every(({ attribute, value }) => {
        const state = stateOf(row, ext.get(row.id) ?? null);
        if (attribute === 'userName')
          return (
            scimValueMatches(attribute, state.userName, value) ||
            scimValueMatches(attribute, row.email, value)
          );
        if (attribute === 'externalId') return scimValueMatches(attribute, state.externalId, value);
        if (attribute === 'emails.value') return scimValueMatches(attribute, row.email, value);
        if (attribute === 'id') return scimValueMatches(attribute, row.id, value);
        if (attribute === 'active') return String(state.active) === value;
        if (attribute === 'displayName')
          return scimValueMatches(attribute, `${row.vorname} ${row.nachname}`, value);
        return false;
      }),
    );
    const groups = await groupsOf(
      tx,
      matching.map((r) => r.id),
    );
    return listResponse(
      matching.map((row) =>
        userProjektion(
          userJson(
            deps,
            row,
            ext.get(row.id) ?? null,
            groups.filter((g) => g.benutzerId === row.id),
          ),
          query,
        ),
      ),
      query,
    );
  });
};

export const getScimUser = (deps: ScimDeps, caller: ScimCaller, id: string, auswahl: Auswahl = {}) =>
  deps.database.withTenant(caller.mandantId, async (tx) =>
    userProjektion(await loadUserJson(deps, tx, await requireUser(tx, id)), auswahl),
  );

export const createScimUser = async (deps: ScimDeps, caller: ScimCaller, body: Json) => {
  const state = stateFromBody(body);
  const fields = fieldsOf(state);
  try {
    return await deps.database.withTenant(caller.mandantId, async (tx) => {
      await assertAdresseDesMandanten(tx, fields.email);
      // a user the provider deleted before comes back under the same id (decision 099)
      const geloescht = await findGeloeschtByEmail(tx, fields.email);
      if (geloescht) {
        await unmarkGeloescht(tx, geloescht.id);
        const row = (await findBenutzerRow(tx, geloescht.id))!;
        return writeUser(deps, caller, tx, row, state);
      }
      const created = await insertBenutzerWithLogin(tx, deps, caller.mandantId, fields);
      await setExternalId(tx, caller.mandantId, 'User', created.id, state.externalId);
      await audit(tx, caller, 'scim_create', 'benutzer', created.id, {
        email: fields.email,
        status: fields.status,
      });
      await publishEvent(tx, caller.mandantId, { type: 'benutzer', id: created.id });
      return loadUserJson(deps, tx, (await findBenutzerRow(tx, created.id))!);
    });
  } catch (err) {
    throw fromDomain(mapBenutzerUniqueViolation(err, fields));
  }
};

/** Writes a user's new state: row, login, external id; deactivation ends the sessions. */
const writeUser = async (
  deps: ScimDeps,
  caller: ScimCaller,
  tx: Tx,
  row: BenutzerRow,
  state: ScimUserState,
) => {
  const fields = fieldsOf(state);
  const now = deps.now();
  if (fields.email !== row.email.toLowerCase()) await assertAdresseDesMandanten(tx, fields.email);
  await updateBenutzerRow(
    tx,
    row.id,
    {
      vorname: fields.vorname,
      nachname: fields.nachname,
      email: fields.email,
      username: fields.username,
      status: fields.status,
      employeeId: fields.employeeId,
    },
    now,
  );
  if (row.authUserId) {
    await updateLogin(
      tx,
      row.authUserId,
      { name: `${fields.vorname} ${fields.nachname}`, email: fields.email, username: fields.username },
      now,
    );
    if (row.status === 'aktiv' && fields.status !== 'aktiv') await endSessions(tx, row.authUserId);
  }
  await setExternalId(tx, caller.mandantId, 'User', row.id, state.externalId);
  await audit(tx, caller, 'scim_update', 'benutzer', row.id, { email: fields.email, status: fields.status });
  await publishEvent(tx, caller.mandantId, { type: 'benutzer', id: row.id });
  return loadUserJson(deps, tx, (await findBenutzerRow(tx, row.id))!);
};

const changeUser = async (
  deps: ScimDeps,
  caller: ScimCaller,
  id: string,
  change: (current: ScimUserState) => ScimUserState,
) => {
  try {
    return await deps.database.withTenant(caller.mandantId, async (tx) => {
      const row = await requireUser(tx, id);
      const ext = await externalIdsOf(tx, 'User', [row.id]);
      return writeUser(deps, caller, tx, row, change(stateOf(row, ext.get(row.id) ?? null)));
    });
  } catch (err) {
    if (err instanceof ScimError) throw err;
    throw fromDomain(mapBenutzerUniqueViolation(err, { email: '', username: null }));
  }
};

export const replaceScimUser = (deps: ScimDeps, caller: ScimCaller, id: string, body: Json) =>
  changeUser(deps, caller, id, (current) => {
    const next = stateFromBody(body);
    return { ...next, externalId: body.externalId === undefined ? current.externalId : next.externalId };
  });

export const patchScimUser = (deps: ScimDeps, caller: ScimCaller, id: string, operations: ScimOperation[]) =>
  changeUser(deps, caller, id, (current) => {
    const result = applyScimUserPatch(current, operations);
    if (!result.ok) throw new ScimError(400, result.detail, 'invalidValue');
    return result.state;
  });

/**
 * DELETE (RFC 7644 §3.6, decision 099): the user is deactivated (sessions end) and marked as deleted, so SCIM answers
 * 404 for it from now on and lists leave it out; the `benutzer` stays, because bookings, approvals and logbook
 * entries keep pointing at the person. The external id is forgotten. `active: false` only deactivates.
 */
export const deleteScimUser = async (deps: ScimDeps, caller: ScimCaller, id: string) => {
  await changeUser(deps, caller, id, (current) => ({ ...current, active: false, externalId: null }));
  await deps.database.withTenant(caller.mandantId, async (tx) => {
    await markGeloescht(tx, caller.mandantId, id);
    await audit(tx, caller, 'scim_delete', 'benutzer', id);
  });
};
