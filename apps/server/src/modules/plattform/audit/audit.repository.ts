import { and, count, desc, eq, gte, isNull, lt, type SQL } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { benutzer } from '../../identitaet/benutzer/benutzer.public.ts';
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

export type AuditFilter = {
  entity?: string;
  action?: string;
  benutzerId?: string;
  from?: Date;
  to?: Date;
  limit: number;
  offset: number;
  /** Only platform actions (`mandant_id` null); for the owner transaction of tenant management. */
  platformOnly?: boolean;
};

/**
 * Audit rows visible to the transaction (a tenant transaction: its tenant; `platformOnly` in an owner
 * transaction: the platform actions), newest first, with the actor's name.
 */
export const findAuditRows = async (tx: Tx, f: AuditFilter) => {
  const conditions: SQL[] = [];
  if (f.platformOnly) conditions.push(isNull(auditLog.mandantId));
  if (f.entity) conditions.push(eq(auditLog.entity, f.entity));
  if (f.action) conditions.push(eq(auditLog.action, f.action));
  if (f.benutzerId) conditions.push(eq(auditLog.benutzerId, f.benutzerId));
  if (f.from) conditions.push(gte(auditLog.at, f.from));
  if (f.to) conditions.push(lt(auditLog.at, f.to));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const items = await tx
    .select({
      id: auditLog.id,
      at: auditLog.at,
      benutzerId: auditLog.benutzerId,
      vorname: benutzer.vorname,
      nachname: benutzer.nachname,
      action: auditLog.action,
      entity: auditLog.entity,
      entityId: auditLog.entityId,
      oldValue: auditLog.oldValue,
      newValue: auditLog.newValue,
    })
    .from(auditLog)
    .leftJoin(benutzer, eq(benutzer.id, auditLog.benutzerId))
    .where(where)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(f.limit)
    .offset(f.offset);
  const [total] = await tx.select({ n: count() }).from(auditLog).where(where);
  return { items, total: total?.n ?? 0 };
};
