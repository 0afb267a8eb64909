import { describe, expect, it } from 'vitest';
import { aufPlan, startPosition, verschobenDurchTaste } from './platz-verschieben';

const PLAN = { width: 800, height: 500 };

describe('verschobenDurchTaste', () => {
  it.each([
    ['ArrowRight', false, { x: 105, y: 100 }],
    ['ArrowLeft', false, { x: 95, y: 100 }],
    ['ArrowUp', false, { x: 100, y: 95 }],
    ['ArrowDown', false, { x: 100, y: 105 }],
    ['ArrowRight', true, { x: 125, y: 100 }],
    ['ArrowUp', true, { x: 100, y: 75 }],
    ['Enter', false, null],
    ['a', true, null],
  ])('%s (Shift %s) from (100, 100) → %j', (key, shiftKey, expected) => {
    expect(verschobenDurchTaste({ x: 100, y: 100 }, { key, shiftKey }, PLAN)).toEqual(expected);
  });

  it.each([
    ['left edge', { x: 2, y: 10 }, 'ArrowLeft', { x: 0, y: 10 }],
    ['top edge', { x: 10, y: 20 }, 'ArrowUp', { x: 10, y: 0 }],
    ['right edge', { x: 798, y: 10 }, 'ArrowRight', { x: 800, y: 10 }],
    ['bottom edge', { x: 10, y: 490 }, 'ArrowDown', { x: 10, y: 500 }],
  ])('stays on the plan at the %s', (_name, from, key, expected) => {
    expect(verschobenDurchTaste(from, { key, shiftKey: true }, PLAN)).toEqual(expected);
  });
});

describe('aufPlan', () => {
  it('rounds to a tenth and clamps to the plan', () => {
    expect(aufPlan({ x: 12.345, y: -3 }, PLAN)).toEqual({ x: 12.3, y: 0 });
    expect(aufPlan({ x: 9999, y: 250.06 }, PLAN)).toEqual({ x: 800, y: 250.1 });
  });
});

describe('startPosition', () => {
  it('puts unplaced places near the middle, side by side, inside the plan', () => {
    expect(startPosition(PLAN, 0)).toEqual({ x: 400, y: 250 });
    expect(startPosition(PLAN, 1)).toEqual({ x: 430, y: 250 });
    expect(startPosition(PLAN, 5)).toEqual({ x: 400, y: 280 });
    expect(startPosition({ width: 40, height: 40 }, 12)).toEqual({ x: 40, y: 40 });
  });
});
