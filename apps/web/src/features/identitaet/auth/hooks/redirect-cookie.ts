import { isSafeRedirect } from '@stellwerk/domain/navigation';
import { deleteCookie, readCookie, writeCookie } from '../../../../lib/cookies';

/** Spec §2: the path an unauthenticated visitor asked for, followed once after login. */
export const REDIRECT_COOKIE = 'stellwerk_redirect';
const MAX_AGE_SECONDS = 10 * 60;

export const rememberRedirect = (path: string): void => {
  if (isSafeRedirect(path)) writeCookie(REDIRECT_COOKIE, path, MAX_AGE_SECONDS);
};

/** Reads and clears the remembered path; returns it only when it is a safe same-site path. */
export const takeRedirect = (): string | null => {
  const value = readCookie(REDIRECT_COOKIE);
  if (value === undefined) return null;
  deleteCookie(REDIRECT_COOKIE);
  return isSafeRedirect(value) ? value : null;
};
