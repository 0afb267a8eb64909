import { describe, expect, it } from 'vitest';
import {
  BUNDESLAND_CODES,
  type Bundesland,
  bussUndBettag,
  feiertage,
  feiertagsTage,
  ostersonntag,
} from './feiertage.ts';

const tage = (jahr: number, land: Bundesland) => feiertage(jahr, land).map((f) => f.tag);
const name = (jahr: number, land: Bundesland, tag: string) =>
  feiertage(jahr, land).find((f) => f.tag === tag)?.name;

describe('Easter and the Day of Repentance', () => {
  it.each([
    [2024, '2024-03-31'],
    [2025, '2025-04-20'],
    [2026, '2026-04-05'],
    [2027, '2027-03-28'],
    [2038, '2038-04-25'],
  ])('Easter Sunday %i is %s', (jahr, tag) => expect(ostersonntag(jahr)).toBe(tag));

  it.each([
    [2025, '2025-11-19'],
    [2026, '2026-11-18'],
    [2027, '2027-11-17'],
    [2028, '2028-11-22'],
  ])('Buß- und Bettag %i is %s', (jahr, tag) => expect(bussUndBettag(jahr)).toBe(tag));
});

describe('feiertage: the movable feasts 2025–2027 (everywhere)', () => {
  it.each<[number, string, string, string, string]>([
    // Karfreitag, Ostermontag, Christi Himmelfahrt, Pfingstmontag
    [2025, '2025-04-18', '2025-04-21', '2025-05-29', '2025-06-09'],
    [2026, '2026-04-03', '2026-04-06', '2026-05-14', '2026-05-25'],
    [2027, '2027-03-26', '2027-03-29', '2027-05-06', '2027-05-17'],
  ])('%i', (jahr, karfreitag, ostermontag, himmelfahrt, pfingstmontag) => {
    for (const land of BUNDESLAND_CODES)
      expect(tage(jahr, land)).toEqual(
        expect.arrayContaining([karfreitag, ostermontag, himmelfahrt, pfingstmontag]),
      );
  });
});

describe('feiertage: the states', () => {
  it.each<[number, Bundesland, string[]]>([
    [
      2026,
      'BE',
      [
        '2026-01-01',
        '2026-03-08',
        '2026-04-03',
        '2026-04-06',
        '2026-05-01',
        '2026-05-14',
        '2026-05-25',
        '2026-10-03',
        '2026-12-25',
        '2026-12-26',
      ],
    ],
    [
      2025,
      'BY',
      [
        '2025-01-01',
        '2025-01-06',
        '2025-04-18',
        '2025-04-21',
        '2025-05-01',
        '2025-05-29',
        '2025-06-09',
        '2025-06-19',
        '2025-08-15',
        '2025-10-03',
        '2025-11-01',
        '2025-12-25',
        '2025-12-26',
      ],
    ],
    [
      2027,
      'SN',
      [
        '2027-01-01',
        '2027-03-26',
        '2027-03-29',
        '2027-05-01',
        '2027-05-06',
        '2027-05-17',
        '2027-10-03',
        '2027-10-31',
        '2027-11-17',
        '2027-12-25',
        '2027-12-26',
      ],
    ],
    [
      2026,
      'TH',
      [
        '2026-01-01',
        '2026-04-03',
        '2026-04-06',
        '2026-05-01',
        '2026-05-14',
        '2026-05-25',
        '2026-09-20',
        '2026-10-03',
        '2026-10-31',
        '2026-12-25',
        '2026-12-26',
      ],
    ],
    [
      2025,
      'BB',
      [
        '2025-01-01',
        '2025-04-18',
        '2025-04-20',
        '2025-04-21',
        '2025-05-01',
        '2025-05-29',
        '2025-06-08',
        '2025-06-09',
        '2025-10-03',
        '2025-10-31',
        '2025-12-25',
        '2025-12-26',
      ],
    ],
    [
      2027,
      'NW',
      [
        '2027-01-01',
        '2027-03-26',
        '2027-03-29',
        '2027-05-01',
        '2027-05-06',
        '2027-05-17',
        '2027-05-27',
        '2027-10-03',
        '2027-11-01',
        '2027-12-25',
        '2027-12-26',
      ],
    ],
    [
      2026,
      'SL',
      [
        '2026-01-01',
        '2026-04-03',
        '2026-04-06',
        '2026-05-01',
        '2026-05-14',
        '2026-05-25',
        '2026-06-04',
        '2026-08-15',
        '2026-10-03',
        '2026-11-01',
        '2026-12-25',
        '2026-12-26',
      ],
    ],
  ])('%i %s', (jahr, land, expected) => expect(tage(jahr, land)).toEqual(expected));

  it('Frauentag: Berlin since 2019, Mecklenburg-Vorpommern since 2023, not Hamburg', () => {
    expect(tage(2018, 'BE')).not.toContain('2018-03-08');
    expect(tage(2019, 'BE')).toContain('2019-03-08');
    expect(tage(2022, 'MV')).not.toContain('2022-03-08');
    expect(tage(2025, 'MV')).toContain('2025-03-08');
    expect(tage(2025, 'HH')).not.toContain('2025-03-08');
  });

  it('Heilige Drei Könige in Baden-Württemberg, Bayern and Sachsen-Anhalt only', () => {
    const mit = BUNDESLAND_CODES.filter((land) => tage(2026, land).includes('2026-01-06'));
    expect(mit.sort()).toEqual(['BW', 'BY', 'ST']);
  });

  it('names in German and English', () => {
    expect(name(2026, 'SN', '2026-11-18')).toEqual({
      de: 'Buß- und Bettag',
      en: 'Day of Repentance and Prayer',
    });
    expect(name(2026, 'BY', '2026-06-04')).toEqual({ de: 'Fronleichnam', en: 'Corpus Christi' });
    expect(name(2026, 'TH', '2026-09-20')).toEqual({ de: 'Weltkindertag', en: "World Children's Day" });
  });

  it('every state has the nine nationwide holidays', () => {
    for (const land of BUNDESLAND_CODES) expect(feiertage(2026, land).length).toBeGreaterThanOrEqual(9);
  });
});

describe('feiertagsTage', () => {
  it('spans years and is empty without a state', () => {
    expect([...feiertagsTage({ vonTag: '2026-12-20', bisTag: '2027-01-10', bundesland: 'BY' })]).toEqual([
      '2026-12-25',
      '2026-12-26',
      '2027-01-01',
      '2027-01-06',
    ]);
    expect(feiertagsTage({ vonTag: '2026-12-20', bisTag: '2027-01-10', bundesland: null }).size).toBe(0);
  });
});
