import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError } from './errors.ts';
import {
  addCalendarDays,
  addCalendarMonths,
  assertTime,
  atBerlinTime,
  berlinDateKey,
  berlinInstant,
  berlinStunde,
  berlinWeekday,
  formatDateDE,
  formatTimeDE,
  isValidTime,
  minutesToTime,
  parseBookingTime,
  parseDateDE,
  roundToStep,
  startOfBerlinDay,
  TIME_ZONE,
  timeToMinutes,
  weekdayFromName,
} from './time.ts';

describe('isValidTime and assertTime', () => {
  it.each<[unknown, boolean]>([
    ['00:00', true],
    ['09:00', true],
    ['23:59', true],
    ['24:00', false],
    ['12:60', false],
    ['9:00', false],
    ['09:00:00', false],
    [' 09:00', false],
    ['', false],
    [900, false],
    [null, false],
  ])('%j is a valid time: %s', (s, expected) => {
    expect(isValidTime(s)).toBe(expected);
  });

  it('throws the spec message for an invalid time', () => {
    expect(assertTime('18:00')).toBe('18:00');
    expect(() => assertTime('25:00')).toThrow('Zeit zum setzen ist kein valider String.');
  });
});

describe('parseBookingTime', () => {
  it.each<[string, { hours: number; minutes: number }]>([
    ['09:00', { hours: 9, minutes: 0 }],
    ['18:30', { hours: 18, minutes: 30 }],
    ['23:59:00', { hours: 23, minutes: 59 }],
  ])('reads %s', (s, expected) => {
    expect(parseBookingTime(s)).toEqual(expected);
  });

  it.each(['', '24:00', 'abc', '9'])("throws No valid Time String for '%s'", (s) => {
    expect(() => parseBookingTime(s)).toThrow(`No valid Time String '${s}'!`);
  });

  it('throws a DomainError with the value as param', () => {
    try {
      parseBookingTime('x');
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(DomainError);
      expect((e as DomainError).params).toEqual({ value: 'x' });
    }
  });

  it('converts between minutes and HH:mm both ways (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1439 }), (m) => {
        expect(timeToMinutes(minutesToTime(m))).toBe(m);
      }),
    );
  });
});

const berlin = (iso: string) => new Date(iso);

describe('roundToStep', () => {
  it.each<[string, number | undefined, boolean, string]>([
    ['2026-11-21T10:07:00+01:00', undefined, false, '2026-11-21T09:00:00.000Z'],
    ['2026-11-21T10:08:00+01:00', undefined, false, '2026-11-21T09:15:00.000Z'],
    ['2026-11-21T10:07:30+01:00', undefined, false, '2026-11-21T09:15:00.000Z'],
    ['2026-11-21T10:01:00+01:00', undefined, true, '2026-11-21T09:15:00.000Z'],
    ['2026-11-21T10:15:00+01:00', undefined, true, '2026-11-21T09:15:00.000Z'],
    ['2026-11-21T10:15:00.001+01:00', undefined, true, '2026-11-21T09:30:00.000Z'],
    ['2026-11-21T10:20:00+01:00', 30, false, '2026-11-21T09:30:00.000Z'],
    ['2026-11-21T10:20:00+01:00', 60, true, '2026-11-21T10:00:00.000Z'],
    ['2026-11-21T23:55:00+01:00', 15, true, '2026-11-21T23:00:00.000Z'],
    // DST: clocks jump from 02:00 to 03:00 on 29 March 2026 and back from 03:00 to 02:00 on 25 October 2026
    ['2026-03-29T01:50:00+01:00', 15, true, '2026-03-29T01:00:00.000Z'],
    ['2026-10-25T02:50:00+01:00', 15, true, '2026-10-25T02:00:00.000Z'],
  ])('rounds %s with step %s (future %s) to %s', (input, step, future, expected) => {
    expect(roundToStep(berlin(input), step, { future }).toISOString()).toBe(expected);
  });

  it('refuses a step that is not a positive whole number', () => {
    expect(() => roundToStep(new Date(), 0)).toThrow(RangeError);
  });

  it('lands on a step, never before the input with future, and within half a step otherwise (property)', () => {
    const date = fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true });
    fc.assert(
      fc.property(date, fc.constantFrom(5, 10, 15, 30, 60), fc.boolean(), (d, step, future) => {
        const r = roundToStep(d, step, { future });
        const local = formatTimeDE(r);
        expect(timeToMinutes(local) % step).toBe(0);
        if (future) {
          expect(r.getTime()).toBeGreaterThanOrEqual(d.getTime());
          expect(r.getTime() - d.getTime()).toBeLessThan(step * 60_000);
        } else {
          expect(Math.abs(r.getTime() - d.getTime())).toBeLessThanOrEqual((step * 60_000) / 2);
        }
      }),
    );
  });
});

