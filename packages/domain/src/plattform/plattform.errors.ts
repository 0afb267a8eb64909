/**
 * The error catalogue of this area: uploads, the calendar and the kiosk.
 * Combined with the other areas' catalogues into `ERRORS` (errors.ts); codes are unique across areas.
 */
import type { CatalogueEntry } from '../error-catalogue.ts';

export const PLATTFORM_ERRORS = {
  // --- web push (decision 245) ---
  'push.abo_ungueltig': {
    status: 400,
    de: 'Push-Anmeldung ungültig: Adresse oder Schlüssel des Browsers fehlerhaft.',
    en: "Invalid push subscription: the browser's address or keys are wrong.",
  },
  'push.zu_viele_geraete': {
    status: 409,
    de: 'Höchstens {max} Push-Geräte: Bitte entfernen Sie zuerst eines.',
    en: 'At most {max} push devices: please remove one first.',
  },
  'kalender.kein_filter': {
    status: 400,
    de: 'Bitte wählen Sie aus, ob das Kalender-Abo Fahrzeugbuchungen, Platzbuchungen oder beides enthält.',
    en: 'Please choose whether the calendar subscription holds vehicle bookings, place bookings or both.',
  },
  // --- uploads (spec §5, §8): every refusal is the catalogue's 'Fehler beim Hochladen der Datei: {message}'
  // with the reason as its message, each reason its own code (and status) so it reads in both languages ---
  'upload.failed': {
    status: 400,
    de: 'Fehler beim Hochladen der Datei: {message}',
    en: 'Error uploading the file: {message}',
  },
  'upload.type_not_allowed': {
    status: 415,
    de: 'Fehler beim Hochladen der Datei: Dieser Dateityp ist hier nicht erlaubt. Erlaubt: {erlaubt}.',
    en: 'Error uploading the file: this file type is not allowed here. Allowed: {erlaubt}.',
  },
  'upload.too_large': {
    status: 413,
    de: 'Fehler beim Hochladen der Datei: Die Datei ist zu groß (höchstens {maxMb} MB).',
    en: 'Error uploading the file: the file is too large (at most {maxMb} MB).',
  },
  'upload.leer': {
    status: 400,
    de: 'Fehler beim Hochladen der Datei: Die Datei ist leer.',
    en: 'Error uploading the file: the file is empty.',
  },
  'upload.keine_datei': {
    status: 400,
    de: "Fehler beim Hochladen der Datei: Es wurde keine Datei im Feld '{feld}' gesendet.",
    en: "Error uploading the file: no file was sent in the field '{feld}'.",
  },
  'upload.kodierung': {
    status: 400,
    de: 'Fehler beim Hochladen der Datei: Die Datei ist nicht in UTF-8 kodiert.',
    en: 'Error uploading the file: the file is not UTF-8 encoded.',
  },
  // --- kiosk (wall screens at a location, decisions 182 and 183) ------------------------------------
  /** A pairing code that is not known, was already used or is older than ten minutes: one text for all. */
  'kiosk.kopplungscode_ungueltig': {
    status: 400,
    de: 'Dieser Kopplungscode ist ungültig oder abgelaufen. Bitte lassen Sie am Bildschirm einen neuen Code anzeigen.',
    en: 'This pairing code is not valid or has expired. Please have the screen show a new code.',
  },
  /** A device token that is unknown, replaced too long ago or whose kiosk was revoked. */
  'kiosk.nicht_gekoppelt': {
    status: 401,
    de: 'Dieser Bildschirm ist nicht (mehr) gekoppelt. Bitte koppeln Sie ihn erneut.',
    en: 'This screen is not (or no longer) paired. Please pair it again.',
  },
  'kiosk.eincheckcode_ungueltig': {
    status: 400,
    de: 'Dieser Code ist kein gültiger Eincheck-Code. Bitte scannen Sie den Code am Bildschirm erneut.',
    en: 'This is not a valid check-in code. Please scan the code on the screen again.',
  },
  'kiosk.eincheckcode_abgelaufen': {
    status: 410,
    de: 'Dieser Eincheck-Code ist abgelaufen. Bitte scannen Sie den aktuellen Code am Bildschirm.',
    en: 'This check-in code has expired. Please scan the current code on the screen.',
  },
  'kiosk.eincheckcode_verwendet': {
    status: 409,
    de: 'Sie haben diesen Eincheck-Code bereits verwendet. Bitte scannen Sie den aktuellen Code am Bildschirm.',
    en: 'You have already used this check-in code. Please scan the current code on the screen.',
  },
  'kiosk.eincheckcode_anderer_standort': {
    status: 409,
    de: 'Dieser Bildschirm gehört zu einem anderen Standort als Ihre Buchung. Bitte scannen Sie den Code an Ihrem Standort.',
    en: 'This screen belongs to another location than your booking. Please scan the code at your location.',
  },
  'kiosk.keine_buchung': {
    status: 409,
    de: 'Sie haben an diesem Standort jetzt keine Buchung, in die Sie einchecken können.',
    en: 'You have no booking at this location that you can check in to now.',
  },
} as const satisfies Record<string, CatalogueEntry>;
