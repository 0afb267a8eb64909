import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { DomainError } from '@stellwerk/domain/errors';
import type { TTelefonFaktorAngelegt, TTelefonFaktorNeu } from '@stellwerk/domain/identitaet/sicherheit/api';
import {
  maskiereTelefonnummer,
  normalisiereTelefonnummer,
  SMS_CODE_MINUTEN,
  SMS_CODE_STELLEN,
  smsText,
} from '@stellwerk/domain/identitaet/sicherheit/telefon';
import { parseLanguage } from '@stellwerk/domain/language';
import { nichtGefunden } from '@stellwerk/domain/nicht-gefunden';
import { stringCustomizing } from '@stellwerk/domain/verwaltung/customizing';
import type { Database, Tx } from '../../../db/client.ts';
import { loadEffectiveCustomizing } from '../../verwaltung/customizing/customizing.service.ts';
import { pruefeSmsLimit, type SmsDeps, sendeSms } from '../sms/sms.service.ts';
import type { SessionUser } from './auth.context.ts';
import { protokolliereSelbst, SICHERHEIT_ENTITAETEN } from './auth.protokoll.ts';
import { findBenutzerByAuthUserId, hasConfirmedFactor } from './auth.repository.ts';
import {
  aendereTelefonCode,
  bestaetigeTelefonFaktorRow,
  ersetzeUnbestaetigtenTelefonFaktor,
  findTelefonCode,
  findTelefonFaktor,
  findTelefonFaktoren,
  loescheTelefonCode,
  loescheTelefonFaktor,
  setzeZweiFaktorAn,
  speichereTelefonCode,
} from './auth.telefon.repository.ts';

/**
 * The phone factor (spec §3 MFA factor `phone`, §7 factors and challenges, decision 083): enrol a mobile number
 * with a first code sent by SMS, send the code again, confirm, remove; and the code at sign-in, which
 * better-auth's two-factor plugin asks for (`sendOTP`).
 */
export type TelefonDeps = {
  database: Database;
  sms: Omit<SmsDeps, 'database'>;
  now: () => Date;
};

/** The sign-in code's SMS being sent inside better-auth's `send-otp`: where its failure is kept for the plugin. */
export const smsVersand = new AsyncLocalStorage<{ fehler?: unknown }>();

/** Wrong codes before a phone factor's enrolment code is used up (a new one must be requested). */
const MAX_VERSUCHE = 5;

const hash = (code: string) => createHash('sha256').update(code).digest('hex');

const neuerCode = () => String(randomInt(0, 10 ** SMS_CODE_STELLEN)).padStart(SMS_CODE_STELLEN, '0');

type Gespeichert = { hash: string; versuche: number };

const leseGespeichert = (value: string): Gespeichert | null => {
  try {
    const parsed = JSON.parse(value) as Partial<Gespeichert>;
    return typeof parsed.hash === 'string' && typeof parsed.versuche === 'number'
      ? { hash: parsed.hash, versuche: parsed.versuche }
      : null;
  } catch {
    return null;
  }
};

/**
 * better-auth asks for a second factor at sign-in while `user.two_factor_enabled` is set: on while the login has a
 * confirmed authenticator app or phone factor.
 */
export const aktualisiereZweiFaktorAn = async (tx: Tx, authUserId: string, now: Date): Promise<void> => {
  await setzeZweiFaktorAn(tx, authUserId, await hasConfirmedFactor(tx, authUserId), now);
};

/** The person behind a login with their tenant and language, for the SMS. */
const empfaengerVon = async (database: Database, authUserId: string) => {
  const found = await database.withAllTenants((tx) => findBenutzerByAuthUserId(tx, authUserId));
  if (!found) return null;
  const language = await database.withTenant(found.mandantId, async (tx) =>
    parseLanguage(stringCustomizing(await loadEffectiveCustomizing(tx, found.id), 'Sprache')),
  );
  return { ...found, language };
};

const sendeCode = async (
  deps: TelefonDeps,
  authUserId: string,
  telefonnummer: string,
  code: string,
): Promise<void> => {
  const empfaenger = await empfaengerVon(deps.database, authUserId);
  if (!empfaenger) throw nichtGefunden('telefon', authUserId);
  await pruefeSmsLimit(
    deps.database,
    { mandantId: empfaenger.mandantId, benutzerId: empfaenger.id },
    deps.now(),
  );
  const { text, ohneCode } = smsText(code, empfaenger.language === 'en' ? 'en' : 'de');
  await sendeSms(
    { ...deps.sms, database: deps.database },
    { mandantId: empfaenger.mandantId, benutzerId: empfaenger.id, an: telefonnummer, text, ohneCode },
  );
};

const merkeCode = (tx: Tx, id: string, code: string, now: Date) =>
  speichereTelefonCode(
    tx,
    id,
    JSON.stringify({ hash: hash(code), versuche: 0 } satisfies Gespeichert),
    new Date(now.getTime() + SMS_CODE_MINUTEN * 60_000),
    now,
  );

const verlangeSms = (deps: TelefonDeps) => {
  if (!deps.sms.smsUrl) throw new DomainError('sicherheit.sms_nicht_verfuegbar');
};

/**
 * Enrols a phone factor (spec §7 POST /factors, factor_type phone): the number, in E.164 form, gets a code by
 * SMS; the factor counts once the code is confirmed. An earlier unconfirmed phone factor is replaced. Only
 * with an SMS gateway (`SMS_URL`).
 */
