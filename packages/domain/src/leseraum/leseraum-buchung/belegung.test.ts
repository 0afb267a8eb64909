import { describe, expect, it } from 'vitest';
import type { BuchungStatus } from '../../status.ts';
import { type PlatzZustand, platzZustand } from './belegung.ts';

const t = (time: string) => new Date(`2026-11-24T${time}:00+01:00`);
const tag = { von: t('08:00'), bis: t('18:00') };
const b = (von: string, bis: string, status: BuchungStatus = 'reserviert', buchenderMail = 'eve@x.de') => ({
  von: t(von),
  bis: t(bis),
  status,
  buchenderMail,
});

describe('platzZustand (spec §2 seat states)', () => {
  const zustand = (
    buchungen: ReturnType<typeof b>[],
    over: Partial<Parameters<typeof platzZustand>[0]> = {},
  ): PlatzZustand =>
    platzZustand({
      aktiv: true,
      tagGeoeffnet: true,
      zeitraum: tag,
      tag,
      buchungen,
      userMail: 'Anna@x.de',
      ...over,
    });

  it.each<[string, ReturnType<typeof b>[], PlatzZustand]>([
    ['no bookings', [], 'frei'],
    ['a cancelled booking only', [b('08:00', '18:00', 'storniert')], 'frei'],
    ['taken the whole day', [b('08:00', '18:00')], 'belegt'],
    [
      'taken by two bookings without a gap',
      [b('08:00', '12:00'), b('12:00', '18:00', 'durchgeführt')],
      'belegt',
    ],
    ['held the whole day', [b('08:00', '18:00', 'vorgemerkt')], 'vorgemerkt'],
    ['held and reserved together', [b('08:00', '12:00', 'vorgemerkt'), b('12:00', '18:00')], 'belegt'],
    ['taken for two hours', [b('10:00', '12:00')], 'stundenweise_belegt'],
    ['taken with a gap', [b('08:00', '12:00'), b('12:15', '18:00')], 'stundenweise_belegt'],
    ['your own booking', [b('10:00', '12:00', 'reserviert', 'anna@x.de')], 'eigene_reservierung'],
    ['your own hold', [b('10:00', '12:00', 'vorgemerkt', 'anna@x.de')], 'eigene_vormerkung'],
    [
      'your own hold and your own reservation',
      [b('08:00', '10:00', 'vorgemerkt', 'anna@x.de'), b('10:00', '12:00', 'reserviert', 'anna@x.de')],
      'eigene_reservierung',
    ],
    [
      'your own checked-in booking',
      [b('08:00', '18:00', 'durchgeführt', 'anna@x.de')],
      'eigene_reservierung',
    ],
    [
      "your own hold beside someone else's reservation",
      [b('08:00', '12:00', 'vorgemerkt', 'anna@x.de'), b('12:00', '18:00')],
      'eigene_vormerkung',
    ],
  ])('%s: %s', (_case, buchungen, expected) => {
    expect(zustand(buchungen)).toBe(expected);
  });

  it('is closed on a closed day and for an inactive place, whatever is booked', () => {
    expect(zustand([], { tagGeoeffnet: false })).toBe('geschlossen');
    expect(zustand([b('10:00', '12:00', 'reserviert', 'anna@x.de')], { aktiv: false })).toBe('geschlossen');
  });

  it('for a chosen hour: free when the booking of the day lies elsewhere, but marked by the hour', () => {
    const zeitraum = { von: t('14:00'), bis: t('15:00') };
    expect(zustand([b('10:00', '12:00')], { zeitraum })).toBe('stundenweise_belegt');
    expect(zustand([b('14:00', '15:00')], { zeitraum })).toBe('belegt');
    expect(zustand([b('13:00', '16:00', 'vorgemerkt')], { zeitraum })).toBe('vorgemerkt');
  });
});
