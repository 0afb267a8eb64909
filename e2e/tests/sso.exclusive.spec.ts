/**
 * Single sign-on through a local OpenID provider (oidc-provider, started here on a free loopback
 * port). The tenant administrator configures the provider through the admin API; a new person types their
 * address on /login, takes the single-sign-on button, signs in at the provider and lands on the tenant's
 * start page, created just in time. The same through a SAML 2.0 identity provider (samlify), whose login page
 * the test answers in the browser: it posts the signed response to the app's ACS as a real IdP's page does.
 * Exclusive: the journeys give Musterstadt a provider for a while (its /login then shows the button beside the
 * password form) and remove it at the end.
 */
import path from 'node:path';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { type OidcIdp, startOidcIdp } from '../../apps/server/test/oidc-idp.ts';
import { createSamlIdp } from '../../apps/server/test/saml-idp.ts';
import { DEMO_PASSWORD, demoUser, MUSTERSTADT } from '../support/demo.ts';
import { switchLanguage } from '../support/language.ts';
import { expectPath, signInTo } from '../support/session.ts';

const ADMIN = `admin@${MUSTERSTADT.domain}`;
const NEW_PERSON = `sso.e2e@${MUSTERSTADT.domain}`;

let idp: OidcIdp | undefined;

test.afterAll(async () => {
  await idp?.close();
});

const shoot = async (page: Page, name: string) => {
  const dir = path.join(test.info().project.outputDir, 'screenshots');
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
};

/** The tenant administrator signs in through the API (the journeys configure the provider as they would). */
const signInAsAdmin = async (api: APIRequestContext, origin: { origin: string }) => {
  const signedIn = await api.post('/api/auth/sign-in/email', {
    headers: origin,
    data: { email: ADMIN, password: DEMO_PASSWORD },
  });
  expect(signedIn.ok()).toBe(true);
};

/** Musterstadt's provider: the local OpenID provider, password sign-in still allowed. */
const configureOidc = async (api: APIRequestContext, origin: { origin: string }, provider: OidcIdp) => {
  const saved = await api.put('/api/admin/sso', {
    headers: origin,
    data: {
      protokoll: 'oidc',
      passwortErlaubt: true,
      gruppenClaim: 'groups',
      issuer: provider.issuer,
      clientId: provider.clientId,
      clientSecret: provider.clientSecret,
      scopes: ['openid', 'email', 'profile', 'groups'],
    },
  });
  expect(saved.status()).toBe(200);
};

/** Musterstadt without a provider again, whatever the journey left signed in. */
const removeProvider = async (api: APIRequestContext, origin: { origin: string }) => {
  await signInAsAdmin(api, origin);
  expect((await api.delete('/api/admin/sso', { headers: origin })).status()).toBe(204);
};

