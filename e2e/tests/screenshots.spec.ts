/**
 * One full-page screenshot of each layout, kept under e2e/test-results/screenshots/ (E2E_OUTPUT_DIR) for a person to look at.
 * The journeys' assertions live in the other files; this one only checks that each page renders.
 */
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { demoUser, MUSTERSTADT } from '../support/demo.ts';
import { signInTo } from '../support/session.ts';

const shoot = async (page: Page, name: string) => {
  await page.waitForLoadState('networkidle');
  const dir = path.join(test.info().project.outputDir, 'screenshots');
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
};

test.describe('screenshots of every layout', () => {
  test('the public layouts are captured', async ({ page }) => {
    for (const [name, url] of [
      ['login', '/login'],
      ['public', '/public'],
      ['auth-recovery', '/auth/recovery'],
      ['impressum', '/impressum'],
    ] as const) {
      await page.goto(url);
      await expect(page.locator('body')).not.toBeEmpty();
      await shoot(page, name);
    }
  });

  test('the signed-in layouts of an administrator are captured', async ({ page }) => {
    await signInTo(page, demoUser('admin', MUSTERSTADT).email, MUSTERSTADT.startPage);
    for (const [name, url] of [
      ['fahrzeuge', '/fahrzeuge'],
      ['leseraum-karte', '/leseraum/karte'],
      ['leseraum-liste', '/leseraum/liste'],
      ['arbeitswelt-karte', '/arbeitswelt/karte'],
      ['user-passwort', '/leseraum/passwort'],
      ['admin', '/admin'],
      ['admin-benutzer', '/admin/benutzer'],
      ['admin-postausgang', '/admin/postausgang'],
      ['kiosk', '/kiosk'],
      ['not-found', '/gibt-es-nicht'],
    ] as const) {
      await page.goto(url);
      await expect(page.locator('body')).not.toBeEmpty();
      await shoot(page, name);
    }
  });

  test('the error layout is captured', async ({ page }) => {
    await signInTo(page, demoUser('mitarbeiter', MUSTERSTADT).email, MUSTERSTADT.startPage);
    await page.goto('/admin/benutzer');
    await expect(page.getByRole('button', { name: 'Reset Error' })).toBeVisible();
    await shoot(page, 'error');
  });

  test('the mobile layout is captured', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await signInTo(page, demoUser('mitarbeiter', MUSTERSTADT).email, MUSTERSTADT.startPage);
    await shoot(page, 'mobile-fahrzeuge');
  });
});
