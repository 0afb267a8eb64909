import type { Config } from '../../../config';
import type { Job } from '../../../jobs/scheduler';
import { entferneDateien, loescheNachAufbewahrung } from './fahrzeug-aufbewahrung.service';

/** Advisory lock key of the retention purge (never reused for another job). */
const AUFBEWAHRUNG_LOCK_KEY = 7_363_300_305;

/**
 * The retention purge of trips, logbook, history and service book (decision 081), per tenant: the
 * scheduler calls it every minute, it works once a Berlin day (and on until a large backlog is done, a batch
 * per run); the stored files of what it deleted are removed after its transaction committed.
 */
export const fahrzeugAufbewahrungJobs = (config: Pick<Config, 'dataDir'>): Job[] => [
  {
    kind: 'perTenant',
    name: 'fahrzeug.aufbewahrung',
    lockKey: AUFBEWAHRUNG_LOCK_KEY,
    run: (tx, kontext) => loescheNachAufbewahrung(tx, kontext),
    afterCommit: ({ database, mandantId, log }) =>
      entferneDateien({ database, dataDir: config.dataDir }, mandantId, log),
  },
];
