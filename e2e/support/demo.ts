/**
 * The demo data every journey relies on (README "Demo logins"), and the texts the journeys expect.
 *
 * Tests that change a user's state (password, language) use a user of their own, listed here, so the
 * journeys stay independent of their order.
 */
export const DEMO_PASSWORD = 'stellwerk-demo';

export type DemoTenant = {
  key: 'musterstadt' | 'beispielhausen';
  name: string;
  domain: string;
  /** Spec §2: 'fahrzeuge' when vehicle booking is on, otherwise 'leseraum/karte'. */
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

export type DemoUser = { email: string; userName: string; tenant: DemoTenant };

export const demoUser = (role: DemoRole, tenant: DemoTenant): DemoUser => ({
  email: `${role}@${tenant.domain}`,
  userName: `${role}.${tenant.key}`,
  tenant,
});

/** The platform administrator (tenant management) belongs to the first demo tenant. */
export const PLATFORM_ADMIN: DemoUser = {
  email: 'plattform@stellwerk.example',
  userName: 'plattform',
  tenant: MUSTERSTADT,
};

/** Users whose state a journey changes; no other journey signs in with them. */
export const DEDICATED = {
  /** password-recovery.spec.ts resets this user's password. */
  recovery: demoUser('fahrzeugpflege', BEISPIELHAUSEN),
  /** password-change.spec.ts changes this user's password. */
  passwordChange: demoUser('freigabe', MUSTERSTADT),
  /** language.spec.ts: language chosen before sign-in. */
  languageBeforeSignIn: demoUser('fuehrerschein', BEISPIELHAUSEN),
  /** language.spec.ts: language chosen while signed in, kept for the user. */
  languageOfUser: demoUser('fuehrerschein', MUSTERSTADT),
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
  pageNotFound: 'Page Not Found',
  resetError: 'Reset Error',
} as const;
