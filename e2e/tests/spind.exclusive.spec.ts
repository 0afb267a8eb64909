/**
 * Office lockers at phone width (decision 186). The platform administrator switches Officelocker on for Bibliothek
 * Beispielhausen and back afterwards (so the journey is exclusive): an administrator creates a bank with lockers and
 * imports one more by CSV, a user books a locker from the free list for a day, sees it under "Mein Spind" and in the
 * sidebar, and confirms it emptied.
 */
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { BEISPIELHAUSEN, demoUser } from '../support/demo.ts';
import { funktionenSetzen, type Schalter } from '../support/mandant.ts';
import { signInTo } from '../support/session.ts';

let schalter: Schalter | undefined;

test.use({ viewport: { width: 375, height: 800 } });

test.beforeAll(async ({ playwright, baseURL }) => {
  schalter = await funktionenSetzen(playwright, baseURL, BEISPIELHAUSEN.name, { Officelocker: true });
});

test.afterAll(async () => {
  await schalter?.zurueck();
});

/** Nothing in the main area is wider than the 375 px phone. */
const passtAufsTelefon = (page: Page) =>
  expect
    .poll(
      () =>
        page.locator('main *').evaluateAll(
          (els, width) =>
            els
              .filter((e) => e.getBoundingClientRect().right > width + 1)
              .slice(0, 5)
              .map((e) => `${e.tagName}.${e.className}`.slice(0, 120)),
          375,
        ),
      { message: 'nothing wider than a 375 px phone' },
    )
    .toEqual([]);

