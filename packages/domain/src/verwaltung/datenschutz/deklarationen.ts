/**
 * What the product stores about people, and why (decision 200): one declaration per data category and one per
 * metric. The single source of the self-service export's sections, the works-council data sheet and the record
 * of processing activities (Art. 30 GDPR); a unit test fails when a table with personal references has none.
 */
import { ANONYMISIERUNG_TAGE_STANDARD } from './anonymisierung.ts';

export type Zweisprachig = { de: string; en: string };

export type Rechtsgrundlage =
  | 'vertrag' // Art. 6 (1) b GDPR, § 26 BDSG: carrying out the employment
  | 'rechtspflicht' // Art. 6 (1) c GDPR: a legal obligation (tax law, § 147 AO)
  | 'berechtigtes_interesse'; // Art. 6 (1) f GDPR

export const RECHTSGRUNDLAGEN: Record<Rechtsgrundlage, Zweisprachig> = {
  vertrag: {
    de: 'Art. 6 Abs. 1 lit. b DSGVO, § 26 BDSG (Durchführung des Beschäftigungsverhältnisses)',
    en: 'Art. 6 (1) b GDPR, section 26 BDSG (carrying out the employment)',
  },
  rechtspflicht: {
    de: 'Art. 6 Abs. 1 lit. c DSGVO mit § 147 AO, R 8.1 Abs. 9 LStR (steuerliche Aufzeichnungspflicht)',
    en: 'Art. 6 (1) c GDPR with section 147 AO, R 8.1 (9) LStR (tax record-keeping obligation)',
  },
  berechtigtes_interesse: {
    de: 'Art. 6 Abs. 1 lit. f DSGVO (Sicherheit des Betriebs, Nachvollziehbarkeit von Änderungen)',
    en: 'Art. 6 (1) f GDPR (secure operation, traceability of changes)',
  },
};

/** Roles as the declarations name them (permissions of `permissions.ts` in words). */
const SELBST = { de: 'die Person selbst', en: 'the person themself' };
const ADMIN = { de: 'Administration (Recht „Benutzer“)', en: 'administrators (users right)' };

export type Datenkategorie = {
  id: string;
  /** the module that owns (and alone writes) the tables */
  modul: string;
  /** the tables that hold the category; every table with a personal reference is in one declaration */
  tabellen: readonly string[];
  titel: Zweisprachig;
  /** what is stored */
  daten: Zweisprachig;
  zweck: Zweisprachig;
  rechtsgrundlage: Rechtsgrundlage;
  /** who receives the data outside the tenant's own staff; none leaves the server unless named */
  empfaenger: Zweisprachig;
  /** how long it is kept, with the setting that decides it */
  aufbewahrung: Zweisprachig;
  sichtbarFuer: Zweisprachig;
  /** what deleting the user does to it */
  beiLoeschung: 'geloescht' | 'anonymisiert' | 'behalten';
  /** why it is kept when `beiLoeschung` is 'behalten' */
  behaltenWeil?: Zweisprachig;
};

const INTERN = { de: 'keine (nur im Mandanten)', en: 'none (inside the tenant only)' };
const ANON = {
  de: `Personenbezug ${ANONYMISIERUNG_TAGE_STANDARD} Tage nach dem Ende entfernt (Einstellung „Anonymisierung vergangener Buchungen nach Tagen“)`,
  en: `personal references removed ${ANONYMISIERUNG_TAGE_STANDARD} days after the end (setting "Anonymise past bookings after days")`,
};

