import type { TMe } from '@stellwerk/domain/api';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../../test/api-call.ts';
import { type TestServer, testDrivers } from '../../../../test/harness.ts';
import { createSamlIdp, type SamlUser } from '../../../../test/saml-idp.ts';
import { Browser } from '../../../../test/sso-browser.ts';
import { startSsoServer } from '../../../../test/sso-setup.ts';
import { customizing } from '../../verwaltung/customizing/customizing.public.ts';
import { mandantSso } from './sso.table.ts';

const DOMAIN = 'beispielhausen.example';
const PASSWORT = 'urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport';
const ENTRA_MFA = 'http://schemas.microsoft.com/claims/multipleauthn';
const REFEDS_MFA = 'https://refeds.org/profile/mfa';
const ENTRA_AMR = 'http://schemas.microsoft.com/claims/authnmethodsreferences';

/**
 * The tenant's trust in the provider's multi-factor sign-in through SAML (decision 097): where the tenant requires
 * two factors, an assertion whose AuthnContext (or Entra ID's `authnmethodsreferences`) says multi-factor signs in
 * without the app's second factor — only with the tenant's switch on; a password-only class is asked for one.
 */
describe.each(testDrivers())(
  'SAML AuthnContext and the two-factor policy (decision 097), on %s',
  (driver) => {
    let server: TestServer;
    let mandantId: string;
    let adminCookie: string;
    const idp = createSamlIdp();

    beforeAll(async () => {
      ({ server, mandantId, adminCookie } = await startSsoServer(driver, {
        name: 'Bibliothek Beispielhausen',
        domain: DOMAIN,
        benutzer: { admin: { vorname: 'Andreas', nachname: 'Schwarz' } },
      }));
      const saved = await call(server, adminCookie, 'PUT', '/api/admin/sso', {
        protokoll: 'saml',
        passwortErlaubt: true,
        mfaVertrauen: true,
        gruppenClaim: 'groups',
        metadataXml: idp.metadata,
      });
      expect(saved.status).toBe(200);
      // everyone must have a second factor (the administrator's own session is held to it from here on)
      const policy = await call(server, adminCookie, 'PUT', '/api/customizing/mandant/ZweiFaktorPflicht', {
        value: 'alle',
      });
      expect(policy.status).toBe(200);
    });
    afterAll(async () => {
      await server?.database
        .withTenant(mandantId, (tx) =>
          tx.delete(customizing).where(eq(customizing.customizingOptionName, 'ZweiFaktorPflicht')),
        )
        .catch(() => undefined);
      await server?.close();
    });

    const vertrauen = (mfaVertrauen: boolean) =>
      server.database.withTenant(mandantId, (tx) => tx.update(mandantSso).set({ mfaVertrauen }));

    /** Signs in through the IdP as `user`; answers /api/me and a call the two-factor lock stops. */
    const signInThroughIdp = async (user: SamlUser) => {
      const browser = new Browser();
      const start = await browser.request(`${server.baseUrl}/api/auth/sign-in/sso`, {
        method: 'POST',
        headers: { origin: server.baseUrl, 'content-type': 'application/json' },
        body: JSON.stringify({ providerId: mandantId, callbackURL: '/', errorCallbackURL: '/login' }),
      });
      const { url } = (await start.json()) as { url: string };
      const spMetadata = await (
        await fetch(`${server.baseUrl}/api/auth/sso/saml2/sp/metadata?providerId=${mandantId}`)
      ).text();
      const acsUrl = `${server.baseUrl}/api/auth/sso/saml2/sp/acs/${mandantId}`;
      const { samlResponse, relayState } = await idp.respond(spMetadata, url, user, acsUrl);
      const posted = await browser.request(acsUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://idp.saml.test' },
        body: new URLSearchParams({ SAMLResponse: samlResponse, RelayState: relayState }).toString(),
      });
      expect(posted.headers.get('location') ?? '').not.toContain('sso_fehler');
      const me = await browser.request(`${server.baseUrl}/api/me`);
      expect(me.status).toBe(200);
      const bookings = await browser.request(`${server.baseUrl}/api/customizing/benutzer`);
      return { zweiFaktor: ((await me.json()) as TMe).zweiFaktor, lockedStatus: bookings.status };
    };

    const user = (authnContext: string, attributes: Record<string, string> = {}): SamlUser => {
      const email = `mira.mfa@${DOMAIN}`;
      return {
        nameId: email,
        authnContext,
        attributes: { email, givenName: 'Mira', surname: 'Mfa', ...attributes },
      };
    };

    it.each([
      ['Entra ID multipleauthn', true, false, user(ENTRA_MFA)],
      ['REFEDS MFA', true, false, user(REFEDS_MFA)],
      [
        'Entra ID authnmethodsreferences beside a password class',
        true,
        false,
        user(PASSWORT, { [ENTRA_AMR]: ENTRA_MFA }),
      ],
      ['a password-only class', true, true, user(PASSWORT)],
      ['multipleauthn, but the tenant does not trust the provider', false, true, user(ENTRA_MFA)],
    ])('%s (trusted: %s): asked for a second factor: %s', async (_, trusted, asked, samlUser) => {
      await vertrauen(trusted);
      const { zweiFaktor, lockedStatus } = await signInThroughIdp(samlUser);
      expect(zweiFaktor).toMatchObject({ pflicht: 'alle', erforderlich: true, eingerichtet: false });
      expect(zweiFaktor.mussEinrichten).toBe(asked);
      // the lock: until a factor is enrolled, only the enrolment is open
      expect(lockedStatus).toBe(asked ? 403 : 200);
    });
  },
);
