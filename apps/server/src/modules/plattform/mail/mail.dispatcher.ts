import nodemailer from 'nodemailer';
import type { Database } from '../../../db/client';
import {
  type ClaimedOutboxRow,
  claimDueOutboxRows,
  markOutboxRowFailedAttempt,
  markOutboxRowSent,
} from './mail.repository';
import type { MailAnhang } from './mail.table';

/**
 * The outbox's attachments for nodemailer. A calendar invitation (`text/calendar; method=…`, decision 169) goes as
 * the mail's iCalendar part (nodemailer's `icalEvent`: a text/calendar alternative plus the .ics file), which Outlook
 * and Google read as an invitation that updates or cancels the entry of the same UID; every other file is attached.
 */
const anhaengeVon = (anhaenge: readonly MailAnhang[]) => {
  const einladung = anhaenge.find((a) => a.contentType.startsWith('text/calendar'));
  const methode = einladung ? /method=([A-Z]+)/i.exec(einladung.contentType)?.[1]?.toUpperCase() : undefined;
  return {
    attachments: anhaenge
      .filter((a) => a !== einladung)
      .map((a) => ({
        filename: a.dateiname,
        contentType: a.contentType,
        content: Buffer.from(a.base64, 'base64'),
      })),
    icalEvent: einladung
      ? {
          filename: einladung.dateiname,
          method: methode ?? 'REQUEST',
          content: Buffer.from(einladung.base64, 'base64').toString('utf8'),
        }
      : undefined,
  };
};

/** Minutes to wait after the 1st, 2nd, 3rd and 4th failed attempt; the 5th failure is final. */
export const RETRY_BACKOFF_MINUTES = [1, 5, 15, 60] as const;
export const MAX_ATTEMPTS = 5;
export const DEFAULT_BATCH_SIZE = 20;

/** How long nodemailer waits for the SMTP server (ms): connecting, its greeting, any later answer. */
export type SmtpTimeouts = { connection: number; greeting: number; socket: number };
export const DEFAULT_SMTP_TIMEOUTS: SmtpTimeouts = { connection: 10_000, greeting: 10_000, socket: 20_000 };

export type DispatchResult = { sent: number; failed: number; retried: number; skipped: boolean };

export type DispatchOptions = {
  smtpUrl: string | undefined;
  now: Date;
  batchSize?: number;
  /** Sender address; default `Stellwerk <noreply@<host of PUBLIC_URL>>` is set by the caller. */
  from?: string;
  timeouts?: SmtpTimeouts;
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
 * How long a run's claim lasts: long enough for every mail of the batch to wait out every timeout, plus a
 * minute. Only a crashed run leaves its claim to expire; the mails are due again after that.
 */
export const claimDurationMs = (batchSize: number, timeouts: SmtpTimeouts): number =>
  batchSize * (timeouts.connection + timeouts.greeting + timeouts.socket) + 60_000;

/** nodemailer's codes for "the server could not be reached or did not answer" (not: it refused the mail). */
const UNREACHABLE_CODES = new Set(['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ECONNREFUSED']);
const isUnreachable = (err: unknown) =>
  UNREACHABLE_CODES.has(String((err as { code?: unknown } | undefined)?.code ?? ''));

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 1000);

/**
 * Sends the due mails of the outbox, never inside a database transaction (ARCHITECTURE §9, decision 023):
 * 1. one short transaction claims up to `batchSize` due rows (`sending` until a time; two dispatchers never
 *    claim the same row, and a claim left by a crashed run expires and makes the row due again);
 * 2. SMTP runs outside any transaction;
 * 3. after each mail, a second short transaction marks its row sent, or records the failure and schedules
 *    the next attempt (1, 5, 15, 60 minutes; `failed` after 5 attempts).
 * When the SMTP server cannot be reached or does not answer, the rest of the batch gets the same failure at
 * once instead of each waiting out the timeouts again. A mail is sent at least once, and exactly once unless
 * the process dies between sending it and marking it. Without SMTP_URL nothing is sent: the mails stay
 * pending and visible in the administrators' mailbox.
 */
export const dispatchPendingMails = async ({
  database,
  smtpUrl,
  now,
  batchSize = DEFAULT_BATCH_SIZE,
  from = 'Stellwerk <noreply@stellwerk.localdomain>',
  timeouts = DEFAULT_SMTP_TIMEOUTS,
}: DispatchOptions & { database: Pick<Database, 'withAllTenants'> }): Promise<DispatchResult> => {
  const result: DispatchResult = { sent: 0, failed: 0, retried: 0, skipped: !smtpUrl };
  if (!smtpUrl) return result;
  const claimed = await database.withAllTenants((tx) =>
    claimDueOutboxRows(tx, {
      now,
      limit: batchSize,
      claimedUntil: new Date(now.getTime() + claimDurationMs(batchSize, timeouts)),
      maxAttempts: MAX_ATTEMPTS,
    }),
  );
  if (claimed.length === 0) return result;
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: timeouts.connection,
    greetingTimeout: timeouts.greeting,
    socketTimeout: timeouts.socket,
  });
  const recordFailure = async (mail: ClaimedOutboxRow, err: unknown) => {
    const isFinal = mail.attempts >= MAX_ATTEMPTS;
    await database.withAllTenants((tx) =>
      markOutboxRowFailedAttempt(tx, mail, {
        status: isFinal ? 'failed' : 'pending',
        lastError: messageOf(err),
        nextAttemptAt: nextAttemptAfter(mail.attempts, now),
      }),
    );
    if (isFinal) result.failed++;
    else result.retried++;
  };
  let unreachable: unknown;
  try {
    for (const mail of claimed) {
      if (unreachable !== undefined) {
        await recordFailure(mail, unreachable);
        continue;
      }
      try {
        await transport.sendMail({
          from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html ?? undefined,
          ...anhaengeVon(mail.anhaenge ?? []),
        });
      } catch (err) {
        if (isUnreachable(err)) unreachable = err;
        await recordFailure(mail, err);
        continue;
      }
      await database.withAllTenants((tx) => markOutboxRowSent(tx, mail, now));
      result.sent++;
    }
  } finally {
    transport.close();
  }
  return result;
};
