/** SCIM 2.0 (RFC 7643/7644): what the user and group operations share: schemas, errors, tokens, paging, filters, projections and the audit entry. */
import { createHash, randomBytes } from 'node:crypto';
import { DomainError, ERRORS, formatError } from '@stellwerk/domain/errors';
import { scimProjektion } from '@stellwerk/domain/identitaet/scim/attributes';
import { parseScimFilter } from '@stellwerk/domain/identitaet/scim/filter';
import { SCIM_ENTERPRISE_USER } from '@stellwerk/domain/identitaet/scim/patch';
import type { Database, Tx } from '../../../db/client.ts';
import { writeAudit } from '../../plattform/audit/audit.service.ts';
import { findActiveTokenByHash, touchToken } from './scim.repository.ts';

export const SCIM_USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const SCIM_GROUP = 'urn:ietf:params:scim:schemas:core:2.0:Group';
export const SCIM_LIST = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
export const SCIM_ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';

/** An error answered in SCIM's shape (RFC 7644 §3.12). */
export class ScimError extends Error {
  constructor(
    readonly status: number,
    detail: string,
    readonly scimType?: string,
  ) {
    super(detail);
  }
}

export type ScimDeps = { database: Database; publicUrl: string; now: () => Date };
export type ScimCaller = { mandantId: string; tokenId: string };
export type Json = Record<string, unknown>;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
/** A new token: 32 random bytes, base64url, with a recognisable prefix. */
export const newToken = () => `scim_${randomBytes(32).toString('base64url')}`;

/** The tenant of a bearer token, or a 401. */
export const authenticateScim = async (
  deps: ScimDeps,
  authorization: string | undefined,
): Promise<ScimCaller> => {
  const match = /^Bearer\s+(\S+)$/i.exec(authorization?.trim() ?? '');
  if (!match) throw new ScimError(401, 'Bearer token required');
  const found = await deps.database.withAllTenants((tx) => findActiveTokenByHash(tx, hashToken(match[1]!)));
  if (!found) throw new ScimError(401, 'Invalid or revoked token');
  await deps.database.withTenant(found.mandantId, (tx) => touchToken(tx, found.id, deps.now()));
  return { mandantId: found.mandantId, tokenId: found.id };
};

/** A catalogue error in English for SCIM clients. */
export const fromDomain = (err: unknown): unknown => {
  if (!(err instanceof DomainError)) return err;
  const status = ERRORS[err.code].status;
  return new ScimError(
    status,
    formatError(err.code, 'en', err.params),
    status === 409 ? 'uniqueness' : undefined,
  );
};

export const page = (query: { startIndex?: number; count?: number }) => ({
  start: Math.max(1, query.startIndex ?? 1),
  count: Math.min(Math.max(0, query.count ?? 100), 200),
});

export const listResponse = (all: Json[], query: { startIndex?: number; count?: number }) => {
  const { start, count } = page(query);
  const resources = all.slice(start - 1, start - 1 + count);
  return {
    schemas: [SCIM_LIST],
    totalResults: all.length,
    startIndex: start,
    itemsPerPage: resources.length,
    Resources: resources,
  };
};

export const filterOf = (filter: string | undefined) => {
  const parsed = parseScimFilter(filter);
  if (!parsed.ok) throw new ScimError(400, parsed.detail, 'invalidFilter');
  return parsed.comparisons;
};

/** What the client asked to see of each resource (`attributes`, `excludedAttributes`). */
export type Auswahl = { attributes?: string; excludedAttributes?: string };
export const userProjektion = (json: Json, auswahl: Auswahl) =>
  scimProjektion(json, auswahl, SCIM_USER, [SCIM_ENTERPRISE_USER]);
export const groupProjektion = (json: Json, auswahl: Auswahl) => scimProjektion(json, auswahl, SCIM_GROUP);

export const audit = (
  tx: Tx,
  caller: ScimCaller,
  action: string,
  entity: string,
  id: string,
  newValue?: unknown,
) =>
  writeAudit(tx, {
    mandantId: caller.mandantId,
    benutzerId: null,
    action,
    entity,
    entityId: id,
    newValue: {
      ...(typeof newValue === 'object' && newValue !== null ? newValue : {}),
      scimToken: caller.tokenId,
    },
  });
