import { leseraumVerfall } from '@stellwerk/domain/leseraum/leseraum-buchung/machine';
import type { Tx } from '../../../db/client.ts';
import { type LeseraumDeps, meldeBuchung } from './leseraum-buchung.kontext.ts';
import { sendMail } from './leseraum-buchung.mails.ts';
import { findOffeneBuchungenBis, updateBuchung } from './leseraum-buchung.repository.ts';
import { spindFreigeben } from './leseraum-buchung.spind.ts';

/**
 * Releases, in one tenant's transaction, the holds whose deadline passed and the reservations nobody
 * checked in to (spec §4), each with the cancellation mail naming why. Idempotent: a released booking is
 * storniert and not found again. Returns how many were released.
 */
export const releaseLapsedBuchungen = async (
  tx: Tx,
  deps: Pick<LeseraumDeps, 'publicUrl'>,
  { mandantId, now }: { mandantId: string; now: Date },
): Promise<number> => {
  const rows = await findOffeneBuchungenBis(tx, now);
  let released = 0;
  for (const row of rows) {
    const grund = leseraumVerfall({ status: row.status, von: row.von, now });
    if (!grund) continue;
    await updateBuchung(tx, row.id, {
      status: 'storniert',
      stornoGrund: grund === 'frist_abgelaufen' ? 'frist_abgelaufen' : 'nicht_eingecheckt',
      storniertAm: now,
    });
    await spindFreigeben(tx, { mandantId, buchungId: row.id, now, grund });
    await sendMail(tx, { publicUrl: deps.publicUrl, now: () => now }, mandantId, row, 'useMailStorno', {
      grund,
    });
    released++;
    await meldeBuchung(tx, mandantId, row);
  }
  return released;
};
