import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';

test('when a newer build is deployed, the app offers a reload', async ({ page }) => {
  // A deploy replaces builds/latest.json; the running app compares it with the build it was loaded from.
  let deployed = false;
  await page.route('**/builds/latest.json', async (route) => {
    if (!deployed) return route.continue();
    await route.fulfill({
      json: { buildId: '99991231235959999-newbuild', builtAt: new Date().toISOString() },
      headers: { 'cache-control': 'no-cache' },
    });
  });
  await page.clock.install();
  // The first check runs at start; polling begins once it is answered.
  const firstCheck = page.waitForResponse('**/builds/latest.json');
  await page.goto('/login');
  await firstCheck;
  await expect(page.getByLabel(/^Benutzername\b/)).toBeVisible();
  await expect(page.getByText('Neue Version verfügbar')).toHaveCount(0);

  deployed = true;
  await page.clock.fastForward('01:05');

  const notice = page.getByRole('alert').filter({ hasText: 'Neue Version verfügbar' });
  await expect(notice).toBeVisible();
  await expect(notice.getByRole('button', { name: 'Neu laden' })).toBeVisible();

  await page.clock.runFor(2000); // let the notice finish its entrance transition
  expect(await seriousViolations(page, '.mantine-Notifications-root')).toEqual([]);

  const reloaded = page.waitForEvent('load');
  await notice.getByRole('button', { name: 'Neu laden' }).click();
  await reloaded;
});
