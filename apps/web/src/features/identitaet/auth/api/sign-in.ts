import { useMutation } from '@tanstack/react-query';
import { ApiError, apiFetch } from '../../../../lib/api-client';

/** `captcha`: the solved security check, which the server asks for after repeated failures (decision 077). */
export type SignInInput = { login: string; password: string; captcha?: string };

/** The field "Benutzername" takes an e-mail address or a user name; '@' decides which endpoint. */
export const signInRequest = ({ login, password, captcha }: SignInInput) => {
  const trimmed = login.trim();
  const pruefung = captcha ? { captcha } : {};
  return trimmed.includes('@')
    ? { path: '/api/auth/sign-in/email', body: { email: trimmed, password, ...pruefung } }
    : { path: '/api/auth/sign-in/username', body: { username: trimmed, password, ...pruefung } };
};

/** The server's answer that this sign-in needs the solved security check (again) before the password counts. */
export const verlangtPruefung = (error: unknown): boolean =>
  error instanceof ApiError &&
  (error.code === 'auth.captcha_fehlt' || error.code === 'auth.captcha_ungueltig');

/** How the code step can be answered: the authenticator app, a code by SMS (decision 083). */
export type CodeMethode = 'totp' | 'otp';

/**
 * After the password: signed in, or a code is asked next, from the authenticator app or by SMS (as the server
 * offers; a backup code always works).
 */
export type SignInOutcome = 'signed-in' | { code: CodeMethode[] };

/** A sign-in's answer (password or passkey): signed in, or the code step with the methods the server offers. */
export const signInOutcome = (
  answer: { twoFactorRedirect?: boolean; twoFactorMethods?: unknown } | null,
): SignInOutcome => {
  if (answer?.twoFactorRedirect !== true) return 'signed-in';
  const methods = Array.isArray(answer.twoFactorMethods) ? answer.twoFactorMethods : ['totp'];
  return { code: methods.filter((m): m is CodeMethode => m === 'totp' || m === 'otp') };
};

/**
 * The code step /login opens in after a sign-in through the tenant's provider that needs the second factor
 * (decision 154): the server sends the browser to `/login?code_schritt=totp,otp` with the methods it offers besides
 * backup codes (`backup` when none). Null when the address asks for no code step.
 */
export const codeSchrittAusSuche = (search: string): CodeMethode[] | null => {
  const wert = new URLSearchParams(search).get('code_schritt');
  if (wert === null) return null;
  return wert.split(',').filter((m): m is CodeMethode => m === 'totp' || m === 'otp');
};

export const signIn = async (input: SignInInput): Promise<SignInOutcome> => {
  const { path, body } = signInRequest(input);
  return signInOutcome(
    await apiFetch<{ twoFactorRedirect?: boolean; twoFactorMethods?: unknown } | null>(path, {
      method: 'POST',
      body,
    }),
  );
};

export const useSignIn = () =>
  useMutation({
    mutationKey: ['auth', 'sign-in'],
    mutationFn: signIn,
  });

export type CodeInput = { code: string; kind: 'totp' | 'sms' | 'backup' };

const VERIFY_PATHS: Record<CodeInput['kind'], string> = {
  totp: '/api/auth/two-factor/verify-totp',
  sms: '/api/auth/two-factor/verify-otp',
  backup: '/api/auth/two-factor/verify-backup-code',
};

/** The code step of a sign-in: a code from the authenticator app, by SMS, or one of the backup codes. */
export const useVerifySignInCode = () =>
  useMutation({
    mutationKey: ['auth', 'sign-in-code'],
    mutationFn: ({ code, kind }: CodeInput) =>
      apiFetch(VERIFY_PATHS[kind], { method: 'POST', body: { code: code.replace(/\s+/g, '') } }),
  });

/** The code step asks for a code by SMS to the confirmed mobile number (decision 083). */
export const useSendSmsCode = () =>
  useMutation({
    mutationKey: ['auth', 'sign-in-sms'],
    mutationFn: () => apiFetch('/api/auth/two-factor/send-otp', { method: 'POST', body: {} }),
  });
