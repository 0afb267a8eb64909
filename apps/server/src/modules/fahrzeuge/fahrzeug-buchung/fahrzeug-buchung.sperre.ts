/**
 * The writes of a vehicle block's rows (spec §3, §4; decision 056), as the booking module's own operations
 * (decision 153): a block is a `fahrzeug_buchung` row of its type, so the block module calls these instead of
 * writing the table itself. The trips it displaces move with `fahrzeug-buchung.umbuchen.ts` and are cancelled with
 * `fahrzeug-buchung.system-storno.ts`.
 */

import { DomainError } from '@stellwerk/domain/errors';
import { naechsterFahrzeugStatus } from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/machine';
import type { BuchungStatus } from '@stellwerk/domain/status';
import type { Tx } from '../../../db/client.ts';
import { insertSperrBuchung, type SperrBuchungRow, setzeStatusWenn } from './fahrzeug-buchung.repository.ts';

export type { SperrBuchungRow };

/** Stores a block booked by the fleet manager (status reserviert) and answers its row. */
export const speichereSperre = (
  tx: Tx,
  values: Parameters<typeof insertSperrBuchung>[1],
): Promise<SperrBuchungRow> => insertSperrBuchung(tx, values);

/**
 * Lifts a block: it is kept as storniert (history is never rewritten), by the transition table's `stornieren` step
 * from its locked `status` (else 'fahrzeug_buchung.schritt_nicht_erlaubt'). Its information text stays.
 */
export const hebeSperreAuf = async (
  tx: Tx,
  { id, status }: { id: string; status: BuchungStatus },
): Promise<void> => {
  const nach = naechsterFahrzeugStatus({ status, aktion: 'stornieren' });
  const geaendert = await setzeStatusWenn(tx, { ids: [id], von: [status], nach });
  if (geaendert.length === 0) throw new DomainError('fahrzeug_buchung.schritt_nicht_erlaubt', { status });
};
