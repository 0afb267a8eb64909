/**
 * The user's personal access tokens (decision 226): create (the token is shown once), list, revoke; and the one
 * way a request without a session becomes a user: `nutzerDesTokens` for the MCP server. Only the token's
 * SHA-256 is stored; creating and revoking are audited.
 */
import { createHash, randomBytes } from 'node:crypto';
import { DomainError } from '@stellwerk/domain/errors';
import type {
  TNeuerZugriffstoken,
  TZugriffstoken,
  TZugriffstokenEingabe,
} from '@stellwerk/domain/identitaet/zugriffstoken/api';
import {
  ablaufVon,
  tokenSperre,
  ZUGRIFFSTOKEN_ANFANG,
  ZUGRIFFSTOKEN_MAX_ANZAHL,
  ZUGRIFFSTOKEN_PRAEFIX,
  type ZugriffstokenRecht,
} from '@stellwerk/domain/identitaet/zugriffstoken/zugriffstoken';
import { nichtGefunden } from '@stellwerk/domain/nicht-gefunden';
import type { Database, Tx } from '../../../db/client.ts';
import { writeAudit } from '../../plattform/audit/audit.service.ts';
import type { SessionUser } from '../auth/auth.context.ts';
import { assertDarf } from '../auth/auth.guards.ts';
import { loadSessionUser } from '../auth/auth.session-user.ts';
import {
  countTokensVon,
  findTokenBesitzer,
  findTokenByHash,
  findTokensVon,
  insertToken,
  markTokenBenutzt,
  revokeToken,
  type ZugriffstokenRow,
} from './zugriffstoken.repository.ts';

export type ZugriffstokenDeps = { database: Database; now: () => Date };

export const hashZugriffstoken = (token: string) => createHash('sha256').update(token).digest('hex');
/** 32 random bytes, base64url (43 characters), after the prefix that says what it is. */
const neuerToken = () => `${ZUGRIFFSTOKEN_PRAEFIX}${randomBytes(32).toString('base64url')}`;

/** A last use is written at most once a minute, so a busy client does not write on every call. */
const BENUTZT_SCHRITT_MS = 60_000;

const view = (row: ZugriffstokenRow, jetzt: Date): TZugriffstoken => ({
  id: row.id,
  name: row.name,
  recht: row.recht as ZugriffstokenRecht,
  anfang: row.anfang,
  erstelltAt: row.createdAt.toISOString(),
  zuletztBenutztAt: row.zuletztBenutztAt?.toISOString() ?? null,
  gueltigBis: row.ablaufAt.toISOString(),
  abgelaufen: row.ablaufAt.getTime() <= jetzt.getTime(),
});

export const listZugriffstoken = async (
  deps: ZugriffstokenDeps,
  user: SessionUser,
): Promise<TZugriffstoken[]> => {
  const rows = await deps.database.withTenant(user.mandantId, (tx) => findTokensVon(tx, user.benutzerId));
  const jetzt = deps.now();
  return rows.map((r) => view(r, jetzt));
};

/** A new token for the caller: its last day at most a year ahead, at most `ZUGRIFFSTOKEN_MAX_ANZAHL` at once. */
export const erstelleZugriffstoken = async (
  deps: ZugriffstokenDeps,
  user: SessionUser,
  eingabe: TZugriffstokenEingabe,
): Promise<TNeuerZugriffstoken> => {
  const jetzt = deps.now();
  const ablaufAt = ablaufVon(eingabe.gueltigBis, jetzt);
  if (!(ablaufAt instanceof Date)) throw new DomainError(ablaufAt);
  const token = neuerToken();
  return deps.database.withTenant(user.mandantId, async (tx) => {
    const anzahl = await countTokensVon(tx, user.benutzerId);
    if (anzahl >= ZUGRIFFSTOKEN_MAX_ANZAHL)
      throw new DomainError('zugriffstoken.zu_viele', { anzahl: String(anzahl) });
    const row = await insertToken(tx, {
      mandantId: user.mandantId,
      benutzerId: user.benutzerId,
      name: eingabe.name,
      tokenHash: hashZugriffstoken(token),
      anfang: token.slice(0, ZUGRIFFSTOKEN_ANFANG),
      recht: eingabe.recht,
      ablaufAt,
    });
    await writeAudit(tx, {
      mandantId: user.mandantId,
      benutzerId: user.benutzerId,
      action: 'create',
      entity: 'zugriffstoken',
      entityId: row.id,
      newValue: { name: row.name, recht: row.recht, anfang: row.anfang, ablaufAt: ablaufAt.toISOString() },
    });
    return { ...view(row, jetzt), token };
  });
};

