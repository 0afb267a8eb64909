import { describe, expect, it } from 'vitest';
import { PLATZ_ZUSTAENDE } from '../../leseraum/leseraum-buchung/belegung.ts';
import {
  KIOSK_PLATZ_ZUSTAENDE,
  kioskFahrzeugJetzt,
  kioskGeoeffnet,
  kioskPlatzZustand,
  kioskZaehlung,
  kioskZustandBis,
} from './tafel.ts';

const t = (hhmm: string) => new Date(`2026-12-01T${hhmm}:00Z`);

describe('the board of a kiosk', () => {
  it('folds every seat-map state into one of the four states a wall screen names', () => {
    const gefaltet = PLATZ_ZUSTAENDE.map((z) => [z, kioskPlatzZustand(z)]);
    expect(Object.fromEntries(gefaltet)).toEqual({
      frei: 'frei',
      stundenweise_belegt: 'frei',
      belegt: 'gebucht',
      eigene_reservierung: 'gebucht',
      vorgemerkt: 'gehalten',
      eigene_vormerkung: 'gehalten',
      geschlossen: 'geschlossen',
    });
    for (const [, k] of gefaltet) expect(KIOSK_PLATZ_ZUSTAENDE).toContain(k);
  });

  it('is open only inside the hours of today', () => {
    const hours = { von: t('08:00'), bis: t('18:00') };
    expect(kioskGeoeffnet(hours, t('07:59'))).toBe(false);
    expect(kioskGeoeffnet(hours, t('08:00'))).toBe(true);
    expect(kioskGeoeffnet(hours, t('18:00'))).toBe(false);
    expect(kioskGeoeffnet(null, t('10:00'))).toBe(false);
  });

  it('counts the free places among the active ones', () => {
    expect(
      kioskZaehlung([
        { zustand: 'frei', aktiv: true },
        { zustand: 'gebucht', aktiv: true },
        { zustand: 'gehalten', aktiv: true },
        { zustand: 'geschlossen', aktiv: false },
      ]),
    ).toEqual({ frei: 1, gesamt: 3 });
  });

  it('says until when a place is free (its next booking) or taken (bookings that follow one another)', () => {
    const buchungen = [
      { von: t('11:00'), bis: t('12:00'), status: 'reserviert' },
      { von: t('12:00'), bis: t('13:00'), status: 'vorgemerkt' },
      { von: t('15:00'), bis: t('16:00'), status: 'reserviert' },
      { von: t('09:00'), bis: t('18:00'), status: 'storniert' },
    ];
    expect(kioskZustandBis('frei', buchungen, t('10:00'))).toEqual(t('11:00'));
    expect(kioskZustandBis('frei', buchungen, t('16:30'))).toBeNull();
    expect(kioskZustandBis('gebucht', buchungen, t('11:30'))).toEqual(t('13:00'));
    expect(kioskZustandBis('geschlossen', buchungen, t('11:30'))).toBeNull();
  });

  it('names a pool car free now, or when it comes back', () => {
    expect(kioskFahrzeugJetzt([], t('10:00'))).toEqual({ frei: true, zurueckAm: null });
    const fahrten = [
      { von: t('09:00'), bis: t('11:00') },
      { von: t('11:00'), bis: t('12:30') },
      { von: t('14:00'), bis: t('15:00') },
    ];
    expect(kioskFahrzeugJetzt(fahrten, t('10:00'))).toEqual({ frei: false, zurueckAm: t('12:30') });
    expect(kioskFahrzeugJetzt(fahrten, t('13:00'))).toEqual({ frei: true, zurueckAm: null });
  });
});
