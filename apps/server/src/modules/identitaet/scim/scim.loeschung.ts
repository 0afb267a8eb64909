/** Erasing a person (decision 235): SCIM forgets the person (external id, deletion mark). */
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { scimExternalId, scimGeloescht } from './scim.table.ts';

/**
 * With `platzhalter` (the erased person's row stays for kept records) the deletion mark stays too, so SCIM keeps
 * answering 404 for the id and lists leave it out.
 */
export const vergissScimPerson = async (
  tx: Tx,
  { benutzerId, platzhalter }: { benutzerId: string; platzhalter: boolean },
): Promise<number> => {
  const ext = await tx
    .delete(scimExternalId)
    .where(and(eq(scimExternalId.typ, 'User'), eq(scimExternalId.ressourceId, benutzerId)))
    .returning({ id: scimExternalId.ressourceId });
  if (platzhalter) return ext.length;
  const mark = await tx
    .delete(scimGeloescht)
    .where(eq(scimGeloescht.benutzerId, benutzerId))
    .returning({ id: scimGeloescht.benutzerId });
  return ext.length + mark.length;
};
