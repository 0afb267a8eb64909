import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNull,
  lt,
  lte,
  not,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { benutzer } from '../../identitaet/benutzer/benutzer.public.ts';
import { type MailAnhang, mailOutbox } from './mail.table';

/** Status of a row as stored; `sending` is a claimed row on its way (shown as pending in the mailbox). */
export type StoredMailStatus = 'pending' | 'sending' | 'sent' | 'failed';
/** Status as the mailbox shows it. */
export type MailStatus = 'pending' | 'sent' | 'failed';

export type NewOutboxRow = {
  mandantId: string | null;
  to: string;
  template: string;
  language: string;
  subject: string;
  text: string;
  html: string;
  /** `text` with the template's one-time secrets replaced: what the mailbox shows. */
  redactedText: string;
  nextAttemptAt: Date;
  /** files sent with the mail, if any */
  anhaenge?: MailAnhang[] | null;
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

/**
 * Which mails a mailbox lists: `platform` adds the platform mails (no tenant; owner transaction only),
 * `mandantId` the tenant's mails except those to a platform administrator (whose mails never appear in a
 * tenant's mailbox). In a tenant transaction row-level security limits the rows to that tenant anyway.
 */
export type OutboxScope = { platform: boolean; mandantId: string | null };

const scopeCondition = ({ platform, mandantId }: OutboxScope): SQL => {
  const toPlatformAdmin = sql`exists (select 1 from ${benutzer} where ${benutzer.plattformAdmin} and lower(${benutzer.email}) = lower(${mailOutbox.to}))`;
  const tenant = mandantId ? and(eq(mailOutbox.mandantId, mandantId), not(toPlatformAdmin)) : undefined;
  const platformMails = platform ? isNull(mailOutbox.mandantId) : undefined;
  return or(platformMails, tenant) ?? sql`false`;
};

/**
 * One page of a mailbox, newest first, with the total. The text is the redacted one: the mails' own text and
 * HTML are not even readable by the application role (column grants).
 */
export const listOutboxRows = async (
  tx: Tx,
  {
    status,
    limit,
    offset,
    scope,
  }: { status?: MailStatus | undefined; limit: number; offset: number; scope: OutboxScope },
) => {
  // A mail being sent right now is still waiting, as far as the mailbox is concerned.
  const statusCondition = !status
    ? undefined
    : status === 'pending'
      ? inArray(mailOutbox.status, ['pending', 'sending'])
      : eq(mailOutbox.status, status);
  const where: SQL | undefined = and(scopeCondition(scope), statusCondition);
  const items = await tx
    .select({
      id: mailOutbox.id,
      to: mailOutbox.to,
      subject: mailOutbox.subject,
      text: mailOutbox.redactedText,
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
  // The check constraint mail_outbox_status_check keeps status within StoredMailStatus.
  const shown = (stored: string): MailStatus =>
    stored === 'sending' ? 'pending' : (stored as Exclude<StoredMailStatus, 'sending'>);
  return {
    items: items.map((r) => ({ ...r, status: shown(r.status) })),
    total: Number(total?.n ?? 0),
  };
};

/** What the dispatcher needs of a claimed row; `attempts` (counted at the claim) identifies the claim. */
export type ClaimedOutboxRow = {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  anhaenge: MailAnhang[] | null;
  attempts: number;
};

/**
 * Claims up to `limit` due rows for one dispatcher run (a short transaction of its own): pending rows
 * whose `next_attempt_at` has come and `sending` rows whose claim expired (their dispatcher crashed) become
 * `sending` until `claimedUntil`, their attempt counted. Rows another dispatcher is claiming right now are
 * skipped (`SKIP LOCKED`), so two instances never claim one row. An expired claim that already used the
 * last attempt is marked failed instead.
 */
export const claimDueOutboxRows = async (
  tx: Tx,
  {
    now,
    limit,
    claimedUntil,
    maxAttempts,
  }: { now: Date; limit: number; claimedUntil: Date; maxAttempts: number },
): Promise<ClaimedOutboxRow[]> => {
  const expiredClaim = and(eq(mailOutbox.status, 'sending'), lte(mailOutbox.claimedUntil, now));
  await tx
    .update(mailOutbox)
    .set({
      status: 'failed',
      claimedUntil: null,
      lastError: 'Versand abgebrochen (Server neu gestartet?), keine Versuche mehr',
    })
    .where(and(expiredClaim, gte(mailOutbox.attempts, maxAttempts)));
  const due = tx
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      or(
        and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, now)),
        and(expiredClaim, lt(mailOutbox.attempts, maxAttempts)),
      ),
    )
    .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.createdAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return tx
    .update(mailOutbox)
    .set({ status: 'sending', claimedUntil, attempts: sql`${mailOutbox.attempts} + 1` })
    .where(inArray(mailOutbox.id, due))
    .returning({
      id: mailOutbox.id,
      to: mailOutbox.to,
      subject: mailOutbox.subject,
      text: mailOutbox.text,
      html: mailOutbox.html,
      anhaenge: mailOutbox.anhaenge,
      attempts: mailOutbox.attempts,
    });
};

/** The claim of `row` is still this dispatcher's: nobody re-claimed it after it expired. */
const stillClaimed = (row: { id: string; attempts: number }) =>
  and(eq(mailOutbox.id, row.id), eq(mailOutbox.status, 'sending'), eq(mailOutbox.attempts, row.attempts));

/** Marks a claimed row sent; returns false when the claim was no longer this dispatcher's. */
export const markOutboxRowSent = async (
  tx: Tx,
  row: { id: string; attempts: number },
  sentAt: Date,
): Promise<boolean> => {
  const updated = await tx
    .update(mailOutbox)
    .set({ status: 'sent', sentAt, claimedUntil: null, lastError: null })
    .where(stillClaimed(row))
    .returning({ id: mailOutbox.id });
  return updated.length > 0;
};

/** Records a failed attempt of a claimed row: due again at `nextAttemptAt`, or `failed` for good. */
export const markOutboxRowFailedAttempt = async (
  tx: Tx,
  row: { id: string; attempts: number },
  {
    status,
    lastError,
    nextAttemptAt,
  }: { status: 'pending' | 'failed'; lastError: string; nextAttemptAt: Date },
): Promise<boolean> => {
  const updated = await tx
    .update(mailOutbox)
    .set({ status, lastError, nextAttemptAt, claimedUntil: null })
    .where(stillClaimed(row))
    .returning({ id: mailOutbox.id });
  return updated.length > 0;
};

/** One mail as its recipient gets it (owner connection only: the application role cannot read the text). */
export const findOutboxMail = async (tx: Tx, id: string) => {
  const [row] = await tx
    .select({ id: mailOutbox.id, to: mailOutbox.to, subject: mailOutbox.subject, text: mailOutbox.text })
    .from(mailOutbox)
    .where(eq(mailOutbox.id, id));
  return row;
};

/**
 * The id of the tenant's user with this mail address, if one has it: as written (the unique index), else
 * case-insensitively.
 */
export const findBenutzerIdByMail = async (tx: Tx, mail: string): Promise<string | undefined> => {
  const exact = await tx.select({ id: benutzer.id }).from(benutzer).where(eq(benutzer.email, mail)).limit(1);
  if (exact[0]) return exact[0].id;
  const rows = await tx
    .select({ id: benutzer.id })
    .from(benutzer)
    .where(sql`lower(${benutzer.email}) = ${mail.toLowerCase()}`)
    .limit(1);
  return rows[0]?.id;
};
