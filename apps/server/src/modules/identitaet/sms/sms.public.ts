/**
 * What other modules may read of the module sms: its outbox table, for counts in their own queries (`/metrics`).
 * Only this module writes it.
 */
export { smsAusgang } from './sms.table.ts';
