import { DomainError, type ErrorCode } from '@stellwerk/domain/errors';
import type { PermissionName } from '@stellwerk/domain/permissions';
import { type Aktion, POLICIES, pruefeAktion } from '@stellwerk/domain/policy';
import type { FastifyRequest } from 'fastify';
import type { SessionUser } from './auth.context';

/** The signed-in user, or 401 `auth.unauthenticated`. Call first in every route that needs a session. */
export const requireUser = (request: FastifyRequest): SessionUser => {
  if (!request.sessionUser) throw new DomainError('auth.unauthenticated');
  return request.sessionUser;
};

/**
 * The one check of a right (decision 204): passes when `user` may do `aktion` as its area's policy declares,
 * else the policy's refusal (403 codes of the catalogue). Operations call it, so a route is never their only guard.
 */
export const assertDarf = (user: SessionUser, aktion: Aktion): void => {
  const failure = pruefeAktion(aktion, user);
  if (failure) throw new DomainError(failure);
};

/** The signed-in user who may do `aktion`: 401 `auth.unauthenticated` without a session, the policy's 403 otherwise. */
export const requireDarf = (request: FastifyRequest, aktion: Aktion): SessionUser => {
  const user = requireUser(request);
  assertDarf(user, aktion);
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
  | { readonly kind: 'platform'; readonly aktion: Aktion }
  | { readonly kind: 'screen'; readonly screens: readonly `/admin${string}`[]; readonly aktion: Aktion }
  | { readonly kind: 'rights'; readonly anyOf: readonly PermissionName[]; readonly aktion: Aktion };

/** Who an action's policy admits, as data for the OpenAPI document. */
const accessOf = (aktion: Aktion): GuardAccess => {
  const policy = POLICIES[aktion];
  if ('bildschirm' in policy)
    return {
      kind: 'screen',
      screens: typeof policy.bildschirm === 'string' ? [policy.bildschirm] : policy.bildschirm,
      aktion,
    };
  if ('plattform' in policy) return { kind: 'platform', aktion };
  return { kind: 'rights', anyOf: policy.rechte, aktion };
};

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
  /** Whoever may do `aktion` (its area's policy, decision 204); the operation checks it again with `assertDarf`. */
  darf: (aktion: Aktion, optionen: { ohneSitzung?: ErrorCode } = {}): RouteGuard => ({
    describe: `action ${aktion}`,
    access: accessOf(aktion),
    check: (request) => {
      // a route whose spec text names its own "no user" refusal (spec §8) answers it instead of the generic 401
      if (!request.sessionUser && optionen.ohneSitzung) throw new DomainError(optionen.ohneSitzung);
      requireDarf(request, aktion);
    },
  }),
} satisfies Record<string, RouteGuard | ((...args: never[]) => RouteGuard)>;
