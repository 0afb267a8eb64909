/**
 * Decisions 100 and 101: a user ends one chosen session from the session list (a button per other
 * device, asked first), and an administrator sees and revokes a user's passkey in the user dialog. Screenshots at
 * 1280 px and 375 px, German and English, go to the project's output folder (screenshots/) for a person to look at.
 * The user is one no other journey uses.
 */
import path from 'node:path';
import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { BEISPIELHAUSEN, DEDICATED, DEMO_PASSWORD, demoUser } from '../support/demo.ts';
import { switchLanguage } from '../support/language.ts';
import { expectPath, signInTo } from '../support/session.ts';

const user = DEDICATED.faktorSchutz;
const admin = demoUser('admin', BEISPIELHAUSEN);
const SECURITY = '/einstellungen/sicherheit';

const shoot = async (page: Page, name: string) => {
  const dir = path.join(test.info().project.outputDir, 'screenshots');
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
};

/** The language switch of the wide layout's menu (an open dialog closed first). */
const switchTo = async (page: Page, language: 'de' | 'en', reopen: () => Promise<void>) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/einstellungen');
  await switchLanguage(page, language);
  await reopen();
};

/** Screenshots at 1280 px and 375 px in German and English, back in German at 1280 px. */
const shootBoth = async (
  page: Page,
  name: string,
  reopen: () => Promise<void>,
  /** What the screenshot must show (scrolled into view, e.g. inside a dialog). */
  subject?: Locator,
) => {
  for (const language of ['de', 'en'] as const) {
    if (language === 'en') await switchTo(page, 'en', reopen);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      await subject?.scrollIntoViewIfNeeded();
      await shoot(page, `${name}-${language}-${width}`);
    }
  }
  await switchTo(page, 'de', reopen);
};

const signedInPage = async (browser: Browser, login: string, startPage: string) => {
  const page = await (await browser.newContext()).newPage();
  await signInTo(page, login, startPage);
  return page;
};

test('end one chosen session from the session list: that device is signed out, this one stays', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  const other = await signedInPage(browser, user.email, user.startPage);
  await signInTo(page, user.email, user.startPage);
  await page.goto(SECURITY);
  const table = page.getByTestId('sitzungen');
  const thisRow = table.getByRole('row').filter({ hasText: 'Dieses Gerät' });
  await expect(thisRow).toHaveCount(1);
  // this device has no button of its own: it signs out with the buttons below the list
  await expect(thisRow.getByRole('button')).toHaveCount(0);
  const buttons = table.getByRole('button', { name: /abmelden$/ });
  await expect(buttons).not.toHaveCount(0);
  await shootBoth(page, 'sitzung-beenden', async () => {
    await page.goto(SECURITY);
    await expect(page.getByTestId('sitzungen')).toBeVisible();
  });

  const before = await table.getByRole('row').count();
  await table
    .getByRole('button', { name: /abmelden$/ })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: 'Gerät abmelden' });
  await expect(dialog).toContainText('muss sich neu anmelden');
  await dialog.getByRole('button', { name: 'Abmelden' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'wurde abgemeldet' })).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(before - 1);

  // the ended device is sent to the sign-in at its next request; this one stays signed in
  await other.goto(SECURITY);
  await expectPath(other, '/login');
  await other.context().close();
  await page.reload();
  await expectPath(page, SECURITY);
});

test("an administrator sees a user's passkey in the user dialog and revokes it", async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  await signInTo(page, user.email, user.startPage);
  await page.goto(SECURITY);
  const section = page.getByRole('region', { name: 'Passkeys' });
  await section.getByLabel('Name des neuen Passkeys').fill('Büro-Laptop');
  await section.getByRole('button', { name: 'Passkey hinzufügen' }).click();
  const passwordDialog = page.getByRole('dialog', { name: 'Passkey hinzufügen' });
  await passwordDialog.getByLabel(/^Ihr Passwort/).fill(DEMO_PASSWORD);
  await passwordDialog.getByRole('button', { name: 'Weiter' }).click();
  await expect(section.getByRole('status')).toHaveText('Der Passkey wurde eingerichtet.');

  const adminPage = await signedInPage(browser, admin.email, admin.startPage);
  const openUser = async () => {
    await adminPage.goto(`/admin/benutzer?q=${encodeURIComponent(user.email)}`);
    await adminPage
      .getByRole('button', { name: new RegExp(`^(Edit )?${user.email}( bearbeiten)?$`) })
      .click();
    await expect(adminPage.getByTestId('benutzer-passkeys')).toBeVisible();
  };
  await openUser();
  const list = adminPage.getByTestId('benutzer-passkeys');
  await expect(list.getByText('Büro-Laptop')).toBeVisible();
  await shootBoth(adminPage, 'admin-passkeys', openUser, list);

  await list.getByRole('button', { name: /^Passkey „Büro-Laptop“ von .* widerrufen$/ }).click();
  const confirm = adminPage.getByRole('dialog', { name: 'Passkey widerrufen' });
  await expect(confirm).toContainText('protokolliert');
  await confirm.getByRole('button', { name: 'Widerrufen' }).click();
  await expect(adminPage.getByText(/hat keinen Passkey eingerichtet/)).toBeVisible();
  await adminPage.context().close();

  // the user's own list follows
  await page.reload();
  await expect(section.getByText('Sie haben noch keinen Passkey eingerichtet.')).toBeVisible();
});
