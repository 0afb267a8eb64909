/**
 * The evaluation (decision 195): period in the address, every figure with the period before and its denominator,
 * the kilometres chart with its summary and table, the downloads, at 1280 px and 375 px, in German and English.
 * English is shown by answering /api/me with the language set to English for this page only (the demo
 * administrator is shared with other journeys).
 */
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import { demoUser, MUSTERSTADT } from '../support/demo.ts';
import { signInTo } from '../support/session.ts';

const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(test.info().project.outputDir, 'screenshots', name), fullPage: true });

// This journey answers /api/me itself (page.route); a request the service worker makes is not seen by page.route
// (Playwright's documented limit), and the worker reads /api/me for the offline shell (decision 244): the page runs
// without it here, as Playwright advises for routed pages.
test.use({ serviceWorkers: 'block' });

// A request the journey's route still answers when the journey ends (the app fetches again as the page closes) is
// dropped, not reported as an error of the run.
test.afterEach(async ({ page }) => {
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});

test.describe('evaluation', () => {
  test('an administrator reads the evaluation of a year with its comparison and downloads, in German and English', async ({
    page,
  }) => {
    test.slow();
    await signInTo(page, demoUser('admin', MUSTERSTADT).email, MUSTERSTADT.startPage);
    await page.goto('/admin');
    await page.getByRole('link', { name: 'Auswertung' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Auswertung' })).toBeVisible();
    await expect(page.getByText('Noch nicht verfügbar')).toHaveCount(0);
    await page.getByText('Jahr', { exact: true }).click();
    await expect(page).toHaveURL(/art=jahr/);
    await expect(page.getByRole('heading', { name: 'Kennzahlen' })).toBeVisible();
    await expect(page.getByRole('cell', { name: /Schäden: Schäden gemeldet/ })).toBeVisible();
    await expect(page.getByRole('link', { name: 'CSV herunterladen' })).toHaveAttribute(
      'href',
      /\/api\/auswertung\/export\?art=jahr.*format=csv/,
    );
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'CSV herunterladen' }).click();
    expect((await download).suggestedFilename()).toMatch(/^auswertung-\d{4}-01-01-\d{4}-12-31\.csv$/);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'auswertung-de-1280.png');
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(page.getByRole('heading', { level: 1, name: 'Auswertung' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await shot(page, 'auswertung-de-375.png');

    await page.route('**/api/me', async (route) => {
      const response = await route.fetch();
      const me = await response.json();
      me.customizing.Sprache = { value: 'en', source: 'benutzer' };
      await route.fulfill({ response, json: me });
    });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/admin/auswertung?art=jahr');
    await expect(page.getByRole('heading', { level: 1, name: 'Evaluation' })).toBeVisible();
    await expect(page.getByRole('cell', { name: /Damages: Damages reported/ })).toBeVisible();
    await shot(page, 'auswertung-en-1280.png');
    await page.setViewportSize({ width: 375, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await shot(page, 'auswertung-en-375.png');
  });
});
