import { leseraumErinnerungFaellig } from '@stellwerk/domain/leseraum/leseraum-buchung/mail';
import { numberCustomizing } from '@stellwerk/domain/verwaltung/customizing';
import type { Tx } from '../../../db/client.ts';
import { loadEffectiveCustomizing } from '../../verwaltung/customizing/customizing.service.ts';
import type { LeseraumDeps } from './leseraum-buchung.kontext.ts';
import { sendMail } from './leseraum-buchung.mails.ts';
import { findBenutzerIdByMail, findOhneErinnerung, updateBuchung } from './leseraum-buchung.repository.ts';

/** The longest reminder lead the option allows (LeseraumEmailErinnerungBuchungsbeginn, max 10080 minutes). */
const MAX_ERINNERUNG_MS = 10_080 * 60_000;

/**
 * The reminder before the start (scheduler, per tenant): for each hold or reservation starting within the
 * booker's lead (LeseraumEmailErinnerungBuchungsbeginn, minutes, 0 = none; the booker's effective value),
 * queues the reminder once and records it (`erinnerung_gesendet_am`). A hold is reminded to confirm, a
 * reservation of its check-in window. Returns how many were queued.
 */
export const sendLeseraumErinnerungen = async (
  tx: Tx,
  deps: Pick<LeseraumDeps, 'publicUrl'>,
  { mandantId, now }: { mandantId: string; now: Date },
): Promise<number> => {
  const rows = await findOhneErinnerung(tx, { now, bis: new Date(now.getTime() + MAX_ERINNERUNG_MS) });
  const minutenDes = new Map<string, number>();
  let sent = 0;
  for (const row of rows) {
    const key = row.buchenderMail.toLowerCase();
    let minuten = minutenDes.get(key);
    if (minuten === undefined) {
      const benutzerId = await findBenutzerIdByMail(tx, row.buchenderMail);
      minuten = benutzerId
        ? numberCustomizing(
            await loadEffectiveCustomizing(tx, benutzerId),
            'LeseraumEmailErinnerungBuchungsbeginn',
          )
        : 0;
      minutenDes.set(key, minuten);
    }
    if (!leseraumErinnerungFaellig({ status: row.status, von: row.von, minuten, gesendet: false, now }))
      continue;
    await sendMail(tx, { publicUrl: deps.publicUrl, now: () => now }, mandantId, row, 'erinnerung', {
      bestaetigungDurchPersonal: row.status === 'vorgemerkt' ? row.bestaetigerMail === null : undefined,
    });
    await updateBuchung(tx, row.id, { erinnerungGesendetAm: now });
    sent++;
  }
  return sent;
};
