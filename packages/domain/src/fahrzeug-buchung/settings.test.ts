import { describe, expect, it } from 'vitest';
import { resolveSettings } from '../customizing.ts';
import { DEFAULT_FAHRZEUG_EINSTELLUNGEN } from './rules.ts';
import { fahrzeugEinstellungenAus } from './settings.ts';

describe('fahrzeugEinstellungenAus', () => {
  it('gives the catalogue defaults of spec §9 without any setting', () => {
    expect(
      fahrzeugEinstellungenAus({ settings: resolveSettings({ tenant: {}, groups: [], user: {} }) }),
    ).toEqual(DEFAULT_FAHRZEUG_EINSTELLUNGEN);
  });

  it('reads the tenant values', () => {
    const settings = resolveSettings({
      tenant: {
        FahrzeugMindestabstandStunden: '2',
        FahrzeugBuchungsfensterWochentag: 'montags',
        FahrzeugBuchungsfensterUhrzeit: '08:00',
        FahrzeugBuchungAusserhalbBuchungszeiten: 'true',
      },
      groups: [],
      user: {},
    });
    expect(fahrzeugEinstellungenAus({ settings })).toMatchObject({
      mindestabstandStunden: 2,
      fensterWochentag: 'montags',
      fensterUhrzeit: '08:00',
      buchungAusserhalbBuchungszeiten: true,
    });
  });
});
