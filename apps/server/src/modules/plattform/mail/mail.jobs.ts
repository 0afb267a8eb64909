import type { Config } from '../../../config';
import type { Job } from '../../../jobs/scheduler';
import { dispatchPendingMails, mailFromOf } from './mail.dispatcher';

/**
 * The mail module's jobs. The dispatcher is platform-wide (one outbox, platform mails have no tenant) and
 * needs no advisory lock: its claims keep two instances from sending one mail (decision 023).
 */
export const mailJobs = (config: Pick<Config, 'smtpUrl' | 'publicUrl'>): Job[] => [
  {
    kind: 'global',
    name: 'mail.dispatch',
    run: ({ database, now }) =>
      dispatchPendingMails({ database, smtpUrl: config.smtpUrl, now, from: mailFromOf(config.publicUrl) }),
  },
];
