/**
 * Live events say what changed, and every open page follows. Two sessions of the Musterstadt
 * administrator (two browsers): a group-level setting and a special opening time changed in one appear in
 * the other without a reload.
 *
 * The journey changes the per-week booking limit of the group "Alle Mitarbeitenden" (no other journey looks
 * at it) and resets it afterwards; the special opening time lies in 2033 and is deleted again.
 */
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, demoUser, MUSTERSTADT } from '../support/demo.ts';
import { signInTo } from '../support/session.ts';

const admin = demoUser('admin', MUSTERSTADT);
const GRUPPE = 'Alle Mitarbeitenden';
const OPTION = 'LeseraumMaximaleBuchungenAlsBuchenderProWoche';

const settingRow = (page: Page, name: string) => page.locator(`[data-setting="${name}"]`);

/** A marker in the page's memory: a reload would wipe it out. */
const markOpen = (page: Page) =>
  page.evaluate(() => {
    (globalThis as unknown as { stayedOpen: boolean }).stayedOpen = true;
  });
const stayedOpen = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as { stayedOpen?: boolean }).stayedOpen === true);

const openAdmin = async (context: BrowserContext) => {
  const page = await context.newPage();
  await signInTo(page, admin.email, admin.tenant.startPage);
  return page;
};

const openGroupCustomizing = async (page: Page) => {
  await page.goto('/admin/einstellungen');
  await page.getByRole('combobox', { name: 'Ebene' }).click();
  await page.getByRole('option', { name: `Gruppe: ${GRUPPE}` }).click();
  await page.getByRole('tab', { name: 'Leseraum' }).click();
  const row = settingRow(page, OPTION);
  await expect(row).toBeVisible();
  return row;
};

test.describe('live events between two administrators', () => {
  test('a group-level setting and a special opening time changed in one browser appear in the other without reload', async ({
    browser,
  }) => {
    test.slow(); // two browsers, each signing in, on a machine shared with another worker
    const first = await browser.newContext();
    const second = await browser.newContext();
    const beschreibung = `Live-Ereignis ${Date.now()}`;
    try {
      const editor = await openAdmin(first);
      const watcher = await openAdmin(second);

      // Group-level setting
      const watcherRow = await openGroupCustomizing(watcher);
      const watcherInput = watcherRow.getByRole('textbox');
      // Not set for the group: the control shows the tenant's (default) value.
      await expect(watcherInput).toHaveValue('5');
      await markOpen(watcher);
      const editorRow = await openGroupCustomizing(editor);
      await editorRow.getByRole('textbox').fill('7');
      await editorRow.getByRole('button', { name: 'Speichern' }).click();
      await expect(editorRow.getByText('Gespeichert')).toBeVisible();
      await expect(watcherInput).toHaveValue('7');
      await editorRow.getByRole('button', { name: 'Zurücksetzen' }).click();
      await expect(watcherInput).toHaveValue('5');
      expect(await stayedOpen(watcher)).toBe(true);

      // Special opening time
      await watcher.goto('/admin/oeffnungszeiten');
      await expect(watcher.getByRole('button', { name: 'Sonderöffnungszeit anlegen' })).toBeVisible();
      await markOpen(watcher);
      await editor.goto('/admin/oeffnungszeiten');
      await editor.getByRole('button', { name: 'Sonderöffnungszeit anlegen' }).click();
      const form = editor.getByRole('dialog', { name: 'Sonderöffnungszeit anlegen' });
      await form.getByLabel('Gültig von').fill('03.01.2033');
      await form.getByLabel('Gültig bis').fill('04.01.2033');
      await form.getByLabel('Beschreibung').fill(beschreibung);
      await form.getByRole('button', { name: 'Speichern' }).click();
      await expect(form).toBeHidden();

      const seen = watcher.getByRole('listitem').filter({ hasText: beschreibung });
      await expect(seen).toContainText('03.01.2033 – 04.01.2033');

      const entry = editor.getByRole('listitem').filter({ hasText: beschreibung });
      await entry.getByRole('button', { name: /löschen$/ }).click();
      await editor
        .getByRole('dialog', { name: 'Sonderöffnungszeit löschen?' })
        .getByRole('button', { name: 'Löschen' })
        .click();
      await expect(entry).toBeHidden();
      await expect(seen).toBeHidden();
      expect(await stayedOpen(watcher)).toBe(true);
    } finally {
      // leave the tenant as it was even when an expectation failed
      const api = first.request;
      await api.post('/api/auth/sign-in/email', { data: { email: admin.email, password: DEMO_PASSWORD } });
      const gruppen = (await (await api.get('/api/admin/gruppen')).json()) as { id: string; name: string }[];
      const gruppe = Array.isArray(gruppen) ? gruppen.find((g) => g.name === GRUPPE) : undefined;
      if (gruppe) await api.put(`/api/customizing/gruppen/${gruppe.id}/${OPTION}`, { data: { value: null } });
      await first.close();
      await second.close();
    }
  });
});
