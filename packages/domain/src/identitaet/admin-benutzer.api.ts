/**
 * API contract of the administration of users, groups and roles (/admin/benutzer,
 * /admin/gruppen, /admin/rollen). Zod schemas (`Z*`) and their types (`T*`), shared by server and web so
 * a form validates with the same rules on both sides. Every string has a maximum length.
 *
 * Endpoints (each guarded like its screen, spec §2):
 * - GET    /api/admin/benutzer                  ZBenutzerListQuery -> ZBenutzerList
 * - GET    /api/admin/benutzer/optionen         -> ZBenutzerOptionen (roles, groups, permissions to choose)
 * - GET    /api/admin/benutzer/:id              -> ZBenutzerDetail
 * - POST   /api/admin/benutzer                  ZBenutzerInput -> 201 ZBenutzerDetail (login + invitation mail)
 * - PUT    /api/admin/benutzer/:id              ZBenutzerInput -> ZBenutzerDetail
 * - DELETE /api/admin/benutzer/:id              -> 204; 409 benutzer.hat_buchungen: deactivate instead
 * - POST   /api/admin/benutzer/import/preview   multipart `file` or ZBenutzerImportJson -> ZBenutzerImportPreview
 * - POST   /api/admin/benutzer/import           same -> 201 ZBenutzerImportResult; 400 ZBenutzerImportFailure
 * - GET    /api/admin/gruppen                   -> ZGruppeList;  POST ZGruppeInput -> 201 ZGruppe
 * - PUT    /api/admin/gruppen/:id               ZGruppeInput -> ZGruppe;  DELETE -> 204
 * - GET    /api/admin/gruppen/:id/usage         -> ZUsage
 * - GET    /api/admin/rollen                    -> ZRolleList;  POST ZRolleInput -> 201 ZRolle
 * - PUT    /api/admin/rollen/:id                ZRolleInput -> ZRolle;  DELETE -> 204
 * - GET    /api/admin/rollen/:id/usage          -> ZUsage
 * - GET    /api/admin/permissions               -> ZPermissionList
 */
import { z } from 'zod';
import { ZApiError } from '../api.ts';
import { PERMISSION_NAMES } from '../permissions.ts';
import { singleLineText } from '../text-input.ts';
import { BENUTZER_LIMITS, IMPORT_COLUMNS, MAX_IMPORT_ROWS } from './benutzer-import.ts';
import { MAX_STANDORTE_JE_ZUWEISUNG } from './standort-grenze.ts';

export const BENUTZER_STATUS = ['aktiv', 'inaktiv'] as const;
export const ZBenutzerStatus = z.enum(BENUTZER_STATUS);
export type TBenutzerStatus = z.infer<typeof ZBenutzerStatus>;

/** Largest CSV accepted as JSON (`{ csv }`); multipart uploads have the general 5 MB limit. */
export const MAX_IMPORT_CSV_CHARS = 1_000_000;
const MAX_LINKS = 100;

const ZName = singleLineText().trim().min(1).max(BENUTZER_LIMITS.name);
const ZEmail = singleLineText().trim().toLowerCase().max(BENUTZER_LIMITS.email).pipe(z.email());

/** A role or group as a reference: id and name. */
export const ZRef = z.object({ id: z.uuid(), name: z.string().max(BENUTZER_LIMITS.name) });
export type TRef = z.infer<typeof ZRef>;

/** A permission grant; granted when `wert` is 'true' (spec §3, §6). */
export const ZGrant = z.object({ name: z.enum(PERMISSION_NAMES), wert: z.enum(['true', 'false']) });
export type TGrant = z.infer<typeof ZGrant>;
const ZGrants = z.array(ZGrant).max(PERMISSION_NAMES.length * 2);

/**
 * The locations one of a user's roles is limited to (decision 258): at least one; a role without an entry holds
 * for the whole tenant.
 */
export const ZRolleStandorte = z.object({
  rolleId: z.uuid(),
  standortIds: z.array(z.uuid()).min(1).max(MAX_STANDORTE_JE_ZUWEISUNG),
});
export type TRolleStandorte = z.infer<typeof ZRolleStandorte>;
const ZRollenStandorte = z.array(ZRolleStandorte).max(MAX_LINKS);

// --- users -----------------------------------------------------------------------------------------

export const BENUTZER_SORT = ['standard', 'email', 'vorname', 'nachname', 'employeeId', 'status'] as const;

/**
 * List query. `sort=standard` (default) is spec §7's order: active users first, then by e-mail.
 * `q` searches first name, last name, e-mail and employeeId (case-insensitive, substring).
 */
