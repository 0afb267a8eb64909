/**
 * The user's personal calendar subscription (decision 168): create it (the links are shown once), rotate its token
 * (the old link stops at once), change its filter, revoke it. Only the token's SHA-256 is stored; each step is
 * audited.
 */
import { createHash, randomBytes } from 'node:crypto';
import { DomainError } from '@stellwerk/domain/errors';
import { nichtGefunden } from '@stellwerk/domain/nicht-gefunden';
import type {
  TKalenderAbo,
  TKalenderAboLinks,
  TKalenderAboStand,
  TKalenderFilter,
} from '@stellwerk/domain/plattform/kalender/api';
import type { Database } from '../../../db/client.ts';
import type { SessionUser } from '../../identitaet/auth/auth.context.ts';
import { writeAudit } from '../audit/audit.service.ts';
import {
  deleteAbo,
  findAboVon,
  type KalenderAboRow,
  updateAboFilter,
  upsertAbo,
} from './kalender.repository.ts';

export type KalenderDeps = { database: Database; publicUrl: string; now: () => Date };

export const hashKalenderToken = (token: string) => createHash('sha256').update(token).digest('hex');
/** 32 random bytes, base64url (43 characters), with a prefix that says what it is. */
const newToken = () => `kal_${randomBytes(32).toString('base64url')}`;

const view = (row: KalenderAboRow): TKalenderAbo => ({
  fahrzeuge: row.fahrzeuge,
  plaetze: row.plaetze,
  anfang: row.anfang,
  erstelltAt: row.createdAt.toISOString(),
  erneuertAt: row.erneuertAt?.toISOString() ?? null,
});

/** The feed's two addresses: https for any client, webcal for the ones that subscribe on a click. */
export const kalenderLinks = (publicUrl: string, token: string) => {
  const httpsUrl = `${publicUrl}/api/kalender/${token}.ics`;
  return { httpsUrl, webcalUrl: httpsUrl.replace(/^https?:\/\//, 'webcal://') };
};

const pruefeFilter = (filter: TKalenderFilter) => {
  if (!filter.fahrzeuge && !filter.plaetze) throw new DomainError('kalender.kein_filter');
};

export const getKalenderAbo = async (deps: KalenderDeps, user: SessionUser): Promise<TKalenderAboStand> => {
  const row = await deps.database.withTenant(user.mandantId, (tx) => findAboVon(tx, user.benutzerId));
  return { abo: row ? view(row) : null };
};

/** Creates the subscription, or gives an existing one a new token (rotation): the answer holds the new links. */
export const erstelleKalenderAbo = async (
  deps: KalenderDeps,
  user: SessionUser,
  filter: TKalenderFilter,
): Promise<TKalenderAboLinks> => {
  pruefeFilter(filter);
  const token = newToken();
  return deps.database.withTenant(user.mandantId, async (tx) => {
    const vorher = await findAboVon(tx, user.benutzerId);
    const row = await upsertAbo(
      tx,
      {
        mandantId: user.mandantId,
        benutzerId: user.benutzerId,
        tokenHash: hashKalenderToken(token),
        anfang: token.slice(0, 10),
        ...filter,
      },
      deps.now(),
    );
    await writeAudit(tx, {
      mandantId: user.mandantId,
      benutzerId: user.benutzerId,
      action: vorher ? 'rotate' : 'create',
      entity: 'kalender_abo',
      entityId: row.id,
      oldValue: vorher
        ? { anfang: vorher.anfang, fahrzeuge: vorher.fahrzeuge, plaetze: vorher.plaetze }
        : null,
      newValue: { anfang: row.anfang, fahrzeuge: row.fahrzeuge, plaetze: row.plaetze },
    });
    return { ...view(row), ...kalenderLinks(deps.publicUrl, token) };
  });
};

/** Changes what the feed shows; the link stays. 404 without a subscription. */
export const aendereKalenderFilter = async (
  deps: KalenderDeps,
  user: SessionUser,
  filter: TKalenderFilter,
): Promise<TKalenderAboStand> => {
  pruefeFilter(filter);
  return deps.database.withTenant(user.mandantId, async (tx) => {
    const vorher = await findAboVon(tx, user.benutzerId);
    const row = await updateAboFilter(tx, user.benutzerId, filter);
    if (!vorher || !row) throw nichtGefunden('kalender_abo', user.benutzerId);
    await writeAudit(tx, {
      mandantId: user.mandantId,
      benutzerId: user.benutzerId,
      action: 'update',
      entity: 'kalender_abo',
      entityId: row.id,
      oldValue: { fahrzeuge: vorher.fahrzeuge, plaetze: vorher.plaetze },
      newValue: { fahrzeuge: row.fahrzeuge, plaetze: row.plaetze },
    });
    return { abo: view(row) };
  });
};

/** Revokes the subscription: its link answers 404 from now on. Without one, nothing happens. */
export const widerrufeKalenderAbo = async (deps: KalenderDeps, user: SessionUser): Promise<void> => {
  await deps.database.withTenant(user.mandantId, async (tx) => {
    const row = await deleteAbo(tx, user.benutzerId);
    if (!row) return;
    await writeAudit(tx, {
      mandantId: user.mandantId,
      benutzerId: user.benutzerId,
      action: 'revoke',
      entity: 'kalender_abo',
      entityId: row.id,
      oldValue: { anfang: row.anfang, fahrzeuge: row.fahrzeuge, plaetze: row.plaetze },
    });
  });
};
