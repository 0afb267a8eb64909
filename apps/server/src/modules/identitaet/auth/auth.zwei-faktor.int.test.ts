import type { TMe } from '@stellwerk/domain/api';
import type { TFaktoren } from '@stellwerk/domain/identitaet/sicherheit/api';
import { PERMISSION_NAMES } from '@stellwerk/domain/permissions';
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authRequest } from '../../../../test/auth-requests.ts';
import { CookieJar as Jar, mitJar } from '../../../../test/cookie-jar.ts';
import { fixtureMandant } from '../../../../test/fixtures/mandant.ts';
import { FIXTURE_PASSWORD } from '../../../../test/fixtures/passwort.ts';
import { startTestServer, type TestServer, testDrivers } from '../../../../test/harness.ts';

type ErrorBody = { error: { code: string } };

describe.each(testDrivers())('two-factor sign-in and sessions, on %s', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ driver, seed: false });
    // Users without rights who enrol factors and sign in; in each tenant an administrator (a role with every
    // right: the policy "administratoren" applies to them; the one of Musterstadt is Claudia Wagner, the name the
    // audit shows); in Beispielhausen a user administrator (benutzer_pflegen) and, for the employee's request,
    // the reading rooms switched on.
    await fixtureMandant(server.database, {
      name: 'Stadtwerke Musterstadt',
      domain: 'musterstadt.example',
      rollen: { Administration: PERMISSION_NAMES },
      benutzer: {
        mitarbeiter: { vorname: 'Lena', nachname: 'Hoffmann' },
        fuhrpark: { vorname: 'Thomas', nachname: 'Becker' },
        freigabe: { vorname: 'Sabine', nachname: 'Krüger' },
        fuehrerschein: { vorname: 'Markus', nachname: 'Weber' },
        fahrzeugpflege: { vorname: 'Jonas', nachname: 'Schneider' },
        admin: { vorname: 'Claudia', nachname: 'Wagner', rollen: ['Administration'] },
      },
    });
    await fixtureMandant(server.database, {
      name: 'Bibliothek Beispielhausen',
      domain: 'beispielhausen.example',
      features: { Leseraum: true },
      rollen: {
        Administration: PERMISSION_NAMES,
        Benutzerverwaltung: ['benutzer_pflegen', 'berechtigungs_pflege'],
      },
      benutzer: {
        mitarbeiter: { vorname: 'Anna', nachname: 'Schulz' },
        freigabe: { vorname: 'Julia', nachname: 'Meyer' },
        fahrzeugpflege: { vorname: 'Katrin', nachname: 'Neumann', rollen: ['Benutzerverwaltung'] },
        admin: { vorname: 'Andreas', nachname: 'Schwarz', rollen: ['Administration'] },
      },
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  const call = (jar: Jar, method: string, path: string, body?: unknown) =>
    mitJar(server.baseUrl, jar, method, path, body);
  const codeOf = async (response: Response) => ((await response.json()) as ErrorBody).error.code;

  /** The password step; returns the jar and better-auth's answer. */
  const passwordStep = async (email: string, password = FIXTURE_PASSWORD) => {
    const jar = new Jar();
    const response = await call(jar, 'POST', '/api/auth/sign-in/email', { email, password });
    return { jar, response, body: (await response.json()) as Record<string, unknown> };
  };
  const signedIn = async (email: string) => {
    const { jar, response } = await passwordStep(email);
    expect(response.status).toBe(200);
    expect(jar.has('stellwerk.session_token')).toBe(true);
    return jar;
  };

  /** Enrols an authenticator app for the signed-in user; returns the TOTP and the backup codes. */
  const enrol = async (jar: Jar) => {
    const enabled = await call(jar, 'POST', '/api/auth/two-factor/enable', { password: FIXTURE_PASSWORD });
    expect(enabled.status).toBe(200);
    const { totpURI, backupCodes } = (await enabled.json()) as { totpURI: string; backupCodes: string[] };
    const totp = OTPAuth.URI.parse(totpURI) as OTPAuth.TOTP;
    const confirmed = await call(jar, 'POST', '/api/auth/two-factor/verify-totp', { code: totp.generate() });
    expect(confirmed.status).toBe(200);
    return { totp, backupCodes, totpURI };
  };

  it('enrols an authenticator app: QR URI and secret, confirmed with a first code, named; sign-in then asks for the code', async () => {
    const jar = await signedIn('mitarbeiter@musterstadt.example');
    const enabled = await call(jar, 'POST', '/api/auth/two-factor/enable', { password: FIXTURE_PASSWORD });
    expect(enabled.status).toBe(200);
    const { totpURI, backupCodes } = (await enabled.json()) as { totpURI: string; backupCodes: string[] };
    expect(totpURI).toMatch(/^otpauth:\/\/totp\/Stellwerk:mitarbeiter%40musterstadt\.example\?/);
    expect(backupCodes).toHaveLength(10);
    const totp = OTPAuth.URI.parse(totpURI) as OTPAuth.TOTP;
    expect(totp.issuer).toBe('Stellwerk');

    // not confirmed yet: listed as unverified, and sign-in does not ask for it
    let faktoren = (await (await call(jar, 'GET', '/api/sicherheit/faktoren')).json()) as TFaktoren;
    expect(faktoren).toMatchObject({ eingerichtet: false, backupCodesUebrig: null });
    expect(faktoren.faktoren).toEqual([expect.objectContaining({ factorType: 'totp', verified: false })]);

    const wrong = await call(jar, 'POST', '/api/auth/two-factor/verify-totp', { code: '000000' });
    expect(wrong.status).toBe(401);
    expect(await codeOf(wrong)).toBe('auth.code_falsch');

    const confirmed = await call(jar, 'POST', '/api/auth/two-factor/verify-totp', { code: totp.generate() });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).not.toContain('"token"');
    expect((await call(jar, 'GET', '/api/me')).status).toBe(200);

    faktoren = (await (await call(jar, 'GET', '/api/sicherheit/faktoren')).json()) as TFaktoren;
    expect(faktoren).toMatchObject({ eingerichtet: true, backupCodesUebrig: 10 });
    const id = faktoren.faktoren[0]?.id ?? '';
    const renamed = await call(jar, 'PATCH', `/api/sicherheit/faktoren/${id}`, {
      friendlyName: 'Diensthandy',
    });
    expect(renamed.status).toBe(204);
    const unknown = await call(jar, 'PATCH', '/api/sicherheit/faktoren/nicht-meiner', { friendlyName: 'x' });
    expect(unknown.status).toBe(404);
    faktoren = (await (await call(jar, 'GET', '/api/sicherheit/faktoren')).json()) as TFaktoren;
    expect(faktoren.faktoren[0]).toMatchObject({ friendlyName: 'Diensthandy', verified: true });

    // a second enrolment is refused while one is confirmed
    const again = await call(jar, 'POST', '/api/auth/two-factor/enable', { password: FIXTURE_PASSWORD });
    expect(again.status).toBe(409);
    expect(await codeOf(again)).toBe('auth.zwei_faktor_bereits_eingerichtet');

    // sign-in: the right password alone gives no session, the code does
    const step = await passwordStep('mitarbeiter@musterstadt.example');
    expect(step.response.status).toBe(200);
    expect(step.body).toMatchObject({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
    expect(step.jar.has('stellwerk.session_token')).toBe(false);
    expect((await call(step.jar, 'GET', '/api/me')).status).toBe(401);
    // the enrolment used the current step's code, and a code is accepted once (decision 100): the next step's
    // code (inside better-auth's window) signs in
    const verified = await call(step.jar, 'POST', '/api/auth/two-factor/verify-totp', {
      code: totp.generate({ timestamp: Date.now() + 30_000 }),
    });
    expect(verified.status).toBe(200);
    expect(await verified.text()).not.toContain('"token"');
    expect(step.jar.has('stellwerk.session_token')).toBe(true);
    const me = (await (await call(step.jar, 'GET', '/api/me')).json()) as TMe;
    expect(me.user.email).toBe('mitarbeiter@musterstadt.example');
    expect(me.zweiFaktor).toEqual({
      pflicht: 'optional',
      erforderlich: false,
      eingerichtet: true,
      mussEinrichten: false,
    });
  });

  it('a backup code signs in once only', async () => {
    const jar = await signedIn('fuehrerschein@musterstadt.example');
    const { backupCodes } = await enrol(jar);
    const first = await passwordStep('fuehrerschein@musterstadt.example');
    const used = await call(first.jar, 'POST', '/api/auth/two-factor/verify-backup-code', {
      code: backupCodes[0],
    });
    expect(used.status).toBe(200);
    expect(first.jar.has('stellwerk.session_token')).toBe(true);
    const left = (await (await call(first.jar, 'GET', '/api/sicherheit/faktoren')).json()) as TFaktoren;
    expect(left.backupCodesUebrig).toBe(9);

    const second = await passwordStep('fuehrerschein@musterstadt.example');
    const again = await call(second.jar, 'POST', '/api/auth/two-factor/verify-backup-code', {
      code: backupCodes[0],
    });
    expect(again.status).toBe(401);
    expect(await codeOf(again)).toBe('auth.code_falsch');
    expect(second.jar.has('stellwerk.session_token')).toBe(false);
    const other = await call(second.jar, 'POST', '/api/auth/two-factor/verify-backup-code', {
      code: backupCodes[1],
    });
    expect(other.status).toBe(200);
  });

  it('wrong codes are throttled like wrong passwords: after five, the right code and the password wait', async () => {
    const jar = await signedIn('freigabe@musterstadt.example');
    const { totp } = await enrol(jar);
    const step = await passwordStep('freigabe@musterstadt.example');
    for (let i = 0; i < 5; i++) {
      const wrong = await call(step.jar, 'POST', '/api/auth/two-factor/verify-totp', { code: '123456' });
      expect(wrong.status).toBe(401);
      expect(await codeOf(wrong)).toBe('auth.code_falsch');
    }
    const fresh = await passwordStep('freigabe@musterstadt.example');
    expect(fresh.response.status).toBe(429);
    expect(fresh.response.headers.get('retry-after')).toMatch(/^\d+$/);
    const right = await call(step.jar, 'POST', '/api/auth/two-factor/verify-totp', { code: totp.generate() });
    expect(right.status).toBe(429);
    expect(await codeOf(right)).toBe('auth.sign_in_throttled');
    expect(step.jar.has('stellwerk.session_token')).toBe(false);
    // a made-up code-step cookie names nobody and is refused by better-auth, not counted against anyone
    const madeUp = await authRequest(server, 'POST', '/api/auth/two-factor/verify-totp', {
      body: { code: '123456' },
      cookie: 'stellwerk.two_factor=2fa-erfunden.abc',
      address: '10.9.9.9',
    });
    expect(madeUp.statusCode).toBe(401);
    expect(madeUp.json().error.code).toBe('auth.code_schritt_abgelaufen');
  });

  it('tenant policy: administrators must enrol before using the API; everyone when set to "alle"', async () => {
    const admin = await signedIn('admin@beispielhausen.example');
    const set = await call(admin, 'PUT', '/api/customizing/mandant/ZweiFaktorPflicht', {
      value: 'administratoren',
    });
    expect(set.status).toBe(200);
    const me = (await (await call(admin, 'GET', '/api/me')).json()) as TMe;
    expect(me.zweiFaktor).toEqual({
      pflicht: 'administratoren',
      erforderlich: true,
      eingerichtet: false,
      mussEinrichten: true,
    });
    const refused = await call(admin, 'GET', '/api/admin/benutzer');
    expect(refused.status).toBe(403);
    expect(await codeOf(refused)).toBe('auth.zwei_faktor_einrichtung_noetig');
    expect((await call(admin, 'GET', '/api/sicherheit/faktoren')).status).toBe(200);

    // an employee without admin rights is not affected
    const employee = await signedIn('mitarbeiter@beispielhausen.example');
    expect((await call(employee, 'GET', '/api/leseraeume')).status).not.toBe(403);
    const employeeMe = (await (await call(employee, 'GET', '/api/me')).json()) as TMe;
    expect(employeeMe.zweiFaktor.mussEinrichten).toBe(false);

    await enrol(admin);
    expect((await call(admin, 'GET', '/api/admin/benutzer')).status).toBe(200);

    expect(
      (await call(admin, 'PUT', '/api/customizing/mandant/ZweiFaktorPflicht', { value: 'alle' })).status,
    ).toBe(200);
    const gated = await call(employee, 'GET', '/api/customizing/benutzer');
    expect(gated.status).toBe(403);
    expect(await codeOf(gated)).toBe('auth.zwei_faktor_einrichtung_noetig');
    // an unknown policy value is refused at the field
    const bad = await call(admin, 'PUT', '/api/customizing/mandant/ZweiFaktorPflicht', { value: 'manche' });
    expect(bad.status).toBe(400);
    expect(
      (await call(admin, 'PUT', '/api/customizing/mandant/ZweiFaktorPflicht', { value: null })).status,
    ).toBe(200);
  });

  it("an administrator resets a user's factors: audited, the user's sessions end, password alone signs in", async () => {
    const user = await signedIn('fahrzeugpflege@musterstadt.example');
    await enrol(user);
    const userId = ((await (await call(user, 'GET', '/api/me')).json()) as { user: { id: string } }).user.id;
    const admin = await signedIn('admin@musterstadt.example');

    const employee = await signedIn('fuhrpark@musterstadt.example');
    const forbidden = await call(employee, 'POST', `/api/admin/benutzer/${userId}/faktoren-zuruecksetzen`);
    expect(forbidden.status).toBe(403);
    // a user administrator of the other tenant: the id is not found there
    const otherTenant = await signedIn('fahrzeugpflege@beispielhausen.example');
    const foreign = await call(otherTenant, 'POST', `/api/admin/benutzer/${userId}/faktoren-zuruecksetzen`);
    expect(foreign.status).toBe(404);

    const reset = await call(admin, 'POST', `/api/admin/benutzer/${userId}/faktoren-zuruecksetzen`);
    expect(reset.status).toBe(200);
    expect(await reset.json()).toEqual({ faktoren: 1, sitzungen: 1 });
    expect((await call(user, 'GET', '/api/me')).status).toBe(401);

    const audit = (await (
      await call(admin, 'GET', '/api/admin/protokoll?entity=benutzer&action=faktoren_zuruecksetzen')
    ).json()) as { items: unknown[] };
    expect(audit.items).toEqual([
      expect.objectContaining({
        entityId: userId,
        action: 'faktoren_zuruecksetzen',
        benutzerName: 'Claudia Wagner',
      }),
    ]);

    const again = await passwordStep('fahrzeugpflege@musterstadt.example');
    expect(again.body.twoFactorRedirect).toBeUndefined();
    expect(again.jar.has('stellwerk.session_token')).toBe(true);
  });

  it('sign-out scopes end exactly the sessions they name', async () => {
    const email = 'admin@musterstadt.example';
    const [a, b, c] = [await signedIn(email), await signedIn(email), await signedIn(email)];
    for (const jar of [a, b, c]) expect((await call(jar, 'GET', '/api/me')).status).toBe(200);

    const list = (await (await call(a, 'GET', '/api/sicherheit/sitzungen')).json()) as {
      items: { id: string; diesesGeraet: boolean; browser: string | null }[];
    };
    // the admin signed in earlier tests too; every session is listed, exactly one is this device
    expect(list.items.length).toBeGreaterThanOrEqual(3);
    expect(list.items.filter((s) => s.diesesGeraet)).toHaveLength(1);

    const others = await call(a, 'POST', '/api/sicherheit/abmelden', { scope: 'others' });
    expect(others.status).toBe(200);
    expect(((await others.json()) as { beendet: number }).beendet).toBe(list.items.length - 1);
    expect((await call(a, 'GET', '/api/me')).status).toBe(200);
    expect((await call(b, 'GET', '/api/me')).status).toBe(401);
    expect((await call(c, 'GET', '/api/me')).status).toBe(401);
    const left = (await (await call(a, 'GET', '/api/sicherheit/sitzungen')).json()) as { items: unknown[] };
    expect(left.items).toHaveLength(1);

    const [d, e] = [await signedIn(email), await signedIn(email)];
    const local = await call(d, 'POST', '/api/sicherheit/abmelden', { scope: 'local' });
    expect(await local.json()).toEqual({ beendet: 1 });
    expect(d.has('stellwerk.session_token')).toBe(false);
    expect((await call(a, 'GET', '/api/me')).status).toBe(200);
    expect((await call(e, 'GET', '/api/me')).status).toBe(200);

    const global = await call(e, 'POST', '/api/sicherheit/abmelden', { scope: 'global' });
    expect(await global.json()).toEqual({ beendet: 2 });
    expect((await call(a, 'GET', '/api/me')).status).toBe(401);
    expect((await call(e, 'GET', '/api/me')).status).toBe(401);

    const badScope = await call(await signedIn(email), 'POST', '/api/sicherheit/abmelden', { scope: 'alle' });
    expect(badScope.status).toBe(400);
    expect((await call(new Jar(), 'POST', '/api/sicherheit/abmelden', { scope: 'others' })).status).toBe(401);
  });

  it('changing the password ends the other sessions, even when the caller does not ask for it', async () => {
    const email = 'freigabe@beispielhausen.example';
    const [a, b] = [await signedIn(email), await signedIn(email)];
    const changed = await call(a, 'POST', '/api/auth/change-password', {
      currentPassword: FIXTURE_PASSWORD,
      newPassword: 'ein-neues-passwort',
      revokeOtherSessions: false,
    });
    expect(changed.status).toBe(200);
    expect((await call(a, 'GET', '/api/me')).status).toBe(200);
    expect((await call(b, 'GET', '/api/me')).status).toBe(401);
  });
});
