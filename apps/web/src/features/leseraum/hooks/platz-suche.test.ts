import { describe, expect, it } from 'vitest';
import { auswahlAus, ZPlatzSuche } from './platz-suche';

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
});
