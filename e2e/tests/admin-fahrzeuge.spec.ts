import { expect, type Page, test } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import { demoUser, MUSTERSTADT } from '../support/demo.ts';
import { signInTo } from '../support/session.ts';

/** A Berlin calendar day `days` from today as `YYYY-MM-DD`. */
const dayFromToday = (days: number): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(
    new Date(Date.now() + days * 86_400_000),
  );

/** A Berlin wall-clock time on that day as ISO 8601 with offset (the server works in Europe/Berlin). */
const berlinIso = (day: string, time: string): string => {
  // the offset of Europe/Berlin on that day at noon (+01:00 or +02:00)
  const probe = new Date(`${day}T12:00:00Z`);
  const berlinNoon = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Berlin',
    hour: '2-digit',
    hourCycle: 'h23',
  }).format(probe);
  const offset = Number(berlinNoon) - 12;
  return `${day}T${time}:00+0${offset}:00`;
};

const fleet = demoUser('fahrzeugpflege', MUSTERSTADT);
const booker = demoUser('mitarbeiter', MUSTERSTADT);

const fillField = async (page: Page, label: string, value: string) => {
  const escaped = label.replace(/[()]/g, '\\$&');
  const field = page.getByRole('dialog').getByLabel(new RegExp(`^${escaped}( \\*)?$`));
  await field.fill(value);
};

test('a fleet caretaker adds, edits and deactivates a vehicle; the preview lists the booking it cancels', async ({
  page,
  browser,
  baseURL,
}) => {
  // a long journey (two users, several dialogs) on a shared machine
  test.slow();
  const plate = `MS-E ${String(Date.now()).slice(-4)}`;
  await signInTo(page, fleet.email, fleet.startPage);
  await page.goto('/admin/fahrzeuge');
  await expect(page.getByRole('heading', { name: 'Fahrzeugverwaltung', level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Fahrzeuge' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // add: the mandatory fields are checked at the field first
  await page.getByRole('button', { name: 'Fahrzeug anlegen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Neues Fahrzeug' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(dialog.getByText('Bitte alle Pflichtfelder ausfüllen.')).toBeVisible();
  await fillField(page, 'Marke', 'Cupra');
  await fillField(page, 'Modell', 'Born');
  await fillField(page, 'Kennzeichen', plate);
  await fillField(page, 'Kategorie', 'Kompaktklasse');
  await dialog.getByLabel(/^Lokation( \*)?$/).click();
  await page.getByRole('option', { name: 'Betriebshof Nord' }).click();
  await fillField(page, 'Leistung (kW)', '150');
  await fillField(page, 'Sitze', '5');
  await dialog.getByLabel('Klimaanlage').check();
  await fillField(page, 'Gültig von', 'morgen');
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(
    dialog.getByText('Das Datum morgen ist ungültig. Bitte im Format TT.MM.JJJJ angeben.'),
  ).toBeVisible();
  await fillField(page, 'Gültig von', '');
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: plate });
  await expect(row).toContainText('Cupra Born');
  await expect(row).toContainText('Aktiv');

  // edit: a change that cancels nothing saves without asking
  await page.getByRole('button', { name: `${plate} bearbeiten` }).click();
  const edit = page.getByRole('dialog', { name: `Fahrzeug ${plate} bearbeiten` });
  await fillField(page, 'Farbe', 'Aurora-Blau');
  await edit.getByRole('button', { name: 'Speichern' }).click();
  await expect(edit).toBeHidden();
  await page.getByRole('searchbox', { name: 'Suche' }).fill('aurora');
  await expect(page.getByRole('row').filter({ hasText: plate })).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(2);
  await page.getByRole('searchbox', { name: 'Suche' }).fill('');

  // a booker books the new car the day after tomorrow
  const bookerContext = await browser.newContext();
  try {
    const bookerPage = await bookerContext.newPage();
    await signInTo(bookerPage, booker.email, booker.startPage);
    const vehicles = (await (await bookerPage.request.get('/api/fahrzeuge')).json()) as {
      id: string;
      kennzeichen: string;
    }[];
    const car = vehicles.find((v) => v.kennzeichen === plate);
    expect(car).toBeDefined();
    const day = dayFromToday(2);
    const booked = await bookerPage.request.post('/api/fahrzeug-buchungen', {
      headers: { origin: baseURL ?? '' },
      data: { fahrzeugId: car!.id, von: berlinIso(day, '09:00'), bis: berlinIso(day, '11:00') },
    });
    expect(booked.status(), await booked.text()).toBe(201);
  } finally {
    await bookerContext.close();
  }

  // deactivate: the confirmation lists the booking and the reason before anything is cancelled
  await expect(row.getByRole('cell').nth(6)).toHaveText('1');
  await page.getByRole('button', { name: `${plate} deaktivieren` }).click();
  const confirm = page.getByRole('dialog', { name: '1 Buchung wird storniert' });
  await expect(confirm).toBeVisible();
  await expect(confirm.getByRole('list', { name: 'Betroffene Buchungen' })).toContainText('Lena Hoffmann');
  await expect(confirm).toContainText('Storno, weil Fahrzeug deaktiviert wurde.');
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  await confirm.getByRole('button', { name: 'Deaktivieren' }).click();
  await expect(confirm).toBeHidden();
  await expect(row).toContainText('Deaktiviert');
  await expect(row.getByRole('cell').nth(6)).toHaveText('0');
  // it was booked, so it can only be deactivated, never deleted
  await expect(page.getByRole('button', { name: `${plate} löschen` })).toHaveCount(0);
});

test('on a phone the vehicles are cards and the dialog fills the screen', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
  try {
    const page = await context.newPage();
    await signInTo(page, fleet.email, fleet.startPage);
    await page.goto('/admin/fahrzeuge');
    const list = page.getByRole('list', { name: 'Fahrzeuge' });
    await expect(list.getByRole('listitem').filter({ hasText: 'MS-SW 101' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Fahrzeuge' })).toHaveCount(0);
    await page.getByRole('button', { name: 'MS-SW 101 bearbeiten' }).click();
    await expect(page.getByRole('dialog', { name: 'Fahrzeug MS-SW 101 bearbeiten' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  } finally {
    await context.close();
  }
});
