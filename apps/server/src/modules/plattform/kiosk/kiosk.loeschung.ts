/** Erasing a person (decision 235): the kiosk's record of the check-in codes they used is deleted. */
import { eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { kioskEincheck } from './kiosk.table.ts';

export const loescheKioskEincheckDerPerson = async (tx: Tx, benutzerId: string): Promise<number> =>
  (
    await tx
      .delete(kioskEincheck)
      .where(eq(kioskEincheck.benutzerId, benutzerId))
      .returning({ id: kioskEincheck.benutzerId })
  ).length;
