import {
  hoertEvent,
  istPersoenlich,
  oeffentlicheFassung,
  type TEventPublikum,
  type TOeffentlichesEvent,
  type TPersoenlichesEvent,
  type TServerEvent,
  ZEventPublikum,
  ZServerEvent,
} from '@stellwerk/domain/events';
import type { PermissionName } from '@stellwerk/domain/permissions';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Database, Tx } from '../../../db/client';
import type { SessionUser } from '../../identitaet/auth/auth.context';
import { notifyInTx } from './events.repository';

/** The one LISTEN/NOTIFY channel between server instances (ARCHITECTURE §4, §9). */
export const EVENTS_CHANNEL = 'stellwerk_events';

const ZEventMessage = z.object({
  mandantId: z.uuid(),
  /** Only this user's open pages get the event; null: every open page of the tenant. */
  benutzerId: z.uuid().nullable(),
  /** A personal event's audience (decision 115); null: not restricted beyond `benutzerId`. */
  an: ZEventPublikum.nullable().default(null),
  event: ZServerEvent,
});
type EventMessage = z.infer<typeof ZEventMessage>;

/** What a connected browser receives (`data:` of the SSE message). */
export type ClientEvent = TServerEvent;

const isDatabase = (target: Tx | Database): target is Database =>
  typeof (target as Partial<Database>).notify === 'function' &&
  typeof (target as Partial<Database>).withTenant === 'function';

const notify = async (target: Tx | Database, message: EventMessage) => {
  const payload = JSON.stringify(message);
  if (isDatabase(target)) await target.notify(EVENTS_CHANNEL, payload);
  else await notifyInTx(target, EVENTS_CHANNEL, payload);
};

/**
 * Tells every server instance, and through them the open pages of the tenant (or only of the user
 * `benutzerId`), what changed (decision 025). Given a transaction, the event fires on commit and not at all
 * on rollback. Services call it once per change, as the last step of the transaction.
 *
 * A personal event (a booking, a licence: decision 115) needs its audience `an` (`publikumFuer`): only the
 * people it concerns and the holders of the type's rights hear it; the rest of the tenant hears its public form
 * (the plan's or vehicle's occupancy changed), if it has one. PostgreSQL folds identical notifications of one
 * transaction into one, so a bulk change announces each plan's occupancy once.
 */
export async function publishEvent(
  target: Tx | Database,
  mandantId: string,
  event: TOeffentlichesEvent,
  options?: { benutzerId?: string | null },
): Promise<void>;
export async function publishEvent(
  target: Tx | Database,
  mandantId: string,
  event: TPersoenlichesEvent,
  options: { an: TEventPublikum },
): Promise<void>;
export async function publishEvent(
  target: Tx | Database,
  mandantId: string,
  event: TServerEvent,
  options: { benutzerId?: string | null; an?: TEventPublikum } = {},
): Promise<void> {
  const parsed = ZServerEvent.parse(event);
  if (!istPersoenlich(parsed)) {
    await notify(target, { mandantId, benutzerId: options.benutzerId ?? null, an: null, event: parsed });
    return;
  }
  // never to the whole tenant, even if a caller got round the types
  const an = ZEventPublikum.parse(options.an ?? { benutzerIds: [], rechte: [] });
  await notify(target, { mandantId, benutzerId: null, an, event: parsed });
  const oeffentlich = oeffentlicheFassung(parsed);
  if (oeffentlich) await notify(target, { mandantId, benutzerId: null, an: null, event: oeffentlich });
}

export type EventClient = {
  mandantId: string;
  benutzerId: string;
  /** The rights the user held when the page connected (decision 115). */
  permissions: ReadonlySet<PermissionName>;
  /**
   * Reads the user's rights again after an event that may have changed them; null: the user may no longer be
   * signed in (the stream is closed). Without it, a rights-changing event closes the stream instead.
   */
  refreshPermissions?: () => Promise<ReadonlySet<PermissionName> | null>;
  send: (event: ClientEvent) => void;
  heartbeat: () => void;
  close: () => void;
};

export type EventHub = {
  start: () => Promise<void>;
  stop: () => Promise<void>;
  /** Adds a connected browser; returns the function that removes it. */
  subscribe: (client: EventClient) => () => void;
  /**
   * Called with the tenant and the event of every event this instance receives, before its browsers are told
   * (the session cache forgets the tenant's sessions on an event that changes them, so the refetch they start
   * sees the change, also one made through another instance).
   */
  onTenantEvent: (listener: (mandantId: string, event: TServerEvent) => void) => void;
  /**
   * As `onTenantEvent`, and also right after the commit of this instance's own events, before LISTEN brings them
   * back (decision 263: a cache dropped on an event is dropped before the changing request answers). The listener
   * hears this instance's events twice.
   */
  onTenantEventAtOnce: (listener: (mandantId: string, event: TServerEvent) => void) => void;
  /** Called when events may have been lost (the listening connection dropped and listens again). */
  onGap: (listener: () => void) => void;
  clientCount: () => number;
};

/** Heartbeat comment interval of the event stream (spec §9: heartbeat 30 s). */
export const HEARTBEAT_MS = 30_000;

/**
 * One LISTEN per server instance, fanned out to the connected clients of the event's tenant.
 */
