import type { Tx } from '../../db/client';
import { insertAuditRow } from './audit.repository';

export type AuditEntry = {
  mandantId: string | null;
  benutzerId: string | null;
  /** What happened, e.g. 'upload', 'update', 'delete'. */
  action: string;
  /** The table or concept changed, e.g. 'mandant.logo'. */
  entity: string;
  entityId?: string | null;
  oldValue?: unknown;
  newValue?: unknown;
};

/**
 * Records a change in the audit log inside the caller's transaction, so the entry exists exactly when
 * the change does. The caller has authorised the change already.
 */
export const writeAudit = async (tx: Tx, entry: AuditEntry): Promise<void> => {
  await insertAuditRow(tx, {
    mandantId: entry.mandantId,
    benutzerId: entry.benutzerId,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId ?? null,
    oldValue: entry.oldValue ?? null,
    newValue: entry.newValue ?? null,
  });
};
