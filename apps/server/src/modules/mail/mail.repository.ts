import { and, asc, count, desc, eq, lte, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { mailOutbox } from './mail.table';

export type MailStatus = 'pending' | 'sent' | 'failed';

export type NewOutboxRow = {
  mandantId: string | null;
  to: string;
  template: string;
  language: string;
  subject: string;
  text: string;
  html: string;
  nextAttemptAt: Date;
};

export const insertOutboxRow = async (tx: Tx, row: NewOutboxRow): Promise<string> => {
  const [inserted] = await tx
    .insert(mailOutbox)
    .values({ ...row, status: 'pending', attempts: 0 })
    .returning({
      id: mailOutbox.id,
    });
  return inserted!.id;
};

/** Rows visible to the transaction (row-level security limits them to the tenant), newest first. */
export const listOutboxRows = async (
  tx: Tx,
  { status, limit, offset }: { status: MailStatus | undefined; limit: number; offset: number },
) => {
  const where: SQL | undefined = status ? eq(mailOutbox.status, status) : undefined;
  const items = await tx
    .select({
      id: mailOutbox.id,
      to: mailOutbox.to,
      subject: mailOutbox.subject,
      text: mailOutbox.text,
      status: mailOutbox.status,
      attempts: mailOutbox.attempts,
      lastError: mailOutbox.lastError,
      createdAt: mailOutbox.createdAt,
      sentAt: mailOutbox.sentAt,
    })
    .from(mailOutbox)
    .where(where)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(limit)
    .offset(offset);
  const [total] = await tx.select({ n: count() }).from(mailOutbox).where(where);
  // The check constraint mail_outbox_status_check keeps status within MailStatus.
  return {
    items: items.map((r) => ({ ...r, status: r.status as MailStatus })),
    total: Number(total?.n ?? 0),
  };
};

/**
 * Pending rows due at `now`, locked for this transaction; rows another dispatcher holds are skipped,
 * so no row is sent by two instances.
 */
export const lockDueOutboxRows = (tx: Tx, { now, limit }: { now: Date; limit: number }) =>
  tx
    .select({
      id: mailOutbox.id,
      to: mailOutbox.to,
      subject: mailOutbox.subject,
      text: mailOutbox.text,
      html: mailOutbox.html,
      attempts: mailOutbox.attempts,
    })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, now)))
    .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.createdAt))
    .limit(limit)
    .for('update', { skipLocked: true });

/** Marks a pending row sent; a row that is no longer pending is left alone. */
export const markOutboxRowSent = async (tx: Tx, { id, sentAt }: { id: string; sentAt: Date }) => {
  await tx
    .update(mailOutbox)
    .set({ status: 'sent', sentAt, attempts: sql`${mailOutbox.attempts} + 1`, lastError: null })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'pending')));
};

export const markOutboxRowFailedAttempt = async (
  tx: Tx,
  {
    id,
    attempts,
    status,
    lastError,
    nextAttemptAt,
  }: {
    id: string;
    attempts: number;
    status: MailStatus;
    lastError: string;
    nextAttemptAt: Date;
  },
) => {
  await tx
    .update(mailOutbox)
    .set({ attempts, status, lastError, nextAttemptAt })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'pending')));
};
