import { DomainError } from '@stellwerk/domain/errors';
import type { Language } from '@stellwerk/domain/language';
import { MAIL_REGELN, mailGewollt } from '@stellwerk/domain/mail-schalter';
import { darf } from '@stellwerk/domain/policy';
import { booleanCustomizing } from '@stellwerk/domain/verwaltung/customizing';
import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../../../db/client';
import type { SessionUser } from '../../identitaet/auth/auth.context';
import { loadEffectiveCustomizing } from '../../verwaltung/customizing/customizing.service';
import { pushZurMail } from './mail.push';
import { findBenutzerIdByMail, insertOutboxRow, listOutboxRows, type MailStatus } from './mail.repository';
import { mailArtenVon } from './mail.schalter';
import type { MailAnhang } from './mail.table';
import {
  MAIL_SECRETS,
  type MailTemplate,
  type MailTemplateParams,
  renderMail,
  renderRedactedMail,
} from './mail.templates';

/** NOTIFY channel: the id of every mail written to the outbox, delivered when its transaction commits. */
export const MAIL_QUEUED_CHANNEL = 'stellwerk_mail_queued';

export type EnqueueMail<T extends MailTemplate> = {
  /**
   * The tenant the mail belongs to (shown in its mailbox); null for platform mails, which no tenant's
   * mailbox shows (mails to a platform administrator are platform mails).
   */
  mandantId: string | null;
  to: string;
  template: T;
  language: Language;
  params: MailTemplateParams[T];
  /** files sent with the mail (e.g. the vehicle report's Excel file); the mailbox lists only the text */
  anhaenge?: MailAnhang[];
};

/** Templates whose every mail is sent regardless of the switches (security): their id is always returned. */
type PflichtTemplate = 'passwort_zuruecksetzen' | 'einladung';

/** No user has this id: settings read for it are the tenant's alone (a recipient who is not a user). */
const KEIN_BENUTZER = '00000000-0000-0000-0000-000000000000';

/**
 * Whether the tenant's mail switch and the recipient's notification switch let this mail go (decision 116); a
 * recipient who is not a user of the tenant is asked only the tenant's switch.
 */
const istGewollt = async <T extends MailTemplate>(
  tx: Tx,
  { mandantId, to, template, params }: EnqueueMail<T>,
): Promise<boolean> => {
  const arten = mailArtenVon(template, params);
  if (!arten || mandantId === null || arten.some((art) => 'pflicht' in MAIL_REGELN[art])) return true;
  const benutzerId = (await findBenutzerIdByMail(tx, to)) ?? KEIN_BENUTZER;
  const settings = await loadEffectiveCustomizing(tx, benutzerId);
  return arten.some((art) => mailGewollt(art, (option) => booleanCustomizing(settings, option)));
};

/**
 * Writes a mail to the outbox in the caller's transaction (transactional outbox, ARCHITECTURE §9):
 * it is sent by the dispatcher after commit, and never if the change rolls back. The recipient's text
 * carries the one-time secrets the template declares; the mailbox gets a redacted copy (decision 017).
 * Returns the row id, or null when a mail switch stopped the mail (decision 116); `ausdruecklich` (a mail a
 * user asked for again, POST /api/mail) is not asked. A mail with a push kind queues the push beside it.
 */
export const enqueueMail = async <T extends MailTemplate>(
  tx: Tx,
  mail: EnqueueMail<T>,
  now: Date = new Date(),
  { ausdruecklich = false }: { ausdruecklich?: boolean } = {},
): Promise<T extends PflichtTemplate ? string : string | null> => {
  type Result = T extends PflichtTemplate ? string : string | null;
  const { mandantId, to, template, language, params, anhaenge } = mail;
  if (!ausdruecklich && !(await istGewollt(tx, mail))) return null as Result;
  const rendered = renderMail(template, language, params);
  const redacted = renderRedactedMail(template, language, params);
  for (const key of MAIL_SECRETS[template] as readonly (keyof MailTemplateParams[T])[]) {
    const secret = params[key];
    // A template that shows a secret outside its declared param would leak it into the mailbox.
    if (typeof secret === 'string' && secret !== '' && redacted.text.includes(secret))
      throw new Error(`mail template ${template}: the secret '${String(key)}' is still in the redacted text`);
  }
  const id = await insertOutboxRow(tx, {
    mandantId,
    to,
    template,
    language,
    ...rendered,
    redactedText: redacted.text,
    nextAttemptAt: now,
    anhaenge: anhaenge && anhaenge.length > 0 ? anhaenge : null,
  });
  await tx.execute(sql`select pg_notify(${MAIL_QUEUED_CHANNEL}, ${id})`);
  // the push beside the mail, to the recipient's subscribed devices (decision 245); not for a mail asked again
  if (!ausdruecklich) await pushZurMail(tx, mail, rendered.subject);
  return id as Result;
};

export type OutboxQuery = { status?: MailStatus; limit: number; offset: number };

/**
 * The mailbox (decision 017): a tenant's user administrators (`benutzer_pflegen`) read their tenant's mails,
 * except mails to a platform administrator; a platform administrator reads the platform mails (and, with
 * `benutzer_pflegen`, their own tenant's too). Every mail is shown with its one-time secrets redacted.
 */
export const listOutbox = async (
  { database, user }: { database: Pick<Database, 'withTenant' | 'withAllTenants'>; user: SessionUser },
  query: OutboxQuery,
) => {
  const tenant = darf('benutzer.pflegen', user);
  if (!user.isPlatformAdmin && !tenant) throw new DomainError('guard.no_postausgang');
  if (user.isPlatformAdmin) {
    // Platform path: the platform mails have no tenant, so no tenant transaction shows them.
    return database.withAllTenants((tx) =>
      listOutboxRows(tx, { ...query, scope: { platform: true, mandantId: tenant ? user.mandantId : null } }),
    );
  }
  return database.withTenant(user.mandantId, (tx) =>
    listOutboxRows(tx, { ...query, scope: { platform: false, mandantId: user.mandantId } }),
  );
};
