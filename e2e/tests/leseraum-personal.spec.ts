import path from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import { naechsterTag, naechsterWerktag } from '../support/berlin.ts';
import { BEISPIELHAUSEN, demoUser } from '../support/demo.ts';
import { chooseBrowserLanguage } from '../support/language.ts';
import { signInTo } from '../support/session.ts';

/**
 * The booking staff's list of holds (R170) and the days nobody may book (R186, R362). Screenshots of the
 * list with entries go to the output folder (screenshots/).
 */

const platz = (page: Page, name: string) => page.getByRole('button', { name: new RegExp(`^${name},`) });

/** A full-page screenshot from the top (scrolled, the fixed header of the narrow layout would sit mid-page). */
const shoot = async (page: Page, name: string) => {
  await page.evaluate(() =>
    (globalThis as unknown as { scrollTo(x: number, y: number): void }).scrollTo(0, 0),
  );
  const dir = path.join(test.info().project.outputDir, 'screenshots');
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
};

/**
 * The staff's list with its entries, German and English, at 1280 px and 375 px, into the output folder
 * (screenshots/). The language is the staff user's own: switched back even when a step fails, other journeys
 * sign in as this user; the page is left on the list, in German, at 1280 px.
 */
const shootListe = async (page: Page, eintrag: Locator) => {
  const liste = page.url();
  const reihe = async (sprache: 'de' | 'en') => {
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      await eintrag.scrollIntoViewIfNeeded();
      await expect(eintrag).toBeVisible();
      await shoot(page, `leseraum-vormerkungen-bestaetigen-${sprache}-${width}`);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  };
  await reihe('de');
  // in this browser only: other journeys sign in as this user at the same time, in German
  await chooseBrowserLanguage(page, 'en');
  await page.goto(liste);
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm holds' })).toBeVisible();
  await reihe('en');
  await chooseBrowserLanguage(page, 'de');
  await page.goto(liste);
  await expect(page.getByRole('heading', { level: 1, name: 'Vormerkungen bestätigen' })).toBeVisible();
};

