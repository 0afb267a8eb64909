/**
 * API contract of vehicle booking: the vehicle list with `frei` for a period, a vehicle with its
 * upcoming bookings, and the booking calls. `Z*` zod schemas, `T*` their types. Times are ISO 8601 instants
 * with offset; the server works in Europe/Berlin. The request body of a booking is `ZFahrzeugBuchungEingabe`
 * (schemas.ts); each booking carries the current user's abilities (`aktionen`, policy.ts).
 */
import { z } from 'zod';
import { LIMITS } from '../../api.ts';
import { BUCHUNG_STATUS, FAHRZEUG_BUCHUNG_TYP } from '../../status.ts';
import { ZFahrzeugBuchungAbilities, ZZeitpunkt } from './schemas.ts';
import { GESCHLOSSEN_GRUENDE, ZEITLEISTE_MAX_TAGE } from './zeitleiste.ts';

const ZInstant = z.string().max(40);
const ZName = z.string().max(LIMITS.name);
const ZText = z.string().max(LIMITS.message);
const ZDay = z.string().max(10);
/** `true`/`false` in a query string. */
const ZQueryBoolean = z.enum(['true', 'false']).transform((s) => s === 'true');

/** GET /api/fahrzeuge: with `von` and `bis` each vehicle says whether it is free for that period. */
export const ZFahrzeugListeQuery = z
  .object({
    von: ZZeitpunkt.optional(),
    bis: ZZeitpunkt.optional(),
    standortId: z.uuid().optional(),
    /** only vehicles free for the period (needs `von` and `bis`) */
    nurFrei: ZQueryBoolean.default(false),
  })
  .refine((q) => (q.von === undefined) === (q.bis === undefined), {
    message: 'validation.von_bis_zusammen',
    path: ['bis'],
  })
  .refine((q) => !q.nurFrei || q.von !== undefined, {
    message: 'validation.nur_frei_braucht_zeitraum',
    path: ['nurFrei'],
  });
export type TFahrzeugListeQuery = z.infer<typeof ZFahrzeugListeQuery>;

/** A vehicle with its key data as the list and the detail show it. */
export const ZFahrzeug = z.object({
  id: z.uuid(),
  marke: ZName,
  modell: ZName,
  kennzeichen: ZName,
  kategorie: ZName.nullable(),
  kraftstoff: ZName.nullable(),
  /** kW */
  leistung: z.number().int().nullable(),
  getriebe: ZName.nullable(),
  /** trunk size in bags */
  kofferraum: z.number().int().nullable(),
  sitze: z.number().int().nullable(),
  tueren: z.number().int().nullable(),
  farbe: ZName.nullable(),
  fuehrerscheinklasse: ZName,
  klimaanlage: z.boolean(),
  navigation: z.boolean(),
  tempomat: z.boolean(),
  sitzheizung: z.boolean(),
  standort: z.object({ id: z.uuid(), name: ZName }),
  /** the photo (bucket `fahrzeuge`), served after the tenant check */
  bildUrl: z.string().max(LIMITS.path).nullable(),
  gueltigVon: ZDay.nullable(),
  gueltigBis: ZDay.nullable(),
  buchungAusserhalbMoeglich: z.boolean(),
  /** among the tenant's or the user's favourite vehicles (listed first) */
  favorit: z.boolean(),
  /** free for the asked period under every rule; null without a period */
  frei: z.boolean().nullable(),
  /** free, but outside the booking times: a special trip needing approval */
  sonderfahrt: z.boolean(),
  /** why not free: the first broken rule's error code (catalogue), null when free or without a period */
  grund: z.string().max(LIMITS.code).nullable(),
  /** the rule's parameters for the catalogue text of `grund` (e.g. the window's hours), null with it */
  grundParams: z
    .record(z.string().max(LIMITS.code), z.union([z.string().max(LIMITS.name), z.number()]))
    .nullable(),
  /**
   * whether the user may book it for themself (licence record, class, next check, driving ban over the period,
   * the right to book; always true with fahrzeug_fremdbuchung); false marks the car "not bookable for you"
   * instead of 'Frei'
   */
  fuerMichBuchbar: z.boolean(),
  /** why not bookable for the user: the rule's error code (catalogue), null when bookable */
  fuerMichGrund: z.string().max(LIMITS.code).nullable(),
  fuerMichGrundParams: z
    .record(z.string().max(LIMITS.code), z.union([z.string().max(LIMITS.name), z.number()]))
    .nullable(),
});
export type TFahrzeug = z.infer<typeof ZFahrzeug>;

export const ZFahrzeugListe = z.array(ZFahrzeug).max(5000);

/** A vehicle's booking or block as others see it on the vehicle (times only, no personal data). */
export const ZFahrzeugTermin = z.object({
  id: z.uuid(),
  von: ZInstant,
  bis: ZInstant,
  status: z.enum(BUCHUNG_STATUS),
  typ: z.enum(FAHRZEUG_BUCHUNG_TYP),
  /** booked by or for the current user */
  eigene: z.boolean(),
});
export type TFahrzeugTermin = z.infer<typeof ZFahrzeugTermin>;

/** GET /api/fahrzeuge/{id}: the vehicle, its window rows and its upcoming bookings and blocks. */
export const ZFahrzeugDetail = ZFahrzeug.extend({
  /** the weekday rows that apply (0 = Sunday … 6 = Saturday, `HH:mm`) */
  buchungsfenster: z
    .array(z.object({ wochentag: z.number().int(), von: ZName, bis: ZName, geoeffnet: z.boolean() }))
    .max(7),
  termine: z.array(ZFahrzeugTermin).max(2000),
});
export type TFahrzeugDetail = z.infer<typeof ZFahrzeugDetail>;

