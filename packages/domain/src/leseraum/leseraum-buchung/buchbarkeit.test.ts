import { describe, expect, it } from 'vitest';
import type { BuchungStatus } from '../../status.ts';
import { berlinInstant } from '../../time.ts';
import type { AbweichendeOeffnung, Wochenoeffnung } from '../oeffnungszeiten.ts';
import {
  buchungsAngebot,
  freieZeiten,
  letzterBuchbarerTag,
  type TagSperrgrund,
  tagSperrgrund,
} from './buchbarkeit.ts';

const at = berlinInstant;
const weekly: Wochenoeffnung[] = [1, 2, 3, 4, 5, 6].map((wochentag) => ({ wochentag, geoeffnet: true }));
const specials: AbweichendeOeffnung[] = [
  { gueltigVon: '2026-11-26', gueltigBis: '2026-11-26', status: 'geschlossen' },
  { gueltigVon: '2026-11-29', gueltigBis: '2026-11-29', status: 'offen', von: '10:00', bis: '14:00' },
];
const regeln = { vorausbuchbareTage: 10, buchbareWochentage: [0, 1, 2, 3, 4, 5] };

describe('tagSperrgrund', () => {
  const now = at('2026-11-23', '07:00'); // Monday
  it.each<[string, string, TagSperrgrund | null]>([
    ['yesterday', '2026-11-22', 'vergangen'],
    ['today, an open Monday', '2026-11-23', null],
    ['a special closed Thursday', '2026-11-26', 'geschlossen'],
    ['a Saturday (open, but not a bookable weekday)', '2026-11-28', 'wochentag'],
    ['a Sunday opened by a special opening time', '2026-11-29', null],
    ['the last bookable day (today + 9)', '2026-12-02', null],
    ['the day after the horizon', '2026-12-03', 'horizont'],
    ['a Saturday beyond the horizon: the horizon is named', '2026-12-05', 'horizont'],
  ])('%s (%s) → %s', (_name, day, expected) => {
    expect(tagSperrgrund({ day, now, regeln, weekly, specials })).toBe(expected);
  });

  it('names no weekday rule when every weekday is allowed (empty list), only the closed Sunday', () => {
    const alle = { vorausbuchbareTage: 10, buchbareWochentage: [] };
    expect(tagSperrgrund({ day: '2026-11-28', now, regeln: alle, weekly, specials })).toBeNull();
    expect(
      tagSperrgrund({ day: '2026-11-22', now: at('2026-11-21', '12:00'), regeln: alle, weekly, specials }),
    ).toBe('geschlossen');
  });

  it('names a closed day closed, even when its weekday is not bookable either', () => {
    const werktags = { vorausbuchbareTage: 14, buchbareWochentage: [1, 2, 3, 4, 5] };
    expect(tagSperrgrund({ day: '2026-12-06', now, regeln: werktags, weekly, specials })).toBe('geschlossen');
    expect(tagSperrgrund({ day: '2026-12-05', now, regeln: werktags, weekly, specials })).toBe('wochentag');
  });

  it('offers nothing with 0 bookable days', () => {
    expect(letzterBuchbarerTag({ now, vorausbuchbareTage: 0 })).toBeNull();
    expect(
      tagSperrgrund({
        day: '2026-11-23',
        now,
        regeln: { ...regeln, vorausbuchbareTage: 0 },
        weekly,
        specials,
      }),
    ).toBe('horizont');
  });

  // the week of the switch to summer time (Sunday 29 March 2026) and back (Sunday 25 October 2026): the days
  // are Berlin calendar days, so the horizon and the weekdays do not move by an hour's shift
  it.each<[string, Date, string, TagSperrgrund | null]>([
    [
      'late on the Saturday before summer time, its Sunday is day 2',
      at('2026-03-28', '23:30'),
      '2026-03-29',
      null,
    ],
    ['summer time Sunday + 2 is the last of 3 days', at('2026-03-29', '00:30'), '2026-03-31', null],
    ['summer time Sunday + 3 is beyond 3 days', at('2026-03-29', '23:59'), '2026-04-01', 'horizont'],
    ['the Monday after summer time is a Monday', at('2026-03-30', '00:10'), '2026-03-30', null],
    ['late on the winter time Sunday, Monday is day 2', at('2026-10-25', '23:30'), '2026-10-26', null],
    ['winter time Sunday + 3 is beyond 3 days', at('2026-10-25', '02:30'), '2026-10-28', 'horizont'],
    ['winter time Saturday is not a bookable weekday', at('2026-10-22', '08:00'), '2026-10-24', 'wochentag'],
    ['the Saturday before, at 23:59, is still today', at('2026-10-24', '23:59'), '2026-10-24', 'wochentag'],
  ])('DST week: %s', (_name, now, day, expected) => {
    const sonntage: AbweichendeOeffnung[] = [
      { gueltigVon: '2026-03-29', gueltigBis: '2026-03-29', status: 'offen' },
      { gueltigVon: '2026-10-25', gueltigBis: '2026-10-25', status: 'offen' },
    ];
    expect(
      tagSperrgrund({
        day,
        now,
        regeln: { vorausbuchbareTage: 3, buchbareWochentage: [0, 1, 2, 3, 4, 5] },
        weekly,
        specials: sonntage,
      }),
    ).toBe(expected);
  });
});

