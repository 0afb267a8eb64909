/**
 * SCIM 2.0 PATCH (RFC 7644 §3.5.2) applied to the state of a user or a group, in the forms Entra ID and Okta
 * send: `op` in any case (Entra sends `Replace`, `Add`, `Remove`), with a `path` or without one (then `value` is
 * an object of attributes, Okta's `{"op":"replace","value":{"active":false}}`), `active` as a boolean or as the
 * string "True"/"False" (Entra), and group members added, removed (`members[value eq "id"]`, or `members` with
 * a list of values) and replaced.
 */

export type ScimUserState = {
  userName: string;
  externalId: string | null;
  givenName: string;
  familyName: string;
  email: string;
  active: boolean;
  /** The enterprise extension's `employeeNumber`: the personnel number (benutzer.employee_id). */
  employeeNumber?: string | null;
};

/** The enterprise extension's schema (RFC 7643 §4.3). */
export const SCIM_ENTERPRISE_USER = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
const ENTERPRISE = SCIM_ENTERPRISE_USER.toLowerCase();

export type ScimGroupState = { displayName: string; externalId: string | null; members: string[] };

export type ScimOperation = { op: string; path?: string; value?: unknown };

export type ScimPatchResult<T> = { ok: true; state: T } | { ok: false; detail: string };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const opOf = (operation: ScimOperation): 'add' | 'replace' | 'remove' | undefined => {
  const op = String(operation.op ?? '').toLowerCase();
  return op === 'add' || op === 'replace' || op === 'remove' ? op : undefined;
};

/** `true`, `false`, "True", "false" → boolean; anything else undefined. */
export const scimBoolean = (value: unknown): boolean | undefined => {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string' && /^(true|false)$/i.test(value.trim()))
    return value.trim().toLowerCase() === 'true';
  return undefined;
};

const text = (value: unknown): string | undefined => {
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.length === 1) return text(value[0]);
  if (isRecord(value) && typeof value.value === 'string') return value.value;
  return undefined;
};

/** The work (or primary, or first) address of a SCIM `emails` list. */
export const scimEmailOf = (emails: unknown): string | undefined => {
  if (!Array.isArray(emails)) return text(emails);
  const entries = emails.filter(isRecord);
  const pick =
    entries.find((e) => e.primary === true || e.primary === 'true') ??
    entries.find((e) => String(e.type ?? '').toLowerCase() === 'work') ??
    entries[0];
  return typeof pick?.value === 'string' ? pick.value : undefined;
};

/** Normalises a user attribute path: lower case, schema prefix removed. */
const userPath = (path: string) =>
  path
    .trim()
    .toLowerCase()
    .replace(/^urn:ietf:params:scim:schemas:core:2\.0:user:/, '')
    .replace(/\s+/g, ' ');

const setUserAttribute = (
  state: ScimUserState,
  path: string,
  value: unknown,
  remove: boolean,
): ScimPatchResult<ScimUserState> => {
  const p = userPath(path);
  const str = remove ? '' : text(value);
  switch (p) {
    case 'active': {
      const active = scimBoolean(value);
      if (remove || active === undefined) return { ok: false, detail: 'active must be true or false' };
      return { ok: true, state: { ...state, active } };
    }
    case 'username':
      if (remove || !str) return { ok: false, detail: 'userName is required' };
      return { ok: true, state: { ...state, userName: str } };
    case 'externalid':
      return { ok: true, state: { ...state, externalId: remove ? null : (str ?? null) } };
    case 'name.givenname':
      return { ok: true, state: { ...state, givenName: str ?? '' } };
    case 'name.familyname':
      return { ok: true, state: { ...state, familyName: str ?? '' } };
    case 'name': {
      if (!isRecord(value)) return { ok: true, state };
      return {
        ok: true,
        state: {
          ...state,
          givenName: typeof value.givenName === 'string' ? value.givenName : state.givenName,
          familyName: typeof value.familyName === 'string' ? value.familyName : state.familyName,
        },
      };
    }
    case 'emails':
    case 'emails.value':
    case 'emails[type eq "work"].value':
    case 'emails[primary eq true].value': {
      const email = p === 'emails' ? scimEmailOf(value) : str;
      if (remove || !email) return { ok: false, detail: 'An e-mail address is required' };
      return { ok: true, state: { ...state, email } };
    }
    case `${ENTERPRISE}:employeenumber`:
      return { ok: true, state: { ...state, employeeNumber: remove ? null : (str ?? null) } };
    case ENTERPRISE: {
      // Okta's path-less form: { "urn:…:enterprise:2.0:User": { "employeeNumber": "…" } }
      if (!isRecord(value) || !('employeeNumber' in value)) return { ok: true, state };
      return {
        ok: true,
        state: { ...state, employeeNumber: remove ? null : (text(value.employeeNumber) ?? null) },
      };
    }
    default:
      // displayName, title, phone numbers, the enterprise extension's other attributes …: accepted and ignored
      return { ok: true, state };
  }
};

