/**
 * API contract of the administration's master data: admin start, tenants, locations, equipment,
 * opening hours, settings (tenant, group, personal) and the audit log. `Z*` zod schemas, `T*` their types.
 *
 * Times (`HH:mm`) are bounded strings here and checked by the server with the spec's message ('Zeit zum
 * setzen ist kein valider String.'); forms check them with `isValidTime` from time.ts first.
 */
import { z } from 'zod';
import {
  LIMITS,
  ZCustomizingSource,
  ZCustomizingValue,
  ZFeatureSwitches,
  ZUpdateCustomizing,
} from '../api.ts';
import { ZDayInput, ZDayValue, ZTimeInput } from '../date-input.ts';
import { FEATURE_NAMES, SWITCHABLE_FEATURES } from '../features.ts';
import { ZBenutzerInput } from '../identitaet/admin-benutzer.api.ts';
import { MAX_DOMAIN_LENGTH } from '../identitaet/domain-sync.ts';
import { OEFFNUNGSZEIT_STATUS } from '../status.ts';
import { multiLineText, singleLineText } from '../text-input.ts';
import { CUSTOMIZING_GROUP_ORDER, CUSTOMIZING_LEVELS, type CustomizingGroup } from './customizing-option.ts';
import { BUNDESLAND_CODES } from './feiertage.ts';

const ZName = singleLineText().trim().min(1).max(LIMITS.name);
/** An ISO timestamp in responses. */
const ZInstant = z.string().max(40);
const ZTexts = z.object({ de: z.string().max(LIMITS.message), en: z.string().max(LIMITS.message) });

// --- /admin: start page -------------------------------------------------------------------------------

/** Counts per admin area; null where the user may not open the area (or lacks the approval/licence right). */
export const ZAdminUebersicht = z.object({
  benutzer: z.number().int().nullable(),
  gruppen: z.number().int().nullable(),
  rollen: z.number().int().nullable(),
  standorte: z.number().int().nullable(),
  fahrzeuge: z.number().int().nullable(),
  grundrisse: z.number().int().nullable(),
  offeneFreigaben: z.number().int().nullable(),
  faelligeFuehrerscheine: z.number().int().nullable(),
});
export type TAdminUebersicht = z.infer<typeof ZAdminUebersicht>;

// --- /admin/mandanten (platform administrators) -------------------------------------------------------

export const ZMandant = z.object({
  id: z.uuid(),
  name: z.string().max(LIMITS.name),
  /** The legacy customer name (spec §3 "a legacy mapping gives a customer name per tenant id"). */
  kundenname: z.string().max(LIMITS.name).nullable(),
  domains: z.array(z.string().max(MAX_DOMAIN_LENGTH)).max(100),
  features: ZFeatureSwitches,
  benutzerAnzahl: z.number().int(),
});
export type TMandant = z.infer<typeof ZMandant>;
export const ZMandantList = z.array(ZMandant);

/** POST /api/admin/mandanten and PUT /api/admin/mandanten/:id: domains are lower-cased and synced. */
export const ZMandantInput = z.object({
  name: ZName,
  /** Empty or missing: no legacy customer name. */
  kundenname: singleLineText().trim().max(LIMITS.name).nullable().optional(),
  domains: z.array(singleLineText().max(MAX_DOMAIN_LENGTH)).max(100),
});
export type TMandantInput = z.infer<typeof ZMandantInput>;

export const ZMandantDelete = z.object({ confirmName: singleLineText().max(LIMITS.name) });
export type TMandantDelete = z.infer<typeof ZMandantDelete>;

export const ZMandantFeaturesInput = z.object(
  Object.fromEntries(SWITCHABLE_FEATURES.map((f) => [f, z.boolean()])) as Record<
    (typeof SWITCHABLE_FEATURES)[number],
    z.ZodBoolean
  >,
);
export type TMandantFeaturesInput = z.infer<typeof ZMandantFeaturesInput>;

/**
 * POST /api/admin/mandanten/:id/administratoren: a tenant's administrator, created by a platform
 * administrator (active, role "Administration" with all permissions, invitation mail). Same field rules as
 * the user form: e-mail trimmed and lower-cased, optional user name lower-cased (empty = none).
 */
