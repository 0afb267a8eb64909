import type { Config } from '../../../config';
import type { Job } from '../../../jobs/scheduler';
import { sendeFahrzeugReport } from './fahrzeug-benachrichtigung.report';
import {
  gibVersaeumteFahrtenFrei,
  sendeCheckOutHinweise,
  sendeFahrtErinnerungen,
  sendePruefungsErinnerungen,
} from './fahrzeug-benachrichtigung.service';

/** Advisory lock keys of the vehicle jobs (never reused for another job). */
const FREIGABE_LOCK_KEY = 7_363_300_301;
const CHECKOUT_LOCK_KEY = 7_363_300_302;
const PRUEFUNG_LOCK_KEY = 7_363_300_303;
const REPORT_LOCK_KEY = 7_363_300_304;
const ERINNERUNG_LOCK_KEY = 7_363_300_320;

/**
 * The vehicle jobs (decisions 067, 068), per tenant, every minute: automatic release of trips not
 * checked in, missing check-out notices (booker, fleet, next booker, daily care notice), HU/UVV reminders and
 * the vehicle report and the reminder before the trip (R364). Each records what it sent and sends nothing twice.
 */
export const fahrzeugBenachrichtigungJobs = (config: Pick<Config, 'publicUrl'>): Job[] => {
  const deps = { publicUrl: config.publicUrl };
  return [
    {
      kind: 'perTenant',
      name: 'fahrzeug.automatische_freigabe',
      lockKey: FREIGABE_LOCK_KEY,
      run: (tx, kontext) => gibVersaeumteFahrtenFrei(tx, deps, kontext),
    },
    {
      kind: 'perTenant',
      name: 'fahrzeug.checkout_hinweise',
      lockKey: CHECKOUT_LOCK_KEY,
      run: (tx, kontext) => sendeCheckOutHinweise(tx, deps, kontext),
    },
    {
      kind: 'perTenant',
      name: 'fahrzeug.pruefung_erinnerung',
      lockKey: PRUEFUNG_LOCK_KEY,
      run: (tx, kontext) => sendePruefungsErinnerungen(tx, deps, kontext),
    },
    {
      kind: 'perTenant',
      name: 'fahrzeug.report',
      lockKey: REPORT_LOCK_KEY,
      run: (tx, kontext) => sendeFahrzeugReport(tx, deps, kontext),
    },
    {
      kind: 'perTenant',
      name: 'fahrzeug.erinnerung',
      lockKey: ERINNERUNG_LOCK_KEY,
      run: (tx, kontext) => sendeFahrtErinnerungen(tx, deps, kontext),
    },
  ];
};
