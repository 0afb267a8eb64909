/** Who may do what with trips and the logbook (decision 204). */
import { policies } from '../policy-regel.ts';

export const FAHRTEN_POLICIES = policies({
  'fahrtenbuch.report': {
    rechte: ['fahrzeug_logbuch_report'],
    fehler: 'auth.forbidden',
    beschreibung: { de: 'Fahrtenbuch-Reports abrufen', en: 'Fetch logbook reports' },
  },
  'fahrtenbuch.lesen': {
    rechte: ['fahrzeug_pflege', 'fahrzeug_logbuch_report'],
    fehler: 'auth.forbidden',
    beschreibung: { de: 'Das Fahrtenbuch aller Fahrzeuge lesen', en: 'Read the logbook of every vehicle' },
  },
  'fahrten.eintragen': {
    rechte: ['fahrzeug_buchen', 'fahrzeug_fremdbuchung', 'fahrzeug_pflege', 'fahrzeug_logbuch_report'],
    fehler: 'auth.forbidden',
    beschreibung: {
      de: 'Fahrten im Fahrtenbuch vervollständigen (eigene, oder alle mit Fuhrparkrecht)',
      en: 'Complete trips in the logbook (own ones, or all with the fleet right)',
    },
  },
  'fahrten.verwalten': {
    rechte: ['buchung_pflege', 'fahrzeug_pflege'],
    fehler: 'auth.forbidden',
    beschreibung: {
      de: 'Alle Fahrten und Fahrzeugbuchungen des Mandanten sehen und verwalten',
      en: 'See and manage every trip and vehicle booking of the tenant',
    },
  },
});
