/** The special closures of a floor plan a kiosk board names (decision 207). */
import type { Tx } from '../../../db/client.ts';
import { findSonderzeiten } from './oeffnungszeit.repository.ts';

/** The plan's special closures that overlap [vonTag, bisTag] (Berlin days), in date order. */
export const schliessungenZwischen = async (tx: Tx, grundrissId: string, vonTag: string, bisTag: string) =>
  (await findSonderzeiten(tx, grundrissId))
    .filter((s) => s.status === 'geschlossen' && s.gueltigBis >= vonTag && s.gueltigVon <= bisTag)
    .map((s) => ({ von: s.gueltigVon, bis: s.gueltigBis, beschreibung: s.beschreibung }));
