/** `pg_notify` inside the transaction (db/client.ts): delivered on commit, and not at all on rollback. */
export { notifyInTx } from '../../../db/client';
