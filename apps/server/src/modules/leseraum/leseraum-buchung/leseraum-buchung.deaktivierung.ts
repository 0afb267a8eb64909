/** Deactivating places (/admin/raeume, decision 051): the bookings it affects, and cancelling them. */

import {
  deaktivierungsStorno,
  vonDeaktivierungBetroffen,
} from '@stellwerk/domain/leseraum/leseraum-buchung/deaktivierung';
import type { TBetroffeneBuchung } from '@stellwerk/domain/verwaltung/admin-stammdaten.api';
import type { Tx } from '../../../db/client.ts';
import { type LeseraumDeps, meldeBuchung } from './leseraum-buchung.kontext.ts';
import { sendMail } from './leseraum-buchung.mails.ts';
import { toBetroffene } from './leseraum-buchung.presenter.ts';
import {
  type BuchungRow,
  findOffeneBuchungenDerPlaetze,
  updateBuchung,
} from './leseraum-buchung.repository.ts';
import { spindFreigeben } from './leseraum-buchung.spind.ts';

/**
 * The bookings deactivating the places `leseraumIds` at `now` would cancel (holds and reservations that have
 * not ended), soonest first. Runs in the caller's tenant transaction; the caller has authorised.
 */
export const findDeaktivierungBetroffene = async (
  tx: Tx,
  { leseraumIds, now }: { leseraumIds: readonly string[]; now: Date },
): Promise<TBetroffeneBuchung[]> =>
  (await findOffeneBuchungenDerPlaetze(tx, { leseraumIds, from: now }))
    .filter((r) => vonDeaktivierungBetroffen({ status: r.status, bis: r.bis, now }))
    .map(toBetroffene);

/**
 * Cancels by the system, in the caller's tenant transaction, the bookings of the places `leseraumIds` that
 * deactivating them affects: each becomes `storniert` (the rule of `deaktivierungsStorno`), its booker gets
 * the deactivation mail (useMailRaumDeaktivierungSystemStorno) in their language, and open plans hear of it.
 * The caller has authorised and has changed (or locked) the places. Returns the bookings cancelled.
 */
export const storniereDurchSystem = async (
  tx: Tx,
  deps: Pick<LeseraumDeps, 'publicUrl'>,
  { mandantId, leseraumIds, now }: { mandantId: string; leseraumIds: readonly string[]; now: Date },
): Promise<TBetroffeneBuchung[]> => {
  const rows = await findOffeneBuchungenDerPlaetze(tx, { leseraumIds, from: now, lock: true });
  const done: BuchungRow[] = [];
  for (const row of rows) {
    if (!vonDeaktivierungBetroffen({ status: row.status, bis: row.bis, now })) continue;
    const storno = deaktivierungsStorno(row.status);
    if (!storno) continue;
    await updateBuchung(
      tx,
      row.id,
      storno.nach === 'storniert'
        ? { status: storno.nach, stornoGrund: 'system', storniertAm: now }
        : { status: storno.nach },
    );
    await spindFreigeben(tx, { mandantId, buchungId: row.id, now, grund: 'deaktivierung' });
    await sendMail(tx, { publicUrl: deps.publicUrl, now: () => now }, mandantId, row, storno.mail);
    done.push(row);
  }
  for (const row of done) await meldeBuchung(tx, mandantId, row);
  return done.map((r) => ({ ...toBetroffene(r), status: 'storniert' }));
};