test('booking staff confirm one hold and decline another with a reason on their list', async ({
  browser,
  baseURL,
}) => {
  test.slow(); // three sign-ins
  const tag = naechsterWerktag();
  const headers = { origin: baseURL! };
  const booker = demoUser('mitarbeiter', BEISPIELHAUSEN);
  const NAMEN = ['Platz 17', 'Platz 13'];
  // the rooms' administration makes Platz 17 and Platz 13 places that booking staff confirm, for this journey only:
  // taken back at its end, with the booker's holds of them, whatever happens below (a retry starts as the first try)
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInTo(admin, demoUser('admin', BEISPIELHAUSEN).email, BEISPIELHAUSEN.startPage);
  const plaene = (await (
    await admin.request.get('/api/grundrisse?bereich=leseraum', { headers })
  ).json()) as {
    id: string;
    bezeichnung: string;
  }[];
  const grundrissId = plaene.find((p) => p.bezeichnung === 'Lesesaal Erdgeschoss')!.id;
  const plaetze = (
    (await (
      await admin.request.get(`/api/admin/raeume/grundrisse/${grundrissId}/plaetze`, { headers })
    ).json()) as {
      id: string;
      bezeichnung: string;
    }[]
  ).filter((p) => NAMEN.includes(p.bezeichnung));
  expect(plaetze).toHaveLength(2);
  const bookerContext = await browser.newContext();
  const bookerPage = await bookerContext.newPage();
  const staffContext = await browser.newContext();
  try {
    await admin.goto(`/admin/raeume?grundriss=${grundrissId}`);
    for (const name of NAMEN) {
      await admin.getByRole('button', { name: `Platz ${name} bearbeiten` }).click();
      const dialog = admin.getByRole('dialog', { name: `Platz ${name} bearbeiten` });
      await dialog.getByLabel('Vormerkungen bestätigt das Buchungspersonal').check();
      await dialog.getByRole('button', { name: 'Speichern' }).click();
      await expect(dialog).toBeHidden();
    }

    await signInTo(bookerPage, booker.email, BEISPIELHAUSEN.startPage);
    for (const name of NAMEN) {
      await bookerPage.goto(`/leseraum/karte?tag=${tag}`);
      await platz(bookerPage, name).click();
      await bookerPage.getByRole('dialog', { name }).getByRole('button', { name: 'Vormerken' }).click();
      await expect(
        bookerPage.getByText(new RegExp(`${name} ist vorgemerkt.*Buchungspersonal`)),
      ).toBeVisible();
      await expect(bookerPage.getByRole('dialog', { name })).toBeHidden();
    }

    const staff = await staffContext.newPage();
    await signInTo(staff, demoUser('freigabe', BEISPIELHAUSEN).email, BEISPIELHAUSEN.startPage);
    const menuEntry = staff.getByRole('link', { name: /^Vormerkungen bestätigen/ });
    await expect(menuEntry.getByLabel(/Vormerkungen? warte/)).toBeVisible();
    await menuEntry.click();
    await expect(staff.getByRole('heading', { level: 1, name: 'Vormerkungen bestätigen' })).toBeVisible();
    // the booker's hold of the place (the list holds every hold that waits for staff, of anyone)
    const karte = (name: string) =>
      staff.getByRole('article').filter({ hasText: name }).filter({ hasText: booker.email });
    await expect(karte('Platz 17')).toContainText(/Verfällt in/);
    await staff.mouse.move(0, 0); // the pointer rested on the menu entry just clicked (its hover colour)
    expect(await seriousViolations(staff)).toEqual([]);
    await shootListe(staff, karte('Platz 17'));

    await karte('Platz 17').getByRole('button', { name: 'Bestätigen' }).click();
    await expect(
      staff.getByText(/Platz 17 für mitarbeiter@beispielhausen\.example ist bestätigt\./),
    ).toBeVisible();
    await expect(karte('Platz 17')).toHaveCount(0);

    await karte('Platz 13').getByRole('button', { name: 'Ablehnen' }).click();
    const ablehnen = staff.getByRole('dialog', { name: 'Vormerkung ablehnen' });
    await ablehnen.getByRole('button', { name: 'Ablehnen' }).click();
    await expect(ablehnen.getByText('Bitte geben Sie einen Grund an.')).toBeVisible();
    await ablehnen.getByLabel('Grund').fill('Der Platz wird am Vormittag gereinigt');
    await ablehnen.getByRole('button', { name: 'Ablehnen' }).click();
    await expect(ablehnen).toBeHidden();
    await expect(
      staff.getByText('Momentan gibt es keine Vormerkungen, die bestätigt werden müssen.'),
    ).toBeVisible();

    // the booker sees the outcome in the sidebar: Platz 17 reserved, Platz 13 gone
    await bookerPage.goto(`/leseraum/karte?tag=${tag}`);
    const sidebar = bookerPage.getByRole('complementary', { name: 'Seitenleiste' });
    await expect(
      sidebar.locator('[data-buchung-id]').filter({ hasText: 'Platz 17' }).getByText('Reserviert'),
    ).toBeVisible();
    await expect(sidebar.locator('[data-buchung-id]').filter({ hasText: 'Platz 13' })).toHaveCount(0);
  } finally {
    // the booker's bookings of the two places on that day, then the places as the demo has them
    const liste = await bookerPage.request.get('/api/leseraum-buchungen?bereich=leseraum', { headers });
    if (liste.ok())
      for (const b of (await liste.json()) as {
        id: string;
        status: string;
        leseraum: { bezeichnung: string };
      }[])
        if (NAMEN.includes(b.leseraum.bezeichnung) && ['vorgemerkt', 'reserviert'].includes(b.status))
          await bookerPage.request.post(`/api/leseraum-buchungen/${b.id}/storno`, { headers });
    for (const p of plaetze)
      expect(
        (
          await admin.request.put(`/api/admin/raeume/plaetze/${p.id}`, {
            headers,
            data: { bezeichnung: p.bezeichnung, bestaetigungDurchPersonal: false },
          })
        ).status(),
      ).toBe(200);
    await adminContext.close();
    await bookerContext.close();
    await staffContext.close();
  }
});

