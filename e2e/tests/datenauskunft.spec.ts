/**
 * "Meine Daten" (decision 200): a person downloads everything stored about them from their settings, as PDF and
 * JSON, at 375 px, in German and English. Screenshots go to the project's output folder (screenshots/). English is
 * shown by answering /api/me with the language set to English for this page only (shared demo user).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
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

test('a person downloads their own data as PDF and JSON from their settings, in German and English', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signInTo(page, demoUser('mitarbeiter', MUSTERSTADT).email, MUSTERSTADT.startPage);
  await page.goto('/einstellungen');
  const bereich = page.getByRole('region', { name: 'Meine Daten' });
  await expect(bereich).toBeVisible();
  const pdfLink = bereich.getByRole('link', { name: 'Als PDF herunterladen' });
  const [pdf] = await Promise.all([page.waitForEvent('download'), pdfLink.click()]);
  expect(pdf.suggestedFilename()).toMatch(/^datenauskunft-.*\.pdf$/);
  const [json] = await Promise.all([
    page.waitForEvent('download'),
    bereich.getByRole('link', { name: 'Maschinenlesbar herunterladen (JSON)' }).click(),
  ]);
  const inhalt = JSON.parse(readFileSync(await json.path(), 'utf8'));
  expect(inhalt.person.email).toBe(demoUser('mitarbeiter', MUSTERSTADT).email);
  await bereich.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await shot(page, 'datenauskunft-de-375.png');

  await page.route('**/api/me', async (route) => {
    const response = await route.fetch();
    const me = await response.json();
    me.customizing.Sprache = { value: 'en', source: 'benutzer' };
    await route.fulfill({ response, json: me });
  });
  await page.goto('/einstellungen');
  const en = page.getByRole('region', { name: 'My data' });
  await expect(en.getByRole('link', { name: 'Download as PDF' })).toBeVisible();
  await en.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await shot(page, 'datenauskunft-en-375.png');
});

test('an administrator downloads the two data protection documents and a user’s data access report', async ({
  page,
}) => {
  const admin = demoUser('admin', MUSTERSTADT);
  const person = demoUser('mitarbeiter', MUSTERSTADT);
  await signInTo(page, admin.email, MUSTERSTADT.startPage);
  await page.goto('/admin/einstellungen');
  const dokumente = page.getByRole('region', { name: 'Datenschutz-Dokumente' });
  const [blatt] = await Promise.all([
    page.waitForEvent('download'),
    dokumente.getByRole('link', { name: 'Datenblatt für den Betriebsrat (PDF)' }).click(),
  ]);
  expect(blatt.suggestedFilename()).toBe('betriebsrat.pdf');
  expect(
    readFileSync(await blatt.path())
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
  const [verzeichnis] = await Promise.all([
    page.waitForEvent('download'),
    dokumente.getByRole('link', { name: 'Verzeichnis der Verarbeitungstätigkeiten (PDF)' }).click(),
  ]);
  expect(verzeichnis.suggestedFilename()).toBe('verarbeitungsverzeichnis.pdf');

  await page.goto(`/admin/benutzer?q=${encodeURIComponent(person.email)}`);
  await page.getByRole('button', { name: new RegExp(`^${person.email} bearbeiten$`) }).click();
  const auskunft = page.getByRole('region', { name: 'Datenauskunft' });
  const [json] = await Promise.all([
    page.waitForEvent('download'),
    auskunft.getByRole('link', { name: 'Als JSON herunterladen' }).click(),
  ]);
  expect(JSON.parse(readFileSync(await json.path(), 'utf8')).person.email).toBe(person.email);

  // the GDPR erasure's confirmation (decision 235) says per category what will happen; the shared demo user is not
  // erased: the plain delete is answered with its 409 here, and the dialog is left with "Abbrechen"
  await page.route('**/api/admin/benutzer/*', (route) =>
    route.request().method() === 'DELETE'
      ? route.fulfill({
          status: 409,
          json: {
            error: { code: 'benutzer.hat_buchungen', message: 'Der Benutzer hat Buchungen.', params: {} },
          },
        })
      : route.fallback(),
  );
  let geloescht = false;
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/loeschung')) geloescht = true;
  });
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: `${person.email} löschen` }).click();
  await page
    .getByRole('dialog', { name: 'Benutzer löschen' })
    .getByRole('button', { name: 'Löschen', exact: true })
    .click();
  await page.getByRole('button', { name: 'Nach DSGVO löschen …' }).click();
  const dialog = page.getByRole('dialog', { name: 'Benutzer nach DSGVO löschen' });
  const plan = dialog.getByRole('table', { name: 'Was mit den Daten geschieht' });
  const fahrtenbuch = plan.getByRole('row', { name: /Fahrtenbuch/ });
  await expect(fahrtenbuch).toContainText('behalten');
  await expect(fahrtenbuch).toContainText('§ 147 AO');
  await expect(plan.getByRole('row', { name: /Fahrzeugbuchungen/ })).toContainText('anonymisiert');
  await expect(dialog.getByRole('button', { name: 'Endgültig löschen' })).toBeVisible();
  await shot(page, 'dsgvo-loeschung-de.png');
  await dialog.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(dialog).toBeHidden();
  expect(geloescht).toBe(false);
});
