import { describe, expect, it } from 'vitest';
import { DomainError } from '../../errors.ts';
import { monatsStuecke, tageImZeitraum, vorperiode, type ZeitraumArt, zeitraumAus } from './zeitraum.ts';

describe('zeitraumAus and vorperiode', () => {
  it.each<[ZeitraumArt, string, string, string, string, string]>([
    // art, anchor, from, to, previous from, previous to
    ['woche', '2026-03-29', '2026-03-23', '2026-03-29', '2026-03-16', '2026-03-22'], // Sunday of the DST switch
    ['woche', '2026-10-26', '2026-10-26', '2026-11-01', '2026-10-19', '2026-10-25'],
    ['monat', '2026-02-14', '2026-02-01', '2026-02-28', '2026-01-01', '2026-01-31'],
    ['monat', '2024-03-31', '2024-03-01', '2024-03-31', '2024-02-01', '2024-02-29'],
    ['quartal', '2026-11-28', '2026-10-01', '2026-12-31', '2026-07-01', '2026-09-30'],
    ['quartal', '2026-01-01', '2026-01-01', '2026-03-31', '2025-10-01', '2025-12-31'],
    ['jahr', '2026-06-30', '2026-01-01', '2026-12-31', '2025-01-01', '2025-12-31'],
  ])('%s around %s', (art, tag, von, bis, vVon, vBis) => {
    const z = zeitraumAus({ art, tag });
    expect(z).toEqual({ art, vonTag: von, bisTag: bis });
    expect(vorperiode(z)).toEqual({ art, vonTag: vVon, bisTag: vBis });
  });

  it('a custom range and the range of as many days before it', () => {
    const z = zeitraumAus({ art: 'frei', von: '2026-11-10', bis: '2026-11-19' });
    expect(vorperiode(z)).toEqual({ art: 'frei', vonTag: '2026-10-31', bisTag: '2026-11-09' });
  });

  it.each([
    [{ art: 'frei' as const, von: '2026-11-10', bis: '2026-11-09' }],
    [{ art: 'frei' as const, von: '2025-01-01', bis: '2026-01-02' }],
    [{ art: 'frei' as const, von: '2026-02-30', bis: '2026-03-02' }],
    [{ art: 'monat' as const }],
    [{ art: 'woche' as const, tag: '28.11.2026' }],
  ])('refuses %j', (input) => {
    expect(() => zeitraumAus(input)).toThrow(DomainError);
    try {
      zeitraumAus(input);
    } catch (e) {
      expect((e as DomainError).code).toBe('auslastung.zeitraum_ungueltig');
    }
  });
});

describe('monatsStuecke', () => {
  it.each([
    // a year: twelve whole months
    [{ vonTag: '2026-01-01', bisTag: '2026-12-31' }, 12, 12],
    // a month of 28 days, and February of a leap year
    [{ vonTag: '2026-02-01', bisTag: '2026-02-28' }, 1, 1],
    [{ vonTag: '2028-02-01', bisTag: '2028-02-29' }, 1, 1],
    // 90 days ending on a month's 15th: two pieces at the ends, two whole months between
    [{ vonTag: '2026-08-18', bisTag: '2026-11-15' }, 4, 2],
    // inside one month, over the change to summer time
    [{ vonTag: '2026-03-20', bisTag: '2026-03-31' }, 1, 0],
    // a week over the turn of the year
    [{ vonTag: '2026-12-28', bisTag: '2027-01-03' }, 2, 0],
  ])('%o gives %i pieces, %i of them whole months', (z, stuecke, volle) => {
    const m = monatsStuecke(z);
    expect(m).toHaveLength(stuecke);
    expect(m.filter((s) => s.voll)).toHaveLength(volle);
    // the pieces cover the range exactly, in order, each inside its month
    expect(m[0]!.vonTag).toBe(z.vonTag);
    expect(m.at(-1)!.bisTag).toBe(z.bisTag);
    expect(m.reduce((n, s) => n + tageImZeitraum(s), 0)).toBe(tageImZeitraum(z));
    for (const s of m) {
      expect(s.vonTag.slice(0, 7)).toBe(s.monat.slice(0, 7));
      expect(s.bisTag.slice(0, 7)).toBe(s.monat.slice(0, 7));
      expect(s.monat.slice(8)).toBe('01');
    }
  });

  it('a whole month starts on the 1st and ends on its last day', () => {
    expect(monatsStuecke({ vonTag: '2026-01-31', bisTag: '2026-03-01' })).toEqual([
      { monat: '2026-01-01', vonTag: '2026-01-31', bisTag: '2026-01-31', voll: false },
      { monat: '2026-02-01', vonTag: '2026-02-01', bisTag: '2026-02-28', voll: true },
      { monat: '2026-03-01', vonTag: '2026-03-01', bisTag: '2026-03-01', voll: false },
    ]);
  });
});