export const legeTelefonFaktorAn = async (
  deps: TelefonDeps,
  sessionUser: SessionUser,
  input: TTelefonFaktorNeu,
): Promise<TTelefonFaktorAngelegt> => {
  verlangeSms(deps);
  const nummer = normalisiereTelefonnummer(input.telefonnummer);
  if (!nummer) throw new DomainError('sicherheit.telefonnummer_ungueltig');
  const id = crypto.randomUUID();
  const code = neuerCode();
  const now = deps.now();
  await deps.database.withoutTenant(async (tx) => {
    await ersetzeUnbestaetigtenTelefonFaktor(tx, {
      id,
      userId: sessionUser.authUserId,
      telefonnummer: nummer,
      friendlyName: input.friendlyName?.trim() || null,
      createdAt: now,
    });
    await merkeCode(tx, id, code, now);
  });
  await sendeCode(deps, sessionUser.authUserId, nummer, code);
  return { id, telefon: maskiereTelefonnummer(nummer) };
};

const findeEigenen = async (tx: Tx, authUserId: string, id: string) => {
  const row = await findTelefonFaktor(tx, authUserId, id);
  if (!row) throw nichtGefunden('telefon', id);
  return row;
};

/** Sends a new code to an unconfirmed phone factor (spec §7 POST /factors/{id}/challenge, channel sms). */
export const sendeTelefonCodeErneut = async (
  deps: TelefonDeps,
  sessionUser: SessionUser,
  id: string,
): Promise<void> => {
  verlangeSms(deps);
  const code = neuerCode();
  const row = await deps.database.withoutTenant(async (tx) => {
    const found = await findeEigenen(tx, sessionUser.authUserId, id);
    if (found.verified) throw new DomainError('validation.failed', { id: 'bestaetigt' });
    await merkeCode(tx, id, code, deps.now());
    return found;
  });
  await sendeCode(deps, sessionUser.authUserId, row.telefonnummer, code);
};

/**
 * Confirms a phone factor with the code from the SMS (spec §7 POST /factors/{id}/verify): a wrong or expired
 * code answers `sicherheit.code_falsch`; after five wrong codes a new one must be requested. Confirmed, the
 * sign-in asks for a second factor.
 */
export const bestaetigeTelefonFaktor = async (
  deps: TelefonDeps,
  sessionUser: SessionUser,
  id: string,
  code: string,
): Promise<void> => {
  const now = deps.now();
  const ok = await deps.database.withoutTenant(async (tx) => {
    await findeEigenen(tx, sessionUser.authUserId, id);
    const stored = await findTelefonCode(tx, id);
    const gespeichert = stored ? leseGespeichert(stored.value) : null;
    if (!stored || !gespeichert || stored.expiresAt <= now || gespeichert.versuche >= MAX_VERSUCHE)
      return false;
    const expected = Buffer.from(gespeichert.hash, 'hex');
    const given = Buffer.from(hash(code.replace(/\s/g, '')), 'hex');
    if (!timingSafeEqual(expected, given)) {
      await aendereTelefonCode(
        tx,
        stored.id,
        JSON.stringify({ ...gespeichert, versuche: gespeichert.versuche + 1 }),
        now,
      );
      return false;
    }
    await loescheTelefonCode(tx, stored.id);
    const faktor = await findeEigenen(tx, sessionUser.authUserId, id);
    await bestaetigeTelefonFaktorRow(tx, id);
    await aktualisiereZweiFaktorAn(tx, sessionUser.authUserId, now);
    await protokolliereSelbst(tx, sessionUser, {
      entity: SICHERHEIT_ENTITAETEN.faktor,
      action: 'faktor_hinzugefuegt',
      newValue: {
        art: 'telefon',
        name: faktor.friendlyName,
        telefon: maskiereTelefonnummer(faktor.telefonnummer),
      },
    });
    return true;
  });
  if (!ok) throw new DomainError('sicherheit.code_falsch');
};

/** Removes one of the user's phone factors; the sign-in then asks for a code only while another factor remains. */
export const entferneTelefonFaktor = async (
  deps: TelefonDeps,
  sessionUser: SessionUser,
  id: string,
): Promise<void> => {
  await deps.database.withoutTenant(async (tx) => {
    const faktor = await findeEigenen(tx, sessionUser.authUserId, id);
    await loescheTelefonFaktor(tx, id);
    await aktualisiereZweiFaktorAn(tx, sessionUser.authUserId, deps.now());
    if (faktor.verified)
      await protokolliereSelbst(tx, sessionUser, {
        entity: SICHERHEIT_ENTITAETEN.faktor,
        action: 'faktor_entfernt',
        oldValue: {
          art: 'telefon',
          name: faktor.friendlyName,
          telefon: maskiereTelefonnummer(faktor.telefonnummer),
        },
      });
  });
};

/** The confirmed number a sign-in code goes to, or null. */
export const anmeldeTelefonVon = async (database: Database, authUserId: string): Promise<string | null> =>
  database.withoutTenant(async (tx) => {
    const rows = await findTelefonFaktoren(tx, authUserId);
    return rows.find((r) => r.verified)?.telefonnummer ?? null;
  });

/** better-auth's `sendOTP`: the sign-in code by SMS to the login's confirmed phone factor. */
export const sendeAnmeldeCode = async (
  deps: TelefonDeps,
  authUserId: string,
  code: string,
): Promise<void> => {
  const nummer = await anmeldeTelefonVon(deps.database, authUserId);
  if (!nummer) throw new DomainError('sicherheit.kein_telefon');
  await sendeCode(deps, authUserId, nummer, code);
};
