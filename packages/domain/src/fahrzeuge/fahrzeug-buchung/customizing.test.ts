import { describe, expect, it } from 'vitest';
import { resolveCustomizing } from '../../verwaltung/customizing.ts';
import { fahrzeugCustomizingAus, vorausbuchbareTageAus } from './customizing.ts';
import { DEFAULT_FAHRZEUG_CUSTOMIZING } from './pruefung.ts';

describe('fahrzeugCustomizingAus', () => {
  it('gives the catalogue defaults of spec §9 without any setting', () => {
    expect(
      fahrzeugCustomizingAus({ settings: resolveCustomizing({ tenant: {}, groups: [], user: {} }) }),
    ).toEqual(DEFAULT_FAHRZEUG_CUSTOMIZING);
  });

  it('reads the tenant values', () => {
    const settings = resolveCustomizing({
      tenant: {
        FahrzeugMindestabstandStunden: '2',
        FahrzeugBuchungsfensterWochentag: 'montags',
        FahrzeugBuchungsfensterUhrzeit: '08:00',
        FahrzeugBuchungAusserhalbBuchungszeiten: 'true',
      },
      groups: [],
      user: {},
    });
    expect(fahrzeugCustomizingAus({ settings })).toMatchObject({
      mindestabstandStunden: 2,
      fensterWochentag: 'montags',
      fensterUhrzeit: '08:00',
      buchungAusserhalbBuchungszeiten: true,
    });
  });

  it.each([
    ['daily mode: the days ahead', { FahrzeugVorausbuchbareTage: '10' }, {}, 10],
    [
      'daily mode ignores the weeks',
      { FahrzeugVorausbuchbareTage: '10', BuchungsfensterWochen: '2' },
      {},
      10,
    ],
    ['weekly mode: the default 4 weeks', { FahrzeugBuchungsfensterWochentag: 'montags' }, {}, 28],
    [
      'weekly mode: the tenant weeks',
      {
        FahrzeugBuchungsfensterWochentag: 'freitags',
        BuchungsfensterWochen: '2',
        FahrzeugVorausbuchbareTage: '10',
      },
      {},
      14,
    ],
    [
      "weekly mode: the user's own weeks win",
      { FahrzeugBuchungsfensterWochentag: 'montags', BuchungsfensterWochen: '2' },
      { BuchungsfensterWochen: '6' },
      42,
    ],
    ['an unknown weekday is the daily mode', { FahrzeugBuchungsfensterWochentag: 'xyz' }, {}, 30],
  ])('the window of %s (decision 140)', (_name, tenant, user, tage) => {
    const settings = resolveCustomizing({ tenant, groups: [], user });
    expect(vorausbuchbareTageAus(settings)).toBe(tage);
    expect(fahrzeugCustomizingAus({ settings }).vorausbuchbareTage).toBe(tage);
  });
});
