import { expect, test } from '@playwright/test';
import { demoUser, MUSTERSTADT } from '../support/demo.ts';
import { signInTo } from '../support/session.ts';

test.use({ viewport: { width: 375, height: 740 } });

test('at 375px width the menu opens with a burger button', async ({ page }) => {
  await signInTo(page, demoUser('mitarbeiter', MUSTERSTADT).email, MUSTERSTADT.startPage);

  const burger = page.getByRole('button', { name: /^(Menü|Menu|Navigation)/i });
  await expect(burger).toBeVisible();
  await expect(burger).toHaveAttribute('aria-expanded', 'false');
  const navigation = page.locator(`[id="${await burger.getAttribute('aria-controls')}"]`);
  await expect(navigation).not.toBeInViewport();

  await burger.click();
  await expect(burger).toHaveAttribute('aria-expanded', 'true');
  await expect(navigation).toBeInViewport();
  await expect(navigation.locator('a[href="/fahrzeuge/uebersicht"]').first()).toBeInViewport();
});
