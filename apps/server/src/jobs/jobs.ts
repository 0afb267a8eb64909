import type { Config } from '../config';
import { fahrzeugAufbewahrungJobs } from '../modules/fahrten/fahrzeug-aufbewahrung/fahrzeug-aufbewahrung.jobs';
import { fahrzeugBenachrichtigungJobs } from '../modules/fahrzeuge/fahrzeug-buchung/fahrzeug-benachrichtigung.jobs';
import { fahrzeugBuchungJobs } from '../modules/fahrzeuge/fahrzeug-buchung/fahrzeug-buchung.jobs';
import { fuehrerscheinJobs } from '../modules/fahrzeuge/fuehrerschein/fuehrerschein.jobs';
import { leseraumBuchungJobs } from '../modules/leseraum/leseraum-buchung/leseraum-buchung.jobs';
import { spindJobs } from '../modules/leseraum/spind/spind.jobs';
import { mailJobs } from '../modules/plattform/mail/mail.jobs';
import { auswertungJobs } from '../modules/verwaltung/auswertung/auswertung.jobs';
import { pushJobs } from '../modules/plattform/push/push.jobs';
import type { Job } from './scheduler';

/**
 * Every module's jobs, combined: each module declares its own in `<module>.jobs.ts` (decision 024). The
 * scheduler runs them every minute; tenant jobs once per tenant through the tenant helper.
 */
export const productJobs = (config: Pick<Config, 'smtpUrl' | 'publicUrl' | 'dataDir' | 'vapid'>): Job[] => [
  ...mailJobs(config),
  ...pushJobs(config),
  ...leseraumBuchungJobs(config),
  ...spindJobs(config),
  ...fuehrerscheinJobs(config),
  ...fahrzeugBenachrichtigungJobs(config),
  ...fahrzeugAufbewahrungJobs(config),
  ...fahrzeugBuchungJobs(),
  ...auswertungJobs(config),
];
