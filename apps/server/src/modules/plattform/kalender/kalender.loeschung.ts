/** Erasing a person (decision 235): their calendar subscription is deleted (its link stops working). */
import { eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { kalenderAbo } from './kalender.table.ts';

export const loescheKalenderAboDerPerson = async (tx: Tx, benutzerId: string): Promise<number> =>
  (
    await tx
      .delete(kalenderAbo)
      .where(eq(kalenderAbo.benutzerId, benutzerId))
      .returning({ id: kalenderAbo.id })
  ).length;
