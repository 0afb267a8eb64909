import type { TMe } from '@stellwerk/domain/api';
import type { TSsoKonfiguration } from '@stellwerk/domain/identitaet/sso/api';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../../test/api-call.ts';
import { type TestServer, testDrivers } from '../../../../test/harness.ts';
import { createSamlIdp, type SamlUser } from '../../../../test/saml-idp.ts';
import { Browser } from '../../../../test/sso-browser.ts';
import { startSsoServer } from '../../../../test/sso-setup.ts';
import { benutzer } from '../benutzer/benutzer.public.ts';

const DOMAIN = 'beispielhausen.example';

describe.each(testDrivers())('single sign-on through SAML 2.0 (samlify IdP), on %s', (driver) => {
  let server: TestServer;
  let mandantId: string;
  let adminCookie: string;
  const idp = createSamlIdp();

  beforeAll(async () => {
    ({ server, mandantId, adminCookie } = await startSsoServer(driver, {
      name: 'Bibliothek Beispielhausen',
      domain: DOMAIN,
      benutzer: { admin: { vorname: 'Andreas', nachname: 'Schwarz' } },
      gruppen: ['Lesesaal', 'Archiv'],
    }));
  });
  afterAll(async () => {
    await server?.close();
  });

  const signInThroughIdp = async (user: SamlUser) => {
    const browser = new Browser();
    const start = await browser.request(`${server.baseUrl}/api/auth/sign-in/sso`, {
      method: 'POST',
      headers: { origin: server.baseUrl, 'content-type': 'application/json' },
      body: JSON.stringify({ providerId: mandantId, callbackURL: '/', errorCallbackURL: '/login' }),
    });
    expect(start.status).toBe(200);
    const { url } = (await start.json()) as { url: string };
    expect(url.startsWith(idp.ssoUrl)).toBe(true);
    const spMetadata = await (
      await fetch(`${server.baseUrl}/api/auth/sso/saml2/sp/metadata?providerId=${mandantId}`)
    ).text();
    const acsUrl = `${server.baseUrl}/api/auth/sso/saml2/sp/acs/${mandantId}`;
    const { samlResponse, relayState } = await idp.respond(spMetadata, url, user, acsUrl);
    // The IdP's page posts the form to the ACS (a cross-site form post: no Origin of the app).
    const posted = await browser.request(`${server.baseUrl}/api/auth/sso/saml2/sp/acs/${mandantId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'null' },
      body: new URLSearchParams({ SAMLResponse: samlResponse, RelayState: relayState }).toString(),
    });
    const location = posted.headers.get('location') ?? '';
    const me = await browser.request(`${server.baseUrl}/api/me`);
    return { status: posted.status, location, me };
  };

  const gruppenOf = async (email: string) => {
    const [row] = await server.database.withTenant(mandantId, (tx) =>
      tx.select().from(benutzer).where(eq(benutzer.email, email)),
    );
    const detail = (await (
      await call(server, adminCookie, 'GET', `/api/admin/benutzer/${row!.id}`)
    ).json()) as {
      gruppen: { name: string }[];
    };
    return { row: row!, gruppen: detail.gruppen.map((g) => g.name).sort() };
  };

  it('the administrator configures SAML from the IdP metadata; the SP metadata is offered', async () => {
    const saved = await call(server, adminCookie, 'PUT', '/api/admin/sso', {
      protokoll: 'saml',
      passwortErlaubt: true,
      gruppenClaim: 'groups',
      metadataXml: idp.metadata,
    });
    expect(saved.status).toBe(200);
    const body = (await saved.json()) as TSsoKonfiguration;
    expect(body).toMatchObject({ protokoll: 'saml', saml: { idpEntityId: idp.entityId } });
    expect(body.acsUrl).toBe(`${server.baseUrl}/api/auth/sso/saml2/sp/acs/${mandantId}`);
    const sp = await fetch(body.spMetadataUrl);
    expect(sp.status).toBe(200);
    const xml = await sp.text();
    expect(xml).toContain('SPSSODescriptor');
    expect(xml).toContain(body.acsUrl);
    // Only the ACS takes form posts.
    const form = await fetch(`${server.baseUrl}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.baseUrl },
      body: 'email=a%40b.example&password=x',
    });
    expect(form.status).toBe(415);
  });

  it('first sign-in creates the user with name and groups; a later one updates them; a deactivated user is refused', async () => {
    const email = `paul.saml@${DOMAIN}`;
    const first = await signInThroughIdp({
      nameId: email,
      attributes: { email, givenName: 'Paul', surname: 'Saml', groups: ['Lesesaal', 'Fremd'] },
    });
    expect(new URL(first.location, server.baseUrl).toString()).toBe(`${server.baseUrl}/`);
    expect(first.me.status).toBe(200);
    expect(((await first.me.json()) as TMe).user).toMatchObject({
      vorname: 'Paul',
      nachname: 'Saml',
      mandantId,
    });
    expect((await gruppenOf(email)).gruppen).toEqual(['Lesesaal']);

    const second = await signInThroughIdp({
      nameId: email,
      attributes: { email, givenName: 'Paul', surname: 'Neu', groups: ['Archiv'] },
    });
    expect(second.me.status).toBe(200);
    const after = await gruppenOf(email);
    expect(after.row).toMatchObject({ nachname: 'Neu', isSso: true });
    expect(after.gruppen).toEqual(['Archiv']);

    await server.database.withTenant(mandantId, (tx) =>
      tx.update(benutzer).set({ status: 'inaktiv' }).where(eq(benutzer.id, after.row.id)),
    );
    const refused = await signInThroughIdp({
      nameId: email,
      attributes: { email, givenName: 'Paul', surname: 'Neu' },
    });
    expect(refused.location).toBe('/login?sso_fehler=auth.sso_deaktiviert');
    expect(refused.me.status).toBe(401);
  });
});
