import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import { demoUser, MUSTERSTADT } from '../support/demo.ts';
import { signInTo } from '../support/session.ts';

/** The Berlin day `days` days from today, `YYYY-MM-DD`. */
const berlinTag = (days: number): string => {
  const heute = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());
  const day = new Date(`${heute}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
};

/** The instant of Berlin wall-clock time `hhmm` on `tag`, as the app writes it (toISOString). */
const berlinIso = (tag: string, hhmm: string): string => {
  const naiv = new Date(`${tag}T${hhmm}:00Z`);
  const offset = (d: Date) => {
    const name = new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Berlin', timeZoneName: 'shortOffset' })
      .formatToParts(d)
      .find((p) => p.type === 'timeZoneName')!.value;
    const m = /GMT([+-]\d+)?/.exec(name);
    return Number(m?.[1] ?? 0) * 3_600_000;
  };
  return new Date(naiv.getTime() - offset(new Date(naiv.getTime() - offset(naiv)))).toISOString();
};

const fahrzeugId = async (api: APIRequestContext, kennzeichen: string): Promise<string> => {
  const response = await api.get('/api/fahrzeuge');
  expect(response.ok()).toBe(true);
  const list = (await response.json()) as { id: string; kennzeichen: string }[];
  return list.find((f) => f.kennzeichen === kennzeichen)!.id;
};

const buche = async (api: APIRequestContext, id: string, tag: string, von: string, bis: string) => {
  const response = await api.post('/api/fahrzeug-buchungen', {
    data: { fahrzeugId: id, von: berlinIso(tag, von), bis: berlinIso(tag, bis) },
  });
  expect(response.status(), await response.text()).toBe(201);
};

const zeile = (page: Page, kennzeichen: string) =>
  page
    .getByRole('grid')
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: kennzeichen }) });
const zelle = (page: Page, kennzeichen: string, hhmm: string) =>
  zeile(page, kennzeichen).locator(`td[aria-label^="${hhmm}–"]`);

/** The booking URL of /fahrzeuge the timeline opens (fz-liste opens the dialog from it). */
const expectBuchenUrl = async (page: Page, id: string, von: string, bis: string) => {
  await expect(page).toHaveURL((url) => url.pathname === '/fahrzeuge');
  const params = Object.fromEntries(new URL(page.url()).searchParams);
  expect(params).toEqual({ fahrzeug: id, von, bis, buchen: '1' });
};

test.describe('vehicle timeline /fahrzeuge/uebersicht', () => {
  const tag = berlinTag(8);

  test("shows another's booking, updates live, and dragging over free time opens the booking", async ({
    page,
    browser,
  }) => {
    test.slow(); // two sessions
    const fuhrparkContext = await browser.newContext();
    const fuhrpark = await fuhrparkContext.newPage();
    await signInTo(fuhrpark, demoUser('fuhrpark', MUSTERSTADT).email, MUSTERSTADT.startPage);
    const ms101 = await fahrzeugId(fuhrpark.request, 'MS-SW 101');
    const ms102 = await fahrzeugId(fuhrpark.request, 'MS-SW 102');
    await buche(fuhrpark.request, ms101, tag, '10:00', '12:00');

    await signInTo(page, demoUser('mitarbeiter', MUSTERSTADT).email, MUSTERSTADT.startPage);
    await page.goto(`/fahrzeuge/uebersicht?tag=${tag}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Fahrzeugübersicht' })).toBeVisible();
    await expect(page.getByText(/^Betriebshof Nord · /)).toBeVisible();
    const gebucht = zeile(page, 'MS-SW 101').locator('td[data-art="belegt"]');
    await expect(gebucht).toHaveCount(8);
    await expect(zelle(page, 'MS-SW 101', '10:00')).toHaveAttribute('aria-label', '10:00–10:15, Gebucht');
    await expect(zelle(page, 'MS-SW 101', '08:45')).toHaveAttribute('data-art', 'geschlossen');

    // live: a booking made elsewhere appears without reloading
    await buche(fuhrpark.request, ms102, tag, '13:00', '14:00');
    await expect(zeile(page, 'MS-SW 102').locator('td[data-art="belegt"]')).toHaveCount(4);
    await fuhrparkContext.close();

    // a drag from 12:00 to 15:45 over free time selects 12:00–16:00
    const start = await zelle(page, 'MS-SW 101', '12:00').boundingBox();
    const ende = await zelle(page, 'MS-SW 101', '15:45').boundingBox();
    await page.mouse.move(start!.x + start!.width / 2, start!.y + start!.height / 2);
    await page.mouse.down();
    await page.mouse.move(ende!.x + ende!.width / 2, ende!.y + ende!.height / 2, { steps: 12 });
    await page.mouse.up();
    await expectBuchenUrl(page, ms101, berlinIso(tag, '12:00'), berlinIso(tag, '16:00'));
  });

  test('a drag stops at a booking; the keyboard selects and opens a period', async ({ page }) => {
    await signInTo(page, demoUser('freigabe', MUSTERSTADT).email, MUSTERSTADT.startPage);
    const ms103 = await fahrzeugId(page.request, 'MS-SW 103');
    await buche(page.request, ms103, tag, '11:00', '12:00');
    await page.goto(`/fahrzeuge/uebersicht?tag=${tag}`);
    await expect(zeile(page, 'MS-SW 103').locator('td[data-art="eigene"]')).toHaveCount(4);

    // keyboard: choose 09:00, stretch with Shift+→ past the booking, which stops it at 11:00
    await zelle(page, 'MS-SW 103', '09:00').focus();
    for (let i = 0; i < 10; i++) await page.keyboard.press('Shift+ArrowRight');
    await expect(page.getByTestId('zeitleiste-auswahl')).toContainText('MS-SW 103');
    await expect(zeile(page, 'MS-SW 103').locator('td[aria-selected="true"]')).toHaveCount(8);
    await page.keyboard.press('Enter');
    await expectBuchenUrl(page, ms103, berlinIso(tag, '09:00'), berlinIso(tag, '11:00'));

    // the week view goes by hour; arrow keys move, Shift+← stretches backwards
    await page.goto(`/fahrzeuge/uebersicht?tag=${tag}&ansicht=woche`);
    await expect(page.getByRole('radio', { name: 'Woche' })).toBeChecked();
    const stunde = zeile(page, 'MS-SW 103').locator(`td[aria-label*="14:00–15:00"]`);
    await expect(stunde).toHaveCount(7);
    const tagLabel = await page.evaluate(
      (d) =>
        new Intl.DateTimeFormat('de-DE', {
          timeZone: 'Europe/Berlin',
          weekday: 'short',
          day: '2-digit',
          month: '2-digit',
        }).format(new Date(`${d}T12:00:00Z`)),
      tag,
    );
    await zeile(page, 'MS-SW 103').locator(`td[aria-label="${tagLabel} 15:00–16:00, Frei"]`).focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Shift+ArrowLeft');
    await page.keyboard.press('Shift+ArrowLeft');
    await page.keyboard.press('Enter');
    await expectBuchenUrl(page, ms103, berlinIso(tag, '14:00'), berlinIso(tag, '17:00'));
  });

  test('is a list per vehicle on a phone, each free time with a booking button', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await signInTo(page, demoUser('mitarbeiter', MUSTERSTADT).email, MUSTERSTADT.startPage);
    const ms104 = await fahrzeugId(page.request, 'MS-SW 104');
    await buche(page.request, ms104, tag, '09:00', '10:30');
    await page.goto(`/fahrzeuge/uebersicht?tag=${tag}`);
    await expect(page.getByRole('grid')).toBeHidden();
    const karte = page.getByRole('region', { name: 'MS-SW 104' });
    await expect(karte.getByText('09:00–10:30 · Eigene Buchung')).toBeVisible();
    await expect(karte.getByText('00:00–09:00 · Geschlossen')).toBeVisible();
    const noScroll = await page.evaluate(
      () =>
        (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document
          .documentElement.scrollWidth,
    );
    expect(noScroll).toBeLessThanOrEqual(375);
    expect(await seriousViolations(page)).toEqual([]);
    await karte.getByRole('button', { name: 'MS-SW 104 buchen: 10:30–18:00' }).click();
    await expectBuchenUrl(page, ms104, berlinIso(tag, '10:30'), berlinIso(tag, '18:00'));
  });

  test('passes axe-core at 1280 px in the day and the week view', async ({ page }) => {
    test.slow(); // axe over a grid of 4 × 168 cells
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInTo(page, demoUser('mitarbeiter', MUSTERSTADT).email, MUSTERSTADT.startPage);
    for (const ansicht of ['tag', 'woche']) {
      await page.goto(`/fahrzeuge/uebersicht?tag=${tag}&ansicht=${ansicht}`);
      await expect(page.getByRole('grid')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    }
  });
});
