import { DomainError } from '@stellwerk/domain/errors';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { createLoginThrottle } from './auth.login-throttle.ts';
import { createAuth } from './auth.service.ts';
import { createSessionCache } from './auth.session-cache.ts';
import { isActiveAuthUser, loadSessionUser, queuePasswordResetMail } from './auth.session-user.ts';

/** better-auth's session cookie with our prefix (auth.service.ts: cookiePrefix 'stellwerk'); `__Secure-` on https. */
const SESSION_COOKIE = 'stellwerk.session_token';
const SIGN_IN_PATHS = new Set(['/api/auth/sign-in/email', '/api/auth/sign-in/username']);
/** Statuses of a refused sign-in; all of them answer the same `auth.invalid_credentials`. */
const REFUSED_SIGN_IN = new Set([400, 401, 403, 422]);

const loginOf = (body: unknown): string => {
  if (!body || typeof body !== 'object') return '';
  const { email, username } = body as { email?: unknown; username?: unknown };
  return typeof email === 'string' ? email : typeof username === 'string' ? username : '';
};

const toWebRequest = (request: FastifyRequest, url: URL): Request => {
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.body !== undefined;
  const headers = fromNodeHeaders(request.headers);
  // better-auth reads the client address from x-forwarded-for: give it Fastify's, which honours TRUST_PROXY,
  // so a client cannot pick its own rate-limit bucket.
  headers.set('x-forwarded-for', request.ip);
  if (hasBody) headers.set('content-type', 'application/json');
  headers.delete('content-length');
  return new Request(url, {
    method: request.method,
    headers,
    body: hasBody ? JSON.stringify(request.body) : undefined,
  });
};

const sendWebResponse = async (reply: FastifyReply, response: Response) => {
  reply.status(response.status);
  for (const [key, value] of response.headers) {
    if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  return reply.send(response.body ? await response.text() : null);
};

/**
 * Sign-in and session: mounts better-auth at /api/auth, answers refused and throttled sign-ins with the
 * catalogue's errors, and fills `request.sessionUser` for every other /api request.
 */
export const authPlugin = fp(
  async (app: FastifyInstance, { config, database }: { config: Config; database: Database }) => {
    const throttle = createLoginThrottle();
    const auth = createAuth({
      config,
      database,
      isActive: (authUserId) => isActiveAuthUser(database, authUserId),
      sendPasswordReset: (mail) => queuePasswordResetMail(database, config, mail),
    });

    app.decorateRequest('sessionUser', null);

    const sessions = createSessionCache();
    const sessionKeyOf = (request: FastifyRequest) =>
      request.cookies[`__Secure-${SESSION_COOKIE}`] ?? request.cookies[SESSION_COOKIE];

    app.addHook('onRequest', async (request) => {
      if (!request.url.startsWith('/api/') || request.url.startsWith('/api/auth/')) return;
      const key = sessionKeyOf(request);
      if (!key) return;
      const cached = sessions.get(key);
      if (cached !== undefined) {
        request.sessionUser = cached;
        return;
      }
      const found = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
      request.sessionUser = found ? await loadSessionUser(database, found.user.id) : null;
      sessions.set(key, request.sessionUser);
    });

    // A change made through this session (sign-out, password, own settings) is seen by its next request; an
    // administrative change is seen by every session of the tenant.
    app.addHook('onResponse', async (request, reply) => {
      if (request.method === 'GET' || request.method === 'HEAD') return;
      const key = sessionKeyOf(request);
      if (key) sessions.drop(key);
      if (request.sessionUser && request.url.startsWith('/api/admin/') && reply.statusCode < 400) {
        sessions.dropTenant(request.sessionUser.mandantId);
      }
    });

    app.route({
      method: ['GET', 'POST'],
      url: '/api/auth/*',
      schema: { hide: true },
      handler: async (request, reply) => {
        const url = new URL(request.url, config.publicUrl);
        const isSignIn = request.method === 'POST' && SIGN_IN_PATHS.has(url.pathname);
        const login = isSignIn ? loginOf(request.body) : '';
        if (isSignIn) {
          const waitMs = throttle.waitMs(login, request.ip);
          if (waitMs > 0) {
            reply.header('retry-after', Math.ceil(waitMs / 1000));
            throw new DomainError('auth.rate_limited', { seconds: Math.ceil(waitMs / 1000) });
          }
        }
        const response = await auth.handler(toWebRequest(request, url));
        if (response.status === 429) {
          const retryAfter = response.headers.get('x-retry-after') ?? response.headers.get('retry-after');
          if (retryAfter) reply.header('retry-after', retryAfter);
          throw new DomainError('auth.rate_limited');
        }
        if (isSignIn && REFUSED_SIGN_IN.has(response.status)) {
          throttle.recordFailure(login, request.ip);
          throw new DomainError('auth.invalid_credentials');
        }
        if (isSignIn && response.ok) throttle.recordSuccess(login);
        return sendWebResponse(reply, response);
      },
    });
  },
  { name: 'stellwerk-auth' },
);
