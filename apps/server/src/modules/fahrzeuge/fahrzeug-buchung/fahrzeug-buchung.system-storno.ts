/**
 * The system's bulk cancellation of vehicle bookings (spec §4, §7) as the booking module's own operation
 * (decision 153): other modules (the vehicle block) call it instead of writing `fahrzeug_buchung` themselves.
 */
import { FAHRZEUG_BUCHUNG_UEBERGAENGE } from '@stellwerk/domain/fahrzeug-buchung/machine';
import type { Tx } from '../../../db/client.ts';
import { setzeStatusWenn } from './fahrzeug-buchung.repository.ts';

/**
 * Cancels the given bookings with the information text, each only where the transition table's `systemStorno` step
 * allows it (never one durchgeführt or already storniert), in one statement in the caller's transaction. Sends no
 * mail and no event (the caller tells the bookers in its own words). Answers the ids it cancelled.
 */
export const storniereDurchSystem = (
  tx: Tx,
  { ids, informationstext }: { ids: readonly string[]; informationstext: string },
): Promise<string[]> =>
  setzeStatusWenn(tx, {
    ids,
    von: FAHRZEUG_BUCHUNG_UEBERGAENGE.systemStorno.von,
    nach: FAHRZEUG_BUCHUNG_UEBERGAENGE.systemStorno.nach,
    werte: { informationstext },
  });
