/**
 * Moving a trip to another vehicle (spec §3, §4; decision 056) as the booking module's own operation (decision 153):
 * the block calls it for a trip it displaces.
 */
import type { Tx } from '../../../db/client.ts';
import { guardUeberschneidung } from './fahrzeug-buchung.kontext.ts';
import { updateFahrzeugDerBuchung } from './fahrzeug-buchung.repository.ts';

/**
 * Moves a booking the block displaces to another vehicle; its status, period and texts stay. A clash with the
 * other vehicle's bookings is the exclusion constraint's refusal, answered as 'fahrzeug_buchung.ueberschneidung'.
 */
export const bucheAufFahrzeugUm = (tx: Tx, umbuchung: { id: string; fahrzeugId: string }): Promise<void> =>
  guardUeberschneidung(() => updateFahrzeugDerBuchung(tx, umbuchung));
