import type { Database } from '../src/db/client';
import { dispatchPendingMails } from '../src/modules/plattform/mail/mail.dispatcher';
import { plainTextOf } from './mail-message';
import type { SmtpReceiver } from './smtp-receiver';

export type DeliveredMail = { to: string[]; text: string; raw: string };

/**
 * The newest mail to `to` that arrived at the test SMTP receiver, as its recipient reads it. Test servers run
 * no scheduler, so this runs the dispatcher itself until the mail is there (or `timeoutMs` has passed).
 */
export const waitForMail = async (
  { database, smtp }: { database: Pick<Database, 'withAllTenants'>; smtp: SmtpReceiver },
  to: string,
  { timeoutMs = 5_000, after = 0 }: { timeoutMs?: number; after?: number } = {},
): Promise<DeliveredMail> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await dispatchPendingMails({ database, smtpUrl: smtp.url, now: new Date() });
    const found = smtp.received
      .slice(after)
      .filter((m) => m.to.some((r) => r.toLowerCase() === to.toLowerCase()))
      .at(-1);
    if (found) return { to: found.to, raw: found.raw, text: plainTextOf(found.raw) };
    if (Date.now() > deadline) throw new Error(`no mail to ${to} arrived within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};
