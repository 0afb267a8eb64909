import { expect, test } from '@playwright/test';
import { BEISPIELHAUSEN, demoUser, MUSTERSTADT, TEXTS } from '../support/demo.ts';
import { expectPath, signInTo, signOut, submitLogin } from '../support/session.ts';

test.describe('navigation and session', () => {
  test('a visitor asking for a protected page is sent to /login and returns to that page once after signing in', async ({
    page,
  }) => {
    const user = demoUser('mitarbeiter', BEISPIELHAUSEN);

    await page.goto('/leseraum/liste');
    await expectPath(page, '/login');
    await submitLogin(page, user.userName);
    await expectPath(page, '/leseraum/liste');

    // The remembered path is followed once: the next sign-in goes to the start page.
    await signOut(page, '/leseraum/liste');
    await submitLogin(page, user.userName);
    await expectPath(page, BEISPIELHAUSEN.startPage);
  });

  test('a visitor without a session is sent to /login from the start page', async ({ page }) => {
    await page.goto('/fahrzeuge');
    await expectPath(page, '/login');
  });

  test('?logout=true signs the user out and goes to /login', async ({ page }) => {
    await signInTo(page, demoUser('mitarbeiter', MUSTERSTADT).email, '/fahrzeuge');
    expect((await page.request.get('/api/me')).status()).toBe(200);

    await page.goto('/fahrzeuge?logout=true');
    await expectPath(page, '/login');

    expect((await page.request.get('/api/me')).status()).toBe(401);
    await page.goto('/fahrzeuge');
    await expectPath(page, '/login');
  });

  test("an unknown page shows 'Page Not Found'", async ({ page }) => {
    await signInTo(page, demoUser('mitarbeiter', MUSTERSTADT).email, '/fahrzeuge');
    await page.goto('/diese-seite-gibt-es-nicht');
    await expect(page.getByText(TEXTS.pageNotFound)).toBeVisible();
    await expectPath(page, '/diese-seite-gibt-es-nicht');
  });

  test('a signed-in user opening /auth/recovery stays there', async ({ page }) => {
    await signInTo(page, demoUser('mitarbeiter', MUSTERSTADT).email, '/fahrzeuge');
    await page.goto('/auth/recovery');
    await expect(page.getByLabel(/^E-Mail-Adresse( \*)?$/)).toBeVisible();
    await expectPath(page, '/auth/recovery');
  });

  test('/leseraum leads to /leseraum/karte', async ({ page }) => {
    await signInTo(page, demoUser('mitarbeiter', BEISPIELHAUSEN).email, BEISPIELHAUSEN.startPage);
    await page.goto('/leseraum/liste');
    await expectPath(page, '/leseraum/liste');
    await page.goto('/leseraum');
    await expectPath(page, '/leseraum/karte');
  });

  test('the menu entry Abmelden signs the user out', async ({ page }) => {
    await signInTo(page, demoUser('mitarbeiter', MUSTERSTADT).email, MUSTERSTADT.startPage);
    await page.getByRole('link', { name: 'Abmelden' }).click();
    await expectPath(page, '/login');
    expect((await page.request.get('/api/me')).status()).toBe(401);
  });

  test('a visitor opens /public and /impressum without signing in, each with the menu entry Anmelden; /kiosk is a screen without menu', async ({
    page,
  }) => {
    // the wall screen fills the display: its pairing code, no menu (decision 207)
    await page.goto('/kiosk');
    await expect(page.getByRole('heading', { level: 1, name: 'Diesen Bildschirm koppeln' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Anmelden', exact: true })).toHaveCount(0);
    for (const path of ['/public', '/impressum', '/auth/recovery']) {
      await page.goto(path);
      await expectPath(page, path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Anmelden', exact: true }), path).toBeVisible();
    }
    await page.getByRole('link', { name: 'Anmelden', exact: true }).click();
    await expectPath(page, '/login');
    await expect(page.getByRole('link', { name: 'Anmelden', exact: true })).toHaveCount(0);
  });

  test('the server answers 404 for a page that is not a route of the web app, 200 for one that is', async ({
    request,
  }) => {
    const unknown = await request.get('/diese-seite-gibt-es-nicht');
    expect(unknown.status()).toBe(404);
    expect(await unknown.text()).toContain('<div id="root">');
    expect((await request.get('/fahrzeuge/freigaben')).status()).toBe(200);
  });

  test('a remembered path containing "login" is not followed after signing in', async ({ page }) => {
    await page.goto('/fahrzeuge/login-hilfe');
    await expectPath(page, '/login');
    await submitLogin(page, demoUser('mitarbeiter', MUSTERSTADT).email);
    await expectPath(page, MUSTERSTADT.startPage);
  });
});
