/**
 * The error catalogue of the assistant (decisions 190, 219): refusals the assistant gives itself. Refusals of the
 * booking rules come from the areas' catalogues through the screens' operations. Combined into `ERRORS` (errors.ts).
 */
import type { CatalogueEntry } from '../error-catalogue.ts';

export const ASSISTENT_ERRORS = {
  'assistent.fremde_personen': {
    status: 403,
    de: 'Über andere Personen gebe ich keine Auskunft. Ich kann Ihnen nur Ihre eigenen Buchungen zeigen.',
    en: 'I cannot give information about other people. I can only show you your own bookings.',
  },
  'assistent.kein_fahrzeug_frei': {
    status: 409,
    de: 'In diesem Zeitraum ist kein Fahrzeug für Sie frei.',
    en: 'No vehicle is free for you in this period.',
  },
  'assistent.kein_platz_frei': {
    status: 409,
    de: 'In diesem Zeitraum ist kein Platz für Sie frei.',
    en: 'No place is free for you in this period.',
  },
  'assistent.keine_buchung': {
    status: 404,
    de: 'Ich habe keine passende Buchung von Ihnen gefunden.',
    en: 'I found no matching booking of yours.',
  },
  'assistent.fahrzeug_checkin_seite': {
    status: 409,
    de: 'Den Check-in eines Fahrzeugs machen Sie mit dem Kilometerstand unter „Meine Buchungen“.',
    en: 'Check in to a vehicle with its odometer reading under “My bookings”.',
  },
  'assistent.spinde_aus': {
    status: 404,
    de: 'Spinde sind in Ihrer Organisation nicht eingeschaltet.',
    en: 'Lockers are not switched on in your organisation.',
  },
  'assistent.standort_fehlt': {
    status: 400,
    de: 'An welchem Standort? Spinde gibt es hier: {liste}.',
    en: 'At which location? There are lockers here: {liste}.',
  },
  'assistent.nicht_ausfuehrbar': {
    status: 400,
    de: 'Das kann ich hier noch nicht ausführen. Bitte nutzen Sie die Seiten der App.',
    en: 'I cannot do that here yet. Please use the pages of the app.',
  },
} as const satisfies Record<string, CatalogueEntry>;
