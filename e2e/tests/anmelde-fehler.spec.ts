/**
 * A sign-in the authentication library cannot finish ends on the app's own page (decision 123), in
 * German and English, with a way back to /login and no link out of the app; a refused single sign-on of a
 * deactivated user is told so on /login in both languages.
 */
import { expect, test } from '@playwright/test';
import { switchLanguage } from '../support/language.ts';
import { expectPath } from '../support/session.ts';

test('/api/auth/error shows the app’s page, explains the code and leads back to sign-in', async ({
  page,
}) => {
  await page.goto('/api/auth/error?error=state_mismatch');
  await expectPath(page, '/auth/fehler');
  await expect(page.getByRole('heading', { name: 'Anmeldung nicht möglich' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('Die Anmeldung wurde unterbrochen');
  await expect(page.getByRole('alert')).toContainText('Fehlercode: state_mismatch');
  // every link stays in the app (its paths and the skip link)
  const hrefs = await page
    .locator('a[href]')
    .evaluateAll((links) => links.map((l) => l.getAttribute('href')));
  expect(hrefs.filter((href) => !/^(\/(?!\/)|#)/.test(href ?? ''))).toEqual([]);
  await switchLanguage(page, 'en');
  await expect(page.getByRole('heading', { name: 'Sign-in not possible' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('The sign-in was interrupted');
  await page.getByRole('link', { name: 'Back to sign-in' }).click();
  await expectPath(page, '/login');
});

test('a deactivated user refused by single sign-on is told the account is deactivated, in both languages', async ({
  page,
}) => {
  await page.goto('/login?sso_fehler=auth.sso_deaktiviert');
  await expect(page.getByRole('alert')).toContainText('Ihr Benutzerkonto ist deaktiviert.');
  await switchLanguage(page, 'en');
  await expect(page.getByRole('alert')).toContainText('Your user account is deactivated.');
});
