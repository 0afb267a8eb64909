import { DomainError } from '@stellwerk/domain/errors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { checkOrigin, type OriginPolicy } from '../modules/identitaet/auth/auth.origin.ts';

/** The methods that change something: each must prove where it comes from (decision 104). */
const CHANGING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const headerOf = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/**
 * A request authenticated by a bearer token (SCIM clients, decision 071) and carrying no cookie: a page of another
 * site cannot send an `Authorization` header across origins without a CORS preflight, which this server never
 * grants, and without a cookie the request acts with nobody's session.
 */
const isBearerOnly = (request: FastifyRequest): boolean =>
  /^Bearer\s+\S/i.test(headerOf(request, 'authorization')?.trim() ?? '') && !request.headers.cookie;

/**
 * Every state-changing request proves its origin (decision 104), before the session is read and before the body
 * is parsed (also multipart uploads): its `Origin` (else `Referer`) must be the app's own address (`PUBLIC_URL`,
 * or the address the request was sent to), or one of `TRUSTED_ORIGINS`. A request with neither, whose browser
 * does not say it is `cross-site` or `same-site` (`Sec-Fetch-Site`), is a program (curl, Node's fetch) and passes.
 * `/api/auth/*` is checked by the auth plugin with the sign-in rule of decision 020 (`auth.origin_not_allowed`).
 */
export const registerOriginGuard = (app: FastifyInstance, config: Config) => {
  const policy: OriginPolicy = {
    publicUrl: config.publicUrlSet ? config.publicUrl : undefined,
    trustedOrigins: config.trustedOrigins,
  };
  app.addHook('onRequest', async (request) => {
    if (!CHANGING_METHODS.has(request.method)) return;
    if (request.url.startsWith('/api/auth/')) return;
    if (isBearerOnly(request)) return;
    const decision = checkOrigin(
      policy,
      {
        origin: headerOf(request, 'origin'),
        referer: headerOf(request, 'referer'),
        secFetchSite: headerOf(request, 'sec-fetch-site'),
        ownOrigin: `${request.protocol}://${request.host}`,
      },
      { ownOriginTrusted: true },
    );
    if (decision.trusted) return;
    request.log.warn(
      { claimed: decision.claimed, appUrl: decision.appUrl, method: request.method, url: request.url },
      'change refused for its origin',
    );
    throw new DomainError('request.fremde_herkunft', { adresse: decision.appUrl });
  });
};
