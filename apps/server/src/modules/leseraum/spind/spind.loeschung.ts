/**
 * Erasing a person (decision 235), the lockers' part: the person's locker bookings are deleted (the declaration
 * says `geloescht`: a locker booking without its person has no use, and the utilisation does not count lockers).
 * Those not yet over count as cancelled in the report: the locker is free from now on. Lockers of place bookings
 * were given back already when their place booking was cancelled.
 */
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { spindBuchung } from './spind.table.ts';

export const loescheSpindBuchungenDerPerson = async (
  tx: Tx,
  { mandantId, benutzerId, now }: { mandantId: string; benutzerId: string; now: Date },
): Promise<{ storniert: number; geloescht: number }> => {
  const laufend = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(spindBuchung)
    .where(
      and(
        eq(spindBuchung.benutzerId, benutzerId),
        eq(spindBuchung.status, 'gebucht'),
        gt(spindBuchung.bis, now),
      ),
    );
  const geloescht = await tx
    .delete(spindBuchung)
    .where(and(eq(spindBuchung.mandantId, mandantId), eq(spindBuchung.benutzerId, benutzerId)))
    .returning({ id: spindBuchung.id });
  return { storniert: Number(laufend[0]?.n ?? 0), geloescht: geloescht.length };
};
