/**
 * Typed settings ("Customizing", spec §3, §5, §6, §9): the option catalogue, conversion between API
 * values and the stored string (`customizing.wert`), and the precedence user > group > tenant > default.
 *
 * Stored form: numbers as decimal text, booleans 'true'/'false', strings and times as-is, arrays as JSON.
 * `levels` says where an option may be set. Vehicle booking rules are tenant-only (spec §6).
 * `userEditable` marks personal preferences a user changes for themself; everything else is written by
 * administrators (tenant level with customizing_mandant_pflege, group/user level for a group or a user).
 *
 * Group precedence: when several of a user's groups set one option, the FIRST group in the `groups`
 * list passed to `resolveSettings` wins. The caller passes groups in a stable order (the server: by
 * group name, then id), so the outcome is deterministic and explainable in the admin UI.
 */
import { DomainError } from '../errors.ts';
import type { FeatureName } from '../features.ts';
import type { Texts } from '../language.ts';
import { isValidTime, WOCHENTAG_NAMEN, wochentagNameAus } from '../time.ts';

export type CustomizingTyp = 'number' | 'boolean' | 'string' | 'time' | 'array';
export type CustomizingUnit = 'minuten' | 'stunden' | 'tage' | 'wochen' | 'monate' | 'prozent';
export const CUSTOMIZING_LEVELS = ['benutzer', 'gruppe', 'mandant'] as const;
export type CustomizingLevel = (typeof CUSTOMIZING_LEVELS)[number];
export type SettingSource = 'default' | CustomizingLevel;

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
  /** The help text shown below the field (what it does, its default). */
  readonly description: Texts;
};

/** Longest accepted string value and list item. */
export const MAX_STRING_LENGTH = 500;
/** Most items in a list value. */
export const MAX_ARRAY_ITEMS = 100;

const ALL: readonly CustomizingLevel[] = ['benutzer', 'gruppe', 'mandant'];
const TENANT: readonly CustomizingLevel[] = ['mandant'];
const USER: readonly CustomizingLevel[] = ['benutzer'];
/** A personal list beside the tenant's own list for everyone (both count, e.g. favourite vehicles). */
const USER_AND_TENANT: readonly CustomizingLevel[] = ['benutzer', 'mandant'];

/** Default cleaning states, best first (spec §5 "allowed list of cleaning states"). */
export const DEFAULT_REINIGUNGSZUSTAENDE = [
  'sauber',
  'leicht verschmutzt',
  'verschmutzt',
  'stark verschmutzt',
];

export const REPORT_RHYTHMEN = ['monatlich', 'quartalsweise', 'halbjaehrlich', 'jaehrlich'] as const;
export type ReportRhythmus = (typeof REPORT_RHYTHMEN)[number];
export const REPORT_RHYTHMUS_MONATE: Record<ReportRhythmus, number> = {
  monatlich: 1,
  quartalsweise: 3,
  halbjaehrlich: 6,
  jaehrlich: 12,
};
export const isReportRhythmus = (wert: string): wert is ReportRhythmus =>
  (REPORT_RHYTHMEN as readonly string[]).includes(wert);

const mailFlag = <const N extends string>(name: N, de: string, en: string): CustomizingOption<N> => ({
  name,
  label: { de: `Mail „${de}“`, en: `"${en}" mail` },
  group: 'mails',
  feature: 'FahrzeugBuchung',
  typ: 'boolean',
  default: 'true',
  levels: TENANT,
  userEditable: false,
  description: { de: `Mail „${de}“ senden. Standard: an.`, en: `Send the "${en}" mail. Default: on.` },
});

