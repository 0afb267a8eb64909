/**
 * The general settings options (Systemeinstellungen, Einstellungen): language, start page, booking window, two-step sign-in and the personal notifications.
 */
import { ALL, katalog, notificationToggle, TENANT } from './customizing-option.ts';

export const ALLGEMEINE_OPTIONEN = katalog([
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
]);
