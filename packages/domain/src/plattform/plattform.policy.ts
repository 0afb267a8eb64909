/** Who may do what on the platform's devices: the kiosks at a location (decision 204). */
import { policies } from '../policy-regel.ts';

export const PLATTFORM_POLICIES = policies({
  'kiosks.verwalten': {
    rechte: ['objekt_pflege'],
    fehler: 'auth.forbidden',
    beschreibung: {
      de: 'Kiosk-Bildschirme koppeln, einstellen und widerrufen',
      en: 'Pair, set up and revoke kiosk screens',
    },
  },
});
