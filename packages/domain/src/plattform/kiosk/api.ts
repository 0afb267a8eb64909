/** API contract of the kiosks (decisions 182, 183): pairing a device, its own status, the admin list, check-in. */
import { z } from 'zod';
import { ZLeseraumBuchung } from '../../leseraum/leseraum-buchung/api.ts';
import { EINCHECK_CODE } from './eincheck-code.ts';
import { KIOSK_NAMENSANZEIGE } from './kopplung.ts';
import { KIOSK_PLATZ_ZUSTAENDE } from './tafel.ts';

const ZInstant = z.string().max(40);

/** The device token (and the secret an unpaired device holds): `kio_` and 43 base64url characters. */
export const KIOSK_TOKEN_PATTERN = /^kio_[A-Za-z0-9_-]{43}$/;
/** The header a device sends its token in. */
export const KIOSK_TOKEN_HEADER = 'x-kiosk-token';

/** `POST /api/kiosk/kopplung`: a new pairing code for an unpaired device and the device's secret. */
export const ZKioskKopplung = z.object({
  /** as shown: `ABCD-EFGH` */
  code: z.string().max(20),
  /** kept by the device; becomes its device token once an administrator entered the code */
  geheimnis: z.string().max(60),
  gueltigBis: ZInstant,
});
export type TKioskKopplung = z.infer<typeof ZKioskKopplung>;

/** What a kiosk shows: set by the administrator when pairing or later. */
export const ZKioskEinstellung = z.object({
  bezeichnung: z.string().trim().min(1).max(100),
  standortId: z.uuid(),
  /** floor plans in rotation order; empty: all active plans of the location */
  grundrissIds: z.array(z.uuid()).max(20),
  namensanzeige: z.enum(KIOSK_NAMENSANZEIGE),
  fahrzeuge: z.boolean(),
  sprache: z.enum(['de', 'en']),
});
export type TKioskEinstellung = z.infer<typeof ZKioskEinstellung>;

/** `POST /api/admin/kiosks`: pair the device showing `code`. */
export const ZKioskKoppeln = ZKioskEinstellung.extend({ code: z.string().max(40) });
export type TKioskKoppeln = z.infer<typeof ZKioskKoppeln>;

/** A kiosk in the admin list. */
export const ZKiosk = ZKioskEinstellung.extend({
  id: z.uuid(),
  standortName: z.string(),
  letzterKontaktAt: ZInstant.nullable(),
  online: z.boolean(),
  version: z.string().nullable(),
  gekoppeltAt: ZInstant,
  widerrufenAt: ZInstant.nullable(),
});
export type TKiosk = z.infer<typeof ZKiosk>;
export const ZKioskListe = z.object({ kiosks: z.array(ZKiosk) });
export type TKioskListe = z.infer<typeof ZKioskListe>;

/** `GET /api/kiosk/geraet`: the device's own settings; `neuerToken` when its token was just rotated. */
export const ZKioskGeraet = ZKioskEinstellung.extend({
  id: z.uuid(),
  standortName: z.string(),
  neuerToken: z.string().nullable(),
});
export type TKioskGeraet = z.infer<typeof ZKioskGeraet>;

/** A place on the board: its state now (decision 207), until when, and a name only when the kiosk allows it. */
export const ZKioskTafelPlatz = z.object({
  id: z.uuid(),
  bezeichnung: z.string(),
  kapazitaet: z.number().int(),
  position: z.object({ x: z.number(), y: z.number() }).nullable(),
  zustand: z.enum(KIOSK_PLATZ_ZUSTAENDE),
  /** when this state ends today (free until the next booking, booked until), or null */
  bis: ZInstant.nullable(),
  /** initials or name of the booker, only with the kiosk's setting `initialen` or `namen` */
  name: z.string().nullable(),
});
export type TKioskTafelPlatz = z.infer<typeof ZKioskTafelPlatz>;

/** A special closure of a plan in the next days (or today). */
export const ZKioskSchliessung = z.object({
  von: z.string().max(10),
  bis: z.string().max(10),
  beschreibung: z.string().nullable(),
});

export const ZKioskTafelPlan = z.object({
  id: z.uuid(),
  bezeichnung: z.string(),
  /** today's opening hours (`HH:mm`), null: closed today */
  oeffnung: z.object({ von: z.string(), bis: z.string() }).nullable(),
  geoeffnet: z.boolean(),
  /** the plan has an image, served to the device by `/api/kiosk/tafel/plaene/{id}/bild` */
  hatBild: z.boolean(),
  frei: z.number().int(),
  gesamt: z.number().int(),
  plaetze: z.array(ZKioskTafelPlatz),
  schliessungen: z.array(ZKioskSchliessung),
});
export type TKioskTafelPlan = z.infer<typeof ZKioskTafelPlan>;

export const ZKioskTafelFahrzeug = z.object({
  id: z.uuid(),
  bezeichnung: z.string(),
  kennzeichen: z.string(),
  frei: z.boolean(),
  zurueckAm: ZInstant.nullable(),
});
export type TKioskTafelFahrzeug = z.infer<typeof ZKioskTafelFahrzeug>;

/** `GET /api/kiosk/tafel`: what the paired screen shows now (decision 207). */
export const ZKioskTafel = z.object({
  kiosk: z.object({
    id: z.uuid(),
    bezeichnung: z.string(),
    sprache: z.enum(['de', 'en']),
    namensanzeige: z.enum(KIOSK_NAMENSANZEIGE),
  }),
  standort: z.object({ id: z.uuid(), name: z.string() }),
  jetzt: ZInstant,
  /** the Berlin day, `YYYY-MM-DD` */
  tag: z.string().max(10),
  plaene: z.array(ZKioskTafelPlan),
  /** null: the strip is off for this kiosk or the tenant does not book vehicles */
  fahrzeuge: z.array(ZKioskTafelFahrzeug).nullable(),
  /** the check-in QR's target (decision 183): `/kiosk/einchecken?c=<code>`, a new code each minute */
  eincheckUrl: z.string(),
  eincheckGueltigBis: ZInstant,
  /** the device token, when it was just rotated (as in `/api/kiosk/geraet`) */
  neuerToken: z.string().nullable(),
});
export type TKioskTafel = z.infer<typeof ZKioskTafel>;

/** `POST /api/kiosk/einchecken`: a signed-in person redeems the check-in code scanned at a kiosk (decision 183). */
export const ZKioskEinchecken = z.object({ code: z.string().max(EINCHECK_CODE.maxLaenge) });
export type TKioskEinchecken = z.infer<typeof ZKioskEinchecken>;

/** The booking checked in to, and the kiosk's location. */
export const ZKioskEingecheckt = z.object({
  buchung: ZLeseraumBuchung,
  standortName: z.string(),
});
export type TKioskEingecheckt = z.infer<typeof ZKioskEingecheckt>;
