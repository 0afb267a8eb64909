import { sso } from '@better-auth/sso';
import type { AnmeldeWeg } from './auth.code-schritt.ts';

/** What the SSO plugin needs from the sso module (kept out of auth.service.ts so the plugins stay apart). */
export type SsoAuthDeps = {
  /** The origins of the configured providers' endpoints, for requests that sign in through a provider. */
  trustedOrigins: (request: Request | undefined) => Promise<string[]>;
  /** Creates or updates the benutzer behind the better-auth user (just in time, on every sign-in). */
  provisionUser: (input: {
    providerId: string;
    authUserId: string;
    email: string;
    userInfo: Record<string, unknown>;
  }) => Promise<void>;
  /** Which user a verified identity at the provider belongs to (decision 081: linking, "not linked"). */
  resolveUser: (input: {
    providerId: string;
    accountId: string;
    email: string;
    protokoll: 'oidc' | 'saml';
    /** The verified claims (OIDC: ID token and user info) or the assertion's attributes (SAML). */
    claims: Record<string, unknown>;
    /** OIDC: the verified ID token's nonce (decision 098). */
    nonce?: unknown;
  }) => Promise<
    | { action: 'continue' }
    | { action: 'link'; userId: string; profile: 'preserve' }
    | { action: 'reject'; code: string }
  >;
  /** The sign-in through the provider being answered (its callback or ACS), for the code step (decision 154). */
  laufend: AnmeldeWeg['laufend'];
};

/**
 * Where a provider's answer makes the session (better-auth's endpoint paths): the OIDC callback and the SAML
 * assertion consumer service of a provider. A sign-in there of one factor by a user with a confirmed second factor
 * continues to the code step (decision 154).
 */
export const ssoWeg = (deps: Pick<SsoAuthDeps, 'laufend'>): AnmeldeWeg => ({
  pfade: new Set(['/sso/callback/:providerId', '/sso/saml2/sp/acs/:providerId']),
  laufend: deps.laufend,
});

/** Paths of better-auth on which it fetches from a provider (discovery, token, keys, user info, metadata). */
export const isSsoPath = (pathname: string): boolean =>
  pathname.startsWith('/api/auth/sso/') || pathname === '/api/auth/sign-in/sso';

/**
 * better-auth's SSO plugin as Stellwerk uses it (decision 069): providers are written by the tenant
 * administration (`/api/admin/sso`), never through better-auth's own registration (limit 0); one provider per
 * tenant with provider id = tenant id; the first sign-in creates the user (implicit sign-up) and
 * `provisionUser` runs on every sign-in to keep name, e-mail and groups; addresses from a provider are not
 * trusted to link existing accounts: `resolveUser` links an identity only to the user who asked for it from
 * their security page (decision 081).
 */
export const ssoPlugin = (deps: SsoAuthDeps) =>
  sso({
    providersLimit: 0,
    disableImplicitSignUp: false,
    trustEmailVerified: false,
    provisionUserOnEveryLogin: true,
    resolveUser: (input) =>
      deps.resolveUser({
        providerId: input.providerId,
        accountId: input.accountKey.accountId,
        email: input.providerUser.email,
        protokoll: input.protocol,
        claims:
          input.protocol === 'oidc'
            ? { ...input.providerClaims, ...input.verifiedIdTokenClaims }
            : { ...input.providerAttributes },
        nonce: input.protocol === 'oidc' ? input.verifiedIdTokenClaims.nonce : undefined,
      }),
    provisionUser: async ({ user, userInfo, provider }) => {
      await deps.provisionUser({
        providerId: provider.providerId,
        authUserId: user.id,
        email: user.email,
        userInfo,
      });
    },
  });

/**
 * The AuthnContextClassRef values of a SAML response posted to the ACS (decision 097), read before better-auth
 * checks the response: only a response whose signature better-auth accepts makes a session, and only then is
 * what is read here used. Several different values (e.g. an unsigned second assertion) count as none.
 */
export const authnContextOf = (body: unknown): string[] => {
  const raw =
    typeof body === 'object' && body !== null ? (body as Record<string, unknown>).SAMLResponse : undefined;
  if (typeof raw !== 'string' || raw.length > 2_000_000) return [];
  const xml = Buffer.from(raw, 'base64').toString('utf8');
  const found = new Set(
    [...xml.matchAll(/<(?:[\w-]+:)?AuthnContextClassRef\b[^>]*>([^<]*)<\//g)].map((m) => (m[1] ?? '').trim()),
  );
  return found.size === 1 ? [...found] : [];
};
