import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BuchungStatus } from '../../status.ts';
import { type AbweichendeOeffnung, oeffnungszeitAm, type Wochenoeffnung } from '../oeffnungszeiten.ts';
import {
  buchungsWoche,
  ganztagsZeitraum,
  type LeseraumPlatz,
  type LeseraumRegeln,
  leseraumBuchungVerstoss,
  zeitraumDerAnfrage,
} from './rules.ts';

const t = (day: string, time: string) => new Date(`${day}T${time}:00+01:00`);
const weekly: Wochenoeffnung[] = [1, 2, 3, 4, 5].map((wochentag) => ({ wochentag, geoeffnet: true }));
const specials: AbweichendeOeffnung[] = [
  { gueltigVon: '2026-11-27', gueltigBis: '2026-11-27', status: 'geschlossen' },
  { gueltigVon: '2026-11-28', gueltigBis: '2026-11-28', status: 'offen', von: '10:00', bis: '14:00' },
];
const regeln: LeseraumRegeln = {
  vorausbuchbareTage: 14,
  buchbareWochentage: [1, 2, 3, 4, 5, 6],
  buchungstakt: 15,
  minimaleBuchungslaenge: 60,
  maximaleDauer: 600,
  maxBuchungenProWoche: 5,
};
const now = t('2026-11-23', '07:00'); // Monday
const platz: LeseraumPlatz = { aktiv: true, kapazitaet: 1, grundrissAktiv: true };

describe('oeffnungszeitAm', () => {
  it.each<[string, { von: string; bis: string } | null]>([
    ['2026-11-23', { von: '08:00', bis: '18:00' }],
    ['2026-11-22', null],
    ['2026-11-27', null],
    ['2026-11-28', { von: '10:00', bis: '14:00' }],
  ])('on %s is %j', (day, expected) => {
    expect(oeffnungszeitAm({ day, weekly, specials })).toEqual(expected);
  });

  it('uses 01:00–23:00 for an open special opening time without hours', () => {
    expect(
      oeffnungszeitAm({
        day: '2026-11-22',
        weekly,
        specials: [{ gueltigVon: '2026-11-22', gueltigBis: '2026-11-22', status: 'offen' }],
      }),
    ).toEqual({ von: '01:00', bis: '23:00' });
  });
});

describe('ganztagsZeitraum', () => {
  it('covers the opening hours of the day', () => {
    expect(ganztagsZeitraum({ day: '2026-11-24', weekly, specials })).toEqual({
      von: t('2026-11-24', '08:00'),
      bis: t('2026-11-24', '18:00'),
    });
    expect(ganztagsZeitraum({ day: '2026-11-27', weekly, specials })).toBeNull();
  });
});