export const ZBenutzerListQuery = z.object({
  q: singleLineText().trim().max(200).optional(),
  status: ZBenutzerStatus.optional(),
  rolleId: z.uuid().optional(),
  gruppeId: z.uuid().optional(),
  sort: z.enum(BENUTZER_SORT).default('standard'),
  dir: z.enum(['asc', 'desc']).default('asc'),
  limit: z.coerce.number().int().min(1).max(200).default(25),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type TBenutzerListQuery = z.infer<typeof ZBenutzerListQuery>;

export const ZBenutzerListItem = z.object({
  id: z.uuid(),
  vorname: z.string().max(BENUTZER_LIMITS.name),
  nachname: z.string().max(BENUTZER_LIMITS.name),
  email: z.string().max(BENUTZER_LIMITS.email),
  employeeId: z.string().max(BENUTZER_LIMITS.employeeId).nullable(),
  username: z.string().max(BENUTZER_LIMITS.username).nullable(),
  status: z.string().max(50),
  isPlatformAdmin: z.boolean(),
  /** A single-sign-on user: signs in through the tenant's identity provider (decision 095). */
  isSso: z.boolean(),
  rollen: z.array(ZRef).max(MAX_LINKS * 10),
  gruppen: z.array(ZRef).max(MAX_LINKS * 10),
});
export type TBenutzerListItem = z.infer<typeof ZBenutzerListItem>;

export const ZBenutzerList = z.object({
  items: z.array(ZBenutzerListItem).max(200),
  total: z.number().int(),
});
export type TBenutzerList = z.infer<typeof ZBenutzerList>;

/** One user with their direct permissions (name and wert) and the locations their roles are limited to. */
export const ZBenutzerDetail = ZBenutzerListItem.extend({
  permissions: ZGrants,
  rollenStandorte: ZRollenStandorte,
});
export type TBenutzerDetail = z.infer<typeof ZBenutzerDetail>;

/**
 * Create or update a user (spec §7: id, vorname, nachname, status, email; roles and groups through the
 * link tables; direct permissions). The lists are the complete desired state. E-mail is stored lower-case.
 */
export const ZBenutzerInput = z.object({
  vorname: ZName,
  nachname: ZName,
  email: ZEmail,
  employeeId: singleLineText()
    .trim()
    .max(BENUTZER_LIMITS.employeeId)
    .nullish()
    .transform((s) => (s ? s : null)),
  /** Optional sign-in name: letters, digits, '.' and '_', stored lower-case. */
  username: singleLineText()
    .trim()
    .max(BENUTZER_LIMITS.username)
    .regex(/^([a-zA-Z0-9_.]{3,})?$/)
    .nullish()
    .transform((s) => (s ? s.toLowerCase() : null)),
  status: ZBenutzerStatus.default('aktiv'),
  rolleIds: z.array(z.uuid()).max(MAX_LINKS).default([]),
  gruppeIds: z.array(z.uuid()).max(MAX_LINKS).default([]),
  permissions: ZGrants.default([]),
  /** Roles of `rolleIds` limited to locations (decision 258); the others hold for the whole tenant. */
  rollenStandorte: ZRollenStandorte.default([]),
});
export type TBenutzerInput = z.input<typeof ZBenutzerInput>;
export type TBenutzerInputParsed = z.output<typeof ZBenutzerInput>;

/**
 * PUT /api/admin/benutzer/:id (decision 105): name and e-mail are required; every other field left out stays as it
 * is (`null` clears employeeId and username, `[]` removes all roles, groups or direct permissions).
 */
export const ZBenutzerAenderung = ZBenutzerInput.extend({
  employeeId: singleLineText()
    .trim()
    .max(BENUTZER_LIMITS.employeeId)
    .nullish()
    .transform((s) => (s === undefined ? undefined : s ? s : null)),
  username: singleLineText()
    .trim()
    .max(BENUTZER_LIMITS.username)
    .regex(/^([a-zA-Z0-9_.]{3,})?$/)
    .nullish()
    .transform((s) => (s === undefined ? undefined : s ? s.toLowerCase() : null)),
  status: ZBenutzerStatus.optional(),
  rolleIds: z.array(z.uuid()).max(MAX_LINKS).optional(),
  gruppeIds: z.array(z.uuid()).max(MAX_LINKS).optional(),
  permissions: ZGrants.optional(),
  /** Left out: the kept roles keep their locations. */
  rollenStandorte: ZRollenStandorte.optional(),
});
export type TBenutzerAenderung = z.input<typeof ZBenutzerAenderung>;
export type TBenutzerAenderungParsed = z.output<typeof ZBenutzerAenderung>;

export const ZPermissionInfo = z.object({
  name: z.enum(PERMISSION_NAMES),
  description: z.object({ de: z.string().max(500), en: z.string().max(500) }),
});
export type TPermissionInfo = z.infer<typeof ZPermissionInfo>;
export const ZPermissionList = z.array(ZPermissionInfo).max(PERMISSION_NAMES.length);
export type TPermissionList = z.infer<typeof ZPermissionList>;

/** What the user form offers: the tenant's roles and groups and the 13 permissions. */
export const ZBenutzerOptionen = z.object({
  rollen: z.array(ZRef).max(10_000),
  /** The tenant's locations a role assignment can be limited to (decision 258). */
  standorte: z.array(ZRef).max(10_000),
  gruppen: z.array(ZRef).max(10_000),
  permissions: ZPermissionList,
});
export type TBenutzerOptionen = z.infer<typeof ZBenutzerOptionen>;

// --- CSV import --------------------------------------------------------------------------------------

/** JSON form of an import request; the multipart form sends the file in the field `file`. */
export const ZBenutzerImportJson = z.object({ csv: z.string().max(MAX_IMPORT_CSV_CHARS) });
export type TBenutzerImportJson = z.infer<typeof ZBenutzerImportJson>;

export const ZImportRowError = z.object({
  /** A column of the file, or 'zeile' for the row as a whole. */
  field: z.enum([...IMPORT_COLUMNS, 'zeile']),
  code: z.string().max(100),
  message: z.string().max(2000),
});
export type TImportRowError = z.infer<typeof ZImportRowError>;

export const ZImportRow = z.object({
  /** Line of the file the row starts on (the header is line 1). */
  row: z.number().int(),
  data: z.object({
    vorname: z.string().max(BENUTZER_LIMITS.name),
    nachname: z.string().max(BENUTZER_LIMITS.name),
    email: z.string().max(BENUTZER_LIMITS.email),
    employeeId: z.string().max(BENUTZER_LIMITS.employeeId).nullable(),
    rollen: z.array(z.string().max(BENUTZER_LIMITS.name)).max(MAX_LINKS * 10),
    gruppen: z.array(z.string().max(BENUTZER_LIMITS.name)).max(MAX_LINKS * 10),
  }),
  errors: z.array(ZImportRowError).max(50),
});
export type TImportRow = z.infer<typeof ZImportRow>;

export const ZImportSummary = z.object({
  total: z.number().int(),
  valid: z.number().int(),
  invalid: z.number().int(),
});

/** The preview: every row with its errors; nothing is written. */
export const ZBenutzerImportPreview = z.object({
  rows: z.array(ZImportRow).max(MAX_IMPORT_ROWS),
  summary: ZImportSummary,
});
export type TBenutzerImportPreview = z.infer<typeof ZBenutzerImportPreview>;

export const ZBenutzerImportResult = z.object({ created: z.number().int() });
export type TBenutzerImportResult = z.infer<typeof ZBenutzerImportResult>;

/** 400 of the import when any row is invalid: the error plus the rows, nothing written. */
export const ZBenutzerImportFailure = ZApiError.extend({
  rows: z.array(ZImportRow).max(MAX_IMPORT_ROWS),
  summary: ZImportSummary,
});
export type TBenutzerImportFailure = z.infer<typeof ZBenutzerImportFailure>;

// --- groups and roles --------------------------------------------------------------------------------

export const ZGruppe = z.object({
  id: z.uuid(),
  name: z.string().max(BENUTZER_LIMITS.name),
  rollen: z.array(ZRef).max(10_000),
  /** Members of the group. */
  benutzerAnzahl: z.number().int(),
});
export type TGruppe = z.infer<typeof ZGruppe>;
export const ZGruppeList = z.array(ZGruppe).max(10_000);
export type TGruppeList = z.infer<typeof ZGruppeList>;

export const ZGruppeInput = z.object({ name: ZName, rolleIds: z.array(z.uuid()).max(MAX_LINKS).default([]) });
export type TGruppeInput = z.input<typeof ZGruppeInput>;
/** PUT /api/admin/gruppen/:id (decision 105): `rolleIds` left out keeps the group's roles. */
export const ZGruppeAenderung = ZGruppeInput.extend({
  rolleIds: z.array(z.uuid()).max(MAX_LINKS).optional(),
});

export const ZRolle = z.object({
  id: z.uuid(),
  name: z.string().max(BENUTZER_LIMITS.name),
  permissions: ZGrants,
  /** Users holding the role directly or through one of their groups (each counted once). */
  benutzerAnzahl: z.number().int(),
});
export type TRolle = z.infer<typeof ZRolle>;
export const ZRolleList = z.array(ZRolle).max(10_000);
export type TRolleList = z.infer<typeof ZRolleList>;

export const ZRolleInput = z.object({ name: ZName, permissions: ZGrants.default([]) });
export type TRolleInput = z.input<typeof ZRolleInput>;
/** PUT /api/admin/rollen/:id (decision 105): `permissions` left out keeps the role's permissions. */
export const ZRolleAenderung = ZRolleInput.extend({ permissions: ZGrants.optional() });

/** How many users a delete would affect, for the confirmation dialog. */
export const ZUsage = z.object({ benutzerAnzahl: z.number().int() });
export type TUsage = z.infer<typeof ZUsage>;

/**
 * GET/PUT /api/admin/benutzer/:id/leseraum (decision 138): whether the person is a fire-safety or first-aid helper
 * (the plan marks the places they use that day) and their own place (`eigenerPlatzId`, a place id, or null).
 * PUT takes the whole representation.
 */
export const ZBenutzerLeseraum = z.object({
  brandschutzhelfer: z.boolean(),
  ersthelfer: z.boolean(),
  eigenerPlatzId: z.uuid().nullable(),
});
export type TBenutzerLeseraum = z.infer<typeof ZBenutzerLeseraum>;
