import { expect, type Page, test } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import { naechsterWerktag } from '../support/berlin.ts';
import { BEISPIELHAUSEN, demoUser } from '../support/demo.ts';
import { signInTo } from '../support/session.ts';

const platz = (page: Page, name: string) => page.getByRole('button', { name: new RegExp(`^${name},`) });

test.describe('reading room', () => {
  test('a booker holds a seat on the map, confirms it, another booker sees it taken', async ({ browser }) => {
    test.slow(); // two browsers, each signing in
    const tag = naechsterWerktag();
    const bookerContext = await browser.newContext();
    const booker = await bookerContext.newPage();
    await signInTo(booker, demoUser('mitarbeiter', BEISPIELHAUSEN).email, BEISPIELHAUSEN.startPage);
    await booker.goto(`/leseraum/karte?tag=${tag}`);
    await expect(platz(booker, 'Platz 07')).toHaveAttribute('data-zustand', 'frei');

    await platz(booker, 'Platz 07').click();
    const dialog = booker.getByRole('dialog', { name: 'Platz 07' });
    await expect(dialog.getByText('08:00–18:00 Uhr')).toBeVisible();
    await dialog.getByRole('button', { name: 'Vormerken' }).click();
    await expect(
      booker.getByText(/Platz 07 ist vorgemerkt\. Bitte bestätigen Sie bis 08:00 Uhr\./),
    ).toBeVisible();
    // the booker's own hold has a state and a name of its own (decision 141)
    await expect(platz(booker, 'Platz 07')).toHaveAttribute('data-zustand', 'eigene_vormerkung');

    const sidebar = booker.getByRole('complementary', { name: 'Seitenleiste' });
    const karte = sidebar.locator('[data-buchung-id]').filter({ hasText: 'Platz 07' });
    await expect(karte.getByText('Vorgemerkt')).toBeVisible();
    await karte.getByRole('button', { name: 'Bestätigen' }).click();
    await expect(karte.getByText('Reserviert')).toBeVisible();
    await expect(platz(booker, 'Platz 07')).toHaveAttribute('data-zustand', 'eigene_reservierung');

    const otherContext = await browser.newContext();
    const other = await otherContext.newPage();
    await signInTo(other, demoUser('fuhrpark', BEISPIELHAUSEN).email, BEISPIELHAUSEN.startPage);
    await other.goto(`/leseraum/liste?tag=${tag}`);
    const row = other.locator('tr[data-platz-id]').filter({ hasText: 'Platz 07' });
    // the second browser's first load of the list: on a loaded CI machine (two browsers here, two workers) it
    // once took longer than the 10 s of other waits, so this one wait is bounded by the test's own time
    await expect(row.getByText('Belegt')).toBeVisible({ timeout: 30_000 });
    await row.getByRole('button', { name: 'Details' }).click();
    await expect(
      other.getByRole('dialog', { name: 'Platz 07' }).getByRole('button', { name: 'Vormerken' }),
    ).toHaveCount(0);

    await bookerContext.close();
    await otherContext.close();
  });

  test('a booker cancels a confirmed reservation from the sidebar after a confirmation', async ({ page }) => {
    await signInTo(page, demoUser('admin', BEISPIELHAUSEN).email, BEISPIELHAUSEN.startPage);
    await page.goto(`/leseraum/karte?tag=${naechsterWerktag()}`);
    await platz(page, 'Platz 10').click();
    await page.getByRole('dialog', { name: 'Platz 10' }).getByRole('button', { name: 'Vormerken' }).click();
    const sidebar = page.getByRole('complementary', { name: 'Seitenleiste' });
    const karte = sidebar.locator('[data-buchung-id]').filter({ hasText: 'Platz 10' });
    await karte.getByRole('button', { name: 'Bestätigen' }).click();
    await expect(karte.getByText('Reserviert')).toBeVisible();

    await karte.getByRole('button', { name: 'Stornieren' }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: 'Platz 10' });
    await confirm.getByRole('button', { name: 'Stornieren' }).click();
    await expect(karte).toHaveCount(0);
    await expect(platz(page, 'Platz 10')).toHaveAttribute('data-zustand', 'frei');
  });

  test('the plan is usable by keyboard: arrows move between places, Enter opens the booking dialog', async ({
    page,
  }) => {
    await signInTo(page, demoUser('freigabe', BEISPIELHAUSEN).email, BEISPIELHAUSEN.startPage);
    await page.goto(`/leseraum/karte?tag=${naechsterWerktag()}`);
    await platz(page, 'Platz 01').focus();
    await page.keyboard.press('ArrowRight');
    await expect(platz(page, 'Platz 02')).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(platz(page, 'Platz 04')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'Platz 04' })).toBeVisible();
  });

  test('map and list have no serious or critical axe-core violations', async ({ page }) => {
    await signInTo(page, demoUser('freigabe', BEISPIELHAUSEN).email, BEISPIELHAUSEN.startPage);
    for (const path of ['/leseraum/karte', '/leseraum/liste']) {
      await page.goto(`${path}?tag=${naechsterWerktag()}`);
      await expect(page.getByText(/Freie Plätze: \d+/)).toBeVisible();
      expect(await seriousViolations(page), path).toEqual([]);
    }
  });
});
