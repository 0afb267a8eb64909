/**
 * ARCHITECTURE §12: the initial JavaScript of the web app is at most 250 KB gzip, routes split lazily (decision
 * 085). Initial is what the browser loads before any screen can show: the entry script, everything it imports
 * statically (the page's `modulepreload` links) and the texts of the page's language. The route a visitor opens
 * comes after it, in chunks of its own; what the login page adds is reported beside the budget. Each file is
 * compressed with gzip as a server would send it.
 */
import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { loginForm } from '../support/session.ts';

const BUDGET = 250 * 1000;
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

for (const language of ['de', 'en'] as const) {
  test(`the initial JavaScript in ${language === 'de' ? 'German' : 'English'} is at most 250 KB gzip`, async ({
    page,
  }) => {
    const scripts = new Map<string, Promise<number>>();
    page.on('response', (response) => {
      const { pathname } = new URL(response.url());
      if (pathname.endsWith('.js') && !scripts.has(pathname))
        scripts.set(
          pathname,
          response.body().then((body) => gzipSync(body, { level: 9 }).length),
        );
    });
    await page.addInitScript((chosen) => {
      globalThis.localStorage.setItem('stellwerk.language', chosen);
    }, language);
    await page.goto('/login');
    await expect(loginForm(page).submit).toBeEnabled();

    const html = await (await page.request.get('/login')).text();
    const statisch = new Set(
      [...html.matchAll(/<(?:script|link)[^>]+(?:src|href)="([^"]+\.js)"/g)].map((m) => m[1] ?? ''),
    );
    const texte = [...scripts.keys()].filter((p) => p.split('/').at(-1)?.startsWith(`${language}-`));
    const andere = [...scripts.keys()].filter((p) =>
      p
        .split('/')
        .at(-1)
        ?.startsWith(`${language === 'de' ? 'en' : 'de'}-`),
    );
    // the language's texts are their own chunk, and the other language's are not loaded
    expect(texte).toHaveLength(1);
    expect(andere).toEqual([]);
    expect(statisch.size).toBeGreaterThan(1);
    for (const path of statisch) expect(scripts.has(path), path).toBe(true);

    const size = async (paths: Iterable<string>) =>
      (await Promise.all([...paths].map((p) => scripts.get(p) ?? 0))).reduce((a, b) => a + b, 0);
    const initial = await size([...statisch, ...texte]);
    const loginSeite = await size(scripts.keys());
    const bericht = `initial ${kb(initial)} (${statisch.size + 1} files); the login page with its route ${kb(loginSeite)} (${scripts.size} files)`;
    test.info().annotations.push({ type: 'JavaScript, gzip', description: bericht });
    console.log(`JavaScript (${language}), gzip: ${bericht}`);
    expect(initial).toBeLessThanOrEqual(BUDGET);
  });
}
