import { expect, test } from '@playwright/test';
import { DEDICATED } from '../support/demo.ts';
import { switchLanguage } from '../support/language.ts';
import { expectPath, loginForm, signInTo, submitLogin } from '../support/session.ts';

test.describe('language', () => {
  test('the login page is German by default', async ({ page }) => {
    await page.goto('/login');
    await expect(page.locator('html')).toHaveAttribute('lang', /^de/);
    await expect(page.getByLabel(/^Benutzername\b/)).toBeVisible();
  });

  test('switching to English persists across reload and sign-in', async ({ page }) => {
    const user = DEDICATED.languageBeforeSignIn;
    await page.goto('/login');
    await switchLanguage(page, 'en');

    await expect(page.getByLabel(/^User name\b/)).toBeVisible();
    await expect(page.getByLabel(/^Password( \*)?$/)).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', /^en/);

    await page.reload();
    await expect(page.getByLabel(/^User name\b/)).toBeVisible();

    // Server messages follow the language too.
    await submitLogin(page, user.email, 'not-the-password');
    await expect(
      page.getByRole('alert').filter({ hasText: 'User name or password is incorrect.' }),
    ).toBeVisible();

    await submitLogin(page, user.email);
    await expectPath(page, user.startPage);
    await expect(page.locator('html')).toHaveAttribute('lang', /^en/);
    await expect(page.getByText(/^(Logout|Log out|Sign out)$/).first()).toBeAttached();
    await expect(page.getByText(/^Abmelden$/)).toHaveCount(0);
  });

  test('a language chosen while signed in is kept for the user in another browser', async ({
    page,
    browser,
  }) => {
    const user = DEDICATED.languageOfUser;
    await signInTo(page, user.email, user.startPage);
    await expect(page.locator('html')).toHaveAttribute('lang', /^de/);
    const menu = page.getByRole('navigation').first();
    await expect(menu.getByRole('link', { name: 'Abmelden' })).toBeVisible();
    await switchLanguage(page, 'en');
    await expect(page.locator('html')).toHaveAttribute('lang', /^en/);
    await expect(menu.getByRole('link', { name: 'Logout' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Abmelden' })).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'Vehicles' })).toBeVisible();

    const other = await browser.newContext();
    try {
      const otherPage = await other.newPage();
      await otherPage.goto('/login');
      await expect(loginForm(otherPage).login).toBeVisible();
      await submitLogin(otherPage, user.email);
      await expectPath(otherPage, user.startPage);
      await expect(otherPage.locator('html')).toHaveAttribute('lang', /^en/);
    } finally {
      await other.close();
    }
  });
});
