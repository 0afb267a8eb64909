/**
 * What only a browser shows (decisions 133 and 135): a typed day in the /fahrzeuge period filter stays on
 * Tab; a car the user may not book is marked as not bookable for them, not 'Frei'; a trip the system cancelled stays
 * in "Meine Buchungen" with its reason; a fleet manager's block is not "Ihre Buchung"; the hand entry of the logbook
 * starts with the business trip.
 */
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { demoUser, MUSTERSTADT } from '../support/demo.ts';
import { signInTo } from '../support/session.ts';

/** A Berlin calendar day `days` from today (`YYYY-MM-DD`). */
const tagIn = (days: number): string => {
  const heute = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());
  const day = new Date(`${heute}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
};
const deutsch = (iso: string) => iso.split('-').reverse().join('.');

/** The instant of a Berlin wall-clock time as ISO with its offset. */
const berlin = (tag: string, zeit: string): string => {
  const noon = new Date(`${tag}T12:00:00Z`);
  const offset = new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Berlin', timeZoneName: 'longOffset' })
    .formatToParts(noon)
    .find((p) => p.type === 'timeZoneName')!
    .value.replace('GMT', '');
  return `${tag}T${zeit}:00${offset || '+00:00'}`;
};

const anmelden = async (page: Page, rolle: 'mitarbeiter' | 'fuhrpark') =>
  signInTo(page, demoUser(rolle, MUSTERSTADT).email, MUSTERSTADT.startPage);

const fahrzeugId = async (page: Page, kennzeichen: string): Promise<string> => {
  const liste = (await (await page.request.get('/api/fahrzeuge')).json()) as {
    id: string;
    kennzeichen: string;
  }[];
  return liste.find((f) => f.kennzeichen === kennzeichen)!.id;
};

test.describe('the booking areas as their users found them', () => {
  test('a day typed into the period filter stays on Tab, and the calendar still opens', async ({ page }) => {
    await anmelden(page, 'mitarbeiter');
    await page.goto('/fahrzeuge');
    const vonTag = page.getByRole('textbox', { name: 'Von (Datum)' });
    await expect(vonTag).toBeVisible({ timeout: 30_000 });
    const tag = tagIn(9);
    await vonTag.click();
    await vonTag.pressSequentially(deutsch(tag));
    await page.keyboard.press('Tab');
    await expect(vonTag).toHaveValue(deutsch(tag));
    await expect(page).toHaveURL(new RegExp(`von=${tag}`));
    await expect(page.getByRole('textbox', { name: 'Bis (Datum)' })).toHaveValue(deutsch(tag));
    // the calendar opens beside the typing
    await vonTag.click();
    await expect(page.getByRole('button', { name: /\d{4}/ }).first()).toBeVisible();
  });

  test('a car the user may not book is marked as not bookable for them, not free', async ({ browser }) => {
    const fuhrpark = await (await browser.newContext()).newPage();
    await anmelden(fuhrpark, 'fuhrpark');
    const [standort] = (await (await fuhrpark.request.get('/api/admin/fahrzeuge/standorte')).json()) as {
      id: string;
    }[];
    const angelegt = await fuhrpark.request.post('/api/admin/fahrzeuge', {
      data: {
        standortId: standort!.id,
        marke: 'MAN',
        modell: 'Lion’s City',
        kennzeichen: 'MS-E2E 20',
        kategorie: 'Bus',
        fuehrerscheinklasse: 'D',
      },
    });
    expect(angelegt.status()).toBe(201);
    const bus = (await angelegt.json()) as { id: string };
    try {
      const context = await browser.newContext();
      const page = await context.newPage();
      await anmelden(page, 'mitarbeiter');
      const tag = tagIn(9);
      await page.goto(
        `/fahrzeuge?von=${encodeURIComponent(berlin(tag, '09:00'))}&bis=${encodeURIComponent(berlin(tag, '10:00'))}`,
      );
      const karte = page.locator('article[data-fahrzeug-id]').filter({ hasText: 'MS-E2E 20' });
      await expect(karte.getByText('Für Sie nicht buchbar', { exact: true })).toBeVisible({
        timeout: 30_000,
      });
      await expect(karte.getByText('Für dieses Fahrzeug ist die Führerscheinklasse D nötig.')).toBeVisible();
      await expect(karte.getByText('Frei', { exact: true })).toHaveCount(0);
      await page.setViewportSize({ width: 375, height: 800 });
      await karte.scrollIntoViewIfNeeded();
      await karte.screenshot({
        path: path.join(test.info().project.outputDir, 'screenshots', 'fahrzeug-nicht-fuer-mich-de-375.png'),
      });
      // "only free cars" leaves it out
      await page.getByRole('checkbox', { name: 'Nur freie Fahrzeuge' }).check();
      await expect(karte).toHaveCount(0);
      await context.close();
    } finally {
      await fuhrpark.request.delete(`/api/admin/fahrzeuge/${bus.id}`);
    }
  });

  test('a trip cancelled by a block stays in Meine Buchungen with its reason; the block is no "Ihre Buchung"', async ({
    browser,
  }) => {
    const tag = tagIn(11);
    const context = await browser.newContext();
    const page = await context.newPage();
    await anmelden(page, 'mitarbeiter');
    const id103 = await fahrzeugId(page, 'MS-SW 103');
    const gebucht = await page.request.post('/api/fahrzeug-buchungen', {
      data: { fahrzeugId: id103, von: berlin(tag, '09:00'), bis: berlin(tag, '10:00') },
    });
    expect(gebucht.status()).toBe(201);

    const fuhrpark = await (await browser.newContext()).newPage();
    await anmelden(fuhrpark, 'fuhrpark');
    const block = await fuhrpark.request.post('/api/fahrzeug-sperren', {
      data: { fahrzeugId: id103, typ: 'WARTUNG', von: berlin(tag, '08:00'), bis: berlin(tag, '12:00') },
    });
    expect(block.status(), await block.text()).toBe(201);
    const { sperre } = (await block.json()) as { sperre: { id: string } };
    try {
      await page.goto('/fahrzeuge');
      await page.getByRole('tab', { name: /Meine Buchungen/ }).click();
      const karte = page.locator('[data-buchung-id]').filter({ hasText: 'MS-SW 103' });
      await expect(karte.getByText('Storniert', { exact: true })).toBeVisible();
      await expect(karte.getByText('Grund: Storno wegen Wartung des Fahrzeugs.')).toBeVisible();
      await page.setViewportSize({ width: 375, height: 800 });
      await karte.screenshot({
        path: path.join(
          test.info().project.outputDir,
          'screenshots',
          'meine-buchungen-system-storno-de-375.png',
        ),
      });

      // the fleet manager's own block is listed as maintenance, without "Ihre Buchung"
      await fuhrpark.goto(`/fahrzeuge?fahrzeug=${id103}`);
      const drawer = fuhrpark.getByRole('dialog');
      const eintrag = drawer.getByRole('listitem').filter({ hasText: 'Wartung' });
      await expect(eintrag.first()).toBeVisible({ timeout: 30_000 });
      await expect(eintrag.getByText('Ihre Buchung')).toHaveCount(0);
    } finally {
      await fuhrpark.request.delete(`/api/fahrzeug-sperren/${sperre.id}`);
      await context.close();
    }
  });

  test('saving the simple window keeps the weekday rows; the dialog names their validity and warns before removing them', async ({
    page,
  }) => {
    await anmelden(page, 'fuhrpark');
    const vorher = (
      (await (await page.request.get('/api/admin/fahrzeuge')).json()) as {
        kennzeichen: string;
        oeffnungszeiten: unknown[];
        oeffnungszeitenGueltigVon: string | null;
      }[]
    ).find((f) => f.kennzeichen === 'MS-SW 101')!;
    expect(vorher.oeffnungszeiten).toHaveLength(7);
    await page.goto('/admin/fahrzeuge');
    await page.getByRole('button', { name: 'MS-SW 101 bearbeiten' }).click();
    const dialog = page.getByRole('dialog', { name: 'Fahrzeug MS-SW 101 bearbeiten' });
    if (vorher.oeffnungszeitenGueltigVon)
      await expect(dialog.getByText(`Gültig ab ${deutsch(vorher.oeffnungszeitenGueltigVon)}`)).toBeVisible();
    // switching the rows off says what saving would do; switched on again, nothing is lost
    const schalter = dialog.getByRole('switch', { name: 'Eigene Zeiten je Wochentag' });
    await schalter.uncheck();
    await expect(
      dialog.getByText(/Beim Speichern werden die gespeicherten Zeiten je Wochentag entfernt/),
    ).toBeVisible();
    await schalter.check();
    await expect(dialog.getByText(/Beim Speichern werden/)).toHaveCount(0);
    // save with only the simple window's end changed
    const bis = dialog.getByLabel('Bis', { exact: true });
    const alt = await bis.inputValue();
    await bis.fill('18:30');
    const gespeichert = page.waitForResponse(
      (r) => r.url().includes('/api/admin/fahrzeuge/') && r.request().method() === 'PUT',
    );
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    const antwort = (await (await gespeichert).json()) as { fahrzeug: { oeffnungszeiten: unknown[] } };
    expect(antwort.fahrzeug.oeffnungszeiten).toHaveLength(7);
    // back as it was
    await page.getByRole('button', { name: 'MS-SW 101 bearbeiten' }).click();
    await page
      .getByRole('dialog', { name: 'Fahrzeug MS-SW 101 bearbeiten' })
      .getByLabel('Bis', { exact: true })
      .fill(alt);
    const zurueck = page.waitForResponse(
      (r) => r.url().includes('/api/admin/fahrzeuge/') && r.request().method() === 'PUT',
    );
    await page
      .getByRole('dialog', { name: 'Fahrzeug MS-SW 101 bearbeiten' })
      .getByRole('button', { name: 'Speichern' })
      .click();
    expect((await zurueck).status()).toBe(200);
  });

  test('the hand entry of the logbook starts with the business trip', async ({ page }) => {
    await anmelden(page, 'fuhrpark');
    await page.goto(`/fahrzeuge?fahrzeug=${await fahrzeugId(page, 'MS-SW 101')}`);
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('tab', { name: 'Fahrtenbuch' }).click();
    await drawer.getByRole('button', { name: 'Neue Fahrt erfassen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Fahrt von Hand erfassen' });
    await expect(dialog.getByRole('combobox', { name: 'Art der Fahrt' })).toHaveValue('dienstlich');
    await expect(dialog.getByRole('combobox', { name: 'Art der Fahrt' })).toContainText('Dienstfahrt');
  });
});
