import type { TMe } from '@stellwerk/domain/api';
import type { TIdentitaeten, TSsoVerknuepfung } from '@stellwerk/domain/identitaet/sicherheit/api';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, errorOf } from '../../../../test/api-call.ts';
import { FIXTURE_PASSWORD } from '../../../../test/fixtures/passwort.ts';
import { signIn, type TestServer, testDrivers } from '../../../../test/harness.ts';
import { type OidcIdp, startOidcIdp } from '../../../../test/oidc-idp.ts';
import { Browser } from '../../../../test/sso-browser.ts';
import { startSsoServer } from '../../../../test/sso-setup.ts';
import { auditLog } from '../../plattform/audit/audit.public.ts';
import { passkey } from '../auth/auth.public.ts';
import { benutzer } from '../benutzer/benutzer.public.ts';

const DOMAIN = 'musterstadt.example';
const ADMIN = `admin@${DOMAIN}`;
const FUHRPARK = `fuhrpark@${DOMAIN}`;
const MITARBEITER = `mitarbeiter@${DOMAIN}`;

/**
 * Linked identities (spec §7, decision 081) through the real server and a real OIDC provider: the list, linking
 * the tenant's provider from the security page, unlinking (never the last way to sign in), setting a password,
 * and passkeys as identities.
 */
