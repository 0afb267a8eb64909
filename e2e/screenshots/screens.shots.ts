/**
 * The screenshots of docs/screenshots/: reading room (map, list, booking dialog, own bookings, the
 * rooms admin's plan editor) and vehicles (list, timeline, approvals, licence checks, fleet administration),
 * each in German and English at desktop and phone width. Viewport only (not full page), so the files stay
 * small. Run with `npm run screenshots`.
 */
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { BEISPIELHAUSEN, type DemoTenant, demoUser, MUSTERSTADT } from '../support/demo.ts';
import { switchLanguage } from '../support/language.ts';
import { expectPath, submitLogin } from '../support/session.ts';

const OUT = path.resolve(import.meta.dirname, '../../docs/screenshots');
const WIDTHS = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;

/** The next weekday (Mon–Fri) after today in Berlin, not a Christmas holiday: bookable in the demo. */
const naechsterWerktag = (): string => {
  const heute = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());
  const day = new Date(`${heute}T12:00:00Z`);
  for (;;) {
    day.setUTCDate(day.getUTCDate() + 1);
    const key = day.toISOString().slice(0, 10);
    const weekday = day.getUTCDay();
    if (weekday >= 1 && weekday <= 5 && !key.endsWith('-12-25') && !key.endsWith('-12-26')) return key;
  }
};

const signInAs = async (page: Page, tenant: DemoTenant, lang: 'de' | 'en') => {
  await page.goto('/login');
  await switchLanguage(page, lang);
  await submitLogin(page, demoUser('admin', tenant).email);
  await expectPath(page, tenant.startPage);
};

const shoot = async (page: Page, name: string) => {
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: path.join(OUT, `${name}.png`), animations: 'disabled' });
};

for (const lang of ['de', 'en'] as const) {
  for (const [width, viewport] of Object.entries(WIDTHS)) {
    test(`reading room, ${lang}, ${width}`, async ({ page }) => {
      test.slow();
      await page.setViewportSize(viewport);
      await signInAs(page, BEISPIELHAUSEN, lang);
      const tag = naechsterWerktag();
      await page.goto(`/leseraum/karte?tag=${tag}&tageszeit=vormittags`);
      await expect(page.locator('g[data-platz-id]').first()).toBeVisible({ timeout: 30_000 });
      await shoot(page, `leseraum-karte-${lang}-${width}`);
      await page.locator('g[data-platz-id][data-zustand="frei"]').first().click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await shoot(page, `leseraum-buchung-${lang}-${width}`);
      // a hold, so "my bookings" shows one with its countdown and steps
      await page
        .getByRole('dialog')
        .getByRole('button', { name: lang === 'de' ? 'Vormerken' : 'Put on hold' })
        .click();
      await expect(page.getByRole('dialog')).toBeHidden();
      await page.goto(`/leseraum/liste?tag=${tag}&tageszeit=vormittags`);
      await expect(page.locator('tr[data-platz-id]').first()).toBeVisible({ timeout: 30_000 });
      await shoot(page, `leseraum-liste-${lang}-${width}`);
      if (width === 'phone') {
        await page.getByRole('button', { name: lang === 'de' ? 'Menü öffnen' : 'Open menu' }).click();
      }
      const sidebar = page.getByRole('complementary').locator('[data-buchung-id]').first();
      await sidebar.scrollIntoViewIfNeeded();
      await shoot(page, `leseraum-meine-buchungen-${lang}-${width}`);
      await page.goto('/admin/raeume');
      await page
        .getByRole('button', {
          name: lang === 'de' ? 'Plätze von Lesesaal Erdgeschoss' : 'Places of Lesesaal Erdgeschoss',
        })
        .click();
      await expect(page.getByTestId('platz-zeile').first()).toBeVisible();
      await shoot(page, `admin-raeume-${lang}-${width}`);
    });

    test(`vehicles, ${lang}, ${width}`, async ({ page }) => {
      test.slow();
      await page.setViewportSize(viewport);
      await signInAs(page, MUSTERSTADT, lang);
      for (const [name, url] of [
        ['fahrzeuge', '/fahrzeuge'],
        ['fahrzeuge-uebersicht', '/fahrzeuge/uebersicht'],
        ['fahrzeuge-freigaben', '/fahrzeuge/freigaben'],
        ['fahrzeuge-fuehrerschein', '/fahrzeuge/fuehrerschein'],
        ['admin-fahrzeuge', '/admin/fahrzeuge'],
      ] as const) {
        await page.goto(url);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await shoot(page, `${name}-${lang}-${width}`);
      }
    });
  }
}

/**
 * The single-sign-on settings in SAML mode before anything is saved: the SP metadata download with the
 * signing key and the MFA-trust switch; the section only, at desktop width and at 375 px.
 */
for (const lang of ['de', 'en'] as const) {
  for (const [width, viewport] of Object.entries({ ...WIDTHS, phone: { width: 375, height: 812 } })) {
    test(`single sign-on settings, ${lang}, ${width}`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await signInAs(page, MUSTERSTADT, lang);
      await page.goto('/admin/einstellungen');
      const section = page.locator('section[aria-labelledby="sso-title"]');
      await section.getByText('SAML 2.0', { exact: true }).click();
      await expect(
        section.getByRole('link', {
          name: lang === 'de' ? 'SP-Metadaten herunterladen' : 'Download SP metadata',
        }),
      ).toBeVisible();
      await page.waitForLoadState('networkidle');
      // the whole page, cut to the section: the sticky header would cover its top on screen
      const clip = await section.evaluate((el) => {
        const r = el.getBoundingClientRect();
        return { x: r.x + window.scrollX, y: r.y + window.scrollY, width: r.width, height: r.height };
      });
      await page.screenshot({
        path: path.join(OUT, `admin-sso-${lang}-${width}.png`),
        fullPage: true,
        clip,
        animations: 'disabled',
      });
    });
  }
}
