/**
 * Feature areas (spec §1, §3). Five of them are switched per tenant; the feature check for
 * Officelocker, Arbeitswelt and Chatbot always grants access (spec §1), so their switches decide menu entries and
 * screens, not options; the Chatbot switch also opens the assistant's routes (`isFeatureRouteOpen`, decision 178).
 * Systemeinstellungen and Einstellungen are option groups, always on.
 */
import type { Texts } from './language.ts';

export const FEATURE_NAMES = [
  'FahrzeugBuchung',
  'Leseraum',
  'Arbeitswelt',
  'Officelocker',
  'Chatbot',
  'Systemeinstellungen',
  'Einstellungen',
] as const;
export type FeatureName = (typeof FEATURE_NAMES)[number];

export const SWITCHABLE_FEATURES = [
  'FahrzeugBuchung',
  'Leseraum',
  'Arbeitswelt',
  'Officelocker',
  'Chatbot',
] as const;
export type SwitchableFeature = (typeof SWITCHABLE_FEATURES)[number];

export type FeatureSwitches = Record<SwitchableFeature, boolean>;

/** Features whose check always grants access (spec §1). */
export const ALWAYS_ACCESSIBLE_FEATURES = ['Officelocker', 'Arbeitswelt', 'Chatbot'] as const;

/** Switches of a new tenant: both booking areas on, the smaller areas off in the menu. */
export const DEFAULT_FEATURE_SWITCHES: FeatureSwitches = {
  FahrzeugBuchung: true,
  Leseraum: true,
  Arbeitswelt: false,
  Officelocker: false,
  Chatbot: false,
};

export const FEATURE_DESCRIPTIONS: Record<FeatureName, Texts> = {
  FahrzeugBuchung: { de: 'Buchung von Poolfahrzeugen', en: 'Pool vehicle booking' },
  Leseraum: {
    de: 'Leseraum- und Platzbuchung auf Grundrissen',
    en: 'Reading-room and seat booking on floor plans',
  },
  Arbeitswelt: { de: 'Arbeitswelt (Karte und Liste)', en: 'Workspace (map and list)' },
  Officelocker: { de: 'Office-Schließfächer', en: 'Office lockers' },
  Chatbot: { de: 'Chatbot', en: 'Chatbot' },
  Systemeinstellungen: { de: 'Systemeinstellungen (z. B. Sprache)', en: 'System settings (e.g. language)' },
  Einstellungen: { de: 'Persönliche Einstellungen', en: 'Personal settings' },
};

export const isFeatureName = (s: string): s is FeatureName =>
  (FEATURE_NAMES as readonly string[]).includes(s);

export const isSwitchableFeature = (s: string): s is SwitchableFeature =>
  (SWITCHABLE_FEATURES as readonly string[]).includes(s);

/**
 * Whether the feature may be used: FahrzeugBuchung and Leseraum follow the tenant's switch;
 * Officelocker, Arbeitswelt and Chatbot always grant access (spec §1); the settings groups are always on.
 */
export const isFeatureAccessible = (name: FeatureName, switches: FeatureSwitches): boolean => {
  if ((ALWAYS_ACCESSIBLE_FEATURES as readonly string[]).includes(name)) return true;
  if (isSwitchableFeature(name)) return switches[name];
  return true;
};

/** Features whose routes follow the tenant's switch although the feature check grants access (decision 178). */
export const SWITCHED_ROUTE_FEATURES = ['Chatbot'] as const;

/**
 * Whether a feature's API routes answer: the assistant (Chatbot) only where the tenant has switched it on, as its
 * menu entry and screen do (decision 178); every other feature as `isFeatureAccessible` says. The options of the
 * Chatbot group stay settable either way (spec §1's feature check).
 */
export const isFeatureRouteOpen = (name: FeatureName, switches: FeatureSwitches): boolean =>
  (SWITCHED_ROUTE_FEATURES as readonly string[]).includes(name) && isSwitchableFeature(name)
    ? switches[name]
    : isFeatureAccessible(name, switches);
