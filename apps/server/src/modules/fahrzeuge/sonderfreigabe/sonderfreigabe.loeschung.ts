/** Erasing a person (decision 235): the special approvals granted to them are deleted. */
import { eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { sonderfreigabe } from './sonderfreigabe.table.ts';

export const loescheSonderfreigabenDerPerson = async (tx: Tx, benutzerId: string): Promise<number> =>
  (
    await tx
      .delete(sonderfreigabe)
      .where(eq(sonderfreigabe.benutzerId, benutzerId))
      .returning({ id: sonderfreigabe.id })
  ).length;
