/** Who may do what in the vehicle area: the fleet, blocks and booking at all (decision 204). */
import { policies } from '../policy-regel.ts';

export const FAHRZEUGE_POLICIES = policies({
  'fahrzeuge.pflegen': {
    bildschirm: '/admin/fahrzeuge',
    beschreibung: { de: 'Fahrzeuge pflegen', en: 'Maintain vehicles' },
  },
  'fuhrpark.verwalten': {
    rechte: ['fahrzeug_pflege'],
    fehler: 'auth.forbidden',
    beschreibung: {
      de: 'Den Fuhrpark verwalten: Sperren, Serviceheft, Fahrten anderer',
      en: "Manage the fleet: blocks, service book, other people's trips",
    },
  },
  'fahrzeuge.fuer_andere_buchen': {
    rechte: ['fahrzeug_fremdbuchung'],
    fehler: 'auth.forbidden',
    beschreibung: { de: 'Fahrzeuge für andere buchen', en: 'Book vehicles for other people' },
  },
  'sonderfahrten.freigeben': {
    rechte: ['fahrzeug_freigabe_von_sonderfahrten'],
    fehler: 'guard.no_sonderfahrten_freigabe',
    beschreibung: { de: 'Sonderfahrten freigeben oder ablehnen', en: 'Approve or reject special trips' },
  },
  'fuehrerscheine.pruefen': {
    rechte: ['fahrzeug_fuehrerscheinpruefung'],
    fehler: 'auth.forbidden',
    beschreibung: { de: 'Führerscheine prüfen', en: 'Check driving licences' },
  },
  'serviceheft.lesen': {
    rechte: ['fahrzeug_buchen', 'fahrzeug_fremdbuchung', 'fahrzeug_pflege', 'fahrzeug_logbuch_report'],
    fehler: 'auth.forbidden',
    beschreibung: { de: 'Das Serviceheft eines Fahrzeugs lesen', en: "Read a vehicle's service book" },
  },
  'fahrzeuge.buchen': {
    rechte: ['fahrzeug_buchen', 'fahrzeug_fremdbuchung'],
    fehler: 'auth.forbidden',
    beschreibung: { de: 'Den Fahrzeugbereich nutzen (buchen)', en: 'Use the vehicle area (book)' },
  },
});
