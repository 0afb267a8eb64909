/**
 * What every single-sign-on integration file starts from: the real server with the demo tenants, the id of the
 * tenant behind `domain` (its provider's id and callback), optionally groups the provider's claims map to, and
 * the tenant administrator's session.
 */
import { eq } from 'drizzle-orm';
import type { TestDriver } from '../src/db/test-database.ts';
import { gruppe } from '../src/modules/identitaet/gruppe/gruppe.table.ts';
import { mandantDomain } from '../src/modules/verwaltung/mandant/mandant.table.ts';
import { signIn, startTestServer, type TestServer } from './harness.ts';

export type SsoServer = {
  server: TestServer;
  mandantId: string;
  /** The session of `admin@<domain>`. */
  adminCookie: string;
  /** Where the tenant's provider sends the browser back (OIDC redirect URI). */
  callbackUrl: string;
};

export const startSsoServer = async (
  driver: TestDriver,
  domain: string,
  gruppen: readonly string[] = [],
): Promise<SsoServer> => {
  const server = await startTestServer({ driver });
  try {
    const [row] = await server.database.withAllTenants((tx) =>
      tx.select().from(mandantDomain).where(eq(mandantDomain.domain, domain)),
    );
    if (!row) throw new Error(`no demo tenant has the domain ${domain}`);
    const { mandantId } = row;
    if (gruppen.length > 0)
      await server.database.withTenant(mandantId, (tx) =>
        tx.insert(gruppe).values(gruppen.map((name) => ({ mandantId, name }))),
      );
    return {
      server,
      mandantId,
      adminCookie: await signIn(server.baseUrl, `admin@${domain}`),
      callbackUrl: `${server.baseUrl}/api/auth/sso/callback/${mandantId}`,
    };
  } catch (err) {
    await server.close();
    throw err;
  }
};
