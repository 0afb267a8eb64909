/** axe-core checks of the open page (WCAG 2.1 A and AA). */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** The few browser globals used inside page functions (the e2e tsconfig has no DOM library). */
type BrowserGlobals = { document: { getAnimations(): { playState: string }[] } };

/**
 * Serious and critical violations, each followed by its offending elements, so a failure names them.
 * `include` limits the check to a part of the page (a CSS selector).
 */
export const seriousViolations = async (page: Page, include?: string): Promise<string[]> => {
  // Measure the settled page: a fade-in still running would report every text as low-contrast.
  await page.waitForFunction(() =>
    (globalThis as unknown as BrowserGlobals).document
      .getAnimations()
      .every((a) => a.playState !== 'running'),
  );
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (include) builder = builder.include(include);
  const result = await builder.analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => [
      `${v.impact} ${v.id}: ${v.help}`,
      ...v.nodes.map(
        (n) => `  ${n.target.join(' ')}: ${(n.failureSummary ?? '').split('\n').slice(1).join(' ').trim()}`,
      ),
    ]);
};
