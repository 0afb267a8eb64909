import type { TMe } from '@stellwerk/domain/api';
import type { TAnmeldeMethoden, TSsoKonfiguration } from '@stellwerk/domain/identitaet/sso/api';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, errorOf } from '../../../../test/api-call.ts';
import { FIXTURE_PASSWORD } from '../../../../test/fixtures/passwort.ts';
import { fixtureBenutzer } from '../../../../test/fixtures/benutzer.ts';
import { fixtureMandant } from '../../../../test/fixtures/mandant.ts';
import { signIn, type TestServer, testDrivers } from '../../../../test/harness.ts';
import { type OidcIdp, startOidcIdp } from '../../../../test/oidc-idp.ts';
import { Browser } from '../../../../test/sso-browser.ts';
import { startSsoServer } from '../../../../test/sso-setup.ts';
import { benutzer } from '../benutzer/benutzer.public.ts';
import { gruppe } from '../gruppe/gruppe.public.ts';

const DOMAIN = 'musterstadt.example';
const _ADMIN = `admin@${DOMAIN}`;

describe.each(testDrivers())('single sign-on through OIDC (oidc-provider), on %s', (driver) => {
  let server: TestServer;
  let idp: OidcIdp;
  let mandantId: string;
  let adminCookie: string;

  beforeAll(async () => {
    let callbackUrl: string;
    // a user without the tenant-settings right, a user whose password sign-in is switched off, and the groups the
    // provider's claims name
    ({ server, mandantId, adminCookie, callbackUrl } = await startSsoServer(driver, {
      name: 'Stadtwerke Musterstadt',
      domain: DOMAIN,
      benutzer: {
        mitarbeiter: { vorname: 'Lena', nachname: 'Hoffmann' },
        fuhrpark: { vorname: 'Thomas', nachname: 'Becker' },
        admin: { vorname: 'Claudia', nachname: 'Wagner' },
      },
      gruppen: ['Fahrdienst', 'Leseraum'],
    }));
    // a platform administrator whose account belongs to this tenant: the platform must not be locked out
    await fixtureBenutzer(server.database, { id: mandantId, domain: DOMAIN }, 'plattform', {
      vorname: 'Petra',
      nachname: 'Brandt',
      plattformAdmin: true,
    });
    // another tenant with its own domain and a user there
    await fixtureMandant(server.database, {
      name: 'Bibliothek Beispielhausen',
      domain: 'beispielhausen.example',
      benutzer: { mitarbeiter: { vorname: 'Anna', nachname: 'Schulz' } },
    });
    idp = await startOidcIdp({ redirectUris: [callbackUrl] });
  });
  afterAll(async () => {
    await idp?.close();
    await server?.close();
  });

  const configure = (passwortErlaubt = true, clientSecret: string | undefined = idp.clientSecret) =>
    call(server, adminCookie, 'PUT', '/api/admin/sso', {
      protokoll: 'oidc',
      passwortErlaubt,
      gruppenClaim: 'groups',
      issuer: idp.issuer,
      clientId: idp.clientId,
      clientSecret,
      scopes: ['openid', 'email', 'profile', 'groups'],
    });

  /** The whole sign-in as a browser does it: /login's button, the provider, back to the app. */
  const signInThroughProvider = async (sub: string) => {
    idp.signInAs(sub);
    const browser = new Browser();
    const start = await browser.request(`${server.baseUrl}/api/auth/sign-in/sso`, {
      method: 'POST',
      headers: { origin: server.baseUrl, 'content-type': 'application/json' },
      body: JSON.stringify({ providerId: mandantId, callbackURL: '/', errorCallbackURL: '/login' }),
    });
    expect(start.status).toBe(200);
    const { url } = (await start.json()) as { url: string };
    expect(url.startsWith(idp.issuer)).toBe(true);
    expect(new URL(url).searchParams.get('code_challenge_method')).toBe('S256');
    const landed = await browser.follow(url);
    const me = await browser.request(`${server.baseUrl}/api/me`);
    return { browser, landed, me };
  };

  const benutzerByEmail = (email: string) =>
    server.database.withTenant(mandantId, async (tx) => {
      const [row] = await tx.select().from(benutzer).where(eq(benutzer.email, email));
      return row;
    });

  it('the administrator configures the provider through discovery; the secret is never sent back; audited', async () => {
    const saved = await configure();
    expect(saved.status).toBe(200);
    const body = (await saved.json()) as TSsoKonfiguration;
    expect(body.protokoll).toBe('oidc');
    expect(body.oidc).toMatchObject({
      issuer: idp.issuer,
      clientId: 'stellwerk',
      clientSecretGespeichert: true,
    });
    expect(JSON.stringify(body)).not.toContain(idp.clientSecret);
    expect(body.redirectUrl).toBe(`${server.baseUrl}/api/auth/sso/callback/${mandantId}`);
    expect(body.domains).toContain(DOMAIN);
    const read = await call(server, adminCookie, 'GET', '/api/admin/sso');
    expect(JSON.stringify(await read.json())).not.toContain(idp.clientSecret);
    // Saving again without a secret keeps the stored one.
    expect((await configure(true, undefined)).status).toBe(200);
    const protokoll = await call(server, adminCookie, 'GET', '/api/admin/protokoll?entity=mandant.sso');
    expect(protokoll.status).toBe(200);
    expect(JSON.stringify(await protokoll.json())).not.toContain(idp.clientSecret);
  });

  it('an unreachable issuer is refused with a clear message', async () => {
    const bad = await call(server, adminCookie, 'PUT', '/api/admin/sso', {
      protokoll: 'oidc',
      passwortErlaubt: true,
      gruppenClaim: 'groups',
      issuer: 'http://127.0.0.1:9/nothing',
      clientId: 'x',
      clientSecret: 'y',
      scopes: [],
    });
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).code).toBe('sso.anbieter_nicht_erreichbar');
  });

  it('a user without the tenant-settings right may not see or change the provider', async () => {
    const cookie = await signIn(server.baseUrl, `mitarbeiter@${DOMAIN}`, FIXTURE_PASSWORD);
    expect((await call(server, cookie, 'GET', '/api/admin/sso')).status).toBe(403);
    expect((await call(server, null, 'GET', '/api/admin/sso')).status).toBe(401);
  });

  it('the tenant’s domain routes /login to its provider; another tenant’s domain and unknown domains do not', async () => {
    const own = (await (
      await call(server, null, 'GET', `/api/anmeldung/methoden?email=${encodeURIComponent(`neu@${DOMAIN}`)}`)
    ).json()) as TAnmeldeMethoden;
    expect(own).toEqual({ sso: { providerId: mandantId, protokoll: 'oidc' }, passwort: true });
    const other = (await (
      await call(server, null, 'GET', '/api/anmeldung/methoden?email=anna%40beispielhausen.example')
    ).json()) as TAnmeldeMethoden;
    expect(other).toEqual({ sso: null, passwort: true });
    const unknown = (await (
      await call(server, null, 'GET', '/api/anmeldung/methoden?email=x%40nirgendwo.example')
    ).json()) as TAnmeldeMethoden;
    expect(unknown).toEqual({ sso: null, passwort: true });
  });

  it('first sign-in creates the user just in time with name, e-mail and mapped groups; lands on the start page', async () => {
    idp.accounts.set('u-1', {
      sub: 'u-1',
      email: `jana.jit@${DOMAIN}`,
      given_name: 'Jana',
      family_name: 'Jit',
      groups: ['Fahrdienst', 'Unbekannt'],
    });
    const { landed, me } = await signInThroughProvider('u-1');
    expect(landed.url).toBe(`${server.baseUrl}/`);
    expect(me.status).toBe(200);
    const body = (await me.json()) as TMe;
    expect(body.user).toMatchObject({
      email: `jana.jit@${DOMAIN}`,
      vorname: 'Jana',
      nachname: 'Jit',
      mandantId,
    });
    const row = await benutzerByEmail(`jana.jit@${DOMAIN}`);
    expect(row).toMatchObject({ isSso: true, status: 'aktiv', authUserId: row!.id });
    const groups = await call(server, adminCookie, 'GET', `/api/admin/benutzer/${row!.id}`);
    const detail = (await groups.json()) as { gruppen: { id: string }[] };
    const fahrdienst = await server.database.withTenant(mandantId, (tx) =>
      tx.select().from(gruppe).where(eq(gruppe.name, 'Fahrdienst')),
    );
    expect(detail.gruppen.map((g) => g.id)).toEqual([fahrdienst[0]!.id]);
  });

  it('a later sign-in updates name and groups', async () => {
    idp.accounts.set('u-1', {
      sub: 'u-1',
      email: `jana.jit@${DOMAIN}`,
      given_name: 'Jana',
      family_name: 'Neumann',
      groups: ['Leseraum'],
    });
    const { me } = await signInThroughProvider('u-1');
    expect(me.status).toBe(200);
    expect(((await me.json()) as TMe).user.nachname).toBe('Neumann');
    const row = await benutzerByEmail(`jana.jit@${DOMAIN}`);
    const detail = (await (
      await call(server, adminCookie, 'GET', `/api/admin/benutzer/${row!.id}`)
    ).json()) as {
      gruppen: { id: string }[];
    };
    const leseraum = await server.database.withTenant(mandantId, (tx) =>
      tx.select().from(gruppe).where(eq(gruppe.name, 'Leseraum')),
    );
    expect(detail.gruppen.map((g) => g.id)).toEqual([leseraum[0]!.id]);
    const users = await server.database.withTenant(mandantId, (tx) =>
      tx
        .select()
        .from(benutzer)
        .where(eq(benutzer.email, `jana.jit@${DOMAIN}`)),
    );
    expect(users).toHaveLength(1);
  });

  it('a deactivated user is refused with a clear message and gets no session', async () => {
    const row = await benutzerByEmail(`jana.jit@${DOMAIN}`);
    await server.database.withTenant(mandantId, (tx) =>
      tx.update(benutzer).set({ status: 'inaktiv' }).where(eq(benutzer.id, row!.id)),
    );
    const { landed, me } = await signInThroughProvider('u-1');
    expect(landed.url).toBe(`${server.baseUrl}/login?sso_fehler=auth.sso_deaktiviert`);
    expect(me.status).toBe(401);
  });

  it('an address of another tenant’s user is refused, not linked', async () => {
    idp.accounts.set('u-2', { sub: 'u-2', email: 'mitarbeiter@beispielhausen.example', name: 'Fremd' });
    const { landed, me } = await signInThroughProvider('u-2');
    expect(landed.url).toMatch(/\/login\?sso_fehler=auth\.sso_/);
    expect(me.status).toBe(401);
  });

  it('with password sign-in switched off, the password form refuses with a clear message; platform admins still may', async () => {
    expect((await configure(false)).status).toBe(200);
    const methods = (await (
      await call(
        server,
        null,
        'GET',
        `/api/anmeldung/methoden?email=${encodeURIComponent(`fuhrpark@${DOMAIN}`)}`,
      )
    ).json()) as TAnmeldeMethoden;
    expect(methods.passwort).toBe(false);
    const refused = await fetch(`${server.baseUrl}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.baseUrl },
      body: JSON.stringify({ email: `fuhrpark@${DOMAIN}`, password: FIXTURE_PASSWORD }),
    });
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).code).toBe('auth.passwort_anmeldung_aus');
    // A platform administrator of this tenant still signs in with the password.
    const plattform = await signIn(server.baseUrl, `plattform@${DOMAIN}`, FIXTURE_PASSWORD);
    const me = (await (await call(server, plattform, 'GET', '/api/me')).json()) as TMe;
    expect(me.user).toMatchObject({ email: `plattform@${DOMAIN}`, isPlatformAdmin: true });
    // Another tenant is not affected.
    await signIn(server.baseUrl, 'mitarbeiter@beispielhausen.example', FIXTURE_PASSWORD);
    // Switched back on.
    expect((await configure(true)).status).toBe(200);
    await signIn(server.baseUrl, `fuhrpark@${DOMAIN}`, FIXTURE_PASSWORD);
  });
});
