/**
 * API contract of `/admin/raeume` (right `ausstattungs_pflege`): floor plans per location with
 * their SVG, and the places on a plan (a seat, or a room with a capacity) with position, equipment counts
 * and the fire-safety and first-aid markers. `Z*` zod schemas, `T*` their types (decision 051).
 */
import { z } from 'zod';
import { LIMITS } from '../api.ts';
import { multiLineText, singleLineText } from '../text-input.ts';
import { ZBetroffeneBuchung } from '../verwaltung/admin-stammdaten.api.ts';
import { BEREICHE, ZPlanPosition } from './leseraum-buchung/api.ts';

const ZName = singleLineText().trim().min(1).max(LIMITS.name);
/** A description or the conditions of use: empty means none. */
const ZLangtext = multiLineText().trim().max(LIMITS.message).nullable().optional();

/**
 * The plan's link (spec §3 `link`): an http(s) address or a path of this application, nothing else (no
 * `javascript:` or `data:` addresses behind a click). Empty means none.
 */
export const ZGrundrissLink = singleLineText()
  .trim()
  .max(LIMITS.path)
  .refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v) || /^\/(?!\/)[^\s]*$/.test(v), {
    message: 'An http(s) address or a path starting with / is expected',
  })
  .nullable()
  .optional();

export const ZGrundrissAdmin = z.object({
  id: z.uuid(),
  bezeichnung: z.string().max(LIMITS.name),
  beschreibung: z.string().max(LIMITS.message).nullable(),
  link: z.string().max(LIMITS.path).nullable(),
  aktiv: z.boolean(),
  bereich: z.enum(BEREICHE),
  standort: z.object({ id: z.uuid(), name: z.string().max(LIMITS.name) }).nullable(),
  /** URL of the sanitised SVG (served after the tenant check), null before one is uploaded. */
  planUrl: z.string().max(LIMITS.path).nullable(),
  /** Number of places on the plan, and how many of them are active. */
  plaetze: z.number().int(),
  aktivePlaetze: z.number().int(),
});
export type TGrundrissAdmin = z.infer<typeof ZGrundrissAdmin>;
export const ZGrundrissAdminList = z.array(ZGrundrissAdmin);

/** POST /api/admin/raeume/grundrisse and PUT …/:id. Deactivating over future bookings needs confirmCancel. */
export const ZGrundrissInput = z.object({
  bezeichnung: ZName,
  beschreibung: ZLangtext,
  link: ZGrundrissLink,
  aktiv: z.boolean().default(true),
  bereich: z.enum(BEREICHE).default('leseraum'),
  standortId: z.uuid().nullable().optional(),
  /** Required (true) when deactivating the plan cancels future bookings (409 lists them otherwise). */
  confirmCancel: z.boolean().optional(),
});
export type TGrundrissInput = z.input<typeof ZGrundrissInput>;
export type TGrundrissInputParsed = z.output<typeof ZGrundrissInput>;

/**
 * PUT /api/admin/raeume/grundrisse/:id (decision 125): a property left out keeps the stored value (no
 * `aktiv: true` or `bereich: 'leseraum'` from the POST defaults); `null` or `''` clears a text.
 */
export const ZGrundrissAenderung = ZGrundrissInput.extend({
  aktiv: z.boolean().optional(),
  bereich: z.enum(BEREICHE).optional(),
});
export type TGrundrissAenderung = z.input<typeof ZGrundrissAenderung>;
export type TGrundrissAenderungParsed = z.output<typeof ZGrundrissAenderung>;

export const ZPlatzAusstattung = z.object({
  id: z.uuid(),
  name: z.string().max(LIMITS.name),
  anzahl: z.number().int(),
});

