/** Who may do what in reading rooms and workspaces: rooms and places, equipment, opening hours (decision 204). */
import { policies } from '../policy-regel.ts';

export const LESERAUM_POLICIES = policies({
  'raeume.pflegen': {
    bildschirm: '/admin/raeume',
    beschreibung: { de: 'Grundrisse und Plätze pflegen', en: 'Maintain floor plans and places' },
  },
  'ausstattung.pflegen': {
    bildschirm: '/admin/ausstattung',
    beschreibung: { de: 'Ausstattung pflegen', en: 'Maintain equipment' },
  },
  'oeffnungszeiten.pflegen': {
    bildschirm: '/admin/oeffnungszeiten',
    beschreibung: { de: 'Öffnungszeiten und Sonderöffnungszeiten pflegen', en: 'Maintain opening hours' },
  },
  'spinde.verwalten': {
    rechte: ['objekt_pflege'],
    fehler: 'auth.forbidden',
    beschreibung: {
      de: 'Spindbänke und Spinde anlegen, zuweisen und räumen',
      en: 'Create, assign and clear locker banks and lockers',
    },
  },
  'buchungen.pflegen': {
    rechte: ['buchung_pflege'],
    fehler: 'auth.forbidden',
    beschreibung: {
      de: 'Buchungen anderer pflegen: Vormerkungen bestätigen, ablehnen, stornieren',
      en: "Maintain other people's bookings: confirm, decline, cancel holds",
    },
  },
});
