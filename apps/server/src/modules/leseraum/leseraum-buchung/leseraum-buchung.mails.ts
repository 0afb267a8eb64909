/** The mails the bookings send: the booker's mails with their reason lines, and the confirmation request. */

import { type Language, parseLanguage } from '@stellwerk/domain/language';
import {
  checkInFenster,
  type LeseraumVerfallGrund,
} from '@stellwerk/domain/leseraum/leseraum-buchung/machine';
import { formatDateDE, formatTimeDE } from '@stellwerk/domain/time';
import { stringCustomizing } from '@stellwerk/domain/verwaltung/customizing';
import type { Tx } from '../../../db/client.ts';
import type { SessionUser } from '../../identitaet/auth/auth.context.ts';
import { aktiveInhaber } from '../../identitaet/auth/auth.inhaber.ts';
import { kalenderEinladung } from '../../plattform/kalender/kalender.einladung.ts';
import type { KalenderStatus } from '../../plattform/kalender/kalender.ics.ts';
import type { LeseraumMailArt } from '../../plattform/mail/mail.leseraum-templates.ts';
import { enqueueMail } from '../../plattform/mail/mail.service.ts';
import { loadEffectiveCustomizing } from '../../verwaltung/customizing/customizing.service.ts';
import { platzKalenderBuchung } from './leseraum-buchung.kalender.ts';
import { bereichOf, type LeseraumDeps } from './leseraum-buchung.kontext.ts';
import { type BuchungRow, findBenutzerIdByMail, findPersonenMitMail } from './leseraum-buchung.repository.ts';

const zeitText = (von: Date, bis: Date) => `${formatTimeDE(von)}–${formatTimeDE(bis)}`;

type StornoGrund = LeseraumVerfallGrund | 'personal' | 'abgelehnt' | 'schliessung';

const GRUENDE: Record<StornoGrund, Record<Language, string>> = {
  frist_abgelaufen: {
    de: 'Die Vormerkung wurde nicht bis zum Beginn bestätigt.',
    en: 'The hold was not confirmed before the start.',
  },
  nicht_eingecheckt: {
    de: 'Es wurde nicht bis 15 Minuten nach Beginn eingecheckt.',
    en: 'Nobody checked in by 15 minutes after the start.',
  },
  personal: { de: 'Storniert durch das Buchungspersonal.', en: 'Cancelled by booking staff.' },
  abgelehnt: {
    de: 'Die Vormerkung wurde vom Buchungspersonal abgelehnt.',
    en: 'Booking staff declined the hold.',
  },
  schliessung: {
    de: 'Der Bereich ist in diesem Zeitraum geschlossen.',
    en: 'The area is closed during this period.',
  },
};

/** The reason line of a cancellation mail; a closing's own description (a special time's) follows it. */
const grundText = (grund: StornoGrund, language: Language, zusatz?: string) => {
  const text = GRUENDE[grund][language];
  const worte = zusatz?.replace(/[.\s]+$/, '');
  return worte ? `${text.slice(0, -1)} (${worte}).` : text;
};

const languageOfMail = async (tx: Tx, mail: string): Promise<Language> => {
  const benutzerId = await findBenutzerIdByMail(tx, mail);
  return benutzerId
    ? parseLanguage(stringCustomizing(await loadEffectiveCustomizing(tx, benutzerId), 'Sprache'))
    : 'de';
};

/** The mails that put a booking into the booker's calendar, and the ones that take it out (decision 169). */
const KALENDER_STATUS: Partial<Record<LeseraumMailArt, KalenderStatus | 'wie_buchung'>> = {
  useMailVormerkung: 'TENTATIVE',
  useMailBuchungBestaetigt: 'CONFIRMED',
  useMailBuchungAngepasst: 'wie_buchung',
  useMailStorno: 'CANCELLED',
  useMailRaumDeaktivierungSystemStorno: 'CANCELLED',
};

/**
 * The invitation (.ics and calendar links) of a mail to the booker about their booking; none for reminders and for
 * mails to anyone else (booking staff).
 */
const einladungFuer = async (
  tx: Tx,
  deps: Pick<LeseraumDeps, 'publicUrl' | 'now'>,
  mandantId: string,
  row: Parameters<typeof platzKalenderBuchung>[0] & { buchenderMail: string },
  typ: LeseraumMailArt,
  { to, language }: { to: string; language: Language },
) => {
  const status = KALENDER_STATUS[typ];
  if (!status || to.toLowerCase() !== row.buchenderMail.toLowerCase()) return undefined;
  const buchung = platzKalenderBuchung(
    status === 'wie_buchung' ? row : { ...row, status: status === 'TENTATIVE' ? 'vorgemerkt' : 'reserviert' },
    { geaendert: deps.now(), storniert: status === 'CANCELLED' },
  );
  return kalenderEinladung(tx, {
    mandantId,
    buchung,
    empfaenger: to,
    language,
    publicUrl: deps.publicUrl,
    now: deps.now(),
  });
};

