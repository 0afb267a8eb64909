/**
 * Every screen follows the rights of spec §6 and the tenant's feature switches (decision 036).
 * The demo users only sign in and look; nothing here changes data.
 */
import { expect, type Page, test } from '@playwright/test';
import { BEISPIELHAUSEN, demoUser, MUSTERSTADT, PLATFORM_ADMIN, TEXTS } from '../support/demo.ts';
import { expectPath, signInTo } from '../support/session.ts';

const mainMenu = (page: Page) => page.getByRole('navigation', { name: 'Hauptmenü' });
const linkTo = (page: Page, path: string) => mainMenu(page).locator(`a[href="${path}"]`);

const expectRefused = async (page: Page, path: string, message: string) => {
  await page.goto(path);
  await expect(page.getByText(message), `${path} refused`).toBeVisible();
  await expect(page.getByText('403', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: new RegExp(TEXTS.resetError) })).toBeVisible();
};

test.describe('vehicle screens follow the rights of spec §6', () => {
  test('a user without fahrzeug_buchen or fahrzeug_fremdbuchung starts on the reading room and is refused every vehicle screen', async ({
    page,
  }) => {
    // the platform administrator holds no tenant role or group: no vehicle booking in Musterstadt
    await signInTo(page, PLATFORM_ADMIN.email, '/leseraum/karte');
    await expect(linkTo(page, '/leseraum/karte')).toBeVisible();
    for (const path of [
      '/fahrzeuge',
      '/fahrzeuge/uebersicht',
      '/fahrzeuge/freigaben',
      '/fahrzeuge/fuehrerschein',
    ]) {
      await expect(linkTo(page, path), `no menu entry ${path}`).toHaveCount(0);
    }
    await expectRefused(page, '/fahrzeuge', TEXTS.guardNoFahrzeugModul);
    await expectRefused(page, '/fahrzeuge/uebersicht', TEXTS.guardNoFahrzeugModul);
    await expectRefused(page, '/fahrzeuge/freigaben', TEXTS.guardNoSonderfahrtenFreigabe);
    await expectRefused(page, '/fahrzeuge/fuehrerschein', TEXTS.guardNoFuehrerscheinpruefung);
    // 'Reset Error' and the root both lead to the start page the user may open
    await page.getByRole('button', { name: new RegExp(TEXTS.resetError) }).click();
    await expectPath(page, '/leseraum/karte');
    await page.goto('/');
    await expectPath(page, '/leseraum/karte');
  });

  test('a plain booker sees neither approvals nor licence checks and is refused both', async ({ page }) => {
    await signInTo(page, demoUser('mitarbeiter', MUSTERSTADT).email, '/fahrzeuge');
    await expect(linkTo(page, '/fahrzeuge')).toBeVisible();
    await expect(linkTo(page, '/fahrzeuge/uebersicht')).toBeVisible();
    await expect(linkTo(page, '/fahrzeuge/freigaben')).toHaveCount(0);
    await expect(linkTo(page, '/fahrzeuge/fuehrerschein')).toHaveCount(0);
    await expect(mainMenu(page).getByText('Sonderfahrten freigeben')).toHaveCount(0);
    await expectRefused(page, '/fahrzeuge/freigaben', TEXTS.guardNoSonderfahrtenFreigabe);
    await expectRefused(page, '/fahrzeuge/fuehrerschein', TEXTS.guardNoFuehrerscheinpruefung);
  });

  test('the administrator opens approvals and licence checks from the menu', async ({ page }) => {
    await signInTo(page, demoUser('admin', MUSTERSTADT).email, '/fahrzeuge');
    await linkTo(page, '/fahrzeuge/freigaben').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sonderfahrten freigeben' })).toBeVisible();
    await linkTo(page, '/fahrzeuge/fuehrerschein').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Führerscheinprüfung' })).toBeVisible();
  });
});

test('with vehicle booking off, the administration shows no vehicles card, menu entry or settings tab', async ({
  page,
}) => {
  // Bibliothek Beispielhausen has vehicle booking switched off (demo seed)
  await signInTo(page, demoUser('admin', BEISPIELHAUSEN).email, BEISPIELHAUSEN.startPage);
  await page.goto('/admin');
  const main = page.locator('#main-content');
  await expect(main.locator('a[href="/admin/benutzer"]')).toBeVisible();
  await expect(main.locator('a[href="/admin/raeume"]')).toBeVisible();
  await expect(page.locator('a[href="/admin/fahrzeuge"]')).toHaveCount(0);
  await expect(page.locator('a[href="/fahrzeuge/freigaben"]')).toHaveCount(0);
  await expect(page.locator('a[href="/fahrzeuge/fuehrerschein"]')).toHaveCount(0);
  await expect(page.locator('a[href="/fahrzeuge"]')).toHaveCount(0);

  await page.goto('/admin/einstellungen');
  await expect(page.getByRole('tab', { name: 'Leseraum', exact: true })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Fahrzeugbuchung', exact: true })).toHaveCount(0);

  await page.goto('/admin/fahrzeuge');
  await expect(page.getByText(TEXTS.pageNotFound)).toBeVisible();
  await page.goto('/fahrzeuge');
  await expect(page.getByText(TEXTS.pageNotFound)).toBeVisible();
});
