/**
 * The shape of a settings option ("Customizing option", spec §3) and the helpers the areas' option lists are built
 * with. Each area declares its options next to its code (`<area>.optionen.ts`); `customizing.ts` combines them.
 */
import type { FeatureName } from '../features.ts';
import type { Texts } from '../language.ts';

export type CustomizingTyp = 'number' | 'boolean' | 'string' | 'time' | 'array';
export type CustomizingUnit = 'minuten' | 'stunden' | 'tage' | 'wochen' | 'monate' | 'prozent';
export const CUSTOMIZING_LEVELS = ['benutzer', 'gruppe', 'mandant'] as const;
export type CustomizingLevel = (typeof CUSTOMIZING_LEVELS)[number];
export type CustomizingSource = 'default' | CustomizingLevel;

/** A list item of an array option. */
export type CustomizingItem = string | number | boolean;
/** A value as the API and the rules see it. Times are `HH:mm` strings. */
export type CustomizingValue = number | boolean | string | CustomizingItem[];

/**
 * Where an option shows on the settings pages (spec §3 "Settings"): one heading per group, in this order.
 * The labels are the headings in both languages.
 */
export const CUSTOMIZING_GROUPS = {
  allgemein: { de: 'Allgemein', en: 'General' },
  anzeige: { de: 'Anzeige und Vorauswahl', en: 'Display and preselection' },
  buchungsregeln: { de: 'Buchungsregeln', en: 'Booking rules' },
  checkin: { de: 'Check-in und Freigabe', en: 'Check-in and release' },
  erinnerungen: { de: 'Erinnerungen', en: 'Reminders' },
  benachrichtigungen: { de: 'Benachrichtigungen', en: 'Notifications' },
  mails: { de: 'Mails des Fahrzeugbereichs', en: 'Vehicle mails' },
  reports: { de: 'Reports', en: 'Reports' },
  fuehrerscheine: { de: 'Führerscheine', en: 'Driving licences' },
  reinigung: { de: 'Sauberkeit', en: 'Cleanliness' },
  auslastung: { de: 'Büroauslastung', en: 'Office utilisation' },
  datenschutz: { de: 'Datenschutz', en: 'Data protection' },
  assistent: { de: 'Assistent', en: 'Assistant' },
} as const satisfies Record<string, Texts>;
export type CustomizingGroup = keyof typeof CUSTOMIZING_GROUPS;
export const CUSTOMIZING_GROUP_ORDER = Object.keys(CUSTOMIZING_GROUPS) as CustomizingGroup[];

export type CustomizingOption<N extends string = string> = {
  readonly name: N;
  /** The short name shown as the field label. */
  readonly label: Texts;
  /** The heading the option is shown under. */
  readonly group: CustomizingGroup;
  readonly feature: FeatureName;
  readonly typ: CustomizingTyp;
  /** The default in stored form. */
  readonly default: string;
  readonly unit?: CustomizingUnit;
  /** Where the option may be set. */
  readonly levels: readonly CustomizingLevel[];
  /** A personal preference the user may change for themself. */
  readonly userEditable: boolean;
  /** For strings (and string list items): the only accepted values. */
  readonly allowedValues?: readonly string[];
  /** For numbers (and number list items): inclusive bounds; numbers are whole numbers. */
  readonly min?: number;
  readonly max?: number;
  /** For numbers: the only accepted values (e.g. the report rhythm in months: 1, 3, 6, 12). */
  readonly allowedNumbers?: readonly number[];
  /** For arrays: the type of each item. */
  readonly itemTyp?: 'string' | 'number' | 'email';
  /** For strings: `url` accepts only an empty value or an absolute http(s) address. */
  readonly format?: 'url';
  /** The help text shown below the field (what it does, its default). */
  readonly description: Texts;
};

/** Longest accepted string value and list item. */
export const MAX_STRING_LENGTH = 500;
/** Most items in a list value. */
export const MAX_ARRAY_ITEMS = 100;

export const ALL: readonly CustomizingLevel[] = ['benutzer', 'gruppe', 'mandant'];
export const TENANT: readonly CustomizingLevel[] = ['mandant'];
export const USER: readonly CustomizingLevel[] = ['benutzer'];
/** A personal list beside the tenant's own list for everyone (both count, e.g. favourite vehicles). */
export const USER_AND_TENANT: readonly CustomizingLevel[] = ['benutzer', 'mandant'];

export const notificationToggle = <const N extends string>(
  name: N,
  de: string,
  en: string,
): CustomizingOption<N> => ({
  name,
  label: { de: `${de[0]!.toUpperCase()}${de.slice(1)}`, en: `${en[0]!.toUpperCase()}${en.slice(1)}` },
  group: 'benachrichtigungen',
  feature: 'Einstellungen',
  typ: 'boolean',
  default: 'true',
  levels: ALL,
  userEditable: true,
  description: {
    de: `E-Mail-Benachrichtigung: ${de}. Standard: an.`,
    en: `E-mail notification: ${en}. Default: on.`,
  },
});

/** Keeps each option's name as a literal type, so `OptionName` is the union of every name in the catalogue. */
export const katalog = <const N extends string>(
  options: readonly CustomizingOption<N>[],
): readonly CustomizingOption<N>[] => options;
