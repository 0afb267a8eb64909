/**
 * Correcting a trip's mileage in the logbook (decision 092): a trip is made through the API (the
 * server's clock moved into it, decision 059), then the fleet manager corrects its end reading in the Logbook
 * tab with a reason and sees old and new, at desktop width and at 375 px, in German and English (screenshots).
 * Runs in the `uhr` project and puts the clock back.
 */
import { expect, test } from '@playwright/test';
import { werktagAb } from '../support/berlin.ts';
import { demoUser, MUSTERSTADT } from '../support/demo.ts';
import { switchLanguage } from '../support/language.ts';
import { signInTo } from '../support/session.ts';
import { fahrtUeberApi, uhrZurueck } from '../support/uhr.ts';

test.describe('logbook: mileage correction (moved server clock)', () => {
  test.afterEach(uhrZurueck);

  test('the fleet manager corrects a trip’s end reading with a reason; old and new are shown (de, en, 375 px)', async ({
    browser,
  }, testInfo) => {
    test.slow();
    const tag = werktagAb(9);
    const zweck = `Kilometerkorrektur ${Date.now() % 100_000}`;
    const fahrerContext = await browser.newContext();
    const fahrer = await fahrerContext.newPage();
    await signInTo(fahrer, demoUser('mitarbeiter', MUSTERSTADT).email, MUSTERSTADT.startPage);
    const liste = (await (await fahrer.request.get('/api/fahrzeuge')).json()) as {
      id: string;
      kennzeichen: string;
    }[];
    const auto = liste.find((f) => f.kennzeichen === 'MS-SW 102')!;
    // above the car's last reading (another journey may have driven it)
    const { km } = await fahrtUeberApi(fahrer, {
      fahrzeugId: auto.id,
      tag,
      von: '10:00',
      bis: '11:00',
      zweck,
      kmBeginn: (letzter) => (letzter ?? 60_000) + 1,
      strecke: 72,
    });
    await fahrerContext.close();

    const context = await browser.newContext();
    const page = await context.newPage();
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInTo(page, demoUser('fuhrpark', MUSTERSTADT).email, MUSTERSTADT.startPage);
    const oeffne = async (tab: string, von: string, bis: string) => {
      await page.goto(`/fahrzeuge?fahrzeug=${auto.id}`);
      const drawer = page.getByRole('dialog');
      await drawer.getByRole('tab', { name: tab }).click();
      await drawer.getByLabel(von, { exact: true }).fill(tag);
      await drawer.getByLabel(bis, { exact: true }).fill(tag);
      return drawer;
    };
    let drawer = await oeffne('Fahrtenbuch', 'Von', 'Bis');
    const karte = drawer.getByTestId('fahrtenbuch-eintrag').filter({ hasText: zweck });
    await expect(karte).toBeVisible();
    await karte.getByRole('button', { name: 'Ergänzen / korrigieren' }).click();
    const dialog = page.getByRole('dialog', { name: 'Eintrag ergänzen oder korrigieren' });
    await dialog.getByRole('textbox', { name: 'Kilometerstand Ende' }).fill(String(km + 27));
    await expect(dialog.getByTestId('km-korrektur')).toContainText(
      `bisher ${km.toLocaleString('de-DE')} → ${(km + 72).toLocaleString('de-DE')} km, neu ${km.toLocaleString('de-DE')} → ${(km + 27).toLocaleString('de-DE')} km`,
    );
    // without a reason the server refuses
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await expect(dialog.getByText('Bitte geben Sie an, warum der Eintrag korrigiert wird.')).toBeVisible();
    await dialog.getByLabel('Grund der Korrektur').fill('Zahlendreher beim Ablesen');
    await page.screenshot({ path: testInfo.outputPath('km-korrektur-dialog-desktop-de.png') });
    await page.setViewportSize({ width: 375, height: 812 });
    await page.screenshot({ path: testInfo.outputPath('km-korrektur-dialog-375-de.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await expect(dialog).toBeHidden();

    const korrigiert = drawer.getByTestId('fahrtenbuch-eintrag').filter({ hasText: zweck });
    await expect(korrigiert.getByText(`${(km + 27).toLocaleString('de-DE')} km (27 km)`)).toBeVisible();
    await korrigiert.getByRole('button', { name: 'Frühere Fassungen anzeigen (1)' }).click();
    const fassung = korrigiert.getByTestId('fassung');
    await expect(fassung.getByTestId('alt')).toHaveText(`${(km + 72).toLocaleString('de-DE')} km`);
    await expect(fassung.getByTestId('neu')).toHaveText(`${(km + 27).toLocaleString('de-DE')} km`);
    await expect(fassung.getByText('Grund: Zahlendreher beim Ablesen')).toBeVisible();
    await drawer.getByRole('button', { name: 'Hash-Kette prüfen' }).click();
    await expect(drawer.getByTestId('ketten-pruefung')).toContainText('Hash-Kette in Ordnung');
    await page.screenshot({ path: testInfo.outputPath('km-korrektur-desktop-de.png') });
    await page.setViewportSize({ width: 375, height: 812 });
    await page.screenshot({ path: testInfo.outputPath('km-korrektur-375-de.png'), fullPage: true });

    // English, at 375 px and at desktop width
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/fahrzeuge');
    await switchLanguage(page, 'en');
    await page.setViewportSize({ width: 375, height: 812 });
    drawer = await oeffne('Logbook', 'From', 'To');
    const en = drawer.getByTestId('fahrtenbuch-eintrag').filter({ hasText: zweck });
    await en.getByRole('button', { name: /earlier version/i }).click();
    await expect(en.getByTestId('fassung').getByTestId('neu')).toHaveText(
      `${(km + 27).toLocaleString('en')} km`,
    );
    await page.screenshot({ path: testInfo.outputPath('km-korrektur-375-en.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: testInfo.outputPath('km-korrektur-desktop-en.png') });
    await page.goto('/fahrzeuge');
    await switchLanguage(page, 'de');
    await context.close();
  });
});
