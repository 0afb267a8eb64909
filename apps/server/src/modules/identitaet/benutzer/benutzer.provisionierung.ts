/**
 * What provisioning from the identity provider (SCIM, decision 092; single sign-on just in time, decision 074)
 * writes of users and memberships, in its transaction: the `benutzer` and `benutzer_gruppe` tables belong to this
 * module (decisions 153, 205).
 */
export {
  addGruppen,
  insertSsoBenutzer,
  removeGruppen,
  setMembers,
  updateBenutzerRow,
  updateSsoBenutzer,
} from './benutzer.repository.ts';
