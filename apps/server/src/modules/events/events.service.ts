import { type TServerEvent, ZServerEvent } from '@stellwerk/domain/events';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Database, Tx } from '../../db/client';
import type { SessionUser } from '../auth/auth.context';
import { notifyInTx } from './events.repository';

/** The one LISTEN/NOTIFY channel between server instances (ARCHITECTURE §4, §9). */
export const EVENTS_CHANNEL = 'stellwerk_events';

const ZEventMessage = z.object({
  mandantId: z.uuid(),
  /** Only this user's open pages get the event; null: every open page of the tenant. */
  benutzerId: z.uuid().nullable(),
  event: ZServerEvent,
});
type EventMessage = z.infer<typeof ZEventMessage>;

/** What a connected browser receives (`data:` of the SSE message). */
export type ClientEvent = TServerEvent;

const isDatabase = (target: Tx | Database): target is Database =>
  typeof (target as Partial<Database>).notify === 'function' &&
  typeof (target as Partial<Database>).withTenant === 'function';

/**
 * Tells every server instance, and through them the open pages of the tenant (or only of the user
 * `benutzerId`), what changed (decision 025). Given a transaction, the event fires on commit and not at all
 * on rollback. Services call it once per change, as the last step of the transaction.
 */
export const publishEvent = async (
  target: Tx | Database,
  mandantId: string,
  event: TServerEvent,
  { benutzerId = null }: { benutzerId?: string | null } = {},
): Promise<void> => {
  const message: EventMessage = { mandantId, benutzerId, event: ZServerEvent.parse(event) };
  const payload = JSON.stringify(message);
  if (isDatabase(target)) await target.notify(EVENTS_CHANNEL, payload);
  else await notifyInTx(target, EVENTS_CHANNEL, payload);
};

export type EventClient = {
  mandantId: string;
  benutzerId: string;
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
  database: Pick<Database, 'listen'>;
  log: Pick<FastifyBaseLogger, 'warn'>;
  heartbeatMs?: number;
}): EventHub => {
  const byTenant = new Map<string, Set<EventClient>>();
  const tenantListeners: ((mandantId: string, event: TServerEvent) => void)[] = [];
  let unlisten: (() => unknown) | undefined;
  let heartbeat: NodeJS.Timeout | undefined;

  const deliver = (payload: string) => {
    let parsed: z.infer<typeof ZEventMessage>;
    try {
      parsed = ZEventMessage.parse(JSON.parse(payload));
    } catch (err) {
      log.warn({ err }, 'events: ignored a malformed notification');
      return;
    }
    for (const listener of tenantListeners) listener(parsed.mandantId, parsed.event);
    for (const client of byTenant.get(parsed.mandantId) ?? []) {
      if (parsed.benutzerId && parsed.benutzerId !== client.benutzerId) continue;
      client.send(parsed.event);
    }
  };

  const everyClient = function* () {
    for (const clients of byTenant.values()) yield* clients;
  };

  return {
    start: async () => {
      if (unlisten) return;
      unlisten = await database.listen(EVENTS_CHANNEL, deliver);
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
      const stopListening = unlisten;
      unlisten = undefined;
      try {
        await stopListening?.();
      } catch (err) {
        log.warn({ err }, 'events: could not stop listening (database already closed?)');
      }
    },
    subscribe: (client) => {
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
  };
};

/** Connects the signed-in user's browser to the events of their tenant. */
export const subscribeToEvents = (
  user: Pick<SessionUser, 'mandantId' | 'benutzerId'>,
  hub: EventHub,
  connection: Omit<EventClient, 'mandantId' | 'benutzerId'>,
): (() => void) => hub.subscribe({ ...connection, mandantId: user.mandantId, benutzerId: user.benutzerId });