export const ZPlatzAdmin = z.object({
  id: z.uuid(),
  grundrissId: z.uuid(),
  bezeichnung: z.string().max(LIMITS.name),
  kapazitaet: z.number().int(),
  position: ZPlanPosition.nullable(),
  beschreibung: z.string().max(LIMITS.message).nullable(),
  bedingungen: z.string().max(LIMITS.message).nullable(),
  aktiv: z.boolean(),
  brandschutzhelfer: z.boolean(),
  ersthelfer: z.boolean(),
  bestaetigungDurchPersonal: z.boolean(),
  ausstattung: z.array(ZPlatzAusstattung).max(100),
});
export type TPlatzAdmin = z.infer<typeof ZPlatzAdmin>;
export const ZPlatzAdminList = z.array(ZPlatzAdmin);

/** Most places a room may hold (a lecture hall, not a stadium). */
export const MAX_KAPAZITAET = 500;

/**
 * POST /api/admin/raeume/grundrisse/:id/plaetze and PUT /api/admin/raeume/plaetze/:id. The equipment list
 * replaces the place's equipment rows (spec §7); a count of 0 removes the item. Deactivating over future
 * bookings needs confirmCancel.
 */
export const ZPlatzInput = z.object({
  bezeichnung: ZName,
  kapazitaet: z.number().int().min(1).max(MAX_KAPAZITAET).default(1),
  position: ZPlanPosition.nullable().optional(),
  beschreibung: ZLangtext,
  bedingungen: ZLangtext,
  aktiv: z.boolean().default(true),
  brandschutzhelfer: z.boolean().default(false),
  ersthelfer: z.boolean().default(false),
  bestaetigungDurchPersonal: z.boolean().default(false),
  ausstattung: z
    .array(z.object({ ausstattungId: z.uuid(), anzahl: z.number().int().min(0).max(999) }))
    .max(100)
    .default([])
    .refine((list) => new Set(list.map((a) => a.ausstattungId)).size === list.length, {
      message: 'Each equipment item may appear once',
    }),
  confirmCancel: z.boolean().optional(),
});
export type TPlatzInput = z.input<typeof ZPlatzInput>;
export type TPlatzInputParsed = z.output<typeof ZPlatzInput>;

/**
 * PUT /api/admin/raeume/plaetze/:id (decision 125): a property left out keeps the stored value (capacity,
 * texts, markers, active flag, position, equipment rows); a given equipment list replaces the rows (`[]` none).
 */
export const ZPlatzAenderung = ZPlatzInput.extend({
  kapazitaet: z.number().int().min(1).max(MAX_KAPAZITAET).optional(),
  aktiv: z.boolean().optional(),
  brandschutzhelfer: z.boolean().optional(),
  ersthelfer: z.boolean().optional(),
  bestaetigungDurchPersonal: z.boolean().optional(),
  ausstattung: z
    .array(z.object({ ausstattungId: z.uuid(), anzahl: z.number().int().min(0).max(999) }))
    .max(100)
    .refine((list) => new Set(list.map((a) => a.ausstattungId)).size === list.length, {
      message: 'Each equipment item may appear once',
    })
    .optional(),
});
export type TPlatzAenderung = z.input<typeof ZPlatzAenderung>;
export type TPlatzAenderungParsed = z.output<typeof ZPlatzAenderung>;

/** PUT /api/admin/raeume/plaetze/:id/position: moved by drag and drop or the arrow keys. */
export const ZPlatzPositionInput = z.object({ position: ZPlanPosition });
export type TPlatzPositionInput = z.infer<typeof ZPlatzPositionInput>;

/** The saved plan or place and the bookings its deactivation cancelled. */
export const ZGrundrissGespeichert = z.object({
  grundriss: ZGrundrissAdmin,
  storniert: z.array(ZBetroffeneBuchung),
});
export type TGrundrissGespeichert = z.infer<typeof ZGrundrissGespeichert>;
export const ZPlatzGespeichert = z.object({ platz: ZPlatzAdmin, storniert: z.array(ZBetroffeneBuchung) });
export type TPlatzGespeichert = z.infer<typeof ZPlatzGespeichert>;
