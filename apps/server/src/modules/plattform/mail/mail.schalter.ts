import type { MailArt } from '@stellwerk/domain/mail-schalter';
import type { LeseraumMailArt } from './mail.leseraum-templates.ts';
import type { MailTemplate, MailTemplateParams } from './mail.templates.ts';

const LESERAUM: Record<LeseraumMailArt, MailArt> = {
  useMailVormerkung: 'leseraum.vormerkung',
  useMailBuchungBestaetigt: 'leseraum.bestaetigt',
  useMailBuchungAngepasst: 'leseraum.angepasst',
  useMailStorno: 'leseraum.storno',
  useMailRaumDeaktivierungSystemStorno: 'leseraum.deaktivierung',
  erinnerung: 'leseraum.erinnerung',
  bestaetigung_anfrage: 'leseraum.bestaetigung_anfrage',
};

/**
 * The kinds of a mail (decision 116): one for most, several for the fleet managers' check-in notice (damage,
 * cleanliness, a blocked vehicle); the mail goes out when one of its kinds is wanted. Null: the template's mails
 * are decided where they are computed (the vehicle jobs' notices and the licence reminders check their tenant
 * switches themselves).
 */
export const mailArtenVon = <T extends MailTemplate>(
  template: T,
  params: MailTemplateParams[T],
): MailArt[] | null => {
  switch (template) {
    case 'passwort_zuruecksetzen':
      return ['konto.passwort'];
    case 'einladung':
      return ['konto.einladung'];
    case 'leseraum_buchung':
      return [LESERAUM[(params as MailTemplateParams['leseraum_buchung']).typ]];
    case 'fahrzeug_buchung':
      return [`fahrzeug.${(params as MailTemplateParams['fahrzeug_buchung']).typ}` as MailArt];
    case 'spind_erinnerung':
      return ['spind.erinnerung'];
    case 'fahrt_meldung': {
      const p = params as MailTemplateParams['fahrt_meldung'];
      const arten: MailArt[] = [];
      if (p.gesperrtAb) arten.push('fahrt.sperre');
      if (p.schaeden.length > 0) arten.push('fahrt.schaden');
      if (p.schwelle.length > 0) arten.push('fahrt.verschmutzung');
      return arten.length > 0 ? arten : null;
    }
    default:
      return null;
  }
};
