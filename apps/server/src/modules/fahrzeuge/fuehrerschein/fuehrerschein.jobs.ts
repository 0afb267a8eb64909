import type { Config } from '../../../config';
import type { Job } from '../../../jobs/scheduler';
import { sendeFuehrerscheinErinnerungen } from './fuehrerschein.service';

/** Advisory lock key of the reminder job (never reused for another job). */
const ERINNERUNG_LOCK_KEY = 7_363_300_201;

/**
 * The licence module's jobs (decision 024, 057): per tenant, every minute, the licence-check reminders to the
 * drivers, the checkers' list of upcoming checks and the escalation of overdue checks, each sent once.
 */
export const fuehrerscheinJobs = (config: Pick<Config, 'publicUrl'>): Job[] => [
  {
    kind: 'perTenant',
    name: 'fuehrerschein.erinnerung',
    lockKey: ERINNERUNG_LOCK_KEY,
    run: (tx, { mandantId, now }) =>
      sendeFuehrerscheinErinnerungen(tx, { publicUrl: config.publicUrl }, { mandantId, now }),
  },
];