describe('leseraumBuchungVerstoss', () => {
  const check = (
    von: Date,
    bis: Date,
    over: Partial<Parameters<typeof leseraumBuchungVerstoss>[0]> = {},
  ): string | null =>
    leseraumBuchungVerstoss({
      von,
      bis,
      now,
      modus: 'stuendlich',
      regeln,
      weekly,
      specials,
      platz,
      eigeneBuchungenInWoche: 0,
      belegungen: [
        { id: 'x', von: t('2026-11-24', '10:00'), bis: t('2026-11-24', '12:00'), status: 'reserviert' },
      ],
      ...over,
    })?.code ?? null;

  it.each<[string, Date, Date, string | null]>([
    ['an hour on an open Monday', t('2026-11-23', '09:00'), t('2026-11-23', '10:00'), null],
    [
      'end before start',
      t('2026-11-23', '10:00'),
      t('2026-11-23', '09:00'),
      'leseraum_buchung.ende_vor_beginn',
    ],
    ['in the past', t('2026-11-20', '09:00'), t('2026-11-20', '10:00'), 'leseraum_buchung.in_vergangenheit'],
    ['on a Sunday', t('2026-11-29', '09:00'), t('2026-11-29', '10:00'), 'leseraum_buchung.tag_nicht_buchbar'],
    [
      'on a special closed day',
      t('2026-11-27', '09:00'),
      t('2026-11-27', '10:00'),
      'leseraum_buchung.tag_nicht_buchbar',
    ],
    ['on a special open Saturday', t('2026-11-28', '10:00'), t('2026-11-28', '11:00'), null],
    [
      'beyond the bookable days',
      t('2026-12-07', '09:00'),
      t('2026-12-07', '10:00'),
      'leseraum_buchung.tag_nicht_buchbar',
    ],
    ['on the last bookable day', t('2026-12-04', '09:00'), t('2026-12-04', '10:00'), null],
    [
      'before opening',
      t('2026-11-23', '07:30'),
      t('2026-11-23', '09:00'),
      'leseraum_buchung.ausserhalb_oeffnungszeit',
    ],
    [
      'over midnight',
      t('2026-11-23', '17:00'),
      t('2026-11-24', '09:00'),
      'leseraum_buchung.ausserhalb_oeffnungszeit',
    ],
    ['off the 15-minute step', t('2026-11-23', '09:10'), t('2026-11-23', '10:10'), 'leseraum_buchung.takt'],
    [
      'shorter than 60 minutes',
      t('2026-11-23', '09:00'),
      t('2026-11-23', '09:45'),
      'leseraum_buchung.zu_kurz',
    ],
    ['over a taken slot', t('2026-11-24', '11:00'), t('2026-11-24', '13:00'), 'leseraum_buchung.belegt'],
    ['right after a taken slot', t('2026-11-24', '12:00'), t('2026-11-24', '13:00'), null],
  ])('%s gives the expected result', (_case, von, bis, expected) => {
    expect(check(von, bis)).toBe(expected);
  });

  it('allows a full day and refuses it beyond the maximum length', () => {
    expect(check(t('2026-11-23', '08:00'), t('2026-11-23', '18:00'), { modus: 'ganztags' })).toBeNull();
    expect(
      check(t('2026-11-23', '08:00'), t('2026-11-23', '18:00'), {
        modus: 'ganztags',
        regeln: { ...regeln, maximaleDauer: 480 },
      }),
    ).toBe('leseraum_buchung.zu_lang');
  });

  it('enforces the weekly limit of the booker (0 = unlimited)', () => {
    const von = t('2026-11-23', '09:00');
    const bis = t('2026-11-23', '10:00');
    expect(check(von, bis, { eigeneBuchungenInWoche: 5 })).toBe('leseraum_buchung.wochenlimit');
    expect(check(von, bis, { eigeneBuchungenInWoche: 4 })).toBeNull();
    expect(
      check(von, bis, { eigeneBuchungenInWoche: 50, regeln: { ...regeln, maxBuchungenProWoche: 0 } }),
    ).toBeNull();
  });

  it('ignores cancelled bookings and the booking being moved', () => {
    const von = t('2026-11-24', '11:00');
    const bis = t('2026-11-24', '13:00');
    expect(check(von, bis, { ignoreId: 'x' })).toBeNull();
    expect(
      check(von, bis, {
        belegungen: [{ von: t('2026-11-24', '10:00'), bis: t('2026-11-24', '12:00'), status: 'storniert' }],
      }),
    ).toBeNull();
  });

  it('never accepts two overlapping bookings of one seat (property)', () => {
    const slot = fc
      .tuple(fc.integer({ min: 32, max: 68 }), fc.integer({ min: 4, max: 16 }))
      .map(([start, len]) => ({ von: new Date(t('2026-11-24', '00:00').getTime() + start * 900_000), len }))
      .map(({ von, len }) => ({ von, bis: new Date(von.getTime() + len * 900_000) }));
    fc.assert(
      fc.property(fc.array(slot, { maxLength: 20 }), (requests) => {
        const accepted: { von: Date; bis: Date; status: BuchungStatus }[] = [];
        for (const r of requests) {
          const v = leseraumBuchungVerstoss({
            ...r,
            now,
            modus: 'stuendlich',
            regeln,
            weekly,
            specials,
            platz,
            eigeneBuchungenInWoche: 0,
            belegungen: accepted,
          });
          if (!v) accepted.push({ ...r, status: 'reserviert' });
        }
        for (const a of accepted)
          for (const b of accepted) if (a !== b) expect(a.von < b.bis && b.von < a.bis).toBe(false);
      }),
    );
  });
});

