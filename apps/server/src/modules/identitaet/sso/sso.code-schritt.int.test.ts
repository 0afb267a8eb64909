import type { TMe } from '@stellwerk/domain/api';
import { PERMISSION_NAMES } from '@stellwerk/domain/permissions';
import { and, eq } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, errorOf } from '../../../../test/api-call.ts';
import { CookieJar, mitJar } from '../../../../test/cookie-jar.ts';
import { signInAs } from '../../../../test/fixtures/anmelden.ts';
import { type FixtureMandant, fixtureMandant } from '../../../../test/fixtures/mandant.ts';
import { FIXTURE_PASSWORD } from '../../../../test/fixtures/passwort.ts';
import { startTestServer, type TestServer, testDrivers } from '../../../../test/harness.ts';
import { type IdpLogin, type OidcIdp, startOidcIdp } from '../../../../test/oidc-idp.ts';
import { createSamlIdp, type SamlUser } from '../../../../test/saml-idp.ts';
import { startSmsGateway } from '../../../../test/sms-gateway.ts';
import { Browser } from '../../../../test/sso-browser.ts';
import { auditLog } from '../../plattform/audit/audit.public.ts';
import { customizing } from '../../verwaltung/customizing/customizing.public.ts';
import { mandantSso } from './sso.table.ts';

const OIDC_DOMAIN = 'musterstadt.example';
const SAML_DOMAIN = 'beispielhausen.example';
const SESSION = 'stellwerk.session_token';
const CODE_COOKIE = 'stellwerk.two_factor';
const ENTRA_MFA = 'http://schemas.microsoft.com/claims/multipleauthn';
const PASSWORT_KONTEXT = 'urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport';

/**
 * A sign-in through the tenant's provider is one factor unless the provider says it had more and the tenant trusts
 * that word (decision 154): a user with a confirmed second factor (authenticator app or phone) then gets the code step
 * the password leads to, and a session only with the right code. The real flows: an OpenID provider (oidc-provider)
 * and a SAML IdP (samlify), the users' factors enrolled through the app.
 */
