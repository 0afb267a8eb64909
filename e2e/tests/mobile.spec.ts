import { expect, test } from '@playwright/test';
import { demoUser, MUSTERSTADT } from '../support/demo.ts';
import { signInTo } from '../support/session.ts';

test.use({ viewport: { width: 375, height: 740 } });

test('at 375px width the menu opens with a burger button', async ({ page }) => {
  await signInTo(page, demoUser('mitarbeiter', MUSTERSTADT).email, MUSTERSTADT.startPage);

  const navigation = page.getByRole('navigation').first();
  await expect(navigation).not.toBeInViewport();

  await page.getByRole('button', { name: /^(Menü|Menu|Navigation)/i }).click();
  await expect(navigation).toBeInViewport();
  await expect(navigation.locator('a[href="/fahrzeuge/uebersicht"]').first()).toBeInViewport();
});
