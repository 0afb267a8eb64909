import { PERMISSION_NAMES } from '@stellwerk/domain/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authRequest, errorOf } from '../../../../test/auth-requests.ts';
import { loeseCaptcha } from '../../../../test/captcha.ts';
import { signInAs } from '../../../../test/fixtures/anmelden.ts';
import { fixtureMandant } from '../../../../test/fixtures/mandant.ts';
import { startTestServer, type TestServer, testDrivers } from '../../../../test/harness.ts';
import { FIXTURE_PASSWORD } from '../../../../test/fixtures/passwort.ts';

/** Replaced by a freshly solved captcha when the request is made. */
const GELOEST = 'geloest';

describe.each(testDrivers())("better-auth's own error bodies never reach the client, on %s", (driver) => {
  let server: TestServer;
  let cookie: string;
  beforeAll(async () => {
    server = await startTestServer({ driver, seed: false });
    // the reader whose session changes passwords, and the administrator whose reset is asked for
    const bh = await fixtureMandant(server.database, {
      name: 'Bibliothek Beispielhausen',
      domain: 'beispielhausen.example',
      benutzer: { mitarbeiter: { vorname: 'Anna', nachname: 'Schulz' } },
    });
    await fixtureMandant(server.database, {
      name: 'Stadtwerke Musterstadt',
      domain: 'musterstadt.example',
      rollen: { Administration: PERMISSION_NAMES },
      benutzer: { admin: { vorname: 'Claudia', nachname: 'Wagner', rollen: ['Administration'] } },
    });
    cookie = await signInAs(server, bh.benutzer.mitarbeiter);
  });
  afterAll(async () => {
    await server?.close();
  });

  it.each<[string, 'GET' | 'POST', string, unknown, boolean, number, string]>([
    [
      'a reset redirect to another site',
      'POST',
      '/api/auth/request-password-reset',
      { email: 'admin@musterstadt.example', redirectTo: 'https://evil.example/steal', captcha: GELOEST },
      false,
      400,
      'auth.redirect_not_allowed',
    ],
    [
      'a wrong current password',
      'POST',
      '/api/auth/change-password',
      { currentPassword: 'falsch-falsch', newPassword: 'ganz-neues-passwort' },
      true,
      400,
      'auth.current_password_wrong',
    ],
    [
      'a too short new password',
      'POST',
      '/api/auth/change-password',
      { currentPassword: FIXTURE_PASSWORD, newPassword: 'kurz' },
      true,
      400,
      'auth.password_length',
    ],
    [
      'an unknown reset token',
      'POST',
      '/api/auth/reset-password',
      { token: 'gibt-es-nicht', newPassword: 'ganz-neues-passwort' },
      false,
      400,
      'auth.link_invalid',
    ],
    [
      'sign-up',
      'POST',
      '/api/auth/sign-up/email',
      { email: 'neu@musterstadt.example', password: 'irgendwas-langes', name: 'Neu' },
      false,
      403,
      'auth.sign_up_closed',
    ],
    [
      'a body that is not an object',
      'POST',
      '/api/auth/sign-in/email',
      [1, 2],
      false,
      400,
      'validation.failed',
    ],
    [
      'a missing password',
      'POST',
      '/api/auth/sign-in/email',
      { email: 'a@b.example' },
      false,
      400,
      'validation.failed',
    ],
    [
      'list-sessions without a session',
      'GET',
      '/api/auth/list-sessions',
      undefined,
      false,
      401,
      'auth.unauthenticated',
    ],
    ['an unknown auth path', 'GET', '/api/auth/gibt-es-nicht', undefined, false, 404, 'not_found'],
    ['an unknown auth path (POST)', 'POST', '/api/auth/gibt-es-nicht', {}, false, 404, 'not_found'],
  ])('%s answers the catalogue error', async (_name, method, path, body, withSession, status, code) => {
    const mitCaptcha =
      body && typeof body === 'object' && 'captcha' in body
        ? { ...body, captcha: await loeseCaptcha(server) }
        : body;
    const response = await authRequest(server, method, path, {
      body: mitCaptcha,
      cookie: withSession ? cookie : undefined,
      address: '10.5.0.1',
    });
    expect(response.statusCode).toBe(status);
    const error = errorOf(response);
    expect(error.code).toBe(code);
    expect(error.message).not.toMatch(/[A-Z]{3,}_[A-Z]+|Invalid|better-auth/);
  });

  it('the message is in the language of the request', async () => {
    const response = await authRequest(server, 'POST', '/api/auth/reset-password', {
      body: { token: 'gibt-es-nicht', newPassword: 'ganz-neues-passwort' },
      language: 'en',
    });
    expect(errorOf(response).message).toBe('This link is invalid or has expired. Please request a new link.');
  });

  it('Origin: null with a session cookie (better-auth: MISSING_OR_NULL_ORIGIN) answers the origin refusal', async () => {
    const response = await authRequest(server, 'POST', '/api/auth/sign-out', {
      body: {},
      cookie,
      origin: 'null',
    });
    expect(response.statusCode).toBe(403);
    expect(errorOf(response)).toEqual({
      code: 'auth.origin_not_allowed',
      message: `Anmeldung von dieser Adresse nicht erlaubt. Die Adresse der Anwendung ist ${server.config.publicUrl}.`,
      params: { adresse: server.config.publicUrl },
    });
  });
});