const notificationToggle = <const N extends string>(
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
const katalog = <const N extends string>(
  options: readonly CustomizingOption<N>[],
): readonly CustomizingOption<N>[] => options;

export const CUSTOMIZING_OPTIONS = katalog([
  // --- Systemeinstellungen / Einstellungen --------------------------------------------------------
  {
    name: 'Sprache',
    label: { de: 'Sprache', en: 'Language' },
    group: 'allgemein',
    feature: 'Systemeinstellungen',
    typ: 'string',
    default: 'de',
    levels: ALL,
    userEditable: true,
    allowedValues: ['de', 'en'],
    description: {
      de: 'Sprache der Oberfläche (de oder en). Standard: de.',
      en: 'UI language (de or en). Default: de.',
    },
  },
  {
    name: 'Startseite',
    label: { de: 'Startseite', en: 'Start page' },
    group: 'allgemein',
    feature: 'Einstellungen',
    typ: 'string',
    default: 'fahrzeuge',
    levels: ALL,
    userEditable: true,
    allowedValues: ['fahrzeuge', 'leseraum/karte'],
    description: {
      de: 'Startseite nach der Anmeldung, sofern der Bereich eingeschaltet ist. Standard: fahrzeuge.',
      en: 'Start page after sign-in, if that area is switched on. Default: fahrzeuge.',
    },
  },
  {
    name: 'BuchungsfensterWochen',
    label: { de: 'Buchungsfenster', en: 'Booking window' },
    group: 'buchungsregeln',
    feature: 'Einstellungen',
    typ: 'number',
    default: '4',
    unit: 'wochen',
    levels: ALL,
    userEditable: false,
    min: 1,
    max: 104,
    description: {
      de: 'Buchungsfenster der Fahrzeuge in Wochen, wenn es wöchentlich wächst (Wochentag der Fenstererweiterung gesetzt): es reicht so viele Wochen voraus und wächst am Wochentag um eine Woche. Sonst gilt „Im Voraus buchbar“ in Tagen. Standard: 4.',
      en: 'Vehicle booking window in weeks when it grows weekly (weekday the window grows set): it reaches this many weeks ahead and grows by a week on that weekday. Otherwise "Bookable ahead" in days applies. Default: 4.',
    },
  },
  {
    name: 'ZweiFaktorPflicht',
    label: { de: 'Anmeldung in zwei Schritten', en: 'Two-step sign-in' },
    group: 'allgemein',
    feature: 'Systemeinstellungen',
    typ: 'string',
    default: 'optional',
    levels: TENANT,
    userEditable: false,
    allowedValues: ['optional', 'administratoren', 'alle'],
    description: {
      de: 'Zweiter Faktor (Authenticator-App oder Code per SMS) bei der Anmeldung: optional, Pflicht für Administratoren (administratoren) oder Pflicht für alle (alle). Wer einen braucht und keinen hat, richtet ihn direkt nach dem Passwort ein. Standard: optional.',
      en: 'Second factor (authenticator app or code by SMS) at sign-in: optional, required for administrators (administratoren) or required for everyone (alle). Whoever needs one and has none enrols right after the password. Default: optional.',
    },
  },
  notificationToggle('BenachrichtigungBuchungsbestaetigung', 'Buchungsbestätigung', 'booking confirmation'),
  notificationToggle('BenachrichtigungAenderung', 'Änderung einer Buchung', 'booking changed'),
  notificationToggle('BenachrichtigungStornierung', 'Stornierung', 'cancellation'),
  notificationToggle(
    'BenachrichtigungErinnerung',
    'Erinnerung vor Buchungsbeginn',
    'reminder before the start',
  ),
  notificationToggle(
    'BenachrichtigungSonderfreigabe',
    'Entscheidung über Sonderfreigaben',
    'special approval decided',
  ),
  notificationToggle(
    'BenachrichtigungBestaetigungsanfrage',
    'Vormerkung zur Bestätigung durch das Buchungspersonal',
    'hold waiting for confirmation by booking staff',
  ),

  // --- Leseraum -----------------------------------------------------------------------------------
  {
    name: 'LeseraumLieblingsPlatz',
    label: { de: 'Lieblingsplätze', en: 'Favourite places' },
    group: 'anzeige',
    feature: 'Leseraum',
    // a list (spec §2 'favourite places'), toggled on the place in the booking dialog and the list (decision 052)
    typ: 'array',
    itemTyp: 'string',
    default: '[]',
    levels: USER,
    userEditable: true,
    description: {
      de: 'IDs der Lieblingsplätze (Lesesaal und Arbeitswelt). Standard: keine.',
      en: 'Ids of the favourite places (reading room and workspace). Default: none.',
    },
  },
  {
    name: 'LeseraumLieblingsGrundriss',
    label: { de: 'Bevorzugter Grundriss', en: 'Preferred floor plan' },
    group: 'anzeige',
    feature: 'Leseraum',
    typ: 'string',
    default: '',
    levels: USER,
    userEditable: true,
    description: {
      de: 'ID des zuerst gezeigten Grundrisses. Standard: keiner (der erste Grundriss).',
      en: 'Id of the floor plan shown first. Default: none (the first floor plan).',
    },
  },
  {
    name: 'LeseraumMaximaleBuchungenAlsBuchenderProWoche',
    label: { de: 'Buchungen pro Woche (höchstens)', en: 'Bookings per week (at most)' },
    group: 'buchungsregeln',
    feature: 'Leseraum',
    typ: 'number',
    default: '5',
    levels: ALL,
    userEditable: false,
    min: 0,
    max: 1000,
    description: {
      de: 'Höchstzahl eigener Buchungen pro Woche; 0 = unbegrenzt. Standard: 5.',
      en: 'Maximum own bookings per week; 0 = unlimited. Default: 5.',
    },
  },
  {
    name: 'LeseraumBuchungstakt',
    label: { de: 'Buchungstakt', en: 'Booking step' },
    group: 'buchungsregeln',
    feature: 'Leseraum',
    typ: 'number',
    default: '15',
    unit: 'minuten',
    levels: ALL,
    userEditable: false,
    min: 5,
    max: 240,
    description: {
      de: 'Raster für Beginn und Ende stundenweiser Buchungen in Minuten. Standard: 15.',
      en: 'Step for start and end of hourly bookings in minutes. Default: 15.',
    },
  },
  {
    name: 'LeseraumMinimaleBuchungslaenge',
    label: { de: 'Kürzeste Buchung', en: 'Shortest booking' },
    group: 'buchungsregeln',
    feature: 'Leseraum',
    typ: 'number',
    default: '60',
    unit: 'minuten',
    levels: ALL,
    userEditable: false,
    min: 0,
    max: 1440,
    description: {
      de: 'Mindestdauer einer stundenweisen Buchung in Minuten. Standard: 60.',
      en: 'Minimum length of an hourly booking in minutes. Default: 60.',
    },
  },
  {
    name: 'LeseraumMaximaleDauerEinerBuchung',
    label: { de: 'Längste Buchung', en: 'Longest booking' },
    group: 'buchungsregeln',
    feature: 'Leseraum',
    typ: 'number',
    default: '600',
    unit: 'minuten',
    levels: ALL,
    userEditable: false,
    min: 0,
    max: 1440,
    description: {
      de: 'Höchstdauer einer Buchung in Minuten; 0 = unbegrenzt. Standard: 600 (10 Stunden).',
      en: 'Maximum length of a booking in minutes; 0 = unlimited. Default: 600 (10 hours).',
    },
  },
  {
    name: 'LeseraumVorausbuchbareTage',
    label: { de: 'Im Voraus buchbar', en: 'Bookable ahead' },
    group: 'buchungsregeln',
    feature: 'Leseraum',
    typ: 'number',
    default: '14',
    unit: 'tage',
    levels: ALL,
    userEditable: false,
    min: 0,
    max: 365,
    description: {
      de: 'Wie viele Tage im Voraus gebucht werden kann. Standard: 14.',
      en: 'How many days ahead bookings are possible. Default: 14.',
    },
  },
  {
    name: 'LeseraumBuchbareWochenTage',
    label: { de: 'Buchbare Wochentage', en: 'Bookable weekdays' },
    group: 'buchungsregeln',
    feature: 'Leseraum',
    typ: 'array',
    itemTyp: 'number',
    min: 0,
    max: 6,
    default: '[1,2,3,4,5]',
    levels: ALL,
    userEditable: false,
    description: {
      de: 'Buchbare Wochentage (0 = Sonntag … 6 = Samstag). Standard: Montag bis Freitag.',
      en: 'Bookable weekdays (0 = Sunday … 6 = Saturday). Default: Monday to Friday.',
    },
  },
  {
    name: 'LeseraumEmailErinnerungBuchungsbeginn',
    label: { de: 'Erinnerung vor Buchungsbeginn', en: 'Reminder before the booking starts' },
    group: 'erinnerungen',
    feature: 'Leseraum',
    typ: 'number',
    default: '30',
    unit: 'minuten',
    levels: ALL,
    userEditable: true,
    min: 0,
    max: 10080,
    description: {
      de: 'Erinnerungsmail so viele Minuten vor Buchungsbeginn; 0 = keine. Standard: 30.',
      en: 'Reminder mail this many minutes before the start; 0 = none. Default: 30.',
    },
  },
  {
    name: 'Zoom',
    label: { de: 'Zoom des Grundrisses', en: 'Floor-plan zoom' },
    group: 'anzeige',
    feature: 'Leseraum',
    typ: 'number',
    default: '100',
    unit: 'prozent',
    levels: ALL,
    userEditable: true,
    min: 25,
    max: 400,
    description: {
      de: 'Zoomstufe des Grundrisses in Prozent. Standard: 100.',
      en: 'Floor-plan zoom in percent. Default: 100.',
    },
  },
  {
    name: 'Ansicht',
    label: { de: 'Ansicht', en: 'View' },
    group: 'anzeige',
    feature: 'Leseraum',
    typ: 'string',
    default: 'karte',
    levels: ALL,
    userEditable: true,
    allowedValues: ['karte', 'liste'],
    description: {
      de: 'Ansicht: karte oder liste. Standard: karte.',
      en: 'View: karte (map) or liste (list). Default: karte.',
    },
  },
  {
    name: 'Filter',
    label: { de: 'Filter anzeigen', en: 'Show filter' },
    group: 'anzeige',
    feature: 'Leseraum',
    typ: 'string',
    default: 'aus',
    levels: ALL,
    userEditable: true,
    allowedValues: ['an', 'aus'],
    description: {
      de: 'Filter ein- oder ausgeblendet. Standard: aus.',
      en: 'Filter shown (an) or hidden (aus). Default: aus.',
    },
  },
  {
    name: 'Buchungsmodus',
    label: { de: 'Buchungsmodus', en: 'Booking mode' },
    group: 'anzeige',
    feature: 'Leseraum',
    typ: 'string',
    default: 'ganztags',
    levels: ALL,
    userEditable: true,
    allowedValues: ['ganztags', 'stuendlich'],
    description: {
      de: 'Buchungsmodus: ganztags oder stuendlich. Standard: ganztags.',
      en: 'Booking mode: ganztags (full day) or stuendlich (hourly). Default: ganztags.',
    },
  },
  {
    name: 'Tageszeit',
    label: { de: 'Tageszeit', en: 'Time of day' },
    group: 'anzeige',
    feature: 'Leseraum',
    typ: 'string',
    default: 'ganztags',
    levels: ALL,
    userEditable: true,
    allowedValues: ['ganztags', 'vormittags', 'nachmittags'],
    description: {
      de: 'Vorauswahl der Tageszeit: ganztags, vormittags oder nachmittags. Standard: ganztags.',
      en: 'Preselected time of day: full day, morning or afternoon. Default: ganztags.',
    },
  },
  {
    name: 'LeseraumZeitVon',
    label: { de: 'Beginn (Vorauswahl)', en: 'Start (preselected)' },
    group: 'anzeige',
    feature: 'Leseraum',
    typ: 'time',
    default: '09:00',
    levels: ALL,
    userEditable: true,
    description: {
      de: 'Vorausgewählte Beginnzeit. Standard: 09:00.',
      en: 'Preselected start time. Default: 09:00.',
    },
  },
  {
    name: 'LeseraumZeitBis',
    label: { de: 'Ende (Vorauswahl)', en: 'End (preselected)' },
    group: 'anzeige',
    feature: 'Leseraum',
    typ: 'time',
    default: '18:00',
    levels: ALL,
    userEditable: true,
    description: {
      de: 'Vorausgewählte Endzeit. Standard: 18:00.',
      en: 'Preselected end time. Default: 18:00.',
    },
  },

  // --- FahrzeugBuchung: personal ------------------------------------------------------------------
  {
    name: 'FahrzeugZeitErinnerungsmail',
    label: { de: 'Erinnerung vor Fahrtbeginn', en: 'Reminder before the trip' },
    group: 'erinnerungen',
    feature: 'FahrzeugBuchung',
    typ: 'number',
    default: '60',
    unit: 'minuten',
    levels: ALL,
    userEditable: true,
    min: 0,
    max: 10080,
    description: {
      de: 'Erinnerungsmail so viele Minuten vor Fahrtbeginn; 0 = keine. Standard: 60.',
      en: 'Reminder mail this many minutes before the trip starts; 0 = none. Default: 60.',
    },
  },
  {
    name: 'FahrzeugLieblingsFahrzeuge',
    label: { de: 'Lieblingsfahrzeuge', en: 'Favourite vehicles' },
    group: 'anzeige',
    feature: 'FahrzeugBuchung',
    typ: 'array',
    itemTyp: 'string',
    default: '[]',
    levels: USER_AND_TENANT,
    userEditable: true,
    description: {
      de: 'IDs der Lieblingsfahrzeuge: die eigenen und die des Mandanten (Stern in der Fahrzeugverwaltung) stehen in der Liste oben. Standard: keine.',
      en: "Ids of favourite vehicles: the user's own and the tenant's (star in the fleet administration) come first in the list. Default: none.",
    },
  },
  {
    name: 'FahrzeugReportPersoenlich',
    label: { de: 'Persönlichen Fahrzeugreport erhalten', en: 'Receive the personal vehicle report' },
    group: 'reports',
    feature: 'FahrzeugBuchung',
    typ: 'boolean',
    default: 'false',
    levels: ALL,
    userEditable: true,
    description: {
      de: 'Den Fahrzeugreport (Fahrten, Kilometer, Schäden, Verschmutzungen und Kilometerlücken je Fahrzeug, mit Excel-Datei) im eigenen Rhythmus an sich selbst und die eigenen Empfänger senden. Nur mit dem Recht für Fahrtenbuch-Reports. Standard: aus.',
      en: 'Send the vehicle report (trips, distance, damages, dirt incidents and mileage gaps per vehicle, with the Excel file) in your own rhythm to yourself and your recipients. Only with the logbook report right. Default: off.',
    },
  },
  {
    name: 'FahrzeugReportRhythmus',
    label: { de: 'Rhythmus des persönlichen Fahrzeugreports', en: 'Personal vehicle report rhythm' },
    group: 'reports',
    feature: 'FahrzeugBuchung',
    typ: 'string',
    default: 'monatlich',
    levels: ALL,
    userEditable: true,
    allowedValues: REPORT_RHYTHMEN,
    description: {
      de: 'Rhythmus des Fahrzeugreports: monatlich, quartalsweise, halbjaehrlich oder jaehrlich. Standard: monatlich.',
      en: 'Vehicle report rhythm: monthly, quarterly, semi-annually or annually. Default: monatlich.',
    },
  },
  {
    name: 'FahrzeugReportEmpfaenger',
    label: { de: 'Empfänger des persönlichen Fahrzeugreports', en: 'Personal vehicle report recipients' },
    group: 'reports',
    feature: 'FahrzeugBuchung',
    typ: 'array',
    itemTyp: 'email',
    default: '[]',
    levels: ALL,
    userEditable: true,
    description: {
      de: 'Weitere Empfänger des persönlichen Fahrzeugreports: Adressen von Benutzern des Mandanten (andere erhalten ihn nicht, die Fahrtdaten bleiben im Haus). Standard: keine (nur man selbst).',
      en: "Further recipients of the personal vehicle report: addresses of the tenant's users (others do not get it; the trip data stays in the organisation). Default: none (only oneself).",
    },
  },

  // --- FahrzeugBuchung: tenant rules (spec §9 "Vehicle feature settings") ------------------------
  {
    name: 'FahrzeugCheckInAktiv',
    label: { de: 'Check-in und Check-out aktiv', en: 'Check-in and check-out active' },
    group: 'checkin',
    feature: 'FahrzeugBuchung',
    typ: 'boolean',
    default: 'true',
    levels: TENANT,
    userEditable: false,
    description: {
      de: 'Check-in und Check-out sind aktiv (sonst keine automatische Freigabe). Standard: an.',
      en: 'Check-in and check-out are active (otherwise no automatic release). Default: on.',
    },
  },
  {
    name: 'FahrzeugCheckInMinutenVorBeginn',
    label: { de: 'Check-in möglich ab', en: 'Check-in possible from' },
    group: 'checkin',
    feature: 'FahrzeugBuchung',
    typ: 'number',
    default: '15',
    unit: 'minuten',
    levels: TENANT,
    userEditable: false,
    min: 0,
    max: 1440,
    description: {
      de: 'Check-in ist so viele Minuten vor Buchungsbeginn möglich. Standard: 15.',
      en: 'Check-in is possible this many minutes before the start. Default: 15.',
    },
  },
  {
    name: 'FahrzeugAutoStornoMinutenNachBeginn',
    label: { de: 'Automatische Freigabe ohne Check-in nach', en: 'Automatic release without check-in after' },
    group: 'checkin',
    feature: 'FahrzeugBuchung',
    typ: 'number',
    default: '15',
    unit: 'minuten',
    levels: TENANT,
    userEditable: false,
    min: 0,
    max: 1440,
    description: {
      de: 'Ohne Check-in wird die Buchung so viele Minuten nach Beginn automatisch freigegeben und storniert; 0 = nie. Standard: 15.',
      en: 'Without check-in the booking is released and cancelled this many minutes after the start; 0 = never. Default: 15.',
    },
  },
  {
    name: 'FahrzeugFreigabeNachBuchungsbeginn',
    label: { de: 'Buchung gilt als freigegeben nach', en: 'Booking counts as released after' },
    group: 'checkin',
    feature: 'FahrzeugBuchung',
    typ: 'number',
    default: '60',
    unit: 'minuten',
    levels: TENANT,
    userEditable: false,
    min: 0,
    max: 10080,
    description: {
      de: 'Eine Buchung gilt als freigegeben, wenn sie vor mehr als so vielen Minuten begonnen hat. Standard: 60 (1 Stunde).',
      en: 'A booking counts as approved once it started more than this many minutes ago. Default: 60 (1 hour).',
    },
  },
  {
    name: 'VorCheckOutAkzeptieren',
    label: {
      de: 'Check-in vor Check-out der Vorbuchung erlauben',
      en: 'Allow check-in before the previous check-out',
    },
    group: 'checkin',
    feature: 'FahrzeugBuchung',
    typ: 'boolean',
    default: 'true',
    levels: TENANT,
    userEditable: false,
    description: {
      de: 'Check-in erlauben, obwohl die vorige Buchung noch nicht ausgecheckt ist (der nächste Buchende wird informiert). Standard: an.',
      en: 'Allow check-in although the previous booking is not checked out yet (the next booker is told). Default: on.',
    },
  },
  {
    name: 'FahrzeugVorausbuchbareTage',
    label: { de: 'Im Voraus buchbar', en: 'Bookable ahead' },
    group: 'buchungsregeln',
    feature: 'FahrzeugBuchung',
    typ: 'number',
    default: '30',
    unit: 'tage',
    levels: TENANT,
    userEditable: false,
    min: 0,
    max: 730,
    description: {
      de: 'Wie viele Tage im Voraus gebucht werden kann; 0 = ohne Grenze. Standard: 30.',
      en: 'How many days ahead vehicles can be booked; 0 = no limit. Default: 30.',
    },
  },
  {
    name: 'FahrzeugMindestabstandStunden',
    label: { de: 'Mindestabstand zwischen zwei Buchungen', en: 'Minimum gap between two bookings' },
    group: 'buchungsregeln',
    feature: 'FahrzeugBuchung',
    typ: 'number',
    default: '0',
    unit: 'stunden',
    levels: TENANT,
    userEditable: false,
    min: 0,
    max: 168,
    description: {
      de: 'Mindestabstand zwischen zwei Buchungen eines Fahrzeugs in Stunden. Standard: 0.',
      en: 'Minimum gap between two bookings of a vehicle in hours. Default: 0.',
    },
  },
  {
    name: 'FahrzeugMindestabstandMinuten',
    label: { de: 'Zusätzlicher Puffer zwischen zwei Buchungen', en: 'Extra buffer between two bookings' },
    group: 'buchungsregeln',
    feature: 'FahrzeugBuchung',
    typ: 'number',
    default: '0',
    unit: 'minuten',
    levels: TENANT,
    userEditable: false,
    min: 0,
    max: 1440,
    description: {
      de: 'Puffer in Minuten zwischen zwei Buchungen eines Fahrzeugs, zusätzlich zum Mindestabstand in Stunden (z. B. 30 Minuten zum Laden oder Reinigen). Standard: 0.',
      en: 'Buffer in minutes between two bookings of a vehicle, on top of the minimum gap in hours (e.g. 30 minutes to charge or clean). Default: 0.',
    },
  },
  {
    name: 'FahrzeugMehrereFahrzeugeGleichzeitig',
    label: {
      de: 'Eine Person darf mehrere Fahrzeuge zur selben Zeit buchen',
      en: 'One person may book several vehicles for the same time',
    },
    group: 'buchungsregeln',
    feature: 'FahrzeugBuchung',
    typ: 'boolean',
    default: 'false',
    levels: TENANT,
    userEditable: false,
    description: {
      de: 'Aus: Wer fährt, kann nicht zwei Fahrzeuge für dieselbe Zeit halten; die zweite Buchung wird abgelehnt. Standard: aus.',
      en: 'Off: a driver cannot hold two vehicles for the same time; the second booking is refused. Default: off.',
    },
  },
  {
    name: 'FahrzeugBuchungsfensterWochentag',
    label: { de: 'Wochentag der Fenstererweiterung', en: 'Weekday the window grows' },
    group: 'buchungsregeln',
    feature: 'FahrzeugBuchung',
    typ: 'string',
    default: '',
    levels: TENANT,
    userEditable: false,
    allowedValues: ['', ...WOCHENTAG_NAMEN],
    description: {
      de: 'Wochentag (sonntags … samstags; auch „Montag“, „Mo“ oder „monday“ wird gelesen), an dem das Buchungsfenster um eine Woche wächst; leer = täglich um einen Tag. Standard: leer.',
      en: 'Weekday (sonntags … samstags; "Montag", "Mo" or "monday" are read too) on which the booking window grows by a week; empty = by a day daily. Default: empty.',
    },
  },
  {
    name: 'FahrzeugBuchungsfensterUhrzeit',
    label: { de: 'Uhrzeit der Fenstererweiterung', en: 'Time the window grows' },
    group: 'buchungsregeln',
    feature: 'FahrzeugBuchung',
    typ: 'time',
    default: '00:00',
    levels: TENANT,
    userEditable: false,
    description: {
      de: 'Uhrzeit, zu der das wöchentliche Buchungsfenster wächst. Standard: 00:00.',
      en: 'Time at which the weekly booking window grows. Default: 00:00.',
    },
  },
  {
    name: 'FahrzeugMinimaleBuchungszeit',
    label: { de: 'Kürzeste Buchung am selben Tag', en: 'Shortest same-day booking' },
    group: 'buchungsregeln',
    feature: 'FahrzeugBuchung',
    typ: 'number',
    default: '0',
    unit: 'minuten',
    levels: TENANT,
    userEditable: false,
    min: 0,
    max: 1440,
    description: {
      de: 'Mindestdauer einer Buchung am selben Tag in Minuten. Standard: 0.',
      en: 'Minimum length of a same-day booking in minutes. Default: 0.',
    },
  },
  {
    name: 'FahrzeugBuchungszeitraumVon',
    label: { de: 'Buchungszeitraum von', en: 'Booking period from' },
    group: 'buchungsregeln',
    feature: 'FahrzeugBuchung',
    typ: 'time',
    default: '09:00',
    levels: TENANT,
    userEditable: false,
    description: {
      de: 'Frühester Buchungsbeginn. Standard: 09:00.',
      en: 'Earliest booking start. Default: 09:00.',
    },
  },
  {
    name: 'FahrzeugBuchungszeitraumBis',
    label: { de: 'Buchungszeitraum bis', en: 'Booking period until' },
    group: 'buchungsregeln',
    feature: 'FahrzeugBuchung',
    typ: 'time',
    default: '18:00',
    levels: TENANT,
    userEditable: false,
    description: {
      de: 'Spätestes Buchungsende. Standard: 18:00.',
      en: 'Latest booking end. Default: 18:00.',
    },
  },
  {
    name: 'FahrzeugIndividuelleBuchungszeiten',
    label: { de: 'Individuelle Buchungszeiten je Fahrzeug', en: 'Individual booking times per vehicle' },
    group: 'buchungsregeln',
    feature: 'FahrzeugBuchung',
    typ: 'boolean',
    default: 'false',
    levels: TENANT,
    userEditable: false,
    description: {
      de: 'Individuelle Buchungszeiten je Fahrzeug. Standard: aus.',
      en: 'Individual booking times per vehicle. Default: off.',
    },
  },
  {
    name: 'FahrzeugBuchungAusserhalbBuchungszeiten',
    label: { de: 'Buchung außerhalb der Buchungszeiten', en: 'Booking outside booking times' },
    group: 'buchungsregeln',
    feature: 'FahrzeugBuchung',
    typ: 'boolean',
    default: 'false',
    levels: TENANT,
    userEditable: false,
    description: {
      de: 'Buchungen außerhalb der Buchungszeiten mit Sonderfreigabe erlauben. Standard: aus.',
      en: 'Allow bookings outside booking times with special approval. Default: off.',
    },
  },
  {
    name: 'FahrzeugReinigungszustaende',
    label: { de: 'Reinigungszustände', en: 'Cleaning states' },
    group: 'reinigung',
    feature: 'FahrzeugBuchung',
    typ: 'array',
    itemTyp: 'string',
    default: JSON.stringify(DEFAULT_REINIGUNGSZUSTAENDE),
    levels: TENANT,
    userEditable: false,
    description: {
      de: 'Erlaubte Reinigungszustände, vom besten zum schlechtesten. Standard: sauber, leicht verschmutzt, verschmutzt, stark verschmutzt.',
      en: 'Allowed cleaning states, best first. Default: sauber, leicht verschmutzt, verschmutzt, stark verschmutzt.',
    },
  },
  {
    name: 'FahrzeugReinigungsschwelleInnen',
    label: { de: 'Meldeschwelle innen', en: 'Report threshold inside' },
    group: 'reinigung',
    feature: 'FahrzeugBuchung',
    typ: 'string',
    default: 'verschmutzt',
    levels: TENANT,
    userEditable: false,
    description: {
      de: 'Ab diesem Reinigungszustand innen (und schlechter) erhält der Fuhrparkmanager eine Mail. Standard: verschmutzt.',
      en: 'From this interior cleaning state (and worse) the fleet manager gets a mail. Default: verschmutzt.',
    },
  },
  {
    name: 'FahrzeugReinigungsschwelleAussen',
    label: { de: 'Meldeschwelle außen', en: 'Report threshold outside' },
    group: 'reinigung',
    feature: 'FahrzeugBuchung',
    typ: 'string',
    default: 'stark verschmutzt',
    levels: TENANT,
    userEditable: false,
    description: {
      de: 'Ab diesem Reinigungszustand außen (und schlechter) erhält der Fuhrparkmanager eine Mail. Standard: stark verschmutzt.',
      en: 'From this exterior cleaning state (and worse) the fleet manager gets a mail. Default: stark verschmutzt.',
    },
  },
  {
    name: 'FahrzeugErinnerungFehlenderCheckOutMinuten',
    label: { de: 'Erinnerung bei fehlendem Check-out nach', en: 'Reminder on missing check-out after' },
    group: 'erinnerungen',
    feature: 'FahrzeugBuchung',
    typ: 'number',
    default: '30',
    unit: 'minuten',
    levels: TENANT,
    userEditable: false,
    min: 0,
    max: 10080,
    description: {
      de: 'Fehlt der Check-out so viele Minuten nach Buchungsende, wird der Buchende erinnert. Standard: 30.',
      en: 'When check-out is missing this many minutes after the end, the booker is reminded. Default: 30.',
    },
  },
  {
    name: 'FahrzeugEskalationFehlenderCheckOutMinuten',
    label: {
      de: 'Fuhrparkmanager informieren bei fehlendem Check-out nach',
      en: 'Tell the fleet manager about a missing check-out after',
    },
    group: 'erinnerungen',
    feature: 'FahrzeugBuchung',
    typ: 'number',
    default: '120',
    unit: 'minuten',
    levels: TENANT,
    userEditable: false,
    min: 0,
    max: 10080,
    description: {
      de: 'Fehlt der Check-out so viele Minuten nach Buchungsende, wird der Fuhrparkmanager informiert. Standard: 120.',
      en: 'When check-out is missing this many minutes after the end, the fleet manager is told. Default: 120.',
    },
  },
  {
    name: 'FahrzeugPflegehinweisZeit',
    label: { de: 'Uhrzeit des Pflegehinweises', en: 'Time of the care notice' },
    group: 'erinnerungen',
    feature: 'FahrzeugBuchung',
    typ: 'time',
    default: '08:00',
    levels: TENANT,
    userEditable: false,
    description: {
      de: 'Uhrzeit des täglichen Pflegehinweises (fehlende Check-outs) an die Fahrzeugbetreuer. Standard: 08:00.',
      en: 'Time of the daily care notice (missing check-outs) to vehicle caretakers. Default: 08:00.',
    },
  },
  {
    name: 'FahrzeugInfoFehlenderVorCheckOutMinuten',
    label: {
      de: 'Hinweis auf fehlenden Check-out der Vorbuchung',
      en: "Notice of the previous booking's missing check-out",
    },
    group: 'erinnerungen',
    feature: 'FahrzeugBuchung',
    typ: 'number',
    default: '60',
    unit: 'minuten',
    levels: TENANT,
    userEditable: false,
    min: 0,
    max: 10080,
    description: {
      de: 'So viele Minuten vor Buchungsbeginn wird der Buchende informiert, wenn die vorige Buchung nicht ausgecheckt ist. Standard: 60.',
      en: 'This many minutes before the start the booker is told when the previous booking is not checked out. Default: 60.',
    },
  },
  {
    name: 'FahrzeugReportMailAdressen',
    label: { de: 'Empfänger des Fahrtenbuch-Reports', en: 'Logbook report recipients' },
    group: 'reports',
    feature: 'FahrzeugBuchung',
    typ: 'array',
    itemTyp: 'email',
    default: '[]',
    levels: TENANT,
    userEditable: false,
    description: {
      de: 'Empfänger des Fahrtenbuch-Reports des Mandanten. Standard: keine.',
      en: 'Recipients of the tenant logbook report. Default: none.',
    },
  },
  {
    name: 'FahrzeugReportIntervallMonate',
    label: { de: 'Rhythmus des Fahrtenbuch-Reports', en: 'Logbook report rhythm' },
    group: 'reports',
    feature: 'FahrzeugBuchung',
    typ: 'number',
    default: '1',
    unit: 'monate',
    levels: TENANT,
    userEditable: false,
    min: 1,
    max: 12,
    allowedNumbers: Object.values(REPORT_RHYTHMUS_MONATE),
    description: {
      de: 'Wie oft der Fahrtenbuch-Report des Mandanten verschickt wird: monatlich, quartalsweise, halbjährlich oder jährlich (gespeichert in Monaten: 1, 3, 6, 12). Standard: monatlich.',
      en: 'How often the tenant logbook report is sent: monthly, quarterly, semi-annually or annually (stored in months: 1, 3, 6, 12). Default: monthly.',
    },
  },
  {
    name: 'FahrzeugFuehrerscheinPruefungIntervallMonate',
    label: { de: 'Prüfintervall', en: 'Check interval' },
    group: 'fuehrerscheine',
    feature: 'FahrzeugBuchung',
    typ: 'number',
    default: '6',
    unit: 'monate',
    levels: TENANT,
    userEditable: false,
    min: 1,
    max: 120,
    description: {
      de: 'Höchster Abstand zwischen zwei Führerscheinprüfungen in Monaten (nächste Prüfung = letzte + Intervall). Standard: 6.',
      en: 'Maximum interval between two licence checks in months (next check = last + interval). Default: 6.',
    },
  },
  {
    name: 'FahrzeugFuehrerscheinErinnerungVorlaufTage',
    label: { de: 'Erinnerung vor der Prüfung', en: 'Reminder before the check' },
    group: 'fuehrerscheine',
    feature: 'FahrzeugBuchung',
    typ: 'number',
    default: '14',
    unit: 'tage',
    levels: TENANT,
    userEditable: false,
    min: 0,
    max: 365,
    description: {
      de: 'So viele Tage vor der nächsten Führerscheinprüfung wird erinnert. Standard: 14.',
      en: 'Reminder this many days before the next licence check. Default: 14.',
    },
  },
  {
    name: 'FahrzeugFuehrerscheinPruefmethoden',
    label: { de: 'Weitere Prüfmethoden', en: 'Further check methods' },
    group: 'fuehrerscheine',
    feature: 'FahrzeugBuchung',
    typ: 'array',
    itemTyp: 'string',
    default: '[]',
    levels: TENANT,
    userEditable: false,
    description: {
      de: 'Prüfmethoden neben „Original persönlich vorgelegt“, z. B. „Videoprüfung“. Standard: keine.',
      en: 'Check methods besides "original seen in person", e.g. "video check". Default: none.',
    },
  },
  {
    name: 'FahrzeugPruefungErinnerungVorlaufTage',
    label: { de: 'Erinnerung vor HU und UVV-Prüfung', en: 'Reminder before HU and UVV inspection' },
    group: 'erinnerungen',
    feature: 'FahrzeugBuchung',
    typ: 'number',
    default: '30',
    unit: 'tage',
    levels: TENANT,
    userEditable: false,
    min: 0,
    max: 365,
    description: {
      de: 'So viele Tage vor der Hauptuntersuchung (HU) und der UVV-Prüfung eines Fahrzeugs wird der Fuhrpark erinnert. Standard: 30.',
      en: "The fleet managers are reminded this many days before a vehicle's general inspection (HU) and UVV inspection. Default: 30.",
    },
  },
  {
    name: 'FahrzeugUvvUeberfaellig',
    label: { de: 'Überfällige UVV-Prüfung', en: 'Overdue UVV inspection' },
    group: 'buchungsregeln',
    feature: 'FahrzeugBuchung',
    typ: 'string',
    default: 'warnen',
    levels: TENANT,
    userEditable: false,
    allowedValues: ['warnen', 'sperren'],
    description: {
      de: 'Ist die UVV-Prüfung (DGUV Vorschrift 70) eines Fahrzeugs überfällig, wird beim Buchen gewarnt (warnen) oder die Buchung abgelehnt (sperren). Standard: warnen.',
      en: "When a vehicle's UVV inspection (DGUV Vorschrift 70) is overdue, booking warns (warnen) or is refused (sperren). Default: warnen.",
    },
  },
  {
    name: 'FahrzeugHuUeberfaellig',
    label: { de: 'Überfällige Hauptuntersuchung (HU)', en: 'Overdue general inspection (HU)' },
    group: 'buchungsregeln',
    feature: 'FahrzeugBuchung',
    typ: 'string',
    default: 'warnen',
    levels: TENANT,
    userEditable: false,
    allowedValues: ['warnen', 'sperren'],
    description: {
      de: 'Ist die Hauptuntersuchung (HU) eines Fahrzeugs überfällig, wird beim Buchen gewarnt (warnen) oder die Buchung abgelehnt (sperren). Standard: warnen.',
      en: "When a vehicle's general inspection (HU) is overdue, booking warns (warnen) or is refused (sperren). Default: warnen.",
    },
  },
  {
    name: 'FahrzeugAufbewahrungJahre',
    label: { de: 'Aufbewahrung von Fahrten und Historie', en: 'Retention of trips and history' },
    group: 'allgemein',
    feature: 'FahrzeugBuchung',
    typ: 'number',
    default: '10',
    levels: TENANT,
    userEditable: false,
    min: 10,
    max: 50,
    description: {
      de: 'So viele Jahre nach Ende des Kalenderjahres der Fahrt bleiben Fahrten, Fahrtenbuch und Historie mindestens erhalten; sie werden nie mit einem Fahrzeug gelöscht. Danach werden sie gelöscht: ab dem 1. Januar des folgenden Jahres entfernt ein täglicher Lauf Fahrten, Fahrtenbuch, Historie, Serviceheft, Belege und behobene Schäden (offene Schäden bleiben). Standard: 10.',
      en: "Trips, logbook and history are kept at least this many years after the end of the trip's calendar year; they are never deleted with a vehicle. After that they are deleted: from 1 January of the following year a daily run removes trips, logbook, history, service book, receipts and repaired damages (open damages stay). Default: 10.",
    },
  },
  {
    name: 'AuslastungMindestPersonen',
    label: { de: 'Mindestzahl Personen je Zelle', en: 'Minimum people per cell' },
    group: 'auslastung',
    feature: 'Systemeinstellungen',
    typ: 'number',
    default: '5',
    levels: TENANT,
    userEditable: false,
    min: 2,
    max: 100,
    description: {
      de: 'Die Büroauslastung zeigt eine Zahl je Lokation, Grundriss, Raumart, Kategorie oder Fahrzeug nur, wenn mindestens so viele verschiedene Personen dahinter stehen; kleinere Zellen werden zu „Sonstige“ zusammengefasst oder ausgeblendet (Betriebsrat, § 87 Abs. 1 Nr. 6 BetrVG). Standard: 5.',
      en: 'The office utilisation shows a figure per location, floor plan, room type, category or vehicle only when at least this many different people stand behind it; smaller cells are merged into "Other" or hidden (works council, section 87 (1) no. 6 BetrVG). Default: 5.',
    },
  },
  {
    name: 'DatenschutzAnonymisierungTage',
    label: {
      de: 'Anonymisierung vergangener Buchungen nach Tagen',
      en: 'Anonymise past bookings after days',
    },
    group: 'datenschutz',
    feature: 'Systemeinstellungen',
    typ: 'number',
    default: '90',
    unit: 'tage',
    levels: TENANT,
    userEditable: false,
    min: 7,
    max: 3650,
    description: {
      de: 'So viele Tage nach ihrem Ende verlieren Raum- und Fahrzeugbuchungen (mit Vormerkungen und Check-ins) ihren Personenbezug; Auswertungen bleiben gleich. Das Fahrtenbuch ist ausgenommen (§ 147 AO). Standard: 90.',
      en: 'This many days after their end, room and vehicle bookings (with holds and check-ins) lose their personal references; statistics stay the same. The logbook is exempt (section 147 AO). Default: 90.',
    },
  },
  {
    name: 'AuslastungSchwelleFahrzeugProzent',
    label: { de: 'Schwelle für wenig genutzte Fahrzeuge', en: 'Threshold for little-used vehicles' },
    group: 'auslastung',
    feature: 'FahrzeugBuchung',
    typ: 'number',
    default: '20',
    unit: 'prozent',
    levels: TENANT,
    userEditable: false,
    min: 0,
    max: 100,
    description: {
      de: 'Fahrzeuge, deren gebuchte Auslastung in den letzten 90 Tagen darunter liegt, empfiehlt die Büroauslastung zur Prüfung (könnten abgegeben werden). Standard: 20.',
      en: 'Vehicles whose booked utilisation over the last 90 days is below this are recommended for review by the office utilisation (could be given up). Default: 20.',
    },
  },
  mailFlag('FahrzeugMailBuchungSenden', 'Buchungsbestätigung', 'booking confirmation'),
  mailFlag('FahrzeugMailAenderungSenden', 'Buchung geändert', 'booking changed'),
  mailFlag('FahrzeugMailStornoSenden', 'Stornierung', 'cancellation'),
  mailFlag('FahrzeugMailSonderfreigabeSenden', 'Sonderfreigabe', 'special approval'),
  mailFlag('FahrzeugMailErinnerungSenden', 'Erinnerung vor Fahrtbeginn', 'reminder before the trip'),
  mailFlag('FahrzeugMailCheckOutErinnerungSenden', 'fehlender Check-out', 'missing check-out'),
  mailFlag('FahrzeugMailSchadenSenden', 'Schadensmeldung', 'damage report'),
  mailFlag('FahrzeugMailVerschmutzungSenden', 'Verschmutzung', 'dirt report'),
  mailFlag('FahrzeugMailFuehrerscheinSenden', 'Führerscheinprüfung', 'licence check'),
  mailFlag('FahrzeugMailReportSenden', 'Fahrtenbuch-Report', 'logbook report'),
  mailFlag('FahrzeugMailVorCheckOutSenden', 'Vorbuchung nicht ausgecheckt', 'previous trip not checked out'),
  mailFlag('FahrzeugMailPflegehinweisSenden', 'Pflegehinweis', 'care notice'),
  mailFlag('FahrzeugMailPruefungSenden', 'HU- und UVV-Erinnerung', 'HU and UVV reminder'),
]);

/** The name of a catalogue option: a misspelt name does not compile. */
export type OptionName = (typeof CUSTOMIZING_OPTIONS)[number]['name'];

const OPTIONS_BY_NAME: ReadonlyMap<string, CustomizingOption> = new Map(
  CUSTOMIZING_OPTIONS.map((o) => [o.name, o]),
);

export const CUSTOMIZING_OPTION_NAMES: readonly OptionName[] = CUSTOMIZING_OPTIONS.map((o) => o.name);

export const isOptionName = (name: string): name is OptionName => OPTIONS_BY_NAME.has(name);

/** The option called `name`; throws 'keine CustomizingOption zu {name} gefunden!' when there is none. */
export const findOption = (name: string): CustomizingOption => {
  const option = OPTIONS_BY_NAME.get(name);
  if (!option) throw new DomainError('customizing.option_not_found', { name: name.slice(0, 100) });
  return option;
};

/** Whether the option may be written at `level`. */
export const canSetAtLevel = (option: CustomizingOption, level: CustomizingLevel): boolean =>
  option.levels.includes(level);

/** Throws 'customizing.level_not_allowed' when the option may not be written at `level`. */
export const assertLevel = (option: CustomizingOption, level: CustomizingLevel): void => {
  if (!canSetAtLevel(option, level))
    throw new DomainError('customizing.level_not_allowed', { name: option.name, schicht: level });
};

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const shown = (value: unknown): string => {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
};

const checkNumber = (option: CustomizingOption, n: number): number => {
  if (!Number.isInteger(n)) throw new DomainError('customizing.not_an_integer', { name: option.name });
  if (option.allowedNumbers && !option.allowedNumbers.includes(n))
    throw new DomainError('customizing.value_not_allowed', { name: option.name, wert: String(n) });
  if ((option.min !== undefined && n < option.min) || (option.max !== undefined && n > option.max))
    throw new DomainError('customizing.out_of_range', {
      name: option.name,
      min: option.min ?? Number.MIN_SAFE_INTEGER,
      max: option.max ?? Number.MAX_SAFE_INTEGER,
    });
  return n === 0 ? 0 : n; // no -0
};

/** An option whose values are the spec's weekday names (`sonntags` … `samstags`, and '' for none). */
const isWochentagOption = (option: CustomizingOption): boolean =>
  !!option.allowedValues?.includes(WOCHENTAG_NAMEN[1]);

const checkString = (option: CustomizingOption, s: string): string => {
  if (s.length > MAX_STRING_LENGTH)
    throw new DomainError('customizing.value_too_long', { name: option.name, max: MAX_STRING_LENGTH });
  // 'Montag', 'Mo' or 'monday' are read as 'montags'; an unknown name is refused with the names
  if (isWochentagOption(option) && s.trim() !== '') {
    const name = wochentagNameAus(s);
    if (!name)
      throw new DomainError('customizing.wochentag_unbekannt', {
        name: option.name,
        wert: shown(s),
        liste: WOCHENTAG_NAMEN.join(', '),
      });
    return name;
  }
  if (option.allowedValues && !option.allowedValues.includes(s))
    throw new DomainError('customizing.value_not_allowed', { name: option.name, wert: shown(s) });
  return s;
};

const checkItem = (option: CustomizingOption, item: unknown): unknown => {
  switch (option.itemTyp) {
    case 'number':
      if (typeof item !== 'number' || !Number.isFinite(item))
        throw new DomainError('customizing.value_not_allowed', { name: option.name, wert: shown(item) });
      return checkNumber(option, item);
    case 'string':
      if (typeof item !== 'string')
        throw new DomainError('customizing.value_not_allowed', { name: option.name, wert: shown(item) });
      return checkString(option, item);
    case 'email':
      if (typeof item !== 'string' || !EMAIL_PATTERN.test(item) || item.length > 254)
        throw new DomainError('customizing.value_not_allowed', { name: option.name, wert: shown(item) });
      return item;
    default:
      return item;
  }
};

/**
 * The stored form (`customizing.wert`) of an API value, validated by the option's type (spec §5):
 * number must be a number ('Wert zum mappen muss vom Typ number sein!'), boolean a boolean, string a
 * string, time an `HH:mm` string ('Zeit zum setzen ist kein valider String.'); arrays are stored as JSON.
 */
export const toStoredValue = (option: CustomizingOption, raw: unknown): string => {
  switch (option.typ) {
    case 'number':
      if (typeof raw !== 'number' || !Number.isFinite(raw)) throw new DomainError('customizing.not_a_number');
      return String(checkNumber(option, raw));
    case 'boolean':
      if (typeof raw !== 'boolean') throw new DomainError('customizing.not_a_boolean');
      return raw ? 'true' : 'false';
    case 'string':
      if (typeof raw !== 'string') throw new DomainError('customizing.not_a_string');
      return checkString(option, raw);
    case 'time':
      if (!isValidTime(raw)) throw new DomainError('zeit.ungueltig');
      return raw;
    case 'array': {
      if (!Array.isArray(raw)) throw new DomainError('customizing.not_an_array');
      if (raw.length > MAX_ARRAY_ITEMS)
        throw new DomainError('customizing.value_too_long', { name: option.name, max: MAX_ARRAY_ITEMS });
      return JSON.stringify(raw.map((item) => checkItem(option, item)));
    }
  }
};

/**
 * The API value of a stored `wert`. Booleans read as true for 'true' or '1' (spec §5), false otherwise.
 * A stored number that is not a number, a stored time that is not `HH:mm` and stored JSON that is not
 * an array of strings, numbers and booleans throw; `resolveSettings` skips such rows.
 */
export const fromStoredValue = (option: CustomizingOption, wert: string): CustomizingValue => {
  switch (option.typ) {
    case 'number': {
      const n = wert.trim() === '' ? Number.NaN : Number(wert);
      if (!Number.isFinite(n)) throw new DomainError('customizing.not_a_number');
      return n;
    }
    case 'boolean':
      return wert === 'true' || wert === '1';
    case 'string':
      return wert;
    case 'time':
      if (!isValidTime(wert)) throw new DomainError('zeit.ungueltig');
      return wert;
    case 'array': {
      let parsed: unknown;
      try {
        parsed = JSON.parse(wert);
      } catch {
        throw new DomainError('customizing.not_an_array');
      }
      if (!Array.isArray(parsed) || !parsed.every(isItem)) throw new DomainError('customizing.not_an_array');
      return parsed;
    }
  }
};

const isItem = (item: unknown): item is CustomizingItem =>
  typeof item === 'string' ||
  typeof item === 'boolean' ||
  (typeof item === 'number' && Number.isFinite(item));

const tryFromStoredValue = (
  option: CustomizingOption,
  wert: string | undefined,
): CustomizingValue | undefined => {
  if (wert === undefined) return undefined;
  try {
    const value = fromStoredValue(option, wert);
    toStoredValue(option, value); // only values a write would accept count (type, bounds, allowed values, lengths)
    return value;
  } catch {
    return undefined;
  }
};

export type ResolvedSetting = { value: CustomizingValue; source: SettingSource };
export type ResolvedSettings = Partial<Record<OptionName, ResolvedSetting>>;

/** A user's stored values (option name → stored text) by level: the tenant's, each group's in order, their own. */
export type SettingLevels = {
  tenant: Readonly<Record<string, string>>;
  groups: readonly Readonly<Record<string, string>>[];
  user: Readonly<Record<string, string>>;
};

const own = (record: Readonly<Record<string, string>>, name: string): string | undefined =>
  Object.hasOwn(record, name) ? record[name] : undefined;

/**
 * The effective value of every catalogue option: user level first, then group, then tenant, then the
 * default (spec §6). A level counts only where the option may be set (`levels`), so a user row can never
 * override a tenant-only vehicle rule. Stored values that are unreadable or that `toStoredValue` would
 * refuse (wrong type, out of bounds, not allowed, too long) are skipped. Among groups the first in
 * `groups` that sets the option wins (see the file comment).
 */
export const resolveSettings = ({ tenant, groups, user }: SettingLevels): ResolvedSettings => {
  const resolved: ResolvedSettings = {};
  for (const option of CUSTOMIZING_OPTIONS) {
    const candidates: [SettingSource, string | undefined][] = [];
    if (canSetAtLevel(option, 'benutzer')) candidates.push(['benutzer', own(user, option.name)]);
    if (canSetAtLevel(option, 'gruppe'))
      for (const g of groups) candidates.push(['gruppe', own(g, option.name)]);
    if (canSetAtLevel(option, 'mandant')) candidates.push(['mandant', own(tenant, option.name)]);
    let setting: ResolvedSetting | undefined;
    for (const [source, wert] of candidates) {
      const value = tryFromStoredValue(option, wert);
      if (value !== undefined) {
        setting = { value, source };
        break;
      }
    }
    resolved[option.name] = setting ?? { value: fromStoredValue(option, option.default), source: 'default' };
  }
  return resolved;
};

/** What the tenant and the user's groups set for one option, shown beside the user's own value (R295). */
export type EbenenWerte = {
  /** The tenant's value; null where it sets none (or may not). */
  mandant: CustomizingValue | null;
  /** The value of the first of the user's groups that sets one (the group that wins), with its name. */
  gruppe: { name: string; value: CustomizingValue } | null;
};

/**
 * The tenant's and the winning group's value of `option` (R295: a user's settings answer shows them beside the
 * user's own). `groups` in precedence order, as `resolveSettings` takes them; levels the option may not be set at
 * and unreadable values count as not set, as there.
 */
export const ebenenWerte = ({
  option,
  tenant,
  groups,
}: {
  option: CustomizingOption;
  tenant: Readonly<Record<string, string>>;
  groups: readonly { name: string; values: Readonly<Record<string, string>> }[];
}): EbenenWerte => {
  const mandant = canSetAtLevel(option, 'mandant')
    ? tryFromStoredValue(option, own(tenant, option.name))
    : undefined;
  let gruppe: EbenenWerte['gruppe'] = null;
  if (canSetAtLevel(option, 'gruppe'))
    for (const g of groups) {
      const value = tryFromStoredValue(option, own(g.values, option.name));
      if (value !== undefined) {
        gruppe = { name: g.name, value };
        break;
      }
    }
  return { mandant: mandant ?? null, gruppe };
};

/** The strings of a stored list value; [] when it is not a JSON array (unreadable values count as not set). */
export const leseListe = (wert: string | undefined): string[] => {
  if (wert === undefined) return [];
  try {
    const parsed: unknown = JSON.parse(wert);
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
};

/**
 * A list option whose entries add up over the levels instead of overriding each other (the favourite vehicles:
 * the user's own and those the tenant marks for everyone, decision 073). Group levels do not hold such lists.
 */
export const addierteListe = (
  { tenant, user }: { tenant: Readonly<Record<string, string>>; user: Readonly<Record<string, string>> },
  name: string,
): string[] => [...new Set([...leseListe(own(user, name)), ...leseListe(own(tenant, name))])];

/** An unchanged value is not saved (spec §5): true when the stored value already equals the new one. */
export const isUnchanged = (previousStored: string | undefined, nextStored: string): boolean =>
  previousStored !== undefined && previousStored === nextStored;

/** The default value of the catalogue option `name` (throws for an unknown name). */
export const defaultValueOf = (name: OptionName): CustomizingValue => {
  const option = findOption(name);
  return fromStoredValue(option, option.default);
};

/** The resolved number setting `name`; throws when the catalogue option is not a number. */
export const numberSetting = (settings: ResolvedSettings, name: OptionName): number => {
  const value = settings[name]?.value ?? defaultValueOf(name);
  if (typeof value !== 'number') throw new DomainError('customizing.not_a_number');
  return value;
};

/** The resolved boolean setting `name`. */
export const booleanSetting = (settings: ResolvedSettings, name: OptionName): boolean => {
  const value = settings[name]?.value ?? defaultValueOf(name);
  if (typeof value !== 'boolean') throw new DomainError('customizing.not_a_boolean');
  return value;
};

/** The resolved string or time setting `name`. */
export const stringSetting = (settings: ResolvedSettings, name: OptionName): string => {
  const value = settings[name]?.value ?? defaultValueOf(name);
  if (typeof value !== 'string') throw new DomainError('customizing.not_a_string');
  return value;
};

/** The resolved list setting `name`. */
export const arraySetting = (settings: ResolvedSettings, name: OptionName): CustomizingItem[] => {
  const value = settings[name]?.value ?? defaultValueOf(name);
  if (!Array.isArray(value)) throw new DomainError('customizing.not_an_array');
  return value;
};

// --- time spans (spec §9 "Settings time units: minutes, hours, days") ---------------------------------

/** The units a time span is entered in, smallest first, with their length in minutes. */
export const TIME_SPAN_UNITS = ['minuten', 'stunden', 'tage'] as const;
export type TimeSpanUnit = (typeof TIME_SPAN_UNITS)[number];
const MINUTES_PER: Record<TimeSpanUnit, number> = { minuten: 1, stunden: 60, tage: 1440 };

const isTimeSpanUnit = (unit: string | null | undefined): unit is TimeSpanUnit =>
  (TIME_SPAN_UNITS as readonly string[]).includes(unit ?? '');

/**
 * The units an option's value may be entered in: a time span stored in minutes offers minutes, hours and
 * days; one stored in hours offers hours and days; one stored in days only days (a unit smaller than the
 * stored one could not be kept without rounding). Every value is stored in the option's one unit (`unit`).
 * Other options (counts, weeks, months, percent) have no choice: [].
 */
export const timeSpanUnitChoices = (storedUnit: string | null | undefined): TimeSpanUnit[] => {
  if (!isTimeSpanUnit(storedUnit)) return [];
  const choices = TIME_SPAN_UNITS.filter((u) => MINUTES_PER[u] >= MINUTES_PER[storedUnit]);
  return choices.length > 1 ? choices : [];
};

/**
 * An amount entered in `unit` as the stored amount in `storedUnit` (2 hours → 120 for a minute option).
 * Throws 'customizing.not_an_integer' when it is not a whole number of the stored unit.
 */
export const toStoredAmount = (
  amount: number,
  unit: TimeSpanUnit,
  storedUnit: TimeSpanUnit,
  name = '',
): number => {
  const stored = (amount * MINUTES_PER[unit]) / MINUTES_PER[storedUnit];
  if (!Number.isInteger(stored)) throw new DomainError('customizing.not_an_integer', { name });
  return stored;
};

/**
 * How a stored amount reads best: in the largest offered unit that divides it (120 minutes → 2 hours,
 * 90 minutes → 90 minutes, 2880 minutes → 2 days; 0 stays in the stored unit).
 */
export const fromStoredAmount = (
  stored: number,
  storedUnit: TimeSpanUnit,
): { amount: number; unit: TimeSpanUnit } => {
  const choices = timeSpanUnitChoices(storedUnit);
  if (stored !== 0)
    for (const unit of [...choices].reverse()) {
      const amount = (stored * MINUTES_PER[storedUnit]) / MINUTES_PER[unit];
      if (Number.isInteger(amount)) return { amount, unit };
    }
  return { amount: stored, unit: storedUnit };
};
