import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { berlinInstant } from '../../time.ts';
import {
  aufbewahrungsStichtag,
  berlinJahr,
  istLoeschbar,
  type KettenGlied,
  loeschbarAb,
  loeschbarerKettenanfang,
} from './aufbewahrung.ts';

const at = (day: string, time: string) => berlinInstant(day, time);
const utc = (iso: string) => new Date(iso);

describe('retention period of trips, logbook, history and service book (decision 081)', () => {
  const cases: { name: string; ende: Date; jahre: number; now: Date; loeschbar: boolean }[] = [
    {
      name: 'a trip of 15.03.2015 is kept through 31.12.2025 23:59 Berlin',
      ende: at('2015-03-15', '12:00'),
      jahre: 10,
      now: at('2025-12-31', '23:59'),
      loeschbar: false,
    },
    {
      name: 'and deletable from 01.01.2026 00:00 Berlin (= 31.12.2025 23:00 UTC)',
      ende: at('2015-03-15', '12:00'),
      jahre: 10,
      now: utc('2025-12-31T23:00:00Z'),
      loeschbar: true,
    },
    {
      name: 'not yet at 31.12.2025 22:59 UTC (still 2025 in Berlin)',
      ende: at('2015-03-15', '12:00'),
      jahre: 10,
      now: utc('2025-12-31T22:59:59Z'),
      loeschbar: false,
    },
    {
      name: 'a trip ending 31.12.2015 23:30 Berlin (22:30 UTC) belongs to 2015: deletable 01.01.2026',
      ende: utc('2015-12-31T22:30:00Z'),
      jahre: 10,
      now: at('2026-01-01', '00:00'),
      loeschbar: true,
    },
    {
      name: 'a trip ending 01.01.2016 00:30 Berlin (31.12.2015 23:30 UTC) belongs to 2016: kept in 2026',
      ende: utc('2015-12-31T23:30:00Z'),
      jahre: 10,
      now: at('2026-12-31', '23:59'),
      loeschbar: false,
    },
    {
      name: 'the 2016 trip is deletable from 01.01.2027',
      ende: utc('2015-12-31T23:30:00Z'),
      jahre: 10,
      now: at('2027-01-01', '00:00'),
      loeschbar: true,
    },
    {
      name: 'a summer trip (CEST) of 2010 with 15 years: kept through 2025, deletable 2026',
      ende: at('2010-07-01', '08:00'),
      jahre: 15,
      now: at('2026-01-01', '00:00'),
      loeschbar: true,
    },
    {
      name: 'the same with 16 years: kept in 2026',
      ende: at('2010-07-01', '08:00'),
      jahre: 16,
      now: at('2026-06-01', '00:00'),
      loeschbar: false,
    },
    {
      name: 'a trip of this year is never due',
      ende: at('2026-01-02', '00:00'),
      jahre: 10,
      now: at('2026-11-27', '03:00'),
      loeschbar: false,
    },
  ];
  it.each(cases)('$name', ({ ende, jahre, now, loeschbar }) => {
    expect(istLoeschbar(ende, jahre, now)).toBe(loeschbar);
    expect(now.getTime() >= loeschbarAb(ende, jahre).getTime()).toBe(loeschbar);
  });

  it('names the cut-off: 01.01. of (now’s Berlin year − period), 00:00 Berlin', () => {
    expect(aufbewahrungsStichtag(10, at('2026-01-01', '00:00'))).toEqual(utc('2015-12-31T23:00:00Z'));
    expect(aufbewahrungsStichtag(10, utc('2025-12-31T22:59:59Z'))).toEqual(utc('2014-12-31T23:00:00Z'));
    expect(aufbewahrungsStichtag(50, at('2026-11-27', '03:00'))).toEqual(utc('1975-12-31T23:00:00Z'));
    expect(loeschbarAb(at('2015-03-15', '12:00'), 10)).toEqual(utc('2025-12-31T23:00:00Z'));
  });

  it('reads the year in Berlin, not in UTC', () => {
    expect(berlinJahr(utc('2015-12-31T22:30:00Z'))).toBe(2015);
    expect(berlinJahr(utc('2015-12-31T23:30:00Z'))).toBe(2016);
  });

  const instant = fc
    .integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2100, 0, 1) })
    .map((ms) => new Date(ms));

  it('property: nothing inside the period is ever due', () => {
    fc.assert(
      fc.property(instant, fc.integer({ min: 10, max: 50 }), instant, (ende, jahre, now) => {
        const periodeEnde = new Date(ende);
        periodeEnde.setUTCFullYear(periodeEnde.getUTCFullYear() + jahre);
        if (now.getTime() < periodeEnde.getTime()) expect(istLoeschbar(ende, jahre, now)).toBe(false);
        if (now.getTime() < loeschbarAb(ende, jahre).getTime())
          expect(istLoeschbar(ende, jahre, now)).toBe(false);
        else expect(istLoeschbar(ende, jahre, now)).toBe(true);
      }),
    );
  });

  it('property: the deletion day is a Berlin new year after the period', () => {
    fc.assert(
      fc.property(instant, fc.integer({ min: 10, max: 50 }), (ende, jahre) => {
        const ab = loeschbarAb(ende, jahre);
        expect(berlinJahr(ab)).toBe(berlinJahr(ende) + jahre + 1);
        expect(berlinJahr(new Date(ab.getTime() - 1))).toBe(berlinJahr(ende) + jahre);
      }),
    );
  });
});

