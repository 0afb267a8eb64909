/**
 * The platform administrator's user row, written for the tenant administration (module `mandant`) in its
 * transaction: the `benutzer` table belongs to this module (decision 153).
 */
export { insertPlatformAdmin } from './benutzer.repository.ts';