export const DATENKATEGORIEN: readonly Datenkategorie[] = [
  {
    id: 'konto',
    modul: 'identitaet',
    tabellen: [
      'benutzer',
      'user',
      'account',
      'session',
      'passkey',
      'two_factor',
      'telefon_faktor',
      'verification',
      'zugriffstoken',
    ],
    titel: { de: 'Benutzerkonto und Anmeldung', en: 'User account and sign-in' },
    daten: {
      de: 'Vorname, Nachname, E-Mail-Adresse, Benutzername, Sprache, Anmeldeverfahren (Passkeys, zweiter Faktor, Telefonnummer), Sitzungen mit IP-Adresse und Browser, persönliche Zugriffstoken für KI-Clients (nur als Prüfsumme)',
      en: 'first name, last name, e-mail address, user name, language, sign-in methods (passkeys, second factor, phone number), sessions with IP address and browser, personal access tokens for AI clients (only as a hash)',
    },
    zweck: { de: 'Anmeldung und Zuordnung von Buchungen', en: 'signing in and assigning bookings' },
    rechtsgrundlage: 'vertrag',
    empfaenger: {
      de: 'SMS-Dienst für Anmeldecodes (wenn eingerichtet)',
      en: 'SMS service for sign-in codes (when set up)',
    },
    aufbewahrung: {
      de: 'bis zur Löschung des Kontos; Sitzungen bis zu ihrem Ablauf',
      en: 'until the account is deleted; sessions until they expire',
    },
    sichtbarFuer: { de: `${SELBST.de}, ${ADMIN.de}`, en: `${SELBST.en}, ${ADMIN.en}` },
    beiLoeschung: 'geloescht',
  },
  {
    id: 'berechtigungen',
    modul: 'identitaet',
    tabellen: [
      'benutzer_gruppe',
      'benutzer_rolle',
      'benutzer_permission',
      'scim_geloescht',
      'sms_ausgang',
      'sso_provider',
    ],
    titel: { de: 'Gruppen, Rollen und Rechte', en: 'Groups, roles and permissions' },
    daten: {
      de: 'Mitgliedschaften in Gruppen und Rollen, einzelne Rechte, Herkunft aus dem Verzeichnis (SCIM, SSO), versandte Anmelde-SMS',
      en: 'memberships in groups and roles, single permissions, origin in the directory (SCIM, SSO), sent sign-in texts',
    },
    zweck: { de: 'Zugriffssteuerung', en: 'access control' },
    rechtsgrundlage: 'vertrag',
    empfaenger: INTERN,
    aufbewahrung: { de: 'bis zur Löschung des Kontos', en: 'until the account is deleted' },
    sichtbarFuer: { de: `${SELBST.de}, ${ADMIN.de}`, en: `${SELBST.en}, ${ADMIN.en}` },
    beiLoeschung: 'geloescht',
  },
  {
    id: 'einstellungen',
    modul: 'verwaltung',
    tabellen: ['customizing', 'kalender_abo', 'push_abo', 'push_ausgang'],
    titel: {
      de: 'Persönliche Einstellungen, Kalender-Abo und Push-Geräte',
      en: 'Personal settings, calendar subscription and push devices',
    },
    daten: {
      de: 'eigene Einstellungen (z. B. Lieblingsräume, Sprache), Kalender-Abo (nur als Prüfsumme des Links), für Push-Benachrichtigungen angemeldete Geräte (Adresse beim Push-Dienst des Browsers, Schlüssel, gewählte Arten) und noch nicht gesendete Push-Nachrichten',
      en: "own settings (e.g. favourite rooms, language), calendar subscription (only as a hash of the link), devices registered for push notifications (address at the browser's push service, keys, chosen kinds) and push messages not yet sent",
    },
    zweck: { de: 'Bedienung nach eigenem Wunsch', en: 'working as the person prefers' },
    rechtsgrundlage: 'vertrag',
    empfaenger: {
      de: 'Push-Dienst des Browsers des angemeldeten Geräts (nur verschlüsselte Nachrichten)',
      en: "the push service of the registered device's browser (encrypted messages only)",
    },
    aufbewahrung: {
      de: 'bis zur Löschung des Kontos; ein Gerät bis zur Abmeldung oder bis der Push-Dienst es nicht mehr kennt',
      en: 'until the account is deleted; a device until it is unsubscribed or its push service no longer knows it',
    },
    sichtbarFuer: { de: SELBST.de, en: SELBST.en },
    beiLoeschung: 'geloescht',
  },
  {
    id: 'leseraum_buchungen',
    modul: 'leseraum',
    tabellen: ['leseraum_buchung'],
    titel: { de: 'Buchungen von Leseräumen und Arbeitsplätzen', en: 'Reading-room and workspace bookings' },
    daten: {
      de: 'Raum, Beginn, Ende, Status, Vormerkung, Check-in, Gruppengröße, E-Mail-Adresse der buchenden und der bestätigenden Person',
      en: 'room, start, end, status, hold, check-in, group size, e-mail address of the booking and the confirming person',
    },
    zweck: {
      de: 'Raumvergabe, Check-in, Freigabe ungenutzter Plätze',
      en: 'allocating rooms, check-in, releasing unused places',
    },
    rechtsgrundlage: 'vertrag',
    empfaenger: {
      de: 'Kalender der Person (Einladung, Abo)',
      en: "the person's calendar (invitation, subscription)",
    },
    aufbewahrung: ANON,
    sichtbarFuer: {
      de: `${SELBST.de}; Raumpersonal für die Räume, die es betreut`,
      en: `${SELBST.en}; room staff for the rooms they keep`,
    },
    beiLoeschung: 'anonymisiert',
  },
  {
    id: 'spind_buchungen',
    modul: 'leseraum/spind',
    tabellen: ['spind_buchung'],
    titel: { de: 'Spindbuchungen', en: 'Locker bookings' },
    daten: {
      de: 'Spind, Beginn, Ende, Art (Tag, gekoppelt, dauerhaft), PIN (nur für die Person am Tag der Buchung), Leerung bestätigt',
      en: 'locker, start, end, kind (day, coupled, permanent), PIN (only for the person on the day of the booking), emptying confirmed',
    },
    zweck: {
      de: 'Vergabe von Tages- und Dauerspinden, Leerung am Ende des Tages',
      en: 'allocating day and permanent lockers, emptying at the end of the day',
    },
    rechtsgrundlage: 'vertrag',
    empfaenger: INTERN,
    aufbewahrung: {
      de: 'bis zur Löschung des Kontos; die Anonymisierung nach Tagen erfasst Spinde noch nicht. Bei der Löschung wird gelöscht, was nicht mehr geleert werden muss; ein Spind, dessen Leerung aussteht, bleibt ohne Person und PIN auf der Räumliste, bis das Facility-Personal ihn räumt',
      en: 'until the account is deleted; the anonymisation after days does not cover lockers yet. Erasure deletes what needs no emptying; a locker still to be emptied stays on the clearing list without the person and the PIN until facility staff clear it',
    },
    sichtbarFuer: {
      de: `${SELBST.de}; Facility-Personal (Recht „Lokationen“) ohne PIN`,
      en: `${SELBST.en}; facility staff (locations right) without the PIN`,
    },
    beiLoeschung: 'anonymisiert',
  },
  {
    id: 'kiosk_eincheck',
    modul: 'plattform/kiosk',
    tabellen: ['kiosk_eincheck'],
    titel: { de: 'Check-ins am Kiosk', en: 'Check-ins at a kiosk' },
    daten: {
      de: 'Kiosk, Minute des verwendeten Eincheck-Codes, Person (damit ein Code nicht zweimal gilt)',
      en: 'kiosk, minute of the check-in code used, person (so a code does not count twice)',
    },
    zweck: {
      de: 'Anwesenheitsnachweis beim Check-in per Scan, Schutz vor wiederverwendeten Codes',
      en: 'proof of presence when checking in by scan, protection against reused codes',
    },
    rechtsgrundlage: 'vertrag',
    empfaenger: INTERN,
    aufbewahrung: { de: 'bis zur Löschung des Kontos', en: 'until the account is deleted' },
    sichtbarFuer: { de: 'niemand (nur technisch geprüft)', en: 'nobody (checked technically only)' },
    beiLoeschung: 'geloescht',
  },
  {
    id: 'fahrzeug_buchungen',
    modul: 'fahrzeuge',
    tabellen: ['fahrzeug_buchung', 'fahrzeug_buchung_mitfahrer', 'sonderfreigabe'],
    titel: { de: 'Fahrzeugbuchungen', en: 'Vehicle bookings' },
    daten: {
      de: 'Fahrzeug, Beginn, Ende, Status, buchende Person, Fahrerin oder Fahrer, Anlass, Ziel, Mitfahrende, Freigaben',
      en: 'vehicle, start, end, status, booking person, driver, occasion, destination, co-travellers, approvals',
    },
    zweck: { de: 'Fahrzeugvergabe und Übergabe', en: 'allocating and handing over vehicles' },
    rechtsgrundlage: 'vertrag',
    empfaenger: {
      de: 'Kalender der Person (Einladung, Abo)',
      en: "the person's calendar (invitation, subscription)",
    },
    aufbewahrung: {
      de: `${ANON.de}; Buchungen mit Fahrtenbucheintrag behalten ihre Fahrt bis zum Ende der Aufbewahrung des Fahrtenbuchs`,
      en: `${ANON.en}; bookings with a logbook entry keep their trip until the logbook's retention ends`,
    },
    sichtbarFuer: {
      de: `${SELBST.de}; Fuhrparkverwaltung (Recht „Fahrzeuge“)`,
      en: `${SELBST.en}; fleet management (vehicles right)`,
    },
    beiLoeschung: 'anonymisiert',
  },
  {
    id: 'fahrtenbuch',
    modul: 'fahrten',
    tabellen: ['fahrtenbuch_eintrag', 'fahrzeug_historie', 'fahrzeug_schaden', 'serviceheft_eintrag'],
    titel: { de: 'Fahrtenbuch, Fahrzeughistorie und Schäden', en: 'Logbook, vehicle history and damages' },
    daten: {
      de: 'Fahrerin oder Fahrer (Name), Datum, Kilometerstände, Ziel, Zweck, Geschäftspartner, Art der Fahrt, Belege, gemeldete Schäden',
      en: 'driver (name), date, odometer readings, destination, purpose, business partner, kind of trip, receipts, reported damages',
    },
    zweck: {
      de: 'ordnungsgemäßes Fahrtenbuch für die Besteuerung der Privatnutzung; Nachweis von Schäden',
      en: 'a proper logbook for taxing private use; evidence of damages',
    },
    rechtsgrundlage: 'rechtspflicht',
    empfaenger: { de: 'Finanzverwaltung bei einer Prüfung', en: 'tax authorities on an audit' },
    aufbewahrung: {
      de: '10 Jahre nach Ende des Kalenderjahres (§ 147 Abs. 3 AO, Einstellung „FahrzeugAufbewahrungJahre“)',
      en: '10 years after the end of the calendar year (section 147 (3) AO, setting "FahrzeugAufbewahrungJahre")',
    },
    sichtbarFuer: {
      de: `${SELBST.de} (eigene Fahrten); Fuhrparkverwaltung`,
      en: `${SELBST.en} (own trips); fleet management`,
    },
    beiLoeschung: 'behalten',
    behaltenWeil: {
      de: 'Das Fahrtenbuch ist eine steuerliche Aufzeichnung und muss unverändert 10 Jahre aufbewahrt werden (§ 147 AO, R 8.1 Abs. 9 LStR); es wird danach automatisch gelöscht.',
      en: 'The logbook is a tax record and must be kept unchanged for 10 years (section 147 AO, R 8.1 (9) LStR); it is deleted automatically afterwards.',
    },
  },
  {
    id: 'fuehrerschein',
    modul: 'fahrzeuge',
    tabellen: ['fuehrerschein'],
    titel: { de: 'Führerscheinkontrolle', en: 'Driving licence check' },
    daten: {
      de: 'Datum der letzten Kontrolle, Führerscheinklassen, Fahrverbote',
      en: 'date of the last check, licence classes, driving bans',
    },
    zweck: {
      de: 'Halterpflicht, nur berechtigte Personen fahren zu lassen (§ 21 StVG)',
      en: "the keeper's duty to let only licensed people drive (section 21 StVG)",
    },
    rechtsgrundlage: 'rechtspflicht',
    empfaenger: INTERN,
    aufbewahrung: { de: 'bis zur Löschung des Kontos', en: 'until the account is deleted' },
    sichtbarFuer: { de: `${SELBST.de}; Fuhrparkverwaltung`, en: `${SELBST.en}; fleet management` },
    beiLoeschung: 'geloescht',
  },
  {
    id: 'protokoll',
    modul: 'plattform',
    tabellen: ['audit_log', 'mail_outbox'],
    titel: { de: 'Änderungsprotokoll und versandte E-Mails', en: 'Change log and sent e-mails' },
    daten: {
      de: 'wer wann was geändert hat; Empfänger, Betreff und Text versandter Benachrichtigungen',
      en: 'who changed what and when; recipient, subject and text of sent notifications',
    },
    zweck: { de: 'Nachvollziehbarkeit und Zustellung', en: 'traceability and delivery' },
    rechtsgrundlage: 'berechtigtes_interesse',
    empfaenger: { de: 'der eingerichtete Mailserver', en: 'the configured mail server' },
    aufbewahrung: {
      de: 'Protokoll bis zur Löschung des Mandanten; Personenbezug wird bei Löschung des Kontos entfernt',
      en: 'log until the tenant is deleted; personal references are removed when the account is deleted',
    },
    sichtbarFuer: { de: ADMIN.de, en: ADMIN.en },
    beiLoeschung: 'anonymisiert',
  },
];

