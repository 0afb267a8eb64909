/**
 * The vehicle dialogs in a real browser: what only a dialog shows.
 * - An administrator cancels someone else's trip from the vehicle detail; the confirmation asks for the reason
 *   (R196). The mail and its switches are proven by fahrzeug-storno.int.test.ts.
 * - A booking answered with hints keeps the dialog open and shows them. The server's hints (overdue
 *   UVV or HU) are proven by serviceheft.int.test.ts; here the real answer gets one hint added on its way to
 *   the page, so no demo car is made overdue for the journeys running beside this one.
 */
import { expect, type Page, test } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import { demoUser, MUSTERSTADT } from '../support/demo.ts';
import { signInTo } from '../support/session.ts';

// A request the journey's route still answers when the journey ends (the app fetches again as the page closes) is
// dropped, not reported as an error of the run.
test.afterEach(async ({ page }) => {
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});

const booker = demoUser('mitarbeiter', MUSTERSTADT);
const admin = demoUser('admin', MUSTERSTADT);

/** `HH:mm` on the Berlin calendar day `days` from today, as ISO 8601 with its offset. */
const berlin = (days: number, hhmm: string): string => {
  const day = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Berlin' }).format(
    new Date(Date.now() + days * 86_400_000),
  );
  for (const offset of ['+01:00', '+02:00']) {
    const candidate = new Date(`${day}T${hhmm}:00${offset}`);
    const wall = new Intl.DateTimeFormat('sv-SE', {
      timeZone: 'Europe/Berlin',
      hour: '2-digit',
      minute: '2-digit',
    }).format(candidate);
    if (wall === hhmm) return `${day}T${hhmm}:00${offset}`;
  }
  throw new Error(`no Berlin time ${day} ${hhmm}`);
};

const origin = (page: Page) => ({ origin: new URL(page.url()).origin });

const fahrzeugId = async (page: Page, kennzeichen: string) => {
  const liste = (await (await page.request.get('/api/fahrzeuge')).json()) as {
    id: string;
    kennzeichen: string;
  }[];
  return liste.find((f) => f.kennzeichen === kennzeichen)!.id;
};

