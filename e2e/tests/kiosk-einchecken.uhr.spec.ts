/**
 * Check-in by scanning a kiosk (decision 183) on a phone: the server's clock is moved into the booking's check-in
 * window (PUT /api/test/uhr, decision 059), so this runs alone and puts the clock back. The board's code is signed
 * here with the server's secret (support/kiosk.ts), as the board would show it at the server's time.
 */
import { expect, type Page, test } from '@playwright/test';
import { berlin, naechsterWerktag } from '../support/berlin.ts';
import { BEISPIELHAUSEN, demoUser } from '../support/demo.ts';
import { eincheckCode, serverSecret } from '../support/kiosk.ts';
import { signInTo } from '../support/session.ts';

test.describe('check-in by scanning a kiosk (moved server clock)', () => {
  test.afterEach(async ({ request }) => {
    await request.put('/api/test/uhr', { data: { jetzt: null } });
  });

  test('a booker scans the board inside the window and is checked in; the same code again is refused', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.slow();
    const secret = serverSecret(baseURL);
    test.skip(!secret, "the server's secret is known only for the servers the runner starts");
    const api = (p: Page, method: 'GET' | 'POST', path: string, data?: unknown) =>
      p.request.fetch(path, { method, data, headers: { origin: baseURL! } });
    const tag = naechsterWerktag();

    // the administrator pairs a screen in the library (the screen itself: kiosk-admin.spec.ts)
    await signInTo(page, demoUser('admin', BEISPIELHAUSEN).email, BEISPIELHAUSEN.startPage);
    const { code } = (await (
      await page.request.post('/api/kiosk/kopplung', { headers: { origin: baseURL! } })
    ).json()) as { code: string };
    const standorte = (await (await api(page, 'GET', '/api/admin/standorte')).json()) as {
      id: string;
      name: string;
    }[];
    const bibliothek = standorte.find((s) => s.name === 'Zentralbibliothek')!;
    const gekoppelt = await api(page, 'POST', '/api/admin/kiosks', {
      code,
      bezeichnung: 'Foyer Lesesaal',
      standortId: bibliothek.id,
      grundrissIds: [],
      namensanzeige: 'keine',
      fahrzeuge: false,
      sprache: 'de',
    });
    expect(gekoppelt.status()).toBe(201);
    const kiosk = (await gekoppelt.json()) as { id: string; standortId: string };

    // the booker holds Platz 20 tomorrow morning and confirms it
    const bookerContext = await browser.newContext({ viewport: { width: 375, height: 812 } });
    const booker = await bookerContext.newPage();
    await signInTo(booker, demoUser('mitarbeiter', BEISPIELHAUSEN).email, BEISPIELHAUSEN.startPage);
    const plaene = (await (await api(booker, 'GET', '/api/grundrisse?bereich=leseraum')).json()) as {
      id: string;
      bezeichnung: string;
    }[];
    const plan = plaene.find((g) => g.bezeichnung === 'Lesesaal Erdgeschoss')!;
    const belegung = (await (
      await api(booker, 'GET', `/api/grundrisse/${plan.id}/belegung?tag=${tag}`)
    ).json()) as { plaetze: { id: string; bezeichnung: string }[] };
    const platz = belegung.plaetze.find((p) => p.bezeichnung === 'Platz 20')!;
    const gebucht = await api(booker, 'POST', '/api/leseraum-buchungen', {
      modus: 'ganztags',
      leseraumId: platz.id,
      tag,
      tageszeit: 'vormittags',
    });
    expect(gebucht.status()).toBe(201);
    const buchungId = ((await gebucht.json()) as { id: string }).id;
    expect((await api(booker, 'POST', `/api/leseraum-buchungen/${buchungId}/bestaetigen`)).status()).toBe(
      200,
    );

    // 07:55: inside the window; the board shows the code of the server's minute
    const jetzt = berlin(tag, '07:55');
    const gesetzt = Date.now();
    expect((await page.request.put('/api/test/uhr', { data: { jetzt } })).status()).toBe(200);
    const serverZeit = Date.parse(jetzt) + (Date.now() - gesetzt);
    const link = `/kiosk/einchecken?c=${encodeURIComponent(eincheckCode(secret!, kiosk.id, kiosk.standortId, serverZeit))}`;

    await booker.goto(link);
    const ergebnis = booker.getByRole('status').filter({ hasText: 'Eingecheckt' });
    await expect(ergebnis).toContainText('Eingecheckt: Platz 20, Lesesaal Erdgeschoss');
    await expect(ergebnis).toContainText('Zentralbibliothek');
    expect(await booker.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await booker.screenshot({ path: test.info().outputPath('kiosk-eingecheckt-375.png'), fullPage: true });
    const buchungen = (await (
      await api(booker, 'GET', '/api/leseraum-buchungen?bereich=leseraum')
    ).json()) as {
      id: string;
      status: string;
    }[];
    expect(buchungen.find((b) => b.id === buchungId)?.status).toBe('durchgeführt');

    // opening the same link again (a reload, a second scan of the same minute) is one use too many
    await booker.reload();
    await expect(booker.getByRole('alert')).toContainText(
      'Sie haben diesen Eincheck-Code bereits verwendet.',
    );
    await bookerContext.close();
  });
});
