import { describe, expect, it } from 'vitest';
import { fitScale, naechsterPlatz, richtungVonTaste } from './plan-navigation';

// a 3 x 2 grid: a b c / d e f, 100 units apart, and one place without a position
const grid = [
  { id: 'a', position: { x: 100, y: 100 } },
  { id: 'b', position: { x: 200, y: 100 } },
  { id: 'c', position: { x: 300, y: 110 } },
  { id: 'd', position: { x: 100, y: 200 } },
  { id: 'e', position: { x: 210, y: 200 } },
  { id: 'f', position: { x: 300, y: 200 } },
  { id: 'x', position: null },
];

describe('naechsterPlatz', () => {
  it.each([
    ['a', 'rechts', 'b'],
    ['b', 'rechts', 'c'],
    ['c', 'rechts', 'c'],
    ['b', 'unten', 'e'],
    ['e', 'oben', 'b'],
    ['e', 'links', 'd'],
    ['d', 'links', 'd'],
    ['f', 'oben', 'c'],
  ] as const)('from %s going %s reaches %s', (from, richtung, expected) => {
    expect(naechsterPlatz(grid, from, richtung)).toBe(expected);
  });

  it('starts at the top-left place without a selection, and gives null without placed places', () => {
    expect(naechsterPlatz(grid, null, 'rechts')).toBe('a');
    expect(naechsterPlatz([{ id: 'x', position: null }], null, 'rechts')).toBeNull();
  });

  it('reads only the arrow keys', () => {
    expect(richtungVonTaste('ArrowUp')).toBe('oben');
    expect(richtungVonTaste('Enter')).toBeNull();
  });
});

describe('fitScale', () => {
  it('fits the plan into the box, bounded to 10 %–400 %', () => {
    expect(fitScale({ width: 600, height: 800 }, { width: 1200, height: 800 })).toBe(0.5);
    expect(fitScale({ width: 375, height: 500 }, { width: 1200, height: 800 })).toBeCloseTo(0.3125);
    expect(fitScale({ width: 10_000, height: 10_000 }, { width: 100, height: 100 })).toBe(4);
    expect(fitScale({ width: 0, height: 0 }, { width: 100, height: 100 })).toBe(1);
  });
});
