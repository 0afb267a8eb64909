import { expect, type Page, test } from '@playwright/test';
import { BEISPIELHAUSEN, demoUser, MUSTERSTADT } from '../support/demo.ts';
import { signInTo } from '../support/session.ts';

const PRIVACY_PDF = Buffer.from(
  [
    '%PDF-1.4',
    '1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj',
    '2 0 obj <</Type /Pages /Kids [3 0 R] /Count 1>> endobj',
    '3 0 obj <</Type /Page /Parent 2 0 R /MediaBox [0 0 200 200]>> endobj',
    'trailer <</Root 1 0 R>>',
    '%%EOF',
    '',
  ].join('\n'),
);

/** A 1×1 PNG. */
const LOGO_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/** Upload a file with the "Datei auswählen" button of the panel titled `title` on /admin/einstellungen. */
const uploadIn = async (
  page: Page,
  title: string,
  file: { name: string; mimeType: string; buffer: Buffer },
) => {
  const panel = panelOf(page, title);
  const chooser = page.waitForEvent('filechooser');
  await panel.getByRole('button', { name: /^Datei (auswählen|ersetzen)$/ }).click();
  await (await chooser).setFiles(file);
  await expect(panel.getByRole('status').filter({ hasText: 'Die Datei wurde hochgeladen.' })).toBeVisible();
};

/** The panel (logo or privacy statement) titled `title` on /admin/einstellungen. */
const panelOf = (page: Page, title: string) =>
  page
    .locator('div')
    .filter({ has: page.getByRole('heading', { name: title, exact: true }) })
    .last();

test("an administrator replaces the tenant's privacy statement and logo, shown to that tenant only", async ({
  page,
  browser,
}) => {
  await signInTo(page, demoUser('admin', BEISPIELHAUSEN).email, BEISPIELHAUSEN.startPage);
  // the demo data brings a default privacy statement (spec §7), so the footer links it from the start
  await expect(page.getByRole('link', { name: 'Datenschutz', exact: true })).toBeVisible();
  await page.goto('/admin/einstellungen');
  await uploadIn(page, 'Datenschutzerklärung', {
    name: 'datenschutz.pdf',
    mimeType: 'application/pdf',
    buffer: PRIVACY_PDF,
  });
  await uploadIn(page, 'Logo', { name: 'logo.png', mimeType: 'image/png', buffer: LOGO_PNG });

  await page.goto(BEISPIELHAUSEN.startPage);
  const privacy = page.getByRole('link', { name: 'Datenschutz', exact: true });
  await expect(privacy).toBeVisible();
  const pdf = await page.request.get((await privacy.getAttribute('href'))!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  expect(Buffer.from(await pdf.body()).equals(PRIVACY_PDF)).toBe(true);
  await expect(page.getByRole('banner').getByRole('img', { name: BEISPIELHAUSEN.name })).toBeVisible();

  // The other tenant keeps its own files and never gets these.
  const other = await browser.newContext();
  try {
    const otherPage = await other.newPage();
    await signInTo(otherPage, demoUser('mitarbeiter', MUSTERSTADT).email, MUSTERSTADT.startPage);
    const otherPdf = await otherPage.request.get('/api/mandant/datenschutz');
    expect(Buffer.from(await otherPdf.body()).equals(PRIVACY_PDF)).toBe(false);
    const otherLogo = await otherPage.request.get('/api/mandant/logo');
    expect(Buffer.from(await otherLogo.body()).equals(LOGO_PNG)).toBe(false);
  } finally {
    await other.close();
  }
});

test('an administrator removes the privacy statement after confirming; the footer link goes away', async ({
  page,
}) => {
  await signInTo(page, demoUser('admin', BEISPIELHAUSEN).email, BEISPIELHAUSEN.startPage);
  await page.goto('/admin/einstellungen');
  const panel = panelOf(page, 'Datenschutzerklärung');
  await panel.getByRole('button', { name: 'Entfernen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Datenschutzerklärung entfernen?' });
  await dialog.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(dialog).toBeHidden();
  expect((await page.request.get('/api/mandant/datenschutz')).status()).toBe(200);

  await panel.getByRole('button', { name: 'Entfernen' }).click();
  await dialog.getByRole('button', { name: 'Entfernen' }).click();
  await expect(dialog).toBeHidden();
  await expect(panel.getByText('Noch keine Datei hochgeladen.')).toBeVisible();
  expect((await page.request.get('/api/mandant/datenschutz')).status()).toBe(404);
  await expect(page.getByRole('link', { name: 'Datenschutz', exact: true })).toHaveCount(0);

  // leave the tenant with a privacy statement again
  await uploadIn(page, 'Datenschutzerklärung', {
    name: 'datenschutz.pdf',
    mimeType: 'application/pdf',
    buffer: PRIVACY_PDF,
  });
  await expect(page.getByRole('link', { name: 'Datenschutz', exact: true })).toBeVisible();
});
