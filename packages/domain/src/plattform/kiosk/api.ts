/** API contract of the kiosks (decisions 182, 183): pairing a device, its own status, the admin list, check-in. */
import { z } from 'zod';
import { ZLeseraumBuchung } from '../../leseraum/leseraum-buchung/api.ts';
import { EINCHECK_CODE } from './eincheck-code.ts';
import { KIOSK_NAMENSANZEIGE } from './kopplung.ts';

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

/** `POST /api/kiosk/einchecken`: a signed-in person redeems the check-in code scanned at a kiosk (decision 183). */
export const ZKioskEinchecken = z.object({ code: z.string().max(EINCHECK_CODE.maxLaenge) });
export type TKioskEinchecken = z.infer<typeof ZKioskEinchecken>;

/** The booking checked in to, and the kiosk's location. */
export const ZKioskEingecheckt = z.object({
  buchung: ZLeseraumBuchung,
  standortName: z.string(),
});
export type TKioskEingecheckt = z.infer<typeof ZKioskEingecheckt>;
