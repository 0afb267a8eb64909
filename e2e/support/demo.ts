/**
 * The demo data every journey relies on (README "Demo logins"), and the texts the journeys expect.
 *
 * Tests that change a user's state (password, language) use a user of their own, listed here, so the
 * journeys stay independent of their order and of the journeys running beside them. A journey that only looks at
 * a screen in English chooses the language in its browser (`chooseBrowserLanguage`), not as the user's setting.
 */
export const DEMO_PASSWORD = 'stellwerk-demo';

export type DemoTenant = {
  key: 'musterstadt' | 'beispielhausen';
  name: string;
  domain: string;
  /**
   * Spec §2: 'fahrzeuge' when vehicle booking is on, otherwise 'leseraum/karte'; for a user who may book
   * vehicles (decision 036). A user's own start page is `DemoUser.startPage`.
   */
  startPage: '/fahrzeuge' | '/leseraum/karte';
};

export const MUSTERSTADT: DemoTenant = {
  key: 'musterstadt',
  name: 'Stadtwerke Musterstadt',
  domain: 'musterstadt.example',
  startPage: '/fahrzeuge',
};

export const BEISPIELHAUSEN: DemoTenant = {
  key: 'beispielhausen',
  name: 'Bibliothek Beispielhausen',
  domain: 'beispielhausen.example',
  startPage: '/leseraum/karte',
};

export const DEMO_ROLES = [
  'mitarbeiter',
  'fuhrpark',
  'freigabe',
  'fuehrerschein',
  'fahrzeugpflege',
  'admin',
] as const;
export type DemoRole = (typeof DEMO_ROLES)[number];

export type DemoUser = {
  email: string;
  userName: string;
  tenant: DemoTenant;
  /** Where the user lands after sign-in: the tenant's start page among the screens their rights open. */
  startPage: string;
};

export const demoUser = (role: DemoRole, tenant: DemoTenant): DemoUser => ({
  email: `${role}@${tenant.domain}`,
  userName: `${role}.${tenant.key}`,
  tenant,
  // every demo user of Musterstadt is in the group "Alle Mitarbeitenden" (role Mitarbeiter: fahrzeug_buchen)
  startPage: tenant.startPage,
});

/**
 * The platform administrator (tenant management) belongs to the first demo tenant; without tenant roles or
 * groups it may not book vehicles and starts on the reading room (decision 036): the demo user without
 * vehicle rights.
 */
export const PLATFORM_ADMIN: DemoUser = {
  email: 'plattform@stellwerk.example',
  userName: 'plattform',
  tenant: MUSTERSTADT,
  startPage: '/leseraum/karte',
};

/** Users whose state a journey changes; no other journey signs in with them. */
export const DEDICATED = {
  /** password-recovery.spec.ts resets this user's password. */
  recovery: demoUser('fahrzeugpflege', BEISPIELHAUSEN),
  /** password-change.spec.ts changes this user's password (seeded for it, not in DEMO_ROLES). */
  passwordChange: {
    email: 'passwort@musterstadt.example',
    userName: 'passwort.musterstadt',
    tenant: MUSTERSTADT,
    startPage: MUSTERSTADT.startPage,
  } satisfies DemoUser,
  /** language.spec.ts: language chosen before sign-in. */
  languageBeforeSignIn: demoUser('fuehrerschein', BEISPIELHAUSEN),
  /** language.spec.ts: language chosen while signed in, kept for the user. */
  languageOfUser: demoUser('fuehrerschein', MUSTERSTADT),
  /** zwei-faktor.spec.ts enrols an authenticator app for this booker (seeded for it, not in DEMO_ROLES). */
  zweiFaktor: {
    email: 'zweifaktor@musterstadt.example',
    userName: 'zweifaktor.musterstadt',
    tenant: MUSTERSTADT,
    startPage: MUSTERSTADT.startPage,
  } satisfies DemoUser,
  /**
   * faktor-schutz.spec.ts: switches its language, ends its sessions and enrols a passkey the administrator
   * revokes; a user of its own (seeded for it, not in DEMO_ROLES): a saved language would override the browser's
   * choice of language.spec.ts, and an ended session would sign out another journey of the same user.
   */
  faktorSchutz: {
    email: 'faktor@beispielhausen.example',
    userName: 'faktor.beispielhausen',
    tenant: BEISPIELHAUSEN,
    startPage: BEISPIELHAUSEN.startPage,
  } satisfies DemoUser,
  /** sign-in.spec.ts: mistypes three times, then signs in after the security check (decision 077). */
  mistyper: demoUser('fuehrerschein', BEISPIELHAUSEN),
  /**
   * fuehrerschein.spec.ts: the demo driver whose licence check lapsed (seeded overdue); the journey records
   * the check. Not one of the six sign-ins of each tenant.
   */
  lapsedLicence: {
    email: 'fahrer@musterstadt.example',
    userName: 'fahrer.musterstadt',
    tenant: MUSTERSTADT,
    startPage: MUSTERSTADT.startPage,
  },
} as const;

const dedicatedEmails = new Set<string>(Object.values(DEDICATED).map((u) => u.email));

/** Every demo user no journey changes, for journeys that only sign in and look. */
export const UNCHANGED_DEMO_USERS: DemoUser[] = [MUSTERSTADT, BEISPIELHAUSEN]
  .flatMap((tenant) => DEMO_ROLES.map((role) => demoUser(role, tenant)))
  .filter((u) => !dedicatedEmails.has(u.email));

/** Texts of the error catalogue (packages/domain/src/errors.ts) the journeys look for, in German. */
export const TEXTS = {
  invalidCredentials: 'Benutzername oder Passwort ist falsch.',
  guardNoAdmin: 'Keine Berechtigung für die Administration.',
  guardNoBenutzer: 'Keine Berechtigung für die Pflege von Benutzern.',
  guardNoRolleGruppe: 'Keine Berechtigung für die Pflege von Rollen und Gruppen.',
  guardNoAusstattung: 'Keine Berechtigung für die Pflege der Ausstattung.',
  guardNoObjektPflege: 'Keine Berechtigung für die Pflege von Lokationen.',
  guardNoPlatformAdmin: 'Nur Plattform-Administratoren dürfen Mandanten verwalten.',
  guardNoPostausgang: 'Keine Berechtigung für den Postausgang.',
  guardNoFahrzeugModul: 'Keine Berechtigung für die Fahrzeugbuchung.',
  guardNoSonderfahrtenFreigabe: 'Keine Berechtigung für die Freigabe von Sonderfahrten.',
  guardNoFuehrerscheinpruefung: 'Keine Berechtigung für die Führerscheinprüfung.',
  pruefungAbgelaufen:
    'Die Führerscheinprüfung ist abgelaufen oder läuft vor Ende der Buchung ab. Bitte wenden Sie sich an die Führerscheinprüfung.',
  pageNotFound: 'Page Not Found',
  resetError: 'Reset Error',
} as const;
