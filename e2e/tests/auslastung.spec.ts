/**
 * The office utilisation (decision 163): period and filters in the address, the figures with their tables, the
 * denominator's tooltip, at 1280 px and 375 px, in German and English. Screenshots go to the project's output
 * folder (screenshots/) for a person to look at. English is shown by answering /api/me with the language set to
 * English for this page only: the demo users that hold the right are shared with other journeys, whose language
 * must not change while they run.
 */
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import { demoUser, MUSTERSTADT } from '../support/demo.ts';
import { signInTo } from '../support/session.ts';

const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(test.info().project.outputDir, 'screenshots', name), fullPage: true });

const englisch = async (page: Page) => {
  await page.route('**/api/me', async (route) => {
    const response = await route.fetch();
    const me = await response.json();
    me.customizing.Sprache = { value: 'en', source: 'benutzer' };
    await route.fulfill({ response, json: me });
  });
};

// This journey answers /api/me itself (page.route); a request the service worker makes is not seen by page.route
// (Playwright's documented limit), and the worker reads /api/me for the offline shell (decision 244): the page runs
// without it here, as Playwright advises for routed pages.
test.use({ serviceWorkers: 'block' });

// A request the journey's route still answers when the journey ends (the app fetches again as the page closes) is
// dropped, not reported as an error of the run.
test.afterEach(async ({ page }) => {
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});

test.describe('office utilisation', () => {
  test('a fleet manager reads the utilisation of vehicles and places with its tables, in German and English', async ({
    page,
  }) => {
    test.slow();
    await signInTo(page, demoUser('admin', MUSTERSTADT).email, MUSTERSTADT.startPage);
    await page.goto('/admin');
    await page.getByRole('link', { name: 'Büroauslastung' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Büroauslastung' })).toBeVisible();
    await expect(page.getByText('Noch nicht verfügbar')).toHaveCount(0);
    // the period goes into the address
    await page.getByText('Quartal', { exact: true }).click();
    await expect(page).toHaveURL(/art=quartal/);
    await expect(
      page.getByText(/^Zeitraum \d{2}\.\d{2}\.\d{4} – \d{2}\.\d{2}\.\d{4}, verglichen mit/),
    ).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Lese- und Arbeitsplätze' })).toBeVisible();
    // the vehicles: the 90-day recommendation is always there, with the denominator's explanation
    await page.getByRole('tab', { name: 'Fahrzeuge' }).click();
    await expect(page).toHaveURL(/bereich=fahrzeuge/);
    await expect(page.getByRole('heading', { name: /Fahrzeuge unter 20 % \(90 Tage\)/ })).toBeVisible();
    const hilfe = page.getByRole('button', { name: /^Erklärung: Fahrzeuge unter der Schwelle/ });
    // the explanation is the button's accessible name (keyboard, screen reader) and its tooltip (pointer)
    await expect(hilfe).toHaveAccessibleName(/Buchbare Stunden/);
    await hilfe.hover();
    await expect(page.getByRole('tooltip')).toContainText('Buchbare Stunden');
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'auslastung-fahrzeuge-de-1280.png');
    await page.getByRole('tab', { name: 'Lese- und Arbeitsplätze' }).click();
    await expect(page.getByRole('combobox', { name: 'Buchungsmodus' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Wochentag × Stunde' })).toBeVisible({ timeout: 30_000 });
    await shot(page, 'auslastung-plaetze-de-1280.png');
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(page.getByRole('heading', { level: 1, name: 'Büroauslastung' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await shot(page, 'auslastung-plaetze-de-375.png');

    await englisch(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/admin/auslastung?bereich=fahrzeuge&art=jahr');
    await expect(page.getByRole('heading', { level: 1, name: 'Office utilisation' })).toBeVisible();
    await expect(page.getByRole('heading', { name: /Vehicles below 20 % \(90 days\)/ })).toBeVisible();
    await expect(page.getByText(/^Period \d{2}\.\d{2}\.\d{4} – /)).toBeVisible();
    await shot(page, 'auslastung-fahrzeuge-en-1280.png');
    await page.setViewportSize({ width: 375, height: 800 });
    await page.getByRole('tab', { name: 'Reading rooms and desks' }).click();
    await expect(page.getByRole('combobox', { name: 'Booking mode' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Weekday × hour' })).toBeVisible({ timeout: 30_000 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await shot(page, 'auslastung-plaetze-en-375.png');
  });
});
