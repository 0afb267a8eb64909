import { describe, expect, it } from 'vitest';
import { ansichtAus, aufTakt, auswahlAus, STANDARD_VORGABEN, vorgabenAus, ZPlatzSuche } from './platz-suche';

describe('the seat-planning search in the URL', () => {
  it('fills spec §9 defaults: today, full day, 09:00–18:00, filter off', () => {
    expect(auswahlAus(ZPlatzSuche.parse({}), '2026-11-23')).toEqual({
      tag: '2026-11-23',
      modus: 'ganztags',
      tageszeit: 'ganztags',
      von: '09:00',
      bis: '18:00',
      nurFrei: false,
      minPlaetze: 1,
    });
  });

  it('reads the place of a QR code and its check-in flag (decision 058)', () => {
    const id = '22222222-2222-4222-8222-222222222222';
    expect(ZPlatzSuche.parse({ platz: id, checkin: '1' })).toMatchObject({ platz: id, checkin: '1' });
    expect(ZPlatzSuche.parse({ platz: 'Platz 07', checkin: 'ja' })).toMatchObject({
      platz: undefined,
      checkin: undefined,
    });
  });

  it('drops unreadable values instead of failing the page', () => {
    const suche = ZPlatzSuche.parse({
      grundriss: 'x',
      tag: '24.11.2026',
      modus: 'weekly',
      von: '25:00',
      minPlaetze: '0',
      nurFrei: 'yes',
    });
    expect(suche).toEqual({
      grundriss: undefined,
      tag: undefined,
      modus: undefined,
      tageszeit: undefined,
      von: undefined,
      bis: undefined,
      nurFrei: undefined,
      minPlaetze: undefined,
    });
  });

  it('takes a day in the past as today and hours the wrong way round the right way round', () => {
    const auswahl = auswahlAus(
      ZPlatzSuche.parse({ tag: '2026-11-01', von: '15:00', bis: '10:00', minPlaetze: '4', nurFrei: '1' }),
      '2026-11-23',
    );
    expect(auswahl).toMatchObject({
      tag: '2026-11-23',
      von: '10:00',
      bis: '15:00',
      minPlaetze: 4,
      nurFrei: true,
    });
  });

  it("preselects the user's booking mode, time of day and hours where the URL says nothing", () => {
    const settings: Record<string, unknown> = {
      Buchungsmodus: 'stuendlich',
      Tageszeit: 'nachmittags',
      LeseraumZeitVon: '13:00',
      LeseraumZeitBis: '17:30',
    };
    const vorgaben = vorgabenAus((name) => settings[name]);
    expect(auswahlAus(ZPlatzSuche.parse({}), '2026-11-23', vorgaben)).toMatchObject({
      modus: 'stuendlich',
      tageszeit: 'nachmittags',
      von: '13:00',
      bis: '17:30',
    });
    // the URL wins over the preselection
    expect(
      auswahlAus(ZPlatzSuche.parse({ modus: 'ganztags', von: '08:00' }), '2026-11-23', vorgaben),
    ).toMatchObject({
      modus: 'ganztags',
      von: '08:00',
      bis: '17:30',
    });
  });

  it('keeps the standard for unreadable settings', () => {
    const settings: Record<string, unknown> = {
      Buchungsmodus: 'woechentlich',
      LeseraumZeitVon: '25:00',
      Tageszeit: 3,
    };
    expect(vorgabenAus((name) => settings[name])).toEqual(STANDARD_VORGABEN);
  });

  it('reads the filter and the booking step of the settings (Filter, LeseraumBuchungstakt)', () => {
    expect(vorgabenAus((name) => ({ Filter: 'an', LeseraumBuchungstakt: 30 })[name])).toMatchObject({
      filter: true,
      takt: 30,
    });
    expect(vorgabenAus((name) => ({ Filter: 'aus', LeseraumBuchungstakt: 0 })[name])).toMatchObject({
      filter: false,
      takt: 15,
    });
  });

  it.each([
    ['09:00', 30, '09:00'],
    ['09:10', 30, '09:00'],
    ['09:15', 30, '09:30'],
    ['09:07', 15, '09:00'],
    ['17:50', 60, '18:00'],
    ['23:50', 60, '23:00'],
    ['23:59', 15, '23:45'],
    ['10:20', 45, '10:30'],
    ['10:20', 0, '10:20'],
  ])('puts %s on the step of %i minutes: %s', (zeit, takt, erwartet) => {
    expect(aufTakt(zeit, takt)).toBe(erwartet);
  });

  it('offers hours on the booking step only', () => {
    const vorgaben = { ...STANDARD_VORGABEN, takt: 60 };
    expect(
      auswahlAus(
        ZPlatzSuche.parse({ modus: 'stuendlich', von: '09:15', bis: '11:45' }),
        '2026-11-23',
        vorgaben,
      ),
    ).toMatchObject({ von: '09:00', bis: '12:00' });
  });

  it("opens the user's view (Ansicht), the map by default", () => {
    expect(ansichtAus(() => 'liste')).toBe('liste');
    expect(ansichtAus(() => undefined)).toBe('karte');
    expect(ansichtAus(() => 'tabelle')).toBe('karte');
  });
});
