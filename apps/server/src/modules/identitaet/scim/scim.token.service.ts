import type {
  TScimTokenCreated,
  TScimTokenInput,
  TScimTokenList,
} from '@stellwerk/domain/identitaet/scim/api';
import { nichtGefunden } from '@stellwerk/domain/nicht-gefunden';
import type { Database } from '../../../db/client.ts';
import { writeAudit } from '../../plattform/audit/audit.service.ts';
import type { SessionUser } from '../auth/auth.context.ts';
import { hashToken, newToken } from './scim.kontext.ts';
import { findToken, insertToken, listTokens, revokeToken } from './scim.repository.ts';

type Deps = { database: Database; publicUrl: string; now: () => Date };
type TokenRow = Awaited<ReturnType<typeof listTokens>>[number];

const view = (row: TokenRow) => ({
  id: row.id,
  name: row.name,
  anfang: row.anfang,
  createdAt: row.createdAt.toISOString(),
  zuletztBenutztAt: row.zuletztBenutztAt?.toISOString() ?? null,
  widerrufenAt: row.widerrufenAt?.toISOString() ?? null,
});

export const listScimTokens = async (deps: Deps, user: SessionUser): Promise<TScimTokenList> => ({
  items: (await deps.database.withTenant(user.mandantId, (tx) => listTokens(tx))).map(view),
  scimUrl: `${deps.publicUrl}/scim/v2`,
});

/** A new token of the tenant; only its hash is stored, the answer is the one time it is shown. Audited. */
export const createScimToken = async (
  deps: Deps,
  user: SessionUser,
  input: { name: string } & TScimTokenInput,
): Promise<TScimTokenCreated> => {
  const token = newToken();
  return deps.database.withTenant(user.mandantId, async (tx) => {
    const row = await insertToken(tx, {
      mandantId: user.mandantId,
      name: input.name,
      tokenHash: hashToken(token),
      anfang: token.slice(0, 12),
      erstelltVon: user.benutzerId,
    });
    await writeAudit(tx, {
      mandantId: user.mandantId,
      benutzerId: user.benutzerId,
      action: 'create',
      entity: 'scim_token',
      entityId: row.id,
      newValue: { name: row.name, anfang: row.anfang },
    });
    return { ...view(row), token };
  });
};

/** Revokes a token of the tenant (404 for another tenant's id). Audited. */
export const revokeScimToken = async (deps: Deps, user: SessionUser, id: string): Promise<void> => {
  await deps.database.withTenant(user.mandantId, async (tx) => {
    const row = await findToken(tx, id);
    if (!row) throw nichtGefunden('scim_token', id);
    if (row.widerrufenAt) return;
    await revokeToken(tx, id, deps.now());
    await writeAudit(tx, {
      mandantId: user.mandantId,
      benutzerId: user.benutzerId,
      action: 'revoke',
      entity: 'scim_token',
      entityId: id,
      oldValue: { name: row.name, anfang: row.anfang },
    });
  });
};
