/** axe-core checks of the open page (WCAG 2.1 A and AA). */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** The few browser globals used inside page functions (the e2e tsconfig has no DOM library). */
type BrowserGlobals = { document: { getAnimations(): { playState: string }[] } };

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** axe-core's script, the version @axe-core/playwright brings. */
const AXE_SOURCE = readFileSync(
  createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright')).resolve(
    'axe-core/axe.min.js',
  ),
  'utf8',
);

type Violation = {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary: string }[];
};

/**
 * The violations of axe-core's run in the page itself: its script is put into the page once per document, and only
 * the violations come back. `AxeBuilder` puts the script into every frame again for each check and finishes the run in
 * a new blank page that gets the script too: twice the time for the same answer (decision 277). A page with frames
 * (the app has none) is checked by `AxeBuilder`, which looks into them.
 */
const violationsOf = async (page: Page, include?: string): Promise<Violation[]> => {
  if (page.frames().length > 1) {
    let builder = new AxeBuilder({ page }).withTags(TAGS);
    if (include) builder = builder.include(include);
    return (await builder.analyze()).violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? null,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target.map(String), failureSummary: n.failureSummary ?? '' })),
    }));
  }
  const loaded = await page.evaluate(() => typeof (globalThis as { axe?: unknown }).axe === 'object');
  if (!loaded) await page.evaluate(AXE_SOURCE);
  return page.evaluate(
    async ({ include, tags }) => {
      type AxeResult = {
        violations: (Violation & { nodes: { target: unknown[]; failureSummary?: string }[] })[];
      };
      const g = globalThis as unknown as {
        document: unknown;
        axe: { run(context: unknown, options: unknown): Promise<AxeResult> };
      };
      const result = await g.axe.run(include ? { include: [include] } : g.document, {
        runOnly: { type: 'tag', values: tags },
        // the passes, incomplete and inapplicable checks are not read: one example node each
        resultTypes: ['violations'],
      });
      return result.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes.map((n) => ({ target: n.target.map(String), failureSummary: n.failureSummary ?? '' })),
      }));
    },
    { include, tags: TAGS },
  );
};

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
  return (await violationsOf(page, include))
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => [
      `${v.impact} ${v.id}: ${v.help}`,
      ...v.nodes.map(
        (n) => `  ${n.target.join(' ')}: ${n.failureSummary.split('\n').slice(1).join(' ').trim()}`,
      ),
    ]);
};
