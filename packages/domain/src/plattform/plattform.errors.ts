/**
 * The error catalogue of this area: uploads and the calendar.
 * Combined with the other areas' catalogues into `ERRORS` (errors.ts); codes are unique across areas.
 */
import type { CatalogueEntry } from '../error-catalogue.ts';

export const PLATTFORM_ERRORS = {
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
} as const satisfies Record<string, CatalogueEntry>;
