import { expect, type Page, test } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import { DEDICATED, demoUser, MUSTERSTADT, TEXTS } from '../support/demo.ts';
import { signInTo } from '../support/session.ts';

/** The Berlin calendar day `days` from today, `YYYY-MM-DD`. */
const berlinDay = (days = 0) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Berlin',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(Date.now() + days * 86_400_000));

/** `HH:mm` on a Berlin day as an ISO instant with the day's offset. */
const berlinInstant = (day: string, hhmm: string) => {
  const noon = new Date(`${day}T12:00:00Z`);
  const offset =
    new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Berlin', timeZoneName: 'longOffset' })
      .formatToParts(noon)
      .find((p) => p.type === 'timeZoneName')
      ?.value.replace('GMT', '') || '+00:00';
  return `${day}T${hhmm}:00${offset}`;
};

const germanDate = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`;

const rowOf = (page: Page, name: string) => page.getByTestId('fuehrerschein-zeile').filter({ hasText: name });

test.describe('licence checks', () => {
  test.describe.configure({ mode: 'serial' });

  test('a user whose check lapsed is refused booking through the API with the message', async ({ page }) => {
    await signInTo(page, DEDICATED.lapsedLicence.email, DEDICATED.lapsedLicence.startPage);
    const origin = new URL(page.url()).origin;
    const fahrzeuge = (await (await page.request.get('/api/fahrzeuge')).json()) as { id: string }[];
    expect(fahrzeuge.length).toBeGreaterThan(0);
    const tomorrow = berlinDay(1);
    const response = await page.request.post('/api/fahrzeug-buchungen', {
      headers: { origin },
      data: {
        fahrzeugId: fahrzeuge[0]!.id,
        von: berlinInstant(tomorrow, '09:00'),
        bis: berlinInstant(tomorrow, '10:00'),
      },
    });
    expect(response.status()).toBe(422);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error).toMatchObject({
      code: 'fuehrerschein.pruefung_abgelaufen',
      message: TEXTS.pruefungAbgelaufen,
    });
  });

  test('the licence checker records the check and sees the state change', async ({ page }) => {
    test.slow(); // signs in twice and walks through the list, the dialog and the menu count
    const admin = demoUser('admin', MUSTERSTADT);
    await signInTo(page, admin.email, admin.startPage);
    // the menu counts the checks to act on
    const menuEntry = page.getByRole('link', {
      name: /^Führerscheinprüfung\s*\d+ Prüfungen mit Handlungsbedarf$/,
    });
    await expect(menuEntry).toBeVisible();
    await menuEntry.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Führerscheinprüfung' })).toBeVisible();

    // filter: needs action, then search
    await page.getByRole('searchbox', { name: 'Suche' }).fill('Krause');
    await expect(page).toHaveURL(/suche=Krause/);
    const uwe = rowOf(page, 'Uwe Krause');
    await expect(uwe).toHaveCount(1);
    await expect(page.getByTestId('fuehrerschein-zeile')).toHaveCount(1);
    await expect(uwe.getByText('Überfällig', { exact: true })).toBeVisible();

    // the list itself (the menu's active entry is the shared layout's)
    expect(await seriousViolations(page, '#main-content')).toEqual([]);

    await uwe.getByRole('button', { name: 'Prüfung für Uwe Krause erfassen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Führerscheinprüfung: Uwe Krause' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('Claudia Wagner')).toBeVisible();
    await expect(dialog.getByText(germanDate(berlinDay()))).toBeVisible();
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
    // the original must have been seen
    await dialog.getByRole('button', { name: 'Prüfung speichern' }).click();
    await expect(
      dialog.getByText('Bitte bestätigen Sie, dass das Original des Führerscheins vorgelegen hat.'),
    ).toBeVisible();
    await dialog.getByRole('checkbox', { name: 'Das Original des Führerscheins hat vorgelegen' }).check();
    await dialog.getByRole('button', { name: 'Prüfung speichern' }).click();
    await expect(page.getByText('Prüfung für Uwe Krause gespeichert.')).toBeVisible({ timeout: 30_000 });
    await expect(dialog).toHaveCount(0);

    await expect(uwe.getByText('Aktuell', { exact: true })).toBeVisible();
    await expect(uwe.getByText(`${germanDate(berlinDay())} · Claudia Wagner`)).toBeVisible();

    // the state filter "overdue" no longer lists him
    await page.getByRole('searchbox', { name: 'Suche' }).fill('');
    await page.getByRole('combobox', { name: 'Stand der Prüfung' }).click();
    await page.getByRole('option', { name: 'Überfällig' }).click();
    await expect(page).toHaveURL(/stand=ueberfaellig/);
    await expect(rowOf(page, 'Uwe Krause')).toHaveCount(0);
  });

  test('the licence check lets the driver book again (no licence refusal)', async ({ page }) => {
    await signInTo(page, DEDICATED.lapsedLicence.email, DEDICATED.lapsedLicence.startPage);
    const fahrer = (await (await page.request.get('/api/fahrzeug-buchungen/fahrer')).json()) as {
      name: string;
    }[];
    expect(fahrer.map((f) => f.name)).toEqual(['Uwe Krause']);
  });
});
