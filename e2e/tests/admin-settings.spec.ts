/**
 * Web side of the master data: typed settings reach an open page without a reload, opening hours
 * refuse an invalid time at its field, a location in use is not deleted.
 *
 * The settings journey changes a reading-room preselection (`Tageszeit`) of Bibliothek Beispielhausen at
 * tenant level and resets it afterwards: no other journey looks at it, so parallel journeys are not
 * affected (a tenant-wide `Sprache` or `Startseite` would change what they see).
 */
import { expect, type Page, test } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import { BEISPIELHAUSEN, DEMO_PASSWORD, demoUser, MUSTERSTADT } from '../support/demo.ts';
import { signInTo } from '../support/session.ts';

const admin = demoUser('admin', BEISPIELHAUSEN);
const booker = demoUser('mitarbeiter', BEISPIELHAUSEN);
const musterstadtAdmin = demoUser('admin', MUSTERSTADT);

/** The settings row of an option on /einstellungen or /admin/einstellungen. */
const settingRow = (page: Page, name: string) => page.locator(`[data-setting="${name}"]`);

test.describe('administration: settings, opening hours, locations', () => {
  test('a tenant setting changed by the administrator changes what a booker sees without a reload', async ({
    browser,
  }) => {
    const adminContext = await browser.newContext();
    const bookerContext = await browser.newContext();
    try {
      const bookerPage = await bookerContext.newPage();
      await signInTo(bookerPage, booker.email, booker.startPage);
      await bookerPage.goto('/einstellungen');
      const bookerRow = settingRow(bookerPage, 'Tageszeit');
      await expect(bookerRow.getByRole('combobox')).toHaveValue('Ganztags');
      await expect(bookerRow.getByText('Standard', { exact: true })).toBeVisible();
      // a marker that a reload would wipe out
      await bookerPage.evaluate(() => {
        (globalThis as unknown as { stayedOpen: boolean }).stayedOpen = true;
      });

      const adminPage = await adminContext.newPage();
      await signInTo(adminPage, admin.email, admin.startPage);
      await adminPage.goto('/admin/einstellungen');
      await adminPage.getByRole('tab', { name: 'Leseraum' }).click();
      const adminRow = settingRow(adminPage, 'Tageszeit');
      await expect(adminRow.getByText('Standard', { exact: true })).toBeVisible();
      await adminRow.getByRole('combobox').click();
      await adminPage.getByRole('option', { name: 'Vormittags' }).click();
      await adminRow.getByRole('button', { name: 'Speichern' }).click();
      await expect(adminRow.getByText('Gespeichert')).toBeVisible();
      await expect(adminRow.getByText('Überschrieben')).toBeVisible();

      // the booker's open page follows through the event stream
      await expect(bookerRow.getByRole('combobox')).toHaveValue('Vormittags');
      await expect(bookerRow.getByText('Vom Mandanten')).toBeVisible();
      expect(
        await bookerPage.evaluate(() => (globalThis as unknown as { stayedOpen?: boolean }).stayedOpen),
      ).toBe(true);

      // back to the default: the booker sees it again, still without a reload
      await adminRow.getByRole('button', { name: 'Zurücksetzen' }).click();
      await expect(adminRow.getByText('Standard', { exact: true })).toBeVisible();
      await expect(bookerRow.getByRole('combobox')).toHaveValue('Ganztags');
    } finally {
      // leave the tenant as it was even when an expectation failed
      const api = adminContext.request;
      await api.post('/api/auth/sign-in/email', { data: { email: admin.email, password: DEMO_PASSWORD } });
      await api.put('/api/customizing/mandant/Tageszeit', { data: { value: null } });
      await adminContext.close();
      await bookerContext.close();
    }
  });

  test('an invalid opening time is refused at its field with the spec message', async ({ page }) => {
    await signInTo(page, musterstadtAdmin.email, musterstadtAdmin.startPage);
    await page.goto('/admin/oeffnungszeiten');
    const von = page.getByRole('textbox', { name: 'Montag von' });
    await expect(von).toBeVisible();
    await von.fill('25:00');
    await page.getByRole('button', { name: 'Woche speichern' }).click();
    await expect(von).toHaveAttribute('aria-invalid', 'true');
    const monday = page.locator('tr[data-wochentag="1"]');
    await expect(monday.getByText('Zeit zum setzen ist kein valider String.')).toBeVisible();
    // the other fields are fine
    await expect(page.getByRole('textbox', { name: 'Montag bis' })).not.toHaveAttribute(
      'aria-invalid',
      'true',
    );
  });

  test('a location in use is not deleted and the server says why', async ({ page }) => {
    await signInTo(page, musterstadtAdmin.email, musterstadtAdmin.startPage);
    await page.goto('/admin/lokationen');
    await page.getByRole('button', { name: 'Betriebshof Nord löschen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Lokation löschen?' });
    await expect(dialog).toContainText('Betriebshof Nord');
    await dialog.getByRole('button', { name: 'Löschen' }).click();
    // the number of vehicles depends on the fleet journeys running on the same server (admin-fahrzeuge.spec adds one)
    await expect(dialog.getByRole('alert')).toContainText(
      /Die Lokation Betriebshof Nord wird noch verwendet \([4-9] Fahrzeuge, 0 Grundrisse\) und kann nicht gelöscht werden\./,
    );
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
    await expect(page.getByText('Betriebshof Nord')).toBeVisible();
  });

  test('closing a period over bookings lists them and cancels only after confirmation', async ({ page }) => {
    // No journey can create reading-room bookings yet, so the server's 409 answer for the first save is
    // played back here; the confirmed save goes to the real server.
    const bodies: { confirmCancel?: boolean }[] = [];
    await page.route('**/api/admin/grundrisse/*/sonderoeffnungszeiten', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      const body = route.request().postDataJSON() as { confirmCancel?: boolean };
      bodies.push(body);
      if (body.confirmCancel) return route.continue();
      return route.fulfill({
        status: 409,
        contentType: 'application/json',
        body: JSON.stringify({
          error: {
            code: 'oeffnungszeit.stornierung_bestaetigen',
            message: 'Im geschlossenen Zeitraum liegen 2 Buchungen.',
            params: { anzahl: 2 },
          },
          buchungen: [1, 2].map((n) => ({
            id: `00000000-0000-4000-8000-00000000000${n}`,
            von: `2031-01-0${n}T08:00:00.000Z`,
            bis: `2031-01-0${n}T16:00:00.000Z`,
            status: 'reserviert',
            leseraumId: '00000000-0000-4000-8000-000000000009',
            leseraum: `Platz ${n}`,
            buchender: `person${n}@musterstadt.example`,
          })),
        }),
      });
    });
    await signInTo(page, musterstadtAdmin.email, musterstadtAdmin.startPage);
    await page.goto('/admin/oeffnungszeiten');
    await page.getByRole('button', { name: 'Sonderöffnungszeit anlegen' }).click();
    const form = page.getByRole('dialog', { name: 'Sonderöffnungszeit anlegen' });
    await form.getByLabel('Gültig von').fill('01.01.2031');
    await form.getByLabel('Gültig bis').fill('02.01.2031');
    await form.getByLabel('Beschreibung').fill('Inventur');
    await form.getByRole('button', { name: 'Speichern' }).click();

    const confirm = page.getByRole('dialog', { name: 'Buchungen stornieren?' });
    await expect(confirm).toContainText(
      'Diese 2 Buchungen werden storniert und die Buchenden per E-Mail benachrichtigt',
    );
    await expect(confirm).toContainText('person1@musterstadt.example');
    await expect(confirm).toContainText('Platz 2');
    expect(bodies).toHaveLength(1);
    await confirm.getByRole('button', { name: 'Schließen und stornieren' }).click();
    await expect(confirm).toBeHidden();
    expect(bodies.map((b) => b.confirmCancel ?? false)).toEqual([false, true]);

    const entry = page.getByRole('listitem').filter({ hasText: 'Inventur' });
    await expect(entry).toContainText('01.01.2031 – 02.01.2031');
    await entry.getByRole('button', { name: /löschen$/ }).click();
    await page
      .getByRole('dialog', { name: 'Sonderöffnungszeit löschen?' })
      .getByRole('button', { name: 'Löschen' })
      .click();
    await expect(entry).toBeHidden();
  });

  test('closing a weekday over bookings lists them and saves only after confirmation', async ({ page }) => {
    // As above, the server's 409 for the first save is played back (no journey creates reading-room bookings
    // yet); the confirmed save and the one restoring the week go to the real server.
    const bodies: { confirmCancel?: boolean; tage: { wochentag: number; geoeffnet: boolean }[] }[] = [];
    await page.route('**/api/admin/grundrisse/*/oeffnungszeiten', async (route) => {
      if (route.request().method() !== 'PUT') return route.continue();
      const body = route.request().postDataJSON() as (typeof bodies)[number];
      bodies.push(body);
      if (body.confirmCancel || bodies.length > 1) return route.continue();
      return route.fulfill({
        status: 409,
        contentType: 'application/json',
        body: JSON.stringify({
          error: {
            code: 'oeffnungszeit.stornierung_bestaetigen',
            message: 'Im geschlossenen Zeitraum liegen 2 Buchungen.',
            params: { anzahl: 2 },
          },
          buchungen: [7, 8].map((n) => ({
            id: `00000000-0000-4000-8000-00000000000${n}`,
            von: `2031-01-0${n}T08:00:00.000Z`,
            bis: `2031-01-0${n}T11:00:00.000Z`,
            status: 'reserviert',
            leseraumId: '00000000-0000-4000-8000-000000000009',
            leseraum: `Platz ${n}`,
            buchender: `person${n}@musterstadt.example`,
          })),
        }),
      });
    });
    await signInTo(page, musterstadtAdmin.email, musterstadtAdmin.tenant.startPage);
    await page.goto('/admin/oeffnungszeiten');
    const wednesday = page.getByRole('switch', { name: 'Mittwoch geöffnet' });
    await expect(wednesday).toBeChecked();
    await wednesday.click({ force: true });
    await expect(wednesday).not.toBeChecked();
    await page.getByRole('button', { name: 'Woche speichern' }).click();

    const confirm = page.getByRole('dialog', { name: 'Buchungen stornieren?' });
    await expect(confirm).toContainText(
      'Diese 2 Buchungen werden storniert und die Buchenden per E-Mail benachrichtigt',
    );
    await expect(confirm).toContainText('person7@musterstadt.example');
    await expect(confirm).toContainText('Platz 8');
    await expect(page.getByRole('status').filter({ hasText: 'Gespeichert' })).toHaveCount(0);
    await confirm.getByRole('button', { name: 'Schließen und stornieren' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByText('Gespeichert', { exact: true })).toBeVisible();
    expect(bodies.map((b) => b.confirmCancel ?? false)).toEqual([false, true]);
    expect(bodies[1]!.tage.find((t) => t.wochentag === 3)?.geoeffnet).toBe(false);

    // The week was saved with Wednesday closed; open it again (nothing to cancel, no question).
    await page.reload();
    await expect(wednesday).not.toBeChecked();
    await wednesday.click({ force: true });
    await page.getByRole('button', { name: 'Woche speichern' }).click();
    await expect(page.getByText('Gespeichert', { exact: true })).toBeVisible();
    await expect(confirm).toBeHidden();
    expect(bodies).toHaveLength(3);
  });

  test('the master-data and settings pages have no serious accessibility violations', async ({ page }) => {
    await signInTo(page, musterstadtAdmin.email, musterstadtAdmin.startPage);
    for (const [path, heading] of [
      ['/admin/lokationen', 'Lokationen'],
      ['/admin/ausstattung', 'Ausstattung'],
      ['/admin/oeffnungszeiten', 'Öffnungszeiten und Sonderöffnungszeiten'],
      ['/admin/einstellungen', 'Einstellungen'],
      ['/einstellungen', 'Einstellungen'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      expect(await seriousViolations(page, 'main'), path).toEqual([]);
    }
  });
});