export const ZMandantAdministratorInput = ZBenutzerInput.pick({
  vorname: true,
  nachname: true,
  email: true,
  username: true,
});
export type TMandantAdministratorInput = z.input<typeof ZMandantAdministratorInput>;
export type TMandantAdministratorInputParsed = z.output<typeof ZMandantAdministratorInput>;

/** The administrator created by POST /api/admin/mandanten/:id/administratoren (201). */
export const ZMandantAdministrator = z.object({
  id: z.uuid(),
  email: z.string().max(LIMITS.email),
  vorname: z.string().max(LIMITS.name),
  nachname: z.string().max(LIMITS.name),
});
export type TMandantAdministrator = z.infer<typeof ZMandantAdministrator>;

// --- /admin/lokationen --------------------------------------------------------------------------------

export const ZStandort = z.object({
  id: z.uuid(),
  name: z.string().max(LIMITS.name),
  /** ISO 3166-2:DE code of the federal state: its public holidays leave the bookable time (decision 163). */
  bundesland: z.enum(BUNDESLAND_CODES).nullable(),
  abstellplaetze: z.array(z.object({ id: z.uuid(), name: z.string().max(LIMITS.name) })).max(500),
  fahrzeuge: z.number().int(),
  grundrisse: z.number().int(),
});
export type TStandort = z.infer<typeof ZStandort>;
export const ZStandortList = z.array(ZStandort);

/** Without `abstellplaetze` a change keeps the parking spots; with it they are synced to the list. */
export const ZStandortInput = z.object({
  name: ZName,
  abstellplaetze: z.array(singleLineText().max(LIMITS.name)).max(500).optional(),
  /** Without it a change keeps the state; null clears it. */
  bundesland: z.enum(BUNDESLAND_CODES).nullable().optional(),
});
export type TStandortInput = z.infer<typeof ZStandortInput>;

// --- /admin/ausstattung -------------------------------------------------------------------------------

export const ZAusstattung = z.object({
  id: z.uuid(),
  name: z.string().max(LIMITS.name),
  raeume: z.number().int(),
});
export type TAusstattung = z.infer<typeof ZAusstattung>;
export const ZAusstattungList = z.array(ZAusstattung);
export const ZAusstattungInput = z.object({ name: ZName });
export type TAusstattungInput = z.infer<typeof ZAusstattungInput>;

// --- /admin/oeffnungszeiten ---------------------------------------------------------------------------

export const ZGrundrissAuswahl = z.object({
  id: z.uuid(),
  bezeichnung: z.string().max(LIMITS.name),
  aktiv: z.boolean(),
  standort: z.object({ id: z.uuid(), name: z.string().max(LIMITS.name) }).nullable(),
});
export type TGrundrissAuswahl = z.infer<typeof ZGrundrissAuswahl>;
export const ZGrundrissAuswahlList = z.array(ZGrundrissAuswahl);

export const ZOeffnungszeit = z.object({
  wochentag: z.number().int().min(0).max(6),
  von: z.string().max(5),
  bis: z.string().max(5),
  geoeffnet: z.boolean(),
});
export type TOeffnungszeit = z.infer<typeof ZOeffnungszeit>;

/** The week of a floor plan: 7 rows, Sunday (0) to Saturday (6); `gespeichert` false = defaults shown. */
export const ZOeffnungszeitenWoche = z.object({
  grundrissId: z.uuid(),
  gespeichert: z.boolean(),
  tage: z.array(ZOeffnungszeit).length(7),
});
export type TOeffnungszeitenWoche = z.infer<typeof ZOeffnungszeitenWoche>;

export const ZOeffnungszeitenInput = z.object({
  tage: z
    .array(
      z.object({
        wochentag: z.number().int().min(0).max(6),
        von: ZTimeInput,
        bis: ZTimeInput,
        geoeffnet: z.boolean(),
      }),
    )
    .max(7),
  /** Required (true) when closing a weekday would cancel bookings. */
  confirmCancel: z.boolean().optional(),
});
export type TOeffnungszeitenInput = z.infer<typeof ZOeffnungszeitenInput>;

