import { expect, test } from '@playwright/test';
import { DEDICATED, DEMO_PASSWORD, demoUser, TEXTS } from '../support/demo.ts';
import { expectPath, signIn, signInTo } from '../support/session.ts';

const NEW_PASSWORD = 'neues-passwort-per-link-2026';

test('a user recovers the password with the link an administrator finds in the outbox', async ({
  page,
  browser,
}) => {
  const user = DEDICATED.recovery;

  // 1. Ask for a link. The page does not redirect away (spec §2).
  await page.goto('/auth/recovery');
  await page.getByLabel(/^E-Mail-Adresse( \*)?$/).fill(user.email);
  await page.getByRole('button', { name: 'Link senden' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Bitte prüfen Sie Ihr Postfach' })).toBeVisible();
  await expectPath(page, '/auth/recovery');

  // 2. The tenant's administrator finds the mail on the mailbox page (no SMTP_URL in the tests).
  const adminContext = await browser.newContext();
  let link: string;
  try {
    const admin = await adminContext.newPage();
    await signInTo(admin, demoUser('admin', user.tenant).email, user.tenant.startPage);
    await admin.goto('/admin/postausgang');
    const row = admin.getByRole('row').filter({ hasText: user.email }).first();
    await expect(row).toBeVisible();
    await row.getByRole('button').first().click();
    const dialog = admin.getByRole('dialog');
    await expect(dialog).toContainText(user.email);
    const text = (await dialog.textContent()) ?? '';
    const found = text.match(/https?:\/\/[^\s"'<>]*(?:reset-password|auth\/confirm)[^\s"'<>]*/);
    expect(found, `a recovery link in the mail:\n${text}`).not.toBeNull();
    link = found![0];
  } finally {
    await adminContext.close();
  }
  expect(link).toMatch(/^http:\/\/localhost:\d+\//);

  // 3. The link leads to /auth/confirm, where the new password is set.
  await page.goto(link);
  await expectPath(page, '/auth/confirm');
  const passwordFields = page.locator('input[type="password"]');
  // count() does not wait: let the lazily loaded form render first.
  await expect(passwordFields.first()).toBeVisible();
  const count = await passwordFields.count();
  expect(count).toBeGreaterThanOrEqual(1);
  for (let i = 0; i < count; i++) await passwordFields.nth(i).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Passwort speichern' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Passwort gespeichert' })).toBeVisible();

  // 4. The new password signs in; the old one no longer does.
  await page.context().clearCookies();
  await signIn(page, user.email, DEMO_PASSWORD);
  await expect(page.getByText(TEXTS.invalidCredentials)).toBeVisible();
  await signInTo(page, user.email, user.tenant.startPage, NEW_PASSWORD);
});