/** Tomorrow in Berlin, as yyyy-mm-dd. */
const morgen = (): string => {
  const heute = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());
  const d = new Date(`${heute}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
};

test('an administrator builds a locker bank, a user books a locker for tomorrow (not yet to be confirmed emptied) and gives it back', async ({
  browser,
  page,
}) => {
  const shots = path.join(test.info().project.outputDir, 'screenshots');
  const bank = `Foyer ${Date.now().toString(36)}`;

  // 1. the administrator creates a bank with three lockers and imports a fourth by CSV
  await signInTo(page, demoUser('admin', BEISPIELHAUSEN).email, BEISPIELHAUSEN.startPage);
  await page.goto('/officelocker');
  await expect(page.getByRole('heading', { level: 1, name: 'Mein Spind' })).toBeVisible();
  await page.getByRole('tab', { name: 'Spindbänke' }).click();
  const neu = page.locator('form').filter({ hasText: 'Neue Spindbank' });
  // validation at the field before anything is sent
  await neu.getByRole('button', { name: 'Spindbank anlegen' }).click();
  await expect(neu.getByText('Pflichtfeld').first()).toBeVisible();
  await neu.getByRole('textbox', { name: 'Name der Spindbank' }).fill(bank);
  await neu.getByRole('combobox', { name: 'Standort' }).click();
  await page.getByRole('option', { name: 'Zentralbibliothek' }).click();
  await neu.getByRole('textbox', { name: 'Anzahl Spinde' }).fill('3');
  await neu.getByRole('button', { name: 'Spindbank anlegen' }).click();
  const karte = page.getByRole('region', { name: bank });
  await expect(karte.getByText('3 Spinde')).toBeVisible();
  await karte
    .getByRole('textbox', { name: 'Spinde aus CSV importieren' })
    .fill('nummer;groesse;barrierefrei;ausser_betrieb\n4;L;ja;nein');
  await karte.getByRole('button', { name: 'Importieren' }).click();
  await expect(karte.getByRole('status')).toHaveText('1 Spind angelegt.');
  await expect(karte.getByText('4 Spinde')).toBeVisible();
  // locker 1 goes out of service: it is not offered to the user
  await karte.getByRole('checkbox', { name: 'Spind 1 außer Betrieb' }).click();
  await expect(karte.getByRole('checkbox', { name: 'Spind 1 außer Betrieb' })).toBeChecked();
  // the bank is drawn on a floor plan of its location
  await karte.getByRole('combobox', { name: 'Ort auf dem Grundriss' }).click();
  await page.getByRole('option').first().click();
  await karte.getByRole('textbox', { name: 'Von links (%)' }).fill('20');
  const gespeichert = page.waitForResponse(
    (r) => r.request().method() === 'PATCH' && r.url().includes('/api/spindbanken/'),
  );
  await karte.getByRole('button', { name: 'Ort speichern' }).click();
  expect((await gespeichert).status()).toBe(200);
  await expect(karte.getByRole('button', { name: 'Ort speichern' })).not.toHaveAttribute('data-loading');
  await passtAufsTelefon(page);
  await page.screenshot({ path: path.join(shots, 'spind-verwaltung-de-375.png'), fullPage: true });

  // 2. the user books locker 2 for tomorrow from the free list
  const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
  const user = await context.newPage();
  await signInTo(user, demoUser('mitarbeiter', BEISPIELHAUSEN).email, BEISPIELHAUSEN.startPage);
  await user.goto('/officelocker');
  await expect(user.getByText('Sie haben gerade keinen Spind.')).toBeVisible();
  await user.getByRole('textbox', { name: 'Tag', exact: true }).fill(morgen());
  await user.getByRole('combobox', { name: 'Standort' }).click();
  await user.getByRole('option', { name: 'Zentralbibliothek' }).click();
  const frei = user.getByTestId('freie-spinde');
  await expect(frei.getByRole('radio', { name: new RegExp(`^Spind 1 · ${bank}`) })).toHaveCount(0);
  await frei.getByRole('radio', { name: new RegExp(`^Spind 2 · ${bank}`) }).check();
  await passtAufsTelefon(user);
  await user.screenshot({ path: path.join(shots, 'spind-buchen-de-375.png'), fullPage: true });
  await user.getByRole('button', { name: 'Spind buchen' }).click();
  await expect(user.getByRole('status')).toContainText('Spind für');
  const mein = user.getByRole('list', { name: 'Mein Spind' }).getByTestId('mein-spind-karte');
  await expect(mein).toHaveCount(1);
  await expect(mein.getByRole('heading', { name: 'Spind 2' })).toBeVisible();
  await expect(mein.getByText(`Spindbank ${bank}`)).toBeVisible();
  // tomorrow's booking: no PIN yet
  await expect(mein.getByTestId('spind-pin')).toHaveCount(0);
  await expect(frei.getByRole('radio', { name: new RegExp(`^Spind 2 · ${bank}`) })).toHaveCount(0);
  await user.screenshot({ path: path.join(shots, 'spind-mein-de-375.png'), fullPage: true });

  // the bank stands on its floor plan with tomorrow's counts (shape and text), reachable by keyboard
  const banken = (await (await user.request.get('/api/spindbanken')).json()) as {
    name: string;
    ort: { grundrissId: string } | null;
  }[];
  const plan = banken.find((b) => b.name === bank)!.ort!.grundrissId;
  await user.goto(`/leseraum/karte?grundriss=${plan}&tag=${morgen()}`);
  const marker = user.getByRole('img', {
    name: `Spindbank ${bank}, 2 Spinde frei, 1 belegt, 1 außer Betrieb`,
  });
  await expect(marker).toContainText(`${bank} · 2/3 frei`);
  await marker.focus();
  await expect(marker).toBeFocused();
  // the bank's label grows with the plan's zoom as the places' labels do (12 px at 100 %, 15 px at 125 %)
  const schrift = () => marker.evaluate((e) => getComputedStyle(e).fontSize);
  const platzSchrift = () =>
    user
      .locator('svg text')
      .first()
      .evaluate((e) => e.getBoundingClientRect().height);
  const platzVorher = await platzSchrift();
  await expect.poll(schrift).toBe('12px');
  await user.getByRole('button', { name: 'Vergrößern' }).click();
  await expect.poll(schrift).toBe('15px');
  expect(await platzSchrift()).toBeGreaterThan(platzVorher);
  await user.getByRole('button', { name: 'Verkleinern' }).click();
  await expect.poll(schrift).toBe('12px');
  await user.screenshot({ path: path.join(shots, 'sitzplan-spindbank-de-375.png'), fullPage: true });
  await user.goto(`/leseraum/liste?grundriss=${plan}&tag=${morgen()}`);
  await expect(user.getByTestId('spindbank-in-liste').filter({ hasText: bank })).toContainText(
    '2 Spinde frei',
  );
  await user.goto('/officelocker');

  // 3. "emptied" is offered only from the booking's last day on, not for tomorrow's booking
  await expect(mein.getByRole('button', { name: 'Geleert bestätigen' })).toHaveCount(0);
  await expect(mein.getByText('Als geleert bestätigt')).toHaveCount(0);

  // the reading room's sidebar names the locker (desktop width: the sidebar is beside the map)
  await user.setViewportSize({ width: 1280, height: 900 });
  await user.goto('/leseraum/karte');
  const sidebar = user.getByRole('complementary', { name: 'Seitenleiste' }).getByTestId('mein-spind-sidebar');
  await expect(sidebar.getByRole('link', { name: 'Spind 2' })).toBeVisible();
  await expect(sidebar).toContainText(bank);

  // the user gives the day locker back, asked first: before it begins it is cancelled and free at once
  await user.goto('/officelocker');
  await mein.getByRole('button', { name: 'Spind zurückgeben' }).click();
  const frage = user.getByRole('dialog', { name: 'Spind zurückgeben?' });
  await frage.getByRole('button', { name: 'Spind zurückgeben' }).click();
  await expect(frage).toBeHidden();
  await expect(mein).toHaveCount(0);
  await context.close();

  // 4. the facility list (empty: nothing ended unemptied)
  await page.getByRole('tab', { name: 'Zu räumende Spinde' }).click();
  await expect(page.getByText('Alle Spinde sind geleert.')).toBeVisible();
});
