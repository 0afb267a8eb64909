/**
 * What the retention purge (`fahrzeug-aufbewahrung`, decision 081) deletes of the trips module's tables, in its
 * transaction: expired history entries and the beginning of a logbook chain (decisions 153, 205).
 */
export { loescheKettenanfang } from './fahrt.fahrtenbuch.repository.ts';
export { deleteHistorie } from './fahrt.historie.repository.ts';