describe.each(testDrivers())('linked identities, on %s', (driver) => {
  let server: TestServer;
  let idp: OidcIdp;
  let mandantId: string;
  let adminCookie: string;

  beforeAll(async () => {
    let callbackUrl: string;
    // the fleet manager and the colleague link the provider; the administrator saves it
    ({ server, mandantId, adminCookie, callbackUrl } = await startSsoServer(driver, {
      name: 'Stadtwerke Musterstadt',
      domain: DOMAIN,
      benutzer: {
        fuhrpark: { vorname: 'Thomas', nachname: 'Becker' },
        mitarbeiter: { vorname: 'Lena', nachname: 'Hoffmann' },
        admin: { vorname: 'Claudia', nachname: 'Wagner' },
      },
    }));
    idp = await startOidcIdp({ redirectUris: [callbackUrl] });
  });
  afterAll(async () => {
    await idp?.close();
    await server?.close();
  });

  const configure = (passwortErlaubt = true) =>
    call(server, adminCookie, 'PUT', '/api/admin/sso', {
      protokoll: 'oidc',
      passwortErlaubt,
      gruppenClaim: 'groups',
      issuer: idp.issuer,
      clientId: idp.clientId,
      clientSecret: idp.clientSecret,
      scopes: ['openid', 'email', 'profile'],
    });

  const identitaeten = async (cookie: string) => {
    const response = await call(server, cookie, 'GET', '/api/sicherheit/identitaeten');
    expect(response.status).toBe(200);
    return (await response.json()) as TIdentitaeten;
  };

  /** The provider's sign-in as the browser starts it, with the given return address. */
  const throughProvider = async (sub: string, callbackURL = '/') => {
    idp.signInAs(sub);
    const browser = new Browser();
    const start = await browser.request(`${server.baseUrl}/api/auth/sign-in/sso`, {
      method: 'POST',
      headers: { origin: server.baseUrl, 'content-type': 'application/json' },
      body: JSON.stringify({ providerId: mandantId, callbackURL, errorCallbackURL: '/login' }),
    });
    expect(start.status).toBe(200);
    const { url } = (await start.json()) as { url: string };
    const landed = await browser.follow(url);
    const me = await browser.request(`${server.baseUrl}/api/me`);
    return { landed, me };
  };

  const benutzerId = async (email: string) =>
    server.database.withTenant(mandantId, async (tx) => {
      const [row] = await tx.select({ id: benutzer.id }).from(benutzer).where(eq(benutzer.email, email));
      return row!.id;
    });

  it('a password user sees the password as the one identity, which cannot be unlinked', async () => {
    const cookie = await signIn(server.baseUrl, FUHRPARK, FIXTURE_PASSWORD);
    const list = await identitaeten(cookie);
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({ art: 'passwort', nutzbar: true, entfernbar: false });
    expect(list.passwortSetzbar).toBe(false);
    expect(list.sso).toBeNull();
    const refused = await call(server, cookie, 'DELETE', `/api/sicherheit/identitaeten/${list.items[0]!.id}`);
    expect(refused.status).toBe(409);
    expect((await errorOf(refused)).code).toBe('sicherheit.letzte_identitaet');
    // no provider: nothing to link
    const link = await call(server, cookie, 'POST', '/api/sicherheit/identitaeten/sso');
    expect(link.status).toBe(409);
    expect((await errorOf(link)).code).toBe('sicherheit.sso_nicht_verknuepfbar');
  });

  it('before linking, the provider’s sign-in with the user’s address is refused as "not linked" while the provider does not vouch for the address', async () => {
    expect((await configure()).status).toBe(200);
    // a provider that vouches for the address links on the first sign-in (decision 095, sso.verknuepfung.int.test.ts)
    idp.accounts.set('fp-1', {
      sub: 'fp-1',
      email: FUHRPARK,
      given_name: 'Fritz',
      family_name: 'Fuhrpark',
      email_verified: undefined,
    });
    const { landed, me } = await throughProvider('fp-1');
    expect(landed.url).toBe(`${server.baseUrl}/login?sso_fehler=auth.sso_nicht_verknuepft`);
    expect(me.status).toBe(401);
  });

  it('the user links the provider from the security page; later sign-ins through it are theirs; audited', async () => {
    const cookie = await signIn(server.baseUrl, FUHRPARK, FIXTURE_PASSWORD);
    const before = await identitaeten(cookie);
    expect(before.sso).toEqual({ providerId: mandantId, protokoll: 'oidc', verknuepfbar: true });
    const asked = await call(server, cookie, 'POST', '/api/sicherheit/identitaeten/sso');
    expect(asked.status).toBe(200);
    const link = (await asked.json()) as TSsoVerknuepfung;
    expect(link).toEqual({ providerId: mandantId, callbackURL: '/einstellungen/sicherheit?verknuepft=sso' });
    const { landed, me } = await throughProvider('fp-1', link.callbackURL);
    expect(landed.url).toBe(`${server.baseUrl}/einstellungen/sicherheit?verknuepft=sso`);
    expect(me.status).toBe(200);
    const id = await benutzerId(FUHRPARK);
    expect(((await me.json()) as TMe).user.id).toBe(id);

    const after = await identitaeten(cookie);
    expect(after.items.map((i) => [i.art, i.nutzbar, i.entfernbar])).toEqual([
      ['passwort', true, true],
      ['oidc', true, true],
    ]);
    expect(after.sso?.verknuepfbar).toBe(false);
    // a second link request is refused: already linked
    expect((await call(server, cookie, 'POST', '/api/sicherheit/identitaeten/sso')).status).toBe(409);

    // the next sign-in through the provider, without a request, is the same user (no second benutzer)
    const again = await throughProvider('fp-1');
    expect(again.me.status).toBe(200);
    expect(((await again.me.json()) as TMe).user.id).toBe(id);
    const rows = await server.database.withTenant(mandantId, (tx) =>
      tx.select().from(benutzer).where(eq(benutzer.email, FUHRPARK)),
    );
    expect(rows).toHaveLength(1);

    const audit = await server.database.withTenant(mandantId, (tx) =>
      tx.select().from(auditLog).where(eq(auditLog.entity, 'benutzer.identitaet')),
    );
    expect(audit.map((a) => a.action)).toContain('identitaet_verknuepft');
  });

  it('an identity at the provider already linked to someone else is not linked to a second user', async () => {
    const cookie = await signIn(server.baseUrl, MITARBEITER, FIXTURE_PASSWORD);
    expect((await call(server, cookie, 'POST', '/api/sicherheit/identitaeten/sso')).status).toBe(200);
    // the provider now names the colleague's address for the identity that belongs to the fleet manager
    idp.accounts.set('fp-1', { sub: 'fp-1', email: MITARBEITER, name: 'Vertauscht' });
    const { landed } = await throughProvider('fp-1', '/einstellungen/sicherheit?verknuepft=sso');
    expect(landed.url).toBe(`${server.baseUrl}/einstellungen/sicherheit?sso_fehler=auth.sso_anderes_konto`);
    const list = await identitaeten(cookie);
    expect(list.items.map((i) => i.art)).toEqual(['passwort']);
    idp.accounts.set('fp-1', { sub: 'fp-1', email: FUHRPARK, given_name: 'Fritz', family_name: 'Fuhrpark' });
  });

  it('unlinking the password leaves single sign-on; the last identity stays; a password can be set again', async () => {
    const cookie = await signIn(server.baseUrl, FUHRPARK, FIXTURE_PASSWORD);
    const list = await identitaeten(cookie);
    const passwort = list.items.find((i) => i.art === 'passwort')!;
    const oidc = list.items.find((i) => i.art === 'oidc')!;
    expect((await call(server, cookie, 'DELETE', `/api/sicherheit/identitaeten/${passwort.id}`)).status).toBe(
      204,
    );
    const rest = await identitaeten(cookie);
    expect(rest.items.map((i) => [i.art, i.entfernbar])).toEqual([['oidc', false]]);
    expect(rest.passwortSetzbar).toBe(true);
    const last = await call(server, cookie, 'DELETE', `/api/sicherheit/identitaeten/${oidc.id}`);
    expect(last.status).toBe(409);
    expect((await errorOf(last)).code).toBe('sicherheit.letzte_identitaet');
    // the password no longer signs in
    const refused = await fetch(`${server.baseUrl}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.baseUrl },
      body: JSON.stringify({ email: FUHRPARK, password: FIXTURE_PASSWORD }),
    });
    expect(refused.status).toBe(401);

    const short = await call(server, cookie, 'POST', '/api/sicherheit/identitaeten/passwort', {
      neuesPasswort: 'kurz',
    });
    expect(short.status).toBe(400);
    expect((await errorOf(short)).code).toBe('auth.password_length');
    const set = await call(server, cookie, 'POST', '/api/sicherheit/identitaeten/passwort', {
      neuesPasswort: 'ein-neues-passwort',
    });
    expect(set.status).toBe(204);
    await signIn(server.baseUrl, FUHRPARK, 'ein-neues-passwort');
    const twice = await call(server, cookie, 'POST', '/api/sicherheit/identitaeten/passwort', {
      neuesPasswort: 'noch-ein-passwort',
    });
    expect(twice.status).toBe(409);
    expect((await errorOf(twice)).code).toBe('sicherheit.passwort_nicht_setzbar');
  });

  it('with password sign-in switched off, the password does not count and single sign-on cannot be unlinked', async () => {
    const cookie = await signIn(server.baseUrl, FUHRPARK, 'ein-neues-passwort');
    expect((await configure(false)).status).toBe(200);
    const list = await identitaeten(cookie);
    expect(list.items.map((i) => [i.art, i.nutzbar, i.entfernbar])).toEqual([
      ['oidc', true, false],
      ['passwort', false, true],
    ]);
    const oidc = list.items.find((i) => i.art === 'oidc')!;
    expect((await call(server, cookie, 'DELETE', `/api/sicherheit/identitaeten/${oidc.id}`)).status).toBe(
      409,
    );
    expect((await configure(true)).status).toBe(200);
  });

  it('passkeys are identities: the last one is not removed, neither here nor through the passkey endpoint', async () => {
    const cookie = await signIn(server.baseUrl, MITARBEITER, FIXTURE_PASSWORD);
    const authUserId = await benutzerId(MITARBEITER);
    await server.database.withoutTenant((tx) =>
      tx.insert(passkey).values({
        id: 'pk-test-1',
        name: 'Laptop',
        publicKey: 'AAAA',
        userId: authUserId,
        credentialID: 'cred-1',
        counter: 0,
        deviceType: 'singleDevice',
        backedUp: false,
      }),
    );
    const list = await identitaeten(cookie);
    expect(list.items.map((i) => [i.art, i.name, i.entfernbar])).toEqual([
      ['passwort', null, true],
      ['passkey', 'Laptop', true],
    ]);
    const passwort = list.items.find((i) => i.art === 'passwort')!;
    expect((await call(server, cookie, 'DELETE', `/api/sicherheit/identitaeten/${passwort.id}`)).status).toBe(
      204,
    );
    const viaBetterAuth = await call(server, cookie, 'POST', '/api/auth/passkey/delete-passkey', {
      id: 'pk-test-1',
    });
    expect(viaBetterAuth.status).toBe(409);
    expect((await errorOf(viaBetterAuth)).code).toBe('sicherheit.letzte_identitaet');
    const viaList = await call(server, cookie, 'DELETE', '/api/sicherheit/identitaeten/passkey:pk-test-1');
    expect(viaList.status).toBe(409);
  });

  it('another user’s identity and unknown ids answer 404; without a session 401', async () => {
    const fuhrpark = await identitaeten(await signIn(server.baseUrl, FUHRPARK, 'ein-neues-passwort'));
    const other = await signIn(server.baseUrl, ADMIN, FIXTURE_PASSWORD);
    const foreign = await call(
      server,
      other,
      'DELETE',
      `/api/sicherheit/identitaeten/${fuhrpark.items[0]!.id}`,
    );
    expect(foreign.status).toBe(404);
    expect((await call(server, other, 'DELETE', '/api/sicherheit/identitaeten/konto:nichts')).status).toBe(
      404,
    );
    expect((await call(server, null, 'GET', '/api/sicherheit/identitaeten')).status).toBe(401);
  });
});
