import type { ErrorCode, ErrorParams } from '@stellwerk/domain/errors';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './auth.service.ts';

/**
 * better-auth answers errors with its own body (`{ code: 'INVALID_ORIGIN', message: 'Invalid origin' }`, English,
 * sometimes an empty body). None of that reaches a client: every error answer under /api/auth is mapped here to a
 * catalogue code, which the error handler sends as `{ error: { code, message, params } }` in the user's language.
 */
export type MappedAuthError = {
  code: ErrorCode;
  params: ErrorParams;
  /** A sign-in refused for its credentials: counts as a failure for the throttle. */
  isCredentialFailure: boolean;
};

type Context = {
  isSignIn: boolean;
  appUrl: string;
  /** The code step of a sign-in (after the password): a wrong code counts like a wrong password. */
  isCodeStep?: boolean;
  /** The passkey step of a sign-in: every refusal is one message (unknown passkey, wrong answer, inactive user). */
  isPasskeySignIn?: boolean;
};

/** A wrong authenticator-app code or an unknown or used backup code. */
const CODE_FAILURES = new Set(['INVALID_CODE', 'INVALID_BACKUP_CODE']);

const CREDENTIAL_FAILURES = new Set([
  'INVALID_EMAIL_OR_PASSWORD',
  'INVALID_USERNAME_OR_PASSWORD',
  'USER_NOT_FOUND',
  'CREDENTIAL_ACCOUNT_NOT_FOUND',
  // the session hook refused a deactivated user: answered like a wrong password
  'FAILED_TO_CREATE_SESSION',
]);

/** Malformed logins on the sign-in routes: answered like a wrong password, not counted (no password was tried). */
const MALFORMED_LOGINS = new Set([
  'INVALID_EMAIL',
  'USERNAME_TOO_SHORT',
  'USERNAME_TOO_LONG',
  'INVALID_USERNAME',
]);

