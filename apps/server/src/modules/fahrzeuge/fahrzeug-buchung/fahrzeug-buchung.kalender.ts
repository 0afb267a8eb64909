/**
 * The vehicle bookings as the calendar module sees them (decisions 168, 169): the trips a user books or drives for
 * the personal feed, and the invitation a booking's mail carries. Language-free facts only; nothing about other
 * people.
 */

import { parseLanguage } from '@stellwerk/domain/language';
import { stringCustomizing } from '@stellwerk/domain/verwaltung/customizing';
import type { Tx } from '../../../db/client.ts';
import { kalenderEinladung } from '../../plattform/kalender/kalender.einladung.ts';
import type { KalenderBuchung } from '../../plattform/kalender/kalender.eintrag.ts';
import type { FahrzeugBuchungMailTyp } from '../../plattform/mail/mail.fahrzeug-templates.ts';
import type { MailAnhang } from '../../plattform/mail/mail.public.ts';
import { loadEffectiveCustomizing } from '../../verwaltung/customizing/customizing.service.ts';
import {
  findKalenderFahrt,
  findKalenderFahrten,
  type KalenderFahrtRow,
} from './fahrzeug-buchung.kalender.repository.ts';

const fahrtKalenderBuchung = (row: KalenderFahrtRow, geaendert: Date): KalenderBuchung => ({
  art: 'fahrzeug',
  buchungId: row.id,
  von: row.von,
  bis: row.bis,
  status: row.status === 'storniert' ? 'CANCELLED' : row.status === 'vorgemerkt' ? 'TENTATIVE' : 'CONFIRMED',
  ressource: row.kennzeichen,
  detail: `${row.marke} ${row.modell}`,
  ort: row.standort,
  geaendert,
  pfad: '/fahrzeuge',
});

/** The user's trips (booked or driven) for the feed (in the tenant's transaction). */
export const fahrtKalenderBuchungen = async (
  tx: Tx,
  query: { benutzerId: string; seit: Date; storniertSeit: Date; limit: number },
): Promise<KalenderBuchung[]> =>
  (await findKalenderFahrten(tx, query)).map((row) => fahrtKalenderBuchung(row, row.updatedAt));

/** The booking mails that carry the booking's invitation (a reminder or an approval request does not). */
const MIT_EINLADUNG: ReadonlySet<FahrzeugBuchungMailTyp> = new Set([
  'erstellt',
  'geaendert',
  'storniert',
  'freigegeben',
  'umgebucht',
]);

/**
 * The .ics a booking mail to the booker or driver attaches (REQUEST, or CANCEL once cancelled), from the booking as
 * it stands in this transaction; none for other mail types.
 */
export const fahrtKalenderAnhang = async (
  tx: Tx,
  deps: { publicUrl: string; now: () => Date },
  {
    mandantId,
    buchungId,
    empfaenger,
    typ,
  }: {
    mandantId: string;
    buchungId: string;
    empfaenger: { id: string; email: string };
    typ: FahrzeugBuchungMailTyp;
  },
): Promise<MailAnhang[] | undefined> => {
  if (!MIT_EINLADUNG.has(typ)) return undefined;
  const row = await findKalenderFahrt(tx, buchungId);
  if (!row) return undefined;
  const language = parseLanguage(
    stringCustomizing(await loadEffectiveCustomizing(tx, empfaenger.id), 'Sprache'),
  );
  const einladung = await kalenderEinladung(tx, {
    mandantId,
    buchung: fahrtKalenderBuchung(row, deps.now()),
    empfaenger: empfaenger.email,
    language,
    publicUrl: deps.publicUrl,
    now: deps.now(),
  });
  return [einladung.anhang];
};
