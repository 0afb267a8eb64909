/**
 * The administrator's vehicle settings tab, in German and English, at desktop and phone width.
 * Exclusive (runs after the parallel journeys, alone): it changes the Musterstadt administrator's language and a
 * tenant-wide vehicle rule while it runs, which a journey signing in as that administrator at the same time would
 * see (seen: the user list came up in English in admin-users.spec.ts).
 */
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { demoUser, MUSTERSTADT } from '../support/demo.ts';
import { signInTo } from '../support/session.ts';

const musterstadtAdmin = demoUser('admin', MUSTERSTADT);

/** The settings row of an option on /einstellungen or /admin/einstellungen. */
const settingRow = (page: Page, name: string) => page.locator(`[data-setting="${name}"]`);

test('the vehicle tab names every option, groups them, takes time spans with a unit and the report rhythm as one choice', async ({
  page,
}) => {
  const shots = path.join(test.info().project.outputDir, 'screenshots');
  await signInTo(page, musterstadtAdmin.email, musterstadtAdmin.tenant.startPage);
  try {
    // administrators see the admin and the personal menu: the entries are named apart
    await expect(page.getByRole('link', { name: 'Meine Einstellungen', exact: true })).toBeVisible();
    await page.goto('/admin/einstellungen');
    await expect(page.getByRole('link', { name: 'Einstellungen (Mandant)', exact: true })).toBeVisible();
    await page.getByRole('tab', { name: 'Fahrzeugbuchung' }).click();
    for (const heading of [
      'Buchungsregeln',
      'Check-in und Freigabe',
      'Erinnerungen',
      'Reports',
      'Führerscheine',
      'Sauberkeit',
    ])
      await expect(page.getByRole('heading', { level: 3, name: heading, exact: true })).toBeVisible();
    // no raw option key is shown as text anywhere on the tab
    await expect(page.getByText('FahrzeugMindestabstandStunden')).toHaveCount(0);
    const rows = page.getByRole('tabpanel').locator('[data-setting]');
    expect(await rows.count()).toBeGreaterThan(30);
    expect(
      await rows.evaluateAll(
        (els) => els.filter((e) => e.textContent?.includes(e.getAttribute('data-setting') ?? '')).length,
      ),
    ).toBe(0);

    // a time span stored in hours: entered as 2 days, stored as 48 hours, shown again as 2 days
    const gap = settingRow(page, 'FahrzeugMindestabstandStunden');
    await expect(gap.getByLabel('Mindestabstand zwischen zwei Buchungen', { exact: true })).toBeVisible();
    await gap.getByLabel('Mindestabstand zwischen zwei Buchungen', { exact: true }).fill('2');
    await gap.getByRole('combobox', { name: 'Einheit für Mindestabstand zwischen zwei Buchungen' }).click();
    await page.getByRole('option', { name: 'Tage', exact: true }).click();
    const saved = page.waitForResponse(
      (r) =>
        r.url().endsWith('/api/customizing/mandant/FahrzeugMindestabstandStunden') &&
        r.request().method() === 'PUT',
    );
    await gap.getByRole('button', { name: 'Speichern' }).click();
    expect((await saved).request().postDataJSON()).toEqual({ value: 48 });
    await expect(gap.getByText('Gespeichert')).toBeVisible();

    // the logbook report rhythm is one choice
    const rhythm = settingRow(page, 'FahrzeugReportIntervallMonate');
    await rhythm.getByRole('combobox', { name: 'Rhythmus des Fahrtenbuch-Reports' }).click();
    await expect(page.getByRole('option')).toHaveText([
      'Monatlich',
      'Quartalsweise',
      'Halbjährlich',
      'Jährlich',
    ]);
    await page.keyboard.press('Escape');

    // the weekday choice starts on Monday
    await settingRow(page, 'FahrzeugBuchungsfensterWochentag').getByRole('combobox').click();
    await expect(page.getByRole('option').nth(1)).toHaveText('Montag');
    await page.keyboard.press('Escape');

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({
      path: path.join(shots, 'admin-einstellungen-fahrzeug-de-desktop.png'),
      fullPage: true,
    });
    await page.setViewportSize({ width: 375, height: 800 });
    // Measured once the page has laid itself out for the new width (the frame animates its sidebars away).
    await expect
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
    await page.screenshot({
      path: path.join(shots, 'admin-einstellungen-fahrzeug-de-375.png'),
      fullPage: true,
    });

    // logo and privacy statement belong to the tenant level only
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect(page.getByRole('heading', { name: 'Logo und Datenschutz' })).toBeVisible();
    await page.getByRole('combobox', { name: 'Ebene' }).click();
    await page
      .getByRole('option', { name: /^Gruppe/ })
      .first()
      .click();
    await expect(page.getByRole('heading', { name: 'Logo und Datenschutz' })).toHaveCount(0);

    // English
    const english = await page.request.put('/api/customizing/benutzer/Sprache', { data: { value: 'en' } });
    expect(english.status()).toBe(200);
    await page.reload();
    await expect(page.getByRole('link', { name: 'Settings (tenant)', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'My settings', exact: true })).toBeVisible();
    await page.getByRole('tab', { name: 'Vehicle booking' }).click();
    await expect(page.getByRole('heading', { level: 3, name: 'Booking rules', exact: true })).toBeVisible();
    await expect(
      settingRow(page, 'FahrzeugMindestabstandStunden').getByLabel('Minimum gap between two bookings', {
        exact: true,
      }),
    ).toHaveValue('2');
    await page.screenshot({
      path: path.join(shots, 'admin-einstellungen-fahrzeug-en-desktop.png'),
      fullPage: true,
    });
    await page.setViewportSize({ width: 375, height: 800 });
    await page.screenshot({
      path: path.join(shots, 'admin-einstellungen-fahrzeug-en-375.png'),
      fullPage: true,
    });
  } finally {
    await page.request.put('/api/customizing/mandant/FahrzeugMindestabstandStunden', {
      data: { value: null },
    });
    await page.request.put('/api/customizing/benutzer/Sprache', { data: { value: null } });
  }
});
