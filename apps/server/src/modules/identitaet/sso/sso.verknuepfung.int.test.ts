import type { TMe } from '@stellwerk/domain/api';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, errorOf } from '../../../../test/api-call.ts';
import { FIXTURE_PASSWORD } from '../../../../test/fixtures/passwort.ts';
import { signIn, type TestServer, testDrivers } from '../../../../test/harness.ts';
import { type IdpLogin, type OidcIdp, startOidcIdp } from '../../../../test/oidc-idp.ts';
import { Browser } from '../../../../test/sso-browser.ts';
import { startSsoServer } from '../../../../test/sso-setup.ts';
import { customizing } from '../../verwaltung/customizing/customizing.public.ts';
import { benutzer } from '../benutzer/benutzer.public.ts';
import { mandantSso } from './sso.table.ts';

const DOMAIN = 'musterstadt.example';
// biome-ignore lint/suspicious/noExplicitAny: SCIM answers are read field by field in the assertions
type Json = Record<string, any>;

/**
 * Single sign-on and provisioning from one directory (decision 095) through the real server, a real OIDC provider
 * and SCIM requests shaped as Microsoft Entra ID sends them: a provisioned user signs in without linking by hand
 * (by externalId = `oid`, or by a verified address), an unverified address never links or creates, a just-in-time
 * user only in the tenant's domains, break-glass for administrators with password sign-in off (decision 096), the
 * tenant's trust in the provider's multi-factor sign-in (decision 097) and the nonce (decision 098).
 */
