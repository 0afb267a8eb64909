import { PERMISSION_NAMES } from '@stellwerk/domain/permissions';
import type { TSsoKonfiguration } from '@stellwerk/domain/identitaet/sso/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, errorOf } from '../../../../test/api-call.ts';
import { FIXTURE_PASSWORD } from '../../../../test/fixtures/passwort.ts';
import { fixtureMandant } from '../../../../test/fixtures/mandant.ts';
import { signIn, type TestServer, testDrivers } from '../../../../test/harness.ts';
import { createSamlIdp } from '../../../../test/saml-idp.ts';
import { parseSpMetadata, signedWith } from '../../../../test/saml-sp-metadata.ts';
import { Browser } from '../../../../test/sso-browser.ts';
import { startSsoServer } from '../../../../test/sso-setup.ts';

const DOMAIN = 'beispielhausen.example';
describe.each(testDrivers())(
  'SAML SP metadata before saving, signed AuthnRequests (decision 122), on %s',
  (driver) => {
    let server: TestServer;
    let mandantId: string;
    let adminCookie: string;
    let konfiguration: TSsoKonfiguration;
    let vorher: ReturnType<typeof parseSpMetadata>;
    const idp = createSamlIdp();

    beforeAll(async () => {
      // a booker without rights beside the administrator, and another tenant with its own administrator
      ({ server, mandantId, adminCookie } = await startSsoServer(driver, {
        name: 'Bibliothek Beispielhausen',
        domain: DOMAIN,
        benutzer: {
          mitarbeiter: { vorname: 'Anna', nachname: 'Schulz' },
          admin: { vorname: 'Andreas', nachname: 'Schwarz' },
        },
      }));
      await fixtureMandant(server.database, {
        name: 'Stadtwerke Musterstadt',
        domain: 'musterstadt.example',
        rollen: { Administration: PERMISSION_NAMES },
        benutzer: { admin: { vorname: 'Claudia', nachname: 'Wagner', rollen: ['Administration'] } },
      });
      konfiguration = (await (
        await call(server, adminCookie, 'GET', '/api/admin/sso')
      ).json()) as TSsoKonfiguration;
    });
    afterAll(async () => {
      await server?.close();
    });

    const startSignIn = async (browser: Browser) => {
      const start = await browser.request(`${server.baseUrl}/api/auth/sign-in/sso`, {
        method: 'POST',
        headers: { origin: server.baseUrl, 'content-type': 'application/json' },
        body: JSON.stringify({ providerId: mandantId, callbackURL: '/', errorCallbackURL: '/login' }),
      });
      expect(start.status).toBe(200);
      return ((await start.json()) as { url: string }).url;
    };

    it('the administrator downloads the SP metadata with the signing certificate before any provider is saved', async () => {
      expect(konfiguration.protokoll).toBeNull();
      const response = await call(server, adminCookie, 'GET', '/api/admin/sso/saml-metadaten');
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^application\/samlmetadata\+xml/);
      expect(response.headers.get('content-disposition')).toContain('attachment');
      const xml = await response.text();
      expect(xml).not.toMatch(/PRIVATE KEY/);
      vorher = parseSpMetadata(xml);
      expect(vorher).toMatchObject({
        entityId: konfiguration.spEntityId,
        authnRequestsSigned: 'true',
        wantAssertionsSigned: 'true',
        acs: konfiguration.acsUrl,
      });
      expect(vorher.cert?.verify(vorher.cert.publicKey)).toBe(true);
      // the key is made once: a second download carries the same certificate
      const again = parseSpMetadata(
        await (await call(server, adminCookie, 'GET', '/api/admin/sso/saml-metadaten')).text(),
      );
      expect(again.cert?.fingerprint256).toBe(vorher.cert?.fingerprint256);
      // better-auth's public address knows no provider yet
      expect((await fetch(konfiguration.spMetadataUrl)).status).toBe(404);
    });

    it('only the tenant administrator gets it: anonymous and a booker are refused, another tenant gets its own', async () => {
      const anonym = await call(server, null, 'GET', '/api/admin/sso/saml-metadaten');
      expect(anonym.status).toBe(401);
      expect((await errorOf(anonym)).code).toBe('auth.unauthenticated');
      const booker = await call(
        server,
        await signIn(server.baseUrl, `mitarbeiter@${DOMAIN}`, FIXTURE_PASSWORD),
        'GET',
        '/api/admin/sso/saml-metadaten',
      );
      expect(booker.status).toBe(403);
      const fremd = await call(
        server,
        await signIn(server.baseUrl, 'admin@musterstadt.example', FIXTURE_PASSWORD),
        'GET',
        '/api/admin/sso/saml-metadaten',
      );
      expect(fremd.status).toBe(200);
      const andere = parseSpMetadata(await fremd.text());
      expect(andere.entityId).not.toBe(vorher.entityId);
      expect(andere.cert?.fingerprint256).not.toBe(vorher.cert?.fingerprint256);
    });

    it('after saving, the public metadata is the same and a sign-in start sends an AuthnRequest signed with its key', async () => {
      // IdP metadata as ADFS and Entra ID publish it: no WantAuthnRequestsSigned
      const metadata = idp.metadata.replace(/\s+WantAuthnRequestsSigned="[^"]*"/, '');
      expect(metadata).not.toContain('WantAuthnRequestsSigned');
      const saved = await call(server, adminCookie, 'PUT', '/api/admin/sso', {
        protokoll: 'saml',
        passwortErlaubt: true,
        gruppenClaim: 'groups',
        metadataXml: metadata,
      });
      expect(saved.status).toBe(200);
      const oeffentlich = parseSpMetadata(await (await fetch(konfiguration.spMetadataUrl)).text());
      expect(oeffentlich).toMatchObject({
        entityId: vorher.entityId,
        authnRequestsSigned: 'true',
        acs: vorher.acs,
      });
      expect(oeffentlich.cert?.fingerprint256).toBe(vorher.cert?.fingerprint256);

      const browser = new Browser();
      const url = await startSignIn(browser);
      expect(url.startsWith(idp.ssoUrl)).toBe(true);
      expect(signedWith(url, vorher.cert!)).toBe(true);
      // a changed request no longer matches the signature
      const tampered = url.replace(/RelayState=[^&]+/, 'RelayState=anders');
      expect(signedWith(tampered, vorher.cert!)).toBe(false);

      // the IdP checks the signature against the metadata too, and its answer, posted from its own origin to the
      // ACS (exempt from the origin check, decision 104), signs in
      const email = `sigrid.signiert@${DOMAIN}`;
      const { samlResponse, relayState } = await idp.respond(
        await (await fetch(konfiguration.spMetadataUrl)).text(),
        url,
        { nameId: email, attributes: { email, givenName: 'Sigrid', surname: 'Signiert' } },
        konfiguration.acsUrl,
      );
      await expect(
        idp.respond(await (await fetch(konfiguration.spMetadataUrl)).text(), tampered, {
          nameId: email,
          attributes: { email },
        }),
      ).rejects.toThrow(/SIGNATURE/);
      const posted = await browser.request(konfiguration.acsUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          origin: new URL(idp.ssoUrl).origin,
          'sec-fetch-site': 'cross-site',
        },
        body: new URLSearchParams({ SAMLResponse: samlResponse, RelayState: relayState }).toString(),
      });
      expect(posted.status).toBe(302);
      expect(posted.headers.get('location')).not.toContain('sso_fehler');
      const me = await browser.request(`${server.baseUrl}/api/me`);
      expect(me.status).toBe(200);
    });

    it('a new key replaces the old one at once: metadata and signatures change (rotation)', async () => {
      const foreign = await fetch(`${server.baseUrl}/api/admin/sso/saml-schluessel`, {
        method: 'POST',
        headers: { origin: 'https://evil.example', cookie: adminCookie },
      });
      expect(foreign.status).toBe(403);
      const anonym = await call(server, null, 'POST', '/api/admin/sso/saml-schluessel');
      expect(anonym.status).toBe(401);

      const erneuert = await call(server, adminCookie, 'POST', '/api/admin/sso/saml-schluessel');
      expect(erneuert.status).toBe(200);
      const neu = parseSpMetadata(await erneuert.text());
      expect(neu.cert?.fingerprint256).not.toBe(vorher.cert?.fingerprint256);
      expect(neu.entityId).toBe(vorher.entityId);
      const oeffentlich = parseSpMetadata(await (await fetch(konfiguration.spMetadataUrl)).text());
      expect(oeffentlich.cert?.fingerprint256).toBe(neu.cert?.fingerprint256);
      const download = parseSpMetadata(
        await (await call(server, adminCookie, 'GET', '/api/admin/sso/saml-metadaten')).text(),
      );
      expect(download.cert?.fingerprint256).toBe(neu.cert?.fingerprint256);

      const url = await startSignIn(new Browser());
      expect(signedWith(url, neu.cert!)).toBe(true);
      expect(signedWith(url, vorher.cert!)).toBe(false);

      const protokoll = (await (
        await call(server, adminCookie, 'GET', '/api/admin/protokoll?entity=mandant.sso.schluessel')
      ).json()) as { items?: { action: string }[] };
      expect(protokoll.items?.map((e) => e.action).sort()).toEqual(['create', 'update']);
    });
  },
);
