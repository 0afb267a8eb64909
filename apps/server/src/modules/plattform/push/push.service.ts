/**
 * Web push (decision 245): the caller's devices (subscribe, list, unsubscribe), the VAPID public key, and the
 * queue a push joins when the mail beside it is written (`enqueuePush`, called by the mail outbox in the same
 * transaction). The dispatcher (`push.dispatcher.ts`) sends after commit.
 */
import { DomainError } from '@stellwerk/domain/errors';
import { nichtGefunden } from '@stellwerk/domain/nicht-gefunden';
import type { TPushAbo, TPushAboEingabe } from '@stellwerk/domain/plattform/push/api';
import { PUSH_ARTEN, PUSH_MAX_GERAETE, type PushArt } from '@stellwerk/domain/plattform/push/push';
import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../../../db/client.ts';
import type { SessionUser } from '../../identitaet/auth/auth.context.ts';
import {
  countAbosVon,
  deleteAboByIdVon,
  deleteAboVon,
  findAbosVon,
  hatAboFuer,
  insertAusgang,
  type PushAboRow,
  upsertAbo,
} from './push.repository.ts';

/** NOTIFY channel: a push was queued; delivered when its transaction commits. */
export const PUSH_QUEUED_CHANNEL = 'stellwerk_push_queued';

export type PushDeps = {
  database: Pick<Database, 'withTenant'>;
  vapidPublicKey: string;
  /** plain-http endpoints allowed (tests only, config `pushHttpErlaubt`) */
  httpErlaubt: boolean;
};

const view = (row: PushAboRow): TPushAbo => ({
  id: row.id,
  dienst: new URL(row.endpoint).host,
  endpoint: row.endpoint,
  geraet: row.geraet,
  arten: row.arten.filter((a): a is PushArt => (PUSH_ARTEN as readonly string[]).includes(a)),
  erstelltAt: row.createdAt.toISOString(),
});

export const listPushAbos = async ({ database }: PushDeps, user: SessionUser): Promise<TPushAbo[]> =>
  database.withTenant(user.mandantId, async (tx) => (await findAbosVon(tx, user.benutzerId)).map(view));

/** The browser's P-256 public key must be an uncompressed point (65 bytes, 0x04 first), the secret 16 bytes. */
const pruefeSchluessel = ({ p256dh, auth }: TPushAboEingabe['keys']) => {
  const punkt = Buffer.from(p256dh, 'base64url');
  if (punkt.length !== 65 || punkt[0] !== 4)
    throw new DomainError('push.abo_ungueltig', { field: 'keys.p256dh' });
  if (Buffer.from(auth, 'base64url').length !== 16)
    throw new DomainError('push.abo_ungueltig', { field: 'keys.auth' });
};

/**
 * Subscribes the caller's device (or changes its kinds): an https endpoint (plain http only in tests), valid
 * keys, at most PUSH_MAX_GERAETE devices. No kinds chosen is allowed: the device stays known but gets nothing.
 */
export const abonniere = async (
  deps: PushDeps,
  user: SessionUser,
  eingabe: TPushAboEingabe,
): Promise<TPushAbo> => {
  const protokoll = new URL(eingabe.endpoint).protocol;
  if (protokoll !== 'https:' && !(deps.httpErlaubt && protokoll === 'http:'))
    throw new DomainError('push.abo_ungueltig', { field: 'endpoint' });
  pruefeSchluessel(eingabe.keys);
  return deps.database.withTenant(user.mandantId, async (tx) => {
    const eigene = await findAbosVon(tx, user.benutzerId);
    if (!eigene.some((a) => a.endpoint === eingabe.endpoint) && eigene.length >= PUSH_MAX_GERAETE)
      throw new DomainError('push.zu_viele_geraete', { max: String(PUSH_MAX_GERAETE) });
    return view(
      await upsertAbo(tx, {
        mandantId: user.mandantId,
        benutzerId: user.benutzerId,
        endpoint: eingabe.endpoint,
        p256dh: eingabe.keys.p256dh,
        auth: eingabe.keys.auth,
        arten: [...new Set(eingabe.arten)],
        geraet: eingabe.geraet || null,
      }),
    );
  });
};

/** Unsubscribes the caller's device by its endpoint (the page that unsubscribes knows it); 404 when unknown. */
export const meldeAb = async ({ database }: PushDeps, user: SessionUser, endpoint: string): Promise<void> =>
  database.withTenant(user.mandantId, async (tx) => {
    if ((await deleteAboVon(tx, user.benutzerId, endpoint)) === 0)
      throw nichtGefunden('push_abo', endpoint.slice(-40));
  });

/** Removes one of the caller's devices by id (the list on the profile page, also for a device not at hand). */
export const entferneGeraet = async ({ database }: PushDeps, user: SessionUser, id: string): Promise<void> =>
  database.withTenant(user.mandantId, async (tx) => {
    if ((await deleteAboByIdVon(tx, user.benutzerId, id)) === 0) throw nichtGefunden('push_abo', id);
  });

export const zaehleGeraete = async ({ database }: PushDeps, user: SessionUser): Promise<number> =>
  database.withTenant(user.mandantId, (tx) => countAbosVon(tx, user.benutzerId));

export type PushNachricht = {
  mandantId: string;
  benutzerId: string;
  art: PushArt;
  titel: string;
  text: string;
  url: string | null;
};

/**
 * Queues a push in the caller's transaction when the user has a device subscribed to its kind; sent by the
 * dispatcher after commit, never if the change rolls back. Returns whether one was queued.
 */
export const enqueuePush = async (tx: Tx, nachricht: PushNachricht): Promise<boolean> => {
  if (!(await hatAboFuer(tx, nachricht.benutzerId, nachricht.art))) return false;
  const id = await insertAusgang(tx, nachricht);
  await tx.execute(sql`select pg_notify(${PUSH_QUEUED_CHANNEL}, ${id})`);
  return true;
};
