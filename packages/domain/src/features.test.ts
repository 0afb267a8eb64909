import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FEATURE_SWITCHES,
  FEATURE_DESCRIPTIONS,
  FEATURE_NAMES,
  type FeatureName,
  type FeatureSwitches,
  isFeatureAccessible,
  isFeatureRouteOpen,
  SWITCHABLE_FEATURES,
} from './features.ts';

const allOff: FeatureSwitches = {
  FahrzeugBuchung: false,
  Leseraum: false,
  Arbeitswelt: false,
  Officelocker: false,
  Chatbot: false,
};

describe('features', () => {
  it('has the feature groups named in spec §3 and five per-tenant switches', () => {
    expect(FEATURE_NAMES).toEqual([
      'FahrzeugBuchung',
      'Leseraum',
      'Arbeitswelt',
      'Officelocker',
      'Chatbot',
      'Systemeinstellungen',
      'Einstellungen',
    ]);
    expect(SWITCHABLE_FEATURES).toEqual(FEATURE_NAMES.slice(0, 5));
    for (const name of FEATURE_NAMES) expect(FEATURE_DESCRIPTIONS[name].de).not.toBe('');
  });

  it.each<[FeatureName, boolean]>([
    ['FahrzeugBuchung', false],
    ['Leseraum', false],
    ['Officelocker', true],
    ['Arbeitswelt', true],
    ['Chatbot', true],
    ['Systemeinstellungen', true],
    ['Einstellungen', true],
  ])('with every switch off, %s is accessible: %s', (name, expected) => {
    expect(isFeatureAccessible(name, allOff)).toBe(expected);
  });

  it('vehicle booking and reading room follow their switch', () => {
    expect(isFeatureAccessible('FahrzeugBuchung', { ...allOff, FahrzeugBuchung: true })).toBe(true);
    expect(isFeatureAccessible('Leseraum', { ...allOff, Leseraum: true })).toBe(true);
    expect(isFeatureAccessible('Leseraum', DEFAULT_FEATURE_SWITCHES)).toBe(true);
  });

  it('office locker, workspace and chatbot are accessible whatever the switches (property)', () => {
    const switches = fc.record({
      FahrzeugBuchung: fc.boolean(),
      Leseraum: fc.boolean(),
      Arbeitswelt: fc.boolean(),
      Officelocker: fc.boolean(),
      Chatbot: fc.boolean(),
    });
    fc.assert(
      fc.property(
        switches,
        fc.constantFrom<FeatureName>('Officelocker', 'Arbeitswelt', 'Chatbot'),
        (s, name) => {
          expect(isFeatureAccessible(name, s)).toBe(true);
        },
      ),
    );
  });

  it('opens the routes of the assistant only with the Chatbot switch of the tenant (decision 178), the rest as the feature check', () => {
    expect(isFeatureAccessible('Chatbot', allOff)).toBe(true);
    expect(isFeatureRouteOpen('Chatbot', allOff)).toBe(false);
    expect(isFeatureRouteOpen('Chatbot', { ...allOff, Chatbot: true })).toBe(true);
    for (const name of FEATURE_NAMES.filter((n) => n !== 'Chatbot'))
      for (const switches of [allOff, DEFAULT_FEATURE_SWITCHES])
        expect(isFeatureRouteOpen(name, switches)).toBe(isFeatureAccessible(name, switches));
  });
});