test('single sign-on through the tenant’s OpenID provider lands on the start page, the user created just in time', async ({
  page,
  baseURL,
}) => {
  const api = page.request;
  const origin = { origin: baseURL ?? '' };
  await signInAsAdmin(api, origin);

  // The addresses to enter at the provider come from the admin API; the provider is started with them.
  const before = await api.get('/api/admin/sso');
  expect(before.ok()).toBe(true);
  const { redirectUrl } = (await before.json()) as { redirectUrl: string };
  idp = await startOidcIdp({ redirectUris: [redirectUrl] });
  idp.accounts.set('e2e-1', {
    sub: 'e2e-1',
    email: NEW_PERSON,
    given_name: 'Sina',
    family_name: 'Single',
    groups: ['Alle Mitarbeitenden'],
  });
  idp.signInAs('e2e-1');
  await configureOidc(api, origin, idp);

  try {
    // The administrator's screen shows the provider without its secret.
    await page.goto('/admin/einstellungen');
    const section = page.getByRole('region', { name: 'Single Sign-on' });
    await section.getByRole('heading', { name: 'Single Sign-on' }).scrollIntoViewIfNeeded();
    await page.waitForLoadState('networkidle').catch(() => undefined);
    await expect(section.getByLabel(/Aussteller-URL/)).toHaveValue(idp.issuer);
    await expect(section.getByText(redirectUrl)).toBeVisible();
    await shoot(page, 'sso-admin-de-desktop');
    // the same section in English (the administrator's language is kept: switched back at once)
    await switchLanguage(page, 'en');
    await expect(page.getByRole('region', { name: 'Single sign-on' }).getByLabel(/Issuer URL/)).toHaveValue(
      idp.issuer,
    );
    await shoot(page, 'sso-admin-en-desktop');
    await switchLanguage(page, 'de');
    await page.context().clearCookies();

    // A new person of the tenant: the address routes to the provider.
    await page.goto('/login');
    await page.getByLabel(/^Benutzername/).fill(NEW_PERSON);
    const button = page.getByRole('button', { name: 'Mit Single Sign-on anmelden' });
    await expect(button).toBeVisible();
    await shoot(page, 'sso-login-de-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await shoot(page, 'sso-login-de-phone');
    await switchLanguage(page, 'en');
    await expect(page.getByRole('button', { name: 'Sign in with single sign-on' })).toBeVisible();
    await shoot(page, 'sso-login-en-phone');
    await switchLanguage(page, 'de');
    await button.click();
    await expectPath(page, MUSTERSTADT.startPage);
    const me = (await (await page.request.get('/api/me')).json()) as {
      user: { email: string; vorname: string; nachname: string };
      startPage: string;
    };
    expect(me.user).toMatchObject({ email: NEW_PERSON, vorname: 'Sina', nachname: 'Single' });
    expect(me.startPage).toBe(MUSTERSTADT.startPage);
  } finally {
    await removeProvider(page.context().request, origin);
  }
});

test('single sign-on through the tenant’s SAML identity provider: the IdP’s page posts the response, the person lands on the start page', async ({
  page,
  baseURL,
}) => {
  const person = `saml.e2e@${MUSTERSTADT.domain}`;
  const api = page.request;
  const origin = { origin: baseURL ?? '' };
  await signInAsAdmin(api, origin);
  const saml = createSamlIdp({ ssoUrl: 'http://idp.saml.test/sso' });
  const saved = await api.put('/api/admin/sso', {
    headers: origin,
    data: { protokoll: 'saml', passwortErlaubt: true, gruppenClaim: 'groups', metadataXml: saml.metadata },
  });
  expect(saved.status()).toBe(200);
  const { acsUrl, spMetadataUrl } = (await saved.json()) as { acsUrl: string; spMetadataUrl: string };
  const spMetadata = await (await api.get(spMetadataUrl)).text();

  try {
    await page.context().clearCookies();
    // The IdP's login page: the person is signed in there; it answers the request with a signed response in a
    // form that posts itself to the app's ACS (a cross-site form post, as from any real IdP).
    const attr = (v: string) => v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
    await page.route('http://idp.saml.test/**', async (route) => {
      const { samlResponse, relayState } = await saml.respond(
        spMetadata,
        route.request().url(),
        {
          nameId: person,
          // the group claim maps to the tenant's group, whose role books vehicles: the start page is /fahrzeuge
          attributes: {
            email: person,
            givenName: 'Saskia',
            surname: 'Saml',
            groups: ['Alle Mitarbeitenden'],
          },
        },
        acsUrl,
      );
      await route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><html><body><form method="post" action="${attr(acsUrl)}"><input type="hidden" name="SAMLResponse" value="${attr(samlResponse)}"><input type="hidden" name="RelayState" value="${attr(relayState)}"></form><script>document.forms[0].submit()</script></body></html>`,
      });
    });

    await page.goto('/login');
    await page.getByLabel(/^Benutzername/).fill(person);
    const button = page.getByRole('button', { name: 'Mit Single Sign-on anmelden' });
    await expect(button).toBeVisible();
    await button.click();
    await expectPath(page, MUSTERSTADT.startPage);
    const me = (await (await page.request.get('/api/me')).json()) as {
      user: { email: string; vorname: string; nachname: string };
    };
    expect(me.user).toMatchObject({ email: person, vorname: 'Saskia', nachname: 'Saml' });
  } finally {
    await page.unroute('http://idp.saml.test/**');
    await removeProvider(page.context().request, origin);
  }
});

/** The TOTP time steps whose codes the code-step journey used: each is accepted once (decision 100). */
let lastStep = 0;
/** A code of a step not used yet: the current one's, else the next one's (accepted too), else wait for it. */
const freshCode = async (totp: OTPAuth.TOTP): Promise<string> => {
  const step = Math.max(Math.floor(Date.now() / 30_000), lastStep + 1);
  while (step > Math.floor(Date.now() / 30_000) + 1) await new Promise((r) => setTimeout(r, 500));
  lastStep = step;
  return totp.generate({ timestamp: step * 30_000 });
};

test('a user with an authenticator app signs in through the provider the tenant does not trust for multi-factor: the code step on /login, then the start page', async ({
  page,
  baseURL,
}) => {
  const user = demoUser('freigabe', MUSTERSTADT);
  const origin = { origin: baseURL ?? '' };
  // the user enrols an authenticator app with their password (as on the security page)
  const own = page.request;
  expect(
    (
      await own.post('/api/auth/sign-in/email', {
        headers: origin,
        data: { email: user.email, password: DEMO_PASSWORD },
      })
    ).ok(),
  ).toBe(true);
  const enabled = await own.post('/api/auth/two-factor/enable', {
    headers: origin,
    data: { password: DEMO_PASSWORD },
  });
  expect(enabled.ok()).toBe(true);
  const totp = OTPAuth.URI.parse(((await enabled.json()) as { totpURI: string }).totpURI) as OTPAuth.TOTP;
  expect(
    (
      await own.post('/api/auth/two-factor/verify-totp', {
        headers: origin,
        data: { code: await freshCode(totp) },
      })
    ).ok(),
  ).toBe(true);
  await page.context().clearCookies();

  const api = page.request;
  await signInAsAdmin(api, origin);
  const { redirectUrl } = (await (await api.get('/api/admin/sso')).json()) as { redirectUrl: string };
  idp ??= await startOidcIdp({ redirectUris: [redirectUrl] });
  // the tenant does not trust the provider's multi-factor word (the default): its sign-in is one factor
  await configureOidc(api, origin, idp);
  idp.accounts.set('e2e-code', {
    sub: 'e2e-code',
    email: user.email,
    given_name: 'Sabine',
    family_name: 'Krüger',
    groups: ['Alle Mitarbeitenden'],
  });
  idp.signInAs('e2e-code', { amr: ['pwd'] });

  try {
    await page.context().clearCookies();
    await page.goto('/login');
    await page.getByLabel(/^Benutzername/).fill(user.email);
    await page.getByRole('button', { name: 'Mit Single Sign-on anmelden' }).click();
    // back from the provider without a session: /login asks for the app's code
    await expectPath(page, '/login');
    const code = page.getByRole('group', { name: 'Code aus der Authenticator-App' });
    await expect(code).toBeVisible();
    expect((await page.request.get('/api/me')).status()).toBe(401);
    await shoot(page, 'sso-code-schritt-de-desktop');
    await page.setViewportSize({ width: 375, height: 812 });
    await switchLanguage(page, 'en');
    await expect(page.getByRole('group', { name: 'Code from the authenticator app' })).toBeVisible();
    await shoot(page, 'sso-code-schritt-en-phone');
    await switchLanguage(page, 'de');
    // a wrong code is refused and gives no session
    await code.getByRole('textbox').first().click();
    await page.keyboard.type('000000');
    await expect(page.getByRole('alert')).toBeVisible();
    expect((await page.request.get('/api/me')).status()).toBe(401);
    await code.getByRole('textbox').first().click();
    await page.keyboard.type(await freshCode(totp));
    await expectPath(page, user.startPage);
    const me = (await (await page.request.get('/api/me')).json()) as { user: { email: string } };
    expect(me.user.email).toBe(user.email);
    // the user's app goes again (the journeys after this one sign in with the password alone)
    expect(
      (
        await page.request.post('/api/auth/two-factor/disable', {
          headers: origin,
          data: { password: DEMO_PASSWORD },
        })
      ).ok(),
    ).toBe(true);
  } finally {
    await page.context().clearCookies();
    await removeProvider(page.context().request, origin);
  }
});

test('a password user links the tenant’s OpenID provider on the security page and unlinks the password; the last way to sign in stays', async ({
  page,
  baseURL,
}) => {
  // Runs after every other journey (exclusive project) and gives the user back the demo password, name and group.
  const user = demoUser('fahrzeugpflege', MUSTERSTADT);
  const api = page.request;
  const origin = { origin: baseURL ?? '' };
  await signInAsAdmin(api, origin);
  const { redirectUrl } = (await (await api.get('/api/admin/sso')).json()) as { redirectUrl: string };
  idp ??= await startOidcIdp({ redirectUris: [redirectUrl] });
  await configureOidc(api, origin, idp);

  try {
    await page.context().clearCookies();
    await signInTo(page, user.email, MUSTERSTADT.startPage);
    const me = (await (await page.request.get('/api/me')).json()) as {
      user: { vorname: string; nachname: string };
    };
    idp.accounts.set('e2e-link', {
      sub: 'e2e-link',
      email: user.email,
      given_name: me.user.vorname,
      family_name: me.user.nachname,
      groups: ['Alle Mitarbeitenden'],
    });
    idp.signInAs('e2e-link');

    await page.goto('/einstellungen/sicherheit');
    const section = page.getByRole('region', { name: 'Anmeldewege' });
    const table = section.getByTestId('identitaeten');
    await expect(table).toContainText('Passwort');
    await expect(section.getByRole('button', { name: 'Passwort trennen' })).toBeDisabled();
    await section.getByRole('button', { name: 'Single Sign-on verknüpfen' }).click();

    // back from the provider: linked, both ways listed
    await expectPath(page, '/einstellungen/sicherheit');
    await expect(section.getByText('Der Identitätsanbieter ist mit Ihrem Konto verknüpft.')).toBeVisible();
    await expect(table).toContainText('Single Sign-on (OpenID Connect)');
    await shoot(page, 'identitaeten-de-desktop');
    await switchLanguage(page, 'en');
    await expect(page.getByRole('region', { name: 'Ways to sign in' })).toContainText(
      'Single sign-on (OpenID Connect)',
    );
    await shoot(page, 'identitaeten-en-desktop');
    await switchLanguage(page, 'de');

    // unlinking the password after confirming; the provider is then the last way and stays
    await section.getByRole('button', { name: 'Passwort trennen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Anmeldeweg trennen?' });
    await dialog.getByRole('button', { name: 'Trennen' }).click();
    await expect(dialog).toBeHidden();
    await expect(table).not.toContainText('Passwort');
    await expect(
      section.getByRole('button', { name: 'Single Sign-on (OpenID Connect) trennen' }),
    ).toBeDisabled();
    await expect(section.getByText('Ihr letzter Anmeldeweg')).toBeVisible();
    await page.setViewportSize({ width: 390, height: 844 });
    await section.screenshot({
      path: path.join(test.info().project.outputDir, 'screenshots', 'identitaeten-de-phone.png'),
    });

    // a password again, through the form the page now offers
    await section.getByLabel('Neues Passwort', { exact: true }).fill(DEMO_PASSWORD);
    await section.getByLabel('Passwort wiederholen', { exact: true }).fill(DEMO_PASSWORD);
    await section.getByRole('button', { name: 'Passwort festlegen' }).click();
    await expect(section.getByText('Das Passwort wurde festgelegt.')).toBeVisible();
    await expect(table).toContainText('Passwort');
  } finally {
    await page.context().clearCookies();
    await removeProvider(page.context().request, origin);
  }
});
