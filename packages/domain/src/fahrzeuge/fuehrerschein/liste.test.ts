import { describe, expect, it } from 'vitest';
import { filtereZeilen, type ListenFilter, type ListenZeile, zaehleFaellige } from './liste.ts';

const zeile = (
  name: string,
  stand: ListenZeile['stand'],
  naechstePruefung: string | null,
  nr: string | null = null,
) => ({
  name,
  email: `${name.toLowerCase().replace(' ', '.')}@example.org`,
  fuehrerscheinnummer: nr,
  naechstePruefung,
  stand,
});

const zeilen = [
  zeile('Lena Hoffmann', 'aktuell', '2027-03-01', 'B072RRE2I55'),
  zeile('Uwe Krause', 'ueberfaellig', '2026-10-23'),
  zeile('Jonas Schneider', 'faellig', '2026-12-03'),
  zeile('Petra Brandt', 'fehlt', null),
  zeile('Anton Abel', 'aktuell', '2027-03-01'),
];

describe('filtereZeilen', () => {
  it('orders by next check, no record first, then by name', () => {
    expect(filtereZeilen({ zeilen, filter: 'alle' }).map((z) => z.name)).toEqual([
      'Petra Brandt',
      'Uwe Krause',
      'Jonas Schneider',
      'Anton Abel',
      'Lena Hoffmann',
    ]);
  });

  it.each<[ListenFilter, string | undefined, string[]]>([
    ['handlungsbedarf', undefined, ['Petra Brandt', 'Uwe Krause', 'Jonas Schneider']],
    ['ueberfaellig', undefined, ['Uwe Krause']],
    ['fehlt', undefined, ['Petra Brandt']],
    ['aktuell', 'hoff', ['Lena Hoffmann']],
    ['alle', 'rre2', ['Lena Hoffmann']],
    ['alle', '  SCHNEIDER ', ['Jonas Schneider']],
    ['alle', 'krause@', ['Uwe Krause']],
    ['faellig', 'hoffmann', []],
  ])('filter %s, search %s', (filter, suche, names) => {
    expect(filtereZeilen({ zeilen, filter, suche }).map((z) => z.name)).toEqual(names);
  });
});

describe('zaehleFaellige (menu count)', () => {
  it('counts no record, overdue and due soon', () => {
    expect(zaehleFaellige(zeilen)).toBe(3);
    expect(zaehleFaellige([])).toBe(0);
  });
});
