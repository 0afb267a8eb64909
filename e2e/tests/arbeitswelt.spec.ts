import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import { naechsterWerktag } from '../support/berlin.ts';
import { BEISPIELHAUSEN, demoUser } from '../support/demo.ts';
import { chooseBrowserLanguage } from '../support/language.ts';
import { signInTo } from '../support/session.ts';

test.describe('workspace and favourites', () => {
  test('a desk of the workspace is booked with the same engine, and becomes a favourite in the sidebar', async ({
    page,
  }) => {
    const tag = naechsterWerktag();
    await signInTo(page, demoUser('mitarbeiter', BEISPIELHAUSEN).email, BEISPIELHAUSEN.startPage);
    await page.goto(`/arbeitswelt/karte?tag=${tag}`);
    await expect(page.getByRole('button', { name: /^Schreibtisch 03,/ })).toHaveAttribute(
      'data-zustand',
      'frei',
    );
    await page.goto(`/arbeitswelt/liste?tag=${tag}`);
    await page.getByRole('button', { name: 'Schreibtisch 03 buchen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Schreibtisch 03' });
    await expect(dialog.getByText('08:00–18:00 Uhr')).toBeVisible();
    await dialog.getByRole('button', { name: 'Schreibtisch 03 als Lieblingsplatz merken' }).click();
    await expect(
      dialog.getByRole('button', { name: 'Schreibtisch 03 aus den Lieblingsplätzen entfernen' }),
    ).toHaveAttribute('aria-pressed', 'true');
    await dialog.getByRole('button', { name: 'Vormerken' }).click();
    const sidebar = page.getByRole('complementary', { name: 'Seitenleiste' });
    const karte = sidebar.locator('[data-buchung-id]').filter({ hasText: 'Schreibtisch 03' });
    await karte.getByRole('button', { name: 'Bestätigen' }).click();
    await expect(karte.getByText('Reserviert')).toBeVisible();
    await expect(sidebar.getByRole('link', { name: 'Schreibtisch 03' })).toBeVisible();
  });

  test('map, list and booking dialog in English have no untranslated text and no serious axe violations', async ({
    page,
  }) => {
    const tag = naechsterWerktag();
    await signInTo(page, demoUser('freigabe', BEISPIELHAUSEN).email, BEISPIELHAUSEN.startPage);
    await page.goto(`/leseraum/karte?tag=${tag}`);
    // in this browser only: other journeys sign in as this user at the same time, in German
    await chooseBrowserLanguage(page, 'en');
    for (const path of ['/leseraum/karte', '/leseraum/liste']) {
      await page.goto(`${path}?tag=${tag}`);
      await expect(page.getByText(/Free places: \d+/)).toBeVisible();
      expect(await seriousViolations(page), path).toEqual([]);
    }
    await page.getByRole('button', { name: 'Book Platz 09' }).click();
    const dialog = page.getByRole('dialog', { name: 'Platz 09' });
    await expect(dialog).toBeVisible();
    expect(await seriousViolations(page), 'booking dialog (en)').toEqual([]);
    await expect(dialog.getByText(/Vormerken|Abbrechen|Gebuchte Zeiten/)).toHaveCount(0);
    await page.keyboard.press('Escape');
  });
});