const b = (day: string, von: string, bis: string, status: BuchungStatus = 'reserviert') => ({
  von: at(day, von),
  bis: at(day, bis),
  status,
});

describe('freieZeiten', () => {
  const offen = { von: at('2026-11-24', '08:00'), bis: at('2026-11-24', '18:00') };
  const fmt = (z: { von: Date; bis: Date }[]) =>
    z.map((x) => `${x.von.toISOString().slice(11, 16)}-${x.bis.toISOString().slice(11, 16)}`);
  it.each<[string, ReturnType<typeof b>[], number, string[]]>([
    ['nothing booked: the whole opening', [], 0, ['07:00-17:00']],
    ['a morning booking', [b('2026-11-24', '08:00', '12:00')], 0, ['11:00-17:00']],
    [
      'two bookings leave three gaps',
      [b('2026-11-24', '14:00', '15:00'), b('2026-11-24', '09:00', '10:00', 'vorgemerkt')],
      0,
      ['07:00-08:00', '09:00-13:00', '14:00-17:00'],
    ],
    [
      'a cancelled booking frees its time',
      [b('2026-11-24', '09:00', '17:00', 'storniert')],
      0,
      ['07:00-17:00'],
    ],
    [
      'overlapping bookings are merged',
      [b('2026-11-24', '09:00', '12:00'), b('2026-11-24', '10:00', '18:00')],
      0,
      ['07:00-08:00'],
    ],
    ['gaps shorter than the minimum are left out', [b('2026-11-24', '08:30', '17:30')], 60, []],
    ['the whole day taken', [b('2026-11-24', '08:00', '18:00')], 0, []],
  ])('%s', (_name, belegungen, mindestMinuten, expected) => {
    expect(fmt(freieZeiten({ offen, belegungen, mindestMinuten }))).toEqual(expected);
  });

  it('counts real minutes across the switch to winter time (25 October 2026, 01:00–23:00 open)', () => {
    const tag = { von: at('2026-10-25', '01:00'), bis: at('2026-10-25', '23:00') };
    const [vor, nach] = freieZeiten({ offen: tag, belegungen: [b('2026-10-25', '12:00', '13:00')] });
    // 01:00 CEST to 12:00 CET is 12 real hours (the clock goes back at 03:00)
    expect((vor!.bis.getTime() - vor!.von.getTime()) / 3_600_000).toBe(12);
    expect((nach!.bis.getTime() - nach!.von.getTime()) / 3_600_000).toBe(10);
  });
});

describe('buchungsAngebot', () => {
  const now = at('2026-11-23', '07:00');
  const tag = { von: at('2026-11-24', '08:00'), bis: at('2026-11-24', '18:00') };
  const vormittag = { von: at('2026-11-24', '08:00'), bis: at('2026-11-24', '12:00') };
  const nachmittags = [b('2026-11-24', '14:00', '16:00')];
  it.each<[string, Parameters<typeof buchungsAngebot>[0], string]>([
    [
      'a free place: the full day',
      { modus: 'ganztags', sperrgrund: null, zeitraum: tag, belegungen: [], now },
      'zeitraum',
    ],
    [
      'a place partly taken that day: its free hours, not the full day',
      { modus: 'ganztags', sperrgrund: null, zeitraum: tag, belegungen: nachmittags, now },
      'freie_zeiten',
    ],
    [
      'the morning of a place taken only in the afternoon',
      { modus: 'ganztags', sperrgrund: null, zeitraum: vormittag, belegungen: nachmittags, now },
      'zeitraum',
    ],
    [
      'a place taken all day: nothing',
      {
        modus: 'ganztags',
        sperrgrund: null,
        zeitraum: tag,
        belegungen: [b('2026-11-24', '08:00', '18:00')],
        now,
      },
      'keins',
    ],
    [
      'hours that overlap a booking: nothing (the user picks others)',
      { modus: 'stuendlich', sperrgrund: null, zeitraum: tag, belegungen: nachmittags, now },
      'keins',
    ],
    [
      'a closed day: nothing',
      { modus: 'ganztags', sperrgrund: 'geschlossen', zeitraum: null, belegungen: [], now },
      'keins',
    ],
    [
      'beyond the horizon: nothing',
      { modus: 'ganztags', sperrgrund: 'horizont', zeitraum: tag, belegungen: [], now },
      'keins',
    ],
    [
      'a period already over: nothing',
      { modus: 'ganztags', sperrgrund: null, zeitraum: tag, belegungen: [], now: at('2026-11-24', '18:00') },
      'keins',
    ],
  ])('%s', (_name, input, art) => {
    expect(buchungsAngebot(input).art).toBe(art);
  });

  it('offers the free hours around the booking', () => {
    const angebot = buchungsAngebot({
      modus: 'ganztags',
      sperrgrund: null,
      zeitraum: tag,
      belegungen: nachmittags,
      now,
    });
    expect(angebot).toEqual({
      art: 'freie_zeiten',
      zeiten: [
        { von: at('2026-11-24', '08:00'), bis: at('2026-11-24', '14:00') },
        { von: at('2026-11-24', '16:00'), bis: at('2026-11-24', '18:00') },
      ],
    });
  });
});
