/**
 * R081, decision 138: the administrator assigns a reader an own place in the user dialog; the reader's sidebar shows
 * it under "Mein Platz" on every day, and everyone else sees the place taken. Screenshots of the reader's sidebar at
 * 1280 px and 375 px go to the output folder (screenshots/). Platz 11 is a place no other journey books; the own
 * place is taken back at the end, so the reader and the place are as the other journeys expect them.
 */
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import { naechsterWerktag } from '../support/berlin.ts';
import { BEISPIELHAUSEN, demoUser } from '../support/demo.ts';
import { signInTo } from '../support/session.ts';

const admin = demoUser('admin', BEISPIELHAUSEN);
const reader = demoUser('mitarbeiter', BEISPIELHAUSEN);
const other = demoUser('freigabe', BEISPIELHAUSEN);
const PLATZ = 'Platz 11';
const PLAN = 'Lesesaal Erdgeschoss';

/** A full-page screenshot from the top (scrolled, the fixed header of the narrow layout would sit mid-page). */
const shoot = async (page: Page, name: string) => {
  await page.evaluate(() =>
    (globalThis as unknown as { scrollTo(x: number, y: number): void }).scrollTo(0, 0),
  );
  const dir = path.join(test.info().project.outputDir, 'screenshots');
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
};

const platzButton = (page: Page, name: string) => page.getByRole('button', { name: new RegExp(`^${name},`) });

test('the administrator assigns an own place; the reader sees it as "Mein Platz" on every day, others see it taken', async ({
  browser,
  baseURL,
}) => {
  test.slow(); // three sign-ins
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await signInTo(adminPage, admin.email, admin.startPage);
  // the reader's id, to take the place back whatever happens below
  const headers = { origin: baseURL! };
  const { items } = (await (
    await adminPage.request.get(`/api/admin/benutzer?q=${encodeURIComponent(reader.email)}`, { headers })
  ).json()) as { items: { id: string; email: string }[] };
  const readerId = items.find((u) => u.email === reader.email)?.id;
  expect(readerId).toBeDefined();
  const vorher = (await (
    await adminPage.request.get(`/api/admin/benutzer/${readerId}/leseraum`, { headers })
  ).json()) as { brandschutzhelfer: boolean; ersthelfer: boolean; eigenerPlatzId: string | null };
  expect(vorher.eigenerPlatzId).toBeNull();

  try {
    // 1. the user dialog, part "Leseraum und Arbeitswelt": Platz 11 of the ground-floor reading room
    await adminPage.goto(`/admin/benutzer?q=${encodeURIComponent(reader.email)}`);
    await adminPage.getByRole('button', { name: `${reader.email} bearbeiten` }).click();
    const dialog = adminPage.getByRole('dialog', { name: 'Benutzer bearbeiten' });
    const teil = dialog.getByRole('region', { name: 'Leseraum und Arbeitswelt' });
    await expect(teil).toBeVisible();
    await teil.getByLabel('Eigener Platz', { exact: true }).fill(PLATZ);
    await adminPage.getByRole('option', { name: `${PLATZ} (${PLAN})`, exact: true }).click();
    await teil.getByRole('button', { name: 'Leseraum-Angaben speichern' }).click();
    await expect(adminPage.getByText('Leseraum-Angaben gespeichert.')).toBeVisible();
    await adminPage.mouse.move(0, 0); // the pointer rested on the button just clicked (its hover colour)
    expect(await seriousViolations(adminPage, '[role="dialog"]')).toEqual([]);

    // 2. the reader: "Mein Platz" shows the place today and on another day, linking to its plan
    const readerContext = await browser.newContext();
    const readerPage = await readerContext.newPage();
    await signInTo(readerPage, reader.email, reader.startPage);
    const tag = naechsterWerktag();
    for (const url of ['/leseraum/karte', `/leseraum/karte?tag=${tag}`]) {
      await readerPage.goto(url);
      const sidebar = readerPage.getByRole('complementary', { name: 'Seitenleiste' });
      const meinPlatz = sidebar.getByTestId('eigener-platz');
      await expect(meinPlatz).toContainText(PLATZ);
      await expect(meinPlatz).toContainText(PLAN);
      await expect(meinPlatz).toContainText('Ihr eigener Platz, an jedem Öffnungstag');
      await expect(sidebar.getByRole('heading', { name: 'Mein Platz' })).toBeVisible();
    }
    // on the map of that day the place is the reader's own
    await expect(platzButton(readerPage, PLATZ)).toHaveAttribute('data-zustand', 'eigene_reservierung');
    expect(await seriousViolations(readerPage)).toEqual([]);
    for (const width of [1280, 375]) {
      await readerPage.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      // at 375 px the sidebar follows the page's content
      const meinPlatz = readerPage.getByTestId('eigener-platz').filter({ visible: true });
      await meinPlatz.scrollIntoViewIfNeeded();
      await expect(meinPlatz).toContainText(PLATZ);
      await shoot(readerPage, `leseraum-eigener-platz-de-${width}`);
    }
    await readerPage.setViewportSize({ width: 1280, height: 900 });
    // the link opens the place on its plan
    await readerPage
      .getByRole('complementary', { name: 'Seitenleiste' })
      .getByRole('link', { name: PLATZ })
      .click();
    await expect(readerPage.getByRole('dialog', { name: PLATZ })).toBeVisible();
    await readerContext.close();

    // 3. for everyone else the place is taken that day
    const otherContext = await browser.newContext();
    const otherPage = await otherContext.newPage();
    await signInTo(otherPage, other.email, other.startPage);
    await otherPage.goto(`/leseraum/karte?tag=${tag}`);
    await expect(platzButton(otherPage, PLATZ)).toHaveAttribute('data-zustand', 'belegt');
    await otherContext.close();
  } finally {
    // take the own place back: the reader and Platz 11 as the other journeys expect them
    const zurueck = await adminPage.request.put(`/api/admin/benutzer/${readerId}/leseraum`, {
      headers,
      data: vorher,
    });
    expect(zurueck.status()).toBe(200);
    await adminContext.close();
  }
});
