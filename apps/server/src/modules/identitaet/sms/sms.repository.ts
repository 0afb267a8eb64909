import { and, count, desc, eq, gt } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { smsAusgang } from './sms.table.ts';

/** One SMS in the tenant's outbox (tenant transaction); never with its code (decision 083). */
export const insertSms = async (tx: Tx, row: typeof smsAusgang.$inferInsert): Promise<void> => {
  await tx.insert(smsAusgang).values(row);
};

/** How many SMS the person got since `seit` (tenant transaction). */
export const countSmsSeit = async (tx: Tx, benutzerId: string, seit: Date): Promise<number> => {
  const [row] = await tx
    .select({ n: count() })
    .from(smsAusgang)
    .where(and(eq(smsAusgang.benutzerId, benutzerId), gt(smsAusgang.createdAt, seit)));
  return Number(row?.n ?? 0);
};

/** The tenant's newest SMS (tenant transaction). */
export const findSmsAusgang = async (tx: Tx, limit: number) =>
  tx.select().from(smsAusgang).orderBy(desc(smsAusgang.createdAt)).limit(limit);
