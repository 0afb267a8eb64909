import { expect, type Page, test } from '@playwright/test';
import { BEISPIELHAUSEN, demoUser, MUSTERSTADT, PLATFORM_ADMIN, TEXTS } from '../support/demo.ts';
import { expectPath, signInTo } from '../support/session.ts';

/** The admin areas of spec §2 that a tenant administrator with every right may open. */
const TENANT_ADMIN_AREAS = [
  '/admin/benutzer',
  '/admin/gruppen',
  '/admin/rollen',
  '/admin/lokationen',
  '/admin/raeume',
  '/admin/fahrzeuge',
  '/admin/einstellungen',
];

const linkTo = (page: Page, path: string) => page.locator(`a[href="${path}"]`);

test.describe('administration', () => {
  test("a booker opening /admin/benutzer gets the guard's error screen, and 'Reset Error' returns to the start page", async ({
    page,
  }) => {
    await signInTo(page, demoUser('mitarbeiter', MUSTERSTADT).email, MUSTERSTADT.startPage);
    await page.goto('/admin/benutzer');

    await expect(page.getByText(TEXTS.guardNoAdmin)).toBeVisible();
    await expect(page.getByText('403', { exact: false }).first()).toBeVisible();
    await expect(page.getByText('Keine Berechtigung für die Pflege von Benutzern.')).toHaveCount(0);

    await page.getByRole('button', { name: TEXTS.resetError }).click();
    await expectPath(page, MUSTERSTADT.startPage);
  });

  test('the tenant administrator sees every admin area except Mandanten', async ({ page }) => {
    await signInTo(page, demoUser('admin', MUSTERSTADT).email, MUSTERSTADT.startPage);
    await page.goto('/admin');
    await expectPath(page, '/admin');

    for (const area of TENANT_ADMIN_AREAS) {
      await expect(linkTo(page, area).first(), `link to ${area}`).toBeVisible();
    }
    await expect(linkTo(page, '/admin/mandanten')).toHaveCount(0);

    await page.goto('/admin/mandanten');
    await expect(page.getByText(TEXTS.guardNoPlatformAdmin)).toBeVisible();
    await expect(page.getByRole('button', { name: TEXTS.resetError })).toBeVisible();
  });

  test('a fleet manager sees only the admin areas the vehicle care right opens', async ({ page }) => {
    // fuhrpark@musterstadt holds fahrzeug_pflege (admin access; a settings right, decision 009), no user,
    // role/group, location-care or equipment right.
    await signInTo(page, demoUser('fuhrpark', MUSTERSTADT).email, MUSTERSTADT.startPage);
    await page.goto('/admin');
    await expectPath(page, '/admin');

    await expect(linkTo(page, '/admin/fahrzeuge').first()).toBeVisible();
    await expect(linkTo(page, '/admin/einstellungen').first()).toBeVisible();
    for (const area of [
      '/admin/benutzer',
      '/admin/gruppen',
      '/admin/rollen',
      '/admin/lokationen',
      '/admin/raeume',
      '/admin/mandanten',
      '/admin/postausgang',
    ]) {
      await expect(linkTo(page, area), `no link to ${area}`).toHaveCount(0);
    }

    await page.goto('/admin/lokationen');
    await expect(page.getByText(TEXTS.guardNoObjektPflege)).toBeVisible();
  });

  test('each admin route guard refuses with its own message', async ({ page, browser }) => {
    // fuhrpark@beispielhausen (Raumpflege) holds objekt_pflege and ausstattungs_pflege only.
    await signInTo(page, demoUser('fuhrpark', BEISPIELHAUSEN).email, BEISPIELHAUSEN.startPage);
    for (const open of ['/admin', '/admin/raeume', '/admin/lokationen', '/admin/einstellungen']) {
      await page.goto(open);
      await expectPath(page, open);
      await expect(page.getByRole('button', { name: TEXTS.resetError }), `${open} opens`).toHaveCount(0);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    }
    for (const [refused, message] of [
      ['/admin/benutzer', TEXTS.guardNoBenutzer],
      ['/admin/rollen', TEXTS.guardNoRolleGruppe],
      ['/admin/gruppen', TEXTS.guardNoRolleGruppe],
    ] as const) {
      await page.goto(refused);
      await expect(page.getByText(message), `${refused} refused`).toBeVisible();
      await expect(page.getByRole('button', { name: TEXTS.resetError })).toBeVisible();
    }

    // fahrzeugpflege@musterstadt holds fahrzeug_pflege only: admin access, no equipment or location care.
    const other = await browser.newContext();
    try {
      const vehicleCare = await other.newPage();
      await signInTo(vehicleCare, demoUser('fahrzeugpflege', MUSTERSTADT).email, MUSTERSTADT.startPage);
      await vehicleCare.goto('/admin/raeume');
      await expect(vehicleCare.getByText(TEXTS.guardNoAusstattung)).toBeVisible();
      await vehicleCare.goto('/admin/lokationen');
      await expect(vehicleCare.getByText(TEXTS.guardNoObjektPflege)).toBeVisible();
      // The mailbox lists who got which mail: the user right's, not every admin right's (decision 017).
      await vehicleCare.goto('/admin/postausgang');
      await expect(vehicleCare.getByText(TEXTS.guardNoPostausgang)).toBeVisible();
      await vehicleCare.goto('/admin/einstellungen');
      await expectPath(vehicleCare, '/admin/einstellungen');
      await expect(vehicleCare.getByRole('button', { name: TEXTS.resetError })).toHaveCount(0);
    } finally {
      await other.close();
    }
  });

  test('the tenant administrator opens each admin area from the menu', async ({ page }) => {
    await signInTo(page, demoUser('admin', MUSTERSTADT).email, MUSTERSTADT.startPage);
    for (const area of TENANT_ADMIN_AREAS) {
      await page.goto('/admin');
      await linkTo(page, area).first().click();
      await expectPath(page, area);
      await expect(page.getByRole('button', { name: TEXTS.resetError })).toHaveCount(0);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    }
  });

  test('the platform administrator sees Mandanten and opens it', async ({ page }) => {
    await signInTo(page, PLATFORM_ADMIN.email, PLATFORM_ADMIN.startPage);
    await page.goto('/admin');
    await linkTo(page, '/admin/mandanten').first().click();
    await expectPath(page, '/admin/mandanten');
    await expect(page.getByRole('heading', { name: 'Mandanten' })).toBeVisible();
    await expect(page.getByRole('button', { name: TEXTS.resetError })).toHaveCount(0);
  });
});
