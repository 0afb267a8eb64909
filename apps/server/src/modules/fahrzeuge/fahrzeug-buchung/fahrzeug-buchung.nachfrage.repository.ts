/** The count of unmet demand (decision 246): one up per cell, in the searching transaction. */
import type { NachfrageZelle } from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/ungedeckte-nachfrage';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { fahrzeugNachfrageUngedeckt } from './fahrzeug-buchung.table.ts';

export const zaehleUngedeckteNachfrage = async (
  tx: Tx,
  mandantId: string,
  zellen: readonly NachfrageZelle[],
): Promise<void> => {
  if (zellen.length === 0) return;
  await tx
    .insert(fahrzeugNachfrageUngedeckt)
    .values(zellen.map((z) => ({ mandantId, ...z, anzahl: 1 })))
    .onConflictDoUpdate({
      target: [
        fahrzeugNachfrageUngedeckt.mandantId,
        fahrzeugNachfrageUngedeckt.tag,
        fahrzeugNachfrageUngedeckt.standortId,
        fahrzeugNachfrageUngedeckt.kategorie,
        fahrzeugNachfrageUngedeckt.stunde,
      ],
      set: { anzahl: sql`${fahrzeugNachfrageUngedeckt.anzahl} + 1` },
    });
};
