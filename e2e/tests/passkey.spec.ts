/**
 * Decision 072: enrol a passkey on the security page with Chromium's virtual authenticator (Chrome
 * DevTools Protocol `WebAuthn`), name it, sign out, sign in with it instead of the password, rename and remove it.
 * The user is one of the unchanged demo users: a passkey changes nothing of their password sign-in.
 */
import { expect, test } from '@playwright/test';
import { BEISPIELHAUSEN, DEMO_PASSWORD, demoUser } from '../support/demo.ts';
import { expectPath, signInTo, signOut } from '../support/session.ts';

const user = demoUser('mitarbeiter', BEISPIELHAUSEN);

test('enrol a passkey, sign out, and sign in with it instead of the password', async ({ page }) => {
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
  await page.goto('/einstellungen/sicherheit');
  const section = page.getByRole('region', { name: 'Passkeys' });
  await expect(section.getByText('Sie haben noch keinen Passkey eingerichtet.')).toBeVisible();
  await section.getByLabel('Name des neuen Passkeys').fill('Laptop im Büro');
  await section.getByRole('button', { name: 'Passkey hinzufügen' }).click();
  // adding a factor needs the password (decision 100), asked before the browser's passkey dialog
  const passwordDialog = page.getByRole('dialog', { name: 'Passkey hinzufügen' });
  await passwordDialog.getByLabel(/^Ihr Passwort/).fill(DEMO_PASSWORD);
  await passwordDialog.getByRole('button', { name: 'Weiter' }).click();
  await expect(section.getByRole('status')).toHaveText('Der Passkey wurde eingerichtet.');
  await expect(section.getByTestId('passkeys').getByText('Laptop im Büro')).toBeVisible();

  await signOut(page);
  await page.getByRole('button', { name: 'Mit Passkey anmelden' }).click();
  await expectPath(page, user.startPage);

  // rename, then remove: the list follows
  await page.goto('/einstellungen/sicherheit');
  await section.getByRole('button', { name: 'Passkey „Laptop im Büro“ umbenennen' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill('Dienstlaptop');
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(section.getByTestId('passkeys').getByText('Dienstlaptop')).toBeVisible();
  await section.getByRole('button', { name: 'Passkey „Dienstlaptop“ entfernen' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Entfernen' }).click();
  await expect(section.getByText('Sie haben noch keinen Passkey eingerichtet.')).toBeVisible();

  // without a passkey the browser has nothing to offer: the login says so, in the catalogue's words
  await signOut(page);
  await page.getByRole('button', { name: 'Mit Passkey anmelden' }).click();
  await expect(page.getByRole('alert')).toContainText(/Passkey/);
});
