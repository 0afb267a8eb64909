import type { Config } from '../config';
import { fahrzeugAufbewahrungJobs } from '../modules/fahrzeug-aufbewahrung/fahrzeug-aufbewahrung.jobs';
import { fahrzeugBenachrichtigungJobs } from '../modules/fahrzeug-buchung/fahrzeug-benachrichtigung.jobs';
import { fuehrerscheinJobs } from '../modules/fuehrerschein/fuehrerschein.jobs';
import { leseraumBuchungJobs } from '../modules/leseraum-buchung/leseraum-buchung.jobs';
import { mailJobs } from '../modules/mail/mail.jobs';
import type { Job } from './scheduler';

/**
 * Every module's jobs, combined: each module declares its own in `<module>.jobs.ts` (decision 024). The
 * scheduler runs them every minute; tenant jobs once per tenant through the tenant helper.
 */
export const productJobs = (config: Pick<Config, 'smtpUrl' | 'publicUrl' | 'dataDir'>): Job[] => [
  ...mailJobs(config),
  ...leseraumBuchungJobs(config),
  ...fuehrerscheinJobs(config),
  ...fahrzeugBenachrichtigungJobs(config),
  ...fahrzeugAufbewahrungJobs(config),
];
