import { DomainError } from '@stellwerk/domain/errors';
import { addCalendarDays, berlinInstant } from '@stellwerk/domain/time';
import type { TProtokollPage, TProtokollQuery } from '@stellwerk/domain/verwaltung/admin-stammdaten.api';
import type { Database, Tx } from '../../../db/client';
import type { SessionUser } from '../../identitaet/auth/auth.context';
import { assertDarf } from '../../identitaet/auth/auth.guards.ts';
import { findAuditRows, insertAuditRow } from './audit.repository';

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

type ListDeps = { database: Pick<Database, 'withTenant' | 'withAllTenants'> };

const toFilter = (query: TProtokollQuery) => {
  const day = (field: string, value: string) => {
    if (addCalendarDays(value, 0) !== value) throw new DomainError('validation.failed', { [field]: value });
    return value;
  };
  return {
    entity: query.entity,
    action: query.action,
    benutzerId: query.benutzerId,
    from: query.from ? berlinInstant(day('from', query.from), '00:00') : undefined,
    to: query.to ? berlinInstant(addCalendarDays(day('to', query.to), 1), '00:00') : undefined,
    limit: query.limit,
    offset: query.offset,
  };
};

const toPage = (
  { items, total }: Awaited<ReturnType<typeof findAuditRows>>,
  query: TProtokollQuery,
): TProtokollPage => ({
  items: items.map((r) => ({
    id: r.id,
    at: r.at.toISOString(),
    benutzerId: r.benutzerId,
    benutzerName: r.vorname === null ? null : `${r.vorname} ${r.nachname ?? ''}`.trim(),
    action: r.action,
    entity: r.entity,
    entityId: r.entityId,
    oldValue: r.oldValue,
    newValue: r.newValue,
  })),
  total,
  limit: query.limit,
  offset: query.offset,
});

/**
 * The tenant's audit log for its administrators (/admin/protokoll), newest first, with the actor's name.
 * `from`/`to` are Berlin calendar days, both included.
 */
export const listAudit = async (
  { database }: ListDeps,
  user: SessionUser,
  query: TProtokollQuery,
): Promise<TProtokollPage> => {
  assertDarf(user, 'protokoll.lesen');
  const filter = toFilter(query);
  return toPage(await database.withTenant(user.mandantId, (tx) => findAuditRows(tx, filter)), query);
};

/**
 * The platform actions (tenant management, `mandant_id` null) for platform administrators, read through the
 * owner connection: no tenant's log shows them, since they concern several tenants.
 */
export const listPlatformAudit = async (
  { database }: ListDeps,
  user: SessionUser,
  query: TProtokollQuery,
): Promise<TProtokollPage> => {
  if (!user.isPlatformAdmin) throw new DomainError('guard.no_plattform_admin');
  const filter = { ...toFilter(query), platformOnly: true };
  return toPage(await database.withAllTenants((tx) => findAuditRows(tx, filter)), query);
};
