/**
 * A user's own name, written for the profile page (module `me`) in its transaction: the user row belongs to this
 * module (decision 153).
 */
export { updateProfil } from './benutzer.repository.ts';