describe('dates in DD.MM.YYYY', () => {
  it('formats the Berlin calendar day', () => {
    expect(formatDateDE(new Date('2026-11-21T10:00:00Z'))).toBe('21.11.2026');
    expect(formatDateDE(new Date('2026-12-31T23:30:00Z'))).toBe('01.01.2027');
  });

  it.each<[string, string | null]>([
    ['21.11.2026', '2026-11-20T23:00:00.000Z'],
    ['01.07.2026', '2026-06-30T22:00:00.000Z'],
    ['29.02.2028', '2028-02-28T23:00:00.000Z'],
    ['29.02.2026', null],
    ['31.04.2026', null],
    ['1.2.2026', null],
    ['2026-02-01', null],
    ['00.01.2026', null],
    ['01.13.2026', null],
    ['', null],
  ])('parses %s as %s', (s, iso) => {
    expect(parseDateDE(s)?.toISOString() ?? null).toBe(iso);
  });

  it('parses what it formats (property)', () => {
    const date = fc.date({ min: new Date('1970-01-01'), max: new Date('2100-01-01'), noInvalidDate: true });
    fc.assert(
      fc.property(date, (d) => {
        const day = parseDateDE(formatDateDE(d));
        expect(day?.getTime()).toBe(startOfBerlinDay(d).getTime());
      }),
    );
  });
});

describe('Berlin calendar helpers', () => {
  it('uses Europe/Berlin', () => {
    expect(TIME_ZONE).toBe('Europe/Berlin');
  });

  it('places a wall-clock time on the Berlin day, in winter and in summer', () => {
    expect(atBerlinTime(new Date('2026-11-21T12:00:00Z'), '09:00').toISOString()).toBe(
      '2026-11-21T08:00:00.000Z',
    );
    expect(atBerlinTime(new Date('2026-07-01T12:00:00Z'), '09:00').toISOString()).toBe(
      '2026-07-01T07:00:00.000Z',
    );
    expect(atBerlinTime(new Date('2026-03-29T12:00:00Z'), '09:00').toISOString()).toBe(
      '2026-03-29T07:00:00.000Z',
    );
  });

  it('places a time inside the spring DST gap forward and an ambiguous autumn time on its second occurrence', () => {
    expect(berlinInstant('2026-03-29', '02:30').toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(berlinInstant('2026-10-25', '02:30').toISOString()).toBe('2026-10-25T01:30:00.000Z');
    expect(berlinInstant('2026-10-25', '09:00').toISOString()).toBe('2026-10-25T08:00:00.000Z');
  });

  it.each<[string, number, string]>([
    ['2026-03-28', 1, '2026-03-29'],
    ['2026-12-31', 1, '2027-01-01'],
    ['2026-03-01', -1, '2026-02-28'],
  ])('%s plus %i calendar days is %s', (day, n, expected) => {
    expect(addCalendarDays(day, n)).toBe(expected);
  });

  it.each<[string, number, string]>([
    ['2026-01-31', 1, '2026-02-28'],
    ['2028-01-31', 1, '2028-02-29'],
    ['2026-11-23', 14, '2028-01-23'],
  ])('%s plus %i months is %s', (day, n, expected) => {
    expect(addCalendarMonths(day, n)).toBe(expected);
  });

  it('gives the Berlin day key and weekday near midnight', () => {
    const lateSaturdayUtc = new Date('2026-11-21T23:30:00Z'); // Sunday 00:30 in Berlin
    expect(berlinDateKey(lateSaturdayUtc)).toBe('2026-11-22');
    expect(berlinWeekday(lateSaturdayUtc)).toBe(0);
  });
});

describe('weekdayFromName', () => {
  it.each<[string | null | undefined, number | null]>([
    ['sonntags', 0],
    ['montags', 1],
    ['dienstags', 2],
    ['mittwochs', 3],
    ['donnerstags', 4],
    ['freitags', 5],
    ['samstags', 6],
    ['Montags', null],
    ['montag', null],
    ['', null],
    [null, null],
    [undefined, null],
  ])('maps %j to %j', (name, expected) => {
    expect(weekdayFromName(name)).toBe(expected);
  });
});

describe('berlinStunde', () => {
  it('is the hour formatTimeDE shows, every quarter hour of both weeks of the clock changes of 2026', () => {
    for (const [von, bis] of [
      ['2026-03-25T00:00:00Z', '2026-04-01T00:00:00Z'],
      ['2026-10-21T00:00:00Z', '2026-10-28T00:00:00Z'],
    ] as const)
      for (let ms = Date.parse(von); ms < Date.parse(bis); ms += 900_000)
        expect(berlinStunde(ms), new Date(ms).toISOString()).toBe(
          Number(formatTimeDE(new Date(ms)).slice(0, 2)),
        );
  });
});
