import type { Config } from '../../../config';
import type { Job } from '../../../jobs/scheduler';
import { sendeAuswertung } from './auswertung.versand';

/** Advisory lock key of the mailed evaluation (never reused for another job). */
const VERSAND_LOCK_KEY = 7_363_300_460;

/** The evaluation mailed on the tenant's rhythm (decision 247), per tenant, every minute; each period once. */
export const auswertungJobs = (config: Pick<Config, 'publicUrl'>): Job[] => [
  {
    kind: 'perTenant',
    name: 'auswertung.versand',
    lockKey: VERSAND_LOCK_KEY,
    run: (tx, kontext) => sendeAuswertung(tx, { publicUrl: config.publicUrl }, kontext),
  },
];
