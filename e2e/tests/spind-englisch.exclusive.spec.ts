/**
 * Booking a place with a locker in English on a phone (decisions 216, 223): Officelocker is switched on for
 * Bibliothek Beispielhausen by the platform administrator and back afterwards (exclusive journey). The employee
 * switches to English, books a place for the next working day at 375 px with "Add a locker", reads the locker in the
 * confirmation and under "My locker", and the place's cancellation gives the locker back. The language is set back
 * to German at the end.
 */
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { naechsterWerktag } from '../support/berlin.ts';
import { BEISPIELHAUSEN, demoUser } from '../support/demo.ts';
import { switchLanguage } from '../support/language.ts';
import { apiAls, funktionenSetzen, type Schalter } from '../support/mandant.ts';
import { signInTo } from '../support/session.ts';

const bank = `Lobby ${Date.now().toString(36)}`;
test.use({ viewport: { width: 375, height: 800 } });

let schalter: Schalter | undefined;

test.beforeAll(async ({ playwright, baseURL }) => {
  schalter = await funktionenSetzen(playwright, baseURL, BEISPIELHAUSEN.name, { Officelocker: true });
  const pflege = await apiAls(playwright, baseURL, demoUser('fuhrpark', BEISPIELHAUSEN).email);
  const [plan] = (await (await pflege.get('/api/grundrisse?bereich=leseraum')).json()) as {
    standort: { id: string };
  }[];
  const angelegt = await pflege.post('/api/spindbanken', {
    data: { standortId: plan!.standort.id, name: bank, anzahl: 1, groesse: 'M' },
  });
  expect(angelegt.status()).toBe(201);
  await pflege.dispose();
});

test.afterAll(async () => {
  await schalter?.zurueck();
});

/** Nothing in the main area is wider than the 375 px phone. */
const passtAufsTelefon = (page: Page) =>
  expect
    .poll(() =>
      page
        .locator('main *')
        .evaluateAll((els) => els.filter((e) => e.getBoundingClientRect().right > 376).map((e) => e.tagName)),
    )
    .toEqual([]);

test('an English-speaking employee books a place with a locker on a phone', async ({ page }) => {
  const shots = path.join(test.info().project.outputDir, 'screenshots');
  const tag = naechsterWerktag();
  await signInTo(page, demoUser('mitarbeiter', BEISPIELHAUSEN).email, BEISPIELHAUSEN.startPage);
  // the language switch sits in the header at desktop width (on a phone it is inside the closed menu)
  await page.setViewportSize({ width: 1280, height: 900 });
  await switchLanguage(page, 'en');
  await page.setViewportSize({ width: 375, height: 800 });
  let buchungId: string | undefined;
  try {
    await page.goto(`/leseraum/karte?tag=${tag}`);
    await page.getByRole('button', { name: /^Platz 18,/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Platz 18' });
    const box = dialog.getByRole('checkbox', { name: 'Add a locker' });
    await box.check();
    await expect(dialog.getByRole('radio', { name: 'M' })).toBeChecked();
    await page.screenshot({ path: path.join(shots, 'platz-mit-spind-en-375.png'), fullPage: true });
    const antwort = page.waitForResponse(
      (r) => r.url().endsWith('/api/leseraum-buchungen') && r.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: 'Put on hold' }).click();
    const buchung = (await (await antwort).json()) as { id: string; spind: { nummer: string; bank: string } };
    buchungId = buchung.id;
    // the nearest free locker of the size: this journey's bank, or one another locker journey left on the location
    expect(buchung.spind.nummer).toBeTruthy();
    await expect(
      page.getByText(`Locker ${buchung.spind.nummer} (${buchung.spind.bank}) is booked for the same period.`),
    ).toBeVisible();
    await page.screenshot({ path: path.join(shots, 'platz-mit-spind-gebucht-en-375.png'), fullPage: true });

    // "My locker" names it, in English, fitting the phone
    await page.goto('/officelocker');
    await expect(page.getByRole('heading', { level: 1, name: 'My locker' })).toBeVisible();
    const karte = page.getByTestId('mein-spind-karte').filter({ hasText: buchung.spind.bank });
    await expect(karte.getByRole('heading', { name: `Locker ${buchung.spind.nummer}` })).toBeVisible();
    await passtAufsTelefon(page);
    await page.screenshot({ path: path.join(shots, 'mein-spind-en-375.png'), fullPage: true });
  } finally {
    // the place's cancellation gives the locker back; German again for the other journeys
    if (buchungId) {
      const storno = await page.request.post(`/api/leseraum-buchungen/${buchungId}/storno`, {
        data: {},
        headers: { origin: new URL(page.url()).origin },
      });
      expect(storno.status()).toBe(200);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await switchLanguage(page, 'de');
  }
});
