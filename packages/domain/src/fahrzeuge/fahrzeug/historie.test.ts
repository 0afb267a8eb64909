import { describe, expect, it } from 'vitest';
import { DEFAULT_REINIGUNGSZUSTAENDE } from '../fahrzeuge.optionen.ts';
import {
  assertKilometerstand,
  assertReinigungszustand,
  assertTankfuellung,
  isSchwelleErreicht,
} from './historie.ts';

describe('assertTankfuellung', () => {
  it.each([0, 50, 100])('accepts %i percent', (p) => {
    expect(() => assertTankfuellung(p)).not.toThrow();
  });
  it.each([-1, 101, Number.NaN])('refuses %s percent with the spec message', (p) => {
    expect(() => assertTankfuellung(p)).toThrow('Tankfüllung muss zwischen 0 und 100 sein!');
  });
});

describe('assertKilometerstand', () => {
  it('accepts a reading greater than the last one, or a first reading', () => {
    expect(() => assertKilometerstand({ neu: 12501, letzter: 12500 })).not.toThrow();
    expect(() => assertKilometerstand({ neu: 0, letzter: null })).not.toThrow();
  });
  it.each([12500, 12000])('refuses %i after 12500 with the spec message', (neu) => {
    expect(() => assertKilometerstand({ neu, letzter: 12500 })).toThrow(
      'Kilometerstand muss größer als 12500 sein.',
    );
  });
});

describe('assertReinigungszustand', () => {
  it('accepts a state from the list', () => {
    expect(() =>
      assertReinigungszustand({ art: 'Innen', wert: 'sauber', liste: DEFAULT_REINIGUNGSZUSTAENDE }),
    ).not.toThrow();
  });
  it('refuses another state with the spec message naming kind, value and list', () => {
    expect(() =>
      assertReinigungszustand({ art: 'Aussen', wert: 'dreckig', liste: ['sauber', 'verschmutzt'] }),
    ).toThrow(
      'Reinigungszustand Aussen dreckig kann nicht gespeichert werden, muss innerhalb der erlaubten Werte liegen! [sauber, verschmutzt]',
    );
  });
});

describe('isSchwelleErreicht', () => {
  it.each<[string, string, boolean]>([
    ['sauber', 'verschmutzt', false],
    ['leicht verschmutzt', 'verschmutzt', false],
    ['verschmutzt', 'verschmutzt', true],
    ['stark verschmutzt', 'verschmutzt', true],
    ['stark verschmutzt', 'unbekannt', false],
  ])('%s against threshold %s (and worse) triggers: %s', (wert, schwelle, expected) => {
    expect(isSchwelleErreicht({ wert, schwelle, liste: DEFAULT_REINIGUNGSZUSTAENDE })).toBe(expected);
  });
});
