import type { TMe } from '@stellwerk/domain/api';
import { PERMISSION_NAMES } from '@stellwerk/domain/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../../test/api-call.ts';
import { signInAs } from '../../../../test/fixtures/anmelden.ts';
import { type FixtureMandant, fixtureMandant } from '../../../../test/fixtures/mandant.ts';
import { FIXTURE_PASSWORD } from '../../../../test/fixtures/passwort.ts';
import { startTestServer, type TestServer, testDrivers } from '../../../../test/harness.ts';
import { createSoftAuthenticator } from '../../../../test/soft-authenticator.ts';

const cookiesOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

/**
 * A passkey with user verification counts as two factors for the tenant's policy (decision 097), signed in with a
 * software authenticator through better-auth's real enrolment and sign-in: where the tenant requires two factors,
 * a user without TOTP or phone factor who signs in with a user-verifying passkey is not asked to enrol one; the
 * same passkey without user verification (touch only) is one factor and asked, as is the password.
 */
describe.each(testDrivers())(
  'a passkey with user verification meets the two-factor policy, on %s',
  (driver) => {
    let server: TestServer;
    let authenticator: ReturnType<typeof createSoftAuthenticator>;
    let ms: FixtureMandant<string, string, string, 'mitarbeiter' | 'admin'>;

    beforeAll(async () => {
      server = await startTestServer({ driver, seed: false });
      // a user without a second factor, and the administrator who sets the tenant's policy
      ms = await fixtureMandant(server.database, {
        name: 'Stadtwerke Musterstadt',
        domain: 'musterstadt.example',
        rollen: { Administration: PERMISSION_NAMES },
        benutzer: {
          mitarbeiter: { vorname: 'Lena', nachname: 'Hoffmann' },
          admin: { vorname: 'Claudia', nachname: 'Wagner', rollen: ['Administration'] },
        },
      });
      authenticator = createSoftAuthenticator(new URL(server.baseUrl).hostname, server.baseUrl);
    });
    afterAll(async () => {
      await server?.close();
    });

    const withPasskey = async (userVerified: boolean) => {
      const options = await fetch(`${server.baseUrl}/api/auth/passkey/generate-authenticate-options`);
      const { challenge } = (await options.json()) as { challenge: string };
      const signedIn = await fetch(`${server.baseUrl}/api/auth/passkey/verify-authentication`, {
        method: 'POST',
        headers: { origin: server.baseUrl, 'content-type': 'application/json', cookie: cookiesOf(options) },
        body: JSON.stringify({ response: authenticator.authenticate(challenge, { userVerified }) }),
      });
      expect(signedIn.status).toBe(200);
      return cookiesOf(signedIn);
    };

    const stand = async (cookie: string) => {
      const me = (await (await call(server, cookie, 'GET', '/api/me')).json()) as TMe;
      const locked = await call(server, cookie, 'GET', '/api/customizing/benutzer');
      return { zweiFaktor: me.zweiFaktor, lockedStatus: locked.status };
    };

    it('the user enrols a passkey (after confirming the password)', async () => {
      const cookie = await signInAs(server, ms.benutzer.mitarbeiter);
      const confirmed = await call(server, cookie, 'POST', '/api/sicherheit/bestaetigen', {
        passwort: FIXTURE_PASSWORD,
      });
      expect(confirmed.status).toBe(204);
      const options = await fetch(`${server.baseUrl}/api/auth/passkey/generate-register-options`, {
        headers: { cookie },
      });
      expect(options.status).toBe(200);
      const { challenge } = (await options.json()) as { challenge: string };
      const registered = await fetch(`${server.baseUrl}/api/auth/passkey/verify-registration`, {
        method: 'POST',
        headers: {
          origin: server.baseUrl,
          'content-type': 'application/json',
          cookie: `${cookie}; ${cookiesOf(options)}`,
        },
        body: JSON.stringify({ response: authenticator.register(challenge), name: 'Soft' }),
      });
      expect(registered.status).toBe(200);
      // the tenant now requires a second factor of everyone
      const admin = await signInAs(server, ms.benutzer.admin);
      const policy = await call(server, admin, 'PUT', '/api/customizing/mandant/ZweiFaktorPflicht', {
        value: 'alle',
      });
      expect(policy.status).toBe(200);
    });

    it.each([
      ['a passkey with user verification', true, false],
      ['the same passkey without user verification', false, true],
    ])('%s (UV %s): asked to enrol a second factor: %s', async (_, userVerified, asked) => {
      const { zweiFaktor, lockedStatus } = await stand(await withPasskey(userVerified));
      expect(zweiFaktor).toMatchObject({ pflicht: 'alle', erforderlich: true, eingerichtet: false });
      expect(zweiFaktor.mussEinrichten).toBe(asked);
      expect(lockedStatus).toBe(asked ? 403 : 200);
    });

    it('the password alone is one factor: asked', async () => {
      const { zweiFaktor, lockedStatus } = await stand(await signInAs(server, ms.benutzer.mitarbeiter));
      expect(zweiFaktor.mussEinrichten).toBe(true);
      expect(lockedStatus).toBe(403);
    });
  },
);
