/**
 * The push beside a mail (decision 245): a mail of a kind with a push ('Check-in möglich', 'Vormerkung läuft ab',
 * 'Fahrt nicht ausgecheckt', approvals) queues a push to its recipient when the mail itself goes out (its switches
 * let it, decision 116) and the recipient has a device subscribed to that kind.
 */
import type { Language } from '@stellwerk/domain/language';
import { PUSH_ART_NAMEN, type PushArt, pushArtVonMail } from '@stellwerk/domain/plattform/push/push';
import type { Tx } from '../../../db/client.ts';
import { enqueuePush } from '../push/push.service.ts';
import { findBenutzerIdByMail } from './mail.repository.ts';
import { mailArtenVon } from './mail.schalter.ts';
import type { MailTemplate, MailTemplateParams } from './mail.templates.ts';

/** The push kind of this mail, or null. */
export const pushArtVon = <T extends MailTemplate>(
  template: T,
  params: MailTemplateParams[T],
): PushArt | null => {
  if (template === 'fahrzeug_hinweis')
    return pushArtVonMail({ arten: null, hinweis: (params as MailTemplateParams['fahrzeug_hinweis']).art });
  const leseraum =
    template === 'leseraum_buchung' ? (params as MailTemplateParams['leseraum_buchung']) : null;
  return pushArtVonMail({
    arten: mailArtenVon(template, params),
    vorgemerkt: leseraum !== null && leseraum.bestaetigung !== undefined,
  });
};

/** Queues the push beside a mail that was written; the text is the mail's subject in the recipient's language. */
export const pushZurMail = async <T extends MailTemplate>(
  tx: Tx,
  mail: {
    mandantId: string | null;
    to: string;
    template: T;
    language: Language;
    params: MailTemplateParams[T];
  },
  subject: string,
): Promise<boolean> => {
  if (mail.mandantId === null) return false;
  const art = pushArtVon(mail.template, mail.params);
  if (!art) return false;
  const benutzerId = await findBenutzerIdByMail(tx, mail.to);
  if (!benutzerId) return false;
  const url = (mail.params as { url?: unknown }).url;
  return enqueuePush(tx, {
    mandantId: mail.mandantId,
    benutzerId,
    art,
    titel: PUSH_ART_NAMEN[art][mail.language],
    text: subject,
    url: typeof url === 'string' ? url : null,
  });
};
