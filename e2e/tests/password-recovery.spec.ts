import { expect, test } from '@playwright/test';
import { expectCaptchaSolved } from '../support/captcha.ts';
import { DEDICATED, DEMO_PASSWORD, demoUser, TEXTS } from '../support/demo.ts';
import { confirmLinkTo, receivedMailCount } from '../support/mail.ts';
import { expectPath, signIn, signInThroughFormTo, signInTo } from '../support/session.ts';

const NEW_PASSWORD = 'neues-passwort-per-link-2026';

test('a user recovers the password with the link from the mail and is signed in; the outbox shows the mail without the link', async ({
  page,
  browser,
}) => {
  const user = DEDICATED.recovery;

  // 1. Ask for a link. The page does not redirect away (spec §2).
  const mailsBefore = receivedMailCount();
  await page.goto('/auth/recovery');
  await page.getByLabel(/^E-Mail-Adresse( \*)?$/).fill(user.email);
  // The proof-of-work check solves itself in the browser, without a click (decision 076).
  await expectCaptchaSolved(page);
  await page.getByRole('button', { name: 'Link senden' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Bitte prüfen Sie Ihr Postfach' })).toBeVisible();
  await expectPath(page, '/auth/recovery');

  // 2. The link arrives by mail (the journeys' SMTP receiver stands in for the user's mailbox).
  const link = await confirmLinkTo(user.email, mailsBefore);
  expect(link).toMatch(/^http:\/\/localhost:\d+\/auth\/recovery\?token=/);

  // The tenant's administrator sees on the outbox page that the mail went out, but not the link (decision 017).
  const adminContext = await browser.newContext();
  try {
    const admin = await adminContext.newPage();
    await signInTo(admin, demoUser('admin', user.tenant).email, user.startPage);
    await admin.goto('/admin/postausgang');
    const row = admin.getByRole('row').filter({ hasText: user.email }).first();
    await expect(row).toBeVisible();
    await row.getByRole('button').first().click();
    const dialog = admin.getByRole('dialog');
    await expect(dialog).toContainText(user.email);
    await expect(dialog).toContainText('[entfernt: nur der Empfänger sieht diesen Link oder Code]');
    await expect(dialog).not.toContainText('token=');
    await expect(dialog).not.toContainText(new URL(link).searchParams.get('token') ?? link);
  } finally {
    await adminContext.close();
  }

  // 3. The link leads to /auth/recovery (the spec's route table), where the new password is set.
  await page.goto(link);
  await expectPath(page, '/auth/recovery');
  const passwordFields = page.locator('input[type="password"]');
  // count() does not wait: let the lazily loaded form render first.
  await expect(passwordFields.first()).toBeVisible();
  const count = await passwordFields.count();
  expect(count).toBeGreaterThanOrEqual(1);
  for (let i = 0; i < count; i++) await passwordFields.nth(i).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Passwort speichern' }).click();

  // 4. Setting the password signs the user in and goes to the start page.
  await expectPath(page, user.startPage);
  await expect(
    page.getByRole('navigation', { name: 'Hauptmenü' }).getByRole('link', { name: 'Abmelden' }),
  ).toBeVisible();
  expect((await page.request.get('/api/me')).status()).toBe(200);

  // 5. The new password signs in; the old one no longer does.
  await page.context().clearCookies();
  await signIn(page, user.email, DEMO_PASSWORD);
  await expect(page.getByText(TEXTS.invalidCredentials)).toBeVisible();
  await signInThroughFormTo(page, user.email, user.startPage, NEW_PASSWORD);
});