describe('the place, the group and the start', () => {
  const check = (over: Partial<Parameters<typeof leseraumBuchungVerstoss>[0]>) =>
    leseraumBuchungVerstoss({
      von: t('2026-11-24', '09:00'),
      bis: t('2026-11-24', '10:00'),
      now,
      modus: 'stuendlich',
      regeln,
      weekly,
      specials,
      platz,
      eigeneBuchungenInWoche: 0,
      belegungen: [],
      ...over,
    })?.code ?? null;

  it('refuses an inactive place and a place on an inactive plan', () => {
    expect(check({ platz: { ...platz, aktiv: false } })).toBe('leseraum_buchung.platz_inaktiv');
    expect(check({ platz: { ...platz, grundrissAktiv: false } })).toBe('leseraum_buchung.platz_inaktiv');
    expect(check({ platz: { ...platz, fremderEigentuemer: true } })).toBe('leseraum_buchung.eigener_platz');
  });

  it.each<[number, number, string | null]>([
    [1, 1, null],
    [2, 1, 'leseraum_buchung.gruppengroesse'],
    [6, 6, null],
    [7, 6, 'leseraum_buchung.gruppengroesse'],
    [0, 6, 'leseraum_buchung.gruppengroesse'],
    [2.5, 6, 'leseraum_buchung.gruppengroesse'],
  ])('a group of %s in a place for %s: %s', (gruppengroesse, kapazitaet, expected) => {
    expect(check({ gruppengroesse, platz: { ...platz, kapazitaet } })).toBe(expected);
  });

  it('refuses a booking that has already begun, even if it has not ended', () => {
    const later = t('2026-11-24', '09:30');
    expect(check({ now: later })).toBe('leseraum_buchung.in_vergangenheit');
    expect(check({ now: t('2026-11-24', '09:00') })).toBeNull();
  });
});

describe('full-day requests take the opening hours of the day', () => {
  it.each<[string, 'ganztags' | 'vormittags' | 'nachmittags', Date, [string, string] | null]>([
    ['2026-11-24', 'ganztags', now, ['08:00', '18:00']],
    ['2026-11-24', 'vormittags', now, ['08:00', '12:00']],
    ['2026-11-24', 'nachmittags', now, ['12:00', '18:00']],
    ['2026-11-28', 'ganztags', now, ['10:00', '14:00']],
    ['2026-11-28', 'vormittags', now, ['10:00', '12:00']],
    ['2026-11-27', 'ganztags', now, null],
    ['2026-11-23', 'ganztags', t('2026-11-23', '10:07'), ['10:15', '18:00']],
    ['2026-11-23', 'vormittags', t('2026-11-23', '11:50'), null],
    ['2026-11-23', 'ganztags', t('2026-11-23', '18:00'), null],
  ])('%s %s at %s covers %j', (day, tageszeit, at, expected) => {
    const period = ganztagsZeitraum({ day, tageszeit, weekly, specials, now: at });
    expect(period ? [period.von, period.bis] : null).toEqual(
      expected ? [t(day, expected[0]), t(day, expected[1])] : null,
    );
  });

  it('on the DST days the full day still runs from opening to closing in Berlin time', () => {
    const open = [0, 1, 2, 3, 4, 5, 6].map((wochentag) => ({ wochentag, geoeffnet: true }));
    const spring = ganztagsZeitraum({ day: '2026-03-29', weekly: open, specials: [] });
    expect(spring).toEqual({
      von: new Date('2026-03-29T08:00:00+02:00'),
      bis: new Date('2026-03-29T18:00:00+02:00'),
    });
    const autumn = ganztagsZeitraum({ day: '2026-10-25', weekly: open, specials: [] });
    expect(autumn).toEqual({
      von: new Date('2026-10-25T08:00:00+01:00'),
      bis: new Date('2026-10-25T18:00:00+01:00'),
    });
  });

  it('resolves hourly requests to their own times', () => {
    const von = t('2026-11-24', '09:00');
    const bis = t('2026-11-24', '10:00');
    expect(zeitraumDerAnfrage({ anfrage: { modus: 'stuendlich', von, bis }, weekly, specials, now })).toEqual(
      {
        von,
        bis,
      },
    );
    expect(
      zeitraumDerAnfrage({
        anfrage: { modus: 'ganztags', tag: '2026-11-24', tageszeit: 'ganztags' },
        weekly,
        specials,
        now,
      }),
    ).toEqual({ von: t('2026-11-24', '08:00'), bis: t('2026-11-24', '18:00') });
  });
});

describe('buchungsWoche', () => {
  it.each<[string, string, string]>([
    ['2026-11-23', '2026-11-23', '2026-11-29'],
    ['2026-11-29', '2026-11-23', '2026-11-29'],
    ['2026-11-30', '2026-11-30', '2026-12-06'],
    ['2027-01-01', '2026-12-28', '2027-01-03'],
    ['2026-03-29', '2026-03-23', '2026-03-29'],
  ])('%s lies in the week %s to %s', (day, montag, sonntag) => {
    expect(buchungsWoche(day)).toEqual({ montag, sonntag });
  });
});
