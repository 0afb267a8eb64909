import { describe, expect, it } from 'vitest';
import { berlinInstant } from '../../time.ts';
import {
  ANONYMISIERUNG_TAGE_STANDARD,
  anonymisierungsStichtag,
  anonymisierungsTage,
  istAnonymisierbar,
} from './anonymisierung.ts';

const at = (day: string, hhmm: string) => berlinInstant(day, hhmm);

describe('anonymisation cut-off', () => {
  it.each([
    // [now (Berlin), days, cut-off (Berlin midnight)]
    ['2026-06-15 10:00', 90, '2026-03-17'],
    ['2026-06-15 00:00', 1, '2026-06-14'],
    ['2026-06-15 23:59', 1, '2026-06-14'],
    // spring DST (29.03.2026): the cut-off stays at Berlin midnight, 23 hours after the day before's
    ['2026-03-30 08:00', 1, '2026-03-29'],
    ['2026-03-31 08:00', 2, '2026-03-29'],
    ['2026-04-05 08:00', 7, '2026-03-29'],
    // autumn DST (25.10.2026): 25-hour day
    ['2026-10-26 00:30', 1, '2026-10-25'],
    ['2026-11-01 02:30', 7, '2026-10-25'],
    // new year and leap day
    ['2027-01-01 00:00', 1, '2026-12-31'],
    ['2028-03-01 12:00', 1, '2028-02-29'],
    ['2028-03-01 12:00', 366, '2027-03-01'],
  ])('at %s with %i days the cut-off is %s 00:00 Berlin', (now, tage, tag) => {
    const [d, t] = now.split(' ') as [string, string];
    expect(anonymisierungsStichtag(tage, at(d, t)).toISOString()).toBe(at(tag, '00:00').toISOString());
  });

  it('a booking is due only when it ended before the cut-off', () => {
    const now = at('2026-10-26', '09:00');
    // cut-off 25.10.2026 00:00 Berlin (CEST, 24.10. 22:00 UTC)
    expect(istAnonymisierbar(at('2026-10-24', '23:59'), 1, now)).toBe(true);
    expect(istAnonymisierbar(at('2026-10-25', '00:00'), 1, now)).toBe(false);
    expect(istAnonymisierbar(new Date('2026-10-24T21:59:59Z'), 1, now)).toBe(true);
    expect(istAnonymisierbar(new Date('2026-10-24T22:00:00Z'), 1, now)).toBe(false);
  });

  it('reads the setting inside its bounds, the default otherwise', () => {
    expect(anonymisierungsTage(30)).toBe(30);
    expect(anonymisierungsTage(7)).toBe(7);
    expect(anonymisierungsTage(6)).toBe(ANONYMISIERUNG_TAGE_STANDARD);
    expect(anonymisierungsTage(3651)).toBe(ANONYMISIERUNG_TAGE_STANDARD);
    expect(anonymisierungsTage(12.5)).toBe(ANONYMISIERUNG_TAGE_STANDARD);
    expect(anonymisierungsTage(null)).toBe(ANONYMISIERUNG_TAGE_STANDARD);
    expect(anonymisierungsTage(Number.NaN)).toBe(ANONYMISIERUNG_TAGE_STANDARD);
  });
});
