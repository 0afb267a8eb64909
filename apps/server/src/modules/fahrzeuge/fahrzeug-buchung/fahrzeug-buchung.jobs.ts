import type { Job } from '../../../jobs/scheduler';
import { anonymisiereFahrzeugBuchungen } from './fahrzeug-buchung.anonymisierung.ts';

/** Advisory lock key of the anonymisation (never reused for another job). */
const ANONYMISIERUNG_LOCK_KEY = 7_363_300_210;

/** The vehicle bookings' anonymisation (decision 199), per tenant, every minute; a batch per run. */
export const fahrzeugBuchungJobs = (): Job[] => [
  {
    kind: 'perTenant',
    name: 'fahrzeug_buchung.anonymisierung',
    lockKey: ANONYMISIERUNG_LOCK_KEY,
    run: (tx, context) => anonymisiereFahrzeugBuchungen(tx, context),
  },
];
