import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { CUSTOMIZING_OPTIONS } from '@stellwerk/domain/verwaltung/customizing';
import { describe, expect, it } from 'vitest';

/**
 * Every option the settings screens offer does something (R364/R378): some code of the server, the web
 * app or the domain reads it by name. Places that only list or describe options do not count: the catalogue itself,
 * the personal settings page's section list, the demo seed and tests.
 */
const ROOT = join(import.meta.dirname, '../../../../../..');
const SOURCES = ['apps/server/src', 'apps/web/src', 'packages/domain/src'];
const NUR_AUFGEZAEHLT = [
  'packages/domain/src/verwaltung/customizing.ts',
  'apps/web/src/features/customizing/components/EigenesCustomizing.tsx',
];

const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return files(path);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !/seed/.test(path)
      ? [path]
      : [];
  });

const texts = SOURCES.flatMap((dir) => files(join(ROOT, dir)))
  .filter((path) => !NUR_AUFGEZAEHLT.includes(relative(ROOT, path)))
  .map((path) => readFileSync(path, 'utf8'));

const isRead = (name: string) => {
  const quoted = [`'${name}'`, `"${name}"`, `\`${name}\``];
  return texts.some((text) => quoted.some((q) => text.includes(q)));
};

/**
 * Options read under a name built at run time, so the scan cannot see them: each with where and why.
 * (None today: the mail switches are named in `packages/domain/src/mail-schalter.ts`.)
 */
const DYNAMISCH_GELESEN: Record<string, string> = {};

/**
 * Offered but not read by any code yet. Empty (decision 140: `BuchungsfensterWochen` is the vehicle
 * window of the weekly mode; `Ansicht` opens the reading room's view; `Filter` shows the filter from the start).
 * The test fails when an option joins it, so it stays empty.
 */
const NOCH_NICHT_GELESEN: string[] = [];

describe('the settings catalogue', () => {
  it.each(CUSTOMIZING_OPTIONS.map((o) => o.name))('%s is read by some code', (name) => {
    if (name in DYNAMISCH_GELESEN || NOCH_NICHT_GELESEN.includes(name)) return;
    expect(isRead(name), `no server, web or domain code reads the option ${name}`).toBe(true);
  });

  it('lists as not yet read exactly the options no code reads', () => {
    expect(CUSTOMIZING_OPTIONS.map((o) => o.name).filter((name) => !isRead(name))).toEqual(
      NOCH_NICHT_GELESEN,
    );
  });
});
