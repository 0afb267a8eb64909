/**
 * The reading room for keyboard, screen-reader and phone users, and what the screen shows of a
 * place: the focus stays on what was acted on (star, day, confirmation); axe-core finds nothing serious
 * with a hold in the sidebar; one name per seat state in map, list, legend and sidebar; at 375 px the list fits
 * without sideways scrolling and every place on the map is a tap target of at least 24 × 24 px; description and
 * conditions reach the booker; a favourite opened from the sidebar keeps the chosen day.
 *
 * Exclusive (runs alone): it switches its user's language to English and back.
 */
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import { werktagIn } from '../support/berlin.ts';
import { BEISPIELHAUSEN, demoUser } from '../support/demo.ts';
import { signInTo } from '../support/session.ts';

/** The accessible label of a day in the calendar ("D MMMM YYYY" in German). */
const tagLabel = (key: string) =>
  new Intl.DateTimeFormat('de-DE', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })
    .format(new Date(`${key}T12:00:00Z`))
    .replace('.', '');

const platz = (page: Page, name: string) => page.getByRole('button', { name: new RegExp(`^${name},`) });

/** What has the keyboard focus: tag, accessible hint and data attributes, 'BODY' when it fell to the page. */
const fokus = (page: Page) =>
  page.evaluate(() => {
    const el = (globalThis as unknown as { document: { activeElement: HTMLElementLike | null } }).document
      .activeElement;
    type HTMLElementLike = { tagName: string; getAttribute(name: string): string | null };
    return el
      ? {
          tag: el.tagName,
          label: el.getAttribute('aria-label'),
          buchung: el.getAttribute('data-buchung-id'),
        }
      : null;
  });

/** Elements of `main` reaching past the right edge of a `width` px screen, and the page's own sideways scroll. */
const zuBreit = (page: Page, width: number) =>
  page.locator('main').evaluate((main, w) => {
    type Box = { right: number; width: number };
    type El = {
      getBoundingClientRect(): Box;
      tagName: string;
      className: unknown;
      closest(s: string): unknown;
    };
    const doc = (main as unknown as { ownerDocument: { documentElement: { scrollWidth: number } } })
      .ownerDocument;
    const wide = [...(main as unknown as { querySelectorAll(s: string): El[] }).querySelectorAll('*')]
      // the plan scrolls inside its own box: its content is not the page's
      .filter((e) => !e.closest('[data-plan-viewport]') && e.getBoundingClientRect().right > w + 1)
      .slice(0, 5)
      .map((e) => `${e.tagName}.${String(e.className)}`.slice(0, 100));
    return { wide, scrollWidth: doc.documentElement.scrollWidth };
  }, width);

