/**
 * Erasing a person (decisions 235, 251), the lockers' part. A locker booking that has not begun is cancelled (the
 * locker is free at once) and deleted; a running one ends now. A locker whose period is over but that nobody
 * confirmed emptied keeps its duty without the person: the booking stays with no `benutzer_id` and no PIN, so it
 * stays on the facility's list until staff clear it (the things in it are still there). Every other booking of
 * the person (cancelled, emptied) is deleted. The lock system is told `freigegeben` for every booking that was
 * not over, through release orders written here and sent after the commit (decision 250). Lockers of place
 * bookings were given back already when their place booking was cancelled, and are treated here like the others.
 */
import { and, eq, gt, lte, ne } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { gibTagesspindZurueck } from './spind.repository.ts';
import { vormerkeFreigaben } from './spind.schloss.ts';
import { spindBuchung } from './spind.table.ts';

export const loescheSpindBuchungenDerPerson = async (
  tx: Tx,
  { mandantId, benutzerId, now }: { mandantId: string; benutzerId: string; now: Date },
): Promise<{ storniert: number; geloescht: number; anonymisiert: number }> => {
  const derPerson = and(eq(spindBuchung.mandantId, mandantId), eq(spindBuchung.benutzerId, benutzerId));
  // not over: given back as the owner would (not begun: cancelled; running: ends now and waits to be emptied)
  const laufend = await tx
    .select()
    .from(spindBuchung)
    .where(and(derPerson, ne(spindBuchung.status, 'storniert'), gt(spindBuchung.bis, now)));
  const freigegeben = [];
  for (const b of laufend) {
    const r = await gibTagesspindZurueck(tx, b.id, now);
    if (r) freigegeben.push(r.row);
  }
  await vormerkeFreigaben(tx, mandantId, now, freigegeben);
  // over and not emptied: the duty to empty stays, the person goes
  const anonymisiert = await tx
    .update(spindBuchung)
    .set({ benutzerId: null, pin: null, updatedAt: now })
    .where(
      and(
        derPerson,
        ne(spindBuchung.status, 'storniert'),
        lte(spindBuchung.bis, now),
        eq(spindBuchung.leerung, 'offen'),
      ),
    )
    .returning({ id: spindBuchung.id });
  const geloescht = await tx.delete(spindBuchung).where(derPerson).returning({ id: spindBuchung.id });
  return { storniert: laufend.length, geloescht: geloescht.length, anonymisiert: anonymisiert.length };
};
