import { describe, expect, it } from 'vitest';
import { BUCHUNG_STATUS, type BuchungStatus } from '../../status.ts';
import { berlinInstant } from '../../time.ts';
import type { AbweichendeOeffnung, Wochenoeffnung } from '../oeffnungszeiten.ts';
import { buchungsTage, schliessungsStorno, vonWochenschliessungBetroffen } from './schliessung.ts';

describe('schliessungsStorno', () => {
  const expected: Record<BuchungStatus, ReturnType<typeof schliessungsStorno>> = {
    vorgemerkt: { nach: 'storniert', mail: 'useMailStorno' },
    reserviert: { nach: 'storniert', mail: 'useMailStorno' },
    aktiv: null,
    durchgeführt: null,
    storniert: null,
    verschlossen: null,
  };
  it.each(BUCHUNG_STATUS.map((s) => [s, expected[s]] as const))(
    'a booking that is %s: %j',
    (status, result) => {
      expect(schliessungsStorno(status)).toEqual(result);
    },
  );
});

describe('buchungsTage', () => {
  it.each([
    ['one day', '2026-11-24', '09:00', '2026-11-24', '12:00', ['2026-11-24']],
    ['ending at midnight stays on its day', '2026-11-24', '18:00', '2026-11-25', '00:00', ['2026-11-24']],
    ['over midnight', '2026-11-24', '22:00', '2026-11-25', '01:00', ['2026-11-24', '2026-11-25']],
    ['three days', '2026-11-24', '08:00', '2026-11-26', '08:00', ['2026-11-24', '2026-11-25', '2026-11-26']],
    ['empty period', '2026-11-24', '10:00', '2026-11-24', '10:00', ['2026-11-24']],
    // DST: 29 March 2026 has 23 hours, 25 October 2026 has 25 hours (Europe/Berlin).
    ['spring-forward day, whole day', '2026-03-29', '00:00', '2026-03-30', '00:00', ['2026-03-29']],
    ['fall-back day, whole day', '2026-10-25', '00:00', '2026-10-26', '00:00', ['2026-10-25']],
    ['fall-back night', '2026-10-24', '23:30', '2026-10-25', '02:30', ['2026-10-24', '2026-10-25']],
  ])('%s', (_name, vonTag, vonZeit, bisTag, bisZeit, days) => {
    expect(buchungsTage(berlinInstant(vonTag, vonZeit), berlinInstant(bisTag, bisZeit))).toEqual(days);
  });
});

describe('vonWochenschliessungBetroffen', () => {
  // 0 = Sunday … 6 = Saturday; Monday to Friday open 08:00–18:00.
  const woche = (geschlossen: number[] = []): Wochenoeffnung[] =>
    [0, 1, 2, 3, 4, 5, 6].map((wochentag) => ({
      wochentag,
      geoeffnet: wochentag >= 1 && wochentag <= 5 && !geschlossen.includes(wochentag),
      von: '08:00',
      bis: '18:00',
    }));
  const offen = (gueltigVon: string, gueltigBis = gueltigVon): AbweichendeOeffnung => ({
    gueltigVon,
    gueltigBis,
    status: 'offen',
  });
  const zu = (gueltigVon: string, gueltigBis = gueltigVon): AbweichendeOeffnung => ({
    gueltigVon,
    gueltigBis,
    status: 'geschlossen',
  });
  it.each<[string, string, string, number[], AbweichendeOeffnung[], boolean]>([
    // 2026-11-25 is a Wednesday (3), 2026-11-24 a Tuesday (2).
    ['Wednesday closed: a Wednesday booking', '2026-11-25', '2026-11-25', [3], [], true],
    ['Wednesday closed: a Tuesday booking', '2026-11-24', '2026-11-24', [3], [], false],
    ['nothing closed', '2026-11-25', '2026-11-25', [], [], false],
    ['a booking from Tuesday night into Wednesday', '2026-11-24', '2026-11-25', [3], [], true],
    [
      'the Wednesday is opened by a special opening time',
      '2026-11-25',
      '2026-11-25',
      [3],
      [offen('2026-11-25')],
      false,
    ],
    [
      'the Wednesday was closed by a special time already',
      '2026-11-25',
      '2026-11-25',
      [3],
      [zu('2026-11-23', '2026-11-27')],
      false,
    ],
    [
      'a special opening time elsewhere does not help',
      '2026-11-25',
      '2026-11-25',
      [3],
      [offen('2026-11-26')],
      true,
    ],
    // DST weeks: Sunday 29 March and Sunday 25 October 2026 (weekday 0) opened, then closed again.
    ['spring-forward Sunday', '2026-03-29', '2026-03-29', [0], [offen('2026-03-29')], false],
    ['Monday after spring-forward closed', '2026-03-30', '2026-03-30', [1], [], true],
    ['Monday after fall-back closed', '2026-10-26', '2026-10-26', [1], [], true],
    ['Friday before fall-back, Monday closed', '2026-10-23', '2026-10-23', [1], [], false],
  ])('%s → %s', (_name, vonTag, bisTag, geschlossen, specials, betroffen) => {
    expect(
      vonWochenschliessungBetroffen({
        von: berlinInstant(vonTag, vonTag === bisTag ? '09:00' : '22:00'),
        bis: berlinInstant(bisTag, vonTag === bisTag ? '12:00' : '01:00'),
        vorher: woche(),
        nachher: woche(geschlossen),
        specials,
      }),
    ).toBe(betroffen);
  });

  it('a weekday that was closed before closes nothing new', () => {
    const vorher = woche([3]);
    expect(
      vonWochenschliessungBetroffen({
        von: berlinInstant('2026-11-25', '09:00'),
        bis: berlinInstant('2026-11-25', '12:00'),
        vorher,
        nachher: vorher,
        specials: [],
      }),
    ).toBe(false);
  });

  it('without stored hours (every day closed) nothing was bookable, so nothing is affected', () => {
    expect(
      vonWochenschliessungBetroffen({
        von: berlinInstant('2026-11-25', '09:00'),
        bis: berlinInstant('2026-11-25', '12:00'),
        vorher: [],
        nachher: woche([3]),
        specials: [],
      }),
    ).toBe(false);
  });
});