test.describe('the reading room, accessible', () => {
  test('focus, names, contrast, phone width, description and the favourite link, in German and English', async ({
    page,
  }) => {
    test.slow();
    const shots = path.join(test.info().project.outputDir, 'screenshots');
    const tag = werktagIn(2);
    const andererTag = werktagIn(3);
    // Platz 16 on the second weekday: no other journey books it
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInTo(page, demoUser('fuhrpark', BEISPIELHAUSEN).email, BEISPIELHAUSEN.startPage);
    await page.goto(`/leseraum/karte?tag=${werktagIn(1)}`);
    await expect(page.getByText(/Freie Plätze: \d+/)).toBeVisible();

    // choosing a day: the calendar's month buttons have names, the focus returns to the field
    await page.getByRole('button', { name: 'Tag', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Nächster Monat' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Vorheriger Monat' })).toBeVisible();
    if (tag.slice(0, 7) !== werktagIn(1).slice(0, 7))
      await page.getByRole('button', { name: 'Nächster Monat' }).click();
    await page.getByRole('button', { name: tagLabel(tag), exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`tag=${tag}`));
    await expect(page.getByRole('button', { name: 'Tag', exact: true })).toBeFocused();

    // the place's description and conditions: below the plan for the selected place, and in the dialog
    await platz(page, 'Platz 16').focus();
    await expect(page.getByTestId('platz-info')).toHaveText(
      'Platz 16: Einzelplatz Bedingungen: Bitte den Platz nach der Nutzung aufgeräumt verlassen.',
    );
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Platz 16' });
    await expect(dialog.getByText('Einzelplatz', { exact: true })).toBeVisible();
    await expect(
      dialog.getByRole('region', { name: 'Bedingungen' }).getByText('Bitte den Platz nach der Nutzung'),
    ).toBeVisible();

    // starring: the focus stays on the star, which now says what it does next
    await dialog.getByRole('button', { name: 'Platz 16 als Lieblingsplatz merken' }).click();
    const entfernen = dialog.getByRole('button', { name: 'Platz 16 aus den Lieblingsplätzen entfernen' });
    await expect(entfernen).toHaveAttribute('aria-pressed', 'true');
    await expect(entfernen).toBeFocused();
    expect(await seriousViolations(page), 'booking dialog').toEqual([]);

    await dialog.getByRole('button', { name: 'Vormerken' }).click();
    await expect(dialog).toBeHidden();
    // one name per seat state: the own hold is "Von Ihnen vorgemerkt" on the map, in the list, legend and sidebar
    await expect(platz(page, 'Platz 16')).toHaveAttribute('data-zustand', 'eigene_vormerkung');
    await expect(platz(page, 'Platz 16')).toHaveAccessibleName(/^Platz 16, Von Ihnen vorgemerkt/);
    const sidebar = page.getByRole('complementary', { name: 'Seitenleiste' });
    const karte = sidebar.locator('[data-buchung-id]').filter({ hasText: 'Platz 16' });
    await expect(karte.getByText('Von Ihnen vorgemerkt', { exact: true })).toBeVisible();
    await expect(sidebar.getByRole('listitem').filter({ hasText: 'Von Ihnen vorgemerkt' })).toHaveCount(1);
    // the hold's badge and everything else of the page with a hold in it
    expect(await seriousViolations(page), 'map with a hold').toEqual([]);
    await page.screenshot({ path: path.join(shots, 'leseraum-barrierefrei-de-desktop.png'), fullPage: true });

    // confirming: the focus stays with the booking
    await karte.getByRole('button', { name: 'Bestätigen' }).click();
    await expect(karte.getByText('Von Ihnen reserviert', { exact: true })).toBeVisible();
    await expect(karte).toBeFocused();
    expect((await fokus(page))?.tag).not.toBe('BODY');
    await expect(platz(page, 'Platz 16')).toHaveAttribute('data-zustand', 'eigene_reservierung');

    await page.goto(`/leseraum/liste?tag=${tag}`);
    const zeile = page.locator('tr[data-platz-id]').filter({ hasText: 'Platz 16' });
    await expect(zeile.getByText('Von Ihnen reserviert', { exact: true })).toBeVisible();
    expect(await seriousViolations(page), 'list with a reservation').toEqual([]);

    // a favourite opened from the sidebar keeps the chosen day
    await page.goto(`/leseraum/karte?tag=${andererTag}`);
    await expect(page.getByText(/Freie Plätze: \d+/)).toBeVisible();
    await sidebar.getByRole('link', { name: 'Platz 16' }).click();
    await expect(page.getByRole('dialog', { name: 'Platz 16' })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`tag=${andererTag}`));
    await page.keyboard.press('Escape');

    // 375 px: the list fits without sideways scrolling, the map's places are tap targets of 24 × 24 px or more
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(`/leseraum/liste?tag=${tag}`);
    await expect(zeile.getByText('Von Ihnen reserviert', { exact: true })).toBeVisible();
    await expect.poll(() => zuBreit(page, 375)).toEqual({ wide: [], scrollWidth: 375 });
    expect(await seriousViolations(page), 'list at 375 px').toEqual([]);
    await page.screenshot({
      path: path.join(shots, 'leseraum-barrierefrei-de-375-liste.png'),
      fullPage: true,
    });
    await page.goto(`/leseraum/karte?tag=${tag}`);
    await expect(platz(page, 'Platz 16')).toBeVisible();
    await expect.poll(() => zuBreit(page, 375)).toEqual({ wide: [], scrollWidth: 375 });
    const kleinste = await page.locator('[data-platz-id][role="button"]').evaluateAll((els) =>
      els.map((e) => {
        const box = (
          e as unknown as { getBoundingClientRect(): { width: number; height: number } }
        ).getBoundingClientRect();
        return Math.min(box.width, box.height);
      }),
    );
    expect(kleinste.length).toBe(22);
    expect(Math.min(...kleinste), 'smallest tap target in px').toBeGreaterThanOrEqual(24);
    // also zoomed out to the whole plan
    await page.getByRole('button', { name: 'Plan einpassen' }).click();
    const eingepasst = await page.locator('[data-platz-id][role="button"]').evaluateAll((els) =>
      els.map((e) => {
        const box = (
          e as unknown as { getBoundingClientRect(): { width: number; height: number } }
        ).getBoundingClientRect();
        return Math.min(box.width, box.height);
      }),
    );
    expect(Math.min(...eingepasst), 'smallest tap target of the fitted plan in px').toBeGreaterThanOrEqual(
      24,
    );
    expect(await seriousViolations(page), 'map at 375 px').toEqual([]);
    await page.screenshot({
      path: path.join(shots, 'leseraum-barrierefrei-de-375-karte.png'),
      fullPage: true,
    });

    // English: the same names, one per state
    const english = await page.request.put('/api/customizing/benutzer/Sprache', { data: { value: 'en' } });
    expect(english.status()).toBe(200);
    try {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(`/leseraum/karte?tag=${tag}`);
      await expect(page.getByText(/Free places: \d+/)).toBeVisible();
      const sidebarEn = page.getByRole('complementary', { name: 'Sidebar' });
      const karteEn = sidebarEn.locator('[data-buchung-id]').filter({ hasText: 'Platz 16' });
      await expect(karteEn.getByText('Reserved by you', { exact: true })).toBeVisible();
      await expect(sidebarEn.getByRole('listitem').filter({ hasText: 'Reserved by you' })).toHaveCount(1);
      await expect(sidebarEn.getByRole('listitem').filter({ hasText: 'Held by you' })).toHaveCount(1);
      await expect(platz(page, 'Platz 16')).toHaveAccessibleName(/^Platz 16, Reserved by you/);
      await page.getByRole('button', { name: 'Day', exact: true }).click();
      await expect(page.getByRole('button', { name: 'Next month' })).toBeVisible();
      await page.keyboard.press('Escape');
      await platz(page, 'Platz 16').click();
      const dialogEn = page.getByRole('dialog', { name: 'Platz 16' });
      await expect(dialogEn.getByRole('region', { name: 'Conditions' })).toBeVisible();
      expect(await seriousViolations(page), 'dialog (en)').toEqual([]);
      await page.screenshot({
        path: path.join(shots, 'leseraum-barrierefrei-en-desktop.png'),
        fullPage: true,
      });
      await page.keyboard.press('Escape');
      await page.setViewportSize({ width: 375, height: 740 });
      await page.goto(`/leseraum/liste?tag=${tag}`);
      await expect(page.locator('tr[data-platz-id]').filter({ hasText: 'Platz 16' })).toBeVisible();
      await expect.poll(() => zuBreit(page, 375)).toEqual({ wide: [], scrollWidth: 375 });
      await page.screenshot({
        path: path.join(shots, 'leseraum-barrierefrei-en-375-liste.png'),
        fullPage: true,
      });
    } finally {
      await page.request.put('/api/customizing/benutzer/Sprache', { data: { value: null } });
      await page.setViewportSize({ width: 1280, height: 900 });
    }

    // the journey leaves no booking and no favourite behind
    await page.goto(`/leseraum/karte?tag=${tag}`);
    await karte.getByRole('button', { name: 'Stornieren' }).click();
    await page
      .getByRole('dialog')
      .filter({ hasText: 'Platz 16' })
      .getByRole('button', { name: 'Stornieren' })
      .click();
    await expect(karte).toHaveCount(0);
    await platz(page, 'Platz 16').click();
    await page.getByRole('button', { name: 'Platz 16 aus den Lieblingsplätzen entfernen' }).click();
    await expect(page.getByRole('button', { name: 'Platz 16 als Lieblingsplatz merken' })).toBeFocused();
  });

  test("'Meine Einstellungen' shows the tenant's value beside the own one (R295)", async ({
    browser,
    page,
  }) => {
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await signInTo(admin, demoUser('admin', BEISPIELHAUSEN).email, BEISPIELHAUSEN.startPage);
    const tenant = (value: unknown) =>
      admin.request.put('/api/customizing/mandant/Tageszeit', { data: { value } });
    try {
      expect((await tenant('vormittags')).status()).toBe(200);
      await signInTo(page, demoUser('fuhrpark', BEISPIELHAUSEN).email, BEISPIELHAUSEN.startPage);
      await page.goto('/einstellungen');
      const row = page.locator('[data-setting="Tageszeit"]');
      await expect(row.getByText('Mandant: Vormittags', { exact: true })).toBeVisible();
      expect(await seriousViolations(page), '/einstellungen').toEqual([]);
      await row.scrollIntoViewIfNeeded();
      await page.screenshot({
        path: path.join(test.info().project.outputDir, 'screenshots', 'einstellungen-ebenen-de.png'),
      });
    } finally {
      await tenant(null);
      await adminContext.close();
    }
  });

  test("the view, the filter and the booking step come from the user's settings", async ({
    browser,
    page,
  }) => {
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await signInTo(admin, demoUser('admin', BEISPIELHAUSEN).email, BEISPIELHAUSEN.startPage);
    const takt = (value: unknown) =>
      admin.request.put('/api/customizing/mandant/LeseraumBuchungstakt', { data: { value } });
    const user = demoUser('fuhrpark', BEISPIELHAUSEN);
    await signInTo(page, user.email, BEISPIELHAUSEN.startPage);
    const set = async (name: string, value: unknown) =>
      expect(
        (await page.request.put(`/api/customizing/benutzer/${name}`, { data: { value } })).status(),
      ).toBe(200);
    try {
      await set('Ansicht', 'liste');
      await set('Filter', 'an');
      await page.goto('/leseraum');
      await expect(page).toHaveURL((url) => url.pathname === '/leseraum/liste');
      await expect(page.getByRole('switch', { name: 'Filter' })).toBeChecked();
      await expect(page.getByLabel('Nur freie Plätze')).toBeVisible();
      await page.goto('/arbeitswelt');
      await expect(page.getByRole('heading', { level: 1, name: 'Arbeitswelt – Liste' })).toBeVisible();

      // the booking step of 30 minutes: the hour fields step by it, and 09:10 is offered as 09:00
      expect((await takt(30)).status()).toBe(200);
      await page.goto(`/leseraum/karte?tag=${werktagIn(2)}&modus=stuendlich&von=09:10&bis=11:50`);
      const von = page.getByLabel('Von', { exact: true });
      await expect(von).toHaveValue('09:00');
      await expect(von).toHaveAttribute('step', '1800');
      await expect(page.getByLabel('Bis', { exact: true })).toHaveValue('12:00');
    } finally {
      await set('Ansicht', null);
      await set('Filter', null);
      await takt(null);
      await adminContext.close();
    }
    await page.goto('/leseraum');
    await expect(page).toHaveURL((url) => url.pathname === '/leseraum/karte');
    await expect(page.getByRole('switch', { name: 'Filter' })).not.toBeChecked();
  });
});
