/**
 * The opening-hours rows of a vehicle's booking windows, written for the fleet module in its transaction: the
 * `oeffnungszeit` table belongs to this module (decision 153), the window set (`fahrzeug_oeffnungszeit`) to the fleet.
 */
export { ersetzeFahrzeugZeilen } from './oeffnungszeit.repository.ts';
