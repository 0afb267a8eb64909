import { leseraumStornoVerstoss } from '@stellwerk/domain/leseraum/leseraum-buchung/machine';
import type { Tx } from '../../../db/client.ts';
import { type LeseraumDeps, meldeBuchung } from './leseraum-buchung.kontext.ts';
import { sendMail } from './leseraum-buchung.mails.ts';
import { lockBuchung, updateBuchung } from './leseraum-buchung.repository.ts';
import { spindFreigeben } from './leseraum-buchung.spind.ts';

/**
 * Cancels bookings because their area closes (opening hours, decision 031/052): each booking is locked, the
 * cancel rule runs with the system acting as staff (holds and reservations only; a performed booking stays),
 * and the booking gets the same cancellation mail and live event as any other cancel, the reason naming the
 * closing (`beschreibung`, a special time's description, if any). Returns the ids cancelled.
 */
export const storniereWegenSchliessung = async (
  tx: Tx,
  deps: Pick<LeseraumDeps, 'publicUrl'>,
  {
    mandantId,
    ids,
    beschreibung,
    now,
  }: { mandantId: string; ids: string[]; beschreibung?: string; now: Date },
): Promise<Set<string>> => {
  const storniert = new Set<string>();
  for (const id of ids) {
    const row = await lockBuchung(tx, id);
    if (!row || leseraumStornoVerstoss({ status: row.status, akteur: 'personal' })) continue;
    if (row.status !== 'vorgemerkt' && row.status !== 'reserviert') continue;
    await updateBuchung(tx, row.id, { status: 'storniert', stornoGrund: 'system', storniertAm: now });
    await spindFreigeben(tx, { mandantId, buchungId: row.id, now, grund: 'schliessung' });
    await sendMail(tx, { publicUrl: deps.publicUrl, now: () => now }, mandantId, row, 'useMailStorno', {
      grund: 'schliessung',
      grundZusatz: beschreibung || undefined,
    });
    storniert.add(row.id);
    await meldeBuchung(tx, mandantId, row);
  }
  return storniert;
};
