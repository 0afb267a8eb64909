import { describe, expect, it } from 'vitest';
import { isoWoche, leseTage, montagDerKw, montagDerWoche, naechsterWochentag, tageAus } from './tag.ts';
import { normalisiere } from './text.ts';

const tage = (text: string, heute = '2026-11-25', sprache: 'de' | 'en' = 'de') =>
  tageAus(leseTage({ text: normalisiere(text), heute, sprache }).funde, heute);

describe('days in a request', () => {
  it('counts calendar weeks by ISO 8601, 2026 has 53 and 2027 has 52', () => {
    expect(isoWoche('2026-11-25')).toEqual({ jahr: 2026, kw: 48 });
    expect(isoWoche('2027-01-01')).toEqual({ jahr: 2026, kw: 53 });
    expect(isoWoche('2027-01-04')).toEqual({ jahr: 2027, kw: 1 });
    expect(montagDerKw(2026, 50)).toBe('2026-12-07');
    expect(montagDerKw(2026, 53)).toBe('2026-12-28');
    expect(montagDerKw(2027, 1)).toBe('2027-01-04');
    expect(montagDerKw(2027, 53)).toBe(null);
    expect(montagDerWoche('2026-11-29')).toBe('2026-11-23');
  });

  it('takes a weekday as the next one after today, "diesen" allows today', () => {
    expect(naechsterWochentag('2026-11-25', 3, false)).toBe('2026-12-02');
    expect(naechsterWochentag('2026-11-25', 3, true)).toBe('2026-11-25');
    expect(tage('montag').tage).toEqual(['2026-11-30']);
    expect(tage('naechsten montag').tage).toEqual(['2026-11-30']);
    expect(tage('diesen mittwoch').tage).toEqual(['2026-11-25']);
    expect(tage('mittwoch').tage).toEqual(['2026-12-02']);
  });

  it('reads weeks with a day, and a week alone', () => {
    expect(tage('kw 50 mittwoch').tage).toEqual(['2026-12-09']);
    expect(tage('naechste woche dienstag').tage).toEqual(['2026-12-01']);
    expect(tage('dienstag naechste woche').tage).toEqual(['2026-12-01']);
    expect(tage('uebernaechste woche montag').tage).toEqual(['2026-12-07']);
    expect(tage('naechste woche')).toEqual({ tage: [], woche: '2026-11-30', kwUngueltig: null });
    expect(tage('kw 1', '2026-12-30').woche).toBe('2027-01-04');
    expect(tage('kw 53 freitag', '2026-12-30').tage).toEqual(['2027-01-01']);
    expect(tage('kw 53', '2027-06-01').kwUngueltig).toEqual({ kw: 53, jahr: 2027 });
    expect(tage('week 50 on wednesday', '2026-11-25', 'en').tage).toEqual(['2026-12-09']);
  });

  it('reads relative days and dates in digits across the new year', () => {
    expect(tage('heute').tage).toEqual(['2026-11-25']);
    expect(tage('morgen').tage).toEqual(['2026-11-26']);
    expect(tage('morgen frueh').tage).toEqual(['2026-11-26']);
    expect(tage('heute morgen').tage).toEqual(['2026-11-25']);
    expect(tage('guten morgen').tage).toEqual([]);
    expect(tage('uebermorgen', '2026-12-30').tage).toEqual(['2027-01-01']);
    expect(tage('am 2.1.', '2026-12-30').tage).toEqual(['2027-01-02']);
    expect(tage('am 3.12.').tage).toEqual(['2026-12-03']);
    expect(tage('am 3.', '2026-11-25').tage).toEqual(['2026-12-03']);
    expect(tage('am 30.', '2026-11-25').tage).toEqual(['2026-11-30']);
    expect(tage('31.02.2027').tage).toEqual([]);
    expect(tage('2026-12-04').tage).toEqual(['2026-12-04']);
    expect(tage('von montag bis mittwoch', '2026-11-24').tage).toEqual(['2026-11-30', '2026-12-02']);
  });
});
