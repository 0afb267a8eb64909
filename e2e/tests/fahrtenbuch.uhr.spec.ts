/**
 * The logbook in the vehicle detail: a trip is made through the API (booking, check-in and check-out
 * with the server's clock moved into the trip, decision 059), then the fleet manager corrects its purpose in the
 * Logbook tab, sees old and new, and downloads the Excel and PDF exports, which contain the trip. Runs in the
 * `uhr` project and puts the clock back.
 */
import { execFileSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { werktagAb } from '../support/berlin.ts';
import { demoUser, MUSTERSTADT } from '../support/demo.ts';
import { switchLanguage } from '../support/language.ts';
import { signInTo } from '../support/session.ts';
import { fahrtUeberApi, uhrZurueck } from '../support/uhr.ts';

test.describe('logbook: correction and export (moved server clock)', () => {
  test.afterEach(uhrZurueck);

  test('the fleet manager corrects a trip’s purpose (old and new shown) and exports the logbook with the trip', async ({
    browser,
  }, testInfo) => {
    test.slow();
    const tag = werktagAb(8);
    const zweck = `Kundentermin Altstadt ${Date.now() % 100_000}`;
    const fahrerContext = await browser.newContext();
    const fahrer = await fahrerContext.newPage();
    await signInTo(fahrer, demoUser('mitarbeiter', MUSTERSTADT).email, MUSTERSTADT.startPage);
    const liste = (await (await fahrer.request.get('/api/fahrzeuge')).json()) as {
      id: string;
      kennzeichen: string;
    }[];
    const auto = liste.find((f) => f.kennzeichen === 'MS-SW 102')!;
    // the mileage continues above the car's last reading (fahrtenbuch-km.uhr.spec.ts drives the same car; a reading
    // taken from the clock, as before, was refused whenever it fell below that journey's)
    const { km } = await fahrtUeberApi(fahrer, {
      fahrzeugId: auto.id,
      tag,
      von: '14:00',
      bis: '15:00',
      zweck,
      kmBeginn: (letzter) => (letzter ?? 40_000) + 1,
      strecke: 27,
    });
    await fahrerContext.close();

    const context = await browser.newContext({ acceptDownloads: true });
    const page = await context.newPage();
    await signInTo(page, demoUser('fuhrpark', MUSTERSTADT).email, MUSTERSTADT.startPage);
    await page.goto(`/fahrzeuge?fahrzeug=${auto.id}`);
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('tab', { name: 'Fahrtenbuch' }).click();
    await drawer.getByLabel('Von', { exact: true }).fill(tag);
    await drawer.getByLabel('Bis', { exact: true }).fill(tag);
    const karte = drawer.getByTestId('fahrtenbuch-eintrag').filter({ hasText: zweck });
    await expect(karte).toBeVisible();
    await expect(karte.getByText('Unvollständig')).toHaveCount(0);

    await karte.getByRole('button', { name: 'Ergänzen / korrigieren' }).click();
    const dialog = page.getByRole('dialog', { name: 'Eintrag ergänzen oder korrigieren' });
    await dialog.getByLabel('Reisezweck').fill(`Abnahme ${zweck}`);
    await dialog.getByLabel('Grund der Korrektur').fill('Zweck präzisiert');
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await expect(dialog).toBeHidden();

    const korrigiert = drawer.getByTestId('fahrtenbuch-eintrag').filter({ hasText: `Abnahme ${zweck}` });
    await expect(korrigiert.getByText('Korrigiert', { exact: true })).toBeVisible();
    await korrigiert.getByRole('button', { name: 'Frühere Fassungen anzeigen (1)' }).click();
    const fassung = korrigiert.getByTestId('fassung');
    await expect(fassung.getByTestId('alt')).toHaveText(zweck);
    await expect(fassung.getByTestId('neu')).toHaveText(`Abnahme ${zweck}`);
    await expect(fassung.getByText('Grund: Zweck präzisiert')).toBeVisible();
    await expect(fassung.getByText(/korrigiert Fassung \d+ am .* von Thomas Becker/)).toBeVisible();

    await drawer.getByRole('button', { name: 'Hash-Kette prüfen' }).click();
    await expect(drawer.getByTestId('ketten-pruefung')).toContainText('Hash-Kette in Ordnung');

    // a trip by hand follows the check-in's rule (decision 092): starting at the last reading is refused, naming it
    await drawer.getByRole('button', { name: 'Neue Fahrt erfassen' }).click();
    const hand = page.getByRole('dialog', { name: 'Fahrt von Hand erfassen' });
    await hand.getByLabel('Beginn (Datum)').fill(tag);
    await hand.getByLabel('Beginn (Uhrzeit)').fill('15:10');
    await hand.getByLabel('Ende (Datum)').fill(tag);
    await hand.getByLabel('Ende (Uhrzeit)').fill('15:40');
    await hand.getByLabel('Kilometerstand Beginn').fill(String(km + 27));
    await hand.getByLabel('Kilometerstand Ende').fill(String(km + 40));
    await hand.getByLabel('Grund der Erfassung von Hand').fill('Nachgetragen');
    await hand.getByRole('button', { name: 'Speichern' }).click();
    await expect(hand.getByTestId('hand-km-fehler')).toHaveText(
      `Kilometerstand muss größer als ${km + 27} sein.`,
    );
    await hand.getByRole('button', { name: 'Abbrechen' }).click();
    await expect(hand).toBeHidden();

    const [xlsx] = await Promise.all([
      page.waitForEvent('download'),
      drawer.getByRole('button', { name: 'Excel exportieren' }).click(),
    ]);
    expect(xlsx.suggestedFilename()).toBe(`Fahrtenbuch_MS-SW-102_${tag}_${tag}.xlsx`);
    const xlsxPfad = testInfo.outputPath('fahrtenbuch.xlsx');
    await xlsx.saveAs(xlsxPfad);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(xlsxPfad);
    const zeilen: string[] = [];
    wb.getWorksheet('Fahrtenbuch')!.eachRow((r) => zeilen.push((r.values as unknown[]).join('|')));
    expect(zeilen.some((z) => z.includes(`Abnahme ${zweck}`) && z.includes('Stadtbau GmbH'))).toBe(true);
    const korrekturen: string[] = [];
    wb.getWorksheet('Korrekturen')!.eachRow((r) => korrekturen.push((r.values as unknown[]).join('|')));
    expect(korrekturen.some((z) => z.includes(zweck) && z.includes('Zweck präzisiert'))).toBe(true);

    const [pdf] = await Promise.all([
      page.waitForEvent('download'),
      drawer.getByRole('button', { name: 'PDF exportieren' }).click(),
    ]);
    const pdfPfad = testInfo.outputPath('fahrtenbuch.pdf');
    await pdf.saveAs(pdfPfad);
    const text = execFileSync('pdftotext', ['-layout', pdfPfad, '-'], { encoding: 'utf8' });
    expect(text).toContain('MS-SW 102');
    // the original version and the correction (the table shortens long texts; the Excel file has them whole)
    expect(text).toContain(zweck);
    expect(text).toContain('Abnahme Kundentermin');
    expect(text).toContain('Grund: Zweck präzisiert');

    // how it looks: desktop and phone, German and English
    await page.screenshot({ path: testInfo.outputPath('fahrtenbuch-desktop-de.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: testInfo.outputPath('fahrtenbuch-phone-de.png') });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/fahrzeuge');
    await switchLanguage(page, 'en');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/fahrzeuge?fahrzeug=${auto.id}`);
    await page.getByRole('dialog').getByRole('tab', { name: 'History' }).click();
    await page.screenshot({ path: testInfo.outputPath('historie-phone-en.png') });
    await page.getByRole('dialog').getByRole('tab', { name: 'Logbook' }).click();
    await page.getByRole('dialog').getByLabel('From', { exact: true }).fill(tag);
    await page.getByRole('dialog').getByLabel('To', { exact: true }).fill(tag);
    // the entry itself: its earlier versions (mounted, folded) carry the same text
    await expect(
      page
        .getByRole('dialog')
        .getByTestId('fahrtenbuch-eintrag')
        .filter({ hasText: `Abnahme ${zweck}` }),
    ).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('fahrtenbuch-phone-en.png') });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/fahrzeuge');
    await switchLanguage(page, 'de');
    await context.close();
  });
});
