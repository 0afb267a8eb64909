/**
 * The error catalogue of this area: the request, its fields, the route guards, time, statuses and types: shared by every area.
 * Combined with the other areas' catalogues into `ERRORS` (errors.ts); codes are unique across areas.
 */
import type { CatalogueEntry } from './error-catalogue.ts';

export const ALLGEMEINE_ERRORS = {
  /**
   * A change (POST, PUT, PATCH, DELETE) sent by a page at another address than the application's or a trusted
   * one (decision 104): refused before anything is read or written.
   */
  'request.fremde_herkunft': {
    status: 403,
    de: 'Diese Änderung kommt von einer fremden Seite und wurde nicht ausgeführt. Die Adresse der Anwendung ist {adresse}.',
    en: 'This change came from another site and was not carried out. The address of the application is {adresse}.',
  },
  /**
   * What was not found: `nichtGefunden(typ, id)` names it ('Fahrzeug „MS-SW 101“ wurde nicht gefunden.'); an unknown
   * address or a switched-off area says 'Der Eintrag …' (decision 180).
   */
  not_found: {
    status: 404,
    de: '{was} wurde nicht gefunden.',
    en: '{was} was not found.',
    ohne: { was_de: 'Der Eintrag', was_en: 'The item' },
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
  // --- one field of a refused request (params of validation.failed, decision 128) ----------------------
  'validation.feld_ungueltig': {
    status: 400,
    de: 'Der Wert ist ungültig.',
    en: 'The value is invalid.',
  },
  'validation.feld_fehlt': {
    status: 400,
    de: 'Bitte einen Wert angeben.',
    en: 'Please enter a value.',
  },
  /** {erwartet}: the kind of value, per language (Text, Zahl, Ja/Nein, Liste, Objekt). */
  'validation.falscher_typ': {
    status: 400,
    de: 'Der Wert hat die falsche Art; erwartet: {erwartet}.',
    en: 'The value is of the wrong kind; expected: {erwartet}.',
  },
  'validation.wert_nicht_vorgesehen': {
    status: 400,
    de: 'Der Wert {wert} ist nicht vorgesehen. Erlaubt: {werte}.',
    en: 'The value {wert} is not provided for. Allowed: {werte}.',
  },
  /** {format}: the expected notation, per language. */
  'validation.format': {
    status: 400,
    de: 'Der Wert {wert} hat nicht das erwartete Format ({format}).',
    en: 'The value {wert} does not have the expected format ({format}).',
  },
  'validation.tag_format': {
    status: 400,
    de: 'Bitte ein Datum im Format JJJJ-MM-TT zwischen den Jahren {min} und {max} angeben.',
    en: 'Please enter a date as YYYY-MM-DD between the years {min} and {max}.',
  },
  'validation.zeitpunkt_format': {
    status: 400,
    de: 'Bitte einen Zeitpunkt nach ISO 8601 mit Zeitzone zwischen den Jahren {min} und {max} angeben.',
    en: 'Please enter an ISO 8601 instant with offset between the years {min} and {max}.',
  },
  'validation.text_zu_lang': {
    status: 400,
    de: 'Der Text ist zu lang (höchstens {max#Zeichen|Zeichen}).',
    en: 'The text is too long (at most {max#character|characters}).',
  },
  'validation.text_zu_kurz': {
    status: 400,
    de: 'Der Text ist zu kurz (mindestens {min#Zeichen|Zeichen}).',
    en: 'The text is too short (at least {min#character|characters}).',
  },
  'validation.zahl_zu_gross': {
    status: 400,
    de: 'Der Wert darf höchstens {max} sein.',
    en: 'The value may be at most {max}.',
  },
  'validation.zahl_zu_klein': {
    status: 400,
    de: 'Der Wert muss mindestens {min} sein.',
    en: 'The value must be at least {min}.',
  },
  'validation.zu_viele': {
    status: 400,
    de: 'Höchstens {max#Eintrag|Einträge} möglich.',
    en: 'At most {max#entry|entries} possible.',
  },
  'validation.zu_wenige': {
    status: 400,
    de: 'Mindestens {min#Eintrag|Einträge} nötig.',
    en: 'At least {min#entry|entries} needed.',
  },
  'validation.unbekannte_felder': {
    status: 400,
    de: 'Unbekannte Felder: {felder}.',
    en: 'Unknown fields: {felder}.',
  },
  'validation.von_bis_zusammen': {
    status: 400,
    de: 'Beginn und Ende gehören zusammen: bitte beide oder keines angeben.',
    en: 'Start and end go together: please give both or neither.',
  },
  'validation.von_vor_bis': {
    status: 400,
    de: 'Der Beginn muss vor dem Ende liegen.',
    en: 'The start must lie before the end.',
  },
  'validation.nur_frei_braucht_zeitraum': {
    status: 400,
    de: 'Nur freie Fahrzeuge lassen sich mit Beginn und Ende suchen.',
    en: 'Only free vehicles can be searched with a start and an end.',
  },
  'validation.zeitraum_zu_lang': {
    status: 400,
    de: 'Der Zeitraum darf höchstens {tage#Tag|Tage} umfassen.',
    en: 'The period may span at most {tage#day|days}.',
  },
  'validation.steuerzeichen_mehrzeilig': {
    status: 400,
    de: 'Außer Zeilenumbrüchen und Tabulatoren sind in diesem Feld keine Steuerzeichen erlaubt.',
    en: 'Control characters other than line breaks and tabs are not allowed in this field.',
  },
  /** A time of day that is not HH:mm, naming the value typed ('7 Uhr'); spec §5's sentence first. */
  'zeit.ungueltig_wert': {
    status: 400,
    de: "Zeit zum setzen ist kein valider String. '{value}' ist keine Uhrzeit im Format HH:mm (00:00 bis 23:59).",
    en: "The time to set is not a valid string. '{value}' is not a time as HH:mm (00:00 to 23:59).",
  },
  /** A text field with a line break or another control character (schemas answer validation.failed). */
  'validation.steuerzeichen': {
    status: 400,
    de: 'Zeilenumbrüche und andere Steuerzeichen sind in diesem Feld nicht erlaubt.',
    en: 'Line breaks and other control characters are not allowed in this field.',
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
  // --- the request itself (HTTP layer: body, format, address) ------------------------------------
  'request.json_ungueltig': {
    status: 400,
    de: 'Der Inhalt der Anfrage ist kein gültiges JSON.',
    en: 'The request body is not valid JSON.',
  },
  'request.inhalt_fehlt': {
    status: 400,
    de: 'Die Anfrage hat keinen Inhalt, obwohl ihr Format einen verlangt.',
    en: 'The request has no body although its content type requires one.',
  },
  'request.format_nicht_unterstuetzt': {
    status: 415,
    de: 'Das Format {format} wird hier nicht angenommen.',
    en: 'The content type {format} is not accepted here.',
  },
  'request.multipart_ungueltig': {
    status: 400,
    de: 'Die Datei konnte nicht gelesen werden: Der Inhalt der Anfrage ist kein vollständiges multipart/form-data mit dem Feld file.',
    en: 'The file could not be read: the request body is not complete multipart/form-data with the field file.',
  },
  'request.zu_gross': {
    status: 413,
    de: 'Die Anfrage ist zu groß (höchstens {maxMb} MB).',
    en: 'The request is too large (at most {maxMb} MB).',
  },
  'request.adresse_ungueltig': {
    status: 400,
    de: 'Die Adresse der Anfrage ist ungültig.',
    en: 'The request address is invalid.',
  },
  'request.ungueltig': {
    status: 400,
    de: 'Die Anfrage ist fehlerhaft und konnte nicht gelesen werden.',
    en: 'The request is malformed and could not be read.',
  },
  'request.adresse_zu_lang': {
    status: 414,
    de: 'Die Adresse der Anfrage ist zu lang.',
    en: 'The request address is too long.',
  },
  'request.kopfzeilen_zu_gross': {
    status: 431,
    de: 'Die Kopfzeilen der Anfrage sind zu groß.',
    en: 'The request headers are too large.',
  },
  'request.zeitueberschreitung': {
    status: 408,
    de: 'Die Anfrage kam nicht rechtzeitig vollständig an.',
    en: 'The request did not arrive completely in time.',
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
  // --- route guard of the vehicle screens (spec §6, decision 036) --------------------------------
  'guard.no_fahrzeug_modul': {
    status: 403,
    de: 'Keine Berechtigung für die Fahrzeugbuchung.',
    en: 'You are not allowed to book vehicles.',
  },
  'guard.no_sonderfahrten_freigabe': {
    status: 403,
    de: 'Keine Berechtigung für die Freigabe von Sonderfahrten.',
    en: 'You are not allowed to approve special trips.',
  },
  'guard.no_buchung_pflege': {
    status: 403,
    de: 'Nur das Buchungspersonal darf Vormerkungen bestätigen.',
    en: 'Only booking staff may confirm holds.',
  },
  'guard.no_fuehrerscheinpruefung': {
    status: 403,
    de: 'Keine Berechtigung für die Führerscheinprüfung.',
    en: 'You are not allowed to check driving licences.',
  },
  'guard.no_plattform_admin': {
    status: 403,
    de: 'Nur Plattform-Administratoren dürfen Mandanten verwalten.',
    en: 'Only platform administrators may manage tenants.',
  },
  'guard.no_postausgang': {
    status: 403,
    de: 'Keine Berechtigung für den Postausgang.',
    en: 'You are not allowed to read the outbox.',
  },
  // --- utilisation (decision 163) ------------------------------------------------------------------
  'guard.no_auslastung': {
    status: 403,
    de: 'Keine Berechtigung für die Büroauslastung.',
    en: 'You are not allowed to see the office utilisation.',
  },
  // --- evaluation (decision 246) -------------------------------------------------------------------
  'guard.no_auswertung': {
    status: 403,
    de: 'Keine Berechtigung für die Auswertung.',
    en: 'You are not allowed to see the evaluation.',
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
  // --- fleet administration (decision 048) ----------------------------------------------
  'guard.no_fahrzeug_pflege': {
    status: 403,
    de: 'Keine Berechtigung für die Pflege von Fahrzeugen.',
    en: 'You are not allowed to maintain vehicles.',
  },
} as const satisfies Record<string, CatalogueEntry>;
