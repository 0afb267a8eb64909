/**
 * The error catalogue of this area: trips and the logbook.
 * Combined with the other areas' catalogues into `ERRORS` (errors.ts); codes are unique across areas.
 */
import type { CatalogueEntry } from '../error-catalogue.ts';

export const FAHRTEN_ERRORS = {
  // --- logbook (packages/domain/src/fahrten/fahrtenbuch) --------------------------------------------
  'fahrtenbuch.ende_vor_beginn': {
    status: 422,
    de: 'Das Ende der Fahrt muss nach ihrem Beginn liegen.',
    en: 'The trip must end after it starts.',
  },
  'fahrtenbuch.kilometer_ungueltig': {
    status: 400,
    de: 'Kilometerstände sind ganze Zahlen ab 0.',
    en: 'Mileage readings are whole numbers from 0.',
  },
  /** {value}: the trip's start reading; a trip of 0 km is recorded (decision 092). */
  'fahrtenbuch.kilometer_unter_beginn': {
    status: 400,
    de: 'Kilometerstand muss mindestens {value} sein.',
    en: 'Mileage must be at least {value}.',
  },
  'fahrtenbuch.kilometer_zu_gross': {
    status: 400,
    de: 'Kilometerstand muss kleiner als {value} sein.',
    en: 'Mileage must be less than {value}.',
  },
  'fahrtenbuch.gesperrt': {
    status: 409,
    de: 'Der Eintrag ist gesperrt: Zweck und Geschäftspartner konnten bis zum {datum} ergänzt werden.',
    en: 'The entry is locked: purpose and business partner could be completed until {datum}.',
  },
  'fahrtenbuch.keine_aenderung': {
    status: 422,
    de: 'Die neue Fassung ändert nichts am Eintrag.',
    en: 'The new version does not change the entry.',
  },
  'fahrtenbuch.ablesung_unveraenderlich': {
    status: 422,
    de: 'Datum und Fahrer einer Fahrt stammen aus Check-in und Check-out und werden nicht geändert. Erfassen Sie eine fehlende Fahrt von Hand.',
    en: 'Date and driver of a trip come from check-in and check-out and are not changed. Record a missing trip by hand.',
  },
  'fahrtenbuch.grund_fehlt': {
    status: 422,
    de: 'Bitte geben Sie an, warum der Eintrag korrigiert wird.',
    en: 'Please state why the entry is corrected.',
  },
  // --- check-in and check-out (decisions 063 and 064) ------------------------------------------
  'fahrt.abstellplatz_ungueltig': {
    status: 400,
    de: 'Der Abstellplatz muss einer der Abstellplätze des Standorts sein: [{liste}]',
    en: 'The parking spot must be one of the location’s parking spots: [{liste}]',
  },
  'fahrt.schadensort_ungueltig': {
    status: 400,
    de: 'Der Schadensort „{ort}“ ist nicht erlaubt. Erlaubt sind: {liste}.',
    en: 'The damage location "{ort}" is not allowed. Allowed are: {liste}.',
  },
  /** The location has no parking spots, but one was named (no raw '[]'). */
  'fahrt.abstellplatz_keine': {
    status: 400,
    de: 'Der Standort hat keine Abstellplätze; bitte keinen Abstellplatz angeben.',
    en: 'The location has no parking spots; please leave the parking spot empty.',
  },
  'fahrt.vorbuchung_nicht_ausgecheckt': {
    status: 409,
    de: 'Ein CheckIn ist nicht möglich, da die vorherige Buchung des Fahrzeugs noch nicht ausgecheckt wurde.',
    en: 'Check-in is not possible because the vehicle’s previous booking has not been checked out yet.',
  },
  'fahrt.zu_viele_dateien': {
    status: 400,
    de: 'Fehler beim Hochladen der Datei: Höchstens {max#Beleg|Belege} und ein Foto je Schaden.',
    en: 'Error uploading the file: at most {max#receipt|receipts} and one photo per damage.',
  },
  'fahrt.feld_unbekannt': {
    status: 400,
    de: "Fehler beim Hochladen der Datei: Das Feld '{feld}' ist unbekannt.",
    en: "Error uploading the file: the field '{feld}' is unknown.",
  },
} as const satisfies Record<string, CatalogueEntry>;