export const sendMail = async (
  tx: Tx,
  deps: Pick<LeseraumDeps, 'publicUrl' | 'now'>,
  mandantId: string,
  row: Pick<
    BuchungRow,
    | 'id'
    | 'von'
    | 'bis'
    | 'status'
    | 'buchenderMail'
    | 'leseraumBezeichnung'
    | 'grundrissBezeichnung'
    | 'bereich'
  >,
  typ: LeseraumMailArt,
  extra: {
    bestaetigungDurchPersonal?: boolean;
    alt?: { von: Date; bis: Date };
    grund?: StornoGrund;
    /** Words added to the reason (a closing special time's description). */
    grundZusatz?: string;
    /** Another recipient than the booker (POST /api/mail to the confirmer). */
    to?: string;
    /** A mail the user asked for again (POST /api/mail): sent whatever the switches say (decision 116). */
    ausdruecklich?: boolean;
    /** bestaetigung_anfrage: who holds the place. */
    buchender?: string;
  } = {},
): Promise<string | null> => {
  const to = extra.to ?? row.buchenderMail;
  const language = await languageOfMail(tx, to);
  const fenster = checkInFenster(row.von);
  const einladung = await einladungFuer(tx, deps, mandantId, row, typ, { to, language });
  return enqueueMail(
    tx,
    {
      mandantId,
      to,
      template: 'leseraum_buchung',
      language,
      params: {
        typ,
        platz: row.leseraumBezeichnung,
        grundriss: row.grundrissBezeichnung,
        datum: formatDateDE(row.von),
        zeit: zeitText(row.von, row.bis),
        url: `${deps.publicUrl}/${bereichOf(row.bereich) === 'arbeitswelt' ? 'arbeitswelt' : 'leseraum'}/${typ === 'bestaetigung_anfrage' ? 'bestaetigungen' : 'liste'}`,
        buchender: extra.buchender,
        bestaetigung:
          typ === 'useMailVormerkung' ||
          typ === 'bestaetigung_anfrage' ||
          (typ === 'erinnerung' && extra.bestaetigungDurchPersonal !== undefined)
            ? { durch: extra.bestaetigungDurchPersonal ? 'personal' : 'selbst', frist: formatTimeDE(row.von) }
            : undefined,
        checkIn:
          typ === 'useMailBuchungBestaetigt' ||
          (typ === 'erinnerung' && extra.bestaetigungDurchPersonal === undefined)
            ? { von: formatTimeDE(fenster.beginn), bis: formatTimeDE(fenster.ende) }
            : undefined,
        alt: extra.alt
          ? { datum: formatDateDE(extra.alt.von), zeit: zeitText(extra.alt.von, extra.alt.bis) }
          : undefined,
        grund: extra.grund ? grundText(extra.grund, language, extra.grundZusatz) : undefined,
        kalender: einladung?.links,
      },
      anhaenge: einladung ? [einladung.anhang] : undefined,
    },
    deps.now(),
    { ausdruecklich: extra.ausdruecklich },
  );
};

/**
 * A hold of a place that booking staff confirm goes on their list (/leseraum/bestaetigungen, counted in the
 * menu) and each active holder of buchung_pflege but the booker gets the request by mail, unless their own
 * switch BenachrichtigungBestaetigungsanfrage stops it (R170, decisions 116, 136).
 */
export const bitteUmBestaetigung = async (
  tx: Tx,
  deps: Pick<LeseraumDeps, 'publicUrl' | 'now'>,
  user: SessionUser,
  row: BuchungRow,
) => {
  const ids = (await aktiveInhaber(tx, 'buchung_pflege')).filter((id) => id !== user.benutzerId);
  const [buchender] = await findPersonenMitMail(tx, [user.benutzerId]);
  const name = buchender ? `${buchender.vorname} ${buchender.nachname}`.trim() : '';
  const wer = name ? `${name} (${user.email})` : user.email;
  for (const person of await findPersonenMitMail(tx, ids))
    await sendMail(tx, deps, user.mandantId, row, 'bestaetigung_anfrage', {
      to: person.email,
      buchender: wer,
    });
};
