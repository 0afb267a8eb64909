/**
 * The unmet vehicle demand in the vehicle utilisation (decision 246): the chart by hour with its text summary, its
 * table alternative reached by keyboard, the tables per location and category, at 1280 px and 375 px, axe clean.
 * The demo data holds no search that found every car taken, and making one would block the shared fleet for the
 * other journeys, so the figures are put into the server's real answer (page.route); the screen is the real one.
 * Screenshots go to the project's output folder (screenshots/).
 */
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import { demoUser, MUSTERSTADT } from '../support/demo.ts';
import { signInTo } from '../support/session.ts';

const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(test.info().project.outputDir, 'screenshots', name), fullPage: true });

const NACHFRAGE = {
  gesamt: 7,
  vorperiode: 2,
  standorte: [{ schluessel: 'a', bezeichnung: 'Betriebshof Nord', anzahl: 7 }],
  kategorien: [
    { schluessel: 'Kombi', bezeichnung: 'Kombi', anzahl: 5 },
    { schluessel: 'Transporter', bezeichnung: 'Transporter', anzahl: 2 },
  ],
  tage: [{ tag: '2026-11-02', anzahl: 7 }],
  stunden: Array.from({ length: 24 }, (_, stunde) => ({
    stunde,
    anzahl: stunde === 8 ? 4 : stunde === 9 ? 2 : stunde === 14 ? 1 : 0,
  })),
};

// This journey answers /api/auslastung/fahrzeuge itself (page.route), which the service worker would not let it see.
test.use({ serviceWorkers: 'block' });

// A request the journey's route still answers when the journey ends (the app fetches again as the page closes) is
// dropped, not reported as an error of the run.
test.afterEach(async ({ page }) => {
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});

test('the vehicle utilisation shows the unmet demand by hour with its summary and table, at 1280 and 375 px', async ({
  page,
}) => {
  test.slow();
  await page.route('**/api/auslastung/fahrzeuge*', async (route) => {
    const response = await route.fetch();
    const daten = await response.json();
    await route.fulfill({ response, json: { ...daten, nachfrage: NACHFRAGE } });
  });
  await signInTo(page, demoUser('admin', MUSTERSTADT).email, MUSTERSTADT.startPage);
  await page.goto('/admin/auslastung?bereich=fahrzeuge&art=monat');
  const karte = page.locator('.mantine-Paper-root', {
    has: page.getByRole('heading', { name: 'Ungedeckte Nachfrage nach Stunde' }),
  });
  await expect(karte).toBeVisible();
  await expect(karte).toContainText(
    '7 Suchen fanden kein freies Fahrzeug (Vorperiode: 2). Am häufigsten: 08:00 (4).',
  );
  await expect(page.getByRole('heading', { name: 'Ungedeckte Nachfrage je Standort' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Ungedeckte Nachfrage je Kategorie' })).toBeVisible();
  await expect(page.getByText('Reine Zählung ohne Personenbezug', { exact: false })).toBeVisible();
  await karte.scrollIntoViewIfNeeded();
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'auslastung-nachfrage-de-1280.png');

  // the table alternative, by keyboard
  const umschalter = karte.getByRole('button', { name: 'Als Tabelle' });
  await umschalter.focus();
  await page.keyboard.press('Enter');
  await expect(karte.getByRole('button', { name: 'Als Diagramm' })).toHaveAttribute('aria-expanded', 'true');
  const tabelle = karte.getByRole('table');
  await expect(tabelle.getByRole('row')).toHaveCount(4);
  await expect(tabelle).toContainText('08:00');

  await page.setViewportSize({ width: 375, height: 800 });
  await karte.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await shot(page, 'auslastung-nachfrage-de-375.png');
});
