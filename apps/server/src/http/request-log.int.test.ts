import { PassThrough } from 'node:stream';
import type { TBelegung, TGrundrissKurz } from '@stellwerk/domain/leseraum/leseraum-buchung/api';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../test/api-call.ts';
import { loeseCaptcha } from '../../test/captcha.ts';
import { fixtureMandant } from '../../test/fixtures/mandant.ts';
import { FIXTURE_PASSWORD } from '../../test/fixtures/passwort.ts';
import { signIn, startTestServer, type TestServer, testDrivers } from '../../test/harness.ts';
import { mailOutbox } from '../modules/plattform/mail/mail.public.ts';

const EMAIL = 'mitarbeiter@beispielhausen.example';
const NEW_PASSWORD = 'Log-Pruefung-Neu-4711!';
/** Monday 23.11.2026, 07:00 in Berlin: the booking is for the next day. */
const MONDAY_7 = new Date('2026-11-23T07:00:00+01:00');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

type LogLine = Record<string, unknown> & { msg?: string; reqId?: string };

const json = async <T>(response: Response): Promise<T> => {
  if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);
  return (await response.json()) as T;
};

describe.each(testDrivers())('the log of a whole journey on %s (decision 233)', (driver) => {
  let server: TestServer;
  const raw: string[] = [];
  const secrets = new Map<string, string>();
  let cookie = '';
  let mandantId = '';
  let benutzerId = '';
  let requestId: string | null = null;

  beforeAll(async () => {
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => raw.push(chunk.toString('utf8')));
    server = await startTestServer({ driver, now: () => MONDAY_7, logStream: stream, seed: false });
    // the library's reader and its reading room, open on weekdays
    await fixtureMandant(server.database, {
      name: 'Bibliothek Beispielhausen',
      domain: 'beispielhausen.example',
      features: { FahrzeugBuchung: false, Leseraum: true },
      standorte: { bibliothek: { name: 'Zentralbibliothek', bundesland: 'BY' } },
      benutzer: { mitarbeiter: { vorname: 'Anna', nachname: 'Schulz' } },
      grundrisse: {
        lesesaal: { standort: 'bibliothek', bezeichnung: 'Lesesaal Erdgeschoss', plaetze: ['Platz 01'] },
      },
    });

    // a wrong password first, then a password reset through the mailed link
    const wrong = await call(server, null, 'POST', '/api/auth/sign-in/email', {
      email: EMAIL,
      password: `${FIXTURE_PASSWORD}-falsch`,
    });
    expect(wrong.status).toBe(401);
    secrets.set('wrong password', `${FIXTURE_PASSWORD}-falsch`);
    const captcha = await loeseCaptcha(server);
    secrets.set('captcha', captcha);
    const asked = await call(server, null, 'POST', '/api/auth/request-password-reset', {
      email: EMAIL,
      redirectTo: '/auth/confirm',
      captcha,
    });
    expect(asked.status).toBe(200);
    const [mail] = await server.database.db
      .select({ text: mailOutbox.text })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, EMAIL), eq(mailOutbox.template, 'passwort_zuruecksetzen')));
    const token = decodeURIComponent(mail?.text.match(/recovery\?token=([^\s&]+)/)?.[1] ?? '');
    expect(token).not.toBe('');
    secrets.set('reset token', token);
    const reset = await call(server, null, 'POST', '/api/auth/reset-password', {
      token,
      newPassword: NEW_PASSWORD,
    });
    expect(reset.status).toBe(200);
    secrets.set('old password', FIXTURE_PASSWORD);
    secrets.set('new password', NEW_PASSWORD);

    cookie = await signIn(server.baseUrl, EMAIL, NEW_PASSWORD);
    const value = decodeURIComponent(cookie.split('=').slice(1).join('='));
    secrets.set('cookie value', value);
    secrets.set('session token', value.split('.')[0] ?? value);

    const me = await call(server, cookie, 'GET', '/api/me');
    requestId = me.headers.get('x-request-id');
    const user = (await json<{ user: { mandantId: string; id: string } }>(me)).user;
    mandantId = user.mandantId;
    benutzerId = user.id;
    const [plan] = await json<TGrundrissKurz[]>(
      await call(server, cookie, 'GET', '/api/grundrisse?bereich=leseraum'),
    );
    const belegung = await json<TBelegung>(
      await call(server, cookie, 'GET', `/api/grundrisse/${plan!.id}/belegung?tag=2026-11-24`),
    );
    const booked = await call(server, cookie, 'POST', '/api/leseraum-buchungen', {
      modus: 'ganztags',
      leseraumId: belegung.plaetze[0]!.id,
      tag: '2026-11-24',
    });
    expect(booked.status).toBe(201);
    // a refused request logs its refusal with the tenant too
    expect((await call(server, cookie, 'GET', '/api/leseraum-buchungen/kein-uuid')).status).toBeGreaterThan(
      399,
    );
    expect((await call(server, cookie, 'POST', '/api/auth/sign-out', {})).status).toBe(200);
    expect((await call(server, cookie, 'GET', '/api/me')).status).toBe(401);
    await server.close();
    server = undefined as unknown as TestServer;
  });
  afterAll(async () => {
    await server?.close();
  });

  const lines = (): LogLine[] =>
    raw
      .join('')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as LogLine);

  it('writes one JSON line per request with a request id, method, route pattern, status and time', () => {
    const requests = lines().filter((l) => l.msg === 'request completed');
    expect(requests.length).toBeGreaterThanOrEqual(10);
    for (const line of requests) {
      expect(line.reqId, JSON.stringify(line)).toMatch(UUID);
      expect(line).toMatchObject({ method: expect.any(String), statusCode: expect.any(Number) });
      expect(typeof line.responseTime).toBe('number');
      // the pattern, never the address with its ids or query
      expect(String(line.route ?? line.path)).not.toContain('?');
    }
    expect(new Set(requests.map((l) => l.reqId)).size).toBe(requests.length);
    expect(requests.map((l) => l.route)).toContain('/api/grundrisse/:id/belegung');
    // the answer names the id its log line carries
    expect(requests.some((l) => l.reqId === requestId)).toBe(true);
  });

  it('names tenant and user on every line of a signed-in request, also its refusal', () => {
    const all = lines();
    const signedIn = all.filter(
      (l) =>
        l.msg === 'request completed' &&
        typeof l.route === 'string' &&
        !l.route.startsWith('/api/auth/') &&
        l.statusCode !== 401 &&
        l.route !== '/api/captcha',
    );
    expect(signedIn.length).toBeGreaterThanOrEqual(4);
    for (const line of signedIn) expect(line, JSON.stringify(line)).toMatchObject({ mandantId, benutzerId });
    const refused = all.filter((l) => l.msg === 'request refused' && l.mandantId === mandantId);
    expect(refused.length).toBeGreaterThanOrEqual(1);
    for (const line of refused) expect(line.reqId).toMatch(UUID);
    // the refusal names its error code
    for (const line of refused) expect(line.code).toMatch(/^[a-z_]+(\.[a-z_]+)*$/);
  });

  it('names the tenant and user of the login on the sign-in lines (decision 260)', () => {
    const all = lines();
    const auth = all.filter((l) => l.msg === 'request completed' && l.route === '/api/auth/*');
    // the wrong password, the reset asked for, the reset, the sign-in and the sign-out
    expect(auth.map((l) => l.statusCode)).toEqual([401, 200, 200, 200, 200]);
    // asking for a reset names an address only, so that line names nobody; every other one the login
    const [wrong, asked, ...rest] = auth;
    for (const line of [wrong, ...rest])
      expect(line, JSON.stringify(line)).toMatchObject({ mandantId, benutzerId });
    expect(asked?.mandantId).toBeUndefined();
    // the refusal of the wrong password too
    const refusal = all.find((l) => l.msg === 'request refused' && l.reqId === wrong?.reqId);
    expect(refusal).toMatchObject({ mandantId, benutzerId });
    // no line names another tenant
    expect(all.filter((l) => l.mandantId !== undefined && l.mandantId !== mandantId)).toEqual([]);
  });

  it('holds no password, reset token, captcha, cookie or session token, nor the e-mail address of a request', () => {
    const text = raw.join('');
    expect(text.length).toBeGreaterThan(0);
    for (const [name, secret] of secrets) {
      expect(secret.length, name).toBeGreaterThan(6);
      expect(text.includes(secret), `${name} in the log`).toBe(false);
      expect(text.includes(encodeURIComponent(secret)), `${name} (encoded) in the log`).toBe(false);
    }
    expect(text.toLowerCase()).not.toContain('authorization');
    expect(text).not.toContain('stellwerk.session_token=');
  });
});
