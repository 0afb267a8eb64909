/**
 * What was not found (decision 180): every 404 of a thing names its type and id, in the user's language
 * ('Fahrzeug „3f2a…“ wurde nicht gefunden.'). An unknown address and a switched-off area keep the plain
 * `new DomainError('not_found')` ('Der Eintrag wurde nicht gefunden.'), as a page that is not there.
 */
import { DomainError } from './errors.ts';
import type { Texts } from './language.ts';

/** The things a request can name by id, with their names as the glossary gives them. */
export const GEGENSTAENDE = {
  ausstattung: { de: 'Ausstattung', en: 'Equipment' },
  benutzer: { de: 'Benutzer', en: 'User' },
  loeschbericht: { de: 'Löschbericht zum Benutzer', en: 'Erasure report of the user' },
  bereich: { de: 'Bereich', en: 'Area' },
  buchung: { de: 'Buchung', en: 'Booking' },
  datei: { de: 'Datei', en: 'File' },
  fahrt: { de: 'Fahrt', en: 'Trip' },
  fahrtenbuch_eintrag: { de: 'Fahrtenbuch-Eintrag', en: 'Logbook entry' },
  fahrzeug: { de: 'Fahrzeug', en: 'Vehicle' },
  fahrzeug_bild: { de: 'Fahrzeugbild', en: 'Vehicle picture' },
  fahrzeug_buchung: { de: 'Fahrzeugbuchung', en: 'Vehicle booking' },
  fahrzeug_sperre: { de: 'Fahrzeugsperre', en: 'Vehicle block' },
  grundriss: { de: 'Grundriss', en: 'Floor plan' },
  gruppe: { de: 'Gruppe', en: 'Group' },
  identitaet: { de: 'Anmeldeweg', en: 'Sign-in method' },
  kalender_abo: { de: 'Kalender-Abo', en: 'Calendar subscription' },
  kiosk: { de: 'Kiosk', en: 'Kiosk' },
  leseraum_buchung: { de: 'Platzbuchung', en: 'Place booking' },
  mandant: { de: 'Mandant', en: 'Tenant' },
  passkey: { de: 'Passkey', en: 'Passkey' },
  person: { de: 'Person', en: 'Person' },
  platz: { de: 'Platz', en: 'Place' },
  push_abo: { de: 'Push-Gerät', en: 'Push device' },
  rolle: { de: 'Rolle', en: 'Role' },
  schaden: { de: 'Schaden', en: 'Damage' },
  scim_token: { de: 'SCIM-Token', en: 'SCIM token' },
  sitzung: { de: 'Sitzung', en: 'Session' },
  sonderoeffnungszeit: { de: 'Sonderöffnungszeit', en: 'Special opening hours' },
  spind_buchung: { de: 'Spindbuchung', en: 'Locker booking' },
  spind_schloss_auftrag: { de: 'Freigabe an das Schloss-System', en: 'Release to the lock system' },
  spindbank: { de: 'Spindbank', en: 'Locker bank' },
  spind: { de: 'Spind', en: 'Locker' },
  standort: { de: 'Standort', en: 'Location' },
  telefon: { de: 'Telefonnummer', en: 'Phone number' },
  zugriffstoken: { de: 'Zugriffstoken', en: 'Access token' },
  zweiter_faktor: { de: 'Zweiter Faktor', en: 'Second factor' },
} as const satisfies Record<string, Texts>;

export type Gegenstand = keyof typeof GEGENSTAENDE;

/** The 404 of the `typ` with `id` (cut to 100 characters): code `not_found`, params `typ` and `id`. */
export const nichtGefunden = (typ: Gegenstand, id: string): DomainError => {
  const kurz = id.slice(0, 100);
  return new DomainError('not_found', {
    typ,
    id: kurz,
    was_de: `${GEGENSTAENDE[typ].de} „${kurz}“`,
    was_en: `${GEGENSTAENDE[typ].en} "${kurz}"`,
  });
};
