/** Who may do what in identity: users, groups, roles, single sign-on and the outbox (decision 204). */
import { policies } from '../policy-regel.ts';

export const IDENTITAET_POLICIES = policies({
  'benutzer.pflegen': {
    bildschirm: '/admin/benutzer',
    beschreibung: { de: 'Benutzer anlegen, ändern und löschen', en: 'Create, change and delete users' },
  },
  'gruppen.pflegen': {
    bildschirm: '/admin/gruppen',
    beschreibung: { de: 'Gruppen pflegen', en: 'Maintain groups' },
  },
  'rollen.pflegen': {
    bildschirm: '/admin/rollen',
    beschreibung: { de: 'Rollen und ihre Rechte pflegen', en: 'Maintain roles and their rights' },
  },
  'rechte.lesen': {
    bildschirm: ['/admin/rollen', '/admin/benutzer'],
    beschreibung: {
      de: 'Die Liste der Rechte lesen (für Rollen und Benutzer)',
      en: 'Read the list of rights (for roles and users)',
    },
  },
  'datenauskunft.erstellen': {
    rechte: ['benutzer_pflegen'],
    fehler: 'auth.forbidden',
    beschreibung: {
      de: 'Die Datenauskunft einer Person erstellen (Art. 15 und 20 DSGVO)',
      en: "Produce a person's data access report (GDPR Art. 15 and 20)",
    },
  },
  'sso.pflegen': {
    rechte: ['customizing_mandant_pflege'],
    fehler: 'auth.forbidden',
    beschreibung: { de: 'Single Sign-on des Mandanten einrichten', en: "Set up the tenant's single sign-on" },
  },
  'postausgang.lesen': {
    bildschirm: '/admin/postausgang',
    beschreibung: {
      de: 'Postausgang (Mails und SMS) lesen',
      en: 'Read the outbox (mails and text messages)',
    },
  },
});
