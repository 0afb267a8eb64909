/** The demo data the first start seeds (README "Demo logins"): the platform administrator, the two tenants and their people, rooms and cars. */

import { PERMISSION_NAMES, type PermissionName } from '@stellwerk/domain/permissions';
import type { Bundesland } from '@stellwerk/domain/verwaltung/feiertage';
import type { CarForm } from './seed-images.ts';

/** Password of every demo user (README). */
export const DEMO_PASSWORD = 'stellwerk-demo';

/** The platform administrator (a benutzer of Stadtwerke Musterstadt without tenant roles). */
export const DEMO_PLATFORM_ADMIN = {
  email: 'plattform@stellwerk.example',
  username: 'plattform',
  vorname: 'Petra',
  nachname: 'Brandt',
  employeeId: 'SW-0001',
} as const;

export type UserKey =
  | 'mitarbeiter'
  | 'fuhrpark'
  | 'freigabe'
  | 'fuehrerschein'
  | 'fahrzeugpflege'
  | 'admin'
  | 'zweifaktor'
  | 'passwort'
  | 'faktor';
/**
 * A booker of Stadtwerke Musterstadt whose licence check lapsed a month ago: the licence checkers'
 * list shows an overdue check, and booking is refused with the message. The licence-check journey
 * (e2e/tests/fuehrerschein.spec.ts) records the check; no other journey signs in with this user.
 */
export const DEMO_LAPSED_DRIVER = {
  email: 'fahrer@musterstadt.example',
  username: 'fahrer.musterstadt',
  vorname: 'Uwe',
  nachname: 'Krause',
  // after the numbers of the tenant's sign-ins (MS-1001 to MS-1008), which are counted from 1001
  employeeId: 'MS-1099',
} as const;

export type DemoUser = { key: UserKey; vorname: string; nachname: string; rolle: string };

export type DemoVehicle = {
  marke: string;
  modell: string;
  kennzeichen: string;
  kategorie: string;
  kraftstoff: string;
  leistung: number;
  getriebe: string;
  kofferraum: number;
  sitze: number;
  tueren: number;
  farbe: string;
  farbcode: string;
  form: CarForm;
  buchungAusserhalbMoeglich: boolean;
};

export type DemoTenant = {
  name: string;
  slug: string;
  /** Colour of the generated demo logo. */
  logoFarbe: string;
  /** The legacy customer name (spec §3). */
  kundenname: string;
  domain: string;
  employeePrefix: string;
  features: { FahrzeugBuchung: boolean; Leseraum: boolean };
  rollen: Record<string, readonly PermissionName[]>;
  users: readonly DemoUser[];
  leseraumStandort: string;
  /** The federal state of the demo's locations (their public holidays, decision 163). */
  bundesland: Bundesland;
  grundriss: string;
  fuhrpark?: { standort: string; vehicles: readonly DemoVehicle[] };
};

const ALL_PERMISSIONS: readonly PermissionName[] = PERMISSION_NAMES;

