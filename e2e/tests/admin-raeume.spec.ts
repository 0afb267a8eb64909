import { expect, type Page, test } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import { naechsterWerktag } from '../support/berlin.ts';
import { BEISPIELHAUSEN, demoUser } from '../support/demo.ts';
import { switchLanguage } from '../support/language.ts';
import { expectPath, signInTo, submitLogin } from '../support/session.ts';

const PLAN_SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="500" viewBox="0 0 800 500">' +
    '<rect width="800" height="500" fill="#f8f9fa" stroke="#495057" stroke-width="4"/>' +
    '<text x="20" y="40" font-size="24">Galerie</text></svg>',
);

/** A place on the editor's plan, by its accessible name "<name>, Position x, y". */
const aufPlan = (page: Page, name: string) =>
  page.getByRole('button', { name: new RegExp(`^${name}, Position`) });
const position = async (page: Page, name: string) => {
  const g = aufPlan(page, name);
  return { x: Number(await g.getAttribute('data-x')), y: Number(await g.getAttribute('data-y')) };
};

test('rooms admin: a plan with an SVG, places moved by keyboard and drag, QR sheet, deactivation with its bookings', async ({
  page,
  baseURL,
}) => {
  test.slow();
  const api = (method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown) =>
    page.request.fetch(path, { method, data, headers: { origin: baseURL! } });
  await signInTo(page, demoUser('admin', BEISPIELHAUSEN).email, BEISPIELHAUSEN.startPage);
  await page.goto('/admin/raeume');
  await expect(page.getByRole('heading', { level: 1, name: 'Räume' })).toBeVisible();
  await expect(page.getByTestId('grundriss-zeile').filter({ hasText: 'Lesesaal Erdgeschoss' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // A new plan with its SVG.
  await page.getByRole('button', { name: 'Neuer Grundriss' }).click();
  const planDialog = page.getByRole('dialog', { name: 'Neuer Grundriss' });
  await planDialog.getByLabel('Bezeichnung').fill('E2E Galerie');
  await planDialog.getByLabel('Beschreibung').fill('Obergeschoss, Westflügel');
  await planDialog
    .locator('input[type="file"]')
    .setInputFiles({ name: 'galerie.svg', mimeType: 'image/svg+xml', buffer: PLAN_SVG });
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  await planDialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(planDialog).toBeHidden();
  await expect(page).toHaveURL(/grundriss=/);
  const grundrissId = new URL(page.url()).searchParams.get('grundriss')!;
  await expect(page.getByRole('img', { name: 'Plan E2E Galerie' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Plätze auf E2E Galerie' })).toBeVisible();

  // Open on weekdays, so it can be booked.
  const tage = [0, 1, 2, 3, 4, 5, 6].map((wochentag) => ({
    wochentag,
    von: '08:00',
    bis: '18:00',
    geoeffnet: wochentag >= 1 && wochentag <= 5,
  }));
  expect((await api('PUT', `/api/admin/grundrisse/${grundrissId}/oeffnungszeiten`, { tage })).status()).toBe(
    200,
  );

  // Two places through the seat dialog; a new place lands in the middle of the plan.
  for (const name of ['G1', 'G2']) {
    await page.getByRole('button', { name: 'Platz hinzufügen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Neuer Platz' });
    await dialog.getByLabel('Bezeichnung').fill(name);
    if (name === 'G1') {
      await dialog.getByLabel('Ersthelfer').check();
      await dialog.getByLabel('Bedingungen').fill('Ruhiger Bereich');
      expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
    }
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await expect(dialog).toBeHidden();
    await expect(aufPlan(page, name)).toBeVisible();
  }
  expect(await position(page, 'G1')).toEqual({ x: 400, y: 250 });

  // Keyboard: arrows move by 5, with Shift by 25; the position is saved and survives a reload.
  await aufPlan(page, 'G1').focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Shift+ArrowDown');
  await expect(aufPlan(page, 'G1')).toHaveAttribute('data-x', '410');
  await expect(aufPlan(page, 'G1')).toHaveAttribute('data-y', '275');
  await expect(page.getByText('G1 liegt jetzt bei 410, 275.')).toBeAttached();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Plätze auf E2E Galerie' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(aufPlan(page, 'G1')).toHaveAttribute('data-x', '410', { timeout: 30_000 });
  expect(await position(page, 'G1')).toEqual({ x: 410, y: 275 });

  // Drag G2 by 120 screen pixels to the right and 60 up: the plan coordinates follow the plan's scale.
  // The place must be on the screen for the mouse to reach it.
  await aufPlan(page, 'G2').scrollIntoViewIfNeeded();
  const svg = page.locator('svg[aria-label="Plätze auf dem Plan"]');
  const scale = (await svg.boundingBox())!.width / 800;
  const box = (await aufPlan(page, 'G2').boundingBox())!;
  const vorher = await position(page, 'G2');
  const start = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(start.x + 60, start.y - 30, { steps: 5 });
  await page.mouse.move(start.x + 120, start.y - 60, { steps: 5 });
  await page.mouse.up();
  await expect.poll(async () => (await position(page, 'G2')).x).toBeCloseTo(vorher.x + 120 / scale, -1);
  const gezogen = await position(page, 'G2');
  expect(gezogen.y).toBeCloseTo(vorher.y - 60 / scale, -1);
  const plaetze = (await (
    await api('GET', `/api/admin/raeume/grundrisse/${grundrissId}/plaetze`)
  ).json()) as {
    id: string;
    bezeichnung: string;
    position: { x: number; y: number };
  }[];
  await expect
    .poll(async () => {
      const list = (await (
        await api('GET', `/api/admin/raeume/grundrisse/${grundrissId}/plaetze`)
      ).json()) as typeof plaetze;
      return list.find((p) => p.bezeichnung === 'G2')!.position;
    })
    .toEqual(gezogen);
  const g1 = plaetze.find((p) => p.bezeichnung === 'G1')!;
  const g2 = plaetze.find((p) => p.bezeichnung === 'G2')!;
  expect(await seriousViolations(page)).toEqual([]);

  // The booking map shows both places at their new positions.
  const tag = naechsterWerktag();
  await page.goto(`/leseraum/karte?grundriss=${grundrissId}&tag=${tag}`);
  await expect(page.locator(`g[data-platz-id="${g1.id}"]`)).toHaveAttribute(
    'transform',
    'translate(410 275)',
  );
  await expect(page.locator(`g[data-platz-id="${g2.id}"]`)).toHaveAttribute(
    'transform',
    `translate(${gezogen.x} ${gezogen.y})`,
  );

  // The QR sheet: one code per place, each opening the place on the map of the area with check-in.
  await page.goto(`/admin/raeume?grundriss=${grundrissId}`);
  await page.getByRole('button', { name: 'QR-Codes' }).click();
  await expect(page.getByRole('heading', { name: 'QR-Codes: E2E Galerie' })).toBeVisible();
  await expect(page.getByTestId('qr-karte')).toHaveCount(2);
  const urls = await page
    .locator('svg[data-qr-url]')
    .evaluateAll((els) =>
      els.map((e) => (e as unknown as { getAttribute(n: string): string }).getAttribute('data-qr-url')),
    );
  expect(urls.sort()).toEqual(
    [g1.id, g2.id]
      .map((id) => `${baseURL}/leseraum/karte?grundriss=${grundrissId}&platz=${id}&checkin=1`)
      .sort(),
  );
  await expect(page.getByRole('img', { name: 'QR-Code für G1' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  // Scanned on a phone the address should open the place's dialog: see the fixme journey below.

  // A booking of G1, then G1 is switched off: the dialog lists the booking first, then cancels it.
  const booked = await api('POST', '/api/leseraum-buchungen', { modus: 'ganztags', leseraumId: g1.id, tag });
  expect(booked.status()).toBe(201);
  const buchungId = ((await booked.json()) as { id: string }).id;
  await page.goto(`/admin/raeume?grundriss=${grundrissId}`);
  await page.getByRole('button', { name: 'Platz G1 bearbeiten' }).click();
  const platzDialog = page.getByRole('dialog', { name: 'Platz G1 bearbeiten' });
  await platzDialog.getByLabel('Aktiv').uncheck();
  await platzDialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(platzDialog.getByText('Künftige Buchungen werden storniert')).toBeVisible();
  await expect(platzDialog.getByTestId('betroffene-buchung')).toHaveCount(1);
  await expect(platzDialog.getByTestId('betroffene-buchung')).toContainText('admin@beispielhausen.example');
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  await platzDialog.getByRole('button', { name: '1 Buchung stornieren und deaktivieren' }).click();
  await expect(platzDialog).toBeHidden();
  await expect(page.getByTestId('platz-zeile').filter({ hasText: 'G1' }).getByText('Inaktiv')).toBeVisible();
  const eigene = (await (await api('GET', '/api/leseraum-buchungen?bereich=leseraum')).json()) as {
    id: string;
    status: string;
  }[];
  expect(eigene.find((b) => b.id === buchungId)?.status).toBe('storniert');
  // The QR sheet now holds the active place only.
  await page.getByRole('button', { name: 'QR-Codes' }).click();
  await expect(page.getByTestId('qr-karte')).toHaveCount(1);
});

test('rooms admin works in English, also on a phone', async ({ page }) => {
  test.slow();
  const user = demoUser('fuhrpark', BEISPIELHAUSEN);
  await page.goto('/login');
  // chosen before sign-in, so kept in this browser only: the user's own language stays untouched for the
  // journeys that sign in as this user at the same time
  await switchLanguage(page, 'en');
  await submitLogin(page, user.email);
  await expectPath(page, BEISPIELHAUSEN.startPage);
  try {
    await page.goto('/admin/raeume');
    await expect(page.getByRole('heading', { level: 1, name: 'Rooms' })).toBeVisible();
    await page.getByRole('button', { name: 'Places of Lesesaal Erdgeschoss' }).click();
    await expect(page.getByRole('button', { name: /^Platz 01, position/ })).toBeVisible();
    await expect(page.getByTestId('platz-zeile')).toHaveCount(22);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Edit place Platz 01' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit place Platz 01' });
    await expect(dialog.getByLabel('First-aid helper')).toBeChecked();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(
      page.getByRole('heading', { level: 2, name: 'Places on Lesesaal Erdgeschoss' }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: /^Platz 01, position/ })).toBeAttached();
  } finally {
    await page.setViewportSize({ width: 1280, height: 800 });
  }
});

test("a place's QR code opens the place's dialog on the booking map, with the booker's next step", async ({
  page,
  baseURL,
}) => {
  const api = (method: 'GET' | 'POST', path: string, data?: unknown) =>
    page.request.fetch(path, { method, data, headers: { origin: baseURL! } });
  await signInTo(page, demoUser('admin', BEISPIELHAUSEN).email, BEISPIELHAUSEN.startPage);
  const tag = naechsterWerktag();
  const plaene = (await (await api('GET', '/api/grundrisse?bereich=leseraum')).json()) as {
    id: string;
    bezeichnung: string;
  }[];
  const plan = plaene.find((g) => g.bezeichnung === 'Lesesaal Erdgeschoss')!;
  const belegung = (await (await api('GET', `/api/grundrisse/${plan.id}/belegung?tag=${tag}`)).json()) as {
    plaetze: { id: string; bezeichnung: string }[];
  };
  // Platz 18: no other journey books it
  const platz = belegung.plaetze.find((p) => p.bezeichnung === 'Platz 18')!;
  const booked = await api('POST', '/api/leseraum-buchungen', {
    modus: 'ganztags',
    leseraumId: platz.id,
    tag,
    tageszeit: 'nachmittags',
  });
  expect(booked.status()).toBe(201);
  const buchungId = ((await booked.json()) as { id: string }).id;

  // the address a QR code holds (decision 058), as scanned on a phone
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/leseraum/karte?grundriss=${plan.id}&platz=${platz.id}&checkin=1`);
  const dialog = page.getByRole('dialog', { name: 'Platz 18' });
  await expect(dialog).toBeVisible();
  const eigene = dialog.getByRole('region', { name: 'Ihre Buchungen dieses Platzes' });
  const karte = eigene.locator(`[data-buchung-id="${buchungId}"]`);
  await expect(karte.getByText('Vorgemerkt')).toBeVisible();
  await karte.getByRole('button', { name: 'Bestätigen' }).click();
  await expect(karte.getByText('Reserviert')).toBeVisible();
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  // closing the dialog takes the place out of the address
  await dialog.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).not.toHaveURL(/platz=/);
  expect((await api('POST', `/api/leseraum-buchungen/${buchungId}/storno`)).status()).toBe(200);
});
