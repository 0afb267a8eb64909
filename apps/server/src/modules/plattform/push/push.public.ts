/**
 * What other modules may read of the module push: its tables, for joins in their own queries.
 * Only this module writes them (decision 153).
 */
export { pushAbo, pushAusgang } from './push.table.ts';
