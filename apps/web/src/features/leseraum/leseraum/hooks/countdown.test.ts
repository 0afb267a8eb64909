import { describe, expect, it } from 'vitest';
import { countdownText } from './countdown';

describe('countdownText', () => {
  const now = new Date('2026-11-24T08:00:00Z');
  it.each([
    [0, '0:00'],
    [-5, '0:00'],
    [59, '0:59'],
    [61, '1:01'],
    [3600, '1:00:00'],
    [26 * 3600 + 62, '26:01:02'],
  ])('%i seconds ahead read %s', (seconds, expected) => {
    expect(countdownText(new Date(now.getTime() + seconds * 1000), now)).toBe(expected);
  });
});