/** Applies the operations of a PATCH to a user; the first operation that cannot apply fails the whole PATCH. */
export const applyScimUserPatch = (
  state: ScimUserState,
  operations: readonly ScimOperation[],
): ScimPatchResult<ScimUserState> => {
  let current = state;
  for (const operation of operations) {
    const op = opOf(operation);
    if (!op) return { ok: false, detail: `Unsupported op: ${String(operation.op)}` };
    if (operation.path) {
      const result = setUserAttribute(current, operation.path, operation.value, op === 'remove');
      if (!result.ok) return result;
      current = result.state;
      continue;
    }
    if (!isRecord(operation.value))
      return { ok: false, detail: 'An operation without path needs an object value' };
    for (const [key, value] of Object.entries(operation.value)) {
      const result = setUserAttribute(current, key, value, false);
      if (!result.ok) return result;
      current = result.state;
    }
  }
  return { ok: true, state: current };
};

/** Member ids of a SCIM `members` value: `[{ value: "id" }, …]` (or one such object). */
export const scimMemberIds = (value: unknown): string[] => {
  const list = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
  return list
    .map((m) => (isRecord(m) ? m.value : m))
    .filter((v): v is string => typeof v === 'string' && v.length > 0);
};

const MEMBER_FILTER = /^members\s*\[\s*value\s+eq\s+"([^"]+)"\s*\]$/i;

const unique = (ids: readonly string[]) => [...new Set(ids)];

/** Applies the operations of a PATCH to a group (name, externalId, members). */
export const applyScimGroupPatch = (
  state: ScimGroupState,
  operations: readonly ScimOperation[],
): ScimPatchResult<ScimGroupState> => {
  let current = state;
  for (const operation of operations) {
    const op = opOf(operation);
    if (!op) return { ok: false, detail: `Unsupported op: ${String(operation.op)}` };
    const path = operation.path?.trim().replace(/^urn:ietf:params:scim:schemas:core:2\.0:group:/i, '');
    const memberFilter = path ? MEMBER_FILTER.exec(path) : null;
    if (memberFilter) {
      if (op !== 'remove') return { ok: false, detail: 'Only remove takes a member filter' };
      current = { ...current, members: current.members.filter((id) => id !== memberFilter[1]) };
      continue;
    }
    const attribute = path?.toLowerCase();
    if (attribute === 'members') {
      const ids = scimMemberIds(operation.value);
      if (op === 'add') current = { ...current, members: unique([...current.members, ...ids]) };
      else if (op === 'replace') current = { ...current, members: unique(ids) };
      else {
        // remove without a value removes every member (RFC 7644 §3.5.2.2); Entra sends the members to remove
        const removed = new Set(ids);
        current = {
          ...current,
          members: operation.value === undefined ? [] : current.members.filter((id) => !removed.has(id)),
        };
      }
      continue;
    }
    if (attribute === 'displayname') {
      const name = text(operation.value);
      if (op === 'remove' || !name?.trim()) return { ok: false, detail: 'displayName is required' };
      current = { ...current, displayName: name };
      continue;
    }
    if (attribute === 'externalid') {
      current = { ...current, externalId: op === 'remove' ? null : (text(operation.value) ?? null) };
      continue;
    }
    if (attribute !== undefined) return { ok: false, detail: `Unsupported path: ${operation.path}` };
    // no path: an object of attributes (Okta: { id, displayName }; members as a list)
    if (!isRecord(operation.value))
      return { ok: false, detail: 'An operation without path needs an object value' };
    const value = operation.value;
    if (typeof value.displayName === 'string' && value.displayName.trim()) {
      current = { ...current, displayName: value.displayName };
    }
    if (typeof value.externalId === 'string') current = { ...current, externalId: value.externalId };
    if (value.members !== undefined) {
      const ids = scimMemberIds(value.members);
      current = {
        ...current,
        members: op === 'add' ? unique([...current.members, ...ids]) : unique(ids),
      };
    }
  }
  return { ok: true, state: current };
};
