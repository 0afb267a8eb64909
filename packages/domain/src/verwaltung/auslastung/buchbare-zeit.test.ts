import { describe, expect, it } from 'vitest';
import { fensterTaeglich } from '../../fahrzeuge/fahrzeug/buchungsfenster.ts';
import type { Wochenoeffnung } from '../../leseraum/oeffnungszeiten.ts';
import { feiertagsTage } from '../feiertage.ts';
import {
  auslastungEinesObjekts,
  belegteMinuten,
  buchbareMinuten,
  buchbareTage,
  fahrzeugFenster,
  inStunden,
  oeffnungsFenster,
  quote,
} from './buchbare-zeit.ts';

const t = (iso: string) => new Date(iso);
const werktags = (von: string, bis: string): Wochenoeffnung[] =>
  [1, 2, 3, 4, 5].map((wochentag) => ({ wochentag, geoeffnet: true, von, bis }));
const taeglich = (von: string, bis: string): Wochenoeffnung[] =>
  [0, 1, 2, 3, 4, 5, 6].map((wochentag) => ({ wochentag, geoeffnet: true, von, bis }));
const keine = new Set<string>();

describe('bookable time of a reading room (opening hours, specials, holidays)', () => {
  it.each<[string, string, string, Wochenoeffnung[], Set<string>, number, number]>([
    // label, from, to, weekly, holidays, minutes, days
    ['a plain week Mon–Fri 08–18', '2026-11-23', '2026-11-29', werktags('08:00', '18:00'), keine, 5 * 600, 5],
    // Easter week 2026 in Berlin: Good Friday and Easter Monday are holidays
    [
      'Easter weeks in Berlin',
      '2026-03-30',
      '2026-04-12',
      werktags('08:00', '18:00'),
      feiertagsTage({ vonTag: '2026-03-30', bisTag: '2026-04-12', bundesland: 'BE' }),
      8 * 600,
      8,
    ],
    // Reformationstag 2026 (Saturday) does not matter on weekdays; Buß- und Bettag (Wed 18 Nov) in Saxony does
    [
      'Buß- und Bettag week in Sachsen',
      '2026-11-16',
      '2026-11-22',
      werktags('09:00', '17:00'),
      feiertagsTage({ vonTag: '2026-11-16', bisTag: '2026-11-22', bundesland: 'SN' }),
      4 * 480,
      4,
    ],
    [
      'the same week in Bayern (no holiday)',
      '2026-11-16',
      '2026-11-22',
      werktags('09:00', '17:00'),
      feiertagsTage({ vonTag: '2026-11-16', bisTag: '2026-11-22', bundesland: 'BY' }),
      5 * 480,
      5,
    ],
    // the spring DST switch: 29 March 2026 00:00–06:00 has five real hours
    ['spring DST night', '2026-03-29', '2026-03-29', taeglich('00:00', '06:00'), keine, 300, 1],
    // the autumn switch: 25 October 2026 00:00–06:00 has seven real hours
    ['autumn DST night', '2026-10-25', '2026-10-25', taeglich('00:00', '06:00'), keine, 420, 1],
    [
      'the DST week in spring 08–20 daily',
      '2026-03-23',
      '2026-03-29',
      taeglich('08:00', '20:00'),
      keine,
      7 * 720,
      7,
    ],
  ])('%s', (_label, vonTag, bisTag, weekly, feiertage, minuten, tage) => {
    const fenster = oeffnungsFenster({ vonTag, bisTag, weekly, specials: [], feiertage });
    expect(buchbareMinuten(fenster)).toBe(minuten);
    expect(buchbareTage(fenster)).toBe(tage);
  });

  it('a special opening time opens a holiday and a Saturday; a closed one closes a weekday', () => {
    const feiertage = feiertagsTage({ vonTag: '2026-12-21', bisTag: '2026-12-27', bundesland: 'HH' });
    const fenster = oeffnungsFenster({
      vonTag: '2026-12-21',
      bisTag: '2026-12-27',
      weekly: werktags('08:00', '18:00'),
      specials: [
        { gueltigVon: '2026-12-24', gueltigBis: '2026-12-24', status: 'geschlossen' },
        { gueltigVon: '2026-12-26', gueltigBis: '2026-12-26', status: 'offen', von: '10:00', bis: '14:00' },
      ],
      feiertage,
    });
    // Mon 21, Tue 22, Wed 23 open; Thu 24 closed specially; Fri 25 holiday; Sat 26 holiday opened 10–14
    expect(fenster.map((f) => f.tag)).toEqual(['2026-12-21', '2026-12-22', '2026-12-23', '2026-12-26']);
    expect(buchbareMinuten(fenster)).toBe(3 * 600 + 240);
  });
});

