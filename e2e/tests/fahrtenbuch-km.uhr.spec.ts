/**
 * Correcting a trip's mileage in the logbook (decision 092): a trip is made through the API (the
 * server's clock moved into it, decision 059), then the fleet manager corrects its end reading in the Logbook
 * tab with a reason and sees old and new, at desktop width and at 375 px, in German and English (screenshots).
 * Runs in the `uhr` project and puts the clock back.
 */
import { expect, type Page, test } from '@playwright/test';
import { demoUser, MUSTERSTADT } from '../support/demo.ts';
import { switchLanguage } from '../support/language.ts';
import { signInTo } from '../support/session.ts';

/** A weekday (Mon–Fri) at least 9 days ahead in Berlin, not a Christmas holiday: inside the booking window. */
const fahrtTag = (): string => {
  const heute = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());
  const day = new Date(`${heute}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 9);
  for (;;) {
    const key = day.toISOString().slice(0, 10);
    const weekday = day.getUTCDay();
    if (weekday >= 1 && weekday <= 5 && !key.endsWith('-12-25') && !key.endsWith('-12-26')) return key;
    day.setUTCDate(day.getUTCDate() + 1);
  }
};

/** `HH:mm` on `day` in Berlin as an instant with its offset. */
const berlin = (day: string, time: string): string => {
  for (const offset of ['+01:00', '+02:00']) {
    const iso = `${day}T${time}:00${offset}`;
    const shown = new Intl.DateTimeFormat('de-DE', {
      timeZone: 'Europe/Berlin',
      hour: '2-digit',
      minute: '2-digit',
    }).format(new Date(iso));
    if (shown === time) return iso;
  }
  throw new Error(`no Berlin offset for ${day} ${time}`);
};

const setServerClock = async (page: Page, jetzt: string | null) => {
  const response = await page.request.put('/api/test/uhr', { data: { jetzt } });
  expect(response.status()).toBe(200);
};

test.describe('logbook: mileage correction (moved server clock)', () => {
  test.afterEach(async ({ request }) => {
    await request.put('/api/test/uhr', { data: { jetzt: null } });
  });

  test('the fleet manager corrects a trip’s end reading with a reason; old and new are shown (de, en, 375 px)', async ({
    browser,
  }, testInfo) => {
    test.slow();
    const tag = fahrtTag();
    const zweck = `Kilometerkorrektur ${Date.now() % 100_000}`;
    const fahrerContext = await browser.newContext();
    const fahrer = await fahrerContext.newPage();
    await signInTo(fahrer, demoUser('mitarbeiter', MUSTERSTADT).email, MUSTERSTADT.startPage);
    const liste = (await (await fahrer.request.get('/api/fahrzeuge')).json()) as {
      id: string;
      kennzeichen: string;
    }[];
    const auto = liste.find((f) => f.kennzeichen === 'MS-SW 102')!;
    const buchung = await fahrer.request.post('/api/fahrzeug-buchungen', {
      data: {
        fahrzeugId: auto.id,
        von: new Date(berlin(tag, '10:00')).toISOString(),
        bis: new Date(berlin(tag, '11:00')).toISOString(),
        anlass: zweck,
        zielAdresse: 'Marktplatz 1, Musterstadt',
      },
    });
    expect(buchung.status(), await buchung.text()).toBe(201);
    const { id } = (await buchung.json()) as { id: string };
    const ablesung = {
      tankfuellung: 60,
      sauberkeitAussen: 'sauber',
      sauberkeitInnen: 'sauber',
      schaeden: [],
    };
    await setServerClock(fahrer, berlin(tag, '09:55'));
    const vorlage = (await (await fahrer.request.get(`/api/fahrzeug-buchungen/${id}/check-in`)).json()) as {
      kilometerstand: number | null;
    };
    // above the car's last reading (another journey may have driven it)
    const km = (vorlage.kilometerstand ?? 60_000) + 1;
    const ein = await fahrer.request.post(`/api/fahrzeug-buchungen/${id}/check-in`, {
      data: { ...ablesung, kilometerstand: km },
    });
    expect(ein.status(), await ein.text()).toBe(200);
    await setServerClock(fahrer, berlin(tag, '10:50'));
    const aus = await fahrer.request.post(`/api/fahrzeug-buchungen/${id}/check-out`, {
      data: {
        ...ablesung,
        abstellplatz: 'P1',
        kilometerstand: km + 72,
        fahrt: { art: 'dienstlich', partner: 'Stadtbau GmbH' },
      },
    });
    expect(aus.status(), await aus.text()).toBe(200);
    await setServerClock(fahrer, berlin(tag, '12:00'));
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
