/**
 * What every single-sign-on integration file starts from: the real server, unseeded, with one fixture tenant
 * behind `domain` (its provider's id and callback), the groups the provider's claims map to, the users the file
 * names, and the session of the tenant's administrator. Another tenant a file needs it writes itself with
 * `fixtureMandant` on `server.database`.
 */
import { PERMISSION_NAMES } from '@stellwerk/domain/permissions';
import type { TestDriver } from '../src/db/test-database.ts';
import { signInAs } from './fixtures/anmelden.ts';
import type { FixtureBenutzer } from './fixtures/benutzer.ts';
import { fixtureMandant } from './fixtures/mandant.ts';
import { startTestServer, type TestServer } from './harness.ts';

export type SsoMandantSpec<B extends string> = {
  name: string;
  domain: string;
  /**
   * The users by login (`<login>@<domain>`, the fixture password). `admin` is the tenant's administrator: a role
   * with every right (the provider's settings, the tenant's policy, the administration's user pages). The others
   * hold no role.
   */
  benutzer: Record<B | 'admin', { vorname: string; nachname: string }>;
  /** Groups, without roles, which the provider's group claim maps to by name. */
  gruppen?: readonly string[];
};

export type SsoServer<B extends string = never> = {
  server: TestServer;
  mandantId: string;
  /** The session of `admin@<domain>`. */
  adminCookie: string;
  /** Where the tenant's provider sends the browser back (OIDC redirect URI). */
  callbackUrl: string;
  benutzer: Record<B | 'admin', FixtureBenutzer>;
};

export const startSsoServer = async <B extends string = never>(
  driver: TestDriver,
  spec: SsoMandantSpec<B>,
): Promise<SsoServer<B>> => {
  const server = await startTestServer({ driver, seed: false });
  try {
    const benutzer = Object.fromEntries(
      Object.entries<{ vorname: string; nachname: string }>(spec.benutzer).map(([login, b]) => [
        login,
        login === 'admin' ? { ...b, rollen: ['Administration'] as const } : b,
      ]),
    ) as Record<B | 'admin', { vorname: string; nachname: string; rollen?: readonly 'Administration'[] }>;
    const mandant = await fixtureMandant<never, 'Administration', string, B | 'admin'>(server.database, {
      name: spec.name,
      domain: spec.domain,
      rollen: { Administration: PERMISSION_NAMES },
      gruppen: Object.fromEntries((spec.gruppen ?? []).map((name) => [name, {}])),
      benutzer,
    });
    return {
      server,
      mandantId: mandant.id,
      adminCookie: await signInAs(server, mandant.benutzer.admin),
      callbackUrl: `${server.baseUrl}/api/auth/sso/callback/${mandant.id}`,
      benutzer: mandant.benutzer,
    };
  } catch (err) {
    await server.close();
    throw err;
  }
};
