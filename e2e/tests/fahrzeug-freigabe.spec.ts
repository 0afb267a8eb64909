/**
 * Decisions 049 and 056: special-trip approvals and blocks in a real browser.
 * - A special trip booked through the API is approved by the approver on /fahrzeuge/freigaben; the booker's
 *   open page (second browser) receives the live event and its bookings answer the trip released.
 * - A fleet manager enters a maintenance block on /admin/fahrzeuge over a booking and moves it to another car.
 * - axe-core on the approvals page, with an entry and empty.
 *
 * The tenant setting FahrzeugBuchungAusserhalbBuchungszeiten is switched on for the journey and removed again.
 */
import { type APIRequestContext, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import { demoUser, MUSTERSTADT } from '../support/demo.ts';
import { signInTo } from '../support/session.ts';

const booker = demoUser('mitarbeiter', MUSTERSTADT);
const approver = demoUser('freigabe', MUSTERSTADT);
const fleet = demoUser('fuhrpark', MUSTERSTADT);
const admin = demoUser('admin', MUSTERSTADT);

/** `HH:mm` on the Berlin calendar day `days` from today, as ISO 8601 with its offset. */
const berlin = (days: number, hhmm: string): string => {
  const day = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Berlin' }).format(
    new Date(Date.now() + days * 86_400_000),
  );
  for (const offset of ['+01:00', '+02:00']) {
    const candidate = new Date(`${day}T${hhmm}:00${offset}`);
    const wall = new Intl.DateTimeFormat('sv-SE', {
      timeZone: 'Europe/Berlin',
      hour: '2-digit',
      minute: '2-digit',
    }).format(candidate);
    if (wall === hhmm) return `${day}T${hhmm}:00${offset}`;
  }
  throw new Error(`no Berlin time ${day} ${hhmm}`);
};

const origin = (page: Page) => ({ origin: new URL(page.url()).origin });

const api = async (page: Page, method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown) => {
  const request: APIRequestContext = page.request;
  const response = await request.fetch(path, { method, headers: origin(page), data });
  return { status: response.status(), body: (await response.json().catch(() => null)) as unknown };
};

const openAs = async (context: BrowserContext, user: { email: string; tenant: { startPage: string } }) => {
  const page = await context.newPage();
  await signInTo(page, user.email, user.tenant.startPage);
  return page;
};

type Fahrzeug = { id: string; kennzeichen: string };
type Buchung = {
  id: string;
  fahrzeug: { id: string; kennzeichen: string };
  aktionen: { freigegeben: boolean };
};

const fahrzeugId = async (page: Page, kennzeichen: string) => {
  const { body } = await api(page, 'GET', '/api/fahrzeuge');
  return (body as Fahrzeug[]).find((f) => f.kennzeichen === kennzeichen)!.id;
};

