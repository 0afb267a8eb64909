/** Erasing a person (decision 235): their own settings are deleted. */
import { eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { customizing } from './customizing.table.ts';

export const loescheEinstellungenDerPerson = async (tx: Tx, benutzerId: string): Promise<number> =>
  (
    await tx
      .delete(customizing)
      .where(eq(customizing.benutzerId, benutzerId))
      .returning({ id: customizing.benutzerId })
  ).length;
