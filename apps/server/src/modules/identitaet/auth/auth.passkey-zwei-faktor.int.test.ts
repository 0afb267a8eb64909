import type { TMe } from '@stellwerk/domain/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../../test/api-call.ts';
import {
  DEMO_PASSWORD,
  signIn,
  startTestServer,
  type TestServer,
  testDrivers,
} from '../../../../test/harness.ts';
import { createSoftAuthenticator } from '../../../../test/soft-authenticator.ts';

const EMAIL = 'mitarbeiter@musterstadt.example';

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

    beforeAll(async () => {
      server = await startTestServer({ driver });
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
      const cookie = await signIn(server.baseUrl, EMAIL);
      const confirmed = await call(server, cookie, 'POST', '/api/sicherheit/bestaetigen', {
        passwort: DEMO_PASSWORD,
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
      const admin = await signIn(server.baseUrl, 'admin@musterstadt.example');
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
      const { zweiFaktor, lockedStatus } = await stand(await signIn(server.baseUrl, EMAIL));
      expect(zweiFaktor.mussEinrichten).toBe(true);
      expect(lockedStatus).toBe(403);
    });
  },
);
