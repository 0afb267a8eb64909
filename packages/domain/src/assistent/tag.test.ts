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
    expect(tage('naechste woche')).toEqual({
      tage: [],
      woche: '2026-11-30',
      kwUngueltig: null,
      feiertagMehrdeutig: null,
    });
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

describe('holidays by name', () => {
  // Easter Sunday 2027 is 28 March, 2028 is 16 April: the movable days follow it
  it.each([
    ['an heiligabend', '2026-11-25', '2026-12-24'],
    ['heiliger abend', '2026-11-25', '2026-12-24'],
    ['am 2. weihnachtsfeiertag', '2026-11-25', '2026-12-26'],
    ['erster weihnachtstag', '2026-11-25', '2026-12-25'],
    ['silvester', '2026-11-25', '2026-12-31'],
    ['neujahr', '2026-11-25', '2027-01-01'],
    ['heilige drei koenige', '2026-11-25', '2027-01-06'],
    ['karfreitag', '2026-11-25', '2027-03-26'],
    ['ostermontag', '2026-11-25', '2027-03-29'],
    ['am tag der arbeit', '2026-11-25', '2027-05-01'],
    ['christi himmelfahrt', '2026-11-25', '2027-05-06'],
    ['pfingstmontag', '2026-11-25', '2027-05-17'],
    ['an fronleichnam', '2026-11-25', '2027-05-27'],
    ['mariae himmelfahrt', '2026-11-25', '2027-08-15'],
    ['tag der deutschen einheit', '2026-11-25', '2027-10-03'],
    ['reformationstag', '2026-11-25', '2027-10-31'],
    ['allerheiligen', '2026-11-25', '2027-11-01'],
    // Buß- und Bettag 2026 was on 18 November: the next is 17 November 2027
    ['buss- und bettag', '2026-11-25', '2027-11-17'],
    ['buss- und bettag', '2026-11-01', '2026-11-18'],
    // on the day itself it is that day, the day after it is next year's
    ['fronleichnam', '2027-05-27', '2027-05-27'],
    ['fronleichnam', '2027-05-28', '2028-06-15'],
  ])('"%s" read on %s is %s', (text, heute, tag) => {
    expect(tage(text, heute).tage).toEqual([tag]);
  });

  it.each([
    ['christmas eve', '2026-12-24'],
    ["new year's eve", '2026-12-31'],
    ['easter monday', '2027-03-29'],
    ['boxing day', '2026-12-26'],
    ['on corpus christi', '2027-05-27'],
  ])('English "%s" is %s', (text, tag) => {
    expect(tage(text, '2026-11-25', 'en').tage).toEqual([tag]);
  });

  it('asks back for a name of several days or a period around one', () => {
    for (const text of [
      'nach ostern',
      'ostern',
      'ueber weihnachten',
      'an pfingsten',
      'after easter',
      'christmas',
    ])
      expect(tage(text).feiertagMehrdeutig, text).not.toBeNull();
    // 'Ostermontag' names one day, and is no Monday of its own
    expect(tage('ostermontag').feiertagMehrdeutig).toBeNull();
    expect(tage('ostermontag').tage).toEqual(['2027-03-29']);
  });
});
