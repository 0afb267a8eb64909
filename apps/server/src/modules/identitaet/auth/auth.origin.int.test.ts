import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authRequest, errorOf } from '../../../../test/auth-requests.ts';
import { fixtureMandant } from '../../../../test/fixtures/mandant.ts';
import { FIXTURE_PASSWORD } from '../../../../test/fixtures/passwort.ts';
import { startTestServer, type TestServer, testDrivers } from '../../../../test/harness.ts';

const SIGN_IN = '/api/auth/sign-in/email';
const credentials = (email: string, password = FIXTURE_PASSWORD) => ({ email, password });

/** The people who sign in: `mitarbeiter@`, `fuhrpark@`, `freigabe@` and `admin@musterstadt.example`. */
const musterstadt = (server: TestServer) =>
  fixtureMandant(server.database, {
    name: 'Stadtwerke Musterstadt',
    domain: 'musterstadt.example',
    benutzer: {
      mitarbeiter: { vorname: 'Lena', nachname: 'Hoffmann' },
      fuhrpark: { vorname: 'Thomas', nachname: 'Becker' },
      freigabe: { vorname: 'Sabine', nachname: 'Krüger' },
      admin: { vorname: 'Claudia', nachname: 'Wagner' },
    },
  });

describe.each(testDrivers())('sign-in says what really happened, on %s', (driver) => {
  describe('PUBLIC_URL unset: the app trusts its own address', () => {
    let server: TestServer;
    let port: string;
    beforeAll(async () => {
      server = await startTestServer({ driver, publicUrl: null, seed: false });
      await musterstadt(server);
      port = new URL(server.baseUrl).port;
    });
    afterAll(async () => {
      await server?.close();
    });

    it.each(['127.0.0.1', 'localhost', 'stellwerk-pc'])(
      'the page at http://%s:<port> signs in',
      async (name) => {
        const response = await authRequest(server, 'POST', SIGN_IN, {
          host: `${name}:${port}`,
          body: credentials('mitarbeiter@musterstadt.example'),
        });
        expect(response.statusCode).toBe(200);
        expect(response.headers['set-cookie']).toBeDefined();
      },
    );

    it('a browser really at 127.0.0.1 signs in (fetch with the Origin a page there sends)', async () => {
      const response = await fetch(`${server.baseUrl}${SIGN_IN}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          origin: server.baseUrl,
          'sec-fetch-site': 'same-origin',
        },
        body: JSON.stringify(credentials('fuhrpark@musterstadt.example')),
      });
      expect(response.status).toBe(200);
    });

    it('a page at another address is refused with its own message, in German and English', async () => {
      const de = await authRequest(server, 'POST', SIGN_IN, {
        origin: 'http://evil.example',
        body: credentials('mitarbeiter@musterstadt.example'),
      });
      expect(de.statusCode).toBe(403);
      expect(errorOf(de)).toEqual({
        code: 'auth.origin_not_allowed',
        message: `Anmeldung von dieser Adresse nicht erlaubt. Die Adresse der Anwendung ist http://127.0.0.1:${port}.`,
        params: { adresse: `http://127.0.0.1:${port}` },
      });
      const en = await authRequest(server, 'POST', SIGN_IN, {
        origin: 'http://evil.example',
        language: 'en',
        body: credentials('mitarbeiter@musterstadt.example'),
      });
      expect(errorOf(en).message).toBe(
        `Signing in from this address is not allowed. The address of the application is http://127.0.0.1:${port}.`,
      );
    });

    it('origin refusals do not count as failed sign-ins', async () => {
      const email = 'freigabe@musterstadt.example';
      const address = '10.9.0.1';
      for (let i = 0; i < 8; i++) {
        const refused = await authRequest(server, 'POST', SIGN_IN, {
          address,
          origin: 'http://evil.example',
          body: credentials(email, 'falsch-falsch'),
        });
        expect(errorOf(refused).code).toBe('auth.origin_not_allowed');
      }
      // had the refusals counted, these would be locked (429) or asked for the security check (decision 077)
      for (let i = 0; i < 2; i++) {
        const wrong = await authRequest(server, 'POST', SIGN_IN, {
          address,
          body: credentials(email, 'falsch'),
        });
        expect(errorOf(wrong).code).toBe('auth.invalid_credentials');
      }
      expect(
        (await authRequest(server, 'POST', SIGN_IN, { address, body: credentials(email) })).statusCode,
      ).toBe(200);
    });
  });

  describe('PUBLIC_URL set: only it and TRUSTED_ORIGINS', () => {
    let server: TestServer;
    let port: string;
    beforeAll(async () => {
      server = await startTestServer({ driver, trustedOrigins: 'https://intranet.example.org', seed: false });
      await musterstadt(server);
      port = new URL(server.baseUrl).port;
    });
    afterAll(async () => {
      await server?.close();
    });

    it('PUBLIC_URL and a trusted origin sign in; the same machine under another name is told the address', async () => {
      const publicUrl = await authRequest(server, 'POST', SIGN_IN, {
        body: credentials('mitarbeiter@musterstadt.example'),
      });
      expect(publicUrl.statusCode).toBe(200);
      const trusted = await authRequest(server, 'POST', SIGN_IN, {
        origin: 'https://intranet.example.org',
        body: credentials('mitarbeiter@musterstadt.example'),
      });
      expect(trusted.statusCode).toBe(200);
      const otherName = await authRequest(server, 'POST', SIGN_IN, {
        host: `localhost:${port}`,
        body: credentials('mitarbeiter@musterstadt.example'),
      });
      expect(otherName.statusCode).toBe(403);
      expect(errorOf(otherName).params).toEqual({ adresse: server.config.publicUrl });
    });

    it('a Node.js script signs in with the built-in fetch (Sec-Fetch-Mode: cors, no Origin) and uses the cookie', async () => {
      const response = await fetch(`${server.baseUrl}${SIGN_IN}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(credentials('admin@musterstadt.example')),
      });
      expect(response.status).toBe(200);
      const cookie = response.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      const me = await fetch(`${server.baseUrl}/api/me`, { headers: { cookie } });
      expect(me.status).toBe(200);
      const out = await fetch(`${server.baseUrl}/api/auth/sign-out`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: '{}',
      });
      expect(out.status).toBe(200);
      expect((await fetch(`${server.baseUrl}/api/me`, { headers: { cookie } })).status).toBe(401);
    });

    it('a browser request that hides its origin but says it is cross-site is refused', async () => {
      const response = await authRequest(server, 'POST', SIGN_IN, {
        origin: null,
        headers: { 'sec-fetch-site': 'cross-site' },
        body: credentials('mitarbeiter@musterstadt.example'),
      });
      expect(errorOf(response).code).toBe('auth.origin_not_allowed');
    });
  });
});
