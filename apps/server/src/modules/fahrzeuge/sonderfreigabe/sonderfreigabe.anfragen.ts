/**
 * The approvers a special trip asks (spec §6, decision 049) as this module's own operations (decision 153): the
 * booking module calls them when a trip is booked or changed, instead of writing `sonderfreigabe` itself. In the
 * caller's transaction; the booking module mails the approvers.
 */
import type { Tx } from '../../../db/client.ts';
import { deleteFreigeber, type FreigeberZeile, insertFreigeber } from './sonderfreigabe.repository.ts';

export type { FreigeberZeile };

type Anfrage = { mandantId: string; buchungId: string; benutzerIds: readonly string[] };

/** Asks the approvers of a new booking for their decision; answers their rows, undecided. */
export const frageFreigeberAn = (tx: Tx, anfrage: Anfrage): Promise<FreigeberZeile[]> =>
  insertFreigeber(tx, anfrage);

/** Asks the approvers again (or none: no longer a special trip): every earlier decision on the booking is dropped. */
export const frageFreigeberNeuAn = async (tx: Tx, anfrage: Anfrage): Promise<void> => {
  await deleteFreigeber(tx, anfrage.buchungId);
  await insertFreigeber(tx, anfrage);
};
