import type { Config } from '../../../config';
import type { Job } from '../../../jobs/scheduler';
import { sendeSpindErinnerungen } from './spind.erinnern.ts';

/** Advisory lock key of the locker reminder job (never reused for another job). */
const ERINNERUNG_LOCK_KEY = 7_363_300_186;

/** The office lockers' job (decisions 024, 216): per tenant, every minute, the reminder to empty the locker. */
export const spindJobs = (config: Pick<Config, 'publicUrl'>): Job[] => [
  {
    kind: 'perTenant',
    name: 'spind.erinnerung',
    lockKey: ERINNERUNG_LOCK_KEY,
    run: (tx, { mandantId, now }) =>
      sendeSpindErinnerungen(tx, { publicUrl: config.publicUrl }, { mandantId, now }),
  },
];