/** Revokes one of the caller's tokens: it answers 401 `zugriffstoken.widerrufen` from now on. 404 for any other. */
export const widerrufeZugriffstoken = async (
  deps: ZugriffstokenDeps,
  user: SessionUser,
  id: string,
): Promise<void> => {
  await deps.database.withTenant(user.mandantId, async (tx) => {
    const row = await revokeToken(tx, user.benutzerId, id, deps.now());
    if (!row) throw nichtGefunden('zugriffstoken', id);
    await writeAudit(tx, {
      mandantId: user.mandantId,
      benutzerId: user.benutzerId,
      action: 'revoke',
      entity: 'zugriffstoken',
      entityId: row.id,
      oldValue: { name: row.name, recht: row.recht, anfang: row.anfang },
    });
  });
};

/** The user of the tenant an administrator means; another tenant's (row-level security) or an unknown one is 404. */
const zielBenutzer = async (tx: Tx, id: string) => {
  const row = await findTokenBesitzer(tx, id);
  if (!row) throw nichtGefunden('benutzer', id);
  return row;
};

/**
 * Another user's tokens for the user administration (decision 249): as the user sees them, never the token. Needs
 * `benutzer.pflegen`; another tenant's user is 404.
 */
export const listZugriffstokenVon = async (
  deps: ZugriffstokenDeps,
  admin: SessionUser,
  benutzerId: string,
): Promise<TZugriffstoken[]> => {
  assertDarf(admin, 'benutzer.pflegen');
  const rows = await deps.database.withTenant(admin.mandantId, async (tx) => {
    await zielBenutzer(tx, benutzerId);
    return findTokensVon(tx, benutzerId);
  });
  const jetzt = deps.now();
  return rows.map((r) => view(r, jetzt));
};

/**
 * An administrator revokes a user's token (a leaked token, a user leaving): from now on the MCP server answers 401
 * `zugriffstoken.widerrufen` for it. Audited as `revoke` of `zugriffstoken` by the administrator, naming the owner.
 * A platform administrator's tokens are revoked by their owner (`DELETE /api/zugriffstoken/{id}`), never by a tenant
 * administrator (`benutzer.plattform_admin_geschuetzt`).
 */
export const widerrufeZugriffstokenVon = async (
  deps: ZugriffstokenDeps,
  admin: SessionUser,
  benutzerId: string,
  id: string,
): Promise<void> => {
  assertDarf(admin, 'benutzer.pflegen');
  await deps.database.withTenant(admin.mandantId, async (tx) => {
    const ziel = await zielBenutzer(tx, benutzerId);
    if (ziel.isPlatformAdmin && !admin.isPlatformAdmin)
      throw new DomainError('benutzer.plattform_admin_geschuetzt');
    const row = await revokeToken(tx, benutzerId, id, deps.now());
    if (!row) throw nichtGefunden('zugriffstoken', id);
    await writeAudit(tx, {
      mandantId: admin.mandantId,
      benutzerId: admin.benutzerId,
      action: 'revoke',
      entity: 'zugriffstoken',
      entityId: row.id,
      oldValue: { name: row.name, recht: row.recht, anfang: row.anfang, benutzerId },
    });
  });
};

/** The user a token acts for, with their rights as in a session, and what the token may do. */
export type TokenNutzer = { user: SessionUser; recht: ZugriffstokenRecht; tokenId: string };

/**
 * The user of a bearer token (already checked for its form), as the web app would load them for a session: their
 * tenant, rights and language. Unknown token, or its user deactivated: `zugriffstoken.ungueltig`; revoked or
 * expired: their own 401, so the client can say what to do.
 */
export const nutzerDesTokens = async (deps: ZugriffstokenDeps, token: string): Promise<TokenNutzer> => {
  const row = await deps.database.withAllTenants((tx) => findTokenByHash(tx, hashZugriffstoken(token)));
  if (!row) throw new DomainError('zugriffstoken.ungueltig');
  const jetzt = deps.now();
  const sperre = tokenSperre(row, jetzt);
  if (sperre) throw new DomainError(sperre);
  const person = await deps.database.withTenant(row.mandantId, async (tx) => {
    const b = await findTokenBesitzer(tx, row.benutzerId);
    if (!row.zuletztBenutztAt || jetzt.getTime() - row.zuletztBenutztAt.getTime() >= BENUTZT_SCHRITT_MS)
      await markTokenBenutzt(tx, row.id, jetzt);
    return b;
  });
  const user = person?.authUserId
    ? await loadSessionUser(deps.database, person.authUserId, `zugriffstoken:${row.id}`)
    : null;
  if (!user) throw new DomainError('zugriffstoken.ungueltig');
  return { user, recht: row.recht as ZugriffstokenRecht, tokenId: row.id };
};
