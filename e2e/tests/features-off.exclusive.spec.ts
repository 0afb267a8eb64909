/**
 * A tenant with both booking areas switched off. The platform administrator switches Bibliothek
 * Beispielhausen's areas off through the API and back on afterwards; the journey runs in the project
 * "exclusive", after every other journey, so no other journey sees the tenant changed.
 */
import { expect, test } from '@playwright/test';
import { BEISPIELHAUSEN, demoUser, TEXTS } from '../support/demo.ts';
import { funktionenSetzen, type Schalter } from '../support/mandant.ts';
import { expectPath, signInTo } from '../support/session.ts';

let schalter: Schalter | undefined;

test.beforeAll(async ({ playwright, baseURL }) => {
  schalter = await funktionenSetzen(playwright, baseURL, BEISPIELHAUSEN.name, {
    FahrzeugBuchung: false,
    Leseraum: false,
  });
});

test.afterAll(async () => {
  await schalter?.zurueck();
});

test('a user of a tenant with both areas off sees what is switched on and signs out', async ({ page }) => {
  await signInTo(page, demoUser('mitarbeiter', BEISPIELHAUSEN).email, '/');
  await expect(page.getByRole('heading', { level: 1, name: 'Kein Buchungsbereich verfügbar' })).toBeVisible();
  const main = page.locator('#main-content');
  await expect(main).toContainText(`Für ${BEISPIELHAUSEN.name} sind diese Buchungsbereiche eingerichtet`);
  await expect(main.getByText('Buchung von Poolfahrzeugen')).toBeVisible();
  await expect(main.getByText('Leseraum- und Platzbuchung auf Grundrissen')).toBeVisible();
  await expect(main.getByText('ausgeschaltet', { exact: true })).toHaveCount(2);
  // the menu stays: settings, password, sign-out; no area entries
  const menu = page.getByRole('navigation', { name: 'Hauptmenü' });
  await expect(menu.getByRole('link', { name: 'Einstellungen' })).toBeVisible();
  await expect(menu.locator('a[href="/leseraum/karte"]')).toHaveCount(0);
  await expect(menu.locator('a[href="/fahrzeuge"]')).toHaveCount(0);

  // a switched-off screen is the 404 page, and its way out leads back here
  await page.goto('/leseraum/karte');
  await expect(page.getByText(TEXTS.pageNotFound)).toBeVisible();
  await page.getByRole('link', { name: 'Zur Startseite' }).click();
  await expectPath(page, '/');
  await expect(page.getByRole('heading', { level: 1, name: 'Kein Buchungsbereich verfügbar' })).toBeVisible();

  await main.getByRole('link', { name: 'Abmelden' }).click();
  await expectPath(page, '/login');
  expect((await page.request.get('/api/me')).status()).toBe(401);
});

test('the administrator of a tenant with both areas off starts on /admin and sees only what is on', async ({
  page,
}) => {
  await signInTo(page, demoUser('admin', BEISPIELHAUSEN).email, '/admin');
  const main = page.locator('#main-content');
  await expect(main.locator('a[href="/admin/benutzer"]')).toBeVisible();
  await expect(main.locator('a[href="/admin/einstellungen"]')).toBeVisible();
  for (const path of ['/admin/fahrzeuge', '/admin/raeume', '/admin/ausstattung', '/admin/oeffnungszeiten']) {
    await expect(page.locator(`a[href="${path}"]`), `no link to ${path}`).toHaveCount(0);
  }
  await page.goto('/admin/einstellungen');
  await expect(page.getByRole('tab', { name: 'Einstellungen', exact: true })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Leseraum', exact: true })).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'Fahrzeugbuchung', exact: true })).toHaveCount(0);
  await page.goto('/admin/raeume');
  await expect(page.getByText(TEXTS.pageNotFound)).toBeVisible();
});
