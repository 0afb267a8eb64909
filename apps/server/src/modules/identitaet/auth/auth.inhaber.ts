import type { Tx } from '../../../db/client.ts';
import { findAktiveBenutzerIds, findInhaber } from './auth.repository.ts';

/**
 * Who holds a permission, for other modules (drivers to choose, approvers, recipients of the vehicle jobs'
 * mails): the same grants as the session user's permissions, directly, by role or by a group's role; `standortIds`
 * are the locations a role assignment is limited to (decision 258), empty for the whole tenant.
 */
export const inhaberVon = (
  tx: Tx,
  benutzerIds: readonly string[] | null,
  names: readonly string[],
): Promise<{ benutzerId: string; name: string; standortIds: string[] }[]> =>
  findInhaber(tx, benutzerIds, names);

/** The ids of the tenant's active users holding `permission`, e.g. the fleet managers a damage is mailed to. */
export const aktiveInhaber = async (tx: Tx, permission: string): Promise<string[]> => {
  const ids = [...new Set((await findInhaber(tx, null, [permission])).map((r) => r.benutzerId))];
  return findAktiveBenutzerIds(tx, ids);
};
