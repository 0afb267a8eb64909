import type { TMe } from '@stellwerk/domain/api';
import type {
  TFaktoren,
  TSmsAusgang,
  TTelefonFaktorAngelegt,
} from '@stellwerk/domain/identitaet/sicherheit/api';
import { PERMISSION_NAMES } from '@stellwerk/domain/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieJar as Jar, mitJar } from '../../../../test/cookie-jar.ts';
import { fixtureMandant } from '../../../../test/fixtures/mandant.ts';
import { FIXTURE_PASSWORD } from '../../../../test/fixtures/passwort.ts';
import { startTestServer, type TestServer, testDrivers } from '../../../../test/harness.ts';
import { startSmsGateway } from '../../../../test/sms-gateway.ts';

type ErrorBody = { error: { code: string } };

const call = (server: TestServer, jar: Jar, method: string, path: string, body?: unknown) =>
  mitJar(server.baseUrl, jar, method, path, body);
const codeOf = async (response: Response) => ((await response.json()) as ErrorBody).error.code;

const signedIn = async (server: TestServer, email: string) => {
  const jar = new Jar();
  const response = await call(server, jar, 'POST', '/api/auth/sign-in/email', {
    email,
    password: FIXTURE_PASSWORD,
  });
  expect(response.status).toBe(200);
  expect(jar.has('stellwerk.session_token')).toBe(true);
  return jar;
};

/**
 * Users without any right who enrol phones or sign in, and an administrator of each of two tenants (a role with
 * every right, which reads the SMS outbox). The language is German, which the SMS text asserted is in.
 */
const startWithUsers = async (driver: TestServer['driver'], smsUrl?: string) => {
  const server = await startTestServer({ driver, seed: false, smsUrl });
  await fixtureMandant(server.database, {
    name: 'Stadtwerke Musterstadt',
    domain: 'musterstadt.example',
    einstellungen: { Sprache: 'de' },
    rollen: { Administration: PERMISSION_NAMES },
    benutzer: {
      mitarbeiter: { vorname: 'Lena', nachname: 'Hoffmann' },
      fuhrpark: { vorname: 'Thomas', nachname: 'Becker' },
      fuehrerschein: { vorname: 'Markus', nachname: 'Weber' },
      fahrzeugpflege: { vorname: 'Jonas', nachname: 'Schneider' },
      admin: { vorname: 'Claudia', nachname: 'Wagner', rollen: ['Administration'] },
    },
  });
  await fixtureMandant(server.database, {
    name: 'Bibliothek Beispielhausen',
    domain: 'beispielhausen.example',
    einstellungen: { Sprache: 'de' },
    rollen: { Administration: PERMISSION_NAMES },
    benutzer: { admin: { vorname: 'Andreas', nachname: 'Schwarz', rollen: ['Administration'] } },
  });
  return server;
};

describe.each(testDrivers())('phone factor without an SMS gateway, on %s', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startWithUsers(driver);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('is not offered: the factors say so and enrolment is refused with a clear message', async () => {
    const jar = await signedIn(server, 'mitarbeiter@musterstadt.example');
    const faktoren = (await (await call(server, jar, 'GET', '/api/sicherheit/faktoren')).json()) as TFaktoren;
    expect(faktoren.smsVerfuegbar).toBe(false);
    const refused = await call(server, jar, 'POST', '/api/sicherheit/faktoren/telefon', {
      telefonnummer: '0151 12345678',
    });
    expect(refused.status).toBe(409);
    expect(await codeOf(refused)).toBe('sicherheit.sms_nicht_verfuegbar');
  });
});

/**
 * The phone factor (spec §3 MFA factor `phone`, §7 factors and challenges, decision 083) through the real server
 * and a local SMS gateway: enrolment with a code by SMS, the sign-in with a code by SMS, the gateway's refusal,
 * the outbox without codes, the limit per person.
 */
