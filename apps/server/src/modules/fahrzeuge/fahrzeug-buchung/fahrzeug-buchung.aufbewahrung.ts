/**
 * What the retention purge (`fahrzeug-aufbewahrung`, decision 081) deletes or records of the booking module's
 * tables, in its transaction: expired bookings with their notice keys, and the key of a completed purge day
 * (decisions 153, 205).
 */
export { deleteBuchungen, insertTagErledigt } from './fahrzeug-buchung.repository.ts';
