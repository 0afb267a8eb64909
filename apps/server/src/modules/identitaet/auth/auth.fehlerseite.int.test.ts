import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, testDrivers } from '../../../../test/harness.ts';

/**
 * better-auth's error page (English, with a link to its own site) is never shown: `/api/auth/error` forwards to
 * the app's page `/auth/fehler` with a plain error code (decision 123).
 */
describe.each(testDrivers())('the sign-in error page of the app, on %s', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ driver, seed: false });
  });
  afterAll(async () => {
    await server?.close();
  });

  const get = (path: string) => fetch(`${server.baseUrl}${path}`, { redirect: 'manual' });

  it.each([
    ['?error=state_mismatch', '/auth/fehler?code=state_mismatch'],
    ['?error=please_restart_the_process&error_description=x', '/auth/fehler?code=please_restart_the_process'],
    ['?error=auth.sso_deaktiviert', '/auth/fehler?code=auth.sso_deaktiviert'],
    ['?error=%3Cscript%3Ealert(1)%3C%2Fscript%3E', '/auth/fehler'],
    ['?error=https%3A%2F%2Fevil.example%2F', '/auth/fehler'],
    ['', '/auth/fehler'],
  ])('/api/auth/error%s goes to %s, never to the library’s page', async (query, target) => {
    const response = await get(`/api/auth/error${query}`);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(target);
    const body = await response.text();
    expect(body).not.toMatch(/<html|better-auth|https?:\/\//i);
  });

  it('a callback better-auth cannot answer ends on the app’s page too', async () => {
    // a provider id that is no tenant: better-auth itself sends the browser to its error page
    const callback = await get('/api/auth/sso/callback/kein-mandant?code=x&state=y');
    expect(callback.status).toBe(302);
    const location = new URL(callback.headers.get('location') ?? '', server.baseUrl);
    expect(location.pathname).toBe('/api/auth/error');
    const forwarded = await get(`${location.pathname}${location.search}`);
    expect(forwarded.status).toBe(302);
    expect(forwarded.headers.get('location')).toMatch(/^\/auth\/fehler(\?code=[\w.-]+)?$/);
  });
});
