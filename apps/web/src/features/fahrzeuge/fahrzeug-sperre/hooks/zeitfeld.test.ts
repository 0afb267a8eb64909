import { describe, expect, it } from 'vitest';
import { isoZuZeitfeld, zeitfeldAm, zeitfeldZuIso } from './zeitfeld';

describe('datetime-local fields on the Berlin wall clock', () => {
  it.each([
    ['2026-11-24T09:00', '2026-11-24T08:00:00.000Z'],
    // the last Sundays of March and October
    ['2026-03-29T03:00', '2026-03-29T01:00:00.000Z'],
    ['2026-10-25T04:00', '2026-10-25T03:00:00.000Z'],
  ])('%s is %s and back', (feld, iso) => {
    expect(zeitfeldZuIso(feld)).toBe(iso);
    expect(isoZuZeitfeld(iso)).toBe(feld);
  });

  // not a day (13th month, 30 February), a time the clocks skip on 29 March 2026, not the field's format
  it.each(['', '2026-11-24', '24.11.2026 09:00', '2026-13-40T09:00', '2026-02-30T09:00', '2026-03-29T02:30'])(
    'refuses %j',
    (feld) => {
      expect(zeitfeldZuIso(feld)).toBeNull();
    },
  );

  it('builds a field for a day ahead', () => {
    expect(zeitfeldAm(new Date('2026-11-23T23:30:00Z'), 1, '08:00')).toBe('2026-11-25T08:00');
  });
});