describe('bookable time of a vehicle (booking window, validity, holidays)', () => {
  it('the daily window in the autumn DST week of Nordrhein-Westfalen (Allerheiligen on Sunday)', () => {
    const fenster = fahrzeugFenster({
      vonTag: '2026-10-19',
      bisTag: '2026-11-01',
      fenster: fensterTaeglich({ von: '00:00', bis: '23:59' }),
      feiertage: feiertagsTage({ vonTag: '2026-10-19', bisTag: '2026-11-01', bundesland: 'NW' }),
    });
    // 13 days (1 Nov is a holiday); 25 Oct has 24 h 59 min of wall time 00:00–23:59
    expect(buchbareTage(fenster)).toBe(13);
    expect(buchbareMinuten(fenster)).toBe(13 * 1439 + 60);
  });

  it('only the days of the validity and the open weekdays', () => {
    const fenster = fahrzeugFenster({
      vonTag: '2026-11-23',
      bisTag: '2026-11-29',
      fenster: [
        { wochentag: 1, von: '07:00', bis: '19:00', geoeffnet: true },
        { wochentag: 2, von: '07:00', bis: '19:00', geoeffnet: true },
        { wochentag: 3, von: '07:00', bis: '19:00', geoeffnet: false },
        { wochentag: 4, von: '07:00', bis: '19:00', geoeffnet: true },
      ],
      feiertage: keine,
      gueltigVon: '2026-11-24',
    });
    expect(fenster.map((f) => f.tag)).toEqual(['2026-11-24', '2026-11-26']);
    expect(buchbareMinuten(fenster)).toBe(2 * 720);
  });
});

describe('booked time and the booking modes', () => {
  const fenster = oeffnungsFenster({
    vonTag: '2026-11-23',
    bisTag: '2026-11-27',
    weekly: werktags('08:00', '18:00'),
    specials: [],
    feiertage: keine,
  });
  const buchungen = [
    // Mon 09–12 (180 min)
    { von: t('2026-11-23T08:00:00Z'), bis: t('2026-11-23T11:00:00Z') },
    // Tue 06–10 local: only 08–10 inside (120 min)
    { von: t('2026-11-24T05:00:00Z'), bis: t('2026-11-24T09:00:00Z') },
    // Wed 17:00 to Thu 09:00 local: 17–18 Wed and 08–09 Thu (120 min), two days touched
    { von: t('2026-11-25T16:00:00Z'), bis: t('2026-11-26T08:00:00Z') },
    // Sat: the room is closed, nothing counts
    { von: t('2026-11-28T09:00:00Z'), bis: t('2026-11-28T12:00:00Z') },
  ];

  it('hourly: booked minutes inside the opening hours of bookable minutes', () => {
    expect(auslastungEinesObjekts({ buchungen, fenster, modus: 'stuendlich' })).toEqual({
      belegt: 420,
      buchbar: 3000,
      quote: 0.14,
    });
  });

  it('full day: booked days of open days', () => {
    expect(auslastungEinesObjekts({ buchungen, fenster, modus: 'ganztags' })).toEqual({
      belegt: 4,
      buchbar: 5,
      quote: 0.8,
    });
  });

  it('never over 100 %: a booking longer than the opening hours counts only the hours', () => {
    const lang = [{ von: t('2026-11-22T00:00:00Z'), bis: t('2026-11-29T00:00:00Z') }];
    expect(belegteMinuten({ buchungen: lang, fenster })).toBe(3000);
    expect(auslastungEinesObjekts({ buchungen: lang, fenster, modus: 'stuendlich' }).quote).toBe(1);
    expect(quote(12, 10)).toBe(1);
    expect(quote(0, 0)).toBeNull();
  });
});

describe('inStunden: the heatmap pieces', () => {
  it('cuts at the full hours; the autumn night has hour 2 twice, the spring night none', () => {
    const herbst = inStunden(
      oeffnungsFenster({
        vonTag: '2026-10-25',
        bisTag: '2026-10-25',
        weekly: taeglich('01:30', '04:00'),
        specials: [],
        feiertage: keine,
      }),
    );
    expect(herbst.map((s) => [s.stunde, s.minuten])).toEqual([
      [1, 30],
      [2, 60],
      [2, 60],
      [3, 60],
    ]);
    const fruehling = inStunden(
      oeffnungsFenster({
        vonTag: '2026-03-29',
        bisTag: '2026-03-29',
        weekly: taeglich('01:30', '04:00'),
        specials: [],
        feiertage: keine,
      }),
    );
    expect(fruehling.map((s) => [s.stunde, s.minuten])).toEqual([
      [1, 30],
      [3, 60],
    ]);
    expect(fruehling.every((s) => s.wochentag === 0)).toBe(true);
  });
});
