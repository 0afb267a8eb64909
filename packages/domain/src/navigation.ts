/**
 * Where the app sends people (spec §2): the start page, the routes open without sign-in, and the path
 * to continue with after sign-in. Redirect targets are only same-origin paths, never external URLs or
 * other protocols (spec §8: navigation to an external URL or a dangerous protocol is refused).
 */
import { isPathWithin, normalizePath } from './paths.ts';

export const LOGIN_PATH = '/login';

/** Routes reachable without sign-in (the exclude list of spec §2), including everything below them. */
export const PUBLIC_ROUTES = [
  '/login',
  '/public',
  '/auth/recovery',
  '/auth/confirm',
  // the app's own page for a sign-in the authentication library could not finish (decision 123)
  '/auth/fehler',
  '/kiosk',
  '/logout',
  '/impressum',
] as const;

/**
 * Routes below a public one that need sign-in all the same: the check-in with a kiosk's code (decision 183) is done
 * by a signed-in person on their phone, not by the kiosk.
 */
export const SIGNED_IN_BELOW_PUBLIC = ['/kiosk/einchecken'] as const;

export const isPublicRoute = (path: string): boolean =>
  !SIGNED_IN_BELOW_PUBLIC.some((route) => isPathWithin(path, route)) &&
  PUBLIC_ROUTES.some((route) => isPathWithin(path, route));

const MAX_REDIRECT_LENGTH = 2048;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/**
 * True only for a same-origin path: starts with exactly one '/', no '//' or '/\' (protocol-relative
 * URLs), no backslashes or control characters (browsers strip or rewrite them into '//host'), also after
 * percent-decoding, and at most 2048 characters. `javascript:`, `https://…` and the like never start with '/'.
 */
export const isSafeRedirect = (path: unknown): path is string => {
  if (typeof path !== 'string' || path.length === 0 || path.length > MAX_REDIRECT_LENGTH) return false;
  if (!path.startsWith('/') || path.startsWith('//')) return false;
  if (path.includes('\\') || CONTROL_CHARACTERS.test(path)) return false;
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return false;
  }
  return !decoded.startsWith('//') && !decoded.includes('\\') && !CONTROL_CHARACTERS.test(decoded);
};

/** True when the query of `path` asks to sign out (`logout=true`, spec §2). */
export const hasLogoutQuery = (path: string): boolean => {
  const q = path.indexOf('?');
  if (q < 0) return false;
  const query = path.slice(q + 1).split('#')[0] ?? '';
  return query.split('&').some((pair) => pair === 'logout=true');
};

/**
 * Where to go after sign-in (spec §2): the remembered path, unless it is not a safe same-origin path,
 * is the root, contains 'login', or would sign the user straight out again (/logout, ?logout=true) —
 * then the user's start page `start` (`startPage` of screens.ts, sent by the server as `me.startPage`).
 */
export const pathAfterLogin = ({ requested, start }: { requested: string | null; start: string }): string => {
  if (!isSafeRedirect(requested)) return start;
  const pathname = normalizePath(requested);
  if (
    pathname === '/' ||
    pathname.includes('login') ||
    isPathWithin(pathname, '/logout') ||
    hasLogoutQuery(requested)
  )
    return start;
  return requested;
};
