/**
 * Every 404 of a thing names its type and id (decision 180): `nichtGefunden(typ, id)`. The plain
 * `new DomainError('not_found')` ('Der Eintrag wurde nicht gefunden.') is left only where nothing is named on purpose:
 * a switched-off area and an unknown address (as a page that is not there), and the calendar feed, whose only id is the
 * secret in its link (it is not repeated in an answer).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '..');

const quellen = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return quellen(p);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [p] : [];
  });

/** A line that answers a switched-off area: it names the switch. */
const SCHALTER = /loadFeatureSwitches|features\.|featureAktiv|switchedOff|refusedBy|\[feature\]/;

/** Files that may answer the plain 404 beyond the switch, and why. */
const AUSNAHMEN: Record<string, string> = {
  'http/error-handler.ts': 'an unknown address',
  'modules/plattform/kalender/kalender.feed.service.ts': "the feed's only id is the secret of its link",
  'modules/plattform/metrics/metrics.routes.ts':
    'without METRICS_TOKEN the address is not there (decision 232)',
};

describe('a 404 names what was not found (decision 180)', () => {
  const treffer = quellen(SRC).flatMap((datei) =>
    readFileSync(datei, 'utf8')
      .split('\n')
      .map((zeile, i) => ({ datei: path.relative(SRC, datei), zeile: zeile.trim(), nr: i + 1 }))
      .filter((t) => t.zeile.includes("new DomainError('not_found')")),
  );

  it('finds the plain 404 where a switch answers (the scan works)', () => {
    expect(treffer.some((t) => SCHALTER.test(t.zeile))).toBe(true);
  });

  it('leaves the plain 404 only for a switched-off area, an unknown address, the calendar link and unconfigured metrics', () => {
    const ohneGrund = treffer
      .filter((t) => !SCHALTER.test(t.zeile) && !(t.datei in AUSNAHMEN))
      .map((t) => `${t.datei}:${t.nr}: ${t.zeile}`);
    expect(ohneGrund).toEqual([]);
  });
});
