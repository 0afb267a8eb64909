import { DomainError } from '@stellwerk/domain/errors';
import type { Language } from '@stellwerk/domain/language';
import { hasAdminAccess } from '@stellwerk/domain/permissions';
import type { Database, Tx } from '../../db/client';
import type { SessionUser } from '../auth/auth.context';
import { insertOutboxRow, listOutboxRows, type MailStatus } from './mail.repository';
import { type MailTemplate, type MailTemplateParams, renderMail } from './mail.templates';

export type EnqueueMail<T extends MailTemplate> = {
  /** The tenant the mail belongs to (shown in its mailbox); null for platform mails. */
  mandantId: string | null;
  to: string;
  template: T;
  language: Language;
  params: MailTemplateParams[T];
};

/**
 * Writes a mail to the outbox in the caller's transaction (transactional outbox, ARCHITECTURE §9):
 * it is sent by the dispatcher after commit, and never if the change rolls back. Returns the row id.
 */
export const enqueueMail = async <T extends MailTemplate>(
  tx: Tx,
  { mandantId, to, template, language, params }: EnqueueMail<T>,
  now: Date = new Date(),
): Promise<string> => {
  const rendered = renderMail(template, language, params);
  return insertOutboxRow(tx, { mandantId, to, template, language, ...rendered, nextAttemptAt: now });
};

export type OutboxQuery = { status?: MailStatus; limit: number; offset: number };

/** The tenant's outbox for its administrators (the mailbox page when no SMTP server is configured). */
export const listOutbox = async (
  { database, user }: { database: Pick<Database, 'withTenant'>; user: SessionUser },
  query: OutboxQuery,
) => {
  if (!user.isPlatformAdmin && !hasAdminAccess(user.permissions)) throw new DomainError('guard.no_admin');
  return database.withTenant(user.mandantId, (tx) =>
    listOutboxRows(tx, { status: query.status, limit: query.limit, offset: query.offset }),
  );
};
