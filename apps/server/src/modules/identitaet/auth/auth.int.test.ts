import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loeseCaptcha } from '../../../../test/captcha.ts';
import { fixtureMandant } from '../../../../test/fixtures/mandant.ts';
import { FIXTURE_PASSWORD } from '../../../../test/fixtures/passwort.ts';
import { signIn, startTestServer, type TestServer, testDrivers } from '../../../../test/harness.ts';
import { waitForMail } from '../../../../test/mail-inbox.ts';
import { type SmtpReceiver, startSmtpReceiver } from '../../../../test/smtp-receiver.ts';

const post = (server: TestServer, path: string, body: unknown, cookie?: string) =>
  fetch(`${server.baseUrl}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: server.baseUrl,
      ...(cookie ? { cookie } : {}),
    },
    body: JSON.stringify(body),
  });

/** The people who sign in, by e-mail or user name (`<login>.<tenant>`), all with the fixture password. */
const mandanten = async (server: TestServer) => {
  await fixtureMandant(server.database, {
    name: 'Stadtwerke Musterstadt',
    domain: 'musterstadt.example',
    einstellungen: { Sprache: 'de' },
    benutzer: {
      mitarbeiter: { vorname: 'Lena', nachname: 'Hoffmann' },
      freigabe: { vorname: 'Sabine', nachname: 'Krüger' },
      fuehrerschein: { vorname: 'Markus', nachname: 'Weber' },
      fuhrpark: { vorname: 'Thomas', nachname: 'Becker' },
      fahrzeugpflege: { vorname: 'Jonas', nachname: 'Schneider' },
    },
  });
  await fixtureMandant(server.database, {
    name: 'Bibliothek Beispielhausen',
    domain: 'beispielhausen.example',
    einstellungen: { Sprache: 'de' },
    benutzer: {
      mitarbeiter: { vorname: 'Anna', nachname: 'Schulz' },
      freigabe: { vorname: 'Julia', nachname: 'Meyer' },
      fahrzeugpflege: { vorname: 'Katrin', nachname: 'Neumann' },
    },
  });
};

describe.each(testDrivers())('sign-in and session on %s', (driver) => {
  let server: TestServer;
  let smtp: SmtpReceiver;
  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    server = await startTestServer({ driver, smtpUrl: smtp.url, seed: false });
    await mandanten(server);
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  it('a user signs in with e-mail and gets an HttpOnly, SameSite=Lax session cookie', async () => {
    const response = await post(server, '/api/auth/sign-in/email', {
      email: 'mitarbeiter@musterstadt.example',
      password: FIXTURE_PASSWORD,
    });
    expect(response.status).toBe(200);
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith('stellwerk.session_token='));
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });

  it('a user signs in with the user name', async () => {
    const response = await post(server, '/api/auth/sign-in/username', {
      username: 'mitarbeiter.beispielhausen',
      password: FIXTURE_PASSWORD,
    });
    expect(response.status).toBe(200);
  });

  it('a wrong password and an unknown user get the same answer', async () => {
    const wrong = await post(server, '/api/auth/sign-in/email', {
      email: 'freigabe@musterstadt.example',
      password: 'falsch-falsch',
    });
    const unknown = await post(server, '/api/auth/sign-in/email', {
      email: 'niemand@musterstadt.example',
      password: 'falsch-falsch',
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    const [a, b] = [await wrong.json(), await unknown.json()];
    expect(a).toEqual(b);
    expect(a).toEqual({
      error: {
        code: 'auth.invalid_credentials',
        message: 'Benutzername oder Passwort ist falsch.',
        params: {},
      },
    });
  });

  it('the sixth failed sign-in for one login within fifteen minutes is refused with 429', async () => {
    // from the fourth attempt with the solved security check, as the login form sends it (decision 077)
    const attempt = async (nummer: number) =>
      post(server, '/api/auth/sign-in/email', {
        email: 'fuehrerschein@musterstadt.example',
        password: 'nope-nope',
        ...(nummer > 3 ? { captcha: await loeseCaptcha(server) } : {}),
      });
    for (let nummer = 1; nummer <= 5; nummer++) expect((await attempt(nummer)).status).toBe(401);
    const locked = await attempt(6);
    expect(locked.status).toBe(429);
    expect(((await locked.json()) as { error: { code: string } }).error.code).toBe('auth.sign_in_throttled');
    // Even the right password waits until the lock ends.
    const right = await post(server, '/api/auth/sign-in/email', {
      email: 'fuehrerschein@musterstadt.example',
      password: FIXTURE_PASSWORD,
    });
    expect(right.status).toBe(429);
  });

  it('without a session, /api/me answers 401 with the catalogue error', async () => {
    const response = await fetch(`${server.baseUrl}/api/me`);
    expect(response.status).toBe(401);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('auth.unauthenticated');
  });

  it('signing out ends the session', async () => {
    const cookie = await signIn(server.baseUrl, 'fuhrpark@musterstadt.example', FIXTURE_PASSWORD);
    expect((await fetch(`${server.baseUrl}/api/me`, { headers: { cookie } })).status).toBe(200);
    const out = await post(server, '/api/auth/sign-out', {}, cookie);
    expect(out.status).toBe(200);
    expect((await fetch(`${server.baseUrl}/api/me`, { headers: { cookie } })).status).toBe(401);
  });

  it('password recovery writes a mail with a link to /auth/recovery, and the token sets a new password', async () => {
    const email = 'fahrzeugpflege@musterstadt.example';
    const request = await post(server, '/api/auth/request-password-reset', {
      email,
      redirectTo: '/auth/confirm',
      captcha: await loeseCaptcha(server),
    });
    expect(request.status).toBe(200);
    const unknown = await post(server, '/api/auth/request-password-reset', {
      email: 'niemand@musterstadt.example',
      redirectTo: '/auth/confirm',
      captcha: await loeseCaptcha(server),
    });
    expect(unknown.status).toBe(200);
    expect(await unknown.json()).toEqual(await request.clone().json());

    // The link reaches the recipient by mail (the mailbox shows it redacted, decision 017).
    const mail = await waitForMail({ database: server.database, smtp }, email);
    const link = mail.text.match(/https?:\/\/\S+\/auth\/recovery\?token=([\w-]+)/);
    expect(link, mail.text).not.toBeNull();

    const reset = await post(server, '/api/auth/reset-password', {
      token: link![1],
      newPassword: 'neues-passwort-1',
    });
    expect(reset.status).toBe(200);
    // recovery signs in: the answer carries a session of the user whose link it was
    const session = reset.headers.getSetCookie().find((c) => c.startsWith('stellwerk.session_token='));
    expect(session).toBeDefined();
    const me = await fetch(`${server.baseUrl}/api/me`, { headers: { cookie: session!.split(';')[0]! } });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { user: { email: string } }).user.email).toBe(email);
    await expect(signIn(server.baseUrl, email, FIXTURE_PASSWORD)).rejects.toThrow();
    await expect(signIn(server.baseUrl, email, 'neues-passwort-1')).resolves.toContain(
      'stellwerk.session_token',
    );
  });

  it('a used or unknown reset token sets nothing and signs nobody in', async () => {
    const reset = await post(server, '/api/auth/reset-password', {
      token: 'gibt-es-nicht',
      newPassword: 'neues-passwort-1',
    });
    expect(reset.ok).toBe(false);
    expect(
      reset.headers
        .getSetCookie()
        .some((c) => c.startsWith('stellwerk.session_token=') && !c.startsWith('stellwerk.session_token=;')),
    ).toBe(false);
  });

  it('changing the password needs the current one', async () => {
    const email = 'freigabe@beispielhausen.example';
    const cookie = await signIn(server.baseUrl, email, FIXTURE_PASSWORD);
    const wrong = await post(
      server,
      '/api/auth/change-password',
      { currentPassword: 'falsch-falsch', newPassword: 'anderes-passwort-2' },
      cookie,
    );
    expect(wrong.ok).toBe(false);
    const right = await post(
      server,
      '/api/auth/change-password',
      { currentPassword: FIXTURE_PASSWORD, newPassword: 'anderes-passwort-2' },
      cookie,
    );
    expect(right.status).toBe(200);
    await expect(signIn(server.baseUrl, email, 'anderes-passwort-2')).resolves.toBeTruthy();
  });

  it('a deactivated user cannot sign in: the right password is told the account is deactivated (docs/administration.md), a wrong one gets the same answer as for anybody', async () => {
    const email = 'fahrzeugpflege@beispielhausen.example';
    await server.database.withAllTenants((tx) =>
      tx.execute(sql`update benutzer set status = 'inaktiv' where email = ${email}`),
    );
    const response = await post(server, '/api/auth/sign-in/email', { email, password: FIXTURE_PASSWORD });
    expect(response.status).toBe(403);
    expect(((await response.json()) as { error: { code: string; message: string } }).error).toMatchObject({
      code: 'auth.konto_deaktiviert',
      message: 'Ihr Benutzerkonto ist deaktiviert. Bitte wenden Sie sich an Ihre Administration.',
    });
    expect(response.headers.get('set-cookie')).toBeNull();
    const wrong = await post(server, '/api/auth/sign-in/email', { email, password: 'falsch-falsch' });
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as { error: { code: string } }).error.code).toBe('auth.invalid_credentials');
  });

  it('sign-up is closed: users are created by administrators', async () => {
    const response = await post(server, '/api/auth/sign-up/email', {
      email: 'neu@musterstadt.example',
      password: 'irgendwas-langes',
      name: 'Neu',
    });
    expect(response.ok).toBe(false);
  });
});