export const ZOeffnungszeitStatus = z.enum(OEFFNUNGSZEIT_STATUS);

export const ZSonderoeffnungszeit = z.object({
  id: z.uuid(),
  grundrissId: z.uuid(),
  beschreibung: z.string().max(LIMITS.message).nullable(),
  gueltigVon: ZDayValue,
  gueltigBis: ZDayValue,
  von: z.string().max(5),
  bis: z.string().max(5),
  status: ZOeffnungszeitStatus,
});
export type TSonderoeffnungszeit = z.infer<typeof ZSonderoeffnungszeit>;
export const ZSonderoeffnungszeitList = z.array(ZSonderoeffnungszeit);

/** Create, change or preview a special opening time; von/bis default to 01:00–23:00 (spec §9). */
export const ZSonderoeffnungszeitInput = z.object({
  beschreibung: multiLineText().trim().max(LIMITS.message).nullable().optional(),
  gueltigVon: ZDayInput,
  gueltigBis: ZDayInput,
  von: ZTimeInput.optional(),
  bis: ZTimeInput.optional(),
  /**
   * 'offen' or 'geschlossen'; read by the service, so anything else answers the spec's 'Status {x} unbekannt'
   * (`status.unbekannt`) instead of a generic validation message.
   */
  status: singleLineText().max(40),
  /** Required (true) when a closing period would cancel bookings. */
  confirmCancel: z.boolean().optional(),
});
export type TSonderoeffnungszeitInput = z.infer<typeof ZSonderoeffnungszeitInput>;

export const ZSonderoeffnungszeitParams = z.object({ id: z.uuid(), sid: z.uuid() });

/** A reading-room booking a closing period would cancel. */
export const ZBetroffeneBuchung = z.object({
  id: z.uuid(),
  von: ZInstant,
  bis: ZInstant,
  status: z.string().max(50),
  leseraumId: z.uuid(),
  leseraum: z.string().max(LIMITS.name),
  buchender: z.string().max(LIMITS.email),
});
export type TBetroffeneBuchung = z.infer<typeof ZBetroffeneBuchung>;
export const ZBetroffeneBuchungen = z.object({ buchungen: z.array(ZBetroffeneBuchung) });
export type TBetroffeneBuchungen = z.infer<typeof ZBetroffeneBuchungen>;

/** The saved week and the bookings closing its weekdays cancelled. */
export const ZOeffnungszeitenGespeichert = ZOeffnungszeitenWoche.extend({
  storniert: z.array(ZBetroffeneBuchung),
});
export type TOeffnungszeitenGespeichert = z.infer<typeof ZOeffnungszeitenGespeichert>;

/** Saved special opening time and the bookings its closing cancelled. */
export const ZSonderoeffnungszeitSaved = z.object({
  sonderoeffnungszeit: ZSonderoeffnungszeit,
  storniert: z.array(ZBetroffeneBuchung),
});
export type TSonderoeffnungszeitSaved = z.infer<typeof ZSonderoeffnungszeitSaved>;

/** 409 without `confirmCancel`: the error plus the bookings that would be cancelled. */
export const ZStornierungBestaetigen = z.object({
  error: z.object({
    code: z.string().max(LIMITS.code),
    message: z.string().max(LIMITS.message),
    params: z.record(
      z.string().max(LIMITS.paramKey),
      z.union([z.string().max(LIMITS.paramValue), z.number()]),
    ),
  }),
  buchungen: z.array(ZBetroffeneBuchung),
});
export type TStornierungBestaetigen = z.infer<typeof ZStornierungBestaetigen>;

// --- settings (tenant, group, personal) --------------------------------------------------------------

