import { useMutation } from '@tanstack/react-query';
import { ApiError, apiFetch } from '../../../lib/api-client';

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

/** After the password: signed in, or a code from the authenticator app (or a backup code) is asked next. */
export type SignInOutcome = 'signed-in' | 'code';

export const signIn = async (input: SignInInput): Promise<SignInOutcome> => {
  const { path, body } = signInRequest(input);
  const answer = await apiFetch<{ twoFactorRedirect?: boolean } | null>(path, { method: 'POST', body });
  return answer?.twoFactorRedirect === true ? 'code' : 'signed-in';
};

export const useSignIn = () =>
  useMutation({
    mutationKey: ['auth', 'sign-in'],
    mutationFn: signIn,
  });

export type CodeInput = { code: string; kind: 'totp' | 'backup' };

/** The code step of a sign-in: a code from the authenticator app or one of the backup codes. */
export const useVerifySignInCode = () =>
  useMutation({
    mutationKey: ['auth', 'sign-in-code'],
    mutationFn: ({ code, kind }: CodeInput) =>
      apiFetch(
        kind === 'totp' ? '/api/auth/two-factor/verify-totp' : '/api/auth/two-factor/verify-backup-code',
        { method: 'POST', body: { code: code.replace(/\s+/g, '') } },
      ),
  });
