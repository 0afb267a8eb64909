import { describe, expect, it } from 'vitest';
import {
  DAY_INPUT_HINT,
  INSTANT_INPUT_HINT,
  parseTagEingabe,
  ZDayInput,
  ZInstantInput,
} from './date-input.ts';

describe('ZDayInput', () => {
  it.each([
    ['2000-01-01', true],
    ['2026-03-29', true], // DST switch in Berlin: a day like any other
    ['2028-02-29', true],
    ['2100-12-31', true],
    ['1999-12-31', false],
    ['2101-01-01', false],
    ['9999-12-31', false],
    ['0000-01-01', false],
    ['2026-02-29', false],
    ['2026-02-30', false],
    ['2026-13-01', false],
    ['2026-1-1', false],
    ['31.12.2026', false],
    ['2026-12-31T00:00:00Z', false],
    ['', false],
  ])('%s is accepted: %s', (day, ok) => {
    expect(ZDayInput.safeParse(day).success).toBe(ok);
  });

  it('says the format and the years when it refuses a day', () => {
    for (const day of ['9999-12-31', 'morgen']) {
      const result = ZDayInput.safeParse(day);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(DAY_INPUT_HINT);
    }
    expect(DAY_INPUT_HINT).toContain('2000 to 2100');
  });
});

describe('ZInstantInput', () => {
  it.each([
    ['2026-03-29T01:30:00+01:00', true],
    ['2026-10-25T02:30:00+02:00', true],
    ['2026-10-25T01:30:00Z', true],
    ['2100-12-31T23:59:59Z', true],
    ['1999-12-31T23:59:59Z', false],
    ['9999-12-31T00:00:00Z', false],
    ['2026-10-25T02:30:00', false], // no offset: ambiguous in Berlin
    ['2026-02-30T10:00:00Z', false],
    ['yesterday', false],
  ])('%s is accepted: %s', (instant, ok) => {
    expect(ZInstantInput.safeParse(instant).success).toBe(ok);
  });

  it('says the format and the years when it refuses an instant', () => {
    expect(ZInstantInput.safeParse('9999-01-01T00:00:00Z').error?.issues[0]?.message).toBe(
      INSTANT_INPUT_HINT,
    );
  });
});

describe('parseTagEingabe: a day as typed', () => {
  it.each([
    ['28.11.2026', '2026-11-28'],
    [' 28.11.2026 ', '2026-11-28'],
    ['1.2.2027', '2027-02-01'],
    ['2026-11-28', '2026-11-28'],
    ['29.02.2028', '2028-02-29'],
    ['29.02.2027', null],
    ['31.04.2026', null],
    ['28.11.2', null],
    ['28.11.20', null],
    ['28.11.', null],
    ['28', null],
    ['', null],
    ['28.11.1999', null],
    ['28.11.2101', null],
    ['11/28/2026', null],
    ['morgen', null],
  ])('%j is %j', (text, expected) => {
    expect(parseTagEingabe(text)).toBe(expected);
  });
});