/** The two demo tenants (README "Demo logins"). Each has the same six sign-ins at its own domain. */
export const DEMO_TENANTS: readonly DemoTenant[] = [
  {
    name: 'Stadtwerke Musterstadt',
    slug: 'musterstadt',
    logoFarbe: '#3b5bdb',
    kundenname: 'SWM Musterstadt GmbH',
    domain: 'musterstadt.example',
    employeePrefix: 'MS',
    features: { FahrzeugBuchung: true, Leseraum: true },
    rollen: {
      Mitarbeiter: ['fahrzeug_buchen'],
      Fuhrparkleitung: [
        'fahrzeug_pflege',
        'fahrzeug_fremdbuchung',
        'fahrzeug_buchen',
        'fahrzeug_logbuch_report',
        'auslastung_sehen',
        // decision 246: the fleet manager reads and receives the evaluation
        'auswertung_sehen',
      ],
      Freigabe: ['fahrzeug_freigabe_von_sonderfahrten', 'fahrzeug_buchen'],
      Führerscheinprüfung: ['fahrzeug_fuehrerscheinpruefung'],
      Fahrzeugpflege: ['fahrzeug_pflege'],
      Administration: ALL_PERMISSIONS,
    },
    users: [
      { key: 'mitarbeiter', vorname: 'Lena', nachname: 'Hoffmann', rolle: 'Mitarbeiter' },
      { key: 'fuhrpark', vorname: 'Thomas', nachname: 'Becker', rolle: 'Fuhrparkleitung' },
      { key: 'freigabe', vorname: 'Sabine', nachname: 'Krüger', rolle: 'Freigabe' },
      { key: 'fuehrerschein', vorname: 'Markus', nachname: 'Weber', rolle: 'Führerscheinprüfung' },
      { key: 'fahrzeugpflege', vorname: 'Jonas', nachname: 'Schneider', rolle: 'Fahrzeugpflege' },
      { key: 'admin', vorname: 'Claudia', nachname: 'Wagner', rolle: 'Administration' },
      // the two-factor journey (e2e zwei-faktor.spec.ts) enrols an authenticator app for this booker
      { key: 'zweifaktor', vorname: 'Zoe', nachname: 'Zweig', rolle: 'Mitarbeiter' },
      // the password-change journey (e2e password-change.spec.ts) changes this booker's password for good
      { key: 'passwort', vorname: 'Paul', nachname: 'Wortmann', rolle: 'Mitarbeiter' },
    ],
    leseraumStandort: 'Verwaltung Rathausplatz',
    bundesland: 'NW',
    grundriss: 'Lernraum Verwaltung',
    fuhrpark: {
      standort: 'Betriebshof Nord',
      vehicles: [
        {
          marke: 'Volkswagen',
          modell: 'ID.3 Pro',
          kennzeichen: 'MS-SW 101',
          kategorie: 'Kompaktklasse',
          kraftstoff: 'Elektro',
          leistung: 150,
          getriebe: 'Automatik',
          kofferraum: 3,
          sitze: 5,
          tueren: 5,
          farbe: 'Blau',
          farbcode: '#1f4e8c',
          form: 'kompakt',
          buchungAusserhalbMoeglich: false,
        },
        {
          marke: 'Škoda',
          modell: 'Octavia Combi 2.0 TDI',
          kennzeichen: 'MS-SW 102',
          kategorie: 'Kombi',
          kraftstoff: 'Diesel',
          leistung: 110,
          getriebe: 'Automatik',
          kofferraum: 5,
          sitze: 5,
          tueren: 5,
          farbe: 'Silber',
          farbcode: '#aab0b8',
          form: 'kombi',
          buchungAusserhalbMoeglich: false,
        },
        {
          marke: 'Volkswagen',
          modell: 'Transporter T6.1 Kombi',
          kennzeichen: 'MS-SW 103',
          kategorie: 'Transporter',
          kraftstoff: 'Diesel',
          leistung: 110,
          getriebe: 'Schaltgetriebe',
          kofferraum: 8,
          sitze: 9,
          tueren: 4,
          farbe: 'Weiß',
          farbcode: '#f2f2f2',
          form: 'transporter',
          buchungAusserhalbMoeglich: true,
        },
        {
          marke: 'Opel',
          modell: 'Corsa Electric',
          kennzeichen: 'MS-SW 104',
          kategorie: 'Kleinwagen',
          kraftstoff: 'Elektro',
          leistung: 100,
          getriebe: 'Automatik',
          kofferraum: 2,
          sitze: 5,
          tueren: 5,
          farbe: 'Rot',
          farbcode: '#b22222',
          form: 'kompakt',
          buchungAusserhalbMoeglich: false,
        },
      ],
    },
  },
  {
    name: 'Bibliothek Beispielhausen',
    slug: 'beispielhausen',
    logoFarbe: '#2b8a3e',
    kundenname: 'Gemeinde Beispielhausen',
    domain: 'beispielhausen.example',
    employeePrefix: 'BH',
    features: { FahrzeugBuchung: false, Leseraum: true },
    // Reading-room roles; the sign-ins keep the names of the vehicle tenant so both tenants are alike.
    rollen: {
      Mitarbeiter: [],
      Raumpflege: ['objekt_pflege', 'ausstattungs_pflege', 'auslastung_sehen'],
      Buchungsverwaltung: ['buchung_pflege'],
      Öffnungszeitenpflege: ['oeffnungszeiten_pflege'],
      Benutzerverwaltung: ['benutzer_pflegen', 'berechtigungs_pflege'],
      Administration: ALL_PERMISSIONS,
    },
    users: [
      { key: 'mitarbeiter', vorname: 'Anna', nachname: 'Schulz', rolle: 'Mitarbeiter' },
      { key: 'fuhrpark', vorname: 'Michael', nachname: 'Fischer', rolle: 'Raumpflege' },
      { key: 'freigabe', vorname: 'Julia', nachname: 'Meyer', rolle: 'Buchungsverwaltung' },
      { key: 'fuehrerschein', vorname: 'Stefan', nachname: 'Wolf', rolle: 'Öffnungszeitenpflege' },
      { key: 'fahrzeugpflege', vorname: 'Katrin', nachname: 'Neumann', rolle: 'Benutzerverwaltung' },
      { key: 'admin', vorname: 'Andreas', nachname: 'Schwarz', rolle: 'Administration' },
      // the journey of the security page (e2e faktor-schutz.spec.ts) switches this reader's language, ends their
      // sessions and has a passkey of theirs revoked
      { key: 'faktor', vorname: 'Frieda', nachname: 'Kaiser', rolle: 'Mitarbeiter' },
    ],
    leseraumStandort: 'Zentralbibliothek',
    bundesland: 'BY',
    grundriss: 'Lesesaal Erdgeschoss',
  },
];
