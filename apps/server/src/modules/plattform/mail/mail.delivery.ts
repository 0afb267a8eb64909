import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/client';
import { findOutboxMail } from './mail.repository';
import { MAIL_QUEUED_CHANNEL } from './mail.service';

export type MailDeliveryOptions = {
  database: Pick<Database, 'listen' | 'withAllTenants'>;
  smtpUrl: string | undefined;
  log: FastifyBaseLogger;
  /**
   * Sends the due mails now (the dispatcher); called after every committed mail when SMTP_URL is set, so a
   * recovery link arrives within seconds instead of at the next minute's run. Undefined: the scheduler alone
   * sends (an instance that runs no jobs).
   */
  dispatch?: () => Promise<unknown>;
};

/**
 * What happens right after a mail's transaction commits (its id arrives on `MAIL_QUEUED_CHANNEL`):
 * - without SMTP_URL, the whole mail, its links included, is written to the server log, so the operator of a
 *   first run can follow an invitation or recovery link (only the recipient and the log see it, never the
 *   mailbox; decision 017). Every instance that listens logs it.
 * - with SMTP_URL, the dispatcher runs at once (one run at a time; mails committed meanwhile get another run).
 * Resolves to the function that stops listening.
 */
export const startMailDelivery = async ({
  database,
  smtpUrl,
  log,
  dispatch,
}: MailDeliveryOptions): Promise<() => Promise<void>> => {
  let running: Promise<void> | undefined;
  let again = false;
  const dispatchSoon = (send: () => Promise<unknown>) => {
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        await send();
      } while (again);
    })()
      .catch((err: unknown) => log.error({ err }, 'mail dispatch after commit failed'))
      .finally(() => {
        running = undefined;
      });
  };

  const writeToLog = async (id: string) => {
    const mail = await database.withAllTenants((tx) => findOutboxMail(tx, id));
    if (!mail) return;
    log.info(
      { mail: { id: mail.id, to: mail.to, subject: mail.subject } },
      `SMTP_URL ist nicht gesetzt, die E-Mail wird nicht versendet. E-Mail an ${mail.to}, Betreff "${mail.subject}":\n${mail.text}`,
    );
  };

  return database.listen(MAIL_QUEUED_CHANNEL, (id) => {
    if (!smtpUrl) {
      writeToLog(id).catch((err: unknown) =>
        log.error({ err, mailId: id }, 'writing a mail to the log failed'),
      );
    } else if (dispatch) {
      dispatchSoon(dispatch);
    }
  });
};
