/**
 * What other modules may read of the module fahrzeug-buchung: its tables, for joins in their own queries.
 * Only this module writes them (the write check in scripts/quellen.test.ts, decision 153); another module's
 * change goes through one of this module's operations. Foreign imports of a *.table.ts fail `npm run boundaries`.
 */
export {
  fahrzeugBenachrichtigung,
  fahrzeugBuchung,
  fahrzeugNachfrageUngedeckt,
} from './fahrzeug-buchung.table.ts';
