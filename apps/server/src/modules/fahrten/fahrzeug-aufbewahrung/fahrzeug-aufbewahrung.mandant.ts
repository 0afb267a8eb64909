/**
 * What the retention period means for deleting a tenant (decision 127); apart from the purge's service, which
 * the scheduler runs, so the tenant module can ask without a cycle.
 */
import { DomainError } from '@stellwerk/domain/errors';
import {
  aufbewahrungsStichtag,
  berlinJahr,
  FAHRTENBUCH_AUFBEWAHRUNG_JAHRE,
} from '@stellwerk/domain/fahrzeuge/fahrzeug/aufbewahrung';
import type { Tx } from '../../../db/client.ts';
import { findAufzubewahrendesFahrtenbuch } from './fahrzeug-aufbewahrung.repository.ts';
/**
 * Refuses to delete a tenant whose logbook still holds versions inside the legal period (decision 127: 10 years,
 * § 147 AO, from the end of the year of each version's own date): 409 naming how many and until when. The
 * tenant stays until the purge has removed its last such version.
 */
export const assertKeinAufzubewahrendesFahrtenbuch = async (
  tx: Tx,
  mandant: { id: string; name: string },
  now: Date,
): Promise<void> => {
  const { anzahl, letztes } = await findAufzubewahrendesFahrtenbuch(
    tx,
    mandant.id,
    aufbewahrungsStichtag(FAHRTENBUCH_AUFBEWAHRUNG_JAHRE, now),
  );
  if (anzahl > 0 && letztes)
    throw new DomainError('mandant.fahrtenbuch_aufbewahrung', {
      name: mandant.name,
      anzahl,
      jahr: berlinJahr(letztes) + FAHRTENBUCH_AUFBEWAHRUNG_JAHRE,
    });
};
