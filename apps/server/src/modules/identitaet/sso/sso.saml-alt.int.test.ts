import type { TSsoKonfiguration } from '@stellwerk/domain/identitaet/sso/api';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../../test/api-call.ts';
import type { TestServer } from '../../../../test/harness.ts';
import { testDrivers } from '../../../../test/harness.ts';
import { createSamlIdp } from '../../../../test/saml-idp.ts';
import { parseSpMetadata, signedWith } from '../../../../test/saml-sp-metadata.ts';
import { Browser } from '../../../../test/sso-browser.ts';
import { startSsoServer } from '../../../../test/sso-setup.ts';
import { buildApp } from '../../../app.ts';
import { asOwner } from '../auth/auth.accounts.ts';
import { signiereAlleSamlAnbieter, signiertAnfragen } from './sso.saml-signatur.ts';
import { samlSpSchluessel } from './sso.table.ts';
import { ssoProvider } from './sso-provider.table.ts';

const DOMAIN = 'beispielhausen.example';
const stumm = { warn: () => undefined };

/**
 * A SAML provider saved before decision 122 (no SP key, unsigned AuthnRequests) signs its requests without being
 * saved again (decision 148): on its first use (a sign-in start, its public SP metadata) and at the server's start,
 * also when two instances start at once.
 */
describe.each(testDrivers())(
  'SAML providers saved before the SP key sign their requests, on %s',
  (driver) => {
    let server: TestServer;
    let mandantId: string;
    let adminCookie: string;
    let konfiguration: TSsoKonfiguration;
    const idp = createSamlIdp();
    // IdP metadata as ADFS and Entra ID publish it: no WantAuthnRequestsSigned
    const idpMetadata = idp.metadata.replace(/\s+WantAuthnRequestsSigned="[^"]*"/, '');

    beforeAll(async () => {
      ({ server, mandantId, adminCookie } = await startSsoServer(driver, {
        name: 'Bibliothek Beispielhausen',
        domain: DOMAIN,
        benutzer: { admin: { vorname: 'Andreas', nachname: 'Schwarz' } },
      }));
      const saved = await call(server, adminCookie, 'PUT', '/api/admin/sso', {
        protokoll: 'saml',
        passwortErlaubt: true,
        gruppenClaim: 'groups',
        metadataXml: idpMetadata,
      });
      expect(saved.status).toBe(200);
      konfiguration = (await saved.json()) as TSsoKonfiguration;
    });
    afterAll(async () => {
      await server?.close();
    });

    /** The provider row as the code before decision 122 wrote it, and no SP key for the tenant. */
    const wieFrueher = async () => {
      const samlConfig = JSON.stringify({
        issuer: konfiguration.spEntityId,
        entryPoint: '',
        callbackUrl: `${server.baseUrl}/`,
        idpMetadata: { metadata: idpMetadata },
        spMetadata: {},
        wantAssertionsSigned: true,
        mapping: {
          email: 'email',
          extraFields: { stellwerkGruppen: 'groups', firstName: 'givenName', lastName: 'surname' },
        },
      });
      await server.database.withAllTenants((tx) =>
        asOwner(tx, async () => {
          await tx.update(ssoProvider).set({ samlConfig }).where(eq(ssoProvider.providerId, mandantId));
          await tx.delete(samlSpSchluessel).where(eq(samlSpSchluessel.mandantId, mandantId));
        }),
      );
      expect(await gespeichert()).toEqual({ signiert: false, schluessel: 0 });
    };

    const gespeichert = async () =>
      server.database.withAllTenants((tx) =>
        asOwner(tx, async () => {
          const [provider] = await tx.select().from(ssoProvider).where(eq(ssoProvider.providerId, mandantId));
          const schluessel = await tx
            .select()
            .from(samlSpSchluessel)
            .where(eq(samlSpSchluessel.mandantId, mandantId));
          return { signiert: signiertAnfragen(provider?.samlConfig ?? '{}'), schluessel: schluessel.length };
        }),
      );

    const startSignIn = async () => {
      const start = await new Browser().request(`${server.baseUrl}/api/auth/sign-in/sso`, {
        method: 'POST',
        headers: { origin: server.baseUrl, 'content-type': 'application/json' },
        body: JSON.stringify({ providerId: mandantId, callbackURL: '/', errorCallbackURL: '/login' }),
      });
      expect(start.status).toBe(200);
      return ((await start.json()) as { url: string }).url;
    };

    const oeffentlicheMetadaten = async () =>
      parseSpMetadata(await (await fetch(konfiguration.spMetadataUrl)).text());

    it('a sign-in start through the old provider sends a signed AuthnRequest; its SP metadata carries the certificate', async () => {
      await wieFrueher();
      const url = await startSignIn();
      expect(url.startsWith(idp.ssoUrl)).toBe(true);
      expect(new URL(url).searchParams.get('Signature')).toBeTruthy();
      expect(await gespeichert()).toEqual({ signiert: true, schluessel: 1 });

      const oeffentlich = await oeffentlicheMetadaten();
      expect(oeffentlich).toMatchObject({ authnRequestsSigned: 'true', entityId: konfiguration.spEntityId });
      expect(oeffentlich.cert).toBeDefined();
      expect(signedWith(url, oeffentlich.cert!)).toBe(true);
      // the administrator's download names the same key
      const download = parseSpMetadata(
        await (await call(server, adminCookie, 'GET', '/api/admin/sso/saml-metadaten')).text(),
      );
      expect(download.cert?.fingerprint256).toBe(oeffentlich.cert?.fingerprint256);

      // the change is in the tenant's audit log, made by nobody
      const protokoll = (await (
        await call(server, adminCookie, 'GET', '/api/admin/protokoll?entity=mandant.sso')
      ).json()) as { items?: { action: string; newValue?: { signierteAnfragen?: boolean } | null }[] };
      expect(
        protokoll.items?.some((e) => e.action === 'update' && e.newValue?.signierteAnfragen === true),
      ).toBe(true);
    });

    it('the public SP metadata of the old provider is its first use too: it shows the certificate the requests are signed with', async () => {
      await wieFrueher();
      const oeffentlich = await oeffentlicheMetadaten();
      expect(oeffentlich.authnRequestsSigned).toBe('true');
      expect(oeffentlich.cert?.verify(oeffentlich.cert.publicKey)).toBe(true);
      expect(signedWith(await startSignIn(), oeffentlich.cert!)).toBe(true);
    });

    it('at start: two instances starting at once give the old provider one key and one configuration', async () => {
      await wieFrueher();
      const deps = { database: server.database, publicUrl: server.config.publicUrl };
      const geaendert = await Promise.all([
        signiereAlleSamlAnbieter(deps, stumm),
        signiereAlleSamlAnbieter(deps, stumm),
      ]);
      expect(geaendert.reduce((a, b) => a + b, 0)).toBe(1);
      expect(await gespeichert()).toEqual({ signiert: true, schluessel: 1 });
      const oeffentlich = await oeffentlicheMetadaten();
      expect(signedWith(await startSignIn(), oeffentlich.cert!)).toBe(true);

      // a second instance of the server on the same database does it while it starts
      await wieFrueher();
      const zweite = await buildApp({ config: server.config, database: server.database, logger: false });
      try {
        await zweite.ready();
        expect(await gespeichert()).toEqual({ signiert: true, schluessel: 1 });
      } finally {
        await zweite.close();
      }
    });
  },
);
