/**
 * The error catalogue of this area: vehicles, their bookings, blocks, special approvals, service book and driving licences.
 * Combined with the other areas' catalogues into `ERRORS` (errors.ts); codes are unique across areas.
 */
import type { CatalogueEntry } from '../error-catalogue.ts';

export const FAHRZEUGE_ERRORS = {
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
    status: 422,
    de: 'Der Beginn der Buchung muss vor ihrem Ende liegen.',
    en: 'The booking must start before it ends.',
  },
  'fahrzeug_buchung.ausserhalb_gueltigkeit': {
    status: 422,
    de: 'Das Fahrzeug ist im gewählten Zeitraum nicht buchbar.',
    en: 'The vehicle cannot be booked in the chosen period.',
  },
  'fahrzeug_buchung.ausserhalb_buchungszeitraum': {
    status: 422,
    de: 'Die Buchung liegt außerhalb der Buchungszeiten des Fahrzeugs ({von} bis {bis}).',
    en: 'The booking lies outside the booking times of the vehicle ({von} to {bis}).',
  },
  'fahrzeug_buchung.ueberschneidung': {
    status: 409,
    de: 'Das Fahrzeug ist im gewählten Zeitraum bereits gebucht.',
    en: 'The vehicle is already booked in the chosen period.',
  },
  'fahrzeug_buchung.noch_unterwegs': {
    status: 409,
    de: 'Das Fahrzeug ist noch unterwegs: Die vorherige Fahrt wurde noch nicht ausgecheckt.',
    en: 'The vehicle is still on the road: the previous trip has not been checked out yet.',
  },
  'fahrzeug_buchung.zu_kurz': {
    status: 422,
    de: 'Eine Buchung muss mindestens {minuten#Minute|Minuten} dauern.',
    en: 'A booking must last at least {minuten#minute|minutes}.',
  },
  'fahrzeug_buchung.zu_weit_im_voraus': {
    status: 422,
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
    status: 422,
    de: 'Für dieses Fahrzeug ist die Führerscheinklasse {klasse} nötig.',
    en: 'This vehicle requires driving-licence class {klasse}.',
  },
  'fuehrerschein.ausstellung_nach_beginn': {
    status: 422,
    de: 'Der Führerschein wurde erst nach Beginn der Buchung ausgestellt.',
    en: 'The driving licence was issued after the booking starts.',
  },
  'fuehrerschein.pruefung_abgelaufen': {
    status: 422,
    de: 'Die Führerscheinprüfung ist abgelaufen oder läuft vor Ende der Buchung ab. Bitte wenden Sie sich an die Führerscheinprüfung.',
    en: 'The driving-licence check has lapsed or lapses before the booking ends. Please contact the licence checkers.',
  },
  'fuehrerschein.fehlt': {
    status: 422,
    de: 'Zum Buchen von Fahrzeugen ist ein geprüfter Führerschein nötig. Bitte wenden Sie sich an die Führerscheinprüfung.',
    en: 'A checked driving licence is required to book vehicles. Please contact the licence checkers.',
  },
  'fuehrerschein.fahrverbot': {
    status: 422,
    de: 'Im gewählten Zeitraum besteht ein Fahrverbot. Bitte wenden Sie sich an die Führerscheinprüfung.',
    en: 'A driving ban applies in the chosen period. Please contact the licence checkers.',
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
  // --- vehicle booking rules (decision 040) ---------------------------------------------
  'fahrzeug_buchung.in_vergangenheit': {
    status: 422,
    de: 'Eine Buchung kann nicht in der Vergangenheit beginnen.',
    en: 'A booking cannot start in the past.',
  },
  'fahrzeug_buchung.ende_in_vergangenheit': {
    status: 422,
    de: 'Das Ende der Buchung darf nicht in der Vergangenheit liegen.',
    en: 'The end of the booking must not lie in the past.',
  },
  'fahrzeug_buchung.beginn_unveraenderlich': {
    status: 422,
    de: 'Die Buchung hat bereits begonnen; ihr Beginn kann nicht mehr geändert werden.',
    en: 'The booking has already started; its start can no longer be changed.',
  },
  'fahrzeug_buchung.takt': {
    status: 422,
    de: 'Beginn und Ende müssen im {minuten}-Minuten-Takt liegen.',
    en: 'Start and end must be on a {minuten}-minute step.',
  },
  'fahrzeug_buchung.fahrzeug_deaktiviert': {
    status: 422,
    de: 'Das Fahrzeug ist deaktiviert und kann nicht gebucht werden.',
    en: 'The vehicle is deactivated and cannot be booked.',
  },
  /** An overdue UVV inspection (DGUV Vorschrift 70) when the tenant blocks booking (decision 068). */
  'fahrzeug_buchung.uvv_ueberfaellig': {
    status: 409,
    de: 'Das Fahrzeug kann nicht gebucht werden: Die UVV-Prüfung war am {datum} fällig und ist noch nicht eingetragen.',
    en: 'The vehicle cannot be booked: its UVV inspection was due on {datum} and has not been recorded.',
  },
  /** The same as a notice when the tenant only warns (decision 068). */
  'fahrzeug_buchung.uvv_ueberfaellig_hinweis': {
    status: 400,
    de: 'Hinweis: Die UVV-Prüfung des Fahrzeugs war am {datum} fällig und ist noch nicht eingetragen.',
    en: 'Note: the UVV inspection of the vehicle was due on {datum} and has not been recorded.',
  },
  /** An overdue HU (general inspection) when the tenant blocks booking (like the UVV's). */
  'fahrzeug_buchung.hu_ueberfaellig': {
    status: 409,
    de: 'Das Fahrzeug kann nicht gebucht werden: Die Hauptuntersuchung (HU) war am {datum} fällig und ist noch nicht eingetragen.',
    en: 'The vehicle cannot be booked: its general inspection (HU) was due on {datum} and has not been recorded.',
  },
  'fahrzeug_buchung.hu_ueberfaellig_hinweis': {
    status: 400,
    de: 'Hinweis: Die Hauptuntersuchung (HU) des Fahrzeugs war am {datum} fällig und ist noch nicht eingetragen.',
    en: 'Note: the general inspection (HU) of the vehicle was due on {datum} and has not been recorded.',
  },
  'serviceheft.faelligkeit_nur_hu_uvv': {
    status: 400,
    de: 'Eine nächste Fälligkeit gibt es nur bei HU und UVV-Prüfung.',
    en: 'Only the HU and the UVV inspection have a next due date.',
  },
  'serviceheft.typ_unbekannt': {
    status: 400,
    de: 'Typ {typ} unbekannt',
    en: 'Type {typ} unknown',
  },
  'fahrzeug_buchung.gesperrt': {
    status: 409,
    de: 'Das Fahrzeug ist im gewählten Zeitraum wegen Wartung, Service oder Defekt gesperrt.',
    en: 'The vehicle is blocked for maintenance, service or a defect in the chosen period.',
  },
  'fahrzeug_buchung.mindestabstand': {
    status: 409,
    de: 'Zwischen zwei Buchungen des Fahrzeugs {stunden?muss|müssen} mindestens {stunden#Stunde|Stunden} liegen.',
    en: 'There must be at least {stunden#hour|hours} between two bookings of the vehicle.',
  },
  'fahrzeug_buchung.mindestabstand_minuten': {
    status: 409,
    de: 'Zwischen zwei Buchungen des Fahrzeugs {minuten?muss|müssen} mindestens {minuten#Minute|Minuten} liegen.',
    en: 'There must be at least {minuten#minute|minutes} between two bookings of the vehicle.',
  },
  'fahrzeug_buchung.fahrer_doppelt': {
    status: 409,
    de: '{fahrer} hat in dieser Zeit schon ein Fahrzeug gebucht ({kennzeichen}, {zeitraum}). Eine Person kann nicht zwei Fahrzeuge gleichzeitig fahren.',
    en: '{fahrer} already has a vehicle booked in this period ({kennzeichen}, {zeitraum}). One person cannot drive two vehicles at the same time.',
  },
  'fahrzeug_buchung.vor_buchungsstart': {
    status: 422,
    de: 'Eine Buchung ist frühestens ab {datum} {zeit} Uhr möglich.',
    en: 'A booking is possible from {datum} {zeit} at the earliest.',
  },
  'fahrzeug_buchung.freigeber_fehlt': {
    status: 422,
    de: 'Die Fahrt liegt außerhalb der Buchungszeiten: Bitte mindestens eine Person für die Sonderfreigabe auswählen.',
    en: 'The trip lies outside the booking times: please choose at least one person to approve it.',
  },
  'fahrzeug_buchung.freigeber_ungueltig': {
    status: 422,
    de: 'Die gewählte Person darf keine Sonderfahrten freigeben.',
    en: 'The chosen person may not approve special trips.',
  },
  'fahrzeug_buchung.bereits_eingecheckt': {
    status: 409,
    de: 'Die Fahrt hat bereits begonnen (Check-in erfolgt).',
    en: 'The trip has already started (checked in).',
  },
  'fahrzeug_buchung.nicht_eingecheckt': {
    status: 409,
    de: 'Ein Check-out ist erst nach dem Check-in möglich.',
    en: 'Check-out is only possible after check-in.',
  },
  'fahrzeug_buchung.bereits_ausgecheckt': {
    status: 409,
    de: 'Die Fahrt ist bereits beendet (Check-out erfolgt).',
    en: 'The trip has already ended (checked out).',
  },
  'fahrzeug_buchung.checkin_sperre': {
    status: 409,
    de: 'Eine Wartung, ein Service oder ein Defekt hat keinen Check-in.',
    en: 'Maintenance, service or defect blocks have no check-in.',
  },
  'fahrzeug_buchung.buchen_nicht_erlaubt': {
    status: 403,
    de: 'Sie dürfen keine Fahrzeuge buchen.',
    en: 'You may not book vehicles.',
  },
  // cancelling someone else's trip (decision 149): the booker is mailed the reason and keeps seeing it
  'fahrzeug_buchung.grund_fehlt': {
    status: 400,
    de: 'Bitte geben Sie einen Grund an; die buchende Person erhält ihn per E-Mail.',
    en: 'Please give a reason; the booker receives it by e-mail.',
  },
  'fahrzeug_sperre.fahrt_laeuft': {
    status: 409,
    de: 'Im gewählten Zeitraum ist das Fahrzeug unterwegs; die Sperre kann erst nach dem Check-out beginnen.',
    en: 'The vehicle is on a trip in the chosen period; the block can only start after its check-out.',
  },
  // --- blocks (decision 056) ---------------------------------------------------------------
  'fahrzeug_sperre.vorschau_veraltet': {
    status: 409,
    de: 'Die Buchungen des Fahrzeugs haben sich seit der Vorschau geändert. Bitte die Vorschau neu laden.',
    en: "The vehicle's bookings changed since the preview. Please load the preview again.",
  },
  'sonderfreigabe.nicht_freigeber': {
    status: 403,
    de: 'Sie sind für diese Buchung nicht zur Freigabe eingetragen.',
    en: 'You are not listed as an approver of this booking.',
  },
  'sonderfreigabe.bereits_entschieden': {
    status: 409,
    de: 'Über diese Freigabe wurde bereits entschieden.',
    en: 'This approval has already been decided.',
  },
  'sonderfreigabe.nicht_offen': {
    status: 409,
    de: 'Die Buchung wartet nicht mehr auf eine Freigabe.',
    en: 'The booking no longer awaits approval.',
  },
  'fahrzeug.kennzeichen_vergeben': {
    status: 409,
    de: 'Ein Fahrzeug mit dem Kennzeichen {kennzeichen} gibt es bereits.',
    en: 'A vehicle with the licence plate {kennzeichen} already exists.',
  },
  'fahrzeug.standort_unbekannt': {
    status: 404,
    de: 'Die gewählte Lokation wurde nicht gefunden.',
    en: 'The chosen location was not found.',
  },
  'fahrzeug.veraltet': {
    status: 409,
    de: 'Das Fahrzeug wurde inzwischen geändert. Bitte laden Sie die Seite neu und prüfen Sie Ihre Änderung.',
    en: 'The vehicle has been changed in the meantime. Please reload the page and check your change.',
  },
  'fahrzeug.stornierung_bestaetigen': {
    status: 409,
    de: 'Die Änderung storniert {anzahl#Buchung|Buchungen}. Bitte prüfen und bestätigen Sie die Liste.',
    en: 'The change cancels {anzahl#booking|bookings}. Please review and confirm the list.',
  },
  'fahrzeug.in_verwendung': {
    status: 409,
    de: 'Das Fahrzeug {kennzeichen} hat Buchungen oder Historieneinträge und kann nicht gelöscht werden. Deaktivieren Sie es stattdessen.',
    en: 'The vehicle {kennzeichen} has bookings or history entries and cannot be deleted. Deactivate it instead.',
  },
  'fuehrerschein.klasse_abgelaufen': {
    status: 422,
    de: 'Die Führerscheinklasse {klasse} ist nur bis {datum} gültig. Bitte wenden Sie sich an die Führerscheinprüfung.',
    en: 'Driving-licence class {klasse} is only valid until {datum}. Please contact the licence checkers.',
  },
  'fuehrerschein.dokument_abgelaufen': {
    status: 400,
    de: 'Das Führerscheindokument ist seit {datum} abgelaufen.',
    en: 'The driving-licence document expired on {datum}.',
  },
  'fuehrerschein.original_nicht_gesehen': {
    status: 400,
    de: 'Bitte bestätigen Sie, dass das Original des Führerscheins vorgelegen hat.',
    en: 'Please confirm that the original driving licence was seen.',
  },
  'fuehrerschein.pruefmethode_unbekannt': {
    status: 400,
    de: 'Die Prüfmethode {methode} ist nicht vorgesehen.',
    en: 'The check method {methode} is not provided for.',
  },
  // --- driver licences (decision 050) ---
  'fuehrerschein.kein_eintrag': {
    status: 409,
    de: 'Bitte erfassen Sie zuerst die Führerscheindaten dieser Person.',
    en: "Please enter this person's driving-licence data first.",
  },
  'fuehrerschein.fahrverbot_zeitraum': {
    status: 422,
    de: 'Das Ende des Fahrverbots darf nicht vor seinem Beginn liegen.',
    en: 'The driving ban cannot end before it begins.',
  },
} as const satisfies Record<string, CatalogueEntry>;
