import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { berlinInstant } from '../../time.ts';
import {
  assertPasstInKette,
  type KilometerFahrt,
  kilometerLuecken,
  vorgeschlagenerKilometerstand,
} from './kilometer.ts';

const t = berlinInstant;
const fahrt = (
  id: string,
  day: string,
  von: string,
  bis: string,
  kmBeginn: number,
  kmEnde: number,
): KilometerFahrt => ({
  id,
  beginn: t(day, von),
  ende: t(day, bis),
  kmBeginn,
  kmEnde,
});
const message = (fn: () => unknown): string => {
  try {
    fn();
  } catch (e) {
    return (e as Error).message;
  }
  return 'no error';
};

const fahrten = [
  fahrt('a', '2026-10-24', '09:00', '11:00', 1000, 1100),
  // 25 October: the clocks go back; the trip after the change still follows by instant
  fahrt('b', '2026-10-25', '01:30', '04:00', 1100, 1180),
  fahrt('c', '2026-10-26', '08:00', '09:00', 1250, 1300), // 70 km gap after b
  fahrt('d', '2026-10-27', '08:00', '09:00', 1300, 1320),
];

describe('kilometerLuecken: gaps in a vehicle chain', () => {
  it('finds the gap between a check-out and a higher next check-in, in time order', () => {
    expect(kilometerLuecken([...fahrten].reverse())).toEqual([
      {
        vorId: 'b',
        nachId: 'c',
        vonKm: 1180,
        bisKm: 1250,
        vonZeit: fahrten[1]?.ende,
        bisZeit: fahrten[2]?.beginn,
      },
    ]);
  });
  it('a seamless chain and an empty one have no gaps', () => {
    expect(kilometerLuecken(fahrten.filter((f) => f.id !== 'c' && f.id !== 'd'))).toEqual([]);
    expect(kilometerLuecken([])).toEqual([]);
  });
  it('the one-kilometre step that the check-in demands is no gap; two kilometres are (decision 144)', () => {
    const a = fahrt('a', '2026-11-02', '08:00', '09:00', 2000, 2050);
    expect(kilometerLuecken([a, fahrt('b', '2026-11-02', '10:00', '11:00', 2051, 2080)])).toEqual([]);
    expect(kilometerLuecken([a, fahrt('b', '2026-11-02', '10:00', '11:00', 2052, 2080)])).toMatchObject([
      { vonKm: 2050, bisKm: 2052 },
    ]);
  });
  it('property: the gaps add up to the distance not covered by trips, beyond the one-kilometre steps', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat(50), fc.integer({ min: 1, max: 500 })), { maxLength: 30 }),
        (schritte) => {
          let km = 10_000;
          const kette = schritte.map(([luecke, strecke], i) => {
            const beginn = km + luecke;
            km = beginn + strecke;
            return {
              id: `f${i}`,
              beginn: new Date(i * 3_600_000),
              ende: new Date(i * 3_600_000 + 1_800_000),
              kmBeginn: beginn,
              kmEnde: km,
            };
          });
          const summe = kilometerLuecken(kette).reduce((s, l) => s + (l.bisKm - l.vonKm), 0);
          const erwartet = schritte.slice(1).reduce((s, [luecke]) => s + (luecke > 1 ? luecke : 0), 0);
          expect(summe).toBe(erwartet);
        },
      ),
    );
  });
});

describe('vorgeschlagenerKilometerstand', () => {
  it('proposes the highest reading, null for a new car', () => {
    expect(vorgeschlagenerKilometerstand(fahrten)).toBe(1320);
    expect(vorgeschlagenerKilometerstand([])).toBeNull();
  });
});

describe('assertPasstInKette: a trip recorded by hand fits between its neighbours', () => {
  it.each([
    // the check-in's rule (decision 092): greater than the last reading, equal refused, the last reading named
    [
      'starts at the previous end',
      fahrt('h', '2026-10-25', '10:00', '12:00', 1180, 1250),
      'Kilometerstand muss größer als 1180 sein.',
    ],
    [
      'starts just above the previous end',
      fahrt('h', '2026-10-25', '10:00', '12:00', 1181, 1250),
      'no error',
    ],
    ['lies inside the gap', fahrt('h', '2026-10-25', '10:00', '12:00', 1190, 1240), 'no error'],
    [
      'starts below the previous end',
      fahrt('h', '2026-10-25', '10:00', '12:00', 1170, 1240),
      'Kilometerstand muss größer als 1180 sein.',
    ],
    [
      'ends above the next start',
      fahrt('h', '2026-10-25', '10:00', '12:00', 1181, 1260),
      'Kilometerstand muss kleiner als 1251 sein.',
    ],
    [
      'overlaps the previous trip in time',
      fahrt('h', '2026-10-25', '03:00', '05:00', 1181, 1200),
      'Kilometerstand muss größer als 1180 sein.',
    ],
    [
      'overlaps the next trip in time',
      fahrt('h', '2026-10-26', '07:00', '08:30', 1181, 1200),
      'Kilometerstand muss kleiner als 1251 sein.',
    ],
    ['comes after the last trip', fahrt('h', '2026-10-28', '07:00', '08:30', 1321, 1400), 'no error'],
    [
      'comes after the last trip at its reading',
      fahrt('h', '2026-10-28', '07:00', '08:30', 1320, 1400),
      'Kilometerstand muss größer als 1320 sein.',
    ],
    ['comes before the first trip', fahrt('h', '2026-10-01', '07:00', '08:30', 900, 1000), 'no error'],
  ])('%s', (_name, neu, text) => {
    expect(message(() => assertPasstInKette({ fahrt: neu, fahrten }))).toBe(text);
  });
  it('ignores the trip itself when it is already stored (a corrected version)', () => {
    expect(
      message(() =>
        assertPasstInKette({ fahrt: { ...(fahrten[2] as KilometerFahrt), kmBeginn: 1200 }, fahrten }),
      ),
    ).toBe('no error');
  });
});
