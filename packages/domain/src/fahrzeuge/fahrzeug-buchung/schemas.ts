/**
 * API contract pieces of vehicle booking the server and the web app share: the booking request
 * body, the per-booking abilities, and the window rows of `fahrzeug_oeffnungszeit`. `Z*` zod schemas,
 * `T*` their types. Times are ISO 8601 with offset; the server works in Europe/Berlin.
 */
import { z } from 'zod';
import { ZInstantInput } from '../../date-input.ts';
import { FAHRZEUG_BUCHUNG_TYP } from '../../status.ts';
import { multiLineText, singleLineText } from '../../text-input.ts';
import { WOCHENTAG_NAMEN } from '../../time.ts';

/** Free text that may span lines (address, detour, information); `ZZeile` a single line (text-input.ts). */
const ZText = multiLineText().trim().max(2000);
const ZZeile = singleLineText().trim().max(2000);
/** An instant written ISO 8601 with an offset (`2026-11-24T09:00:00+01:00`), years 2000 to 2100 (date-input.ts). */
export const ZZeitpunkt = ZInstantInput;

/** One co-traveller; numbered from 1 in the order given. */
export const ZMitfahrer = z.object({ name: singleLineText().trim().min(1).max(200) });

/** Body of `POST /api/fahrzeug-buchungen` and `PUT /api/fahrzeug-buchungen/{id}`. */
export const ZFahrzeugBuchungEingabe = z.object({
  fahrzeugId: z.uuid(),
  von: ZZeitpunkt,
  bis: ZZeitpunkt,
  /** the driver; empty = the booker */
  fahrerId: z.uuid().nullable().optional(),
  /** texts: empty (`''` or `null`) means none */
  anlass: ZZeile.nullable().optional(),
  zielAdresse: ZText.nullable().optional(),
  zielPerson: ZZeile.nullable().optional(),
  umweg: ZText.nullable().optional(),
  informationstext: ZText.nullable().optional(),
  mitfahrer: z.array(ZMitfahrer).max(20).default([]),
  /** approvers of a special trip (users holding fahrzeug_freigabe_von_sonderfahrten) */
  freigeberIds: z.array(z.uuid()).max(20).default([]),
  /**
   * the booking's type, when sent: only 'BUCHUNG' (a trip) is booked here; anything else answers the spec's
   * 'Typ {x} unbekannt' instead of booking a trip. Blocks go to /api/fahrzeug-sperren.
   */
  typ: z.string().max(40).optional(),
});
export type TFahrzeugBuchungEingabe = z.infer<typeof ZFahrzeugBuchungEingabe>;

/**
 * Body of `PUT /api/fahrzeug-buchungen/{id}` (decision 125): vehicle and times are required; every other
 * property left out keeps the stored value (driver, texts, co-travellers, approvers); `null` or `[]` clear it
 * (a `null` driver: the booker drives).
 */
export const ZFahrzeugBuchungAenderung = ZFahrzeugBuchungEingabe.extend({
  mitfahrer: z.array(ZMitfahrer).max(20).optional(),
  freigeberIds: z.array(z.uuid()).max(20).optional(),
});
export type TFahrzeugBuchungAenderung = z.infer<typeof ZFahrzeugBuchungAenderung>;

/**
 * Body of `POST /api/fahrzeug-buchungen/{id}/storno` (optional): the reason, told to the booker and the driver in
 * the cancellation mail and kept as the booking's information text (R196). The web app asks for it when
 * an administrator or fleet manager cancels someone else's trip.
 */
export const ZFahrzeugBuchungStorno = z.object({
  grund: multiLineText().trim().max(1000).optional(),
});
export type TFahrzeugBuchungStorno = z.infer<typeof ZFahrzeugBuchungStorno>;

/** Body of a block entered by a fleet manager. */
export const ZFahrzeugSperreEingabe = z.object({
  fahrzeugId: z.uuid(),
  typ: z.enum(FAHRZEUG_BUCHUNG_TYP).exclude(['BUCHUNG']),
  von: ZZeitpunkt,
  bis: ZZeitpunkt,
  informationstext: ZText.optional(),
  sicherheitsrelevant: z.boolean().default(false),
  /** accepted moves: booking id → vehicle id of the proposal */
  umbuchungen: z
    .array(z.object({ buchungId: z.uuid(), fahrzeugId: z.uuid() }))
    .max(500)
    .default([]),
});
export type TFahrzeugSperreEingabe = z.infer<typeof ZFahrzeugSperreEingabe>;

/** What the current user may do with a booking (policy.ts `abilitiesFor`). */
export const ZFahrzeugBuchungAbilities = z.object({
  kannAendern: z.boolean(),
  kannStornieren: z.boolean(),
  kannFreigeben: z.boolean(),
  kannAblehnen: z.boolean(),
  kannEinchecken: z.boolean(),
  kannAuschecken: z.boolean(),
  wartetAufFreigabe: z.boolean(),
  freigegeben: z.boolean(),
});
export type TFahrzeugBuchungAbilities = z.infer<typeof ZFahrzeugBuchungAbilities>;

/** One weekday row of a vehicle's window: weekday 0–6 or its name (`sonntags` … `samstags`). */
export const ZBuchungsfensterZeile = z.object({
  wochentag: z.union([z.number().int().min(0).max(6), z.enum(WOCHENTAG_NAMEN)]),
  von: singleLineText().max(20),
  bis: singleLineText().max(20),
  geoeffnet: z.boolean(),
});
export type TBuchungsfensterZeile = z.infer<typeof ZBuchungsfensterZeile>;
