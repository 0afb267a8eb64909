/**
 * The error catalogue: every error the product can show, with a stable dotted code, its HTTP status and
 * the message in German (the spec's exact text, spec §5 and §8) and English.
 *
 * Placeholders are written `{name}` and filled by `formatError` from the error's params. German and
 * English texts of one code carry the same placeholders (checked by errors.test.ts).
 */
import type { Language } from './language.ts';

type CatalogueEntry = { readonly status: number; readonly de: string; readonly en: string };

export const ERRORS = {
  // --- generic -----------------------------------------------------------------------------------
  'auth.unauthenticated': {
    status: 401,
    de: 'Bitte melden Sie sich an.',
    en: 'Please sign in.',
  },
  /** Same text whether or not the user exists: no account enumeration. */
  'auth.invalid_credentials': {
    status: 401,
    de: 'Benutzername oder Passwort ist falsch.',
    en: 'User name or password is incorrect.',
  },
  'auth.rate_limited': {
    status: 429,
    de: 'Zu viele Versuche. Bitte warten Sie einen Moment und versuchen Sie es erneut.',
    en: 'Too many attempts. Please wait a moment and try again.',
  },
  'auth.forbidden': {
    status: 403,
    de: 'Sie haben keine Berechtigung für diese Aktion.',
    en: 'You are not allowed to do this.',
  },
  not_found: {
    status: 404,
    de: 'Der Eintrag wurde nicht gefunden.',
    en: 'The item was not found.',
  },
  'validation.failed': {
    status: 400,
    de: 'Die Eingabe ist ungültig.',
    en: 'The input is invalid.',
  },
  /** Spec §5/§8: missing mandatory fields. */
  'validation.pflichtfelder': {
    status: 400,
    de: 'Bitte alle Pflichtfelder ausfüllen.',
    en: 'Please fill in all mandatory fields.',
  },
  internal: {
    status: 500,
    de: 'Ein unerwarteter Fehler ist aufgetreten. Bitte versuchen Sie es später erneut.',
    en: 'An unexpected error occurred. Please try again later.',
  },
  conflict: {
    status: 409,
    de: 'Der Eintrag wurde zwischenzeitlich geändert oder der Zeitraum ist bereits belegt.',
    en: 'The item was changed in the meantime or the period is already taken.',
  },

  // --- route guard of /admin (spec §2) -----------------------------------------------------------
  'guard.benutzer_muss_existieren': {
    status: 401,
    de: 'Ein Benutzer muss existieren',
    en: 'A user must exist',
  },
  'guard.no_admin': {
    status: 403,
    de: 'Keine Berechtigung für die Administration.',
    en: 'You are not allowed to use the administration.',
  },
  'guard.no_ausstattung': {
    status: 403,
    de: 'Keine Berechtigung für die Pflege der Ausstattung.',
    en: 'You are not allowed to maintain equipment.',
  },
  'guard.no_rolle_gruppe': {
    status: 403,
    de: 'Keine Berechtigung für die Pflege von Rollen und Gruppen.',
    en: 'You are not allowed to maintain roles and groups.',
  },
  'guard.no_benutzer': {
    status: 403,
    de: 'Keine Berechtigung für die Pflege von Benutzern.',
    en: 'You are not allowed to maintain users.',
  },
  'guard.no_objekt_pflege': {
    status: 403,
    de: 'Keine Berechtigung für die Pflege von Lokationen.',
    en: 'You are not allowed to maintain locations.',
  },
  'guard.no_einstellungen': {
    status: 403,
    de: 'Keine Berechtigung für die Einstellungen des Mandanten.',
    en: 'You are not allowed to change the tenant settings.',
  },
  'guard.no_oeffnungszeiten_pflege': {
    status: 403,
    de: 'Keine Berechtigung für die Pflege von Öffnungszeiten.',
    en: 'You are not allowed to maintain opening hours.',
  },
  'guard.no_plattform_admin': {
    status: 403,
    de: 'Nur Plattform-Administratoren dürfen Mandanten verwalten.',
    en: 'Only platform administrators may manage tenants.',
  },

  // --- statuses and types (spec §4, §8) ----------------------------------------------------------
  'status.unbekannt': {
    status: 400,
    de: 'Status {status} unbekannt',
    en: 'Unknown status {status}',
  },
  'typ.unbekannt': {
    status: 400,
    de: 'Typ {typ} unbekannt',
    en: 'Unknown type {typ}',
  },

  // --- time (spec §5) ----------------------------------------------------------------------------
  'zeit.ungueltig': {
    status: 400,
    de: 'Zeit zum setzen ist kein valider String.',
    en: 'The time to set is not a valid string (HH:mm).',
  },
  'zeit.buchungszeit_ungueltig': {
    status: 400,
    de: "No valid Time String '{value}'!",
    en: "No valid Time String '{value}'!",
  },
  'datum.ungueltig': {
    status: 400,
    de: 'Das Datum {value} ist ungültig. Bitte im Format TT.MM.JJJJ angeben.',
    en: 'The date {value} is invalid. Please use the format DD.MM.YYYY.',
  },

  // --- customizing (spec §5, §8) -----------------------------------------------------------------
  'customizing.option_not_found': {
    status: 404,
    de: 'keine CustomizingOption zu {name} gefunden!',
    en: 'No customizing option named {name} found!',
  },
  'customizing.not_a_number': {
    status: 400,
    de: 'Wert zum mappen muss vom Typ number sein!',
    en: 'The value to map must be of type number!',
  },
  'customizing.not_an_integer': {
    status: 400,
    de: 'Der Wert für {name} muss eine ganze Zahl sein.',
    en: 'The value for {name} must be a whole number.',
  },
  'customizing.not_a_boolean': {
    status: 400,
    de: 'Wert zum mappen muss vom Typ boolean sein!',
    en: 'The value to map must be of type boolean!',
  },
  'customizing.not_a_string': {
    status: 400,
    de: 'Wert zum mappen muss vom Typ string sein!',
    en: 'The value to map must be of type string!',
  },
  'customizing.not_an_array': {
    status: 400,
    de: 'Wert zum mappen muss eine Liste sein!',
    en: 'The value to map must be a list!',
  },
  'customizing.value_too_long': {
    status: 400,
    de: 'Der Wert für {name} ist zu lang (höchstens {max} Zeichen).',
    en: 'The value for {name} is too long (at most {max} characters).',
  },
  'customizing.value_not_allowed': {
    status: 400,
    de: 'Der Wert {wert} ist für {name} nicht erlaubt.',
    en: 'The value {wert} is not allowed for {name}.',
  },
  'customizing.out_of_range': {
    status: 400,
    de: 'Der Wert für {name} muss zwischen {min} und {max} liegen.',
    en: 'The value for {name} must be between {min} and {max}.',
  },
  'customizing.level_not_allowed': {
    status: 403,
    de: 'Die Einstellung {name} kann auf der Ebene {schicht} nicht gesetzt werden.',
    en: 'The setting {name} cannot be set at level {schicht}.',
  },
  'customizing.save_failed': {
    status: 500,
    de: 'Neuer Customizing Wert {wert} konnte nicht in Schicht {schicht} gespeichert werden. Fehler: {fehler}',
    en: 'New customizing value {wert} could not be saved at level {schicht}. Error: {fehler}',
  },

  // --- reading room (spec §4, §8) ----------------------------------------------------------------
  'leseraum_buchung.durchgefuehrt_nicht_stornierbar': {
    status: 409,
    de: 'Eine durchgeführte LeseraumBuchung kann nicht storniert werden.',
    en: 'A completed reading-room booking cannot be cancelled.',
  },

  'leseraum_buchung.schritt_nicht_erlaubt': {
    status: 409,
    de: 'Für eine Buchung im Status {status} ist dieser Schritt nicht möglich.',
    en: 'This step is not possible for a booking with status {status}.',
  },
  'leseraum_buchung.ende_vor_beginn': {
    status: 400,
    de: 'Der Beginn der Buchung muss vor ihrem Ende liegen.',
    en: 'The booking must start before it ends.',
  },
  'leseraum_buchung.in_vergangenheit': {
    status: 400,
    de: 'Eine Buchung in der Vergangenheit ist nicht möglich.',
    en: 'Bookings in the past are not possible.',
  },
  'leseraum_buchung.ausserhalb_oeffnungszeit': {
    status: 400,
    de: 'Die Buchung liegt außerhalb der Öffnungszeit ({von} bis {bis} Uhr).',
    en: 'The booking lies outside the opening hours ({von} to {bis}).',
  },
  'leseraum_buchung.takt': {
    status: 400,
    de: 'Beginn und Ende müssen im {minuten}-Minuten-Takt liegen.',
    en: 'Start and end must be on a {minuten}-minute step.',
  },
  'leseraum_buchung.zu_kurz': {
    status: 400,
    de: 'Eine Buchung muss mindestens {minuten} Minuten dauern.',
    en: 'A booking must last at least {minuten} minutes.',
  },
  'leseraum_buchung.zu_lang': {
    status: 400,
    de: 'Eine Buchung darf höchstens {minuten} Minuten dauern.',
    en: 'A booking may last at most {minuten} minutes.',
  },
  'leseraum_buchung.wochenlimit': {
    status: 409,
    de: 'Sie haben in dieser Woche bereits die höchste Zahl von {max} Buchungen erreicht.',
    en: 'You have already reached the maximum of {max} bookings this week.',
  },
  'leseraum_buchung.belegt': {
    status: 409,
    de: 'Der Platz ist im gewählten Zeitraum bereits belegt.',
    en: 'The seat is already taken in the chosen period.',
  },
  'leseraum_buchung.tag_nicht_buchbar': {
    status: 400,
    de: 'Am {datum} kann nicht gebucht werden.',
    en: 'Bookings are not possible on {datum}.',
  },

  // --- vehicles (spec §4, §5, §8) ----------------------------------------------------------------
  'fahrzeug.update_ohne_altdaten': {
    status: 400,
    de: 'Update des Fahrzeugs ohne alte Fahrzeugdaten nicht möglich, da Validierung nicht durchgeführt werden kann!',
    en: 'The vehicle cannot be updated without its previous data because validation cannot be carried out!',
  },
  /** {art}: 'Innen' or 'Aussen'; {liste}: the allowed cleaning states, comma-separated. */
  'fahrzeug.reinigungszustand_ungueltig': {
    status: 400,
    de: 'Reinigungszustand {art} {wert} kann nicht gespeichert werden, muss innerhalb der erlaubten Werte liegen! [{liste}]',
    en: 'Cleanliness {art} {wert} cannot be saved, it must be one of the allowed values! [{liste}]',
  },
  'fahrzeug.tankfuellung_ungueltig': {
    status: 400,
    de: 'Tankfüllung muss zwischen 0 und 100 sein!',
    en: 'Fuel level must be between 0 and 100!',
  },
  'fahrzeug.kilometerstand_zu_klein': {
    status: 400,
    de: 'Kilometerstand muss größer als {value} sein.',
    en: 'Mileage must be greater than {value}.',
  },
  'fahrzeug.keine_treffer': {
    status: 404,
    de: 'Anhand der ausgewählten Filter wurde kein Fahrzeug gefunden.',
    en: 'No vehicle matches the selected filters.',
  },
  'fahrzeug_buchung.checkin_nicht_freigegeben': {
    status: 409,
    de: 'Ein CheckIn ist nicht möglich, da die Buchung nicht freigegeben wurde!',
    en: 'Check-in is not possible because the booking has not been approved!',
  },
  'fahrzeug_buchung.ende_vor_beginn': {
    status: 400,
    de: 'Der Beginn der Buchung muss vor ihrem Ende liegen.',
    en: 'The booking must start before it ends.',
  },
  'fahrzeug_buchung.ausserhalb_gueltigkeit': {
    status: 400,
    de: 'Das Fahrzeug ist im gewählten Zeitraum nicht buchbar.',
    en: 'The vehicle cannot be booked in the chosen period.',
  },
  'fahrzeug_buchung.ausserhalb_buchungszeitraum': {
    status: 400,
    de: 'Die Buchung liegt außerhalb der Buchungszeiten des Fahrzeugs ({von} bis {bis}).',
    en: 'The booking lies outside the booking times of the vehicle ({von} to {bis}).',
  },
  'fahrzeug_buchung.ueberschneidung': {
    status: 409,
    de: 'Das Fahrzeug ist im gewählten Zeitraum bereits gebucht.',
    en: 'The vehicle is already booked in the chosen period.',
  },
  'fahrzeug_buchung.zu_kurz': {
    status: 400,
    de: 'Eine Buchung muss mindestens {minuten} Minuten dauern.',
    en: 'A booking must last at least {minuten} minutes.',
  },
  'fahrzeug_buchung.zu_weit_im_voraus': {
    status: 400,
    de: 'So weit im Voraus kann nicht gebucht werden (spätestens bis {datum}).',
    en: 'Bookings this far ahead are not possible (at the latest until {datum}).',
  },
  'fahrzeug_buchung.checkin_zu_frueh': {
    status: 409,
    de: 'Ein Check-in ist erst ab {zeit} Uhr möglich.',
    en: 'Check-in is only possible from {zeit}.',
  },
  'fahrzeug_buchung.checkin_vorbei': {
    status: 409,
    de: 'Die Buchung ist bereits beendet; ein Check-in ist nicht mehr möglich.',
    en: 'The booking has already ended; check-in is no longer possible.',
  },
  'fahrzeug_buchung.checkin_inaktiv': {
    status: 409,
    de: 'Check-in und Check-out sind für diesen Mandanten ausgeschaltet.',
    en: 'Check-in and check-out are switched off for this tenant.',
  },
  'fahrzeug_buchung.schritt_nicht_erlaubt': {
    status: 409,
    de: 'Für eine Buchung im Status {status} ist dieser Schritt nicht möglich.',
    en: 'This step is not possible for a booking with status {status}.',
  },
  'fuehrerschein.klasse_fehlt': {
    status: 400,
    de: 'Für dieses Fahrzeug ist die Führerscheinklasse {klasse} nötig.',
    en: 'This vehicle requires driving-licence class {klasse}.',
  },
  'fuehrerschein.ausstellung_nach_beginn': {
    status: 400,
    de: 'Der Führerschein wurde erst nach Beginn der Buchung ausgestellt.',
    en: 'The driving licence was issued after the booking starts.',
  },
  'fuehrerschein.pruefung_abgelaufen': {
    status: 400,
    de: 'Die Führerscheinprüfung ist abgelaufen oder läuft vor Ende der Buchung ab.',
    en: 'The driving-licence check has lapsed or lapses before the booking ends.',
  },
  'fuehrerschein.fehlt': {
    status: 400,
    de: 'Zum Buchen von Fahrzeugen ist ein geprüfter Führerschein nötig.',
    en: 'A checked driving licence is required to book vehicles.',
  },
  'fuehrerschein.fahrverbot': {
    status: 400,
    de: 'Im gewählten Zeitraum besteht ein Fahrverbot.',
    en: 'A driving ban applies in the chosen period.',
  },
  'fahrzeug_buchung.fremdbuchung_nicht_erlaubt': {
    status: 403,
    de: 'Sie dürfen für diese Person kein Fahrzeug buchen.',
    en: 'You may not book a vehicle for this person.',
  },
  'sonderfreigabe.keine_offenen': {
    status: 404,
    de: 'Momentan gibt es keine Buchungen, die Freigegeben werden müssen.',
    en: 'There are currently no bookings awaiting approval.',
  },
  'sonderfreigabe.user_not_found': {
    status: 401,
    de: 'User not found! Kein update der Sonderfreigabe möglich.',
    en: 'User not found! The special approval cannot be updated.',
  },

  // --- administration master data (issue 3) ------------------------------------------------------
  'mandant.domain_ungueltig': {
    status: 400,
    de: 'Die Domain {domain} ist ungültig.',
    en: 'The domain {domain} is invalid.',
  },
  'mandant.domain_vergeben': {
    status: 409,
    de: 'Die Domain {domain} gehört bereits zu einem anderen Mandanten.',
    en: 'The domain {domain} already belongs to another tenant.',
  },
  'mandant.name_bestaetigung_falsch': {
    status: 400,
    de: 'Zum Löschen bitte den Namen des Mandanten „{name}“ genau eingeben.',
    en: 'To delete, please type the tenant name "{name}" exactly.',
  },
  'mandant.eigener_mandant': {
    status: 409,
    de: 'Den eigenen Mandanten können Sie nicht löschen.',
    en: 'You cannot delete your own tenant.',
  },
  'standort.name_vergeben': {
    status: 409,
    de: 'Eine Lokation mit dem Namen {name} gibt es bereits.',
    en: 'A location named {name} already exists.',
  },
  'standort.in_verwendung': {
    status: 409,
    de: 'Die Lokation {name} wird noch verwendet ({fahrzeuge} Fahrzeuge, {grundrisse} Grundrisse) und kann nicht gelöscht werden.',
    en: 'The location {name} is still in use ({fahrzeuge} vehicles, {grundrisse} floor plans) and cannot be deleted.',
  },
  'ausstattung.name_vergeben': {
    status: 409,
    de: 'Eine Ausstattung mit dem Namen {name} gibt es bereits.',
    en: 'Equipment named {name} already exists.',
  },
  'ausstattung.in_verwendung': {
    status: 409,
    de: 'Die Ausstattung {name} ist {raeume} Räumen zugeordnet und kann nicht gelöscht werden.',
    en: 'The equipment {name} is assigned to {raeume} rooms and cannot be deleted.',
  },
  'oeffnungszeit.von_nach_bis': {
    status: 400,
    de: 'Der Beginn ({von}) muss vor dem Ende ({bis}) liegen.',
    en: 'The start ({von}) must be before the end ({bis}).',
  },
  'oeffnungszeit.zeitraum_ungueltig': {
    status: 400,
    de: 'Das Ende des Zeitraums ({gueltigBis}) darf nicht vor seinem Beginn ({gueltigVon}) liegen.',
    en: 'The end of the period ({gueltigBis}) must not be before its start ({gueltigVon}).',
  },
  'oeffnungszeit.wochentage_unvollstaendig': {
    status: 400,
    de: 'Bitte für jeden Wochentag von 0 (Sonntag) bis 6 (Samstag) genau eine Zeile angeben.',
    en: 'Please give exactly one row for each weekday from 0 (Sunday) to 6 (Saturday).',
  },
  'oeffnungszeit.stornierung_bestaetigen': {
    status: 409,
    de: 'Im geschlossenen Zeitraum liegen {anzahl} Buchungen. Bitte bestätigen Sie, dass sie storniert werden.',
    en: 'There are {anzahl} bookings in the closed period. Please confirm that they will be cancelled.',
  },

  // --- uploads (spec §5, §8) ---------------------------------------------------------------------
  'upload.failed': {
    status: 400,
    de: 'Fehler beim Hochladen der Datei: {message}',
    en: 'Error uploading the file: {message}',
  },
  'upload.type_not_allowed': {
    status: 415,
    de: 'Dieser Dateityp ist nicht erlaubt. Erlaubt sind Bilder oder Dokumente im Format PNG, JPG oder PDF.',
    en: 'This file type is not allowed. Allowed are images or documents in PNG, JPG or PDF format.',
  },
  'upload.too_large': {
    status: 413,
    de: 'Die Datei ist zu groß (höchstens {maxMb} MB).',
    en: 'The file is too large (at most {maxMb} MB).',
  },

  // --- administration of users, groups and roles (issue 3); params.field names the form field -------
  'benutzer.email_vergeben': {
    status: 409,
    de: 'Die E-Mail-Adresse {email} ist bereits vergeben.',
    en: 'The e-mail address {email} is already taken.',
  },
  'benutzer.email_ungueltig': {
    status: 400,
    de: 'Die E-Mail-Adresse {email} ist ungültig.',
    en: 'The e-mail address {email} is invalid.',
  },
  'benutzer.username_vergeben': {
    status: 409,
    de: 'Der Benutzername {username} ist bereits vergeben.',
    en: 'The user name {username} is already taken.',
  },
  'benutzer.hat_buchungen': {
    status: 409,
    de: 'Der Benutzer hat Buchungen oder andere Einträge und kann nicht gelöscht werden. Bitte deaktivieren Sie ihn stattdessen.',
    en: 'The user has bookings or other records and cannot be deleted. Please deactivate the user instead.',
  },
  'benutzer.selbst_nicht_erlaubt': {
    status: 409,
    de: 'Sie können sich nicht selbst deaktivieren oder löschen.',
    en: 'You cannot deactivate or delete yourself.',
  },
  'benutzer.plattform_admin_geschuetzt': {
    status: 403,
    de: 'Ein Plattform-Administrator kann nur von einem Plattform-Administrator geändert, deaktiviert oder gelöscht werden.',
    en: 'A platform administrator can only be changed, deactivated or deleted by a platform administrator.',
  },
  'benutzer.rolle_unbekannt': {
    status: 400,
    de: 'Die Rolle {name} gibt es nicht.',
    en: 'The role {name} does not exist.',
  },
  'benutzer.gruppe_unbekannt': {
    status: 400,
    de: 'Die Gruppe {name} gibt es nicht.',
    en: 'The group {name} does not exist.',
  },
  'rolle.name_vergeben': {
    status: 409,
    de: 'Eine Rolle mit dem Namen {name} gibt es bereits.',
    en: 'A role named {name} already exists.',
  },
  'gruppe.name_vergeben': {
    status: 409,
    de: 'Eine Gruppe mit dem Namen {name} gibt es bereits.',
    en: 'A group named {name} already exists.',
  },
  'import.datei_leer': {
    status: 400,
    de: 'Die CSV-Datei enthält keine Zeilen.',
    en: 'The CSV file contains no rows.',
  },
  'import.kopfzeile_ungueltig': {
    status: 400,
    de: 'Die Kopfzeile der CSV-Datei ist ungültig. Erwartet: {erwartet}',
    en: 'The header row of the CSV file is invalid. Expected: {erwartet}',
  },
  'import.anfuehrungszeichen_offen': {
    status: 400,
    de: 'In Zeile {zeile} ist ein Anführungszeichen nicht geschlossen.',
    en: 'A quotation mark is not closed in line {zeile}.',
  },
  'import.zu_viele_zeilen': {
    status: 400,
    de: 'Die CSV-Datei hat zu viele Zeilen (höchstens {max}).',
    en: 'The CSV file has too many rows (at most {max}).',
  },
  'import.spaltenzahl': {
    status: 400,
    de: 'Die Zeile hat {ist} statt {soll} Spalten.',
    en: 'The row has {ist} instead of {soll} columns.',
  },
  'import.wert_zu_lang': {
    status: 400,
    de: 'Der Wert ist zu lang (höchstens {max} Zeichen).',
    en: 'The value is too long (at most {max} characters).',
  },
  'import.email_doppelt': {
    status: 400,
    de: 'Die E-Mail-Adresse {email} steht bereits in Zeile {zeile} der Datei.',
    en: 'The e-mail address {email} already appears in line {zeile} of the file.',
  },
  'import.zeilen_fehlerhaft': {
    status: 400,
    de: '{anzahl} Zeilen der CSV-Datei sind fehlerhaft; es wurde nichts importiert.',
    en: '{anzahl} rows of the CSV file are invalid; nothing was imported.',
  },
} as const satisfies Record<string, CatalogueEntry>;

