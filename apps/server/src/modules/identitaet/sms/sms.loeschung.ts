/** Erasing a person (decision 235): the sign-in texts sent to them (with their phone number) are deleted. */
import { eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { smsAusgang } from './sms.table.ts';

export const loescheSmsAnPerson = async (tx: Tx, benutzerId: string): Promise<number> =>
  (await tx.delete(smsAusgang).where(eq(smsAusgang.benutzerId, benutzerId)).returning({ id: smsAusgang.id }))
    .length;
