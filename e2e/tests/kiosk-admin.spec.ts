/**
 * Administration › Kiosks (decision 182) and the check-in page a phone opens by scanning a board (decision 183):
 * an administrator pairs a screen with the code the device side asked for, the screen reads its settings, a
 * signed-out person opening a check-in link signs in first and comes back to the result, and the revoked screen's
 * codes stop. The check-in into a booking needs the server's clock in the check-in window: kiosk-einchecken.uhr.spec.ts.
 */
import { expect, type Page, test } from '@playwright/test';
import { BEISPIELHAUSEN, demoUser } from '../support/demo.ts';
import { eincheckCode, serverSecret } from '../support/kiosk.ts';
import { expectPath, signInTo, submitLogin } from '../support/session.ts';

type Kiosk = { id: string; bezeichnung: string; standortId: string; online: boolean };

const shot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(name), fullPage: true });

test.describe('kiosk administration and the check-in link', () => {
  test('an administrator pairs a screen by its code, the screen reads its settings, a visitor signs in and sees the result, revoking stops it', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.slow();
    const secret = serverSecret(baseURL);
    const api = (p: Page, method: 'GET' | 'POST', path: string, data?: unknown) =>
      p.request.fetch(path, { method, data, headers: { origin: baseURL! } });

    // the device side: an unpaired screen asks for a code and keeps its secret
    const kopplung = await page.request.post('/api/kiosk/kopplung', { headers: { origin: baseURL! } });
    expect(kopplung.status()).toBe(201);
    const { code, geheimnis } = (await kopplung.json()) as { code: string; geheimnis: string };
    const geraet = () =>
      page.request.get('/api/kiosk/geraet?version=e2e', { headers: { 'x-kiosk-token': geheimnis } });
    expect((await geraet()).status()).toBe(401);

    // care of objects (objekt_pflege) finds Kiosks in the admin menu
    await signInTo(page, demoUser('fuhrpark', BEISPIELHAUSEN).email, BEISPIELHAUSEN.startPage);
    await page.goto('/admin');
    await page.getByRole('link', { name: 'Kiosks', exact: true }).first().click();
    await expectPath(page, '/admin/kiosks');
    await expect(page.getByRole('heading', { name: 'Kiosks', level: 1 })).toBeVisible();

    const name = `Foyer ${Date.now().toString(36)}`;
    await page.getByRole('button', { name: 'Kiosk koppeln' }).click();
    const dialog = page.getByRole('dialog', { name: 'Kiosk koppeln' });
    // typed as a person reads it off the screen: lower case, a space instead of the hyphen
    await dialog.getByLabel('Kopplungscode').fill(code.toLowerCase().replace('-', ' '));
    await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
    await dialog.getByRole('combobox', { name: 'Standort' }).click();
    await page.getByRole('option', { name: 'Zentralbibliothek', exact: true }).click();
    await dialog.getByRole('radio', { name: 'Initialen' }).check();
    await dialog.getByRole('button', { name: 'Koppeln', exact: true }).click();
    await expect(dialog).toHaveCount(0);

    const karte = page.getByRole('listitem', { name });
    await expect(karte).toBeVisible();
    await expect(karte.getByText('Zentralbibliothek')).toBeVisible();
    await expect(karte.getByText('noch kein Kontakt')).toBeVisible();

    // the screen is paired now: its secret is its device token and it reads what was chosen
    const settings = await geraet();
    expect(settings.status()).toBe(200);
    expect(await settings.json()).toMatchObject({ bezeichnung: name, namensanzeige: 'initialen' });
    await page.reload();
    await expect(karte.getByText('Online')).toBeVisible();
    await expect(karte.getByText('e2e', { exact: true })).toBeVisible();

    await page.setViewportSize({ width: 375, height: 812 });
    await expect(karte).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await shot(page, 'kiosk-admin-375.png');
    await page.setViewportSize({ width: 1280, height: 800 });

    const liste = (await (await api(page, 'GET', '/api/admin/kiosks')).json()) as { kiosks: Kiosk[] };
    const kiosk = liste.kiosks.find((k) => k.bezeichnung === name)!;

    // a signed-out visitor opens the check-in link: sign-in first, then back to the result
    const visitorContext = await browser.newContext({ viewport: { width: 375, height: 812 } });
    const visitor = await visitorContext.newPage();
    if (secret) {
      const link = `/kiosk/einchecken?c=${encodeURIComponent(eincheckCode(secret, kiosk.id, kiosk.standortId, Date.now()))}`;
      await visitor.goto(link);
      await expectPath(visitor, '/login');
      await submitLogin(visitor, demoUser('mitarbeiter', BEISPIELHAUSEN).email);
      await expectPath(visitor, '/kiosk/einchecken');
      expect(new URL(visitor.url()).searchParams.get('c')).toMatch(/^k1\./);
      await expect(visitor.getByRole('alert')).toContainText(
        'Sie haben an diesem Standort jetzt keine Buchung, in die Sie einchecken können.',
      );
      await shot(visitor, 'kiosk-einchecken-fehler-375.png');
    }

    // revoke with confirmation: the screen's token stops, and so do its codes
    await karte.getByRole('button', { name: `${name} widerrufen` }).click();
    const confirm = page.getByRole('dialog', { name: 'Kiosk widerrufen?' });
    await expect(confirm).toContainText(name);
    await confirm.getByRole('button', { name: 'Widerrufen', exact: true }).click();
    await expect(confirm).toHaveCount(0);
    await expect(karte.getByText('Widerrufen', { exact: true })).toBeVisible();
    await expect(karte.getByRole('button', { name: `${name} bearbeiten` })).toHaveCount(0);
    expect((await geraet()).status()).toBe(401);

    if (secret) {
      await visitor.goto(
        `/kiosk/einchecken?c=${encodeURIComponent(eincheckCode(secret, kiosk.id, kiosk.standortId, Date.now()))}`,
      );
      await expect(visitor.getByRole('alert')).toContainText(
        'Dieser Code ist kein gültiger Eincheck-Code. Bitte scannen Sie den Code am Bildschirm erneut.',
      );
    }
    await visitorContext.close();
  });

  test('a link without a code says so', async ({ page }) => {
    await signInTo(page, demoUser('mitarbeiter', BEISPIELHAUSEN).email, BEISPIELHAUSEN.startPage);
    await page.goto('/kiosk/einchecken');
    await expect(page.getByRole('alert')).toContainText('Dieser Link enthält keinen Eincheck-Code.');
  });
});
