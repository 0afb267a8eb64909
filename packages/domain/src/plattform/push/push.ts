/**
 * Web push (decision 245): the kinds a user can receive on a device, each following the mail it stands beside.
 * A push is sent where its mail is written and the mail's switches let it go (decision 116); the user chooses per
 * device which kinds it gets.
 */
import type { Texts } from '../../language.ts';
import type { MailArt } from '../../mail-schalter.ts';

export const PUSH_ARTEN = ['checkin', 'vormerkung', 'checkout', 'freigabe'] as const;
export type PushArt = (typeof PUSH_ARTEN)[number];

/** The kinds' names as the profile page and the notification show them. */
export const PUSH_ART_NAMEN: Readonly<Record<PushArt, Texts>> = {
  checkin: { de: 'Check-in möglich', en: 'Check-in possible' },
  vormerkung: { de: 'Vormerkung läuft ab', en: 'Hold expires' },
  checkout: { de: 'Fahrt nicht ausgecheckt', en: 'Trip not checked out' },
  freigabe: { de: 'Freigaben und Bestätigungen', en: 'Approvals and confirmations' },
};

/** The vehicle jobs' notices that are a missing check-out (template fahrzeug_hinweis). */
export const CHECKOUT_HINWEISE: readonly string[] = ['checkout_buchender', 'checkout_fuhrpark'];

/**
 * The push kind of a mail, from its kinds (mail-schalter) and, for the vehicle jobs' notices, their notice art;
 * `vorgemerkt`: whether the reading-room reminder is of a hold (it then expires unless confirmed) or of a
 * reservation (its check-in window opens). Null: the mail has no push.
 */
export const pushArtVonMail = ({
  arten,
  hinweis,
  vorgemerkt,
}: {
  arten: readonly MailArt[] | null;
  hinweis?: string;
  vorgemerkt?: boolean;
}): PushArt | null => {
  if (hinweis !== undefined) return CHECKOUT_HINWEISE.includes(hinweis) ? 'checkout' : null;
  for (const art of arten ?? []) {
    switch (art) {
      case 'fahrzeug.erinnerung':
        return 'checkin';
      case 'leseraum.erinnerung':
        return vorgemerkt ? 'vormerkung' : 'checkin';
      case 'fahrzeug.freigabe_anfrage':
      case 'fahrzeug.freigegeben':
      case 'leseraum.bestaetigung_anfrage':
      case 'leseraum.bestaetigt':
        return 'freigabe';
      default:
    }
  }
  return null;
};

/** How many devices one user may register (each browser profile is one). */
export const PUSH_MAX_GERAETE = 20;
