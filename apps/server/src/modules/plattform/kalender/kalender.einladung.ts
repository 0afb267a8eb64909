/**
 * The invitation a booking's mail carries (decision 169): an .ics with METHOD:REQUEST for a new or changed booking
 * and METHOD:CANCEL for a cancelled one, the same UID every time and a SEQUENCE raised by every change, so Outlook
 * and Google update or remove the entry in place; and the links that add it to Outlook 365 or Google Calendar.
 * Runs in the transaction of the change (the sequence is kept with it).
 */
import type { Language } from '@stellwerk/domain/language';
import type { Tx } from '../../../db/client.ts';
import type { MailAnhang } from '../mail/mail.public.ts';
import { eintragAus, fingerabdruck, type KalenderBuchung } from './kalender.eintrag.ts';
import { kalenderIcs, kalenderLinks } from './kalender.ics.ts';
import { stelleSequenzen } from './kalender.repository.ts';

export type KalenderEinladung = {
  /** the .ics to attach (its content type says the method, as RFC 6047 asks) */
  anhang: MailAnhang;
  /** 'In Outlook 365 / Google Kalender eintragen'; none for a cancellation */
  links: { outlook: string; google: string } | undefined;
};

/** The current SEQUENCE of each booking, raised where what a calendar shows of it changed. */
export const sequenzenVon = async (
  tx: Tx,
  mandantId: string,
  buchungen: readonly KalenderBuchung[],
  now: Date,
): Promise<Map<string, number>> => {
  const eindeutig = new Map(buchungen.map((b) => [`${b.art}:${b.buchungId}`, b]));
  return stelleSequenzen(
    tx,
    mandantId,
    [...eindeutig.values()].map((b) => ({
      art: b.art,
      buchungId: b.buchungId,
      fingerabdruck: fingerabdruck(b),
    })),
    now,
  );
};

export const kalenderEinladung = async (
  tx: Tx,
  {
    mandantId,
    buchung,
    empfaenger,
    language,
    publicUrl,
    now,
  }: {
    mandantId: string;
    buchung: KalenderBuchung;
    empfaenger: string;
    language: Language;
    publicUrl: string;
    now: Date;
  },
): Promise<KalenderEinladung> => {
  const sequenz =
    (await sequenzenVon(tx, mandantId, [buchung], now)).get(`${buchung.art}:${buchung.buchungId}`) ?? 0;
  const eintrag = eintragAus(buchung, { language, sequenz, publicUrl });
  const methode = buchung.status === 'CANCELLED' ? 'CANCEL' : 'REQUEST';
  const ics = kalenderIcs({ eintraege: [eintrag], jetzt: now, methode, empfaenger });
  return {
    anhang: {
      dateiname: methode === 'CANCEL' ? 'absage.ics' : 'einladung.ics',
      contentType: `text/calendar; charset=utf-8; method=${methode}`,
      base64: Buffer.from(ics, 'utf8').toString('base64'),
    },
    links: methode === 'CANCEL' ? undefined : kalenderLinks(eintrag),
  };
};
