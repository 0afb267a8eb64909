import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { webConcurrencyOf } from './cluster.ts';

const PG = 'postgres://stellwerk@db/stellwerk';

describe('WEB_CONCURRENCY (decision 243)', () => {
  it('unset or empty is the one process of npm start, on either database', () => {
    expect(webConcurrencyOf(undefined, undefined)).toBe(1);
    expect(webConcurrencyOf('', undefined)).toBe(1);
    expect(webConcurrencyOf(' 1 ', undefined)).toBe(1);
  });

  it('a number or auto (one per core) with PostgreSQL', () => {
    expect(webConcurrencyOf('4', PG)).toBe(4);
    expect(webConcurrencyOf('auto', PG)).toBe(availableParallelism());
  });

  it('more than one process on the embedded database is refused with the reason', () => {
    expect(() => webConcurrencyOf('2', undefined)).toThrow(/braucht PostgreSQL \(DATABASE_URL\)/);
  });

  it('anything else is refused', () => {
    for (const value of ['0', '-1', '1.5', '65', 'zwei'])
      expect(() => webConcurrencyOf(value, PG)).toThrow(/WEB_CONCURRENCY must be 'auto' or a whole number/);
  });
});
