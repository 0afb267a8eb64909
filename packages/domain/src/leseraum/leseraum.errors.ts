/**
 * The error catalogue of this area: reading rooms, floor plans, equipment, opening hours, place bookings and office lockers.
 * Combined with the other areas' catalogues into `ERRORS` (errors.ts); codes are unique across areas.
 */
import type { CatalogueEntry } from '../error-catalogue.ts';

export const LESERAUM_ERRORS = {
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
    de: 'Eine Buchung muss mindestens {minuten#Minute|Minuten} dauern.',
    en: 'A booking must last at least {minuten#minute|minutes}.',
  },
  'leseraum_buchung.zu_lang': {
    status: 400,
    de: 'Eine Buchung darf höchstens {minuten#Minute|Minuten} dauern.',
    en: 'A booking may last at most {minuten#minute|minutes}.',
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
  /** Decision 261: a taken place is refused with the nearest free place of the same room offered. */
  'leseraum_buchung.belegt_angebot': {
    status: 409,
    de: 'Der Platz ist im gewählten Zeitraum bereits belegt. Frei ist noch: {platz} ({frei#freier Platz|freie Plätze} in diesem Raum).',
    en: 'The seat is already taken in the chosen period. Still free: {platz} ({frei#free seat|free seats} in this room).',
  },
  'leseraum_buchung.tag_nicht_buchbar': {
    status: 400,
    de: 'Am {datum} kann nicht gebucht werden.',
    en: 'Bookings are not possible on {datum}.',
  },
  'leseraum_buchung.platz_inaktiv': {
    status: 409,
    de: 'Dieser Platz oder sein Grundriss ist derzeit nicht buchbar.',
    en: 'This place or its floor plan cannot be booked at the moment.',
  },
  'leseraum_buchung.eigener_platz': {
    status: 409,
    de: 'Dieser Platz ist der eigene Platz einer anderen Person und kann nicht gebucht werden.',
    en: "This is another person's own place and cannot be booked.",
  },
  'leseraum_buchung.gruppengroesse': {
    status: 400,
    de: 'Die Gruppengröße muss zwischen 1 und {max} liegen.',
    en: 'The group size must be between 1 and {max}.',
  },
  'leseraum_buchung.nicht_berechtigt': {
    status: 403,
    de: 'Diesen Schritt darf nur die buchende Person oder das Buchungspersonal ausführen.',
    en: 'Only the booker or booking staff may take this step.',
  },
  /** {frist}: the deadline's time of day (the booking's start). */
  'leseraum_buchung.frist_abgelaufen': {
    status: 409,
    de: 'Die Vormerkung konnte nur bis {frist} Uhr bestätigt werden und ist abgelaufen.',
    en: 'The hold could only be confirmed until {frist} and has expired.',
  },
  'leseraum_buchung.nicht_reserviert': {
    status: 409,
    de: 'Bitte bestätigen Sie die Vormerkung, bevor Sie einchecken.',
    en: 'Please confirm the hold before checking in.',
  },
  'leseraum_buchung.check_in_fenster': {
    status: 409,
    de: 'Einchecken ist nur von {beginn} bis {ende} Uhr möglich.',
    en: 'Check-in is only possible from {beginn} to {ende}.',
  },
  // POST /api/mail (decision 052): {typ} a mail type of spec §7, {status} the booking's status
  'leseraum_buchung.mail_passt_nicht': {
    status: 409,
    de: 'Die Mail {typ} gehört nicht zu einer Buchung im Status {status}.',
    en: 'The mail {typ} does not belong to a booking with status {status}.',
  },
  'leseraum_buchung.mail_alt_fehlt': {
    status: 400,
    de: 'Für die Mail useMailBuchungAngepasst wird die bisherige Buchung (buchungAlt) gebraucht.',
    en: 'The mail useMailBuchungAngepasst needs the previous booking (buchungAlt).',
  },
  'leseraum_buchung.mail_alt_unerwartet': {
    status: 400,
    de: 'Nur die Mail useMailBuchungAngepasst nimmt eine bisherige Buchung (buchungAlt).',
    en: 'Only the mail useMailBuchungAngepasst takes a previous booking (buchungAlt).',
  },
  // staff cancel or decline under their own right (decision 118, 136): the booker is mailed the reason
  'leseraum_buchung.grund_fehlt': {
    status: 400,
    de: 'Bitte geben Sie einen Grund an; die buchende Person erhält ihn per E-Mail.',
    en: 'Please give a reason; the booker receives it by e-mail.',
  },
  'leseraum_buchung.nicht_zu_bestaetigen': {
    status: 409,
    de: 'Diese Vormerkung wartet nicht auf die Bestätigung durch das Buchungspersonal.',
    en: 'This hold is not waiting for confirmation by booking staff.',
  },
  'leseraum_buchung.mail_kein_bestaetiger': {
    status: 409,
    de: 'Diese Buchung hat noch keine bestätigende Person.',
    en: 'This booking has no confirmer yet.',
  },
  'ausstattung.name_vergeben': {
    status: 409,
    de: 'Eine Ausstattung mit dem Namen {name} gibt es bereits.',
    en: 'Equipment named {name} already exists.',
  },
  'ausstattung.in_verwendung': {
    status: 409,
    de: 'Die Ausstattung {name} ist {raeume#Raum|Räumen} zugeordnet und kann nicht gelöscht werden.',
    en: 'The equipment {name} is assigned to {raeume#room|rooms} and cannot be deleted.',
  },
  // --- /admin/raeume (decision 051) ---
  'grundriss.in_verwendung': {
    status: 409,
    de: 'Der Grundriss {name} hat bereits {buchungen#Buchung|Buchungen} und kann nicht gelöscht werden. Bitte deaktivieren Sie ihn stattdessen.',
    en: 'The floor plan {name} already has {buchungen#booking|bookings} and cannot be deleted. Please deactivate it instead.',
  },
  'leseraum.in_verwendung': {
    status: 409,
    de: 'Der Platz {name} hat bereits {buchungen#Buchung|Buchungen} und kann nicht gelöscht werden. Bitte deaktivieren Sie ihn stattdessen.',
    en: 'The place {name} already has {buchungen#booking|bookings} and cannot be deleted. Please deactivate it instead.',
  },
  'leseraum.deaktivierung_bestaetigen': {
    status: 409,
    de: 'Für {name} gibt es {anzahl#künftige Buchung|künftige Buchungen}. Bitte bestätigen Sie, dass sie storniert {anzahl?wird|werden}.',
    en: 'There {anzahl?is|are} {anzahl#future booking|future bookings} of {name}. Please confirm that {anzahl?it|they} will be cancelled.',
  },
  'leseraum.ausstattung_unbekannt': {
    status: 400,
    de: 'Die Ausstattung {id} gibt es nicht.',
    en: 'The equipment {id} does not exist.',
  },
  'leseraum.standort_unbekannt': {
    status: 400,
    de: 'Die Lokation {id} gibt es nicht.',
    en: 'The location {id} does not exist.',
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
    de: 'Im geschlossenen Zeitraum {anzahl?liegt|liegen} {anzahl#Buchung|Buchungen}. Bitte bestätigen Sie, dass sie storniert {anzahl?wird|werden}.',
    en: 'There {anzahl?is|are} {anzahl#booking|bookings} in the closed period. Please confirm that {anzahl?it|they} will be cancelled.',
  },
  'spind.csv_fehler': {
    status: 400,
    de: 'Die Spind-Liste enthält Fehler, es wurde nichts importiert: {zeilen}',
    en: 'The locker list has errors, nothing was imported: {zeilen}',
  },
  'spind.keiner_frei': {
    status: 409,
    de: 'An diesem Standort ist in diesem Zeitraum kein passender Spind frei.',
    en: 'No suitable locker is free at this location in this period.',
  },
  'spind.noch_nicht_leerbar': {
    status: 409,
    de: 'Sie können den Spind erst an seinem letzten Buchungstag als geleert bestätigen.',
    en: 'You can confirm the locker emptied only from the last day of its booking.',
  },
  'spind.zuweisung_vorbei': {
    status: 409,
    de: 'Diese Zuweisung ist bereits beendet.',
    en: 'This assignment has already ended.',
  },
  'spind.storno_nur_tagesspind': {
    status: 409,
    de: 'Dieser Spind gehört zu Ihrer Platzbuchung oder ist Ihnen dauerhaft zugewiesen. Stornieren Sie die Platzbuchung oder wenden Sie sich an die Verwaltung.',
    en: 'This locker belongs to your place booking or is assigned to you permanently. Cancel the place booking or contact the administration.',
  },
} as const satisfies Record<string, CatalogueEntry>;
