import { describe, expect, it } from 'vitest';
import { berlinInstant, WOCHENTAG_NAMEN } from '../../time.ts';
import {
  fahrzeugFensterAus,
  fensterAm,
  fensterAusZeitraum,
  isInnerhalbBuchungsfenster,
  parseBuchungsfenster,
  parseWochentag,
  wochentagName,
} from './buchungsfenster.ts';

const b = (day: string, time: string) => berlinInstant(day, time);

describe('weekday names (spec §5)', () => {
  it.each(WOCHENTAG_NAMEN.map((name, i) => [name, i] as const))('%s is weekday %i and back', (name, i) => {
    expect(parseWochentag({ wert: name })).toBe(i);
    expect(parseWochentag({ wert: i })).toBe(i);
    expect(wochentagName({ wochentag: i })).toBe(name);
  });

  it.each<unknown>(['Montag', 'montag', 'MONTAGS', 'monday', '', ' montags', 7, -1, 1.5, null, undefined])(
    '%j means none',
    (wert) => {
      expect(parseWochentag({ wert })).toBeNull();
    },
  );
});

describe('parseBuchungsfenster: the rows of fahrzeug_oeffnungszeit', () => {
  it('accepts names and numbers and sorts by weekday', () => {
    expect(
      parseBuchungsfenster({
        zeilen: [
          { wochentag: 'montags', von: '07:00', bis: '19:00', geoeffnet: true },
          { wochentag: 0, von: '10:00:00', bis: '12:00:00', geoeffnet: false },
        ],
      }),
    ).toEqual([
      { wochentag: 0, von: '10:00', bis: '12:00', geoeffnet: false },
      { wochentag: 1, von: '07:00', bis: '19:00', geoeffnet: true },
    ]);
  });

  it.each<[string, { wochentag: unknown; von: string; bis: string; geoeffnet: boolean }[], string]>([
    [
      'an unknown weekday',
      [{ wochentag: 'Montag', von: '07:00', bis: '19:00', geoeffnet: true }],
      'Bitte für jeden Wochentag',
    ],
    [
      'a weekday twice',
      [
        { wochentag: 1, von: '07:00', bis: '19:00', geoeffnet: true },
        { wochentag: 'montags', von: '08:00', bis: '19:00', geoeffnet: true },
      ],
      'Bitte für jeden Wochentag',
    ],
    [
      'an open day ending before it starts',
      [{ wochentag: 1, von: '19:00', bis: '07:00', geoeffnet: true }],
      'Der Beginn (19:00)',
    ],
    [
      'an invalid time',
      [{ wochentag: 1, von: '7:00', bis: '19:00', geoeffnet: true }],
      "No valid Time String '7:00'!",
    ],
  ])('refuses %s', (_case, zeilen, message) => {
    expect(() => parseBuchungsfenster({ zeilen })).toThrow(message);
  });
});

describe('isInnerhalbBuchungsfenster over nights (decision 112)', () => {
  const werktags = [1, 2, 3, 4, 5].map((wochentag) => ({
    wochentag,
    von: '07:00',
    bis: '19:00',
    geoeffnet: true,
  }));
  const rundUmDieUhr = [0, 1, 2, 3, 4, 5, 6].map((wochentag) => ({
    wochentag,
    von: '00:00',
    bis: '23:59',
    geoeffnet: true,
  }));
  it.each<[string, typeof werktags, Date, Date, boolean]>([
    [
      'the reported case: Tue 18:00 → Wed 08:00 on Mon–Fri 07:00–19:00',
      werktags,
      b('2026-11-24', '18:00'),
      b('2026-11-25', '08:00'),
      false,
    ],
    ['Tue 07:00–19:00', werktags, b('2026-11-24', '07:00'), b('2026-11-24', '19:00'), true],
    [
      'round the clock: Mon 18:00 → Wed 10:00',
      rundUmDieUhr,
      b('2026-11-23', '18:00'),
      b('2026-11-25', '10:00'),
      true,
    ],
    [
      'round the clock: a day ending at midnight',
      rundUmDieUhr,
      b('2026-11-23', '00:00'),
      b('2026-11-24', '00:00'),
      true,
    ],
    [
      'ending at 19:00 on the day is inside, 19:15 not',
      werktags,
      b('2026-11-24', '18:00'),
      b('2026-11-24', '19:15'),
      false,
    ],
    [
      'round the clock over the night the clocks go back',
      rundUmDieUhr,
      b('2026-10-24', '22:00'),
      b('2026-10-25', '04:00'),
      true,
    ],
    [
      'round the clock over the night the clocks go forward',
      rundUmDieUhr,
      b('2026-03-28', '22:00'),
      b('2026-03-29', '04:00'),
      true,
    ],
    [
      'Fri 18:00 → Mon 08:00 over a closed weekend',
      werktags,
      b('2026-11-27', '18:00'),
      b('2026-11-30', '08:00'),
      false,
    ],
  ])('%s', (_case, fenster, von, bis, expected) => {
    expect(isInnerhalbBuchungsfenster({ fenster, von, bis })).toBe(expected);
  });
});

