/** What the personal calendar feed reads of a user's place bookings (decision 168). */
import type { Bereich } from '@stellwerk/domain/leseraum/leseraum-buchung/api';
import { and, asc, eq, gt, inArray, ne, or, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { grundrissLeseraum, leseraum } from '../leseraum/leseraum.public.ts';
import { leseraumBuchung } from './leseraum-buchung.table.ts';

export type KalenderPlatzRow = {
  id: string;
  von: Date;
  bis: Date;
  status: string;
  updatedAt: Date;
  leseraumBezeichnung: string;
  grundrissBezeichnung: string;
  bereich: string;
};

/**
 * The booker's bookings of the areas that end after `seit`, and the cancelled ones changed (cancelled) after
 * `storniertSeit`; 'verschlossen' (a status without transitions) is no booking of theirs. Soonest first.
 */
export const findKalenderPlaetze = async (
  tx: Tx,
  {
    mail,
    bereiche,
    seit,
    storniertSeit,
    limit,
  }: { mail: string; bereiche: readonly Bereich[]; seit: Date; storniertSeit: Date; limit: number },
): Promise<KalenderPlatzRow[]> => {
  if (bereiche.length === 0) return [];
  return tx
    .select({
      id: leseraumBuchung.id,
      von: leseraumBuchung.von,
      bis: leseraumBuchung.bis,
      status: leseraumBuchung.status,
      updatedAt: leseraumBuchung.updatedAt,
      leseraumBezeichnung: leseraum.bezeichnung,
      grundrissBezeichnung: grundrissLeseraum.bezeichnung,
      bereich: grundrissLeseraum.bereich,
    })
    .from(leseraumBuchung)
    .innerJoin(leseraum, eq(leseraum.id, leseraumBuchung.leseraumId))
    .innerJoin(grundrissLeseraum, eq(grundrissLeseraum.id, leseraum.grundrissId))
    .where(
      and(
        sql`lower(${leseraumBuchung.systembenutzer1Mail}) = ${mail.toLowerCase()}`,
        inArray(grundrissLeseraum.bereich, [...bereiche]),
        ne(leseraumBuchung.status, 'verschlossen'),
        or(
          and(ne(leseraumBuchung.status, 'storniert'), gt(leseraumBuchung.bis, seit)),
          and(eq(leseraumBuchung.status, 'storniert'), gt(leseraumBuchung.updatedAt, storniertSeit)),
        ),
      ),
    )
    .orderBy(asc(leseraumBuchung.von))
    .limit(limit);
};
