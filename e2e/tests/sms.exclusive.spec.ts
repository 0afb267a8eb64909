/**
 * Decision 083: a code by SMS as second factor, through the SMS gateway that playwright.config.ts
 * starts (SMS_URL). The user enrols a mobile number on the security page with the first code, signs in again
 * with a code by SMS, and removes the number; the administrator's outbox lists the SMS without the codes.
 * Exclusive: the user's sign-in asks for a code while the journey runs; it ends with the number removed.
 */
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import { BEISPIELHAUSEN, DEMO_PASSWORD, demoUser } from '../support/demo.ts';
import { expectPath, signIn, signInTo } from '../support/session.ts';
import { receivedSmsCount, smsCodeTo } from '../support/sms.ts';

const SECURITY = '/einstellungen/sicherheit';
const NUMMER = '+491701234567';

const shoot = async (page: Page, name: string) => {
  const dir = path.join(test.info().project.outputDir, 'screenshots');
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
};

test('enrol a mobile number with a code by SMS, sign in with an SMS code, remove it; the outbox keeps no code', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const user = demoUser('freigabe', BEISPIELHAUSEN);
  await signInTo(page, user.email, user.startPage);
  await page.goto(SECURITY);
  const card = page.getByRole('region', { name: 'Code per SMS' });
  await expect(card).toBeVisible();

  // the number (a national one: it becomes +49…) and a name; the first code comes by SMS
  let after = receivedSmsCount();
  await card.getByLabel('Mobilnummer').fill('0170 1234567');
  await card.getByLabel('Name', { exact: true }).fill('Diensthandy');
  // adding a factor needs the password (decision 100)
  await card.getByLabel(/^Ihr Passwort/).fill(DEMO_PASSWORD);
  await card.getByRole('button', { name: 'Code senden' }).click();
  await expect(card.getByRole('status')).toContainText('+49 ••••••••67');
  const first = await smsCodeTo(NUMMER, after);
  await card.getByLabel('Code aus der SMS').fill(first);
  await card.getByRole('button', { name: 'Bestätigen' }).click();
  await expect(card.getByTestId('telefon-faktoren')).toContainText('Diensthandy');
  await expect(card.getByTestId('telefon-faktoren')).toContainText('Aktiv');
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'sms-faktor-de-desktop');

  // the next sign-in asks for a code by SMS after the password
  await page.goto('/?logout=true');
  await expectPath(page, '/login');
  await signIn(page, user.email);
  await expect(page.getByText('Wir senden Ihnen einen sechsstelligen Code per SMS')).toBeVisible();
  after = receivedSmsCount();
  await page.getByRole('button', { name: 'Code per SMS senden' }).click();
  await expect(page.getByRole('status')).toContainText('Der Code ist per SMS unterwegs');
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, 'sms-code-schritt-de-phone');
  const code = await smsCodeTo(NUMMER, after);
  const pin = page.getByRole('group', { name: 'Code aus der SMS' });
  await pin.getByRole('textbox').first().click();
  await page.keyboard.type(code);
  await expectPath(page, user.startPage);
  await page.setViewportSize({ width: 1280, height: 900 });

  // removed after confirming: the sign-in asks only for the password again
  await page.goto(SECURITY);
  await card.getByRole('button', { name: 'Diensthandy entfernen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mobilnummer entfernen?' });
  await dialog.getByRole('button', { name: 'Entfernen' }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByLabel('Mobilnummer')).toBeVisible();
  await page.goto('/?logout=true');
  await signInTo(page, user.email, user.startPage);

  // the tenant's user administrator sees the SMS in the outbox, without the codes
  await page.goto('/?logout=true');
  const admin = demoUser('admin', BEISPIELHAUSEN);
  await signInTo(page, admin.email, admin.startPage);
  await page.goto('/admin/postausgang');
  const outbox = page.getByTestId('sms-ausgang');
  await expect(outbox).toContainText('[entfernt]');
  await expect(outbox).toContainText('+49 ••••••••67');
  await expect(outbox).not.toContainText(first);
  await expect(outbox).not.toContainText(code);
  await page.getByRole('region', { name: 'SMS' }).scrollIntoViewIfNeeded();
  await shoot(page, 'sms-ausgang-de-desktop');
});