export type Kennzahl = {
  id: string;
  titel: Zweisprachig;
  /** the smallest unit a figure is given for */
  aggregation: Zweisprachig;
  /** at least this many distinct people behind every figure: the tenant setting, or none for time cells */
  schwelle: 'AuslastungMindestPersonen' | null;
  sichtbarFuer: Zweisprachig;
  aufbewahrung: Zweisprachig;
  /** the data categories it is computed from */
  quellen: readonly string[];
};

const AUSLASTUNG_SICHT = {
  de: 'Recht „Büroauslastung“ (Raumpersonal, Administration); nie Zahlen je Person',
  en: 'utilisation right (room keepers, administrators); never per-person figures',
};
const BERECHNET = {
  de: 'nicht gespeichert, bei jedem Abruf aus den Buchungen berechnet',
  en: 'not stored, computed from the bookings on every request',
};

export const KENNZAHLEN: readonly Kennzahl[] = [
  {
    id: 'auslastung_plaetze',
    titel: {
      de: 'Auslastung der Leseräume und Arbeitsplätze',
      en: 'Utilisation of reading rooms and workspaces',
    },
    aggregation: {
      de: 'je Lokation, Grundriss, Raumart oder Ausstattung über einen Zeitraum; kleinere Zellen als „Sonstige“',
      en: 'per location, floor plan, room type or equipment over a period; smaller cells as "Other"',
    },
    schwelle: 'AuslastungMindestPersonen',
    sichtbarFuer: AUSLASTUNG_SICHT,
    aufbewahrung: BERECHNET,
    quellen: ['leseraum_buchungen'],
  },
  {
    id: 'auslastung_wochenraster',
    titel: { de: 'Belegung nach Wochentag und Stunde', en: 'Occupancy by weekday and hour' },
    aggregation: {
      de: 'Zeitzellen (Wochentag × Stunde) einer bereits geprüften Auswahl',
      en: 'time cells (weekday × hour) of an already checked selection',
    },
    schwelle: 'AuslastungMindestPersonen',
    sichtbarFuer: AUSLASTUNG_SICHT,
    aufbewahrung: BERECHNET,
    quellen: ['leseraum_buchungen', 'fahrzeug_buchungen'],
  },
  {
    id: 'auslastung_fahrzeuge',
    titel: { de: 'Auslastung der Fahrzeuge', en: 'Vehicle utilisation' },
    aggregation: {
      de: 'je Standort, Kategorie oder Fahrzeug über einen Zeitraum; kleinere Zellen als „Sonstige“',
      en: 'per location, category or vehicle over a period; smaller cells as "Other"',
    },
    schwelle: 'AuslastungMindestPersonen',
    sichtbarFuer: AUSLASTUNG_SICHT,
    aufbewahrung: BERECHNET,
    quellen: ['fahrzeug_buchungen', 'fahrtenbuch'],
  },
  {
    id: 'stornoquote',
    titel: { de: 'Stornos und nicht wahrgenommene Buchungen', en: 'Cancellations and no-shows' },
    aggregation: {
      de: 'Anteile je Zelle der Auslastung, nie je Person',
      en: 'shares per utilisation cell, never per person',
    },
    schwelle: 'AuslastungMindestPersonen',
    sichtbarFuer: AUSLASTUNG_SICHT,
    aufbewahrung: BERECHNET,
    quellen: ['leseraum_buchungen', 'fahrzeug_buchungen'],
  },
  {
    id: 'ungedeckte_nachfrage',
    titel: {
      de: 'Ungedeckte Fahrzeug-Nachfrage',
      en: 'Unmet vehicle demand',
    },
    aggregation: {
      de: 'Anzahl der Suchen, die kein freies Fahrzeug fanden, je Standort, Kategorie, Tag und Stunde; ohne jeden Personenbezug (keine Person, keine Buchung, keine einzelne Suche gespeichert), daher ohne eigene Schwelle je Zelle; gezeigt nur mit den übrigen Fahrzeugzahlen der Auswahl, die mindestens k Personen brauchen',
      en: "number of searches that found no free vehicle, per location, category, day and hour; without any person reference (no person, no booking, no single search stored), so no threshold per cell; shown only with the selection's other vehicle figures, which need at least k people",
    },
    schwelle: null,
    sichtbarFuer: AUSLASTUNG_SICHT,
    aufbewahrung: {
      de: 'als Zählerstand gespeichert (Tabelle fahrzeug_nachfrage_ungedeckt), gelöscht mit dem Standort oder dem Mandanten',
      en: 'stored as a count (table fahrzeug_nachfrage_ungedeckt), deleted with the location or the tenant',
    },
    quellen: [],
  },
];

/** A category by id (the export's sections are keyed by it). */
export const datenkategorie = (id: string): Datenkategorie | undefined =>
  DATENKATEGORIEN.find((k) => k.id === id);

/** The columns that make a table's rows personal data (the completeness test looks for them). */
export const PERSONENBEZUG_SPALTEN =
  /^(benutzer_id|user_id|fahrer_id|erfasst_von_id|gemeldet_von_id|email|telefonnummer|ip_address|to|systembenutzer\d_mail)$/;
