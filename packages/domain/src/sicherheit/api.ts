/** API contract of two-factor sign-in and sessions (`/api/sicherheit`, issue 11). */
import { z } from 'zod';
import { singleLineText } from '../text-input.ts';
import { ABMELDE_SCOPES } from './sitzung.ts';
import { ZWEI_FAKTOR_PFLICHTEN } from './zwei-faktor.ts';

const ZId = z.string().min(1).max(100);
const ZInstant = z.string().max(40);

/** Longest friendly name of a factor. */
export const MAX_FAKTOR_NAME = 60;

/** The user's two-factor state in `GET /api/me`: what the tenant requires and whether a factor is confirmed. */
export const ZZweiFaktorStand = z.object({
  pflicht: z.enum(ZWEI_FAKTOR_PFLICHTEN),
  erforderlich: z.boolean(),
  eingerichtet: z.boolean(),
  mussEinrichten: z.boolean(),
});
export type TZweiFaktorStand = z.infer<typeof ZZweiFaktorStand>;

/** An MFA factor (spec §3): friendly name, type, verified. */
export const ZFaktor = z.object({
  id: ZId,
  friendlyName: z.string().max(MAX_FAKTOR_NAME).nullable(),
  factorType: z.enum(['totp']),
  verified: z.boolean(),
  createdAt: ZInstant.nullable(),
});
export type TFaktor = z.infer<typeof ZFaktor>;

export const ZFaktoren = ZZweiFaktorStand.extend({
  faktoren: z.array(ZFaktor).max(10),
  /** Unused backup codes of the confirmed factor; null without one. */
  backupCodesUebrig: z.number().int().min(0).max(100).nullable(),
});
export type TFaktoren = z.infer<typeof ZFaktoren>;

export const ZFaktorId = z.object({ id: ZId });

export const ZFaktorName = z.object({
  friendlyName: singleLineText().trim().min(1).max(MAX_FAKTOR_NAME),
});
export type TFaktorName = z.infer<typeof ZFaktorName>;

/** An active session of the user (spec §7 sessions): device, address, when it was opened and last used. */
export const ZSitzung = z.object({
  id: ZId,
  browser: z.string().max(100).nullable(),
  system: z.string().max(100).nullable(),
  ipAddress: z.string().max(100).nullable(),
  erstellt: ZInstant,
  zuletztAktiv: ZInstant,
  diesesGeraet: z.boolean(),
});
export type TSitzung = z.infer<typeof ZSitzung>;

export const ZSitzungen = z.object({ items: z.array(ZSitzung).max(1000) });
export type TSitzungen = z.infer<typeof ZSitzungen>;

/** Sign-out scopes of spec §7: this device, all devices, all other devices. */
export const ZAbmelden = z.object({ scope: z.enum(ABMELDE_SCOPES) });
export type TAbmelden = z.infer<typeof ZAbmelden>;

export const ZAbmeldenErgebnis = z.object({ beendet: z.number().int().min(0) });
export type TAbmeldenErgebnis = z.infer<typeof ZAbmeldenErgebnis>;

/** The administrator's reset of a user's factors (lost phone). */
export const ZFaktorenZurueckgesetzt = z.object({
  faktoren: z.number().int().min(0),
  sitzungen: z.number().int().min(0),
});
export type TFaktorenZurueckgesetzt = z.infer<typeof ZFaktorenZurueckgesetzt>;