test.describe('special-trip approvals and blocks', () => {
  // three sign-ins and two browsers each: slow on a shared 2-core machine
  test.describe.configure({ timeout: 240_000 });
  test('an approver approves a special trip and the booker’s open page follows', async ({ browser }) => {
    const adminCtx = await browser.newContext();
    const bookerCtx = await browser.newContext();
    const approverCtx = await browser.newContext();
    try {
      const adminPage = await openAs(adminCtx, admin);
      const setting = await api(
        adminPage,
        'PUT',
        '/api/customizing/mandant/FahrzeugBuchungAusserhalbBuchungszeiten',
        {
          value: true,
        },
      );
      expect(setting.status).toBe(200);

      const bookerPage = await openAs(bookerCtx, booker);
      const approverPage = await openAs(approverCtx, approver);
      const { body: personen } = await api(bookerPage, 'GET', '/api/fahrzeug-buchungen/freigeber');
      const sabine = (personen as { id: string; name: string }[]).find((p) => p.name === 'Sabine Krüger')!;
      // days 15–24 ahead: apart from the timeline journey (day 8) and the booking journey (tomorrow), which use
      // the same cars, and a random day so reruns on one server do not meet their own bookings
      const tag = 15 + Math.floor(Math.random() * 10);
      const gebucht = await api(bookerPage, 'POST', '/api/fahrzeug-buchungen', {
        fahrzeugId: await fahrzeugId(bookerPage, 'MS-SW 103'),
        von: berlin(tag, '19:00'),
        bis: berlin(tag, '21:00'),
        anlass: 'Abendtermin Stadtrat',
        freigeberIds: [sabine.id],
      });
      expect(gebucht.status).toBe(201);
      const buchung = gebucht.body as Buchung;
      expect(buchung.aktionen.freigegeben).toBe(false);

      // "Meine Buchungen" names who must approve and that the decision is open (R153)
      await bookerPage.goto('/fahrzeuge');
      await bookerPage.getByRole('tab', { name: /Meine Buchungen/ }).click();
      const stand = bookerPage
        .locator(`[data-buchung-id="${buchung.id}"]`)
        .getByRole('region', { name: 'Freigabe der Sonderfahrt' });
      await expect(stand).toContainText('Sabine Krüger');
      await expect(stand).toContainText('Entscheidung offen');

      // the booker's open page listens for live events (as every page of the app does)
      await bookerPage.evaluate((id) => {
        const g = globalThis as unknown as {
          freigabeEvent?: boolean;
          EventSource: new (u: string) => { onmessage: (e: { data: string }) => void };
        };
        const source = new g.EventSource('/api/events');
        source.onmessage = (e) => {
          const event = JSON.parse(e.data) as { type?: string; id?: string };
          if (event.type === 'fahrzeug_buchung' && event.id === id) g.freigabeEvent = true;
        };
      }, buchung.id);

      // the approver sees the count in the menu and the trip on the approvals page
      await approverPage.goto('/fahrzeuge/freigaben');
      const menuEntry = approverPage.getByRole('link', { name: /Sonderfahrten freigeben/ });
      await expect(menuEntry.getByLabel(/Offene Freigaben: \d+/)).toBeVisible();
      const karte = approverPage
        .getByRole('article', { name: /MS-SW 103/ })
        .filter({ hasText: 'Abendtermin Stadtrat' });
      await expect(karte).toBeVisible();
      expect(await seriousViolations(approverPage)).toEqual([]);
      await karte
        .getByRole('button', { name: /^Sonderfahrt von Lena Hoffmann mit MS-SW 103 freigeben$/ })
        .click();
      await expect(
        approverPage.getByText('Die Sonderfahrt von Lena Hoffmann wurde freigegeben.'),
      ).toBeVisible();
      await expect(karte).toHaveCount(0);

      // within a second the booker's page has the event and its bookings say the trip is released
      await expect
        .poll(
          () =>
            bookerPage.evaluate(
              () => (globalThis as unknown as { freigabeEvent?: boolean }).freigabeEvent === true,
            ),
          {
            timeout: 1500,
          },
        )
        .toBe(true);
      const { body: eigene } = await api(bookerPage, 'GET', '/api/fahrzeug-buchungen?eigene=true');
      expect((eigene as Buchung[]).find((b) => b.id === buchung.id)?.aktionen.freigegeben).toBe(true);
      await bookerPage.reload();
      await bookerPage.getByRole('tab', { name: /Meine Buchungen/ }).click();
      await expect(stand).toContainText('Freigegeben');

      // nothing left: the empty state with the spec's text, not an error
      await approverPage.reload();
      await expect(
        approverPage
          .getByRole('status')
          .filter({ hasText: 'Momentan gibt es keine Buchungen, die Freigegeben werden müssen.' }),
      ).toBeVisible();
      expect(await seriousViolations(approverPage)).toEqual([]);
    } finally {
      const adminPage = adminCtx.pages()[0];
      if (adminPage)
        await api(adminPage, 'PUT', '/api/customizing/mandant/FahrzeugBuchungAusserhalbBuchungszeiten', {
          value: null,
        });
      await adminCtx.close();
      await bookerCtx.close();
      await approverCtx.close();
    }
  });

  test('a fleet manager blocks a car and moves the booking to another car', async ({ browser }) => {
    const bookerCtx = await browser.newContext();
    const fleetCtx = await browser.newContext();
    try {
      const bookerPage = await openAs(bookerCtx, booker);
      // days 15–24 ahead: apart from the timeline journey (day 8) and the booking journey (tomorrow), which use
      // the same cars, and a random day so reruns on one server do not meet their own bookings
      const tag = 15 + Math.floor(Math.random() * 10);
      const gebucht = await api(bookerPage, 'POST', '/api/fahrzeug-buchungen', {
        fahrzeugId: await fahrzeugId(bookerPage, 'MS-SW 101'),
        von: berlin(tag, '09:00'),
        bis: berlin(tag, '12:00'),
      });
      expect(gebucht.status).toBe(201);
      const buchung = gebucht.body as Buchung;

      const fleetPage = await openAs(fleetCtx, fleet);
      await fleetPage.goto('/admin/fahrzeuge');
      await fleetPage
        .getByRole('button', { name: 'Wartung, Service oder Defekt für MS-SW 101 eintragen' })
        .click();
      const dialog = fleetPage.getByRole('dialog', { name: /Sperre für .*MS-SW 101/ });
      await dialog.getByLabel('Art').selectOption('WARTUNG');
      await dialog.getByLabel('Beginn').fill(`${berlin(tag, '08:00').slice(0, 16)}`);
      await dialog.getByLabel('Ende').fill(`${berlin(tag, '18:00').slice(0, 16)}`);
      await dialog.getByRole('button', { name: 'Betroffene Buchungen anzeigen' }).click();
      const umbuchen = dialog.getByRole('checkbox', { name: /Lena Hoffmann.*umbuchen auf/ });
      await expect(umbuchen).toBeChecked();
      const label =
        (await umbuchen.getAttribute('aria-label')) ??
        (await dialog.getByText(/umbuchen auf/).textContent()) ??
        '';
      const ziel = /\((MS-SW \d+)\)\s*$/.exec(label.trim())?.[1];
      expect(ziel).toBeTruthy();
      await dialog.getByRole('button', { name: 'Sperre eintragen', exact: true }).click();
      await expect(
        fleetPage.getByText(/Sperre für MS-SW 101 eingetragen: 1 umgebucht, 0 storniert\./),
      ).toBeVisible();
      await expect(dialog.getByText(/^Wartung: /)).toBeVisible();

      const { body: eigene } = await api(bookerPage, 'GET', '/api/fahrzeug-buchungen?eigene=true');
      const moved = (eigene as (Buchung & { status: string })[]).find((b) => b.id === buchung.id);
      expect(moved?.fahrzeug.kennzeichen).toBe(ziel);
      expect(moved?.status).toBe('reserviert');
    } finally {
      await bookerCtx.close();
      await fleetCtx.close();
    }
  });
});
