/**
 * The HU and UVV due dates of a vehicle, written for the service-book module in its transaction: the vehicle row
 * belongs to this module (decision 153).
 */
export { setzeFaelligkeit } from './fahrzeug.repository.ts';
