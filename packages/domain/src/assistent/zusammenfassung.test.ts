import { describe, expect, it } from 'vitest';
import { zusammenfassung } from './zusammenfassung.ts';

const lesung = (von: string, bis: string | null, ganztags = false) =>
  ({ absicht: 'fahrzeug_buchen', von, bis, ganztags, standort: 'Standort Nord', rueckfrage: null }) as const;

describe('zusammenfassung (decision 190)', () => {
  it.each([
    [
      lesung('2026-11-26T09:00:00+01:00', '2026-11-26T12:00:00+01:00'),
      'de',
      'Fahrzeug buchen, Standort Nord, Donnerstag, 26.11.2026, 09:00–12:00 Uhr (Zeit in Berlin)',
    ],
    [
      lesung('2026-11-26T09:00:00+01:00', '2026-11-26T12:00:00+01:00'),
      'en',
      'Book a vehicle, Standort Nord, Thursday, 26/11/2026, 09:00–12:00 (Berlin time)',
    ],
    // the spring change: the whole day is 23 hours, still one day
    [
      lesung('2026-03-29T00:00:00+01:00', '2026-03-30T00:00:00+02:00', true),
      'de',
      'Fahrzeug buchen, Standort Nord, Sonntag, 29.03.2026, ganztags (Zeit in Berlin)',
    ],
    // the autumn change: 01:30 summer time to 03:30 winter time
    [
      lesung('2026-10-25T01:30:00+02:00', '2026-10-25T03:30:00+01:00'),
      'de',
      'Fahrzeug buchen, Standort Nord, Sonntag, 25.10.2026, 01:30–03:30 Uhr (Zeit in Berlin)',
    ],
    [
      lesung('2026-11-26T09:00:00+01:00', '2026-11-27T12:00:00+01:00'),
      'de',
      'Fahrzeug buchen, Standort Nord, Donnerstag, 26.11.2026, 09:00 – Freitag, 27.11.2026, 12:00 Uhr (Zeit in Berlin)',
    ],
  ] as const)('%j in %s', (l, sprache, text) => {
    expect(zusammenfassung(l, sprache)).toBe(text);
  });

  it('a question back is the answer', () => {
    expect(
      zusammenfassung({ ...lesung('2026-11-26T09:00:00+01:00', null), rueckfrage: 'Bis wann?' }, 'de'),
    ).toBe('Bis wann?');
  });
});
