import { describe, expect, it } from 'vitest';
import { BUCHUNG_STATUS, type BuchungStatus } from '../../status.ts';
import { deaktivierungsStorno, vonDeaktivierungBetroffen, wirdDeaktiviert } from './deaktivierung.ts';

describe('deaktivierungsStorno', () => {
  const expected: Record<BuchungStatus, ReturnType<typeof deaktivierungsStorno>> = {
    vorgemerkt: { nach: 'storniert', mail: 'useMailRaumDeaktivierungSystemStorno' },
    reserviert: { nach: 'storniert', mail: 'useMailRaumDeaktivierungSystemStorno' },
    aktiv: null,
    durchgeführt: null,
    storniert: null,
    verschlossen: null,
  };
  it.each(BUCHUNG_STATUS.map((s) => [s, expected[s]] as const))(
    'a booking that is %s: %j',
    (status, result) => {
      expect(deaktivierungsStorno(status)).toEqual(result);
    },
  );
});

describe('vonDeaktivierungBetroffen', () => {
  const now = new Date('2026-11-23T10:00:00+01:00');
  it.each([
    ['a future hold', 'vorgemerkt', '2026-11-24T12:00:00+01:00', true],
    ['a future reservation', 'reserviert', '2026-11-24T12:00:00+01:00', true],
    ['a running reservation', 'reserviert', '2026-11-23T10:01:00+01:00', true],
    ['a reservation ending now', 'reserviert', '2026-11-23T10:00:00+01:00', false],
    ['a past hold', 'vorgemerkt', '2026-11-22T18:00:00+01:00', false],
    ['a performed booking still running', 'durchgeführt', '2026-11-23T18:00:00+01:00', false],
    ['a cancelled future booking', 'storniert', '2026-11-24T12:00:00+01:00', false],
    // 25 October 2026: the clocks go back at 03:00; 02:30 CET is after 02:30 CEST.
    ['DST fall-back: ends in the repeated hour after now', 'reserviert', '2026-10-25T02:30:00+01:00', true],
  ] as const)('%s → %s', (_name, status, bis, result) => {
    const at = _name.startsWith('DST') ? new Date('2026-10-25T02:45:00+02:00') : now;
    expect(vonDeaktivierungBetroffen({ status, bis: new Date(bis), now: at })).toBe(result);
  });
});

describe('wirdDeaktiviert', () => {
  it.each([
    [true, false, true],
    [true, true, false],
    [false, false, false],
    [false, true, false],
  ])('aktiv %s → %s: %s', (vorher, nachher, result) => {
    expect(wirdDeaktiviert({ vorher, nachher })).toBe(result);
  });
});