const BY_CODE: Record<string, (context: Context) => Omit<MappedAuthError, 'isCredentialFailure'>> = {
  INVALID_ORIGIN: ({ appUrl }) => ({ code: 'auth.origin_not_allowed', params: { adresse: appUrl } }),
  MISSING_OR_NULL_ORIGIN: ({ appUrl }) => ({ code: 'auth.origin_not_allowed', params: { adresse: appUrl } }),
  CROSS_SITE_NAVIGATION_LOGIN_BLOCKED: ({ appUrl }) => ({
    code: 'auth.origin_not_allowed',
    params: { adresse: appUrl },
  }),
  INVALID_CALLBACK_URL: () => ({ code: 'auth.redirect_not_allowed', params: {} }),
  INVALID_REDIRECT_URL: () => ({ code: 'auth.redirect_not_allowed', params: {} }),
  INVALID_ERROR_CALLBACK_URL: () => ({ code: 'auth.redirect_not_allowed', params: {} }),
  INVALID_NEW_USER_CALLBACK_URL: () => ({ code: 'auth.redirect_not_allowed', params: {} }),
  INVALID_PASSWORD: () => ({ code: 'auth.current_password_wrong', params: {} }),
  INVALID_TOKEN: () => ({ code: 'auth.link_invalid', params: {} }),
  TOKEN_EXPIRED: () => ({ code: 'auth.link_invalid', params: {} }),
  PASSWORD_TOO_SHORT: () => ({
    code: 'auth.password_length',
    params: { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH },
  }),
  PASSWORD_TOO_LONG: () => ({
    code: 'auth.password_length',
    params: { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH },
  }),
  EMAIL_PASSWORD_SIGN_UP_DISABLED: () => ({ code: 'auth.sign_up_closed', params: {} }),
  SESSION_EXPIRED: () => ({ code: 'auth.unauthenticated', params: {} }),
  SESSION_NOT_FRESH: () => ({ code: 'auth.unauthenticated', params: {} }),
  FAILED_TO_GET_SESSION: () => ({ code: 'auth.unauthenticated', params: {} }),
  VALIDATION_ERROR: () => ({ code: 'validation.failed', params: {} }),
  BODY_MUST_BE_AN_OBJECT: () => ({ code: 'validation.failed', params: {} }),
  MISSING_FIELD: () => ({ code: 'validation.failed', params: {} }),
  FIELD_NOT_ALLOWED: () => ({ code: 'validation.failed', params: {} }),
  INVALID_EMAIL: () => ({ code: 'validation.failed', params: { 'body.email': 'invalid' } }),
  // two-factor plugin
  INVALID_CODE: () => ({ code: 'auth.code_falsch', params: {} }),
  INVALID_BACKUP_CODE: () => ({ code: 'auth.code_falsch', params: {} }),
  INVALID_TWO_FACTOR_COOKIE: () => ({ code: 'auth.code_schritt_abgelaufen', params: {} }),
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: () => ({ code: 'auth.code_schritt_abgelaufen', params: {} }),
  OTP_HAS_EXPIRED: () => ({ code: 'auth.code_schritt_abgelaufen', params: {} }),
  ACCOUNT_TEMPORARILY_LOCKED: () => ({ code: 'auth.zwei_faktor_gesperrt', params: {} }),
  TOTP_ALREADY_ENABLED: () => ({ code: 'auth.zwei_faktor_bereits_eingerichtet', params: {} }),
  TOTP_NOT_ENABLED: () => ({ code: 'auth.zwei_faktor_nicht_eingerichtet', params: {} }),
  TWO_FACTOR_NOT_ENABLED: () => ({ code: 'auth.zwei_faktor_nicht_eingerichtet', params: {} }),
  BACKUP_CODES_NOT_ENABLED: () => ({ code: 'auth.zwei_faktor_nicht_eingerichtet', params: {} }),
  // passkey plugin (decision 072)
  CHALLENGE_NOT_FOUND: () => ({ code: 'auth.passkey_abgelaufen', params: {} }),
  FAILED_TO_VERIFY_REGISTRATION: () => ({ code: 'auth.passkey_einrichtung_fehlgeschlagen', params: {} }),
  YOU_ARE_NOT_ALLOWED_TO_REGISTER_THIS_PASSKEY: () => ({
    code: 'auth.passkey_einrichtung_fehlgeschlagen',
    params: {},
  }),
  PASSKEY_NOT_FOUND: () => ({ code: 'not_found', params: {} }),
  FAILED_TO_UPDATE_PASSKEY: () => ({ code: 'not_found', params: {} }),
};

const byStatus = (status: number): ErrorCode => {
  if (status === 401) return 'auth.unauthenticated';
  if (status === 403) return 'auth.forbidden';
  if (status === 404 || status === 405) return 'not_found';
  if (status === 429) return 'auth.rate_limited';
  if (status >= 500) return 'internal';
  return 'validation.failed';
};

/** better-auth's machine code from its error body, if any. */
export const betterAuthCodeOf = (body: unknown): string | undefined => {
  if (!body || typeof body !== 'object') return undefined;
  const code = (body as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
};

/** The catalogue error for a better-auth error answer (`status` ≥ 400). */
export const mapBetterAuthError = (status: number, body: unknown, context: Context): MappedAuthError => {
  const code = betterAuthCodeOf(body);
  if (context.isPasskeySignIn && status !== 429) {
    const expired = code === 'CHALLENGE_NOT_FOUND';
    return {
      code: expired ? 'auth.passkey_abgelaufen' : 'auth.passkey_fehlgeschlagen',
      params: {},
      isCredentialFailure: false,
    };
  }
  if (context.isSignIn && status !== 429) {
    if (code && CREDENTIAL_FAILURES.has(code)) {
      return { code: 'auth.invalid_credentials', params: {}, isCredentialFailure: true };
    }
    if (code && MALFORMED_LOGINS.has(code)) {
      return { code: 'auth.invalid_credentials', params: {}, isCredentialFailure: false };
    }
  }
  const mapped = code ? BY_CODE[code]?.(context) : undefined;
  const isCodeFailure = (context.isCodeStep ?? false) && code !== undefined && CODE_FAILURES.has(code);
  return { ...(mapped ?? { code: byStatus(status), params: {} }), isCredentialFailure: isCodeFailure };
};
