/**
 * Which switch stops which mail (R378, decision 116). Every mail the product sends is of one kind
 * (`MailArt`); a kind is either stopped by the tenant's mail switch of its area (`FahrzeugMail…Senden`) and by the
 * recipient's own notification switch (`Benachrichtigung…`, settable per user, group and tenant), or it is sent
 * regardless because the spec's process needs it (security, approvals, escalations). The settings screens list the
 * mails sent regardless from `PFLICHT_MAILS`.
 */

import type { Texts } from './language.ts';
import type { OptionName } from './verwaltung/customizing.ts';

export const MAIL_ARTEN = [
  // vehicles (template fahrzeug_buchung)
  'fahrzeug.erstellt',
  'fahrzeug.geaendert',
  'fahrzeug.umgebucht',
  'fahrzeug.storniert',
  'fahrzeug.freigabe_anfrage',
  'fahrzeug.freigegeben',
  'fahrzeug.erinnerung',
  // the fleet managers' notice of a check-in or check-out (template fahrt_meldung)
  'fahrt.schaden',
  'fahrt.verschmutzung',
  'fahrt.sperre',
  // reading rooms and workspaces (template leseraum_buchung)
  'leseraum.vormerkung',
  'leseraum.bestaetigt',
  'leseraum.angepasst',
  'leseraum.storno',
  'leseraum.deaktivierung',
  'leseraum.erinnerung',
  'leseraum.bestaetigung_anfrage',
  // office lockers (template spind_erinnerung, decision 216)
  'spind.erinnerung',
  // sign-in and account (templates passwort_zuruecksetzen, einladung)
  'konto.passwort',
  'konto.einladung',
] as const;
export type MailArt = (typeof MAIL_ARTEN)[number];

export type MailRegel =
  | {
      /** The tenant's switch (a tenant-level boolean option), or null when the area has none for it. */
      mandant: OptionName | null;
      /** The recipient's notification switch (user, group or tenant level), or null. */
      benutzer: OptionName | null;
    }
  | { pflicht: Texts };

const schalter = (mandant: OptionName | null, benutzer: OptionName | null): MailRegel => ({
  mandant,
  benutzer,
});

export const MAIL_REGELN: Readonly<Record<MailArt, MailRegel>> = {
  'fahrzeug.erstellt': schalter('FahrzeugMailBuchungSenden', 'BenachrichtigungBuchungsbestaetigung'),
  'fahrzeug.geaendert': schalter('FahrzeugMailAenderungSenden', 'BenachrichtigungAenderung'),
  // a block moved the trip to another vehicle or time: a change of the booking
  'fahrzeug.umgebucht': schalter('FahrzeugMailAenderungSenden', 'BenachrichtigungAenderung'),
  'fahrzeug.storniert': schalter('FahrzeugMailStornoSenden', 'BenachrichtigungStornierung'),
  'fahrzeug.freigabe_anfrage': {
    pflicht: {
      de: 'Bitte um Sonderfreigabe an die gewählten Freigebenden: ohne sie bleibt die Fahrt unentschieden.',
      en: 'Request for special approval to the chosen approvers: without it the trip stays undecided.',
    },
  },
  'fahrzeug.freigegeben': schalter('FahrzeugMailSonderfreigabeSenden', 'BenachrichtigungSonderfreigabe'),
  'fahrzeug.erinnerung': schalter('FahrzeugMailErinnerungSenden', 'BenachrichtigungErinnerung'),
  'fahrt.schaden': schalter('FahrzeugMailSchadenSenden', null),
  'fahrt.verschmutzung': schalter('FahrzeugMailVerschmutzungSenden', null),
  'fahrt.sperre': {
    pflicht: {
      de: 'Sicherheitsrelevanter Schaden an die Fuhrparkleitung: das Fahrzeug ist gesperrt.',
      en: 'Safety-relevant damage to the fleet managers: the vehicle is blocked.',
    },
  },
  'leseraum.vormerkung': schalter(null, 'BenachrichtigungBuchungsbestaetigung'),
  'leseraum.bestaetigt': schalter(null, 'BenachrichtigungBuchungsbestaetigung'),
  'leseraum.angepasst': schalter(null, 'BenachrichtigungAenderung'),
  'leseraum.storno': schalter(null, 'BenachrichtigungStornierung'),
  'leseraum.deaktivierung': schalter(null, 'BenachrichtigungStornierung'),
  'leseraum.erinnerung': schalter(null, 'BenachrichtigungErinnerung'),
  'spind.erinnerung': schalter(null, 'BenachrichtigungErinnerung'),
  // the booking staff's request to confirm a hold (R170, decision 136): the staff member's own switch; the
  // menu's count and the list /leseraum/bestaetigungen show the holds whatever it says
  'leseraum.bestaetigung_anfrage': schalter(null, 'BenachrichtigungBestaetigungsanfrage'),
  'konto.passwort': {
    pflicht: {
      de: 'Link zum Zurücksetzen des Passworts (Sicherheit).',
      en: 'Password reset link (security).',
    },
  },
  'konto.einladung': {
    pflicht: {
      de: 'Einladung mit dem ersten Passwort eines neuen Kontos (Sicherheit).',
      en: "Invitation with a new account's first password (security).",
    },
  },
};

/**
 * Whether a mail of this kind goes out, given the recipient's effective boolean settings (`an(name)`: the tenant's
 * value for tenant options, the user's, group's or tenant's for the notification switches). Both switches must be
 * on; a mail sent regardless always goes.
 */
export const mailGewollt = (art: MailArt, an: (option: OptionName) => boolean): boolean => {
  const regel = MAIL_REGELN[art];
  if ('pflicht' in regel) return true;
  return (regel.mandant === null || an(regel.mandant)) && (regel.benutzer === null || an(regel.benutzer));
};

/** The mails sent regardless of every switch, with why (the settings screens list them). */
export const PFLICHT_MAILS: readonly { art: MailArt; grund: Texts }[] = MAIL_ARTEN.flatMap((art) => {
  const regel = MAIL_REGELN[art];
  return 'pflicht' in regel ? [{ art, grund: regel.pflicht }] : [];
});
