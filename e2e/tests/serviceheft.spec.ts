import { expect, test } from '@playwright/test';
import { demoUser, MUSTERSTADT } from '../support/demo.ts';
import { signInTo } from '../support/session.ts';

test.describe('service book', () => {
  test('a fleet manager adds a service book entry in the vehicle detail and sees it in the list', async ({
    page,
  }) => {
    test.slow();
    await signInTo(page, demoUser('fuhrpark', MUSTERSTADT).email, MUSTERSTADT.startPage);
    await page.goto('/fahrzeuge');
    await page.getByRole('button', { name: 'Details zu MS-SW 102' }).click({ timeout: 30_000 });
    const detail = page.getByRole('dialog');
    const heft = detail.locator('section[aria-labelledby="serviceheft-titel"]');
    await expect(heft.getByRole('heading', { name: 'Serviceheft' })).toBeVisible({ timeout: 30_000 });
    await heft.getByRole('button', { name: 'Neuer Eintrag' }).click();
    const dialog = page.getByRole('dialog', { name: 'Neuer Eintrag' });
    const text = `Bremsbeläge vorne erneuert ${Date.now()}`;
    await dialog.getByRole('textbox', { name: 'Beschreibung' }).fill(text);
    await dialog.getByRole('textbox', { name: 'Von' }).fill('02.11.2026');
    await dialog.getByRole('textbox', { name: 'Bis' }).fill('03.11.2026');
    await dialog.getByRole('button', { name: 'Eintrag speichern' }).click();
    await expect(dialog).toBeHidden();
    const zeile = heft.getByRole('row').filter({ hasText: text });
    await expect(zeile).toBeVisible();
    await expect(zeile).toContainText('Wartung');
    await expect(zeile).toContainText('02.11.2026 – 03.11.2026');
  });
});
