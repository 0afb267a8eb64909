/**
 * A location manager limited to their locations (decision 258): an administrator limits the fleet manager's role to
 * one location in the user dialog (at 375 px), and the manager's open utilisation screen, reloaded without signing in
 * again, offers and shows only that location. The shared demo user's limit is lifted again at the end. It runs in the
 * project `alone` (`.exclusive`): while the limit holds, the demo fleet manager's rights differ for everyone on that
 * server. Screenshots go to the project's output folder (screenshots/).
 */
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { demoUser, MUSTERSTADT } from '../support/demo.ts';
import { signInTo } from '../support/session.ts';

const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(test.info().project.outputDir, 'screenshots', name), fullPage: true });

const ORT = 'Verwaltung Rathausplatz';
const ANDERE = ['Verwaltungsgebäude', 'Betriebshof Nord'];

test('an administrator limits a fleet manager to one location, and the manager’s utilisation shows only it', async ({
  browser,
}) => {
  test.slow();
  const manager = demoUser('fuhrpark', MUSTERSTADT);
  const adminKontext = await browser.newContext({ serviceWorkers: 'block' });
  const managerKontext = await browser.newContext({ serviceWorkers: 'block' });
  const admin = await adminKontext.newPage();
  const fuhrpark = await managerKontext.newPage();

  // before: the manager's location filter offers every location with places
  await signInTo(fuhrpark, manager.email, MUSTERSTADT.startPage);
  await fuhrpark.goto('/admin/auslastung?bereich=plaetze&art=monat');
  await expect(fuhrpark.getByRole('heading', { level: 1, name: 'Büroauslastung' })).toBeVisible();
  await fuhrpark.getByRole('combobox', { name: 'Lokation', exact: true }).click({ timeout: 30_000 });
  await expect(fuhrpark.getByRole('option', { name: 'Verwaltungsgebäude' })).toBeVisible();
  await fuhrpark.keyboard.press('Escape');

  const dialogOeffnen = async () => {
    await admin.goto(`/admin/benutzer?q=${encodeURIComponent(manager.email)}`);
    await admin
      .getByRole('button', { name: new RegExp(`^${manager.email} bearbeiten$`) })
      .click({ timeout: 30_000 });
    return admin.getByRole('dialog', { name: 'Benutzer bearbeiten' });
  };

  await admin.setViewportSize({ width: 375, height: 800 });
  await signInTo(admin, demoUser('admin', MUSTERSTADT).email, MUSTERSTADT.startPage);
  try {
    let dialog = await dialogOeffnen();
    const gruppe = dialog.getByRole('group', { name: 'Rollen auf Lokationen begrenzen' });
    await expect(gruppe).toContainText('Leer lassen für den ganzen Mandanten');
    const auswahl = gruppe.getByLabel('Lokationen der Rolle Fuhrparkleitung');
    await auswahl.click({ timeout: 30_000 });
    await admin.getByRole('option', { name: ORT }).click({ timeout: 30_000 });
    await admin.keyboard.press('Escape');
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await gruppe.scrollIntoViewIfNeeded();
    await shot(admin, 'benutzer-standorte-de-375.png');
    await dialog.getByRole('button', { name: 'Speichern', exact: true }).click();
    await expect(admin.getByText('Die Änderungen an Thomas Becker wurden gespeichert.')).toBeVisible();

    // the manager's session takes the limit at once: reload, no new sign-in
    await fuhrpark.reload();
    await expect(fuhrpark.getByRole('heading', { level: 1, name: 'Büroauslastung' })).toBeVisible();
    await fuhrpark.getByRole('combobox', { name: 'Lokation', exact: true }).click({ timeout: 30_000 });
    await expect(fuhrpark.getByRole('option', { name: ORT })).toBeVisible();
    for (const andere of ANDERE) await expect(fuhrpark.getByRole('option', { name: andere })).toHaveCount(0);
    await shot(fuhrpark, 'auslastung-standort-begrenzt-de-1280.png');
    await fuhrpark.keyboard.press('Escape');

    // the dialog shows the stored limit when opened again
    dialog = await dialogOeffnen();
    await expect(dialog.getByRole('group', { name: 'Rollen auf Lokationen begrenzen' })).toContainText(ORT);
  } finally {
    // lift the limit again through the API: the demo user is shared with other journeys
    const status = await admin.evaluate(async (email) => {
      const liste = await (await fetch(`/api/admin/benutzer?q=${encodeURIComponent(email)}`)).json();
      const d = await (await fetch(`/api/admin/benutzer/${liste.items[0].id}`)).json();
      const r = await fetch(`/api/admin/benutzer/${d.id}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          vorname: d.vorname,
          nachname: d.nachname,
          email: d.email,
          rollenStandorte: [],
        }),
      });
      return r.status;
    }, manager.email);
    expect(status).toBe(200);
    await adminKontext.close();
    await managerKontext.close();
  }
});
