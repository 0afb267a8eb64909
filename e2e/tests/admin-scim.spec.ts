/**
 * Decision 071: an administrator creates a SCIM token on the users screen (shown once), an identity
 * provider uses it (here the journey's own HTTP client, shaped as Entra ID sends), and the administrator revokes it.
 */
import { expect, test } from '@playwright/test';
import { BEISPIELHAUSEN, demoUser } from '../support/demo.ts';
import { signInTo } from '../support/session.ts';

const admin = demoUser('admin', BEISPIELHAUSEN);

test('create a SCIM token, provision with it, revoke it', async ({ page, request }) => {
  await signInTo(page, admin.email, admin.startPage);
  await page.goto('/admin/benutzer');
  const section = page.getByRole('region', { name: 'Bereitstellung (SCIM)' });
  const name = `Entra ID ${Date.now()}`;
  await section.getByLabel('Name des neuen Tokens').fill(name);
  await section.getByRole('button', { name: 'Token erstellen' }).click();
  const token = ((await section.getByTestId('scim-token').textContent()) ?? '').trim();
  expect(token).toMatch(/^scim_/);

  const lookUp = await request.get('/scim/v2/Users', {
    params: { filter: 'userName eq "mitarbeiter@beispielhausen.example"' },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(lookUp.status()).toBe(200);
  expect((await lookUp.json()).totalResults).toBe(1);

  await section.getByRole('button', { name: 'Ich habe das Token gesichert' }).click();
  await expect(section.getByTestId('scim-token')).toHaveCount(0);
  const revoke = section.getByRole('button', { name: `Token „${name}“ widerrufen` });
  await revoke.click();
  await page.getByRole('dialog').getByRole('button', { name: 'Widerrufen' }).click();
  // the row's action button is labelled "Widerrufen" too: the revocation is done when the button is gone and
  // the row shows the state (checking only the text passed at once and raced the revocation under load)
  await expect(revoke).toHaveCount(0);
  await expect(section.getByRole('row', { name: new RegExp(name) }).getByText('Widerrufen')).toBeVisible();
  const refused = await request.get('/scim/v2/Users', { headers: { authorization: `Bearer ${token}` } });
  expect(refused.status()).toBe(401);
});
