import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { BEISPIELHAUSEN, demoUser, MUSTERSTADT } from '../support/demo.ts';
import { signInTo } from '../support/session.ts';

/** The few browser globals used inside page functions (the e2e tsconfig has no DOM library). */
type BrowserGlobals = { document: { getAnimations(): { playState: string }[] } };

/** Serious and critical axe-core violations of WCAG 2.1 A/AA on the open page, with the offending elements. */
const seriousViolations = async (page: Page): Promise<string[]> => {
  // Measure the settled page: a fade-in still running would report every text as low-contrast.
  await page.waitForFunction(() =>
    (globalThis as unknown as BrowserGlobals).document
      .getAnimations()
      .every((a) => a.playState !== 'running'),
  );
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => [
      `${v.impact} ${v.id}: ${v.help}`,
      ...v.nodes.map(
        (n) => `  ${n.target.join(' ')}: ${(n.failureSummary ?? '').split('\n').slice(1).join(' ').trim()}`,
      ),
    ]);
};

test.describe('accessibility', () => {
  test('the login page has no serious or critical axe-core violations', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByLabel(/^Benutzername\b/)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the vehicle start page has no serious or critical axe-core violations', async ({ page }) => {
    await signInTo(page, demoUser('mitarbeiter', MUSTERSTADT).email, MUSTERSTADT.startPage);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the reading-room start page has no serious or critical axe-core violations', async ({ page }) => {
    await signInTo(page, demoUser('mitarbeiter', BEISPIELHAUSEN).email, BEISPIELHAUSEN.startPage);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