/** A catalogue option with its value at one level (null = not set there). */
export const ZCustomizingEintrag = z.object({
  name: z.string().max(LIMITS.code),
  /** Field label and heading group (customizing.ts); `description` is the help text. */
  label: ZTexts,
  group: z.enum(CUSTOMIZING_GROUP_ORDER as [CustomizingGroup, ...CustomizingGroup[]]),
  feature: z.enum(FEATURE_NAMES),
  typ: z.enum(['number', 'boolean', 'string', 'time', 'array']),
  unit: z.string().max(20).nullable(),
  levels: z.array(z.enum(CUSTOMIZING_LEVELS)),
  default: ZCustomizingValue,
  value: ZCustomizingValue.nullable(),
  allowedValues: z.array(z.string().max(LIMITS.name)).nullable(),
  allowedNumbers: z.array(z.number()).nullable(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  itemTyp: z.enum(['string', 'number', 'email']).nullable(),
  description: ZTexts,
  userEditable: z.boolean(),
  /** Whether the caller may change it at this level. */
  canEdit: z.boolean(),
});
export type TCustomizingEintrag = z.infer<typeof ZCustomizingEintrag>;

/** GET /api/customizing/mandant: tenant level, plus the groups for group-level overrides. */
export const ZMandantenCustomizing = z.object({
  optionen: z.array(ZCustomizingEintrag),
  gruppen: z.array(z.object({ id: z.uuid(), name: z.string().max(LIMITS.name) })),
});
export type TMandantenCustomizing = z.infer<typeof ZMandantenCustomizing>;

export const ZGruppenCustomizing = z.object({
  gruppe: z.object({ id: z.uuid(), name: z.string().max(LIMITS.name) }),
  optionen: z.array(ZCustomizingEintrag),
});
export type TGruppenCustomizing = z.infer<typeof ZGruppenCustomizing>;

export const ZGruppeCustomizingParams = z.object({
  id: z.uuid(),
  name: singleLineText().min(1).max(LIMITS.code),
});

/** PUT body of every settings level: `{ value }`, null removes the override. */
export const ZCustomizingEintragInput = ZUpdateCustomizing;

/** A personal setting: the own value (null = inherited) and the effective one with its source. */
export const ZEigenerCustomizingEintrag = ZCustomizingEintrag.extend({
  effective: ZCustomizingValue,
  source: ZCustomizingSource,
  /** The tenant's value beside the own one (R295); null where the tenant sets none. */
  mandantWert: ZCustomizingValue.nullable(),
  /** The value of the user's group that applies (the first by name that sets one), with the group's name. */
  gruppenWert: z.object({ gruppe: z.string().max(LIMITS.name), value: ZCustomizingValue }).nullable(),
});
export type TEigenerCustomizingEintrag = z.infer<typeof ZEigenerCustomizingEintrag>;

export const ZProfil = z.object({
  vorname: z.string().max(LIMITS.name),
  nachname: z.string().max(LIMITS.name),
  email: z.string().max(LIMITS.email),
});
export type TProfil = z.infer<typeof ZProfil>;

/** GET /api/customizing/benutzer: the options the user may set for themself. */
export const ZEigenesCustomizing = z.object({ optionen: z.array(ZEigenerCustomizingEintrag) });
export type TEigenesCustomizing = z.infer<typeof ZEigenesCustomizing>;

/** PUT /api/me/profil: the name only; the e-mail address stays with the administrators. */
export const ZProfilInput = z.object({ vorname: ZName, nachname: ZName });
export type TProfilInput = z.infer<typeof ZProfilInput>;

// --- /admin/protokoll ---------------------------------------------------------------------------------

export const ZProtokollQuery = z.object({
  entity: singleLineText().max(LIMITS.code).optional(),
  action: singleLineText().max(LIMITS.code).optional(),
  benutzerId: z.uuid().optional(),
  from: ZDayInput.optional(),
  to: ZDayInput.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type TProtokollQuery = z.infer<typeof ZProtokollQuery>;

export const ZProtokollEintrag = z.object({
  id: z.uuid(),
  at: ZInstant,
  benutzerId: z.uuid().nullable(),
  benutzerName: z
    .string()
    .max(2 * LIMITS.name + 1)
    .nullable(),
  action: z.string().max(LIMITS.code),
  entity: z.string().max(LIMITS.code),
  entityId: z.string().max(LIMITS.id).nullable(),
  oldValue: z.unknown(),
  newValue: z.unknown(),
});
export type TProtokollEintrag = z.infer<typeof ZProtokollEintrag>;

export const ZProtokollPage = z.object({
  items: z.array(ZProtokollEintrag),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});
export type TProtokollPage = z.infer<typeof ZProtokollPage>;
