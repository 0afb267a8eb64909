/**
 * The assistant's chat (decisions 178, 190, 219): a booker opens it from the header, asks for a car in words,
 * sees the exact reading in Berlin time, confirms with the keyboard and finds the booking in "Meine Buchungen".
 * The platform administrator switches the Chatbot on for Stadtwerke Musterstadt for this journey and restores
 * the tenant's switches afterwards; the journey cancels its booking at the end. A second journey does the same in
 * English (the user's language setting, reset afterwards).
 */
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import { demoUser, MUSTERSTADT } from '../support/demo.ts';
import { funktionenSetzen, type Schalter } from '../support/mandant.ts';
import { signInTo } from '../support/session.ts';

let schalter: Schalter | undefined;

test.beforeAll(async ({ playwright, baseURL }) => {
  schalter = await funktionenSetzen(playwright, baseURL, MUSTERSTADT.name, { Chatbot: true });
});

test.afterAll(async () => {
  await schalter?.zurueck();
});

test('a booker books a car through the chat at 375 px, confirms with the keyboard and sees it in Meine Buchungen', async ({
  page,
}) => {
  test.slow();
  await page.setViewportSize({ width: 375, height: 812 });
  await signInTo(page, demoUser('freigabe', MUSTERSTADT).email, MUSTERSTADT.startPage);

  // the header's entry fits beside the menu and the brand: nothing scrolls sideways at 375 px
  const knopf = page.getByRole('button', { name: 'Assistent', exact: true });
  await expect(knopf).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({
    path: path.join(test.info().project.outputDir, 'screenshots', 'assistent-kopf-375.png'),
  });
  await knopf.click();
  const panel = page.getByRole('dialog', { name: 'Assistent' });
  const eingabe = panel.getByRole('textbox', { name: 'Ihre Nachricht' });
  await expect(eingabe).toBeVisible();
  const verlauf = panel.getByRole('log', { name: 'Unterhaltung mit dem Assistenten' });
  await expect(verlauf).toHaveAttribute('aria-live', 'polite');

  // Enter sends; the reply repeats the exact reading in Berlin time and asks before it books
  await eingabe.fill('Ich brauche morgen von 9 bis 12 ein Auto');
  await eingabe.press('Enter');
  const lesung = verlauf.locator('[data-rolle="assistent"][data-art="bestaetigen"]');
  await expect(lesung).toContainText(
    /Assistent: Fahrzeug buchen, \w+, \d{2}\.\d{2}\.\d{4}, 09:00–12:00 Uhr \(Zeit in Berlin\)/,
    { timeout: 30_000 },
  );
  await expect(lesung.getByText(/^Vorschlag: /)).toBeVisible();
  await expect(verlauf.locator('[data-rolle="nutzer"]')).toContainText(
    'Sie: Ich brauche morgen von 9 bis 12 ein Auto',
  );
  const ja = lesung.getByRole('button', { name: 'Ja, buchen' });
  await expect(lesung.getByRole('button', { name: 'Abbrechen' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({
    path: path.join(test.info().project.outputDir, 'screenshots', 'assistent-375.png'),
  });
  const box = await panel.boundingBox();
  expect(box?.width ?? 0).toBeLessThanOrEqual(375);

  // keyboard only: focus "Ja, buchen" by tabbing back from the input, then Enter
  await eingabe.focus();
  for (let i = 0; i < 10 && !(await ja.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press('Shift+Tab');
  await expect(ja).toBeFocused();
  const gebucht = page.waitForResponse(
    (r) =>
      r.url().endsWith('/api/assistent/ausfuehren') &&
      r.request().postData()?.includes('"bestaetigt":true') === true,
  );
  await page.keyboard.press('Enter');
  const antwort = (await (await gebucht).json()) as { buchungId: string; ausgefuehrt: boolean };
  expect(antwort.ausgefuehrt).toBe(true);
  const ergebnis = verlauf.locator('[data-rolle="assistent"][data-art="ausgefuehrt"]');
  await expect(ergebnis).toContainText(/Gebucht: Fahrzeug buchen, .*09:00–12:00 Uhr/);

  // the link leads to "Meine Buchungen", where the booking is listed
  await ergebnis.getByRole('link', { name: 'Zur Buchung' }).click();
  await expect(panel).toBeHidden();
  await expect(page).toHaveURL(/\/fahrzeuge\?.*ansicht=buchungen/);
  const buchung = page.locator(`[data-buchung-id="${antwort.buchungId}"]`);
  await expect(buchung.getByText(/09:00 – 12:00/)).toBeVisible();
  await expect(buchung.getByText('Gebucht', { exact: true })).toBeVisible();

  // leave the demo as it was: the booker cancels
  await buchung.getByRole('button', { name: 'Stornieren' }).click();
  await page
    .getByRole('dialog', { name: 'Buchung stornieren' })
    .getByRole('button', { name: 'Stornieren' })
    .click();
  await expect(buchung).toHaveCount(0);
});

test('an English-speaking booker books a car through the chat and reads the reading in English', async ({
  page,
}) => {
  test.slow();
  await signInTo(page, demoUser('freigabe', MUSTERSTADT).email, MUSTERSTADT.startPage);
  const english = await page.request.put('/api/customizing/benutzer/Sprache', { data: { value: 'en' } });
  expect(english.status()).toBe(200);
  let buchungId: string | null = null;
  try {
    await page.reload();
    await page.getByRole('button', { name: 'Assistant', exact: true }).click();
    const panel = page.getByRole('dialog', { name: 'Assistant' });
    const verlauf = panel.getByRole('log', { name: 'Conversation with the assistant' });
    const eingabe = panel.getByRole('textbox', { name: 'Your message' });
    await eingabe.fill('I need a car tomorrow from 2pm to 5pm');
    await eingabe.press('Enter');
    const lesung = verlauf.locator('[data-rolle="assistent"][data-art="bestaetigen"]');
    await expect(lesung).toContainText(/Assistant: Book a vehicle, \w+, .*14:00–17:00 \(Berlin time\)/, {
      timeout: 30_000,
    });
    await expect(verlauf.locator('[data-rolle="nutzer"]')).toContainText(
      'You: I need a car tomorrow from 2pm to 5pm',
    );
    const gebucht = page.waitForResponse(
      (r) =>
        r.url().endsWith('/api/assistent/ausfuehren') &&
        r.request().postData()?.includes('"bestaetigt":true') === true,
    );
    await lesung.getByRole('button', { name: 'Yes, book' }).click();
    const antwort = (await (await gebucht).json()) as { buchungId: string; ausgefuehrt: boolean };
    expect(antwort.ausgefuehrt).toBe(true);
    buchungId = antwort.buchungId;
    const ergebnis = verlauf.locator('[data-rolle="assistent"][data-art="ausgefuehrt"]');
    await expect(ergebnis).toContainText(/Booked: Book a vehicle, .*14:00–17:00/);
    await expect(ergebnis.getByRole('link', { name: 'Go to the booking' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  } finally {
    // leave the demo as it was: the trip cancelled, the language back to the default
    if (buchungId) await page.request.post(`/api/fahrzeug-buchungen/${buchungId}/storno`, { data: {} });
    await page.request.put('/api/customizing/benutzer/Sprache', { data: { value: null } });
  }
});
