import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
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
});