test.describe('vehicle dialogs', () => {
  test.describe.configure({ timeout: 180_000 });

  test("an administrator cancels a booker's trip from the vehicle detail, giving the reason", async ({
    browser,
  }) => {
    const bookerCtx = await browser.newContext();
    const adminCtx = await browser.newContext();
    try {
      const bookerPage = await bookerCtx.newPage();
      await signInTo(bookerPage, booker.email, booker.startPage);
      const auto = await fahrzeugId(bookerPage, 'MS-SW 104');
      // days 25–28 ahead (the demo's horizon is 30 days), a random one: apart from the other journeys' days
      // and their cars, and from this file's own reruns on one server
      const tag = 25 + Math.floor(Math.random() * 4);
      const gebucht = await bookerPage.request.post('/api/fahrzeug-buchungen', {
        headers: origin(bookerPage),
        data: { fahrzeugId: auto, von: berlin(tag, '14:00'), bis: berlin(tag, '15:00') },
      });
      expect(gebucht.status(), await gebucht.text()).toBe(201);
      const { id } = (await gebucht.json()) as { id: string };

      const page = await adminCtx.newPage();
      await signInTo(page, admin.email, admin.startPage);
      await page.goto(`/fahrzeuge?fahrzeug=${auto}`);
      const fremde = page.getByRole('region', { name: 'Buchungen anderer' });
      const karte = fremde.locator(`[data-buchung-id="${id}"]`);
      await expect(karte).toContainText('Lena Hoffmann', { timeout: 30_000 });
      await karte.getByRole('button', { name: 'Buchung von Lena Hoffmann stornieren' }).click();

      const dialog = page.getByRole('dialog', { name: 'Buchung einer anderen Person stornieren' });
      await expect(dialog).toContainText('Lena Hoffmann erhält eine E-Mail mit dem Grund');
      await dialog.getByRole('button', { name: 'Buchung stornieren' }).click();
      await expect(dialog.getByText('Pflichtfeld')).toBeVisible(); // no cancellation without a reason
      await dialog
        .getByRole('textbox', { name: 'Grund' })
        .fill('Das Fahrzeug wird für den Winterdienst gebraucht.');
      expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
      await dialog.getByRole('button', { name: 'Buchung stornieren' }).click();
      await expect(page.getByText('Die Buchung von Lena Hoffmann wurde storniert.')).toBeVisible();
      await expect(dialog).toHaveCount(0);
      await expect(karte).toHaveCount(0);

      const eigene = (await (await bookerPage.request.get('/api/fahrzeug-buchungen?eigene=true')).json()) as {
        id: string;
        status: string;
        informationstext: string | null;
      }[];
      expect(eigene.find((b) => b.id === id)).toMatchObject({
        status: 'storniert',
        informationstext: 'Das Fahrzeug wird für den Winterdienst gebraucht.',
      });
      // the booker still sees it in "Meine Buchungen", with who cancelled it and why (decision 149)
      await bookerPage.goto('/fahrzeuge');
      await bookerPage.getByRole('tab', { name: /Meine Buchungen/ }).click();
      const meine = bookerPage.locator(`[data-buchung-id="${id}"]`);
      await expect(meine.getByText('Storniert', { exact: true })).toBeVisible();
      await expect(meine.getByTestId('storno-grund')).toHaveText(
        /^Storniert von .+\. Grund: Das Fahrzeug wird für den Winterdienst gebraucht\.$/,
      );
    } finally {
      await bookerCtx.close();
      await adminCtx.close();
    }
  });

  test('a booking answered with a hint keeps the dialog open and shows it', async ({ page }) => {
    await signInTo(page, booker.email, booker.startPage);
    const auto = await fahrzeugId(page, 'MS-SW 104');
    const tag = 25 + Math.floor(Math.random() * 4);
    await page.route('**/api/fahrzeug-buchungen', async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      const response = await route.fetch();
      const body = (await response.json()) as Record<string, unknown>;
      await route.fulfill({
        response,
        json: {
          ...body,
          hinweise: [{ code: 'fahrzeug_buchung.hu_ueberfaellig_hinweis', params: { datum: '01.11.2026' } }],
        },
      });
    });
    await page.goto(
      `/fahrzeuge?fahrzeug=${auto}&von=${encodeURIComponent(berlin(tag, '10:00'))}&bis=${encodeURIComponent(berlin(tag, '11:00'))}&buchen=1`,
    );
    const dialog = page.getByRole('dialog', { name: / buchen$/ });
    await expect(dialog.getByRole('combobox', { name: 'Von (Uhrzeit)' })).toHaveValue('10:00', {
      timeout: 45_000,
    });
    await dialog.getByRole('button', { name: 'Buchen', exact: true }).click();
    const hinweis = dialog.getByRole('status').filter({ hasText: 'Bitte beachten' });
    await expect(hinweis).toContainText(
      'Hinweis: Die Hauptuntersuchung (HU) des Fahrzeugs war am 01.11.2026 fällig und ist noch nicht eingetragen.',
    );
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
    await dialog.getByRole('button', { name: 'Verstanden' }).click();
    await expect(dialog).toHaveCount(0);

    // leave nothing behind on the shared demo car
    const eigene = (await (await page.request.get('/api/fahrzeug-buchungen?eigene=true')).json()) as {
      id: string;
      fahrzeug: { id: string };
      von: string;
    }[];
    const gebucht = eigene.find(
      (b) => b.fahrzeug.id === auto && Date.parse(b.von) === Date.parse(berlin(tag, '10:00')),
    );
    expect(gebucht).toBeDefined();
    const storno = await page.request.post(`/api/fahrzeug-buchungen/${gebucht!.id}/storno`, {
      headers: origin(page),
    });
    expect(storno.status()).toBe(200);
  });
});
