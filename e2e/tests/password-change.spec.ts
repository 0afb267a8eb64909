import { expect, test } from '@playwright/test';
import { DEDICATED, DEMO_PASSWORD, TEXTS } from '../support/demo.ts';
import { expectPath, signIn, signInThroughFormTo, signInTo, signOut } from '../support/session.ts';

const NEW_PASSWORD = 'geaendertes-passwort-2026';

test('a user changes the password on /leseraum/passwort and signs in with the new one', async ({ page }) => {
  const user = DEDICATED.passwordChange;
  await signInTo(page, user.email, user.startPage);

  await page.goto('/leseraum/passwort');
  await expectPath(page, '/leseraum/passwort');
  await page.getByLabel(/^Aktuelles Passwort( \*)?$/).fill(DEMO_PASSWORD);
  await page.getByLabel(/^Neues Passwort( \*)?$/).fill(NEW_PASSWORD);
  await page.getByLabel(/^Neues Passwort wiederholen( \*)?$/).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Passwort ändern' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Passwort geändert' })).toBeVisible();

  await signOut(page, user.startPage);
  await signIn(page, user.email, DEMO_PASSWORD);
  await expect(page.getByText(TEXTS.invalidCredentials)).toBeVisible();
  await signInThroughFormTo(page, user.email, user.startPage, NEW_PASSWORD);
});
