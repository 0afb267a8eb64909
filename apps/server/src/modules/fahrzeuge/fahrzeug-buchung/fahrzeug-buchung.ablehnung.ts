/**
 * The outcome of a rejected special-trip approval on the trip (spec §4, decision 049) as the booking module's own
 * operation (decision 153): the approval module calls it instead of writing `fahrzeug_buchung` itself.
 */

import { DomainError } from '@stellwerk/domain/errors';
import { naechsterFahrzeugStatus } from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/machine';
import type { BuchungStatus } from '@stellwerk/domain/status';
import type { Tx } from '../../../db/client.ts';
import { setzeStatusWenn } from './fahrzeug-buchung.repository.ts';

/**
 * Cancels the rejected trip (the transition table's `ablehnen` step from its locked `status`, else
 * 'fahrzeug_buchung.schritt_nicht_erlaubt') with the information text and the approver who rejected it
 * (decision 149). Sends no mail and no event (the approval module does). Answers the new status.
 */
export const storniereNachAblehnung = async (
  tx: Tx,
  {
    id,
    status,
    informationstext,
    storniertVon,
  }: { id: string; status: BuchungStatus; informationstext: string | null; storniertVon: string },
): Promise<BuchungStatus> => {
  const nach = naechsterFahrzeugStatus({ status, aktion: 'ablehnen' });
  const geaendert = await setzeStatusWenn(tx, {
    ids: [id],
    von: [status],
    nach,
    werte: { informationstext, storniertVon },
  });
  if (geaendert.length === 0) throw new DomainError('fahrzeug_buchung.schritt_nicht_erlaubt', { status });
  return nach;
};
