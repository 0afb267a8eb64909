import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf } from '../../../../test/api-call.ts';
import { signInAs } from '../../../../test/fixtures/anmelden.ts';
import { fixtureMandant } from '../../../../test/fixtures/mandant.ts';
import { FIXTURE_PASSWORD } from '../../../../test/fixtures/passwort.ts';
import { startTestServer, type TestServer, testDrivers } from '../../../../test/harness.ts';

/**
 * Passkeys (decision 072): the options name the RP id of the address the page was opened at (localhost and
 * 127.0.0.1 alike), an address that is not the application's gets none, and a failed passkey sign-in is one
 * catalogue message, never a 500. Enrolment and sign-in with an authenticator run in e2e/tests/passkey.spec.ts.
 */
describe.each(testDrivers())('passkeys, on %s', (driver) => {
  let server: TestServer;
  let cookie: string;
  beforeAll(async () => {
    // PUBLIC_URL unset: the app answers at localhost and 127.0.0.1 alike (decision 020)
    server = await startTestServer({ driver, publicUrl: null, seed: false });
    const { benutzer } = await fixtureMandant(server.database, {
      name: 'Stadtwerke Musterstadt',
      domain: 'musterstadt.example',
      benutzer: { mitarbeiter: { vorname: 'Lena', nachname: 'Hoffmann' } },
    });
    cookie = await signInAs(server, benutzer.mitarbeiter);
  });
  afterAll(async () => {
    await server?.close();
  });

  const port = () => new URL(server.baseUrl).port;

  it('enrolment options carry the RP id of the address used: 127.0.0.1 or localhost', async () => {
    // enrolling needs the password confirmed first (decision 100)
    const confirmed = await fetch(`${server.baseUrl}/api/sicherheit/bestaetigen`, {
      method: 'POST',
      headers: { origin: server.baseUrl, 'content-type': 'application/json', cookie },
      body: JSON.stringify({ passwort: FIXTURE_PASSWORD }),
    });
    expect(confirmed.status).toBe(204);
    for (const host of ['127.0.0.1', 'localhost']) {
      const response = await fetch(`http://${host}:${port()}/api/auth/passkey/generate-register-options`, {
        headers: { cookie },
      });
      expect(response.status).toBe(200);
      const options = (await response.json()) as { rp: { id: string; name: string }; challenge: string };
      expect(options.rp).toEqual({ id: host, name: 'Stellwerk' });
      expect(options.challenge).toMatch(/^[\w-]+$/);
    }
    const signInOptions = await fetch(`${server.baseUrl}/api/auth/passkey/generate-authenticate-options`);
    expect(((await signInOptions.json()) as { rpId: string }).rpId).toBe('127.0.0.1');
  });

  it('no options for an address that is not the application', async () => {
    // fetch cannot send another Host header; node:http can
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(
        `${server.baseUrl}/api/auth/passkey/generate-authenticate-options`,
        { headers: { host: `evil.example:${port()}` } },
        (res) => {
          let body = '';
          res.on('data', (chunk) => {
            body += chunk;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(answer.status).toBe(400);
    expect((JSON.parse(answer.body) as { error: { code: string } }).error.code).toBe('auth.passkey_adresse');
  });

  it('enrolment needs a session; an unknown passkey at sign-in is one message', async () => {
    const anonymous = await fetch(`${server.baseUrl}/api/auth/passkey/generate-register-options`);
    expect(anonymous.status).toBe(401);
    const options = await fetch(`${server.baseUrl}/api/auth/passkey/generate-authenticate-options`);
    const challengeCookie = options.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const refused = await fetch(`${server.baseUrl}/api/auth/passkey/verify-authentication`, {
      method: 'POST',
      headers: { origin: server.baseUrl, 'content-type': 'application/json', cookie: challengeCookie },
      body: JSON.stringify({
        response: {
          id: 'unknown',
          rawId: 'unknown',
          type: 'public-key',
          response: {},
          clientExtensionResults: {},
        },
      }),
    });
    expect(refused.status).toBe(401);
    expect((await errorOf(refused)).code).toBe('auth.passkey_fehlgeschlagen');
  });
});
