import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';

/**
 * The accessibility check the journeys use (`seriousViolations`, which runs axe-core in the page itself, decision
 * 277) finds what axe-core's own Playwright integration finds: on a page built with serious and critical violations,
 * and on the login page, which has none.
 */
const builder = async (page: Parameters<typeof seriousViolations>[0]) =>
  (await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()).violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => [
      `${v.impact} ${v.id}: ${v.help}`,
      ...v.nodes.map(
        (n) => `  ${n.target.join(' ')}: ${(n.failureSummary ?? '').split('\n').slice(1).join(' ').trim()}`,
      ),
    ]);

test('the journeys’ accessibility check finds what AxeBuilder finds', async ({ page }) => {
  await page.setContent(`<!doctype html><html lang="de"><head><title>Prüfung</title></head><body><main>
    <h1>Prüfung</h1>
    <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">
    <p style="color:#bbb;background:#fff">kaum lesbar</p>
    <button></button>
    <section id="teil"><input type="text"></section>
  </main></body></html>`);
  const gefunden = await seriousViolations(page);
  // the same lines, each violation followed by its elements
  expect(gefunden).toEqual(await builder(page));
  const kurz = gefunden.filter((l) => !l.startsWith(' ')).map((l) => l.split(':')[0]!);
  expect(kurz.sort()).toEqual([
    'critical button-name',
    'critical image-alt',
    'critical label',
    'serious color-contrast',
  ]);
  expect(gefunden.some((l) => l.startsWith('  img: Element does not have an alt attribute'))).toBe(true);
  // limited to a part of the page: only what is in it
  expect((await seriousViolations(page, '#teil')).filter((l) => !l.startsWith(' '))).toEqual([
    'critical label: Form elements must have labels',
  ]);

  await page.goto('/login');
  await expect(page.getByLabel(/^Benutzername\b/)).toBeVisible();
  expect(await seriousViolations(page)).toEqual(await builder(page));
});
