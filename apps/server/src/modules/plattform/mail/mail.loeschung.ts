/**
 * Erasing a person (decision 235): every mail of the outbox to their address is deleted, sent or not (a pending
 * one would go to an address that no longer belongs to anyone here, a sent one keeps the person's texts).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { asOwner } from '../../identitaet/auth/auth.accounts.ts';
import { mailOutbox } from './mail.table.ts';

export const loescheMailsAnPerson = async (
  tx: Tx,
  { mandantId, email }: { mandantId: string; email: string },
): Promise<number> =>
  // the application role only queues mails (it may not delete them): the platform role, bound to the tenant
  (
    await asOwner(tx, () =>
      tx
        .delete(mailOutbox)
        .where(
          and(
            eq(mailOutbox.mandantId, mandantId),
            sql`lower(${mailOutbox.to}) = ${email.trim().toLowerCase()}`,
          ),
        )
        .returning({ id: mailOutbox.id }),
    )
  ).length;
