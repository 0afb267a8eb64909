/**
 * API contract of the fleet administration (`/admin/fahrzeuge`, right `fahrzeug_pflege`): every
 * field of spec §3 `fahrzeug` plus its per-weekday opening times (`fahrzeug_oeffnungszeit`), the preview of
 * the bookings a change cancels, and the photo. `Z*` zod schemas, `T*` their types. Decision 048.
 */
import { z } from 'zod';
import { LIMITS } from '../../api.ts';
import { ZDayInput, ZDayValue, ZTimeInput } from '../../date-input.ts';
import { BUCHUNG_STATUS, FAHRZEUG_BUCHUNG_TYP } from '../../status.ts';
import { singleLineText } from '../../text-input.ts';
import { WOCHENTAG_NAMEN } from '../../time.ts';
import { FUEHRERSCHEIN_KLASSEN } from '../fuehrerschein/rules.ts';
import { parseWochentag } from './buchungsfenster.ts';

const ZPflicht = singleLineText().trim().min(1).max(LIMITS.name);
/** An optional text: empty means none (stored as null). */
const ZOptional = singleLineText()
  .trim()
  .max(LIMITS.name)
  .nullish()
  .transform((s) => (s ? s : null));
const ZAnzahl = (max: number) =>
  z
    .number()
    .int()
    .min(0)
    .max(max)
    .nullish()
    .transform((n) => n ?? null);

/**
 * A weekday as the number 0 (Sunday) … 6 (Saturday) or as the spec's name (`sonntags` … `samstags`, spec
 * §5); always answered as the number.
 */
export const ZWochentag = z
  .union([z.number().int().min(0).max(6), z.enum(WOCHENTAG_NAMEN)])
  .transform((wert) => parseWochentag({ wert }) ?? 0);

/** One per-weekday row of the vehicle's opening times (`oeffnungszeit` of its `fahrzeug_oeffnungszeit`). */
export const ZFahrzeugOeffnungszeitZeile = z.object({
  wochentag: ZWochentag,
  von: ZTimeInput,
  bis: ZTimeInput,
  geoeffnet: z.boolean(),
});

/** POST /api/admin/fahrzeuge, and the vehicle part of PUT and of the preview. */
export const ZFahrzeugAdminEingabe = z
  .object({
    standortId: z.uuid(),
    kategorie: ZOptional,
    marke: ZPflicht,
    modell: ZPflicht,
    kennzeichen: ZPflicht,
    kraftstoff: ZOptional,
    /** kW */
    leistung: ZAnzahl(2000),
    getriebe: ZOptional,
    /** trunk size in bags */
    kofferraum: ZAnzahl(50),
    sitze: ZAnzahl(99),
    tueren: ZAnzahl(10),
    farbe: ZOptional,
    fuehrerscheinklasse: z.enum(FUEHRERSCHEIN_KLASSEN),
    klimaanlage: z.boolean().default(false),
    navigation: z.boolean().default(false),
    tempomat: z.boolean().default(false),
    sitzheizung: z.boolean().default(false),
    /** validity: calendar days (Europe/Berlin), from 00:00 of `gueltigVon` to 23:59 of `gueltigBis` */
    gueltigVon: ZDayInput.nullish().transform((s) => s ?? null),
    gueltigBis: ZDayInput.nullish().transform((s) => s ?? null),
    /** next general inspection (HU) and yearly UVV inspection, calendar days (decision 068) */
    huFaelligAm: ZDayInput.nullish().transform((s) => s ?? null),
    uvvFaelligAm: ZDayInput.nullish().transform((s) => s ?? null),
    /** booking window: `HH:mm` from/to on the listed weekdays (none listed: every day) */
    buchungszeitraumVon: ZTimeInput.nullish().transform((s) => (s ? s : null)),
    buchungszeitraumBis: ZTimeInput.nullish().transform((s) => (s ? s : null)),
    buchungszeitraumWochentage: z.array(ZWochentag).max(7).default([]),
    buchungAusserhalbMoeglich: z.boolean().default(false),
    /**
     * per-weekday opening times; when given they decide the window instead of the three fields above. Left out,
     * the stored rows stay as they are, so saving the simple window keeps them; `[]` removes them.
     */
    oeffnungszeiten: z.array(ZFahrzeugOeffnungszeitZeile).max(7).optional(),
    deaktiviert: z.boolean().default(false),
  })
  .refine((f) => !f.gueltigVon || !f.gueltigBis || f.gueltigVon <= f.gueltigBis, {
    message: 'validation.von_vor_bis',
    path: ['gueltigBis'],
  })
  .refine((f) => !f.buchungszeitraumVon === !f.buchungszeitraumBis, {
    message: 'validation.von_bis_zusammen',
    path: ['buchungszeitraumBis'],
  });
export type TFahrzeugAdminEingabe = z.infer<typeof ZFahrzeugAdminEingabe>;
export type TFahrzeugAdminEingabeRoh = z.input<typeof ZFahrzeugAdminEingabe>;

/**
 * PUT /api/admin/fahrzeuge/{id}: the new vehicle, the old vehicle data the dialog was opened with (`alt`,
 * its `updatedAt`: without it the update is refused with the spec's message, when it changed since the answer
 * is 409) and the bookings the user confirmed to cancel (`bestaetigteStornos`, from the preview).
 */
