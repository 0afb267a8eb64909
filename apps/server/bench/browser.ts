/**
 * Browser measurement of the reading-room plan (`npm run bench:browser`, not part of `npm test`): a 1,000-place plan
 * (buildLeseraumBenchData, about 200,000 bookings) served by the real server (test harness, the built web app
 * from apps/web/dist), opened in Debian's chromium. Measured with the Performance API inside the page:
 *
 * - data → drawn: from the `belegung` response's `responseEnd` (Resource Timing) to the mark
 *   `stellwerk:plan-gezeichnet` the plan sets after the frame that shows its places;
 * - data → hover answered: a pointer over a place, answered when the next frame after its handlers ran;
 * - data → click answered: a click on a place, answered when its booking dialog is in the page and painted;
 *   hover and click are fired the moment the places are drawn, so these are "data arriving → interactive";
 * - frame times (requestAnimationFrame deltas) during scripted wheel scrolling and zooming (+, −, fit).
 *
 * Several page loads (BENCH_RUNS, default 5), p50/p95/max printed. Environment: CHROMIUM_PATH (default
 * /usr/bin/chromium), BENCH_DRIVER (`pglite` default, or `pg` with TEST_DATABASE_URL). Build the web app
 * first (`npm run build -w @stellwerk/web`). Goal: interactive within 200 ms of the data arriving.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import type { TestDriver } from '../src/db/test-database';
import { startTestServer } from '../test/harness';
import { leseraumPlanBauen } from './leseraum';
import { percentile } from './messen';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const driver = (process.env.BENCH_DRIVER ?? 'pglite') as TestDriver;
const webDist = path.resolve(import.meta.dirname, '../../web/dist/index.html');

const stats = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    max: sorted.at(-1) ?? Number.NaN,
  };
};
const ms = (n: number) => `${n.toFixed(1)} ms`;

/**
 * Installed before the app loads (page code as a string: the server's TypeScript has no DOM types): waits for
 * the plan's mark, then at once hovers and clicks a place and records when each is answered (window.__bench).
 */
const INSTRUMENT = `
  const bench = {};
  window.__bench = bench;
  const afterPaint = (fn) => requestAnimationFrame(() => setTimeout(fn, 0));
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.name !== 'stellwerk:plan-gezeichnet' || bench.drawn !== undefined) continue;
      bench.drawn = entry.startTime;
      const places = document.querySelectorAll('g[data-platz-id]');
      const target = places[Math.floor(places.length / 2)];
      if (!target) continue;
      // hover: the pointer enters a place; answered when the frame after its handlers is painted
      target.dispatchEvent(new PointerEvent('pointerover', { bubbles: true }));
      target.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
      afterPaint(() => {
        bench.hover = performance.now();
        // click: answered when the booking dialog is in the page and painted
        const observer = new MutationObserver(() => {
          if (!document.querySelector('[role="dialog"]')) return;
          observer.disconnect();
          afterPaint(() => { bench.click = performance.now(); });
        });
        observer.observe(document.body, { childList: true, subtree: true });
        target.dispatchEvent(new MouseEvent('click', { bubbles: true }));
      });
    }
  }).observe({ type: 'mark', buffered: true });
`;

const START_FRAMES = `(() => {
  window.__frames = [];
  window.__framesOn = true;
  let last = 0;
  const tick = (now) => {
    window.__frames.push(now - last);
    last = now;
    if (window.__framesOn) requestAnimationFrame(tick);
  };
  requestAnimationFrame((now) => { last = now; requestAnimationFrame(tick); });
})()`;
const STOP_FRAMES = '(() => { window.__framesOn = false; return window.__frames; })()';

/** requestAnimationFrame deltas while `action` runs. */
const frameTimes = async (page: Page, action: () => Promise<void>): Promise<number[]> => {
  await page.evaluate(START_FRAMES);
  await action();
  return (await page.evaluate(STOP_FRAMES)) as number[];
};

