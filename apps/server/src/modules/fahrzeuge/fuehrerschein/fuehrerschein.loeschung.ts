/**
 * Erasing a person (decision 235): their licence check is deleted (the keeper's duty ends with the person no
 * longer driving); as the checker of someone else's licence only the reference goes.
 */
import { eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { fuehrerschein } from './fuehrerschein.table.ts';

export const loescheFuehrerscheinDerPerson = async (tx: Tx, benutzerId: string): Promise<number> => {
  await tx.update(fuehrerschein).set({ prueferId: null }).where(eq(fuehrerschein.prueferId, benutzerId));
  const geloescht = await tx
    .delete(fuehrerschein)
    .where(eq(fuehrerschein.benutzerId, benutzerId))
    .returning({ id: fuehrerschein.id });
  return geloescht.length;
};
