import { expect, test } from '@playwright/test';
import {
  BEISPIELHAUSEN,
  demoUser,
  MUSTERSTADT,
  PLATFORM_ADMIN,
  TEXTS,
  UNCHANGED_DEMO_USERS,
} from '../support/demo.ts';
import { expectPath, loginForm, signIn, signInTo, submitLogin } from '../support/session.ts';

test.describe('signing in', () => {
  test('a Musterstadt booker signs in with e-mail and lands on /fahrzeuge', async ({ page }) => {
    await signIn(page, demoUser('mitarbeiter', MUSTERSTADT).email);
    await expectPath(page, '/fahrzeuge');
  });

  test('a Beispielhausen booker signs in with user name and lands on /leseraum/karte', async ({ page }) => {
    await signIn(page, demoUser('mitarbeiter', BEISPIELHAUSEN).userName);
    await expectPath(page, '/leseraum/karte');
  });

  for (const user of UNCHANGED_DEMO_USERS) {
    test(`${user.email} signs in and lands on ${user.tenant.startPage}`, async ({ page }) => {
      await signInTo(page, user.email, user.tenant.startPage);
    });
  }

  test('the platform administrator signs in and lands on the start page of the first demo tenant', async ({
    page,
  }) => {
    await signInTo(page, PLATFORM_ADMIN.email, PLATFORM_ADMIN.tenant.startPage);
  });

  test('a wrong password and an unknown user get the same error', async ({ page }) => {
    await page.goto('/login');

    const attempt = async (login: string, password: string) => {
      const response = page.waitForResponse(
        (r) => r.url().includes('/api/auth/') && r.request().method() === 'POST',
      );
      await submitLogin(page, login, password);
      const answer = await response;
      const alert = page.getByRole('alert').filter({ hasText: TEXTS.invalidCredentials });
      await expect(alert).toBeVisible();
      return {
        status: answer.status(),
        body: await answer.text(),
        shown: (await alert.textContent())?.trim(),
      };
    };

    const wrongPassword = await attempt(demoUser('mitarbeiter', MUSTERSTADT).email, 'falsches-passwort');
    await page.reload();
    const unknownUser = await attempt(`niemand@${MUSTERSTADT.domain}`, 'falsches-passwort');

    expect(wrongPassword.status).toBeGreaterThanOrEqual(400);
    expect(unknownUser).toEqual(wrongPassword);
    await expectPath(page, '/login');
  });

  test('a signed-in user opening /login or / is taken to the start page', async ({ page }) => {
    await signInTo(page, demoUser('mitarbeiter', MUSTERSTADT).email, '/fahrzeuge');
    await page.goto('/login');
    await expectPath(page, '/fahrzeuge');
    await page.goto('/');
    await expectPath(page, '/fahrzeuge');
  });

  test('the login page offers the fields Benutzername and Passwort', async ({ page }) => {
    await page.goto('/login');
    const form = loginForm(page);
    await expect(form.login).toBeVisible();
    await expect(form.password).toBeVisible();
    await expect(form.password).toHaveAttribute('type', 'password');
  });
});
