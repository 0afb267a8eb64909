import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

export type SignInInput = { login: string; password: string };

/** The field "Benutzername" takes an e-mail address or a user name; '@' decides which endpoint. */
export const signInRequest = ({ login, password }: SignInInput) => {
  const trimmed = login.trim();
  return trimmed.includes('@')
    ? { path: '/api/auth/sign-in/email', body: { email: trimmed, password } }
    : { path: '/api/auth/sign-in/username', body: { username: trimmed, password } };
};

export const signIn = async (input: SignInInput): Promise<void> => {
  const { path, body } = signInRequest(input);
  await apiFetch(path, { method: 'POST', body });
};

export const useSignIn = () =>
  useMutation({
    mutationKey: ['auth', 'sign-in'],
    mutationFn: signIn,
  });
