/**
 * Two-step sign-in with an authenticator app (codes computed here with otpauth, as the app would),
 * the security screen's accessibility in German and English, and signing out all other devices from a second
 * browser context.
 */
import { type Browser, expect, type Page, test } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { seriousViolations } from '../support/axe.ts';
import { DEDICATED, DEMO_PASSWORD } from '../support/demo.ts';
import { switchLanguage } from '../support/language.ts';
import { expectPath, signIn } from '../support/session.ts';

const user = DEDICATED.zweiFaktor;
const SECURITY = '/einstellungen/sicherheit';

const totpOf = (secret: string) =>
  new OTPAuth.TOTP({
    secret: OTPAuth.Secret.fromBase32(secret),
    digits: 6,
    period: 30,
    algorithm: 'SHA1',
  });

const STEP_MS = 30_000;
/** The last time step whose code this journey used: the server accepts each step's code once (decision 100). */
let lastStep = 0;
/**
 * A code of a step not used yet, as the app shows it: the current step's, else the next one's (the server accepts
 * the step after the current one too); when that one is used as well, it waits for the next step to begin.
 */
const freshCode = async (totp: OTPAuth.TOTP): Promise<string> => {
  const step = Math.max(Math.floor(Date.now() / STEP_MS), lastStep + 1);
  while (step > Math.floor(Date.now() / STEP_MS) + 1) await new Promise((r) => setTimeout(r, 500));
  lastStep = step;
  return totp.generate({ timestamp: step * STEP_MS });
};

/** Password, then the six digits of the app's code (the code field submits when complete). */
const signInWithCode = async (page: Page, totp: OTPAuth.TOTP) => {
  await signIn(page, user.email);
  const code = page.getByRole('group', {
    name: /Code aus der Authenticator-App|Code from the authenticator app/,
  });
  await expect(code).toBeVisible();
  await code.getByRole('textbox').first().click();
  await page.keyboard.type(await freshCode(totp));
  await expectPath(page, user.startPage);
};

const openSecurity = async (page: Page) => {
  await page.goto(SECURITY);
  await expect(page.getByRole('heading', { level: 1, name: /^(Sicherheit|Security)$/ })).toBeVisible();
};

/** Starts an enrolment (password step) and returns the secret shown as text beside the QR code. */
const startEnrolment = async (page: Page, labels: { start: RegExp; password: RegExp; next: RegExp }) => {
  await page.getByRole('button', { name: labels.start }).click();
  // the authenticator card's own field: the passkey card asks for the password too (decision 100)
  const card = page.getByRole('region', { name: /^(Anmeldung in zwei Schritten|Two-step sign-in)$/ });
  await card.getByLabel(labels.password).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: labels.next }).click();
  await expect(page.getByTestId('totp-qr')).toBeVisible();
  return ((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s+/g, '');
};

/**
 * A second device signs in with one of the backup codes (a third app code would have to wait for the next time step:
 * the first two used the current step and the next).
 */
const newSignedInPage = async (browser: Browser, backupCode: string) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, user.email);
  await page.getByRole('button', { name: 'Stattdessen einen Backup-Code verwenden' }).click();
  await expect(
    page.getByText('Geben Sie einen Ihrer Backup-Codes ein. Jeder Code gilt nur einmal.'),
  ).toBeVisible();
  await page.getByLabel('Backup-Code').fill(backupCode);
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await expectPath(page, user.startPage);
  return page;
};

test('enrol an authenticator app, sign in with its code, and sign out all other devices', async ({
  page,
  browser,
}) => {
  // one long journey with six axe checks and three sign-ins
  test.setTimeout(240_000);
  await signIn(page, user.email);
  await expectPath(page, user.startPage);
  await openSecurity(page);
  expect(await seriousViolations(page)).toEqual([]);

  // German: the password step, then QR code and key; checked by axe, then cancelled
  const de = { start: /^Authenticator-App einrichten$/, password: /^Ihr Passwort/, next: /^Weiter$/ };
  const firstSecret = await startEnrolment(page, de);
  expect(firstSecret).toMatch(/^[A-Z2-7]{16,}$/);
  await expect(page.getByRole('img', { name: 'QR-Code zum Einrichten der Authenticator-App' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Abbrechen' }).click();

  // English: the same screen, then the enrolment is completed with the first code and a name
  await switchLanguage(page, 'en');
  await openSecurity(page);
  expect(await seriousViolations(page)).toEqual([]);
  const secret = await startEnrolment(page, {
    start: /^Set up an authenticator app$/,
    password: /^Your password/,
    next: /^Continue$/,
  });
  expect(await seriousViolations(page)).toEqual([]);
  const totp = totpOf(secret);
  await page.getByLabel('Name of the factor').fill('Work phone');
  await page.getByLabel(/^First code from the app/).fill(await freshCode(totp));
  await page.getByRole('button', { name: 'Confirm' }).click();
  const codes = page.getByTestId('backup-codes').getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const backupCodes = (await codes.allTextContents()).map((c) => c.trim());
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'I have saved the codes' }).click();
  await expect(page.getByRole('cell', { name: /^Work phone Authenticator app/ })).toBeVisible();
  await expect(page.getByText('Unused backup codes: 10')).toBeVisible();
  await switchLanguage(page, 'de');

  // signing in again asks for the code after the password
  await page.goto('/?logout=true');
  await expectPath(page, '/login');
  await signInWithCode(page, totp);

  // a second browser signs in too, with a backup code; the first one signs out all other devices
  const other = await newSignedInPage(browser, backupCodes[0]!);
  await openSecurity(page);
  const sessions = page.getByTestId('sitzungen').getByRole('row');
  await expect(sessions).not.toHaveCount(1);
  await expect(page.getByTestId('sitzungen').getByText('Dieses Gerät')).toHaveCount(1);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Alle anderen Geräte abmelden' }).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Alle anderen Geräte abmelden' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Abgemeldete Geräte:' })).toBeVisible();
  // header row and this device
  await expect(sessions).toHaveCount(2);
  // the backup code used is gone
  await expect(page.getByText('Unbenutzte Backup-Codes: 9')).toBeVisible();

  await other.goto(SECURITY);
  await expectPath(other, '/login');
  await other.context().close();

  // this device is still signed in
  await page.reload();
  await expectPath(page, SECURITY);
});
