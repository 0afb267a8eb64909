/** API contract of two-factor sign-in and sessions (`/api/sicherheit`). */
import { z } from 'zod';
import { singleLineText } from '../../text-input.ts';
import { IDENTITAET_ARTEN } from './identitaet.ts';
import { ABMELDE_SCOPES } from './sitzung.ts';
import { ZWEI_FAKTOR_PFLICHTEN } from './zwei-faktor.ts';

/** Ids of factors, sessions and identities: letters, digits, `-`, `_`, `.` and `:` (never a control character). */
const ZId = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9_.:-]+$/);
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
  factorType: z.enum(['totp', 'phone']),
  verified: z.boolean(),
  createdAt: ZInstant.nullable(),
  /** For a phone factor: the number, masked (decision 083). */
  telefon: z.string().max(40).nullable(),
});
export type TFaktor = z.infer<typeof ZFaktor>;

export const ZFaktoren = ZZweiFaktorStand.extend({
  faktoren: z.array(ZFaktor).max(10),
  /** Whether SMS codes can be sent (SMS_URL set): only then is a phone factor offered. */
  smsVerfuegbar: z.boolean(),
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

export const ZSitzungId = z.object({ id: ZId });

/** Ends one chosen session; `diesesGeraet` says it was this one (then the user is signed out). */
export const ZSitzungBeendet = z.object({ diesesGeraet: z.boolean() });
export type TSitzungBeendet = z.infer<typeof ZSitzungBeendet>;

/** Confirms the password before a factor is added that cannot carry it (a passkey), for five minutes. */
export const ZPasswortBestaetigen = z.object({ passwort: z.string().min(1).max(1000) });
export type TPasswortBestaetigen = z.infer<typeof ZPasswortBestaetigen>;

/** A user's passkey as the user administration sees it (decision 100): name and dates, never the key. */
export const ZAdminPasskey = z.object({
  id: ZId,
  name: z.string().max(200).nullable(),
  deviceType: z.string().max(40).nullable(),
  createdAt: ZInstant.nullable(),
});
export const ZAdminPasskeys = z.object({ items: z.array(ZAdminPasskey).max(100) });
export type TAdminPasskeys = z.infer<typeof ZAdminPasskeys>;
export const ZAdminPasskeyParams = z.object({ id: z.uuid(), passkeyId: ZId });

/** The administrator's reset of a user's factors (lost phone). */
export const ZFaktorenZurueckgesetzt = z.object({
  faktoren: z.number().int().min(0),
  sitzungen: z.number().int().min(0),
});
export type TFaktorenZurueckgesetzt = z.infer<typeof ZFaktorenZurueckgesetzt>;

/** A linked identity (spec §7 identities): a way the user signs in, whether it works now and may be unlinked. */
export const ZIdentitaet = z.object({
  id: ZId,
  art: z.enum(IDENTITAET_ARTEN),
  /** The passkey's name; null for the others. */
  name: z.string().max(200).nullable(),
  erstellt: ZInstant.nullable(),
  /** Whether it signs the user in today (a password the tenant switched off does not). */
  nutzbar: z.boolean(),
  /** Whether it may be unlinked: never the last that works. */
  entfernbar: z.boolean(),
});
export type TIdentitaet = z.infer<typeof ZIdentitaet>;

export const ZIdentitaeten = z.object({
  items: z.array(ZIdentitaet).max(100),
  /** The user has no password and the tenant allows one: POST /api/sicherheit/identitaeten/passwort. */
  passwortSetzbar: z.boolean(),
  /** The tenant's identity provider, and whether it can be linked now (the user has no identity there). */
  sso: z
    .object({ providerId: ZId, protokoll: z.enum(['oidc', 'saml']), verknuepfbar: z.boolean() })
    .nullable(),
});
export type TIdentitaeten = z.infer<typeof ZIdentitaeten>;

export const ZIdentitaetId = z.object({ id: ZId });

/** Sets a password for a user who has none yet (e.g. created by single sign-on). */
export const ZPasswortSetzen = z.object({ neuesPasswort: z.string().min(1).max(1000) });
export type TPasswortSetzen = z.infer<typeof ZPasswortSetzen>;

/** Linking the tenant's provider: what the page sends to better-auth's POST /api/auth/sign-in/sso next. */
export const ZSsoVerknuepfung = z.object({ providerId: ZId, callbackURL: z.string().max(200) });
export type TSsoVerknuepfung = z.infer<typeof ZSsoVerknuepfung>;

/** Enrols a phone factor (spec §7 POST /factors with factor_type phone): the number gets a code by SMS. */
export const ZTelefonFaktorNeu = z.object({
  telefonnummer: z.string().trim().min(1).max(40),
  friendlyName: singleLineText().trim().max(MAX_FAKTOR_NAME).optional(),
  /** The user's password (decision 100); without it, a confirmation of the last five minutes is needed. */
  passwort: z.string().min(1).max(1000).optional(),
});
export type TTelefonFaktorNeu = z.infer<typeof ZTelefonFaktorNeu>;

/** A new phone factor, not yet confirmed; the code is on its way. */
export const ZTelefonFaktorAngelegt = z.object({ id: ZId, telefon: z.string().max(40) });
export type TTelefonFaktorAngelegt = z.infer<typeof ZTelefonFaktorAngelegt>;

/** Confirms a phone factor with the code from the SMS (spec §7 POST /factors/{id}/verify). */
export const ZFaktorCode = z.object({ code: z.string().trim().min(1).max(20) });
export type TFaktorCode = z.infer<typeof ZFaktorCode>;

/** One SMS in the outbox (decision 083): masked number, the text without the code, how it went. */
export const ZSmsEintrag = z.object({
  id: z.uuid(),
  an: z.string(),
  text: z.string(),
  status: z.enum(['gesendet', 'fehlgeschlagen', 'protokolliert']),
  fehler: z.string().nullable(),
  createdAt: ZInstant,
});
export const ZSmsAusgang = z.object({ items: z.array(ZSmsEintrag).max(200) });
export type TSmsAusgang = z.infer<typeof ZSmsAusgang>;
