import { describe, expect, it } from 'vitest';
import { createTestClock } from './testuhr.clock.ts';

describe('createTestClock', () => {
  it('reads real time until moved, then runs on from the time it was set to, and goes back on null', () => {
    let real = Date.parse('2026-11-23T12:00:00Z');
    const clock = createTestClock(() => real);
    expect(clock.now().toISOString()).toBe('2026-11-23T12:00:00.000Z');
    clock.set(new Date('2026-11-24T06:50:00Z'));
    expect(clock.now().toISOString()).toBe('2026-11-24T06:50:00.000Z');
    real += 60_000;
    expect(clock.now().toISOString()).toBe('2026-11-24T06:51:00.000Z');
    expect(clock.offsetMs()).toBe(Date.parse('2026-11-24T06:50:00Z') - Date.parse('2026-11-23T12:00:00Z'));
    clock.set(null);
    expect(clock.now().toISOString()).toBe('2026-11-23T12:01:00.000Z');
  });
});

describe('TEST_CLOCK (config)', () => {
  it('is off unless set, on only with NODE_ENV=test, and refused with any other NODE_ENV', async () => {
    const { testClockOf } = await import('../../../config.ts');
    expect(testClockOf(undefined, 'production')).toBe(false);
    expect(testClockOf('false', 'production')).toBe(false);
    expect(testClockOf('true', 'test')).toBe(true);
    expect(() => testClockOf('true', 'production')).toThrow(/only accepted with NODE_ENV=test/);
    expect(() => testClockOf('true', undefined)).toThrow(/only accepted with NODE_ENV=test/);
    expect(() => testClockOf('yes', 'test')).toThrow(/must be 'true' or 'false'/);
  });
});
