/**
 * What the retention purge (`fahrzeug-aufbewahrung`, decision 081) deletes of the service book, in its transaction
 * (decisions 153, 205).
 */
export { deleteFaelligesServiceheft } from './serviceheft.repository.ts';