const ZPerson = z.object({ id: z.uuid(), name: ZName });

/**
 * People to pick in the booking dialog, by name: the drivers the user may book for (spec §6), or the possible
 * approvers of a special trip (users holding fahrzeug_freigabe_von_sonderfahrten).
 */
export const ZFahrzeugPersonListe = z.array(ZPerson).max(10_000);
export type TFahrzeugPerson = z.infer<typeof ZPerson>;

/** A vehicle booking with what the current user may do with it. */
export const ZFahrzeugBuchung = z.object({
  id: z.uuid(),
  fahrzeug: z.object({ id: z.uuid(), marke: ZName, modell: ZName, kennzeichen: ZName }),
  von: ZInstant,
  bis: ZInstant,
  status: z.enum(BUCHUNG_STATUS),
  typ: z.enum(FAHRZEUG_BUCHUNG_TYP),
  buchender: ZPerson,
  /** null: the booker drives */
  fahrer: ZPerson.nullable(),
  anlass: ZText.nullable(),
  zielAdresse: ZText.nullable(),
  zielPerson: ZText.nullable(),
  umweg: ZText.nullable(),
  informationstext: ZText.nullable(),
  /**
   * who cancelled the trip with the cancel action or by rejecting it (decision 149); null while not cancelled and for
   * the system's cancellations (the information text then names the system's reason)
   */
  storniertVon: ZPerson.nullable(),
  mitfahrer: z.array(z.object({ nummer: z.number().int(), name: ZName })).max(20),
  /** the approvers of a special trip; empty for a booking inside the booking times */
  freigeber: z
    .array(ZPerson.extend({ isFreigegeben: z.boolean().nullable(), freigegebenAt: ZInstant.nullable() }))
    .max(20),
  aktionen: ZFahrzeugBuchungAbilities,
  /**
   * Warnings that did not refuse the booking (create and change only): the driver's licence document has
   * expired (`fuehrerschein.dokument_abgelaufen`, decision 050).
   */
  hinweise: z
    .array(
      z.object({
        code: z.string().max(LIMITS.code),
        params: z.record(z.string(), z.union([z.string(), z.number()])),
      }),
    )
    .max(10)
    .optional(),
});
export type TFahrzeugBuchung = z.infer<typeof ZFahrzeugBuchung>;

export const ZFahrzeugBuchungListe = z.array(ZFahrzeugBuchung).max(2000);

/**
 * GET /api/fahrzeug-buchungen: `eigene=true` the bookings the user made or drives; `eigene=false` every
 * booking of the tenant (booking or fleet maintainers only). Without a period, those not yet ended.
 */
export const ZFahrzeugBuchungQuery = z
  .object({
    eigene: ZQueryBoolean.default(true),
    von: ZZeitpunkt.optional(),
    bis: ZZeitpunkt.optional(),
  })
  .refine((q) => !q.von || !q.bis || Date.parse(q.von) < Date.parse(q.bis), {
    message: 'validation.von_vor_bis',
    path: ['bis'],
  });
export type TFahrzeugBuchungQuery = z.infer<typeof ZFahrzeugBuchungQuery>;

// --- timeline of a location (/fahrzeuge/uebersicht, decision 047) -----------------------------------------

/**
 * GET /api/fahrzeuge/belegung: the timeline of one location for a period of at most
 * `ZEITLEISTE_MAX_TAGE` days. Without `standortId` the first location (by name) that has active vehicles.
 */
export const ZFahrzeugBelegungQuery = z
  .object({
    standortId: z.uuid().optional(),
    von: ZZeitpunkt,
    bis: ZZeitpunkt,
  })
  .refine((q) => Date.parse(q.von) < Date.parse(q.bis), { message: 'validation.von_vor_bis', path: ['bis'] })
  .refine((q) => Date.parse(q.bis) - Date.parse(q.von) <= ZEITLEISTE_MAX_TAGE * 86_400_000, {
    message: 'validation.zeitraum_zu_lang',
    params: { tage: ZEITLEISTE_MAX_TAGE },
    path: ['bis'],
  });
export type TFahrzeugBelegungQuery = z.infer<typeof ZFahrzeugBelegungQuery>;

/** A closed time of a vehicle in the period (zeitleiste.ts `geschlosseneZeiten`). */
export const ZGeschlosseneZeit = z.object({
  von: ZInstant,
  bis: ZInstant,
  grund: z.enum(GESCHLOSSEN_GRUENDE),
  /** outside the window, but bookable as a special trip needing approval */
  sonderfahrt: z.boolean(),
});

/** One row of the timeline: the vehicle, its bookings and blocks (times only) and its closed times. */
export const ZFahrzeugBelegungZeile = ZFahrzeug.pick({
  id: true,
  marke: true,
  modell: true,
  kennzeichen: true,
  kategorie: true,
  fuehrerscheinklasse: true,
  sitze: true,
}).extend({
  termine: z.array(ZFahrzeugTermin).max(2000),
  geschlossen: z.array(ZGeschlosseneZeit).max(100),
});
export type TFahrzeugBelegungZeile = z.infer<typeof ZFahrzeugBelegungZeile>;

export const ZFahrzeugBelegung = z.object({
  /** the locations with active vehicles, by name (the page's location choice) */
  standorte: z.array(z.object({ id: z.uuid(), name: ZName })).max(1000),
  /** the location shown; null when the tenant has no active vehicle */
  standortId: z.uuid().nullable(),
  von: ZInstant,
  bis: ZInstant,
  fahrzeuge: z.array(ZFahrzeugBelegungZeile).max(5000),
});
export type TFahrzeugBelegung = z.infer<typeof ZFahrzeugBelegung>;
