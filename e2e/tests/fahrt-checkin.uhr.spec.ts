/**
 * Check-in and check-out of a vehicle trip on a phone (decision 064): the journey books its own trip
 * through the API, moves the server's clock into the trip (PUT /api/test/uhr, decision 059), checks in (a lower
 * mileage is refused at the field), checks out with a damage and its photo; the administrator's mailbox lists the
 * damage mail to the fleet manager. Runs in the `uhr` project and puts the clock back.
 */
import { expect, test } from '@playwright/test';
import { berlin, werktagIn } from '../support/berlin.ts';
import { DEMO_PASSWORD, demoUser, MUSTERSTADT } from '../support/demo.ts';
import { signInTo } from '../support/session.ts';
import { setServerClock, uhrZurueck } from '../support/uhr.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const KENNZEICHEN = 'MS-SW 103';

test.describe('vehicle check-in and check-out (moved server clock)', () => {
  test.describe.configure({ mode: 'serial' });
  test.afterEach(uhrZurueck);

  test('a booker checks in on a phone, a lower mileage is refused, checks out with a damage and a photo; the mailbox lists the damage mail', async ({
    page,
    browser,
  }) => {
    test.slow();
    await page.setViewportSize({ width: 390, height: 844 });
    const tag = werktagIn(3);
    const booker = demoUser('mitarbeiter', MUSTERSTADT);
    await signInTo(page, booker.email, booker.startPage);
    const origin = new URL(page.url()).origin;
    const fahrzeuge = (await (await page.request.get('/api/fahrzeuge')).json()) as {
      id: string;
      kennzeichen: string;
    }[];
    const auto = fahrzeuge.find((f) => f.kennzeichen === KENNZEICHEN);
    expect(auto).toBeDefined();
    const gebucht = await page.request.post('/api/fahrzeug-buchungen', {
      headers: { origin },
      data: {
        fahrzeugId: auto!.id,
        von: berlin(tag, '09:00'),
        bis: berlin(tag, '10:00'),
        anlass: 'Zählerablesung Nord',
        zielAdresse: 'Nordring 5, Musterstadt',
      },
    });
    expect(gebucht.status(), await gebucht.text()).toBe(201);
    const { id } = (await gebucht.json()) as { id: string };

    // 1. check-in, 5 minutes before the start
    await setServerClock(page, berlin(tag, '08:55'));
    await page.goto('/fahrzeuge');
    await page.getByRole('tab', { name: /Meine Buchungen/ }).click();
    const karte = page.locator(`[data-buchung-id="${id}"]`);
    await karte.getByRole('button', { name: 'Check-in' }).click();
    const dialog = page.getByRole('dialog', { name: new RegExp(`Check-in: .*${KENNZEICHEN}`) });
    await expect(dialog).toBeVisible();
    const km = dialog.getByRole('textbox', { name: /Kilometerstand/ });
    const vorschlag = Number((await km.inputValue()) || '0');
    if (vorschlag > 0) {
      // a reading not above the last one is refused at the field, naming the last reading (decision 092)
      await km.fill(String(vorschlag));
      await dialog.getByRole('textbox', { name: /Tankfüllung/ }).fill('80');
      await dialog.getByRole('combobox', { name: /Sauberkeit innen/ }).click();
      await page.getByRole('option', { name: 'sauber', exact: true }).click();
      await dialog.getByRole('combobox', { name: /Sauberkeit außen/ }).click();
      await page.getByRole('option', { name: 'sauber', exact: true }).click();
      await dialog.getByRole('button', { name: 'Check-in' }).click();
      await expect(dialog.getByText(`Kilometerstand muss größer als ${vorschlag} sein.`)).toBeVisible();
    } else {
      await dialog.getByRole('textbox', { name: /Tankfüllung/ }).fill('80');
      await dialog.getByRole('combobox', { name: /Sauberkeit innen/ }).click();
      await page.getByRole('option', { name: 'sauber', exact: true }).click();
      await dialog.getByRole('combobox', { name: /Sauberkeit außen/ }).click();
      await page.getByRole('option', { name: 'sauber', exact: true }).click();
    }
    // the server refuses a lower reading too, with the same message at the field
    const start = vorschlag > 0 ? vorschlag + 1 : 20_000;
    await km.fill(String(start));
    await dialog.getByRole('button', { name: 'Check-in' }).click();
    await expect(dialog).toBeHidden();
    await expect(karte.getByText('Unterwegs')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('check-in-fertig-390.png'), fullPage: true });

    // 2. check-out with a damage and its photo
    await setServerClock(page, berlin(tag, '09:45'));
    await page.reload();
    await page.getByRole('tab', { name: /Meine Buchungen/ }).click();
    await karte.getByRole('button', { name: 'Check-out' }).click();
    const aus = page.getByRole('dialog', { name: new RegExp(`Check-out: .*${KENNZEICHEN}`) });
    await expect(aus).toBeVisible();
    const kmAus = aus.getByRole('textbox', { name: /Kilometerstand/ });
    await kmAus.fill(String(start - 1));
    await aus.getByRole('textbox', { name: /Tankfüllung/ }).fill('70');
    await aus.getByRole('combobox', { name: /Sauberkeit innen/ }).click();
    await page.getByRole('option', { name: 'sauber', exact: true }).click();
    await aus.getByRole('combobox', { name: /Sauberkeit außen/ }).click();
    await page.getByRole('option', { name: 'leicht verschmutzt', exact: true }).click();
    await aus.getByRole('combobox', { name: /Abstellplatz/ }).click();
    await page.getByRole('option', { name: 'P4', exact: true }).click();
    await aus.getByRole('button', { name: 'Schaden hinzufügen' }).click();
    const schaden = aus.getByRole('group', { name: 'Schaden 1' });
    await schaden.getByRole('combobox', { name: /Stelle am Fahrzeug/ }).click();
    await page.getByRole('option', { name: 'Hinten', exact: true }).click();
    await schaden.getByRole('textbox', { name: /Beschreibung/ }).fill('Delle an der Heckklappe (e2e)');
    await schaden
      .locator('input[type="file"]')
      .setInputFiles({ name: 'delle.png', mimeType: 'image/png', buffer: PNG });
    await page.screenshot({ path: test.info().outputPath('check-out-dialog-390.png'), fullPage: true });
    await aus.getByRole('button', { name: 'Check-out' }).click();
    // the reading is lower than the check-in's: it must be at least that (0 km is a trip), decision 092
    await expect(aus.getByText(`Kilometerstand muss mindestens ${start} sein.`)).toBeVisible();
    await kmAus.fill(String(start + 42));
    await aus.getByRole('button', { name: 'Check-out' }).click();
    await expect(aus).toBeHidden();

    // 3. the administrator's mailbox lists the damage mail to the fleet manager
    const adminContext = await browser.newContext();
    try {
      const admin = await adminContext.newPage();
      const adminUser = demoUser('admin', MUSTERSTADT);
      await signInTo(admin, adminUser.email, adminUser.startPage, DEMO_PASSWORD);
      await admin.goto('/admin/postausgang');
      const row = admin
        .getByRole('row')
        .filter({ hasText: demoUser('fuhrpark', MUSTERSTADT).email })
        .filter({ hasText: `Schaden gemeldet: ${KENNZEICHEN}` })
        .first();
      await expect(row).toBeVisible();
      await row.getByRole('button').first().click();
      const mail = admin.getByRole('dialog');
      await expect(mail).toContainText('Schaden (hinten): Delle an der Heckklappe (e2e)');
      await expect(mail).toContainText('/api/dateien/');
    } finally {
      await adminContext.close();
    }
  });
  test('the next driver checks in from the vehicle page and sees the open damage with its photo; the dialog in English on a desktop window', async ({
    page,
  }) => {
    test.slow();
    const tag = werktagIn(3);
    const booker = demoUser('mitarbeiter', MUSTERSTADT);
    await signInTo(page, booker.email, booker.startPage);
    const origin = new URL(page.url()).origin;
    const fahrzeuge = (await (await page.request.get('/api/fahrzeuge')).json()) as {
      id: string;
      kennzeichen: string;
    }[];
    const gebucht = await page.request.post('/api/fahrzeug-buchungen', {
      headers: { origin },
      data: {
        fahrzeugId: fahrzeuge.find((f) => f.kennzeichen === KENNZEICHEN)!.id,
        von: berlin(tag, '13:00'),
        bis: berlin(tag, '14:00'),
        anlass: 'Rückfahrt',
        zielAdresse: 'Betriebshof',
      },
    });
    expect(gebucht.status(), await gebucht.text()).toBe(201);
    await setServerClock(page, berlin(tag, '12:50'));
    const english = await page.request.put('/api/customizing/benutzer/Sprache', {
      headers: { origin },
      data: { value: 'en' },
    });
    expect(english.status()).toBe(200);
    try {
      // this time from the vehicle's page: its detail offers the user's own trip that can be checked in
      const spaeter = `von=${encodeURIComponent(berlin(tag, '16:00'))}&bis=${encodeURIComponent(berlin(tag, '17:00'))}`;
      await page.goto(`/fahrzeuge?${spaeter}`);
      await page
        .locator('article[data-fahrzeug-id]')
        .filter({ hasText: KENNZEICHEN })
        .getByRole('button', { name: /^Details of/ })
        .click();
      const eigene = page.locator('[aria-label="Your trip with this vehicle"]');
      await expect(eigene).toBeVisible();
      await eigene.getByRole('button', { name: 'Check in' }).click();
      const dialog = page.getByRole('dialog', { name: new RegExp(`Check-in: .*${KENNZEICHEN}`) });
      await expect(dialog.getByText('Known open damage')).toBeVisible();
      await expect(dialog.getByText('Delle an der Heckklappe (e2e)')).toBeVisible();
      await expect(dialog.getByRole('img', { name: 'Photo: Delle an der Heckklappe (e2e)' })).toBeVisible();
      await expect(dialog.getByRole('textbox', { name: /Mileage/ })).not.toHaveValue('');
      await page.screenshot({ path: test.info().outputPath('check-in-en-desktop.png') });
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    } finally {
      await page.request.put('/api/customizing/benutzer/Sprache', {
        headers: { origin },
        data: { value: null },
      });
    }
  });
  test('the fleet manager marks the damage repaired in the vehicle detail; it leaves the list', async ({
    page,
  }) => {
    await signInTo(page, demoUser('fuhrpark', MUSTERSTADT).email, MUSTERSTADT.startPage);
    const fahrzeuge = (await (await page.request.get('/api/fahrzeuge')).json()) as {
      id: string;
      kennzeichen: string;
    }[];
    const auto = fahrzeuge.find((f) => f.kennzeichen === KENNZEICHEN)!;
    await page.goto(`/fahrzeuge?fahrzeug=${auto.id}`);
    const schaeden = page.getByRole('region', { name: 'Offene Schäden' });
    await expect(schaeden.getByText('Delle an der Heckklappe (e2e)')).toBeVisible();
    await schaeden.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath('offene-schaeden.png') });
    await schaeden
      .getByRole('button', { name: 'Als behoben markieren: Delle an der Heckklappe (e2e)' })
      .click();
    const frage = page.getByRole('dialog', { name: 'Schaden behoben?' });
    await expect(frage).toContainText('wird beim Check-in nicht mehr angezeigt');
    await frage.getByRole('button', { name: 'Behoben' }).click();
    await expect(frage).toBeHidden();
    await expect(schaeden.getByText('Delle an der Heckklappe (e2e)')).toBeHidden();
  });
});
