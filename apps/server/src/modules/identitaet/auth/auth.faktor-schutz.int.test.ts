import type { TAdminPasskeys, TSitzungen } from '@stellwerk/domain/identitaet/sicherheit/api';
import { PERMISSION_NAMES } from '@stellwerk/domain/permissions';
import { eq } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loeseCaptcha } from '../../../../test/captcha.ts';
import { CookieJar as Jar, mitJar } from '../../../../test/cookie-jar.ts';
import { fixtureMandant } from '../../../../test/fixtures/mandant.ts';
import { FIXTURE_PASSWORD } from '../../../../test/fixtures/passwort.ts';
import { startTestServer, type TestServer, testDrivers } from '../../../../test/harness.ts';
import { startSmsGateway } from '../../../../test/sms-gateway.ts';
import { passkey } from './auth.passkey.table.ts';
import { user as authUser } from './auth.table.ts';

type ErrorBody = { error: { code: string } };
type Protokoll = {
  items: { action: string; entity: string; entityId: string; newValue: unknown; oldValue: unknown }[];
};

/**
 * Factors that cannot be replayed or left behind (decisions 100 and 101), through the real server: a
 * TOTP code and a backup code sign in once (also sent in parallel), the administrator's reset removes passkeys and
 * administrators list and revoke a user's passkeys, adding a factor needs the password, every password check of a
 * signed-in user counts towards the sign-in throttle, the audit log records it, and one chosen session is ended.
 */
