import type { Config } from '../../../config';
import type { Job } from '../../../jobs/scheduler';
import { anonymisiereLeseraumBuchungen } from './leseraum-buchung.anonymisierung.ts';
import { sendLeseraumErinnerungen } from './leseraum-buchung.erinnern.ts';
import { releaseLapsedBuchungen } from './leseraum-buchung.verfall.ts';

/** Advisory lock key of the lapse job (never reused for another job). */
const LAPSE_LOCK_KEY = 7_363_300_101;
/** Advisory lock key of the reminder job. */
const REMINDER_LOCK_KEY = 7_363_300_102;
/** Advisory lock key of the anonymisation (decision 199). */
const ANONYMISIERUNG_LOCK_KEY = 7_363_300_103;

/**
 * The reading-room module's jobs (decision 024): per tenant, every minute, holds whose confirmation deadline
 * passed and reservations nobody checked in to are released with the cancellation mail (spec §4, decision 044);
 * past bookings lose their people after the tenant's period (decision 199).
 */
export const leseraumBuchungJobs = (config: Pick<Config, 'publicUrl'>): Job[] => [
  {
    kind: 'perTenant',
    name: 'leseraum_buchung.verfall',
    lockKey: LAPSE_LOCK_KEY,
    run: (tx, { mandantId, now }) =>
      releaseLapsedBuchungen(tx, { publicUrl: config.publicUrl }, { mandantId, now }),
  },
  {
    kind: 'perTenant',
    name: 'leseraum_buchung.erinnerung',
    lockKey: REMINDER_LOCK_KEY,
    run: (tx, { mandantId, now }) =>
      sendLeseraumErinnerungen(tx, { publicUrl: config.publicUrl }, { mandantId, now }),
  },
  {
    kind: 'perTenant',
    name: 'leseraum_buchung.anonymisierung',
    lockKey: ANONYMISIERUNG_LOCK_KEY,
    run: (tx, context) => anonymisiereLeseraumBuchungen(tx, context),
  },
];
