import nodemailer from 'nodemailer';
import type { Database, Tx } from '../../db/client';
import { lockDueOutboxRows, markOutboxRowFailedAttempt, markOutboxRowSent } from './mail.repository';

/** Minutes to wait after the 1st, 2nd, 3rd and 4th failed attempt; the 5th failure is final. */
export const RETRY_BACKOFF_MINUTES = [1, 5, 15, 60] as const;
export const MAX_ATTEMPTS = 5;
export const DEFAULT_BATCH_SIZE = 20;

export type DispatchResult = { sent: number; failed: number; retried: number; skipped: boolean };

export type DispatchOptions = {
  smtpUrl: string | undefined;
  now: Date;
  batchSize?: number;
  /** Sender address; default `Stellwerk <noreply@<host of PUBLIC_URL>>` is set by the caller. */
  from?: string;
};

/** The sender of every mail: `noreply@` at the host of PUBLIC_URL (`localhost` gets `.localdomain`). */
export const mailFromOf = (publicUrl: string): string => {
  let host = 'localhost';
  try {
    host = new URL(publicUrl).hostname || host;
  } catch {
    // keep localhost
  }
  return `Stellwerk <noreply@${host.includes('.') ? host : `${host}.localdomain`}>`;
};

const nextAttemptAfter = (attempts: number, now: Date): Date => {
  const minutes = RETRY_BACKOFF_MINUTES[Math.min(attempts, RETRY_BACKOFF_MINUTES.length) - 1] ?? 60;
  return new Date(now.getTime() + minutes * 60_000);
};

/**
 * Sends the due mails of the outbox inside `tx` (the scheduler's job transaction). The rows stay
 * locked (`FOR UPDATE SKIP LOCKED`) until the transaction commits, so a second instance skips them and
 * no mail is sent twice; a failure records the error and schedules the next attempt
 * (1, 5, 15, 60 minutes; `failed` after 5 attempts). Without SMTP_URL nothing is sent: the mails stay
 * pending and visible in the administrators' mailbox.
 */
export const dispatchPendingMailsInTx = async (
  tx: Tx,
  {
    smtpUrl,
    now,
    batchSize = DEFAULT_BATCH_SIZE,
    from = 'Stellwerk <noreply@stellwerk.localdomain>',
  }: DispatchOptions,
): Promise<DispatchResult> => {
  const result: DispatchResult = { sent: 0, failed: 0, retried: 0, skipped: !smtpUrl };
  if (!smtpUrl) return result;
  const due = await lockDueOutboxRows(tx, { now, limit: batchSize });
  if (due.length === 0) return result;
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  try {
    for (const mail of due) {
      try {
        await transport.sendMail({
          from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html ?? undefined,
        });
        await markOutboxRowSent(tx, { id: mail.id, sentAt: now });
        result.sent++;
      } catch (err) {
        const attempts = mail.attempts + 1;
        const isFinal = attempts >= MAX_ATTEMPTS;
        await markOutboxRowFailedAttempt(tx, {
          id: mail.id,
          attempts,
          status: isFinal ? 'failed' : 'pending',
          lastError: (err instanceof Error ? err.message : String(err)).slice(0, 1000),
          nextAttemptAt: nextAttemptAfter(attempts, now),
        });
        if (isFinal) result.failed++;
        else result.retried++;
      }
    }
  } finally {
    transport.close();
  }
  return result;
};

/** `dispatchPendingMailsInTx` in its own owner transaction (outside the scheduler, e.g. in tests). */
export const dispatchPendingMails = async ({
  database,
  ...options
}: DispatchOptions & { database: Pick<Database, 'withOwner'> }): Promise<DispatchResult> => {
  if (!options.smtpUrl) return { sent: 0, failed: 0, retried: 0, skipped: true };
  return database.withOwner((tx) => dispatchPendingMailsInTx(tx, options));
};
