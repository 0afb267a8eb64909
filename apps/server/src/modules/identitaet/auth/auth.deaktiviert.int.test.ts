import { PERMISSION_NAMES } from '@stellwerk/domain/permissions';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../../test/api-call.ts';
import { signInAs } from '../../../../test/fixtures/anmelden.ts';
import { fixtureMandant } from '../../../../test/fixtures/mandant.ts';
import { FIXTURE_PASSWORD } from '../../../../test/fixtures/passwort.ts';
import { startTestServer, type TestServer, testDrivers } from '../../../../test/harness.ts';
import { mailOutbox } from '../../plattform/mail/mail.public.ts';
import { benutzer } from '../benutzer/benutzer.public.ts';

const DEUTSCH = 'Ihr Benutzerkonto ist deaktiviert. Bitte wenden Sie sich an Ihre Administration.';
const ENGLISCH = 'Your user account is deactivated. Please contact your administration.';

/**
 * A deactivated user: the right password is told the account is deactivated, in German and English;
 * their invitation link sets no password and says the same, never that they can sign in now; once active again,
 * the same link works.
 */
describe.each(testDrivers())('a deactivated user at sign-in and with an invitation link, on %s', (driver) => {
  let server: TestServer;
  let admin: string;
  beforeAll(async () => {
    server = await startTestServer({ driver, seed: false });
    // the administrator who invites, and a user who is deactivated
    const ms = await fixtureMandant(server.database, {
      name: 'Stadtwerke Musterstadt',
      domain: 'musterstadt.example',
      rollen: { Administration: PERMISSION_NAMES },
      benutzer: {
        admin: { vorname: 'Claudia', nachname: 'Wagner', rollen: ['Administration'] },
        fuehrerschein: { vorname: 'Markus', nachname: 'Weber' },
      },
    });
    admin = await signInAs(server, ms.benutzer.admin);
  });
  afterAll(async () => {
    await server?.close();
  });

  const post = (path: string, body: unknown, language = 'de') =>
    fetch(`${server.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.baseUrl, 'accept-language': language },
      body: JSON.stringify(body),
    });
  const setStatus = (email: string, status: 'aktiv' | 'inaktiv') =>
    server.database.withAllTenants((tx) =>
      tx.update(benutzer).set({ status }).where(eq(benutzer.email, email)),
    );
  const errorOf = async (response: Response) =>
    ((await response.json()) as { error: { code: string; message: string } }).error;

  it.each([
    ['de', DEUTSCH],
    ['en', ENGLISCH],
  ])('the right password (%s) is told the account is deactivated', async (language, message) => {
    const email = 'fuehrerschein@musterstadt.example';
    await setStatus(email, 'inaktiv');
    const refused = await post('/api/auth/sign-in/email', { email, password: FIXTURE_PASSWORD }, language);
    expect(refused.status).toBe(403);
    expect(await errorOf(refused)).toEqual({ code: 'auth.konto_deaktiviert', message, params: {} });
    expect(refused.headers.get('set-cookie')).toBeNull();
    await setStatus(email, 'aktiv');
  });

  it('the invitation link of a deactivated user sets no password and says the account is deactivated', async () => {
    const email = `dora.deaktiviert@musterstadt.example`;
    const created = await call(server, admin, 'POST', '/api/admin/benutzer', {
      vorname: 'Dora',
      nachname: 'Deaktiviert',
      email,
      employeeId: 'MS-9123',
      status: 'aktiv',
      rolleIds: [],
      gruppeIds: [],
      permissions: [],
    });
    expect(created.status).toBe(201);
    const [mail] = await server.database.db
      .select({ text: mailOutbox.text })
      .from(mailOutbox)
      .where(eq(mailOutbox.to, email));
    const token = /\/auth\/confirm\?token=([A-Za-z0-9]+)/.exec(mail?.text ?? '')?.[1];
    expect(token).toBeTruthy();
    await setStatus(email, 'inaktiv');

    for (const [language, message] of [
      ['de', DEUTSCH],
      ['en', ENGLISCH],
    ] as const) {
      const refused = await post(
        '/api/auth/reset-password',
        { token, newPassword: 'doras-neues-passwort' },
        language,
      );
      expect(refused.status).toBe(403);
      expect(await errorOf(refused)).toMatchObject({ code: 'auth.konto_deaktiviert', message });
      expect(refused.headers.get('set-cookie')).toBeNull();
    }
    // no password was set: the new one does not sign in (a wrong password of a deactivated user)
    const tried = await post('/api/auth/sign-in/email', { email, password: 'doras-neues-passwort' });
    expect((await errorOf(tried)).code).toBe('auth.invalid_credentials');

    // active again: the same link sets the password and signs in
    await setStatus(email, 'aktiv');
    const accepted = await post('/api/auth/reset-password', { token, newPassword: 'doras-neues-passwort' });
    expect(accepted.status).toBe(200);
    expect(accepted.headers.get('set-cookie')).toMatch(/session/);
  });
});
