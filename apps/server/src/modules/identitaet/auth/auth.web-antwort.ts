import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** `{ token, newPassword }` of a reset-password request, when both are strings. */
export const resetOf = (body: unknown): { token: string; newPassword: string } | null => {
  if (!body || typeof body !== 'object') return null;
  const { token, newPassword } = body as { token?: unknown; newPassword?: unknown };
  return typeof token === 'string' && typeof newPassword === 'string' ? { token, newPassword } : null;
};

/**
 * The recovery answer is sent on the next multiple of this many milliseconds after the request arrived, so
 * that it takes the same time whether or not the address belongs to someone (a mail is queued only for known
 * addresses).
 */
export const RESET_ANSWER_QUANTUM_MS = 400;

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * better-auth puts the session token into the bodies of sign-in, get-session and list-sessions. The session
 * travels in the HttpOnly cookie only, so a script running in the page cannot read it: every `token` is
 * removed from every answer under /api/auth.
 */
export const withoutTokens = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(withoutTokens);
  if (!isRecord(value)) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== 'token')
      .map(([key, inner]) => [key, withoutTokens(inner)]),
  );
};

/** better-auth's answer to a right password of an account with a second factor: the code is asked next. */
export const isTwoFactorRedirect = (body: unknown): boolean =>
  isRecord(body) && body.twoFactorRedirect === true;

/** The code step's methods: `otp` (a code by SMS) only for a login with a confirmed phone factor. */
export const mitSmsMethode = (body: unknown, telefon: boolean): unknown =>
  isRecord(body) && Array.isArray(body.twoFactorMethods)
    ? {
        ...body,
        twoFactorMethods: body.twoFactorMethods.filter((m: unknown) => m !== 'otp' || telefon),
      }
    : body;

/**
 * /login in its code step after a sign-in through the provider (decision 154): `?code_schritt=` names the methods
 * the server offers besides backup codes (`totp`, `otp`), as the password's answer does.
 */
export const codeSchrittAdresse = (antwort: unknown): string => {
  const methoden =
    isRecord(antwort) && Array.isArray(antwort.twoFactorMethods)
      ? antwort.twoFactorMethods.filter((m): m is string => m === 'totp' || m === 'otp')
      : [];
  return `/login?code_schritt=${encodeURIComponent(methoden.join(',') || 'backup')}`;
};

export const readJson = async (response: Response): Promise<unknown> => {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

export const toWebRequest = (request: FastifyRequest, url: URL, origin: string | undefined): Request => {
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.body !== undefined;
  const headers = fromNodeHeaders(request.headers);
  // better-auth reads the client address from x-forwarded-for: give it Fastify's, which honours TRUST_PROXY,
  // so a client cannot pick its own rate-limit bucket.
  headers.set('x-forwarded-for', request.ip);
  // The page was checked already (checkOrigin); better-auth is told which one it was.
  headers.delete('referer');
  if (origin) headers.set('origin', origin);
  else headers.delete('origin');
  if (hasBody) headers.set('content-type', 'application/json');
  headers.delete('content-length');
  return new Request(url, {
    method: request.method,
    headers,
    body: hasBody ? JSON.stringify(request.body) : undefined,
  });
};

export const sendWebResponse = async (
  reply: FastifyReply,
  response: Response,
  extraCookies: string[] = [],
  transform: (body: unknown) => unknown = (body) => body,
) => {
  reply.status(response.status);
  for (const [key, value] of response.headers) {
    if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
  }
  const cookies = [...response.headers.getSetCookie(), ...extraCookies];
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  const isJson = response.headers.get('content-type')?.includes('application/json') ?? false;
  if (!isJson) return reply.send(response.body ? await response.text() : null);
  const body = await readJson(response);
  return reply.send(body === undefined ? null : JSON.stringify(withoutTokens(transform(body))));
};

/** `protocol://host` the request was sent to (Host header; X-Forwarded-Proto/Host only behind TRUST_PROXY). */
export const ownOriginOf = (request: FastifyRequest): string => `${request.protocol}://${request.host}`;

export const headerOf = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};
