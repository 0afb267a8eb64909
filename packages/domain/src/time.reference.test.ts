import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  atBerlinTime,
  berlinDateKey,
  berlinInstant,
  berlinWeekday,
  formatDateDE,
  formatTimeDE,
  parseDateDE,
  TIME_ZONE,
} from './time.ts';

/** The date-fns/tz implementations time.ts used before its per-hour offset cache: the reference. */
const ref = {
  dateKey: (d: Date) => format(new TZDate(d.getTime(), TIME_ZONE), 'yyyy-MM-dd'),
  dateDE: (d: Date) => format(new TZDate(d.getTime(), TIME_ZONE), 'dd.MM.yyyy'),
  timeDE: (d: Date) => format(new TZDate(d.getTime(), TIME_ZONE), 'HH:mm'),
  weekday: (d: Date) => new TZDate(d.getTime(), TIME_ZONE).getDay(),
  instant: (day: string, h: number, m: number) => {
    const [y, mo, da] = day.split('-').map(Number) as [number, number, number];
    return new Date(new TZDate(y, mo - 1, da, h, m, 0, 0, TIME_ZONE).getTime());
  },
};

// every minute from 1 January 2026 to 31 December 2027, with the DST hours weighted in
const dstHours = [
  '2026-03-29T00:00:00Z',
  '2026-10-25T00:00:00Z',
  '2027-03-28T00:00:00Z',
  '2027-10-31T00:00:00Z',
].map((s) => Date.parse(s));
const instant = fc.oneof(
  fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2027, 11, 31) }).map((ms) => new Date(ms)),
  fc
    .tuple(fc.constantFrom(...dstHours), fc.integer({ min: 0, max: 3 * 60 * 60_000 }))
    .map(([base, off]) => new Date(base + off)),
);
const day = fc
  .integer({ min: 0, max: 729 })
  .map((n) => new Date(Date.UTC(2026, 0, 1) + n * 86_400_000).toISOString().slice(0, 10));

describe('time.ts agrees with date-fns/tz (property, 2026–2027 with the DST days)', () => {
  it('formats instants as Berlin days, dates, times and weekdays', () => {
    fc.assert(
      fc.property(instant, (d) => {
        expect(berlinDateKey(d)).toBe(ref.dateKey(d));
        expect(formatDateDE(d)).toBe(ref.dateDE(d));
        expect(formatTimeDE(d)).toBe(ref.timeDE(d));
        expect(berlinWeekday(d)).toBe(ref.weekday(d));
      }),
      { numRuns: 2000 },
    );
  });

  it('places wall-clock times of a Berlin day, including the DST gap and the repeated hour', () => {
    const dstDays = fc.constantFrom('2026-03-29', '2026-10-25', '2027-03-28', '2027-10-31');
    fc.assert(
      fc.property(
        fc.oneof(day, dstDays),
        fc.integer({ min: 0, max: 23 }),
        fc.integer({ min: 0, max: 59 }),
        (d, h, m) => {
          const time = `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
          expect(berlinInstant(d, time)).toEqual(ref.instant(d, h, m));
          expect(atBerlinTime(berlinInstant(d, '12:00'), time)).toEqual(ref.instant(d, h, m));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('parses DD.MM.YYYY to Berlin midnight', () => {
    fc.assert(
      fc.property(day, (d) => {
        const [y, mo, da] = d.split('-');
        expect(parseDateDE(`${da}.${mo}.${y}`)).toEqual(ref.instant(d, 0, 0));
      }),
    );
  });
});
