/**
 * Decision 168: set up the personal calendar subscription on the security page at phone width, see the link once in
 * the subscribe dialog (copy, webcal, how-to), and the link answers an iCalendar feed without a session.
 */
import { expect, test } from '@playwright/test';
import { BEISPIELHAUSEN, demoUser } from '../support/demo.ts';
import { signInTo } from '../support/session.ts';

const user = demoUser('mitarbeiter', BEISPIELHAUSEN);

test.use({ viewport: { width: 375, height: 740 } });

test('set up a calendar subscription and subscribe with the link shown once', async ({
  page,
  playwright,
}, info) => {
  await signInTo(page, user.email, user.startPage);
  await page.goto('/einstellungen/sicherheit');
  const section = page.getByRole('region', { name: 'Kalender-Abo' });
  await expect(section.getByText('Sie haben noch kein Kalender-Abo.')).toBeVisible();
  await section.getByRole('checkbox', { name: 'Fahrzeugbuchungen' }).uncheck();
  await section.getByRole('button', { name: 'Kalender-Abo einrichten' }).click();
  const dialog = page.getByRole('dialog', { name: 'Kalender abonnieren' });
  const link = await dialog.getByLabel('Link für Ihre Kalender-App').inputValue();
  expect(link).toMatch(/\/api\/kalender\/kal_[A-Za-z0-9_-]{43}\.ics$/);
  await expect(dialog.getByRole('link', { name: 'In Kalender-App öffnen' })).toHaveAttribute(
    'href',
    link.replace(/^https?:/, 'webcal:'),
  );
  await page.screenshot({ path: info.outputPath('kalender-abo-dialog.png') });
  await dialog.getByRole('button', { name: 'Fertig' }).click();
  await expect(section.getByTestId('kalender-stand')).toContainText(link.split('/').pop()!.slice(0, 10));

  // the link alone (no cookies) answers the feed
  const anonym = await playwright.request.newContext();
  const feed = await anonym.get(new URL(new URL(link).pathname, page.url()).toString());
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  expect(await feed.text()).toContain('TZID:Europe/Berlin');
  await anonym.dispose();

  await section.getByRole('button', { name: 'Kalender-Abo beenden' }).click();
  await page
    .getByRole('dialog', { name: 'Kalender-Abo beenden' })
    .getByRole('button', { name: 'Kalender-Abo beenden' })
    .click();
  await expect(section.getByText('Sie haben noch kein Kalender-Abo.')).toBeVisible();
});
