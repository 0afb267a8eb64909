import { expect, test } from '@playwright/test';
import { BEISPIELHAUSEN, PLATFORM_ADMIN } from '../support/demo.ts';
import { expectPath, signInTo } from '../support/session.ts';

test('the platform administrator adds a domain to a tenant and it is shown after a reload', async ({
  page,
}) => {
  const domain = `e2e-${Date.now()}.beispielhausen.example`;
  await signInTo(page, PLATFORM_ADMIN.email, PLATFORM_ADMIN.startPage);
  await page.goto('/admin/mandanten');
  await expectPath(page, '/admin/mandanten');
  await expect(page.getByRole('heading', { level: 1, name: 'Mandanten' })).toBeVisible();

  const card = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: BEISPIELHAUSEN.name }) });
  await expect(card).toContainText(BEISPIELHAUSEN.domain);
  await card.getByRole('button', { name: `Mandant ${BEISPIELHAUSEN.name} bearbeiten` }).click();

  const dialog = page.getByRole('dialog', { name: 'Mandant bearbeiten' });
  await expect(dialog).toBeVisible();
  // an invalid domain is refused at the field before anything is sent
  const domains = dialog.getByRole('combobox', { name: 'Domains' });
  await domains.fill('kein domain');
  await domains.press('Enter');
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(dialog.getByText(/ist ungültig/)).toBeVisible();
  // remove the two pills the bad input made, then add the real one
  await domains.press('Backspace');
  await domains.press('Backspace');
  await domains.fill(domain);
  await domains.press('Enter');
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(dialog).toBeHidden();
  await expect(card).toContainText(domain);

  await page.reload();
  const reloaded = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: BEISPIELHAUSEN.name }) });
  await expect(reloaded).toContainText(domain);
  await expect(reloaded).toContainText(BEISPIELHAUSEN.domain);

  // the platform administrator gives the tenant another administrator, who is invited
  const users = Number((await reloaded.getByText(/^Benutzer: \d+/).textContent())?.match(/\d+/)?.[0]);
  await reloaded.getByRole('button', { name: `Administrator anlegen – ${BEISPIELHAUSEN.name}` }).click();
  const adminDialog = page.getByRole('dialog');
  await adminDialog.getByLabel(/^Vorname/).fill('Paula');
  await adminDialog.getByLabel(/^Nachname/).fill('Plattform');
  await adminDialog.getByLabel(/^E-Mail-Adresse/).fill(`paula.${Date.now()}@beispielhausen.example`);
  await adminDialog.getByRole('button', { name: 'Anlegen und einladen' }).click();
  await expect(adminDialog).toBeHidden();
  await expect(reloaded.getByText(`Benutzer: ${users + 1}`)).toBeVisible();
});
