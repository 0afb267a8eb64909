/**
 * The API contract shared by server and web: zod schemas (`Z*`) and their types (`T*`).
 * Every string has a maximum length (Infisical's rule), so no request can smuggle megabytes into a field.
 */

import { z } from 'zod';
import { SWITCHABLE_FEATURES } from './features.ts';
import { ZZweiFaktorStand } from './identitaet/sicherheit/api.ts';
import { MAX_STANDORTE_JE_ZUWEISUNG } from './identitaet/standort-grenze.ts';
import { LANGUAGES } from './language.ts';
import { PERMISSION_NAMES } from './permissions.ts';
import { AKTIONEN, type Aktion } from './policy.ts';
import { multiLineText, singleLineText } from './text-input.ts';
import { CUSTOMIZING_LEVELS, MAX_ARRAY_ITEMS, MAX_STRING_LENGTH } from './verwaltung/customizing-option.ts';

/** Limits used across the contract. */
export const LIMITS = {
  id: 128,
  name: 200,
  email: 254,
  domain: 253,
  path: 2048,
  code: 100,
  message: 2000,
  paramKey: 200,
  paramValue: 1000,
} as const;

export const ZId = z.string().min(1).max(LIMITS.id);
/** The path parameters of every route that addresses one row by its id. */
export const ZIdParams = z.object({ id: z.uuid() });
export type TIdParams = z.infer<typeof ZIdParams>;
export const ZLanguage = z.enum(LANGUAGES);
export const ZPermissionName = z.enum(PERMISSION_NAMES);

/** `{ error: { code, message, params } }`: the body of every error response, message in the user's language. */
export const ZApiError = z.object({
  error: z.object({
    code: z.string().max(LIMITS.code),
    message: z.string().max(LIMITS.message),
    params: z.record(
      z.string().max(LIMITS.paramKey),
      z.union([z.string().max(LIMITS.paramValue), z.number()]),
    ),
  }),
});
export type TApiError = z.infer<typeof ZApiError>;

/** A settings value as the API carries it (see customizing.ts for the typed rules). */
export const ZCustomizingValue = z.union([
  z.number(),
  z.boolean(),
  z.string().max(MAX_STRING_LENGTH),
  z.array(z.union([z.string().max(MAX_STRING_LENGTH), z.number(), z.boolean()])).max(MAX_ARRAY_ITEMS),
]);
export type TCustomizingValue = z.infer<typeof ZCustomizingValue>;

export const ZCustomizingSource = z.enum(['default', ...CUSTOMIZING_LEVELS]);
export const ZResolvedCustomizingEntry = z.object({ value: ZCustomizingValue, source: ZCustomizingSource });
export type TResolvedCustomizingEntry = z.infer<typeof ZResolvedCustomizingEntry>;

export const ZFeatureSwitches = z.record(z.enum(SWITCHABLE_FEATURES), z.boolean());
export type TFeatureSwitches = z.infer<typeof ZFeatureSwitches>;

/** GET /api/me: who is signed in, in which tenant, with which rights, features and settings. */
export const ZMe = z.object({
  user: z.object({
    id: ZId,
    email: z.string().max(LIMITS.email),
    username: z.string().max(LIMITS.name).nullable(),
    vorname: z.string().max(LIMITS.name),
    nachname: z.string().max(LIMITS.name),
    employeeId: z.string().max(LIMITS.name).nullable(),
    status: z.string().max(50),
    mandantId: ZId,
    isPlatformAdmin: z.boolean(),
    /** A single-sign-on user: signs in through the tenant's identity provider (spec "User", decision 095). */
    isSso: z.boolean(),
  }),
  mandant: z.object({
    id: ZId,
    name: z.string().max(LIMITS.name),
    domains: z.array(z.string().max(LIMITS.domain)).max(100),
    hasLogo: z.boolean(),
    hasDatenschutz: z.boolean(),
  }),
  permissions: z.array(ZPermissionName).max(PERMISSION_NAMES.length),
  rights: z.object({ admin: z.boolean(), fahrzeugModul: z.boolean() }),
  /**
   * Per right, the locations it is limited to (decision 258): a right not named (or the field left out) holds for
   * the whole tenant. The server always sends it.
   */
  standortGrenzen: z
    .partialRecord(ZPermissionName, z.array(ZId).max(MAX_STANDORTE_JE_ZUWEISUNG * 20))
    .optional(),
  /** The actions the user may do (decision 204): the web app reads these instead of recomputing from rights. */
  darf: z.array(z.enum(AKTIONEN as [Aktion, ...Aktion[]])).max(AKTIONEN.length),
  features: ZFeatureSwitches,
  /** The user's effective settings (Customizing, spec §3): option name → value and the level it comes from. */
  customizing: z.record(z.string().max(LIMITS.code), ZResolvedCustomizingEntry),
  language: ZLanguage,
  startPage: z.string().max(LIMITS.path),
  /** Two-factor sign-in: the tenant's policy and whether this user must still enrol. */
  zweiFaktor: ZZweiFaktorStand,
});
export type TMe = z.infer<typeof ZMe>;

/** Path params of a settings write: the option name. */
export const ZCustomizingName = z.object({ name: singleLineText().min(1).max(LIMITS.code) });
export type TCustomizingName = z.infer<typeof ZCustomizingName>;

/**
 * Body of a settings write. The value's shape is only bounded here; `toStoredValue` checks it against
 * the option's type and answers with the catalogue's messages ('Wert zum mappen muss vom Typ number sein!').
 * `null` removes the override at that level (the row is deleted), so the next level applies again.
 */
export const ZUpdateCustomizing = z.object({
  value: z.union([
    z.number(),
    z.boolean(),
    multiLineText().max(MAX_STRING_LENGTH),
    z.array(z.union([singleLineText().max(MAX_STRING_LENGTH), z.number(), z.boolean()])).max(MAX_ARRAY_ITEMS),
    z.null(),
  ]),
});
export type TUpdateCustomizing = z.infer<typeof ZUpdateCustomizing>;

/**
 * GET /api/health: the database answers (otherwise 503), and whether the realtime listener between
 * instances (LISTEN/NOTIFY) is connected; while it is not, it reconnects and live events of other instances
 * do not arrive.
 */
export const ZHealth = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'pg']),
  realtime: z.enum(['connected', 'disconnected']),
});
export type THealth = z.infer<typeof ZHealth>;

/** The operator's imprint (GET /api/impressum, public). */
export const ZImpressum = z.object({ text: z.string().max(20_000).nullable() });
export type TImpressum = z.infer<typeof ZImpressum>;
