import type { TMe } from '@stellwerk/domain/api';
import { PERMISSION_NAMES } from '@stellwerk/domain/permissions';
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieJar as Jar, mitJar } from '../../../../test/cookie-jar.ts';
import { fixtureMandant } from '../../../../test/fixtures/mandant.ts';
import { FIXTURE_PASSWORD } from '../../../../test/fixtures/passwort.ts';
import { startTestServer, type TestServer, testDrivers } from '../../../../test/harness.ts';
import { startSmsGateway } from '../../../../test/sms-gateway.ts';
import { createSoftAuthenticator } from '../../../../test/soft-authenticator.ts';

const EMAIL = 'fuehrerschein@musterstadt.example';
const SESSION = 'stellwerk.session_token';

/**
 * A passkey without user verification is one factor (decision 147): a user with an enrolled authenticator app who
 * signs in with it continues to the code step the password leads to, and gets a session only with the code; the
 * same passkey with user verification (two factors) signs in at once. Through better-auth's real enrolment and
 * sign-in, with a software authenticator.
 */
describe.each(testDrivers())(
  'a passkey without user verification does not skip the second factor, on %s',
  (driver) => {
    let server: TestServer;
    let authenticator: ReturnType<typeof createSoftAuthenticator>;
    let totp: OTPAuth.TOTP;
    /** The TOTP time steps already used (a code is accepted once and never an older one, decision 100). */
    const benutzt = new Set<number>();
    let backupCodes: string[] = [];

    let gateway: Awaited<ReturnType<typeof startSmsGateway>>;

    beforeAll(async () => {
      gateway = await startSmsGateway();
      server = await startTestServer({ driver, seed: false, smsUrl: gateway.url });
      // the user who enrols a passkey and an authenticator app, a second user who enrols a passkey and a phone,
      // and the administrator who sets the tenant's policy (a role with every right)
      await fixtureMandant(server.database, {
        name: 'Stadtwerke Musterstadt',
        domain: 'musterstadt.example',
        rollen: { Administration: PERMISSION_NAMES },
        benutzer: {
          fuehrerschein: { vorname: 'Markus', nachname: 'Weber' },
          fahrer: { vorname: 'Uwe', nachname: 'Krause' },
          admin: { vorname: 'Claudia', nachname: 'Wagner', rollen: ['Administration'] },
        },
      });
      authenticator = createSoftAuthenticator(new URL(server.baseUrl).hostname, server.baseUrl);
    });
    afterAll(async () => {
      await server?.close();
      await gateway?.close();
    });

    const call = (jar: Jar, method: string, path: string, body?: unknown) =>
      mitJar(server.baseUrl, jar, method, path, body);
    /** A TOTP code of a time step not used before, inside better-auth's window (the current step or the next). */
    const naechsterCode = () => {
      const jetzt = Math.floor(Date.now() / 30_000);
      const frei = [jetzt, jetzt + 1].find((s) => !benutzt.has(s));
      if (frei === undefined) throw new Error('no unused TOTP step in the window');
      benutzt.add(frei);
      return totp.generate({ timestamp: frei * 30_000 + 1_000 });
    };

    const withPasskey = async (userVerified: boolean, mit = authenticator) => {
      const jar = new Jar();
      const options = await call(jar, 'GET', '/api/auth/passkey/generate-authenticate-options');
      const { challenge } = (await options.json()) as { challenge: string };
      const response = await call(jar, 'POST', '/api/auth/passkey/verify-authentication', {
        response: mit.authenticate(challenge, { userVerified }),
      });
      expect(response.status).toBe(200);
      return { jar, body: (await response.json()) as Record<string, unknown> };
    };

    it('the user enrols a passkey and an authenticator app', async () => {
      const jar = new Jar();
      const signedIn = await call(jar, 'POST', '/api/auth/sign-in/email', {
        email: EMAIL,
        password: FIXTURE_PASSWORD,
      });
      expect(signedIn.status).toBe(200);
      expect(
        (await call(jar, 'POST', '/api/sicherheit/bestaetigen', { passwort: FIXTURE_PASSWORD })).status,
      ).toBe(204);
      const options = await call(jar, 'GET', '/api/auth/passkey/generate-register-options');
      expect(options.status).toBe(200);
      const { challenge } = (await options.json()) as { challenge: string };
      const registered = await call(jar, 'POST', '/api/auth/passkey/verify-registration', {
        response: authenticator.register(challenge),
        name: 'Soft',
      });
      expect(registered.status).toBe(200);

      const enabled = await call(jar, 'POST', '/api/auth/two-factor/enable', { password: FIXTURE_PASSWORD });
      expect(enabled.status).toBe(200);
      const enrolled = (await enabled.json()) as { totpURI: string; backupCodes: string[] };
      totp = OTPAuth.URI.parse(enrolled.totpURI) as OTPAuth.TOTP;
      backupCodes = enrolled.backupCodes;
      expect(
        (await call(jar, 'POST', '/api/auth/two-factor/verify-totp', { code: naechsterCode() })).status,
      ).toBe(200);
    });

    it('without user verification (UV=false): no session, the code step with the authenticator app, then signed in', async () => {
      const { jar, body } = await withPasskey(false);
      expect(body).toEqual({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
      expect(jar.has(SESSION)).toBe(false);
      expect((await call(jar, 'GET', '/api/me')).status).toBe(401);
      // a wrong code gives no session either
      expect((await call(jar, 'POST', '/api/auth/two-factor/verify-totp', { code: '000000' })).status).toBe(
        401,
      );
      expect(jar.has(SESSION)).toBe(false);

      const verified = await call(jar, 'POST', '/api/auth/two-factor/verify-totp', { code: naechsterCode() });
      expect(verified.status).toBe(200);
      expect(jar.has(SESSION)).toBe(true);
      const me = (await (await call(jar, 'GET', '/api/me')).json()) as TMe;
      expect(me.user.email).toBe(EMAIL);
      expect(me.zweiFaktor).toMatchObject({ eingerichtet: true, mussEinrichten: false });
    });

    it('with user verification (UV=true): two factors, signed in at once', async () => {
      const { jar, body } = await withPasskey(true);
      expect(body.twoFactorRedirect).toBeUndefined();
      expect(jar.has(SESSION)).toBe(true);
      const me = await call(jar, 'GET', '/api/me');
      expect(me.status).toBe(200);
      expect(((await me.json()) as TMe).user.email).toBe(EMAIL);
    });

    it('a tenant requiring two factors of everyone: the passkey without user verification still asks for the code, and gets no session of its own', async () => {
      const admin = new Jar();
      await call(admin, 'POST', '/api/auth/sign-in/email', {
        email: 'admin@musterstadt.example',
        password: FIXTURE_PASSWORD,
      });
      const policy = await call(admin, 'PUT', '/api/customizing/mandant/ZweiFaktorPflicht', {
        value: 'alle',
      });
      expect(policy.status).toBe(200);
      try {
        const { jar, body } = await withPasskey(false);
        expect(body.twoFactorRedirect).toBe(true);
        expect((await call(jar, 'GET', '/api/customizing/benutzer')).status).toBe(401);
        // the code step takes a backup code as after the password (the app's codes of this window are used up)
        const verified = await call(jar, 'POST', '/api/auth/two-factor/verify-backup-code', {
          code: backupCodes[0],
        });
        expect(verified.status).toBe(200);
        expect((await call(jar, 'GET', '/api/customizing/benutzer')).status).toBe(200);
      } finally {
        await call(admin, 'PUT', '/api/customizing/mandant/ZweiFaktorPflicht', { value: 'optional' });
      }
    });

    it('a user with a confirmed phone factor only: the passkey without user verification leads to the code by SMS', async () => {
      const USER = 'fahrer@musterstadt.example';
      const NUMMER = '+4915112345679';
      const zweiter = createSoftAuthenticator(new URL(server.baseUrl).hostname, server.baseUrl);
      const jar = new Jar();
      expect(
        (await call(jar, 'POST', '/api/auth/sign-in/email', { email: USER, password: FIXTURE_PASSWORD }))
          .status,
      ).toBe(200);
      expect(
        (await call(jar, 'POST', '/api/sicherheit/bestaetigen', { passwort: FIXTURE_PASSWORD })).status,
      ).toBe(204);
      const options = await call(jar, 'GET', '/api/auth/passkey/generate-register-options');
      const { challenge } = (await options.json()) as { challenge: string };
      const registered = await call(jar, 'POST', '/api/auth/passkey/verify-registration', {
        response: zweiter.register(challenge),
        name: 'Schlüssel',
      });
      expect(registered.status).toBe(200);
      const created = await call(jar, 'POST', '/api/sicherheit/faktoren/telefon', {
        telefonnummer: NUMMER,
        friendlyName: 'Diensthandy',
        passwort: FIXTURE_PASSWORD,
      });
      expect(created.status).toBe(201);
      const { id } = (await created.json()) as { id: string };
      expect(
        (await call(jar, 'POST', `/api/sicherheit/faktoren/${id}/verify`, { code: gateway.code(NUMMER) }))
          .status,
      ).toBe(204);

      const { jar: schritt, body } = await withPasskey(false, zweiter);
      expect(body).toEqual({ twoFactorRedirect: true, twoFactorMethods: ['otp'] });
      expect(schritt.has(SESSION)).toBe(false);
      expect((await call(schritt, 'POST', '/api/auth/two-factor/send-otp', {})).status).toBe(200);
      const verified = await call(schritt, 'POST', '/api/auth/two-factor/verify-otp', {
        code: gateway.code(NUMMER),
      });
      expect(verified.status).toBe(200);
      expect(schritt.has(SESSION)).toBe(true);
      expect(((await (await call(schritt, 'GET', '/api/me')).json()) as TMe).user.email).toBe(USER);
    });
  },
);
