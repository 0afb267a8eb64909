import { describe, expect, it } from 'vitest';
import { sessionDaysOf } from './config';

describe('SESSION_DAYS (R216)', () => {
  it.each([
    [undefined, 7],
    ['', 7],
    ['1', 1],
    ['30', 30],
    ['365', 365],
  ] as const)('%j lasts %i days', (value, days) => {
    expect(sessionDaysOf(value)).toBe(days);
  });

  it.each(['0', '366', '1.5', 'eine Woche', '-3'])('%j is refused at start', (value) => {
    expect(() => sessionDaysOf(value)).toThrow(/SESSION_DAYS must be a whole number of days from 1 to 365/);
  });
});
