/**
 * What provisioning from the identity provider (SCIM, decision 092) writes of groups, in its transaction: the `gruppe`
 * table belongs to this module (decisions 153, 205). Deleting a group takes its memberships with it (cascade).
 */
export { deleteGruppe, insertGruppeRow, renameGruppe } from './gruppe.repository.ts';
