import type { Tx } from '../../db/client';
import { auditLog } from './audit.table';

export type AuditRow = {
  mandantId: string | null;
  benutzerId: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  oldValue: unknown;
  newValue: unknown;
};

export const insertAuditRow = async (tx: Tx, row: AuditRow): Promise<void> => {
  await tx.insert(auditLog).values(row);
};