export type ErrorCode = keyof typeof ERRORS;
export type ErrorParams = Readonly<Record<string, string | number>>;

export const ERROR_CODES = Object.keys(ERRORS) as ErrorCode[];

export const isErrorCode = (s: string): s is ErrorCode => Object.hasOwn(ERRORS, s);

export const httpStatusOf = (code: ErrorCode): number => ERRORS[code].status;

/** The `{name}` placeholders of a text, in order of appearance, without duplicates. */
export const placeholdersOf = (text: string): string[] => [
  ...new Set(Array.from(text.matchAll(/\{(\w+)\}/g), (m) => m[1] as string)),
];

/**
 * The message of `code` in `lang` with `{name}` placeholders replaced by `params[name]`.
 * A placeholder without a param stays visible as `{name}`, so a missing param is noticed, not hidden.
 */
export const formatError = (code: ErrorCode, lang: Language, params: ErrorParams = {}): string =>
  ERRORS[code][lang].replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );

/**
 * The one error type of the domain. Services throw it; the server maps it to
 * `{ error: { code, message, params } }` with `httpStatusOf(code)` in the user's language.
 * `message` is the German text (the product's default language) for logs.
 */
export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly params: Record<string, string | number>;

  constructor(code: ErrorCode, params: Record<string, string | number> = {}) {
    super(formatError(code, 'de', params));
    this.name = 'DomainError';
    this.code = code;
    this.params = params;
  }

  get status(): number {
    return httpStatusOf(this.code);
  }
}

/** A broken rule, returned by the `...Verstoss` rule functions: the catalogue code and its params. */
export type RuleViolation = { code: ErrorCode; params: ErrorParams };

export const toDomainError = (v: RuleViolation): DomainError => new DomainError(v.code, { ...v.params });

export const isDomainError = (e: unknown): e is DomainError => e instanceof DomainError;
