/**
 * The rules of personal access tokens (decision 226): what a token may do, how long it may live, what it looks
 * like, and whether a stored token is still good. Pure; the server keeps only the token's SHA-256.
 */
import type { ErrorCode } from '../../errors.ts';
import { addCalendarDays, berlinDateKey, berlinInstant } from '../../time.ts';

/** `lesen`: free cars and places, own bookings, rules; `buchen`: also book, change, cancel and check in. */
export const ZUGRIFFSTOKEN_RECHTE = ['lesen', 'buchen'] as const;
export type ZugriffstokenRecht = (typeof ZUGRIFFSTOKEN_RECHTE)[number];

/** The furthest last day of a token: a year after the day it is created. */
export const ZUGRIFFSTOKEN_MAX_TAGE = 365;
/** Tokens a user may hold at once (revoked ones do not count). */
export const ZUGRIFFSTOKEN_MAX_ANZAHL = 20;

/** The prefix that says what a token is (and lets secret scanners find one), then 43 base64url characters. */
export const ZUGRIFFSTOKEN_PRAEFIX = 'stw_pat_';
export const ZUGRIFFSTOKEN_PATTERN = /^stw_pat_[A-Za-z0-9_-]{43}$/;

/** How many characters of a token are kept in clear to recognise it in the list. */
export const ZUGRIFFSTOKEN_ANFANG = 12;

/**
 * The instant a token with last day `gueltigBis` stops working (the Berlin midnight after that day), or the
 * refusal: a day before today or more than a year ahead.
 */
export const ablaufVon = (gueltigBis: string, jetzt: Date): Date | ErrorCode => {
  const heute = berlinDateKey(jetzt);
  if (gueltigBis < heute || gueltigBis > addCalendarDays(heute, ZUGRIFFSTOKEN_MAX_TAGE))
    return 'zugriffstoken.ablauf_ungueltig';
  return berlinInstant(addCalendarDays(gueltigBis, 1), '00:00');
};

/** The token from an `Authorization` header (`Bearer <token>`, case-insensitive scheme), or null. */
export const tokenAusHeader = (header: string | undefined): string | null => {
  const m = /^bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return m && ZUGRIFFSTOKEN_PATTERN.test(m[1]!) ? m[1]! : null;
};

/** Why a stored token no longer works, or null while it does: revoked before expired (the clearer message). */
export const tokenSperre = (
  token: { ablaufAt: Date; widerrufenAt: Date | null },
  jetzt: Date,
): 'zugriffstoken.widerrufen' | 'zugriffstoken.abgelaufen' | null => {
  if (token.widerrufenAt) return 'zugriffstoken.widerrufen';
  if (token.ablaufAt.getTime() <= jetzt.getTime()) return 'zugriffstoken.abgelaufen';
  return null;
};

/** Whether a token with `recht` may change bookings. */
export const darfSchreiben = (recht: ZugriffstokenRecht): boolean => recht === 'buchen';
