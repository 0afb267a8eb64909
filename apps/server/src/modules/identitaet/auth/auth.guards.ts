import { DomainError } from '@stellwerk/domain/errors';
import { checkAdminRoute, type PermissionName } from '@stellwerk/domain/permissions';
import type { FastifyRequest } from 'fastify';
import type { SessionUser } from './auth.context';

/** The signed-in user, or 401 `auth.unauthenticated`. Call first in every route that needs a session. */
export const requireUser = (request: FastifyRequest): SessionUser => {
  if (!request.sessionUser) throw new DomainError('auth.unauthenticated');
  return request.sessionUser;
};

/** The signed-in user holding `permission`, or 403 `auth.forbidden`. */
export const requirePermission = (request: FastifyRequest, permission: PermissionName): SessionUser => {
  const user = requireUser(request);
  if (!user.permissions.has(permission)) throw new DomainError('auth.forbidden');
  return user;
};

/** The platform administrator (tenant management), or 403 `guard.no_plattform_admin`. */
export const requirePlatformAdmin = (request: FastifyRequest): SessionUser => {
  const user = requireUser(request);
  if (!user.isPlatformAdmin) throw new DomainError('guard.no_plattform_admin');
  return user;
};

/**
 * The admin route guard of spec §2 on the server: the API behind an admin screen answers a signed-in user
 * exactly as the screen's guard does. Without a session it answers like every other route, 401
 * `auth.unauthenticated` (decision 126: one code for "not signed in"; the screen's 'Ein Benutzer muss
 * existieren' stays the web guard's).
 */
export const requireAdminRoute = (request: FastifyRequest, path: `/admin${string}`): SessionUser => {
  const user = requireUser(request);
  const failure = checkAdminRoute(path, user);
  if (failure) throw new DomainError(failure);
  return user;
};

/**
 * The guard a route declares in `config.guard` (every route under /api must, `http/route-guards.ts`
 * refuses to start otherwise). It runs in the route's `onRequest` hook, before the body is read or
 * validated, so a caller learns 401 before 403 before 400. Built from the same `require*` functions the
 * handlers pass on to the services, which authorise again.
 */
/**
 * Who a guard admits, machine-readable: the OpenAPI document carries it as each operation's `x-access`, so a
 * client (and the bad-input walk) knows who may call without a list of its own. `user`: any signed-in user (the
 * service may still refuse a particular item); `screen`: whoever one of these admin screens admits
 * (`checkAdminRoute`); `rights`: a signed-in user holding at least one of the rights.
 */
export type GuardAccess =
  | { readonly kind: 'public' }
  | { readonly kind: 'user' }
  | { readonly kind: 'platform' }
  | { readonly kind: 'screen'; readonly screens: readonly `/admin${string}`[] }
  | { readonly kind: 'rights'; readonly anyOf: readonly PermissionName[] };

export type RouteGuard = {
  /** Who may call, for the OpenAPI document and error messages at start-up. */
  readonly describe: string;
  /** The same as data (`x-access` in the OpenAPI document). */
  readonly access: GuardAccess;
  /** Throws the refusal (401/403) when the request may not use the route. */
  readonly check: (request: FastifyRequest) => void;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    guard?: RouteGuard;
    /**
     * The route changes nothing a session holds (who the user is, their rights, settings or tenant; decision
     * 089): its success does not make the session be looked up again. Only for routes whose changes publish
     * no event that `AENDERT_SITZUNGEN` marks (bookings and their steps).
     */
    sitzungBleibt?: true;
  }
}

export const routeGuard = {
  /** Anyone, signed in or not (health, imprint, API description, sign-in itself). */
  public: { describe: 'public', access: { kind: 'public' }, check: () => {} },
  /** Any signed-in user (401 `auth.unauthenticated` otherwise). */
  user: {
    describe: 'signed in',
    access: { kind: 'user' },
    check: (request) => {
      requireUser(request);
    },
  },
  /** The platform administrator (tenant management). */
  platformAdmin: {
    describe: 'platform administrator',
    access: { kind: 'platform' },
    check: (request) => {
      requirePlatformAdmin(request);
    },
  },
  /** The guard of an admin screen (spec §2), as `requireAdminRoute`. */
  adminRoute: (path: `/admin${string}`): RouteGuard => ({
    describe: `the guard of ${path}`,
    access: { kind: 'screen', screens: [path] },
    check: (request) => {
      requireAdminRoute(request, path);
    },
  }),
  /** A signed-in user holding `permission`. */
  permission: (permission: PermissionName): RouteGuard => ({
    describe: `right ${permission}`,
    access: { kind: 'rights', anyOf: [permission] },
    check: (request) => {
      requirePermission(request, permission);
    },
  }),
} satisfies Record<string, RouteGuard | ((...args: never[]) => RouteGuard)>;