test('a day nobody may book shows every place as not bookable with the reason; a partly taken place offers its free hours', async ({
  page,
  baseURL,
}) => {
  await signInTo(page, demoUser('freigabe', BEISPIELHAUSEN).email, BEISPIELHAUSEN.startPage);
  // Saturday: the reading room opens 10–14, but the booking rules allow Monday to Friday
  await page.goto(`/leseraum/karte?tag=${naechsterTag((d) => d === 6)}`);
  const hinweis = page.getByTestId('tag-nicht-buchbar');
  await expect(hinweis).toContainText('An diesem Tag kann nicht gebucht werden');
  await expect(hinweis).toContainText(
    'An diesem Wochentag kann nach den Buchungsregeln nicht gebucht werden.',
  );
  await expect(platz(page, 'Platz 20')).toHaveAttribute('data-zustand', 'geschlossen');
  expect(await seriousViolations(page)).toEqual([]);
  await platz(page, 'Platz 20').click();
  const dialog = page.getByRole('dialog', { name: 'Platz 20' });
  await expect(dialog.getByTestId('tag-gesperrt')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Vormerken' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // Sunday: closed
  await page.goto(`/leseraum/liste?tag=${naechsterTag((d) => d === 0)}`);
  await expect(page.getByTestId('tag-nicht-buchbar')).toContainText(
    'Der Bereich ist an diesem Tag geschlossen.',
  );

  // a weekday on which someone holds Platz 20 from 10 to 12: a full day is not offered, the free hours are
  const tag = naechsterWerktag();
  const other = await page.context().browser()!.newContext();
  const otherPage = await other.newPage();
  await signInTo(otherPage, demoUser('fuhrpark', BEISPIELHAUSEN).email, BEISPIELHAUSEN.startPage);
  const plaene = (await (
    await otherPage.request.get('/api/grundrisse?bereich=leseraum', { headers: { origin: baseURL! } })
  ).json()) as { id: string }[];
  const belegung = (await (
    await otherPage.request.get(`/api/grundrisse/${plaene[0]!.id}/belegung?tag=${tag}`, {
      headers: { origin: baseURL! },
    })
  ).json()) as { plaetze: { id: string; bezeichnung: string }[] };
  const platz20 = belegung.plaetze.find((p) => p.bezeichnung === 'Platz 20')!;
  const offset = (await otherPage.evaluate(
    (day) =>
      new Intl.DateTimeFormat('en', { timeZone: 'Europe/Berlin', timeZoneName: 'longOffset' })
        .format(new Date(`${day}T12:00:00Z`))
        .split('GMT')[1] || '+00:00',
    tag,
  )) as string;
  const held = await otherPage.request.post('/api/leseraum-buchungen', {
    headers: { origin: baseURL! },
    data: {
      modus: 'stuendlich',
      leseraumId: platz20.id,
      von: `${tag}T10:00:00${offset}`,
      bis: `${tag}T12:00:00${offset}`,
    },
  });
  expect(held.status()).toBe(201);
  await other.close();

  await page.goto(`/leseraum/karte?tag=${tag}`);
  await expect(page.getByTestId('tag-nicht-buchbar')).toHaveCount(0);
  await expect(platz(page, 'Platz 20')).toHaveAttribute('data-zustand', 'stundenweise_belegt');
  await platz(page, 'Platz 20').click();
  const frei = page.getByRole('dialog', { name: 'Platz 20' });
  const freieZeiten = frei.getByRole('region', { name: 'Freie Zeiten' });
  await expect(freieZeiten).toContainText('08:00–10:00');
  await expect(freieZeiten).toContainText('12:00–18:00');
  await expect(frei.getByRole('button', { name: 'Vormerken', exact: true })).toHaveCount(0);
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  await freieZeiten.getByRole('button', { name: '12:00–18:00 vormerken' }).click();
  await expect(frei).toBeHidden();
  // a fresh hold is the own hold's seat state, 'Von Ihnen vorgemerkt' (decision 141)
  await expect(platz(page, 'Platz 20')).toHaveAttribute('data-zustand', 'eigene_vormerkung');
});
