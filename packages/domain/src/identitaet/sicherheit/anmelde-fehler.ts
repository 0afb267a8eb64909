/**
 * The app's own page for a sign-in the authentication library could not finish (decision 123): better-auth sends
 * the browser to `/api/auth/error?error=<code>`; the server forwards it to `/auth/fehler?code=<code>`, which
 * explains the code in the user's language and leads back to /login. Only a plain code travels (letters, digits,
 * `_ . -`, at most 64); anything else is dropped.
 */
import { isErrorCode } from '../../errors.ts';

export const ANMELDE_FEHLER_PFAD = '/auth/fehler';

/** What the page says, by kind of failure. */
export type AnmeldeFehlerArt = 'abgelaufen' | 'abgelehnt' | 'nicht_zugeordnet' | 'katalog' | 'unbekannt';

const ARTEN: Record<string, AnmeldeFehlerArt> = {
  // the round trip through the provider broke off or took too long: start again
  state_mismatch: 'abgelaufen',
  state_not_found: 'abgelaufen',
  please_restart_the_process: 'abgelaufen',
  invalid_callback_request: 'abgelaufen',
  no_code: 'abgelaufen',
  invalid_code: 'abgelaufen',
  // the provider refused or the user cancelled there
  access_denied: 'abgelehnt',
  login_required: 'abgelehnt',
  consent_required: 'abgelehnt',
  interaction_required: 'abgelehnt',
  // the provider's account fits no user of the app
  account_not_linked: 'nicht_zugeordnet',
  unable_to_link_account: 'nicht_zugeordnet',
  email_not_found: 'nicht_zugeordnet',
  unable_to_get_user_info: 'nicht_zugeordnet',
  signup_disabled: 'nicht_zugeordnet',
  user_not_found: 'nicht_zugeordnet',
};

/** The code as it may travel and be shown, or null. */
export const anmeldeFehlerCode = (raw: unknown): string | null =>
  typeof raw === 'string' && /^[A-Za-z0-9_.-]{1,64}$/.test(raw) ? raw : null;

/** The kind of failure a code names: one of the app's catalogue codes, a known library code, or unknown. */
export const anmeldeFehlerArt = (code: string | null): AnmeldeFehlerArt => {
  if (code === null) return 'unbekannt';
  if (isErrorCode(code)) return 'katalog';
  return ARTEN[code.toLowerCase()] ?? 'unbekannt';
};

/** Where `/api/auth/error?error=<raw>` sends the browser. */
export const anmeldeFehlerAdresse = (raw: unknown): string => {
  const code = anmeldeFehlerCode(raw);
  return code ? `${ANMELDE_FEHLER_PFAD}?code=${encodeURIComponent(code)}` : ANMELDE_FEHLER_PFAD;
};