describe.each(testDrivers())('the code step after a sign-in through the provider, on %s', (driver) => {
  let server: TestServer;
  let idp: OidcIdp;
  let gateway: Awaited<ReturnType<typeof startSmsGateway>>;
  const saml = createSamlIdp();
  const mandanten: Record<string, string> = {};
  /** The administrator of each tenant, who saves its provider and sets its policy. */
  const admins: Record<string, FixtureMandant['benutzer'][string]> = {};
  /** Per user, the TOTP and the time steps used (a code is accepted once, decision 100). */
  const apps = new Map<string, { totp: OTPAuth.TOTP; benutzt: Set<number> }>();

  const vertrauen = (domain: string, mfaVertrauen: boolean) =>
    server.database.withTenant(mandanten[domain] as string, (tx) =>
      tx.update(mandantSso).set({ mfaVertrauen }),
    );

  beforeAll(async () => {
    gateway = await startSmsGateway();
    server = await startTestServer({ driver, seed: false, smsUrl: gateway.url });
    // the tenant behind the OpenID provider with the users who sign in through it, the tenant behind the SAML
    // IdP with its one, and in each an administrator (a role with every right); nobody has a factor yet
    const oidcMandant = await fixtureMandant(server.database, {
      name: 'Stadtwerke Musterstadt',
      domain: OIDC_DOMAIN,
      rollen: { Administration: PERMISSION_NAMES },
      benutzer: {
        mitarbeiter: { vorname: 'Lena', nachname: 'Hoffmann' },
        freigabe: { vorname: 'Sabine', nachname: 'Krüger' },
        fahrer: { vorname: 'Uwe', nachname: 'Krause' },
        fahrzeugpflege: { vorname: 'Jonas', nachname: 'Schneider' },
        admin: { vorname: 'Claudia', nachname: 'Wagner', rollen: ['Administration'] },
      },
    });
    const samlMandant = await fixtureMandant(server.database, {
      name: 'Bibliothek Beispielhausen',
      domain: SAML_DOMAIN,
      rollen: { Administration: PERMISSION_NAMES },
      benutzer: {
        mitarbeiter: { vorname: 'Anna', nachname: 'Schulz' },
        admin: { vorname: 'Andreas', nachname: 'Schwarz', rollen: ['Administration'] },
      },
    });
    mandanten[OIDC_DOMAIN] = oidcMandant.id;
    mandanten[SAML_DOMAIN] = samlMandant.id;
    admins[OIDC_DOMAIN] = oidcMandant.benutzer.admin;
    admins[SAML_DOMAIN] = samlMandant.benutzer.admin;
    idp = await startOidcIdp({
      redirectUris: [`${server.baseUrl}/api/auth/sso/callback/${mandanten[OIDC_DOMAIN]}`],
    });
    const oidc = await call(server, await signInAs(server, admins[OIDC_DOMAIN]!), 'PUT', '/api/admin/sso', {
      protokoll: 'oidc',
      passwortErlaubt: true,
      mfaVertrauen: false,
      gruppenClaim: 'groups',
      issuer: idp.issuer,
      clientId: idp.clientId,
      clientSecret: idp.clientSecret,
      scopes: ['openid', 'email', 'profile'],
    });
    expect(oidc.status).toBe(200);
    const samlSaved = await call(
      server,
      await signInAs(server, admins[SAML_DOMAIN]!),
      'PUT',
      '/api/admin/sso',
      {
        protokoll: 'saml',
        passwortErlaubt: true,
        mfaVertrauen: false,
        gruppenClaim: 'groups',
        metadataXml: saml.metadata,
      },
    );
    expect(samlSaved.status).toBe(200);
  });
  afterAll(async () => {
    await idp?.close();
    await server?.close();
    await gateway?.close();
  });

  const request = (jar: CookieJar, method: string, path: string, body?: unknown) =>
    mitJar(server.baseUrl, jar, method, path, body);

  /**
   * A TOTP code of a time step not used before for this user, inside better-auth's window (the current step or the
   * next); when both were used, the next step is waited for.
   */
  const naechsterCode = async (email: string): Promise<string> => {
    const app = apps.get(email);
    if (!app) throw new Error(`${email} has no authenticator app`);
    for (;;) {
      const jetzt = Math.floor(Date.now() / 30_000);
      const frei = [jetzt, jetzt + 1].find((s) => !app.benutzt.has(s));
      if (frei !== undefined) {
        app.benutzt.add(frei);
        return app.totp.generate({ timestamp: frei * 30_000 + 1_000 });
      }
      await new Promise((resolve) => setTimeout(resolve, (jetzt + 1) * 30_000 - Date.now() + 50));
    }
  };

  /** The user signs in with their password (no factor yet) and enrols and confirms an authenticator app. */
  const richteAppEin = async (email: string) => {
    const jar = new CookieJar();
    expect(
      (await request(jar, 'POST', '/api/auth/sign-in/email', { email, password: FIXTURE_PASSWORD })).status,
    ).toBe(200);
    const enabled = await request(jar, 'POST', '/api/auth/two-factor/enable', { password: FIXTURE_PASSWORD });
    expect(enabled.status).toBe(200);
    const { totpURI } = (await enabled.json()) as { totpURI: string };
    apps.set(email, { totp: OTPAuth.URI.parse(totpURI) as OTPAuth.TOTP, benutzt: new Set() });
    expect(
      (await request(jar, 'POST', '/api/auth/two-factor/verify-totp', { code: await naechsterCode(email) }))
        .status,
    ).toBe(200);
  };

  /** The OIDC sign-in as a browser makes it: /login's button, the provider, back to the app. */
  const durchOidc = async (sub: string, login: IdpLogin = {}) => {
    idp.signInAs(sub, login);
    const browser = new Browser();
    const start = await browser.request(`${server.baseUrl}/api/auth/sign-in/sso`, {
      method: 'POST',
      headers: { origin: server.baseUrl, 'content-type': 'application/json' },
      body: JSON.stringify({
        providerId: mandanten[OIDC_DOMAIN],
        callbackURL: '/',
        errorCallbackURL: '/login',
      }),
    });
    expect(start.status).toBe(200);
    const { url } = (await start.json()) as { url: string };
    const landed = await browser.follow(url);
    return { browser, landed: new URL(landed.url) };
  };

  /** The SAML sign-in: the AuthnRequest to the IdP, its signed response posted to the ACS. */
  const durchSaml = async (user: SamlUser) => {
    const mandantId = mandanten[SAML_DOMAIN] as string;
    const browser = new Browser();
    const start = await browser.request(`${server.baseUrl}/api/auth/sign-in/sso`, {
      method: 'POST',
      headers: { origin: server.baseUrl, 'content-type': 'application/json' },
      body: JSON.stringify({ providerId: mandantId, callbackURL: '/', errorCallbackURL: '/login' }),
    });
    const { url } = (await start.json()) as { url: string };
    const spMetadata = await (
      await fetch(`${server.baseUrl}/api/auth/sso/saml2/sp/metadata?providerId=${mandantId}`)
    ).text();
    const acsUrl = `${server.baseUrl}/api/auth/sso/saml2/sp/acs/${mandantId}`;
    const { samlResponse, relayState } = await saml.respond(spMetadata, url, user, acsUrl);
    const posted = await browser.request(acsUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://idp.saml.test' },
      body: new URLSearchParams({ SAMLResponse: samlResponse, RelayState: relayState }).toString(),
    });
    expect(posted.status).toBe(302);
    return { browser, landed: new URL(posted.headers.get('location') ?? '', server.baseUrl) };
  };

  /** A request in the browser's session at the app. */
  const alsBrowser = (browser: Browser, method: string, path: string, body?: unknown) =>
    browser.request(`${server.baseUrl}${path}`, {
      method,
      headers: {
        origin: server.baseUrl,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  const angemeldet = async (browser: Browser, email: string) => {
    expect(browser.has(server.baseUrl, SESSION)).toBe(true);
    const me = await alsBrowser(browser, 'GET', '/api/me');
    expect(me.status).toBe(200);
    expect(((await me.json()) as TMe).user.email).toBe(email);
  };
  const ohneSitzung = async (browser: Browser) => {
    expect(browser.has(server.baseUrl, SESSION)).toBe(false);
    expect((await alsBrowser(browser, 'GET', '/api/me')).status).toBe(401);
  };

  const OIDC_USER = `mitarbeiter@${OIDC_DOMAIN}`;

  it('OIDC, the tenant does not trust the provider, the user has an authenticator app: no session, the code step; a wrong code refused, the right one signs in', async () => {
    await richteAppEin(OIDC_USER);
    idp.accounts.set('lena', { sub: 'lena', email: OIDC_USER, name: 'Lena Hoffmann' });
    // even a provider that says multi-factor is one factor while the tenant does not trust it
    const { browser, landed } = await durchOidc('lena', { amr: ['pwd', 'mfa'] });
    expect(landed.pathname).toBe('/login');
    expect(landed.searchParams.get('code_schritt')).toBe('totp');
    expect(browser.has(server.baseUrl, CODE_COOKIE)).toBe(true);
    await ohneSitzung(browser);

    const falsch = await alsBrowser(browser, 'POST', '/api/auth/two-factor/verify-totp', { code: '000000' });
    expect(falsch.status).toBe(401);
    expect((await errorOf(falsch)).code).toBe('auth.code_falsch');
    await ohneSitzung(browser);

    const richtig = await alsBrowser(browser, 'POST', '/api/auth/two-factor/verify-totp', {
      code: await naechsterCode(OIDC_USER),
    });
    expect(richtig.status).toBe(200);
    await angemeldet(browser, OIDC_USER);
    // the failed code is in the tenant's audit log as a failed sign-in by code, like after the password
    await new Promise((resolve) => setTimeout(resolve, 100));
    const eintraege = await server.database.withTenant(mandanten[OIDC_DOMAIN] as string, (tx) =>
      tx
        .select()
        .from(auditLog)
        .where(
          and(eq(auditLog.entity, 'benutzer.anmeldung'), eq(auditLog.action, 'anmeldung_fehlgeschlagen')),
        ),
    );
    expect(eintraege.some((e) => (e.newValue as { weg?: string } | null)?.weg === 'code')).toBe(true);
  });

  it('OIDC, trusted and the provider says multi-factor (amr mfa): signed in at once', async () => {
    await vertrauen(OIDC_DOMAIN, true);
    try {
      const { browser, landed } = await durchOidc('lena', { amr: ['pwd', 'mfa'] });
      expect(landed.pathname).toBe('/');
      expect(browser.has(server.baseUrl, CODE_COOKIE)).toBe(false);
      await angemeldet(browser, OIDC_USER);
    } finally {
      await vertrauen(OIDC_DOMAIN, false);
    }
  });

  it('OIDC, trusted but the provider says password only (amr pwd): the code step', async () => {
    await vertrauen(OIDC_DOMAIN, true);
    try {
      const { browser, landed } = await durchOidc('lena', { amr: ['pwd'] });
      expect(landed.pathname).toBe('/login');
      expect(landed.searchParams.get('code_schritt')).toBe('totp');
      await ohneSitzung(browser);
      const richtig = await alsBrowser(browser, 'POST', '/api/auth/two-factor/verify-totp', {
        code: await naechsterCode(OIDC_USER),
      });
      expect(richtig.status).toBe(200);
      await angemeldet(browser, OIDC_USER);
    } finally {
      await vertrauen(OIDC_DOMAIN, false);
    }
  });

  it('OIDC, wrong codes count towards the sign-in throttle of the account, as after the password', async () => {
    const { browser } = await durchOidc('lena');
    // better-auth's code step takes five codes; the throttle locks the account before or with them
    for (let i = 0; i < 5; i++) {
      const falsch = await alsBrowser(browser, 'POST', '/api/auth/two-factor/verify-totp', {
        code: '000000',
      });
      expect([401, 429]).toContain(falsch.status);
      if (falsch.status === 429) break;
    }
    // the password sign-in of the same account now waits as well: the failures were counted on the account
    const jar = new CookieJar();
    const danach = await request(jar, 'POST', '/api/auth/sign-in/email', {
      email: OIDC_USER,
      password: FIXTURE_PASSWORD,
    });
    expect(danach.status).toBe(429);
    expect((await errorOf(danach)).code).toBe('auth.sign_in_throttled');
  });

  it('a tenant requiring two factors of everyone: the untrusted provider still leads to the code, then signed in without enrolling', async () => {
    const FREIGABE = `freigabe@${OIDC_DOMAIN}`;
    await richteAppEin(FREIGABE);
    const mandantId = mandanten[OIDC_DOMAIN] as string;
    const admin = await signInAs(server, admins[OIDC_DOMAIN]!);
    const policy = await call(server, admin, 'PUT', '/api/customizing/mandant/ZweiFaktorPflicht', {
      value: 'alle',
    });
    expect(policy.status).toBe(200);
    try {
      idp.accounts.set('sabine', { sub: 'sabine', email: FREIGABE, name: 'Sabine Krüger' });
      const { browser, landed } = await durchOidc('sabine', { amr: ['pwd'] });
      expect(landed.searchParams.get('code_schritt')).toBe('totp');
      await ohneSitzung(browser);
      expect(
        (
          await alsBrowser(browser, 'POST', '/api/auth/two-factor/verify-totp', {
            code: await naechsterCode(FREIGABE),
          })
        ).status,
      ).toBe(200);
      const me = (await (await alsBrowser(browser, 'GET', '/api/me')).json()) as TMe;
      expect(me.zweiFaktor).toMatchObject({ pflicht: 'alle', eingerichtet: true, mussEinrichten: false });
    } finally {
      await server.database.withTenant(mandantId, (tx) =>
        tx.delete(customizing).where(eq(customizing.customizingOptionName, 'ZweiFaktorPflicht')),
      );
    }
  });

  it('OIDC, a user with a confirmed phone factor only: the code step offers the code by SMS, which signs in', async () => {
    const USER = 'fahrer@musterstadt.example';
    const NUMMER = '+4915112345670';
    const jar = new CookieJar();
    expect(
      (await request(jar, 'POST', '/api/auth/sign-in/email', { email: USER, password: FIXTURE_PASSWORD }))
        .status,
    ).toBe(200);
    const created = await request(jar, 'POST', '/api/sicherheit/faktoren/telefon', {
      telefonnummer: NUMMER,
      friendlyName: 'Diensthandy',
      passwort: FIXTURE_PASSWORD,
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    expect(
      (await request(jar, 'POST', `/api/sicherheit/faktoren/${id}/verify`, { code: gateway.code(NUMMER) }))
        .status,
    ).toBe(204);

    idp.accounts.set('fahrer', { sub: 'fahrer', email: USER, name: 'Frank Fahrer' });
    const { browser, landed } = await durchOidc('fahrer');
    expect(landed.pathname).toBe('/login');
    expect(landed.searchParams.get('code_schritt')).toBe('otp');
    await ohneSitzung(browser);
    expect((await alsBrowser(browser, 'POST', '/api/auth/two-factor/send-otp', {})).status).toBe(200);
    const verified = await alsBrowser(browser, 'POST', '/api/auth/two-factor/verify-otp', {
      code: gateway.code(NUMMER),
    });
    expect(verified.status).toBe(200);
    await angemeldet(browser, USER);
  });

  it('OIDC, a user without a second factor: signed in at once (one factor, as with the password)', async () => {
    const USER = `fahrzeugpflege@${OIDC_DOMAIN}`;
    idp.accounts.set('jonas', { sub: 'jonas', email: USER, name: 'Jonas Schneider' });
    const { browser, landed } = await durchOidc('jonas');
    expect(landed.pathname).toBe('/');
    await angemeldet(browser, USER);
  });

  const SAML_USER = `mitarbeiter@${SAML_DOMAIN}`;
  const samlUser = (authnContext: string): SamlUser => ({
    nameId: SAML_USER,
    authnContext,
    attributes: { email: SAML_USER, givenName: 'Anna', surname: 'Schulz' },
  });

  it('SAML, the tenant does not trust the IdP, the user has an authenticator app: the code step, then signed in', async () => {
    await richteAppEin(SAML_USER);
    const { browser, landed } = await durchSaml(samlUser(ENTRA_MFA));
    expect(landed.pathname).toBe('/login');
    expect(landed.searchParams.get('code_schritt')).toBe('totp');
    await ohneSitzung(browser);
    expect(
      (await alsBrowser(browser, 'POST', '/api/auth/two-factor/verify-totp', { code: '000000' })).status,
    ).toBe(401);
    await ohneSitzung(browser);
    const richtig = await alsBrowser(browser, 'POST', '/api/auth/two-factor/verify-totp', {
      code: await naechsterCode(SAML_USER),
    });
    expect(richtig.status).toBe(200);
    await angemeldet(browser, SAML_USER);
  });

  it('SAML, trusted and the AuthnContext is multi-factor: signed in at once; a password class asks for the code', async () => {
    await vertrauen(SAML_DOMAIN, true);
    try {
      const mfa = await durchSaml(samlUser(ENTRA_MFA));
      expect(mfa.landed.pathname).toBe('/');
      await angemeldet(mfa.browser, SAML_USER);

      const passwort = await durchSaml(samlUser(PASSWORT_KONTEXT));
      expect(passwort.landed.pathname).toBe('/login');
      expect(passwort.landed.searchParams.get('code_schritt')).toBe('totp');
      await ohneSitzung(passwort.browser);
    } finally {
      await vertrauen(SAML_DOMAIN, false);
    }
  });
});