export const ZFahrzeugAdminAenderung = z.object({
  fahrzeug: ZFahrzeugAdminEingabe,
  alt: z.object({ updatedAt: z.string().min(1).max(40) }).nullish(),
  bestaetigteStornos: z.array(z.uuid()).max(5000).default([]),
});
export type TFahrzeugAdminAenderung = z.infer<typeof ZFahrzeugAdminAenderung>;
export type TFahrzeugAdminAenderungRoh = z.input<typeof ZFahrzeugAdminAenderung>;

/** A vehicle as the administration sees it, deactivated ones included. */
export const ZFahrzeugAdmin = z.object({
  id: z.uuid(),
  standort: z.object({ id: z.uuid(), name: z.string().max(LIMITS.name) }),
  kategorie: z.string().max(LIMITS.name).nullable(),
  marke: z.string().max(LIMITS.name),
  modell: z.string().max(LIMITS.name),
  kennzeichen: z.string().max(LIMITS.name),
  kraftstoff: z.string().max(LIMITS.name).nullable(),
  leistung: z.number().int().nullable(),
  getriebe: z.string().max(LIMITS.name).nullable(),
  kofferraum: z.number().int().nullable(),
  sitze: z.number().int().nullable(),
  tueren: z.number().int().nullable(),
  farbe: z.string().max(LIMITS.name).nullable(),
  fuehrerscheinklasse: z.string().max(LIMITS.name),
  klimaanlage: z.boolean(),
  navigation: z.boolean(),
  tempomat: z.boolean(),
  sitzheizung: z.boolean(),
  gueltigVon: ZDayValue.nullable(),
  gueltigBis: ZDayValue.nullable(),
  huFaelligAm: ZDayValue.nullable(),
  uvvFaelligAm: ZDayValue.nullable(),
  buchungszeitraumVon: z.string().max(5).nullable(),
  buchungszeitraumBis: z.string().max(5).nullable(),
  buchungszeitraumWochentage: z.array(z.number().int()).max(7),
  buchungAusserhalbMoeglich: z.boolean(),
  oeffnungszeiten: z
    .array(
      z.object({
        wochentag: z.number().int(),
        von: z.string().max(5),
        bis: z.string().max(5),
        geoeffnet: z.boolean(),
      }),
    )
    .max(7),
  /**
   * the validity of the opening-time set the weekday rows belong to (spec §3 `fahrzeug_oeffnungszeit.gueltig_von`,
   * `gueltig_bis`; the set starts with the vehicle's `gueltigVon`, `gueltigBis` stays open); both null without rows
   */
  oeffnungszeitenGueltigVon: ZDayValue.nullable(),
  oeffnungszeitenGueltigBis: ZDayValue.nullable(),
  deaktiviert: z.boolean(),
  /** the photo (bucket `fahrzeuge`), served through /api/dateien/{id} after the tenant check */
  bildUrl: z.string().max(LIMITS.path).nullable(),
  /** bookings and blocks not cancelled that have not ended yet */
  offeneBuchungen: z.number().int(),
  /** no booking and no history entry at all: only then may it be deleted for good */
  loeschbar: z.boolean(),
  /** a favourite of the tenant (FahrzeugLieblingsFahrzeuge, tenant level): first in every user's list */
  favorit: z.boolean(),
  /** the version the edit dialog sends back as `alt.updatedAt` */
  updatedAt: z.string().max(40),
});
export type TFahrzeugAdmin = z.infer<typeof ZFahrzeugAdmin>;
/** PUT /api/admin/fahrzeuge/{id}/favorit: mark or unmark a favourite of the tenant. */
export const ZFahrzeugFavoritEingabe = z.object({ favorit: z.boolean() });
export type TFahrzeugFavoritEingabe = z.infer<typeof ZFahrzeugFavoritEingabe>;
export const ZFahrzeugAdminListe = z.array(ZFahrzeugAdmin).max(5000);

/** A booking a change would cancel, as the confirmation lists it. */
export const ZFahrzeugStornoVorschauBuchung = z.object({
  id: z.uuid(),
  von: z.string().max(40),
  bis: z.string().max(40),
  typ: z.enum(FAHRZEUG_BUCHUNG_TYP),
  status: z.enum(BUCHUNG_STATUS),
  buchender: z.string().max(LIMITS.name * 2 + 1),
});

/** POST /api/admin/fahrzeuge/{id}/vorschau: what saving would cancel, and with which reason (spec §4). */
export const ZFahrzeugStornoVorschau = z.object({
  grund: z.string().max(LIMITS.message).nullable(),
  buchungen: z.array(ZFahrzeugStornoVorschauBuchung).max(5000),
});
export type TFahrzeugStornoVorschau = z.infer<typeof ZFahrzeugStornoVorschau>;

/** PUT answer: the saved vehicle and how many bookings were cancelled. */
export const ZFahrzeugAdminGespeichert = z.object({ fahrzeug: ZFahrzeugAdmin, storniert: z.number().int() });
export type TFahrzeugAdminGespeichert = z.infer<typeof ZFahrzeugAdminGespeichert>;

/** GET /api/admin/fahrzeuge/standorte: the locations a vehicle can stand at (for the dialog's choice). */
export const ZFahrzeugStandortListe = z
  .array(z.object({ id: z.uuid(), name: z.string().max(LIMITS.name) }))
  .max(5000);
export type TFahrzeugStandortListe = z.infer<typeof ZFahrzeugStandortListe>;