describe.each(testDrivers())('factors that cannot be replayed or left behind, on %s', (driver) => {
  let server: TestServer;
  let gateway: Awaited<ReturnType<typeof startSmsGateway>>;
  beforeAll(async () => {
    gateway = await startSmsGateway();
    server = await startTestServer({ driver, seed: false, smsUrl: gateway.url });
    // Users without rights who enrol factors, sign in and end sessions; in each tenant an administrator (a role
    // with every right) who reads the audit log and resets factors; in Beispielhausen a user administrator
    // (benutzer_pflegen), who does not find a user of Musterstadt.
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
      rollen: {
        Administration: PERMISSION_NAMES,
        Benutzerverwaltung: ['benutzer_pflegen', 'berechtigungs_pflege'],
      },
      benutzer: {
        mitarbeiter: { vorname: 'Anna', nachname: 'Schulz' },
        fuhrpark: { vorname: 'Michael', nachname: 'Fischer' },
        freigabe: { vorname: 'Julia', nachname: 'Meyer' },
        fahrzeugpflege: { vorname: 'Katrin', nachname: 'Neumann', rollen: ['Benutzerverwaltung'] },
        admin: { vorname: 'Andreas', nachname: 'Schwarz', rollen: ['Administration'] },
      },
    });
  });
  afterAll(async () => {
    await server?.close();
    await gateway?.close();
  });

  const call = (jar: Jar, method: string, path: string, body?: unknown) =>
    mitJar(server.baseUrl, jar, method, path, body);
  const codeOf = async (response: Response) => ((await response.json()) as ErrorBody).error.code;
  const passwordStep = async (email: string) => {
    const jar = new Jar();
    const response = await call(jar, 'POST', '/api/auth/sign-in/email', {
      email,
      password: FIXTURE_PASSWORD,
    });
    expect(response.status).toBe(200);
    return jar;
  };
  const signedIn = async (email: string) => {
    const jar = await passwordStep(email);
    expect(jar.has('stellwerk.session_token')).toBe(true);
    return jar;
  };
  const enrol = async (jar: Jar) => {
    const enabled = await call(jar, 'POST', '/api/auth/two-factor/enable', { password: FIXTURE_PASSWORD });
    expect(enabled.status).toBe(200);
    const { totpURI, backupCodes } = (await enabled.json()) as { totpURI: string; backupCodes: string[] };
    const totp = OTPAuth.URI.parse(totpURI) as OTPAuth.TOTP;
    const confirmed = await call(jar, 'POST', '/api/auth/two-factor/verify-totp', { code: totp.generate() });
    expect(confirmed.status).toBe(200);
    return { totp, backupCodes };
  };
  const benutzerIdOf = async (jar: Jar) =>
    ((await (await call(jar, 'GET', '/api/me')).json()) as { user: { id: string } }).user.id;
  const protokoll = async (admin: Jar, query: string) =>
    ((await (await call(admin, 'GET', `/api/admin/protokoll?${query}`)).json()) as Protokoll).items;

  it('a TOTP code signs in once in its window, also when the same code is sent twice in parallel', async () => {
    const email = 'mitarbeiter@musterstadt.example';
    const { totp } = await enrol(await signedIn(email));
    // the code of the step after the current one (accepted, better-auth's window): not used yet
    const code = totp.generate({ timestamp: Date.now() + 30_000 });

    const [a, b] = [await passwordStep(email), await passwordStep(email)];
    const answers = await Promise.all([
      call(a, 'POST', '/api/auth/two-factor/verify-totp', { code }),
      call(b, 'POST', '/api/auth/two-factor/verify-totp', { code }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 401]);
    expect([a, b].filter((jar) => jar.has('stellwerk.session_token'))).toHaveLength(1);
    const refused = answers.find((r) => r.status === 401);
    expect(refused && (await codeOf(refused))).toBe('auth.code_falsch');

    // later, in the same window: refused again, no second session from the same code
    const c = await passwordStep(email);
    const replay = await call(c, 'POST', '/api/auth/two-factor/verify-totp', { code });
    expect(replay.status).toBe(401);
    expect(await codeOf(replay)).toBe('auth.code_falsch');
    expect(c.has('stellwerk.session_token')).toBe(false);
    // the code of the current step was used by the enrolment: refused too (a step before the last used one)
    const older = await call(c, 'POST', '/api/auth/two-factor/verify-totp', { code: totp.generate() });
    expect(older.status).toBe(401);
  });

  it('a backup code signs in once, also when sent twice in parallel', async () => {
    const email = 'fuehrerschein@musterstadt.example';
    const { backupCodes } = await enrol(await signedIn(email));
    const [a, b] = [await passwordStep(email), await passwordStep(email)];
    const answers = await Promise.all(
      [a, b].map((jar) =>
        call(jar, 'POST', '/api/auth/two-factor/verify-backup-code', { code: backupCodes[0] }),
      ),
    );
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    expect([a, b].filter((jar) => jar.has('stellwerk.session_token'))).toHaveLength(1);
    const c = await passwordStep(email);
    const again = await call(c, 'POST', '/api/auth/two-factor/verify-backup-code', { code: backupCodes[0] });
    expect(again.status).toBe(401);
    expect(c.has('stellwerk.session_token')).toBe(false);
  });

  it("administrators list and revoke a user's passkeys (audited); the factor reset removes the rest", async () => {
    const user = await signedIn('fahrzeugpflege@musterstadt.example');
    const benutzerId = await benutzerIdOf(user);
    const authUserId = await server.database.withoutTenant(async (tx) => {
      const [row] = await tx
        .select({ id: authUser.id })
        .from(authUser)
        .where(eq(authUser.email, 'fahrzeugpflege@musterstadt.example'));
      for (const [id, name] of [
        ['pk-laptop', 'Laptop'],
        ['pk-telefon', 'Telefon'],
      ] as const)
        await tx.insert(passkey).values({
          id,
          name,
          publicKey: 'AQID',
          userId: row!.id,
          credentialID: `cred-${id}`,
          counter: 0,
          deviceType: 'multiDevice',
          backedUp: true,
        });
      return row!.id;
    });
    expect(authUserId).toBeTruthy();
    const admin = await signedIn('admin@musterstadt.example');

    const listed = await call(admin, 'GET', `/api/admin/benutzer/${benutzerId}/passkeys`);
    expect(listed.status).toBe(200);
    const { items } = (await listed.json()) as TAdminPasskeys;
    expect(items.map((p) => p.name)).toEqual(['Laptop', 'Telefon']);
    expect(JSON.stringify(items)).not.toContain('AQID');

    // not for an employee, not across tenants, not an unknown passkey
    const employee = await signedIn('freigabe@musterstadt.example');
    expect((await call(employee, 'GET', `/api/admin/benutzer/${benutzerId}/passkeys`)).status).toBe(403);
    const otherTenant = await signedIn('fahrzeugpflege@beispielhausen.example');
    expect((await call(otherTenant, 'GET', `/api/admin/benutzer/${benutzerId}/passkeys`)).status).toBe(404);
    expect(
      (await call(otherTenant, 'DELETE', `/api/admin/benutzer/${benutzerId}/passkeys/pk-laptop`)).status,
    ).toBe(404);
    expect((await call(admin, 'DELETE', `/api/admin/benutzer/${benutzerId}/passkeys/unbekannt`)).status).toBe(
      404,
    );

    const revoked = await call(admin, 'DELETE', `/api/admin/benutzer/${benutzerId}/passkeys/pk-laptop`);
    expect(revoked.status).toBe(204);
    const left = (await (
      await call(admin, 'GET', `/api/admin/benutzer/${benutzerId}/passkeys`)
    ).json()) as TAdminPasskeys;
    expect(left.items.map((p) => p.id)).toEqual(['pk-telefon']);
    expect(await protokoll(admin, 'entity=benutzer&action=passkey_widerrufen')).toEqual([
      expect.objectContaining({ entityId: benutzerId, oldValue: { passkey: 'Laptop' } }),
    ]);

    // the lost-phone reset removes every factor, the passkeys included, and ends the sessions
    const reset = await call(admin, 'POST', `/api/admin/benutzer/${benutzerId}/faktoren-zuruecksetzen`);
    expect(reset.status).toBe(200);
    expect(await reset.json()).toEqual({ faktoren: 1, sitzungen: 1 });
    const none = (await (
      await call(admin, 'GET', `/api/admin/benutzer/${benutzerId}/passkeys`)
    ).json()) as TAdminPasskeys;
    expect(none.items).toEqual([]);
    expect((await call(user, 'GET', '/api/me')).status).toBe(401);
    const stored = await server.database.withoutTenant((tx) =>
      tx.select().from(passkey).where(eq(passkey.userId, authUserId)),
    );
    expect(stored).toEqual([]);
  });

  it('adding a factor needs the password: a phone factor, a passkey (confirmed first), the authenticator app', async () => {
    const jar = await signedIn('freigabe@musterstadt.example');
    const without = await call(jar, 'POST', '/api/sicherheit/faktoren/telefon', {
      telefonnummer: '0151 12345678',
    });
    expect(without.status).toBe(403);
    expect(await codeOf(without)).toBe('sicherheit.passwort_noetig');
    const wrong = await call(jar, 'POST', '/api/sicherheit/faktoren/telefon', {
      telefonnummer: '0151 12345678',
      passwort: 'falsch-falsch',
    });
    expect(wrong.status).toBe(400);
    expect(await codeOf(wrong)).toBe('auth.current_password_wrong');
    expect(gateway.received).toHaveLength(0);
    const right = await call(jar, 'POST', '/api/sicherheit/faktoren/telefon', {
      telefonnummer: '0151 12345678',
      passwort: FIXTURE_PASSWORD,
    });
    expect(right.status).toBe(201);

    const options = await call(jar, 'GET', '/api/auth/passkey/generate-register-options');
    expect(options.status).toBe(403);
    expect(await codeOf(options)).toBe('sicherheit.passwort_noetig');
    const badConfirm = await call(jar, 'POST', '/api/sicherheit/bestaetigen', { passwort: 'falsch-falsch' });
    expect(badConfirm.status).toBe(400);
    expect(await codeOf(badConfirm)).toBe('auth.current_password_wrong');
    expect(
      (await call(jar, 'POST', '/api/sicherheit/bestaetigen', { passwort: FIXTURE_PASSWORD })).status,
    ).toBe(204);
    expect((await call(jar, 'GET', '/api/auth/passkey/generate-register-options')).status).toBe(200);
    // another session of the same user is not confirmed by it
    const other = await signedIn('freigabe@musterstadt.example');
    expect((await call(other, 'GET', '/api/auth/passkey/generate-register-options')).status).toBe(403);

    const app = await call(jar, 'POST', '/api/auth/two-factor/enable', {});
    expect(app.status).toBe(400);
  });

  it('30 wrong passwords through two-factor/disable are throttled like sign-ins, and audited', async () => {
    const email = 'fuhrpark@musterstadt.example';
    const jar = await signedIn(email);
    const benutzerId = await benutzerIdOf(jar);
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      const answer = await call(jar, 'POST', '/api/auth/two-factor/disable', { password: `falsch-${i}` });
      statuses.push(answer.status);
      if (answer.status === 429) {
        expect(await codeOf(answer)).toBe('auth.sign_in_throttled');
        expect(answer.headers.get('retry-after')).toMatch(/^\d+$/);
      }
    }
    // five guesses, as at /login, then the account waits
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(statuses.slice(5)).toEqual(Array(25).fill(429));
    // the right password waits too, here and at the sign-in page, and so do other password checks
    expect(
      (await call(jar, 'POST', '/api/auth/two-factor/disable', { password: FIXTURE_PASSWORD })).status,
    ).toBe(429);
    const signIn = await call(new Jar(), 'POST', '/api/auth/sign-in/email', {
      email,
      password: FIXTURE_PASSWORD,
    });
    expect(signIn.status).toBe(429);
    expect(
      (await call(jar, 'POST', '/api/sicherheit/bestaetigen', { passwort: FIXTURE_PASSWORD })).status,
    ).toBe(429);
    expect(
      (
        await call(jar, 'POST', '/api/auth/change-password', {
          currentPassword: FIXTURE_PASSWORD,
          newPassword: 'ein-neues-passwort',
        })
      ).status,
    ).toBe(429);

    const admin = await signedIn('admin@musterstadt.example');
    // failed sign-ins are written after the answer (the same time for unknown logins): wait for them
    await expect
      .poll(
        async () =>
          (await protokoll(admin, 'entity=benutzer.anmeldung')).filter((e) => e.entityId === benutzerId)
            .length,
      )
      .toBeGreaterThanOrEqual(6);
    const failures = await protokoll(admin, 'entity=benutzer.anmeldung&action=anmeldung_fehlgeschlagen');
    expect(failures.filter((e) => e.entityId === benutzerId)).toHaveLength(5);
    expect(failures[0]?.newValue).toMatchObject({ weg: 'passwortpruefung' });
    const locks = await protokoll(admin, 'entity=benutzer.anmeldung&action=anmeldung_gedrosselt');
    expect(locks.filter((e) => e.entityId === benutzerId)).toEqual([
      expect.objectContaining({ newValue: expect.objectContaining({ weg: 'passwortpruefung' }) }),
    ]);
  });

  it('factors and passkeys added and removed, failed sign-ins and locks are in the audit log', async () => {
    const email = 'mitarbeiter@beispielhausen.example';
    const jar = await signedIn(email);
    const benutzerId = await benutzerIdOf(jar);
    await enrol(jar);
    expect(
      (await call(jar, 'POST', '/api/auth/two-factor/disable', { password: FIXTURE_PASSWORD })).status,
    ).toBe(200);
    // wrong passwords at /login, as the browser sends them (with the security check once asked), until the lock
    for (let i = 0; i < 5; i++) {
      const wrong = await call(new Jar(), 'POST', '/api/auth/sign-in/email', {
        email,
        password: 'falsch-falsch',
        ...(i >= 3 ? { captcha: await loeseCaptcha(server) } : {}),
      });
      expect(wrong.status).toBe(401);
    }
    const admin = await signedIn('admin@beispielhausen.example');
    const mine = (items: Protokoll['items']) => items.filter((e) => e.entityId === benutzerId);
    expect(
      mine(await protokoll(admin, 'entity=benutzer.faktor')).map((e) => [e.action, e.newValue ?? e.oldValue]),
    ).toEqual([
      ['faktor_entfernt', { art: 'totp' }],
      ['faktor_hinzugefuegt', { art: 'totp' }],
    ]);
    await expect
      .poll(async () => mine(await protokoll(admin, 'entity=benutzer.anmeldung')).length)
      .toBeGreaterThanOrEqual(6);
    const anmeldung = mine(await protokoll(admin, 'entity=benutzer.anmeldung'));
    expect(anmeldung.filter((e) => e.action === 'anmeldung_fehlgeschlagen')).toHaveLength(5);
    expect(anmeldung.filter((e) => e.action === 'anmeldung_gedrosselt')).toHaveLength(1);
    expect(anmeldung[0]?.newValue).toMatchObject({ weg: 'passwort', adresse: expect.any(String) });
  });

  it('a user ends one chosen session: exactly that one, audited; their own ends signs out; others are 404', async () => {
    const email = 'fuhrpark@beispielhausen.example';
    const [a, b, c] = [await signedIn(email), await signedIn(email), await signedIn(email)];
    const list = (await (await call(a, 'GET', '/api/sicherheit/sitzungen')).json()) as TSitzungen;
    expect(list.items).toHaveLength(3);
    const bId = (await (await call(b, 'GET', '/api/sicherheit/sitzungen')).json()) as TSitzungen;
    const idOfB = bId.items.find((s) => s.diesesGeraet)?.id ?? '';

    const ended = await call(a, 'DELETE', `/api/sicherheit/sitzungen/${idOfB}`);
    expect(ended.status).toBe(200);
    expect(await ended.json()).toEqual({ diesesGeraet: false });
    expect((await call(b, 'GET', '/api/me')).status).toBe(401);
    expect((await call(a, 'GET', '/api/me')).status).toBe(200);
    expect((await call(c, 'GET', '/api/me')).status).toBe(200);
    expect((await call(a, 'DELETE', `/api/sicherheit/sitzungen/${idOfB}`)).status).toBe(404);

    // another user's session is not found
    const stranger = await signedIn('freigabe@beispielhausen.example');
    const idOfA = list.items.find((s) => s.diesesGeraet)?.id ?? '';
    expect((await call(stranger, 'DELETE', `/api/sicherheit/sitzungen/${idOfA}`)).status).toBe(404);
    expect((await call(a, 'GET', '/api/me')).status).toBe(200);

    const admin = await signedIn('admin@beispielhausen.example');
    const audit = await protokoll(admin, 'entity=benutzer.sitzung&action=sitzung_beendet');
    expect(audit).toEqual([
      expect.objectContaining({ oldValue: expect.objectContaining({ diesesGeraet: false }) }),
    ]);

    // ending this device's session signs out
    const own = await call(c, 'GET', '/api/sicherheit/sitzungen');
    const idOfC = ((await own.json()) as TSitzungen).items.find((s) => s.diesesGeraet)?.id ?? '';
    const self = await call(c, 'DELETE', `/api/sicherheit/sitzungen/${idOfC}`);
    expect(await self.json()).toEqual({ diesesGeraet: true });
    expect(c.has('stellwerk.session_token')).toBe(false);
    expect((await call(a, 'GET', '/api/me')).status).toBe(200);
  });
});
