import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import { expectCaptchaSolved } from '../support/captcha.ts';
import { BEISPIELHAUSEN, demoUser, MUSTERSTADT } from '../support/demo.ts';
import { signInTo } from '../support/session.ts';

test.describe('accessibility', () => {
  test('the login page has no serious or critical axe-core violations', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByLabel(/^Benutzername\b/)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the vehicle start page has no serious or critical axe-core violations', async ({ page }) => {
    await signInTo(page, demoUser('mitarbeiter', MUSTERSTADT).email, MUSTERSTADT.startPage);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the reading-room start page has no serious or critical axe-core violations', async ({ page }) => {
    await signInTo(page, demoUser('mitarbeiter', BEISPIELHAUSEN).email, BEISPIELHAUSEN.startPage);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the public layouts have no serious or critical axe-core violations', async ({ page }) => {
    for (const path of ['/auth/recovery', '/public', '/kiosk']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // the recovery form's security check is checked once it has settled (it solves itself on load)
      if (path === '/auth/recovery') await expectCaptchaSolved(page);
      expect(await seriousViolations(page), path).toEqual([]);
    }
  });

  // one test per group of pages: nine pages with axe in one test ran over the minute on a loaded machine
  const signedInLayouts = {
    'the administration': ['/admin', '/admin/einstellungen', '/admin/postausgang'],
    'the other signed-in layouts': ['/leseraum/passwort', '/arbeitswelt/karte', '/gibt-es-nicht'],
  };
  for (const [name, paths] of Object.entries(signedInLayouts)) {
    test(`${name} has no serious or critical axe-core violations`, async ({ page }) => {
      await signInTo(page, demoUser('admin', MUSTERSTADT).email, MUSTERSTADT.startPage);
      for (const path of paths) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        expect(await seriousViolations(page), path).toEqual([]);
      }
    });
  }

  test('the error screen has no serious or critical axe-core violations', async ({ page }) => {
    await signInTo(page, demoUser('mitarbeiter', MUSTERSTADT).email, MUSTERSTADT.startPage);
    await page.goto('/admin/benutzer');
    await expect(page.getByRole('button', { name: 'Reset Error' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the opened mobile menu has no serious or critical axe-core violations', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await signInTo(page, demoUser('mitarbeiter', BEISPIELHAUSEN).email, BEISPIELHAUSEN.startPage);
    await page.getByRole('button', { name: /^(Menü|Menu)/ }).click();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
