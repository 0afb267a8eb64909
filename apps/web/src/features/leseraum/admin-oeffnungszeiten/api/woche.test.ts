import { describe, expect, it } from 'vitest';
import { deToIso, isoToDe, pruefeTag, sortiereWoche } from './woche';

const woche = [0, 1, 2, 3, 4, 5, 6].map((wochentag) => ({ wochentag }));

describe('week table', () => {
  it('shows Monday first and Sunday last although the contract counts 0 = Sunday', () => {
    expect(sortiereWoche(woche).map((t) => t.wochentag)).toEqual([1, 2, 3, 4, 5, 6, 0]);
  });

  it('keeps the display order for rows sent in any order', () => {
    expect(sortiereWoche([...woche].reverse()).map((t) => t.wochentag)).toEqual([1, 2, 3, 4, 5, 6, 0]);
  });

  it('accepts HH:mm times with the start before the end', () => {
    expect(pruefeTag({ von: '08:00', bis: '18:00', geoeffnet: true })).toBeNull();
    expect(pruefeTag({ von: '00:00', bis: '23:59', geoeffnet: true })).toBeNull();
  });

  it('refuses times that are not HH:mm, at the field that holds them', () => {
    expect(pruefeTag({ von: '8:00', bis: '18:00', geoeffnet: true })).toEqual({ von: 'zeit' });
    expect(pruefeTag({ von: '08:00', bis: '24:00', geoeffnet: true })).toEqual({ bis: 'zeit' });
    expect(pruefeTag({ von: '25:99', bis: 'abc', geoeffnet: false })).toEqual({ von: 'zeit', bis: 'zeit' });
  });

  it('refuses an open day whose start is not before its end, but not a closed one', () => {
    expect(pruefeTag({ von: '18:00', bis: '08:00', geoeffnet: true })).toEqual({ von: 'reihenfolge' });
    expect(pruefeTag({ von: '18:00', bis: '18:00', geoeffnet: true })).toEqual({ von: 'reihenfolge' });
    expect(pruefeTag({ von: '18:00', bis: '08:00', geoeffnet: false })).toBeNull();
  });
});

describe('dates DD.MM.YYYY', () => {
  it('converts between the display and the contract form', () => {
    expect(isoToDe('2026-12-24')).toBe('24.12.2026');
    expect(deToIso('24.12.2026')).toBe('2026-12-24');
    expect(deToIso(' 01.02.2027 ')).toBe('2027-02-01');
  });

  it('refuses days that do not exist or another format', () => {
    expect(deToIso('31.02.2026')).toBeNull();
    expect(deToIso('1.2.2026')).toBeNull();
    expect(deToIso('2026-02-01')).toBeNull();
    expect(deToIso('')).toBeNull();
  });
});