const RESULT = `(() => {
  const b = window.__bench;
  const resource = performance.getEntriesByType('resource').filter((e) => e.name.includes('/belegung')).at(-1);
  return {
    responseEnd: resource ? resource.responseEnd : NaN,
    requestStart: resource ? resource.startTime : NaN,
    places: document.querySelectorAll('g[data-platz-id]').length,
    drawn: b.drawn, hover: b.hover, click: b.click,
  };
})()`;
type Result = {
  responseEnd: number;
  requestStart: number;
  places: number;
  drawn: number;
  hover: number;
  click: number;
};

const main = async () => {
  if (!existsSync(webDist)) throw new Error('Build the web app first: npm run build -w @stellwerk/web');
  const server = await startTestServer({ driver });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  try {
    const { cookie, data } = await leseraumPlanBauen(server);
    const context = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      locale: 'de-DE',
      timezoneId: 'Europe/Berlin',
    });
    const host = new URL(server.baseUrl).hostname;
    await context.addCookies(
      cookie.split('; ').map((pair) => {
        const i = pair.indexOf('=');
        return { name: pair.slice(0, i), value: pair.slice(i + 1), domain: host, path: '/' };
      }),
    );
    await context.addInitScript({ content: INSTRUMENT });
    const page = await context.newPage();
    const url = `${server.baseUrl}/leseraum/karte?grundriss=${data.grundrissId}&tag=${data.belegungTag}`;

    const drawn: number[] = [];
    const hover: number[] = [];
    const click: number[] = [];
    const requests: number[] = [];
    // one warm-up load (code and plan cached like a returning user), then the measured runs
    for (let run = 0; run <= RUNS; run++) {
      await page.goto(url);
      try {
        // a function, not a string: the app's CSP forbids eval
        await page.waitForFunction(
          () => (globalThis as { __bench?: { click?: number } }).__bench?.click !== undefined,
          undefined,
          { timeout: 60_000 },
        );
      } catch (err) {
        console.error(
          'not interactive:',
          page.url(),
          await page.evaluate('JSON.stringify(window.__bench)'),
          await page.evaluate("JSON.stringify(performance.getEntriesByType('mark').map((m) => m.name))"),
        );
        throw err;
      }
      const r = (await page.evaluate(RESULT)) as Result;
      if (r.places !== data.plaetze.length) throw new Error(`${r.places} places drawn`);
      if (run === 0) continue;
      drawn.push(r.drawn - r.responseEnd);
      hover.push(r.hover - r.responseEnd);
      click.push(r.click - r.responseEnd);
      requests.push(r.responseEnd - r.requestStart);
    }

    // frame times: close the dialog, scroll the plan with the wheel, then zoom in, out and fit
    await page.keyboard.press('Escape');
    await page.waitForSelector('[role="dialog"]', { state: 'detached' });
    const viewport = page.locator('div[style*="overflow: auto"]').first();
    const box = await viewport.boundingBox();
    if (!box) throw new Error('no plan viewport');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    const scroll = await frameTimes(page, async () => {
      for (let i = 0; i < 30; i++) await page.mouse.wheel(0, 120);
      for (let i = 0; i < 30; i++) await page.mouse.wheel(120, -120);
    });
    const zoom = await frameTimes(page, async () => {
      for (let i = 0; i < 4; i++) await page.getByRole('button', { name: 'Vergrößern' }).click();
      for (let i = 0; i < 6; i++) await page.getByRole('button', { name: 'Verkleinern' }).click();
      await page.getByRole('button', { name: 'Plan einpassen' }).click();
    });

    const line = (name: string, values: number[]) => {
      const s = stats(values);
      console.log(
        `${name.padEnd(34)} n=${String(s.n).padStart(4)}  p50 ${ms(s.p50)}  p95 ${ms(s.p95)}  max ${ms(s.max)}`,
      );
    };
    console.log(
      `\nchromium ${browser.version()}, ${RUNS} loads of ${data.plaetze.length} places (budget: interactive ≤ 200 ms after the data)`,
    );
    line('belegung request (in the page)', requests);
    line('data → places drawn', drawn);
    line('data → hover answered', hover);
    line('data → click answered (dialog)', click);
    line('frame time while scrolling', scroll);
    line('frame time while zooming', zoom);
    await context.close();
  } finally {
    await browser.close();
    await server.close();
  }
};

await main();