export const createEventHub = ({
  database,
  log,
  heartbeatMs = HEARTBEAT_MS,
}: {
  database: Pick<Database, 'listen'> & Partial<Pick<Database, 'listenOwn'>>;
  log: Pick<FastifyBaseLogger, 'warn'>;
  heartbeatMs?: number;
}): EventHub => {
  const byTenant = new Map<string, Set<EventClient>>();
  /**
   * What the hub knows of each client beyond what it was given: its current rights, and while they are read
   * again, the messages that arrived meanwhile (decided and sent once the rights are known).
   */
  const state = new WeakMap<
    EventClient,
    { permissions: ReadonlySet<PermissionName>; wartend: EventMessage[] | null }
  >();
  const tenantListeners: ((mandantId: string, event: TServerEvent) => void)[] = [];
  const atOnceListeners: ((mandantId: string, event: TServerEvent) => void)[] = [];
  const gapListeners: (() => void)[] = [];
  let unlisten: (() => unknown) | undefined;
  let unlistenOwn: (() => void) | undefined;
  let heartbeat: NodeJS.Timeout | undefined;

  const sendIfHeard = (client: EventClient, message: EventMessage) => {
    const permissions = state.get(client)?.permissions ?? client.permissions;
    const empfaenger = { benutzerId: client.benutzerId, permissions };
    if (hoertEvent({ an: message.an, benutzerId: message.benutzerId, empfaenger }))
      client.send(message.event);
  };

  /** The user's rights may have changed: read them again, holding back what arrives meanwhile. */
  const refresh = async (client: EventClient) => {
    const own = state.get(client);
    if (!own || own.wartend) return; // a reading is under way and will see this change too
    if (!client.refreshPermissions) {
      client.close();
      return;
    }
    own.wartend = [];
    let permissions: ReadonlySet<PermissionName> | null = null;
    try {
      permissions = await client.refreshPermissions();
    } catch (err) {
      log.warn({ err }, 'events: could not read the rights of an open page again; it is closed');
    }
    const wartend = own.wartend;
    own.wartend = null;
    if (!permissions) {
      client.close();
      return;
    }
    own.permissions = permissions;
    for (const message of wartend) sendIfHeard(client, message);
  };

  const parse = (payload: string): EventMessage | null => {
    try {
      return ZEventMessage.parse(JSON.parse(payload));
    } catch (err) {
      log.warn({ err }, 'events: ignored a malformed notification');
      return null;
    }
  };

  /** This instance's own event, right after its commit: only for the listeners that want it at once. */
  const deliverOwn = (payload: string) => {
    const parsed = parse(payload);
    if (parsed) for (const listener of atOnceListeners) listener(parsed.mandantId, parsed.event);
  };

  const gap = () => {
    for (const listener of gapListeners) listener();
  };

  const deliver = (payload: string) => {
    const parsed = parse(payload);
    if (!parsed) return;
    for (const listener of [...atOnceListeners, ...tenantListeners]) listener(parsed.mandantId, parsed.event);
    const clients = [...(byTenant.get(parsed.mandantId) ?? [])];
    for (const client of clients) {
      const wartend = state.get(client)?.wartend;
      if (wartend) wartend.push(parsed);
      else sendIfHeard(client, parsed);
    }
    // Rights may have changed (decision 115): a changed user's pages, and after a group or role change every
    // page of the tenant, read their rights again before they hear the next personal event.
    const event = parsed.event;
    if (event.type === 'benutzer' || event.type === 'gruppe' || event.type === 'rolle')
      for (const client of clients)
        if (event.type !== 'benutzer' || event.id === client.benutzerId) void refresh(client);
  };

  const everyClient = function* () {
    for (const clients of byTenant.values()) yield* clients;
  };

  return {
    start: async () => {
      if (unlisten) return;
      unlisten = await database.listen(EVENTS_CHANNEL, deliver, gap);
      unlistenOwn = database.listenOwn?.(EVENTS_CHANNEL, deliverOwn);
      heartbeat = setInterval(() => {
        for (const client of everyClient()) client.heartbeat();
      }, heartbeatMs);
      heartbeat.unref();
    },
    stop: async () => {
      if (heartbeat) clearInterval(heartbeat);
      heartbeat = undefined;
      for (const client of [...everyClient()]) client.close();
      byTenant.clear();
      unlistenOwn?.();
      unlistenOwn = undefined;
      const stopListening = unlisten;
      unlisten = undefined;
      try {
        await stopListening?.();
      } catch (err) {
        log.warn({ err }, 'events: could not stop listening (database already closed?)');
      }
    },
    subscribe: (client) => {
      state.set(client, { permissions: client.permissions, wartend: null });
      const clients = byTenant.get(client.mandantId) ?? new Set<EventClient>();
      clients.add(client);
      byTenant.set(client.mandantId, clients);
      return () => {
        clients.delete(client);
        if (clients.size === 0 && byTenant.get(client.mandantId) === clients)
          byTenant.delete(client.mandantId);
      };
    },
    clientCount: () => [...everyClient()].length,
    onTenantEvent: (listener) => {
      tenantListeners.push(listener);
    },
    onTenantEventAtOnce: (listener) => {
      atOnceListeners.push(listener);
    },
    onGap: (listener) => {
      gapListeners.push(listener);
    },
  };
};

/** Connects the signed-in user's browser to the events of their tenant. */
export const subscribeToEvents = (
  user: Pick<SessionUser, 'mandantId' | 'benutzerId' | 'permissions'>,
  hub: EventHub,
  connection: Omit<EventClient, 'mandantId' | 'benutzerId' | 'permissions'>,
): (() => void) =>
  hub.subscribe({
    ...connection,
    mandantId: user.mandantId,
    benutzerId: user.benutzerId,
    permissions: user.permissions,
  });
