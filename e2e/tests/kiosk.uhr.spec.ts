/**
 * A wall screen at the library (decisions 182, 207): the screen shows a pairing code, an administrator enters it,
 * the screen shows the board; a person books a place and the board shows it booked. The places' state is the
 * state now, so the server's clock is moved into the opening hours of the next weekday (PUT /api/test/uhr,
 * decision 059): this runs alone and puts the clock back. A screenshot of the board at 1920 × 1080 goes to
 * docs/screenshots/.
 */
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { berlin, naechsterWerktag } from '../support/berlin.ts';
import { BEISPIELHAUSEN, demoUser } from '../support/demo.ts';
import { signInTo } from '../support/session.ts';

const SCREENSHOTS = path.resolve(import.meta.dirname, '../../docs/screenshots');

const setServerClock = async (page: Page, jetzt: string | null) => {
  const response = await page.request.put('/api/test/uhr', { data: { jetzt } });
  expect(response.status()).toBe(200);
};

/** The board refreshes every 20 s (decision 207); a change shows within two rounds. */
const ZWEI_RUNDEN = 45_000;

test.describe('kiosk board (moved server clock)', () => {
  test.afterEach(async ({ request }) => {
    await request.put('/api/test/uhr', { data: { jetzt: null } });
  });

  test('a screen is paired with the code it shows, then shows a place booked once a person booked it', async ({
    browser,
    baseURL,
  }) => {
    test.slow();
    const tag = naechsterWerktag();
    const kioskContext = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
    const kiosk = await kioskContext.newPage();
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    const bookerContext = await browser.newContext();
    const booker = await bookerContext.newPage();
    let buchungId: string | null = null;
    try {
      // an unpaired screen shows a code of two groups of four and a QR
      await kiosk.goto('/kiosk');
      await expect(kiosk.getByRole('heading', { name: 'Diesen Bildschirm koppeln' })).toBeVisible();
      const codeFeld = kiosk.getByTestId('kiosk-kopplungscode');
      await expect(codeFeld).toHaveText(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/);
      await expect(kiosk.getByRole('img', { name: /QR-Code zur Kiosk-Verwaltung/ })).toBeVisible();
      const code = (await codeFeld.textContent())!;

      // the administrator enters the code read from the screen
      await signInTo(admin, demoUser('admin', BEISPIELHAUSEN).email, BEISPIELHAUSEN.startPage);
      const plaene = (await (await admin.request.get('/api/grundrisse?bereich=leseraum')).json()) as {
        id: string;
        standort: { id: string; name: string };
      }[];
      const gekoppelt = await admin.request.post('/api/admin/kiosks', {
        headers: { origin: baseURL ?? '' },
        data: {
          code,
          bezeichnung: 'Foyer',
          standortId: plaene[0]!.standort.id,
          grundrissIds: [],
          namensanzeige: 'keine',
          fahrzeuge: true,
          sprache: 'de',
        },
      });
      expect(gekoppelt.status(), await gekoppelt.text()).toBe(201);

      // the screen notices on its own and shows the board of the location
      const tafel = kiosk.getByTestId('kiosk-tafel');
      await expect(tafel).toBeVisible({ timeout: 15_000 });
      await expect(tafel.getByRole('heading', { name: plaene[0]!.standort.name })).toBeVisible();
      await expect(
        kiosk.getByRole('img', { name: 'QR-Code zum Einchecken an diesem Standort' }),
      ).toBeVisible();

      // a weekday morning before ten: the place is free
      await setServerClock(kiosk, berlin(tag, '09:45'));
      await kiosk.reload();
      const platz = kiosk.locator('[data-kiosk-platz="Platz 09"]');
      await expect(platz).toHaveAttribute('data-zustand', 'frei', { timeout: ZWEI_RUNDEN });
      const zaehlung = kiosk.getByTestId('kiosk-zaehlung');
      await expect(zaehlung).toHaveText(/^\d+ von \d+ Plätzen frei$/);
      const freiVorher = Number((await zaehlung.textContent())!.split(' ')[0]);

      // a person books it from ten to twelve and confirms
      await signInTo(booker, demoUser('freigabe', BEISPIELHAUSEN).email, BEISPIELHAUSEN.startPage);
      const belegung = (await (
        await booker.request.get(`/api/grundrisse/${plaene[0]!.id}/belegung?tag=${tag}`)
      ).json()) as { plaetze: { id: string; bezeichnung: string }[] };
      const gebucht = await booker.request.post('/api/leseraum-buchungen', {
        headers: { origin: baseURL ?? '' },
        data: {
          modus: 'stuendlich',
          leseraumId: belegung.plaetze.find((p) => p.bezeichnung === 'Platz 09')!.id,
          von: berlin(tag, '10:00'),
          bis: berlin(tag, '12:00'),
        },
      });
      expect(gebucht.status(), await gebucht.text()).toBe(201);
      buchungId = ((await gebucht.json()) as { id: string }).id;
      const bestaetigt = await booker.request.post(`/api/leseraum-buchungen/${buchungId}/bestaetigen`, {
        headers: { origin: baseURL ?? '' },
      });
      expect(bestaetigt.status(), await bestaetigt.text()).toBe(200);

      // at ten the board shows the place booked, one place fewer free, and no name (the default setting)
      await setServerClock(kiosk, berlin(tag, '10:05'));
      await expect(platz).toHaveAttribute('data-zustand', 'gebucht', { timeout: ZWEI_RUNDEN });
      await expect(zaehlung).toHaveText(new RegExp(`^${freiVorher - 1} von \\d+ Plätzen frei$`));
      await expect(platz.locator('title')).toHaveText('Platz 09: Gebucht');
      // the plan's image behind the places, fetched with the device token
      await expect(tafel.locator('[data-kiosk-planbild]').first()).toBeAttached();
      await kiosk.screenshot({ path: path.join(SCREENSHOTS, 'kiosk-tafel-de-1920.png') });
    } finally {
      if (buchungId)
        await booker.request.post(`/api/leseraum-buchungen/${buchungId}/storno`, {
          headers: { origin: baseURL ?? '' },
          data: {},
        });
      await kioskContext.close();
      await adminContext.close();
      await bookerContext.close();
    }
  });
});
