import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authRequest } from '../../../../test/auth-requests.ts';
import { loeseCaptcha } from '../../../../test/captcha.ts';
import { signInAs } from '../../../../test/fixtures/anmelden.ts';
import { fixtureMandant } from '../../../../test/fixtures/mandant.ts';
import { startTestServer, type TestServer, testDrivers } from '../../../../test/harness.ts';
import { FIXTURE_PASSWORD } from '../../../../test/fixtures/passwort.ts';
import { MAX_RESET_MAILS_PER_HOUR } from './auth.session-user.ts';

const SESSION = 'stellwerk.session_token';
/** The session token inside the signed cookie value `token.signature`. */
const tokenOf = (cookieHeader: string) => {
  const value = cookieHeader
    .split('; ')
    .find((c) => c.startsWith(`${SESSION}=`))
    ?.slice(SESSION.length + 1);
  return decodeURIComponent(value ?? '').split('.')[0] ?? '';
};

describe.each(testDrivers())('nobody reads another session or link, on %s', (driver) => {
  let server: TestServer;
  let mitarbeiter: { email: string };
  beforeAll(async () => {
    server = await startTestServer({ driver, seed: false });
    // people who sign in, and people whose password reset is asked for
    const ms = await fixtureMandant(server.database, {
      name: 'Stadtwerke Musterstadt',
      domain: 'musterstadt.example',
      benutzer: {
        mitarbeiter: { vorname: 'Lena', nachname: 'Hoffmann' },
        fuhrpark: { vorname: 'Thomas', nachname: 'Becker' },
      },
    });
    mitarbeiter = ms.benutzer.mitarbeiter;
    await fixtureMandant(server.database, {
      name: 'Bibliothek Beispielhausen',
      domain: 'beispielhausen.example',
      benutzer: {
        admin: { vorname: 'Andreas', nachname: 'Schwarz' },
        fuhrpark: { vorname: 'Michael', nachname: 'Fischer' },
        fuehrerschein: { vorname: 'Stefan', nachname: 'Wolf' },
      },
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  const me = (cookie: string) => fetch(`${server.baseUrl}/api/me`, { headers: { cookie } });

  it('a made-up __Secure- session cookie beside a valid one is never taken for a session', async () => {
    const valid = await signInAs(server, mitarbeiter);
    const madeUp = `__Secure-${SESSION}=erfunden.${'x'.repeat(43)}`;
    // with both, the request is the valid session's own
    expect((await me(`${madeUp}; ${valid}`)).status).toBe(200);
    // the made-up cookie alone, right after, is no session (nothing cached under it)
    const alone = await me(madeUp);
    expect(alone.status).toBe(401);
    expect(((await alone.json()) as { error: { code: string } }).error.code).toBe('auth.unauthenticated');
  });

  it('no response body carries a session token: sign-in, get-session, list-sessions', async () => {
    const response = await fetch(`${server.baseUrl}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.baseUrl },
      body: JSON.stringify({ email: 'fuhrpark@musterstadt.example', password: FIXTURE_PASSWORD }),
    });
    expect(response.status).toBe(200);
    const cookie = response.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const token = tokenOf(cookie);
    expect(token.length).toBeGreaterThan(10);
    const signInBody = await response.text();
    expect(signInBody).not.toContain(token);
    expect(JSON.parse(signInBody)).not.toHaveProperty('token');

    for (const path of ['/api/auth/get-session', '/api/auth/list-sessions']) {
      const answer = await fetch(`${server.baseUrl}${path}`, { headers: { cookie } });
      expect(answer.status).toBe(200);
      const text = await answer.text();
      expect(text.length).toBeGreaterThan(2);
      expect(text).not.toContain(token);
      expect(text).not.toMatch(/"token"/);
    }
  });

  const resetMailsTo = async (email: string) => {
    const rows = await server.database.withAllTenants((tx) =>
      tx.execute<{ n: number }>(
        sql`select count(*)::int as n from mail_outbox where "to" = ${email} and template = 'passwort_zuruecksetzen'`,
      ),
    );
    return Number((rows as unknown as { rows: { n: number }[] }).rows[0]?.n);
  };

  it('recovery asks for the solved captcha: none, a broken or a used one is refused and writes no mail (decision 076)', async () => {
    const email = 'admin@beispielhausen.example';
    const challenge = await fetch(`${server.baseUrl}/api/captcha`);
    expect(challenge.status).toBe(200);
    expect(challenge.headers.get('cache-control')).toBe('no-store');
    expect(await challenge.json()).toMatchObject({
      parameters: { algorithm: 'SHA-256', expiresAt: expect.any(Number) },
      signature: expect.any(String),
    });
    const ask = (captcha: unknown, address: string) =>
      authRequest(server, 'POST', '/api/auth/request-password-reset', {
        address,
        body: { email, redirectTo: '/auth/confirm', ...(captcha === undefined ? {} : { captcha }) },
      });
    const before = await resetMailsTo(email);
    for (const [captcha, code] of [
      [undefined, 'auth.captcha_fehlt'],
      ['', 'auth.captcha_fehlt'],
      ['kein-captcha', 'auth.captcha_ungueltig'],
      [42, 'auth.captcha_ungueltig'],
    ] as const) {
      const refused = await ask(captcha, '10.9.0.1');
      expect(refused.statusCode, String(captcha)).toBe(400);
      expect((refused.json() as { error: { code: string } }).error.code).toBe(code);
    }
    const geloest = await loeseCaptcha(server);
    expect((await ask(geloest, '10.9.0.2')).statusCode).toBe(200);
    const again = await ask(geloest, '10.9.0.3');
    expect(again.statusCode).toBe(400);
    expect((again.json() as { error: { code: string } }).error.code).toBe('auth.captcha_ungueltig');
    expect(await resetMailsTo(email)).toBe(before + 1);
  });

  it(`reset mails are limited to ${MAX_RESET_MAILS_PER_HOUR} per recipient and hour; the answer stays the same`, async () => {
    const email = 'fuehrerschein@beispielhausen.example';
    const answers: string[] = [];
    for (let i = 0; i < MAX_RESET_MAILS_PER_HOUR + 3; i++) {
      // each from its own address, so better-auth's per-address limit does not decide
      const response = await authRequest(server, 'POST', '/api/auth/request-password-reset', {
        address: `10.7.0.${i + 1}`,
        body: { email, redirectTo: '/auth/confirm', captcha: await loeseCaptcha(server) },
      });
      expect(response.statusCode).toBe(200);
      answers.push(response.body);
    }
    expect(new Set(answers).size).toBe(1);
    expect(await resetMailsTo(email)).toBe(MAX_RESET_MAILS_PER_HOUR);
  });

  it('the recovery answer takes the same time for known and unknown addresses', async () => {
    const timed = async (email: string, address: string) => {
      const captcha = await loeseCaptcha(server);
      const started = performance.now();
      const response = await authRequest(server, 'POST', '/api/auth/request-password-reset', {
        address,
        body: { email, redirectTo: '/auth/confirm', captcha },
      });
      expect(response.statusCode).toBe(200);
      return performance.now() - started;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 3; i++) {
      known.push(await timed('fuhrpark@beispielhausen.example', `10.8.0.${i + 1}`));
      unknown.push(await timed(`niemand-${i}@beispielhausen.example`, `10.8.1.${i + 1}`));
    }
    const median = (list: number[]) => [...list].sort((a, b) => a - b)[1]!;
    // both are padded to the same step (400 ms); what is left is scheduling noise
    expect(Math.abs(median(known) - median(unknown))).toBeLessThan(100);
    expect(Math.min(...known, ...unknown)).toBeGreaterThanOrEqual(390);
  });
});
