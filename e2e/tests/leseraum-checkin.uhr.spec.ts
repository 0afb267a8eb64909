/**
 * Check-in in the browser: the server's clock is moved into the check-in window (PUT /api/test/uhr,
 * decision 059), so this runs alone after every other journey and puts the clock back.
 */
import { expect, type Locator, type Page, test } from '@playwright/test';
import { berlin, naechsterWerktag } from '../support/berlin.ts';
import { BEISPIELHAUSEN, demoUser } from '../support/demo.ts';
import { signInTo } from '../support/session.ts';
import { setServerClock, uhrZurueck } from '../support/uhr.ts';

/** Keyboard only: Tab (forwards) until `target` has the focus. */
const tabTo = async (page: Page, target: Locator) => {
  for (let i = 0; i < 250; i++) {
    const focused = await target.evaluate((el) => el === el.ownerDocument.activeElement).catch(() => false);
    if (focused) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('the element was not reached with Tab');
};

const platz = (page: Page, name: string) => page.getByRole('button', { name: new RegExp(`^${name},`) });

test.describe('reading room check-in (moved server clock)', () => {
  test.afterEach(uhrZurueck);

  test('a booker books tomorrow morning on the map, confirms, checks in inside the window; another browser sees it live', async ({
    browser,
  }) => {
    test.slow();
    const tag = naechsterWerktag();
    const bookerContext = await browser.newContext();
    const booker = await bookerContext.newPage();
    await signInTo(booker, demoUser('mitarbeiter', BEISPIELHAUSEN).email, BEISPIELHAUSEN.startPage);
    const otherContext = await browser.newContext();
    const other = await otherContext.newPage();
    await signInTo(other, demoUser('fuhrpark', BEISPIELHAUSEN).email, BEISPIELHAUSEN.startPage);
    await other.goto(`/leseraum/karte?tag=${tag}&tageszeit=vormittags`);
    await expect(platz(other, 'Platz 12')).toHaveAttribute('data-zustand', 'frei');

    await booker.goto(`/leseraum/karte?tag=${tag}&tageszeit=vormittags`);
    await platz(booker, 'Platz 12').click();
    const dialog = booker.getByRole('dialog', { name: 'Platz 12' });
    await expect(dialog.getByText('08:00–12:00 Uhr')).toBeVisible();
    await dialog.getByRole('button', { name: 'Vormerken' }).click();
    const sidebar = booker.getByRole('complementary', { name: 'Seitenleiste' });
    const karte = sidebar.locator('[data-buchung-id]').filter({ hasText: 'Platz 12' });
    await karte.getByRole('button', { name: 'Bestätigen' }).click();
    await expect(karte.getByText('Reserviert')).toBeVisible();
    // the second browser follows without reload (live event)
    await expect(platz(other, 'Platz 12')).toHaveAttribute('data-zustand', 'belegt');
    await expect(karte.getByRole('button', { name: 'Einchecken' })).toHaveCount(0);

    await setServerClock(booker, berlin(tag, '07:50'));
    await booker.reload();
    const imFenster = sidebar.locator('[data-buchung-id]').filter({ hasText: 'Platz 12' });
    await imFenster.getByRole('button', { name: 'Einchecken' }).click();
    await expect(imFenster.getByText('Eingecheckt')).toBeVisible();
    await expect(platz(other, 'Platz 12')).toHaveAttribute('data-zustand', 'belegt');

    await bookerContext.close();
    await otherContext.close();
  });

  test('the same through the list by keyboard only: Tab and Enter book, confirm and check in', async ({
    page,
  }) => {
    test.slow();
    const tag = naechsterWerktag();
    await signInTo(page, demoUser('freigabe', BEISPIELHAUSEN).email, BEISPIELHAUSEN.startPage);
    await page.goto(`/leseraum/liste?tag=${tag}&tageszeit=vormittags`);
    await expect(page.getByRole('button', { name: 'Platz 14 buchen' })).toBeVisible();

    await tabTo(page, page.getByRole('button', { name: 'Platz 14 buchen' }));
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Platz 14' });
    await expect(dialog).toBeVisible();
    await tabTo(page, dialog.getByRole('button', { name: 'Vormerken' }));
    await page.keyboard.press('Enter');
    await expect(dialog).toHaveCount(0);

    const sidebar = page.getByRole('complementary', { name: 'Seitenleiste' });
    const karte = sidebar.locator('[data-buchung-id]').filter({ hasText: 'Platz 14' });
    await tabTo(page, karte.getByRole('button', { name: 'Bestätigen' }));
    await page.keyboard.press('Enter');
    await expect(karte.getByText('Reserviert')).toBeVisible();

    await setServerClock(page, berlin(tag, '08:10'));
    await page.reload();
    const imFenster = sidebar.locator('[data-buchung-id]').filter({ hasText: 'Platz 14' });
    await tabTo(page, imFenster.getByRole('button', { name: 'Einchecken' }));
    await page.keyboard.press('Enter');
    await expect(imFenster.getByText('Eingecheckt')).toBeVisible();
  });

  test("a place's QR code opens its dialog on a phone, where the booker checks in inside the window", async ({
    page,
    baseURL,
  }) => {
    const api = (method: 'GET' | 'POST', path: string, data?: unknown) =>
      page.request.fetch(path, { method, data, headers: { origin: baseURL! } });
    const tag = naechsterWerktag();
    await signInTo(page, demoUser('admin', BEISPIELHAUSEN).email, BEISPIELHAUSEN.startPage);
    const plaene = (await (await api('GET', '/api/grundrisse?bereich=leseraum')).json()) as {
      id: string;
      bezeichnung: string;
    }[];
    const plan = plaene.find((g) => g.bezeichnung === 'Lesesaal Erdgeschoss')!;
    const belegung = (await (await api('GET', `/api/grundrisse/${plan.id}/belegung?tag=${tag}`)).json()) as {
      plaetze: { id: string; bezeichnung: string }[];
    };
    const platz19 = belegung.plaetze.find((p) => p.bezeichnung === 'Platz 19')!;
    const booked = await api('POST', '/api/leseraum-buchungen', {
      modus: 'ganztags',
      leseraumId: platz19.id,
      tag,
      tageszeit: 'vormittags',
    });
    expect(booked.status()).toBe(201);
    const buchungId = ((await booked.json()) as { id: string }).id;
    expect((await api('POST', `/api/leseraum-buchungen/${buchungId}/bestaetigen`)).status()).toBe(200);

    await setServerClock(page, berlin(tag, '07:55'));
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/leseraum/karte?grundriss=${plan.id}&platz=${platz19.id}&checkin=1&tag=${tag}`);
    const dialog = page.getByRole('dialog', { name: 'Platz 19' });
    const karte = dialog.locator(`[data-buchung-id="${buchungId}"]`);
    await karte.getByRole('button', { name: 'Einchecken' }).click();
    await expect(karte.getByText('Eingecheckt')).toBeVisible();
  });
});
