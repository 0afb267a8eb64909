import type { Config } from '../../../config';
import type { Job } from '../../../jobs/scheduler';
import { sendeSpindErinnerungen } from './spind.erinnern.ts';
import { sendeSchlossAuftraege } from './spind.schloss.ts';

/** Advisory lock key of the locker reminder job (never reused for another job). */
const ERINNERUNG_LOCK_KEY = 7_363_300_186;
/** Advisory lock key of the lock system's release orders (decision 250). */
const SCHLOSS_LOCK_KEY = 7_363_300_250;

/**
 * The office lockers' jobs (decisions 024, 216, 250): per tenant, every minute, the reminder to empty the locker,
 * and the release orders the vendor's lock system has not taken yet, sent after the share's commit (never inside a
 * transaction: the vendor may take seconds), each claimed first so two instances do not send one twice.
 */
export const spindJobs = (config: Pick<Config, 'publicUrl'>): Job[] => [
  {
    kind: 'perTenant',
    name: 'spind.erinnerung',
    lockKey: ERINNERUNG_LOCK_KEY,
    run: (tx, { mandantId, now }) =>
      sendeSpindErinnerungen(tx, { publicUrl: config.publicUrl }, { mandantId, now }),
  },
  {
    kind: 'perTenant',
    name: 'spind.schloss',
    lockKey: SCHLOSS_LOCK_KEY,
    run: async () => undefined,
    afterCommit: ({ database, mandantId, now }) => sendeSchlossAuftraege(database, mandantId, now),
  },
];
