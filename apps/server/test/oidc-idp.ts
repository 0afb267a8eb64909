/// <reference path="./oidc-provider.d.ts" />
/**
 * A real OpenID provider for single-sign-on tests (`oidc-provider` 9.13) on a loopback port: one client for
 * the app (secret, PKCE), accounts the test sets, and an interaction that signs in whichever account the test
 * named next (no login form), then grants the scopes asked.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export type IdpAccount = {
  sub: string;
  email: string;
  given_name?: string;
  family_name?: string;
  name?: string;
  groups?: string[];
  /** Overrides the provider's `email_verified: true` (false, or undefined to leave the claim out). */
  email_verified?: boolean | undefined;
  /** Entra ID's object id, as provisioning may deliver it as externalId. */
  oid?: string;
};

/** How the next interaction says the user signed in (RFC 8176 `amr`, `acr`). */
export type IdpLogin = { amr?: string[]; acr?: string };

export type OidcIdp = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Accounts by sub; change them between sign-ins. */
  accounts: Map<string, IdpAccount>;
  /** The account the next interaction signs in. */
  signInAs: (sub: string, login?: IdpLogin) => void;
  close: () => Promise<void>;
};

export const startOidcIdp = async ({
  redirectUris,
  port = 0,
}: {
  redirectUris: string[];
  port?: number;
}): Promise<OidcIdp> => {
  const accounts = new Map<string, IdpAccount>();
  let next: string | null = null;
  let nextLogin: IdpLogin = {};
  const clientId = 'stellwerk';
  const clientSecret = 'stellwerk-test-secret-0123456789abcdef';
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    scopes: ['openid', 'email', 'profile', 'groups'],
    // the ID token carries the scopes' claims (as Entra ID's and Okta's do), not only the user info
    conformIdTokenClaims: false,
    claims: {
      // how the user signed in (RFC 8176 amr, acr) goes into the ID token with the openid scope
      openid: ['sub', 'oid', 'amr', 'acr'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name'],
      groups: ['groups'],
    },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    cookies: { keys: ['oidc-test-cookie-key'] },
    findAccount: (_ctx: unknown, sub: string) => {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: () => {
          const claims: Record<string, unknown> = { email_verified: true, ...account };
          if ('email_verified' in account && account.email_verified === undefined)
            delete claims.email_verified;
          return claims;
        },
      };
    },
  });
  const callback = provider.callback();
  server.on('request', async (req, res) => {
    if (!req.url?.startsWith('/interaction/')) {
      callback(req, res);
      return;
    }
    try {
      const details = await provider.interactionDetails(req, res);
      const accountId = next ?? (details.session?.accountId as string | undefined);
      if (!accountId) throw new Error('no account named for the sign-in');
      const grant = new provider.Grant({ accountId, clientId });
      const scope = String(details.params.scope ?? 'openid');
      grant.addOIDCScope(scope);
      const grantId = await grant.save();
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId, ...nextLogin }, consent: { grantId } },
        { mergeWithLastSubmission: false },
      );
    } catch (error) {
      res.statusCode = 500;
      res.end(String(error));
    }
  });
  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    signInAs: (sub, login = {}) => {
      next = sub;
      nextLogin = login;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
