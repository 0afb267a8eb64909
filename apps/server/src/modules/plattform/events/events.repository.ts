import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';

/** `pg_notify` inside the transaction: PostgreSQL delivers it on commit, and not at all on rollback. */
export const notifyInTx = async (tx: Tx, channel: string, payload: string): Promise<void> => {
  await tx.execute(sql`select pg_notify(${channel}, ${payload})`);
};