describe.each(testDrivers())('single sign-on with provisioning, on %s', (driver) => {
  let server: TestServer;
  let idp: OidcIdp;
  let mandantId: string;
  let adminCookie: string;
  let token: string;

  beforeAll(async () => {
    let callbackUrl: string;
    // the administrator keeps the password as break-glass; the fleet manager, no administrator, does not
    ({ server, mandantId, adminCookie, callbackUrl } = await startSsoServer(driver, {
      name: 'Stadtwerke Musterstadt',
      domain: DOMAIN,
      benutzer: {
        fuhrpark: { vorname: 'Thomas', nachname: 'Becker' },
        admin: { vorname: 'Claudia', nachname: 'Wagner' },
      },
    }));
    idp = await startOidcIdp({ redirectUris: [callbackUrl] });
    const created = await call(server, adminCookie, 'POST', '/api/admin/scim-tokens', { name: 'Entra ID' });
    token = ((await created.json()) as Json).token;
  });
  afterAll(async () => {
    await idp?.close();
    await server?.close();
  });

  const configure = (passwortErlaubt = true, mfaVertrauen = false) =>
    call(server, adminCookie, 'PUT', '/api/admin/sso', {
      protokoll: 'oidc',
      passwortErlaubt,
      mfaVertrauen,
      gruppenClaim: 'groups',
      issuer: idp.issuer,
      clientId: idp.clientId,
      clientSecret: idp.clientSecret,
      scopes: ['openid', 'email', 'profile'],
    });

  const scim = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${server.baseUrl}/scim/v2${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/scim+json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as Json };
  };

  /** Entra ID's user creation: userName = UPN, externalId = the object id (as many tenants map it). */
  const provisionAsEntra = (upn: string, objectId: string, given: string, family: string) =>
    scim('POST', '/Users', {
      schemas: [
        'urn:ietf:params:scim:schemas:core:2.0:User',
        'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User',
      ],
      externalId: objectId,
      userName: upn,
      active: true,
      displayName: `${given} ${family}`,
      emails: [{ primary: true, type: 'work', value: upn }],
      name: { givenName: given, familyName: family },
    });

  const throughProvider = async (sub: string, login: IdpLogin = {}, beforeFollow?: (url: URL) => URL) => {
    idp.signInAs(sub, login);
    const browser = new Browser();
    const start = await browser.request(`${server.baseUrl}/api/auth/sign-in/sso`, {
      method: 'POST',
      headers: { origin: server.baseUrl, 'content-type': 'application/json' },
      body: JSON.stringify({ providerId: mandantId, callbackURL: '/', errorCallbackURL: '/login' }),
    });
    expect(start.status).toBe(200);
    const { url } = (await start.json()) as { url: string };
    const target = beforeFollow ? beforeFollow(new URL(url)) : new URL(url);
    const landed = await browser.follow(target.toString());
    const me = await browser.request(`${server.baseUrl}/api/me`);
    return { url: new URL(url), landed, me, browser };
  };

  const userByEmail = (email: string) =>
    server.database.withTenant(mandantId, async (tx) => {
      const [row] = await tx.select().from(benutzer).where(eq(benutzer.email, email));
      return row;
    });

  it('a user provisioned by SCIM signs in through the provider by the object id, without linking by hand', async () => {
    expect((await configure(false)).status).toBe(200);
    const created = await provisionAsEntra(`pia.prov@${DOMAIN}`, 'oid-pia', 'Pia', 'Prov');
    expect(created.status).toBe(201);
    // the provider does not vouch for the address (Entra ID sends no email_verified): matched by `oid`
    idp.accounts.set('pairwise-pia', {
      sub: 'pairwise-pia',
      oid: 'oid-pia',
      email: `pia.prov@${DOMAIN}`,
      given_name: 'Pia',
      family_name: 'Prov',
      email_verified: undefined,
    });
    const { url, landed, me } = await throughProvider('pairwise-pia');
    expect(url.searchParams.get('nonce')).toMatch(/^[\w-]{20,}$/);
    expect(landed.url).toBe(`${server.baseUrl}/`);
    expect(me.status).toBe(200);
    const body = (await me.json()) as TMe;
    expect(body.user.id).toBe(created.body.id);
    expect(body.user.isSso).toBe(true);
    expect((await userByEmail(`pia.prov@${DOMAIN}`))?.isSso).toBe(true);
  });

  it('an existing user is linked on the first sign-in when the provider vouches for the same address', async () => {
    const created = await provisionAsEntra(`ole.okta@${DOMAIN}`, 'okta-00u1', 'Ole', 'Okta');
    expect(created.status).toBe(201);
    idp.accounts.set('other-sub', { sub: 'other-sub', email: `ole.okta@${DOMAIN}`, name: 'Ole Okta' });
    const { landed, me } = await throughProvider('other-sub');
    expect(landed.url).toBe(`${server.baseUrl}/`);
    expect(((await me.json()) as TMe).user.id).toBe(created.body.id);
  });

  it('an address the provider does not vouch for never links or creates', async () => {
    await provisionAsEntra(`uwe.unbestaetigt@${DOMAIN}`, 'ext-uwe', 'Uwe', 'Unbestätigt');
    idp.accounts.set('uwe', { sub: 'uwe', email: `uwe.unbestaetigt@${DOMAIN}`, email_verified: false });
    const refused = await throughProvider('uwe');
    expect(refused.landed.url).toBe(`${server.baseUrl}/login?sso_fehler=auth.sso_adresse_unbestaetigt`);
    expect(refused.me.status).toBe(401);
    idp.accounts.set('neu', { sub: 'neu', email: `nina.neu@${DOMAIN}`, email_verified: false });
    expect((await throughProvider('neu')).landed.url).toBe(
      `${server.baseUrl}/login?sso_fehler=auth.sso_adresse_unbestaetigt`,
    );
    // not asserted at all: not created either
    idp.accounts.set('neu', { sub: 'neu', email: `nina.neu@${DOMAIN}`, email_verified: undefined });
    expect((await throughProvider('neu')).landed.url).toBe(
      `${server.baseUrl}/login?sso_fehler=auth.sso_adresse_unbestaetigt`,
    );
    expect(await userByEmail(`nina.neu@${DOMAIN}`)).toBeUndefined();
  });

  it('just in time only creates users in the tenant’s own domains', async () => {
    idp.accounts.set('fremd', { sub: 'fremd', email: 'jemand@fremd.example', name: 'Fremd' });
    const { landed, me } = await throughProvider('fremd');
    expect(landed.url).toBe(`${server.baseUrl}/login?sso_fehler=auth.sso_domain_fremd`);
    expect(me.status).toBe(401);
  });

  it('an ID token without the nonce this sign-in sent is refused', async () => {
    const { landed, me } = await throughProvider('pairwise-pia', {}, (url) => {
      url.searchParams.delete('nonce');
      return url;
    });
    expect(landed.url).toBe(`${server.baseUrl}/login?sso_fehler=auth.sso_fehlgeschlagen`);
    expect(me.status).toBe(401);
  });

  it('with password sign-in off, tenant administrators keep their password as break-glass; others do not', async () => {
    const admin = await signIn(server.baseUrl, `admin@${DOMAIN}`, FIXTURE_PASSWORD);
    expect((await call(server, admin, 'GET', '/api/me')).status).toBe(200);
    const refused = await fetch(`${server.baseUrl}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.baseUrl },
      body: JSON.stringify({ email: `fuhrpark@${DOMAIN}`, password: FIXTURE_PASSWORD }),
    });
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).code).toBe('auth.passwort_anmeldung_aus');
  });

  it('the provider’s multi-factor sign-in counts for the two-factor policy only where the tenant trusts it', async () => {
    expect((await configure(false, true)).status).toBe(200);
    const cfg = (await (await call(server, adminCookie, 'GET', '/api/admin/sso')).json()) as Json;
    expect(cfg.mfaVertrauen).toBe(true);
    expect((await configure(false, false)).status).toBe(200);
    // everyone must have a second factor (the administrator's own session is held to it from now on)
    expect(
      (
        await call(server, adminCookie, 'PUT', '/api/customizing/mandant/ZweiFaktorPflicht', {
          value: 'alle',
        })
      ).status,
    ).toBe(200);
    // not trusted: the user must enrol a factor first
    const untrusted = await throughProvider('pairwise-pia', { amr: ['pwd', 'mfa'] });
    expect(((await untrusted.me.json()) as TMe).zweiFaktor.mussEinrichten).toBe(true);
    await server.database.withTenant(mandantId, (tx) => tx.update(mandantSso).set({ mfaVertrauen: true }));
    const trusted = await throughProvider('pairwise-pia', { amr: ['pwd', 'mfa'] });
    expect(((await trusted.me.json()) as TMe).zweiFaktor.mussEinrichten).toBe(false);
    expect((await trusted.browser.request(`${server.baseUrl}/api/customizing/benutzer`)).status).toBe(200);
    // a password-only sign-in at the provider is not two factors
    const single = await throughProvider('pairwise-pia', { amr: ['pwd'] });
    expect(((await single.me.json()) as TMe).zweiFaktor.mussEinrichten).toBe(true);
    // `acr` alone: a multi-factor level (Okta, Entra ID's phr) counts, a single-factor one does not
    for (const [acr, asked] of [
      ['urn:okta:loa:2fa:any', false],
      ['phr', false],
      ['urn:okta:loa:1fa:pwd', true],
    ] as const) {
      const viaAcr = await throughProvider('pairwise-pia', { acr });
      expect(((await viaAcr.me.json()) as TMe).zweiFaktor.mussEinrichten, acr).toBe(asked);
    }
    await server.database.withTenant(mandantId, (tx) =>
      tx.delete(customizing).where(eq(customizing.customizingOptionName, 'ZweiFaktorPflicht')),
    );
  });
});