describe('loeschbarerKettenanfang: only a prefix of the logbook chain goes', () => {
  const stichtag = at('2016-01-01', '00:00');
  const alt = at('2015-06-01', '10:00');
  const neu = at('2016-02-01', '10:00');
  const glied = (laufnummer: number, ende: Date, korrigiertId: string | null = null): KettenGlied => ({
    id: `e${laufnummer}`,
    laufnummer,
    korrigiertId,
    ende,
  });

  it.each([
    { name: 'an empty chain', glieder: [], bis: 0 },
    { name: 'all due', glieder: [glied(1, alt), glied(2, alt)], bis: 2 },
    { name: 'none due', glieder: [glied(1, neu), glied(2, neu)], bis: 0 },
    { name: 'up to the first kept version', glieder: [glied(1, alt), glied(2, neu), glied(3, alt)], bis: 1 },
    {
      name: 'a kept correction keeps the version it replaces (and what follows it)',
      glieder: [glied(1, alt), glied(2, alt), glied(3, neu), glied(4, alt, 'e2')],
      bis: 1,
    },
    {
      name: 'a kept correction of the first version keeps everything',
      glieder: [glied(1, alt), glied(2, neu), glied(3, alt, 'e1')],
      bis: 0,
    },
    {
      name: 'a deleted correction of a deleted version is fine',
      glieder: [glied(1, alt), glied(2, alt, 'e1'), glied(3, neu)],
      bis: 2,
    },
    { name: 'an entry ending exactly at the cut-off is kept', glieder: [glied(1, stichtag)], bis: 0 },
  ])('$name', ({ glieder, bis }) => {
    expect(loeschbarerKettenanfang(glieder, stichtag)).toBe(bis);
  });

  it('property: no kept version replaces a deleted one, and every deleted version is due', () => {
    const kette = fc
      .array(fc.record({ alt: fc.boolean(), korrigiert: fc.option(fc.nat(), { nil: null }) }), {
        maxLength: 30,
      })
      .map((xs) =>
        xs.map((x, i) =>
          glied(
            i + 1,
            x.alt ? alt : neu,
            x.korrigiert !== null && i > 0 ? `e${(x.korrigiert % i) + 1}` : null,
          ),
        ),
      );
    fc.assert(
      fc.property(kette, (glieder) => {
        const bis = loeschbarerKettenanfang(glieder, stichtag);
        for (const g of glieder) {
          if (g.laufnummer <= bis) expect(g.ende.getTime()).toBeLessThan(stichtag.getTime());
          else if (g.korrigiertId !== null) expect(Number(g.korrigiertId.slice(1))).toBeGreaterThan(bis);
        }
      }),
    );
  });
});
