import type { Config } from '../config';
import { dispatchPendingMailsInTx, mailFromOf } from '../modules/mail/mail.dispatcher';
import type { Job } from './scheduler';

/** Advisory lock keys of the jobs; one per job, never reused. */
export const JOB_LOCK_KEYS = { mailDispatch: 7_363_300_001 } as const;

/** The jobs the scheduler runs every minute. */
export const productJobs = (config: Pick<Config, 'smtpUrl' | 'publicUrl'>): Job[] => [
  {
    name: 'mail.dispatch',
    lockKey: JOB_LOCK_KEYS.mailDispatch,
    run: (tx, now) =>
      dispatchPendingMailsInTx(tx, { smtpUrl: config.smtpUrl, now, from: mailFromOf(config.publicUrl) }),
  },
];