describe.each(testDrivers())('phone factor with an SMS gateway, on %s', (driver) => {
  let server: TestServer;
  let gateway: Awaited<ReturnType<typeof startSmsGateway>>;
  const USER = 'mitarbeiter@musterstadt.example';
  const NUMMER = '+4915112345678';
  let faktorId: string;

  beforeAll(async () => {
    gateway = await startSmsGateway();
    server = await startWithUsers(driver, gateway.url);
  });
  afterAll(async () => {
    await server?.close();
    await gateway?.close();
  });

  it('enrols a mobile number: the code goes to the gateway, a wrong code is refused, the right one confirms', async () => {
    const jar = await signedIn(server, USER);
    const before = (await (await call(server, jar, 'GET', '/api/sicherheit/faktoren')).json()) as TFaktoren;
    expect(before.smsVerfuegbar).toBe(true);
    const invalid = await call(server, jar, 'POST', '/api/sicherheit/faktoren/telefon', {
      telefonnummer: '12',
    });
    expect(invalid.status).toBe(400);
    expect(await codeOf(invalid)).toBe('sicherheit.telefonnummer_ungueltig');

    const created = await call(server, jar, 'POST', '/api/sicherheit/faktoren/telefon', {
      telefonnummer: '0151 123 456 78',
      friendlyName: 'Diensthandy',
      passwort: FIXTURE_PASSWORD,
    });
    expect(created.status).toBe(201);
    const angelegt = (await created.json()) as TTelefonFaktorAngelegt;
    expect(angelegt.telefon).toBe('+49 •••••••••78');
    faktorId = angelegt.id;
    const sms = gateway.received.at(-1)!;
    expect(sms.to).toBe(NUMMER);
    expect(sms.text).toMatch(/^Ihr Stellwerk-Code: \d{6}\./);
    expect(sms.authorization).toBe(`Basic ${Buffer.from('sms:geheim').toString('base64')}`);

    const listed = (await (await call(server, jar, 'GET', '/api/sicherheit/faktoren')).json()) as TFaktoren;
    expect(listed.faktoren).toEqual([
      expect.objectContaining({
        id: faktorId,
        factorType: 'phone',
        verified: false,
        friendlyName: 'Diensthandy',
      }),
    ]);
    expect(listed.eingerichtet).toBe(false);

    const wrong = await call(server, jar, 'POST', `/api/sicherheit/faktoren/${faktorId}/verify`, {
      code: '000000',
    });
    expect(wrong.status).toBe(400);
    expect(await codeOf(wrong)).toBe('sicherheit.code_falsch');
    const right = await call(server, jar, 'POST', `/api/sicherheit/faktoren/${faktorId}/verify`, {
      code: gateway.code(NUMMER),
    });
    expect(right.status).toBe(204);
    const after = (await (await call(server, jar, 'GET', '/api/sicherheit/faktoren')).json()) as TFaktoren;
    expect(after.faktoren[0]).toMatchObject({ verified: true, telefon: '+49 •••••••••78' });
    expect(after.eingerichtet).toBe(true);
  });

  it('the sign-in asks for a code, sends it by SMS on request and signs in with it', async () => {
    const jar = new Jar();
    const password = await call(server, jar, 'POST', '/api/auth/sign-in/email', {
      email: USER,
      password: FIXTURE_PASSWORD,
    });
    expect(password.status).toBe(200);
    expect(await password.json()).toEqual({ twoFactorRedirect: true, twoFactorMethods: ['otp'] });
    expect(jar.has('stellwerk.session_token')).toBe(false);
    const count = gateway.received.length;
    const sent = await call(server, jar, 'POST', '/api/auth/two-factor/send-otp', {});
    expect(sent.status).toBe(200);
    expect(gateway.received.length).toBe(count + 1);
    const wrong = await call(server, jar, 'POST', '/api/auth/two-factor/verify-otp', { code: '000000' });
    expect(wrong.status).toBeGreaterThanOrEqual(400);
    const verified = await call(server, jar, 'POST', '/api/auth/two-factor/verify-otp', {
      code: gateway.code(NUMMER),
    });
    expect(verified.status).toBe(200);
    expect(jar.has('stellwerk.session_token')).toBe(true);
    const me = await call(server, jar, 'GET', '/api/me');
    expect(((await me.json()) as TMe).user.email).toBe(USER);
  });

  it('a code by SMS is only sent within a sign-in of a login with a phone', async () => {
    const refused = await call(server, new Jar(), 'POST', '/api/auth/two-factor/send-otp', {});
    expect(refused.status).toBe(400);
    expect(await codeOf(refused)).toBe('sicherheit.kein_telefon');
    // a login without a phone factor is not offered the SMS
    const jar = new Jar();
    const other = await call(server, jar, 'POST', '/api/auth/sign-in/email', {
      email: 'fuhrpark@musterstadt.example',
      password: FIXTURE_PASSWORD,
    });
    expect(other.status).toBe(200);
    expect(jar.has('stellwerk.session_token')).toBe(true);
  });

  it('a gateway that refuses is answered with a clear message; the outbox keeps each SMS without its code', async () => {
    const jar = await signedIn(server, 'fuehrerschein@musterstadt.example');
    gateway.antworteMit(500);
    const failed = await call(server, jar, 'POST', '/api/sicherheit/faktoren/telefon', {
      telefonnummer: '+49 160 9876543',
      passwort: FIXTURE_PASSWORD,
    });
    expect(failed.status).toBe(502);
    expect(await codeOf(failed)).toBe('sicherheit.sms_fehlgeschlagen');
    gateway.antworteMit(200);

    const admin = await signedIn(server, 'admin@musterstadt.example');
    const outbox = await call(server, admin, 'GET', '/api/admin/postausgang/sms');
    expect(outbox.status).toBe(200);
    const body = (await outbox.json()) as TSmsAusgang;
    expect(body.items.length).toBeGreaterThanOrEqual(3);
    expect(body.items[0]).toMatchObject({
      an: '+49 ••••••••43',
      status: 'fehlgeschlagen',
      fehler: 'HTTP 500',
    });
    expect(body.items.every((i) => i.text.includes('[entfernt]'))).toBe(true);
    const json = JSON.stringify(body);
    for (const sms of gateway.received) expect(json).not.toContain(sms.text.match(/\d{6}/)![0]);
    expect(json).not.toContain(NUMMER);

    // users without the user-administration right do not read it; another tenant sees none of these
    expect((await call(server, jar, 'GET', '/api/admin/postausgang/sms')).status).toBe(403);
    const other = await signedIn(server, 'admin@beispielhausen.example');
    const fremd = (await (
      await call(server, other, 'GET', '/api/admin/postausgang/sms')
    ).json()) as TSmsAusgang;
    expect(fremd.items).toEqual([]);
  });

  it('at most five SMS per person within fifteen minutes', async () => {
    const jar = await signedIn(server, 'fahrzeugpflege@musterstadt.example');
    const created = await call(server, jar, 'POST', '/api/sicherheit/faktoren/telefon', {
      telefonnummer: '+49 170 5550001',
      passwort: FIXTURE_PASSWORD,
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as TTelefonFaktorAngelegt;
    for (let i = 0; i < 4; i++) {
      expect((await call(server, jar, 'POST', `/api/sicherheit/faktoren/${id}/challenge`, {})).status).toBe(
        204,
      );
    }
    const limited = await call(server, jar, 'POST', `/api/sicherheit/faktoren/${id}/challenge`, {});
    expect(limited.status).toBe(429);
    expect(await codeOf(limited)).toBe('auth.rate_limited');
  });

  it('removing the phone factor ends the code step; another user’s factor answers 404', async () => {
    const other = await signedIn(server, 'fuhrpark@musterstadt.example');
    expect((await call(server, other, 'DELETE', `/api/sicherheit/faktoren/${faktorId}`)).status).toBe(404);

    const jar = new Jar();
    await call(server, jar, 'POST', '/api/auth/sign-in/email', { email: USER, password: FIXTURE_PASSWORD });
    await call(server, jar, 'POST', '/api/auth/two-factor/send-otp', {});
    await call(server, jar, 'POST', '/api/auth/two-factor/verify-otp', { code: gateway.code(NUMMER) });
    expect(jar.has('stellwerk.session_token')).toBe(true);
    expect((await call(server, jar, 'DELETE', `/api/sicherheit/faktoren/${faktorId}`)).status).toBe(204);
    const again = await signedIn(server, USER);
    const faktoren = (await (
      await call(server, again, 'GET', '/api/sicherheit/faktoren')
    ).json()) as TFaktoren;
    expect(faktoren.faktoren).toEqual([]);
  });
});
