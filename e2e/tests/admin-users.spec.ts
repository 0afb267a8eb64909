import { expect, type Page, test } from '@playwright/test';
import { demoUser, MUSTERSTADT } from '../support/demo.ts';
import { confirmLinkTo, receivedMailCount } from '../support/mail.ts';
import { expectPath, signIn, signInTo } from '../support/session.ts';

const NEW_PASSWORD = 'erstes-passwort-per-einladung-2026';

/**
 * The role the new user gets: "Fahrzeugpflege" holds fahrzeug_pflege only (demo seed). That opens the
 * administration with the areas that need no further right plus vehicles and settings, and no vehicle
 * booking (no fahrzeug_buchen).
 */
const ROLE = 'Fahrzeugpflege';
const ADMIN_AREAS_SHOWN = ['/admin/fahrzeuge', '/admin/einstellungen', '/admin/protokoll'];
const ADMIN_AREAS_HIDDEN = [
  '/admin/benutzer',
  '/admin/gruppen',
  '/admin/rollen',
  '/admin/lokationen',
  '/admin/raeume',
  '/admin/mandanten',
  '/admin/ausstattung',
  '/admin/oeffnungszeiten',
  '/admin/postausgang',
];

const linkTo = (page: Page, path: string) => page.locator(`a[href="${path}"]`);

test('an administrator creates a user with a role; the invited user sets a password, signs in and sees exactly the menus the role allows', async ({
  page,
  browser,
}) => {
  const email = `neu.${Date.now()}@musterstadt.example`;

  // 1. The administrator creates the user in the "admin user" dialog.
  const mailsBefore = receivedMailCount();
  await signInTo(page, demoUser('admin', MUSTERSTADT).email, MUSTERSTADT.startPage);
  await page.goto('/admin/benutzer');
  await expect(page.getByRole('heading', { level: 1, name: 'Benutzer' })).toBeVisible();
  await page.getByRole('button', { name: 'Benutzer anlegen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Benutzer anlegen' });
  await expect(dialog).toBeVisible();

  // the client checks with the contract's schema before anything is sent
  await dialog.getByRole('button', { name: 'Anlegen' }).click();
  await expect(dialog.getByText('Pflichtfeld').first()).toBeVisible();
  // spec §8: the form's message is the catalogue's text
  await expect(
    dialog.getByRole('alert').filter({ hasText: 'Bitte alle Pflichtfelder ausfüllen.' }),
  ).toBeVisible();

  await dialog.getByLabel(/^Vorname/).fill('Nora');
  await dialog.getByLabel(/^Nachname/).fill('Neumann');
  await dialog.getByLabel(/^E-Mail-Adresse/).fill(email);
  await dialog.getByRole('combobox', { name: 'Rollen' }).click();
  await page.getByRole('option', { name: ROLE, exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Anlegen' }).click();
  await expect(dialog).toBeHidden();

  // the list finds the new user by the search (debounced, kept in the URL)
  await page.getByRole('searchbox', { name: 'Suche' }).fill(email);
  await expect(page).toHaveURL(/[?&]q=/);
  await expect(page.getByRole('row').filter({ hasText: email })).toContainText(ROLE);

  // 2. The invitation arrives by mail; the outbox lists it without the link (decision 017).
  const link = await confirmLinkTo(email, mailsBefore);
  await page.goto('/admin/postausgang');
  const row = page.getByRole('row').filter({ hasText: email }).first();
  await expect(row).toBeVisible();
  await row.getByRole('button').first().click();
  const mail = page.getByRole('dialog');
  await expect(mail).toContainText(email);
  await expect(mail).toContainText('Einladung zu Stellwerk');
  await expect(mail).toContainText('[entfernt: nur der Empfänger sieht diesen Link oder Code]');
  await expect(mail).not.toContainText('token=');
  await page.keyboard.press('Escape');

  // 3. The new user sets the first password through the link.
  const userContext = await browser.newContext();
  try {
    const user = await userContext.newPage();
    await user.goto(link);
    await expectPath(user, '/auth/confirm');
    const passwordFields = user.locator('input[type="password"]');
    await expect(passwordFields.first()).toBeVisible();
    const count = await passwordFields.count();
    expect(count).toBeGreaterThanOrEqual(1);
    for (let i = 0; i < count; i++) await passwordFields.nth(i).fill(NEW_PASSWORD);
    await user.getByRole('button', { name: 'Passwort speichern' }).click();
    // setting the password signs in: without vehicle booking the start page is the reading-room map
    await expectPath(user, '/leseraum/karte');

    // 4. Signed in, the user sees exactly what the role allows.
    await user.context().clearCookies();
    await signIn(user, email, NEW_PASSWORD);
    await expect(user).toHaveURL((url) => !url.pathname.startsWith('/login'));
    await expect(linkTo(user, '/admin').first()).toBeVisible();
    // no vehicle booking without fahrzeug_buchen
    await expect(linkTo(user, '/fahrzeuge')).toHaveCount(0);

    await user.goto('/admin');
    await expectPath(user, '/admin');
    for (const area of ADMIN_AREAS_SHOWN) {
      await expect(linkTo(user, area).first(), `link to ${area}`).toBeVisible();
    }
    for (const area of ADMIN_AREAS_HIDDEN) {
      await expect(linkTo(user, area), `no link to ${area}`).toHaveCount(0);
    }
    await user.goto('/admin/benutzer');
    await expect(user.getByText('Keine Berechtigung für die Pflege von Benutzern.')).toBeVisible();
  } finally {
    await userContext.close();
  }
});
