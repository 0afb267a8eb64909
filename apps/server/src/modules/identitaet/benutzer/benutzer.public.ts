/**
 * What other modules may read of the module benutzer: its tables, for joins in their own queries.
 * Only this module writes them (the write check in scripts/quellen.test.ts, decision 153); another module's
 * change goes through one of this module's operations. Foreign imports of a *.table.ts fail `npm run boundaries`.
 */
/** `GELOESCHT`: the status of the empty row an erased person may leave (decision 235); lists and counts leave it out. */
export { benutzer, benutzerGruppe, benutzerPermission, benutzerRolle, GELOESCHT } from './benutzer.table.ts';
