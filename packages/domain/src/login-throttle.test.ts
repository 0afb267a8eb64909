import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lockedForMs, recentFailures } from './login-throttle';

const limits = { windowMs: 15 * 60_000, maxFailures: 5 };
const minute = 60_000;

describe('login throttle', () => {
  it('allows an attempt after fewer failures than the limit', () => {
    expect(lockedForMs([0, minute, 2 * minute, 3 * minute], 4 * minute, limits)).toBe(0);
  });

  it('locks after the fifth failure inside fifteen minutes until the oldest one leaves the window', () => {
    const failures = [0, minute, 2 * minute, 3 * minute, 4 * minute];
    expect(lockedForMs(failures, 5 * minute, limits)).toBe(10 * minute);
  });

  it('forgets failures older than the window', () => {
    const failures = [0, minute, 2 * minute, 3 * minute, 4 * minute];
    expect(lockedForMs(failures, 16 * minute, limits)).toBe(0);
    expect(recentFailures(failures, 16 * minute, limits.windowMs)).toEqual([
      2 * minute,
      3 * minute,
      4 * minute,
    ]);
  });

  it('never locks for longer than the window', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 10 * limits.windowMs }), { maxLength: 50 }), (raw) => {
        const failures = [...raw].sort((a, b) => a - b);
        const now = (failures.at(-1) ?? 0) + 1;
        const wait = lockedForMs(failures, now, limits);
        expect(wait).toBeGreaterThanOrEqual(0);
        expect(wait).toBeLessThanOrEqual(limits.windowMs);
      }),
    );
  });
});
