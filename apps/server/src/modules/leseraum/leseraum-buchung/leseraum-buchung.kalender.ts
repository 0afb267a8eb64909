/**
 * The reading-room and workspace bookings as the calendar module sees them (decision 168): the user's own bookings
 * for the personal feed, and one booking for the invitation its mail carries. Language-free facts only; nothing
 * about other people.
 */
import type { Bereich } from '@stellwerk/domain/leseraum/leseraum-buchung/api';
import type { Tx } from '../../../db/client.ts';
import type { KalenderBuchung } from '../../plattform/kalender/kalender.eintrag.ts';
import type { KalenderStatus } from '../../plattform/kalender/kalender.ics.ts';
import { findKalenderPlaetze } from './leseraum-buchung.kalender.repository.ts';
import { bereichOf } from './leseraum-buchung.kontext.ts';

const kalenderStatus = (status: string): KalenderStatus =>
  status === 'storniert' ? 'CANCELLED' : status === 'vorgemerkt' ? 'TENTATIVE' : 'CONFIRMED';

/** The user's bookings of the area, as its list in the app shows them. */
const pfadVon = (bereich: string) =>
  `/${bereichOf(bereich) === 'arbeitswelt' ? 'arbeitswelt' : 'leseraum'}/liste`;

/** One booking of a place in calendar terms; `storniert` for the mail that cancels it. */
export const platzKalenderBuchung = (
  row: {
    id: string;
    von: Date;
    bis: Date;
    status: string;
    leseraumBezeichnung: string;
    grundrissBezeichnung: string;
    bereich: string;
  },
  { geaendert, storniert = false }: { geaendert: Date; storniert?: boolean },
): KalenderBuchung => ({
  art: 'platz',
  buchungId: row.id,
  von: row.von,
  bis: row.bis,
  status: storniert ? 'CANCELLED' : kalenderStatus(row.status),
  ressource: row.leseraumBezeichnung,
  detail: null,
  ort: row.grundrissBezeichnung,
  geaendert,
  pfad: pfadVon(row.bereich),
});

/** The booker's place bookings of the areas for the feed (in the tenant's transaction). */
export const platzKalenderBuchungen = async (
  tx: Tx,
  query: { mail: string; bereiche: readonly Bereich[]; seit: Date; storniertSeit: Date; limit: number },
): Promise<KalenderBuchung[]> =>
  (await findKalenderPlaetze(tx, query)).map((row) =>
    platzKalenderBuchung(row, { geaendert: row.updatedAt }),
  );
