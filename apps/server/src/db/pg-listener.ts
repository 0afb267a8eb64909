import pg from 'pg';

type Listeners = Map<string, Set<(payload: string) => void>>;
type Gaps = Map<string, Set<() => void>>;

/** Waits between attempts to reconnect the listener: 1, 2, 5, then every 10 s for as long as it takes. */
export const LISTEN_RECONNECT_DELAYS_MS = [1_000, 2_000, 5_000, 10_000] as const;

/**
 * One dedicated connection (not from the pool) carries every LISTEN of this instance. When it drops or
 * cannot be opened, it tries again after 1, 2, 5 and then every 10 s for as long as the database is away,
 * and listens again on every channel once it is back; notifications sent while it was down are lost, as
 * with any LISTEN. `connected()` tells `/api/health` whether it is listening right now.
 */
export const createPgListener = (
  databaseUrl: string,
  log: (message: string, err?: unknown) => void = () => undefined,
) => {
  const listeners: Listeners = new Map();
  const gaps: Gaps = new Map();
  /** Whether a connection listened before: the next one follows a gap in which notifications may be lost. */
  let listenedBefore = false;
  let client: pg.Client | undefined;
  let connecting: Promise<pg.Client> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  let failures = 0;

  const onNotification = (msg: pg.Notification) => {
    for (const fn of listeners.get(msg.channel) ?? []) fn(msg.payload ?? '');
  };

  const scheduleReconnect = () => {
    if (closed || timer || listeners.size === 0) return;
    const delay = LISTEN_RECONNECT_DELAYS_MS[Math.min(failures, LISTEN_RECONNECT_DELAYS_MS.length - 1)];
    failures++;
    timer = setTimeout(() => {
      timer = undefined;
      connect().catch((err) => {
        log(`realtime listener: reconnect attempt ${failures} failed`, err);
        scheduleReconnect();
      });
    }, delay);
    timer.unref();
  };

  const drop = (broken: pg.Client, err?: unknown) => {
    if (client !== broken) return;
    client = undefined;
    broken.removeListener('notification', onNotification);
    broken.end().catch(() => undefined);
    if (closed) return;
    log('realtime listener: connection lost, reconnecting', err);
    scheduleReconnect();
  };

  const connect = (): Promise<pg.Client> => {
    if (client) return Promise.resolve(client);
    connecting ??= (async () => {
      const c = new pg.Client({
        connectionString: databaseUrl,
        application_name: 'stellwerk-listen',
        connectionTimeoutMillis: 10_000,
        keepAlive: true,
      });
      c.on('error', (err) => drop(c, err));
      c.on('end', () => drop(c));
      try {
        await c.connect();
        for (const channel of listeners.keys()) await c.query(`LISTEN ${c.escapeIdentifier(channel)}`);
      } catch (err) {
        c.end().catch(() => undefined);
        throw err;
      } finally {
        connecting = undefined;
      }
      if (closed) {
        await c.end();
        throw new Error('realtime listener closed');
      }
      c.on('notification', onNotification);
      client = c;
      failures = 0;
      if (listenedBefore)
        for (const fns of gaps.values())
          for (const fn of fns) {
            try {
              fn();
            } catch (err) {
              log('realtime listener: a listener failed after the gap', err);
            }
          }
      listenedBefore = true;
      return c;
    })();
    return connecting;
  };

  return {
    connected: () => client !== undefined,
    async listen(channel: string, onPayload: (payload: string) => void, onGap?: () => void) {
      if (onGap) {
        const gapSet = gaps.get(channel) ?? new Set();
        gapSet.add(onGap);
        gaps.set(channel, gapSet);
      }
      let set = listeners.get(channel);
      const isNewChannel = !set;
      if (!set) {
        set = new Set();
        listeners.set(channel, set);
      }
      set.add(onPayload);
      const alreadyConnected = client !== undefined;
      try {
        const c = await connect();
        // A fresh connection listened to every channel already.
        if (isNewChannel && alreadyConnected) await c.query(`LISTEN ${c.escapeIdentifier(channel)}`);
      } catch (err) {
        log('realtime listener: could not connect, retrying', err);
        scheduleReconnect();
      }
      return async () => {
        if (onGap) gaps.get(channel)?.delete(onGap);
        const current = listeners.get(channel);
        if (!current?.delete(onPayload) || current.size > 0) return;
        listeners.delete(channel);
        if (client) await client.query(`UNLISTEN ${client.escapeIdentifier(channel)}`);
      };
    },
    async close() {
      closed = true;
      listeners.clear();
      gaps.clear();
      if (timer) clearTimeout(timer);
      timer = undefined;
      const c = client;
      client = undefined;
      if (c) {
        c.removeListener('notification', onNotification);
        await c.end().catch(() => undefined);
      }
    },
  };
};