describe('isInnerhalbBuchungsfenster', () => {
  const fenster = [
    { wochentag: 1, von: '07:00', bis: '19:00', geoeffnet: true },
    { wochentag: 2, von: '08:00', bis: '12:00', geoeffnet: true },
    { wochentag: 3, von: '07:00', bis: '19:00', geoeffnet: false },
    { wochentag: 4, von: '07:00', bis: '19:00', geoeffnet: true },
  ];
  it.each<[string, Date, Date, boolean]>([
    ['Monday 07:00–19:00', b('2026-11-23', '07:00'), b('2026-11-23', '19:00'), true],
    ['Monday 06:45–08:00', b('2026-11-23', '06:45'), b('2026-11-23', '08:00'), false],
    ['Tuesday 08:00–12:00 (its own hours)', b('2026-11-24', '08:00'), b('2026-11-24', '12:00'), true],
    ['Tuesday 11:00–13:00', b('2026-11-24', '11:00'), b('2026-11-24', '13:00'), false],
    // the night between is closed (decision 112)
    ['Monday 18:00 to Tuesday 10:00', b('2026-11-23', '18:00'), b('2026-11-24', '10:00'), false],
    ['Wednesday (closed row)', b('2026-11-25', '09:00'), b('2026-11-25', '10:00'), false],
    [
      'Tuesday to Thursday over a closed Wednesday',
      b('2026-11-24', '09:00'),
      b('2026-11-26', '10:00'),
      false,
    ],
    ['Friday (no row)', b('2026-11-27', '09:00'), b('2026-11-27', '10:00'), false],
  ])('%s: %s', (_case, von, bis, expected) => {
    expect(isInnerhalbBuchungsfenster({ fenster, von, bis })).toBe(expected);
  });

  it.each<[string, string]>([
    ['2026-03-29', 'spring 2026'],
    ['2026-10-25', 'autumn 2026'],
    ['2027-03-28', 'spring 2027'],
    ['2027-10-31', 'autumn 2027'],
  ])('keeps wall-clock hours on the DST Sunday %s (%s)', (day) => {
    const sonntags = fensterAusZeitraum({ von: '01:00', bis: '04:00', wochentage: [0] });
    expect(fensterAm({ fenster: sonntags, tag: day })).toEqual({
      von: b(day, '01:00'),
      bis: b(day, '04:00'),
    });
    expect(
      isInnerhalbBuchungsfenster({ fenster: sonntags, von: b(day, '01:00'), bis: b(day, '04:00') }),
    ).toBe(true);
    expect(
      isInnerhalbBuchungsfenster({ fenster: sonntags, von: b(day, '00:45'), bis: b(day, '04:00') }),
    ).toBe(false);
    expect(
      isInnerhalbBuchungsfenster({ fenster: sonntags, von: b(day, '01:00'), bis: b(day, '04:15') }),
    ).toBe(false);
  });

  it('opens all seven days for an empty weekday list', () => {
    expect(fensterAusZeitraum({ von: '09:00', bis: '18:00', wochentage: [] }).every((r) => r.geoeffnet)).toBe(
      true,
    );
  });
});

describe('fahrzeugFensterAus: rows before columns', () => {
  const zeilen = [{ wochentag: 1, von: '07:00', bis: '19:00', geoeffnet: true }];
  it('takes the weekday rows when there are any', () => {
    expect(
      fahrzeugFensterAus({
        zeilen,
        buchungszeitraumVon: '09:00',
        buchungszeitraumBis: '18:00',
        buchungszeitraumWochentage: [],
      }),
    ).toEqual(zeilen);
  });
  it('falls back to the simple columns, then to none', () => {
    expect(
      fahrzeugFensterAus({
        zeilen: [],
        buchungszeitraumVon: '09:00',
        buchungszeitraumBis: '18:00',
        buchungszeitraumWochentage: [1, 2],
      })
        ?.filter((r) => r.geoeffnet)
        .map((r) => r.wochentag),
    ).toEqual([1, 2]);
    expect(
      fahrzeugFensterAus({
        zeilen: [],
        buchungszeitraumVon: '09:00',
        buchungszeitraumBis: null,
        buchungszeitraumWochentage: null,
      }),
    ).toBeNull();
  });
});
