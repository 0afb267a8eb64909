import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { syncCatalogues } from './catalogue.ts';

/** What `execute(sql`...`)` resolves to on both drivers: the rows (plus driver-specific extras). */
export type DbQueryResult<TRow> = { rows: TRow[] };
export interface DbQueryResultHKT extends PgQueryResultHKT {
  readonly type: DbQueryResult<this['row']>;
}

/** Drizzle query builder over either driver (no relational schema: use select/insert/update/delete). */
export type Db = PgDatabase<DbQueryResultHKT>;
/** The transaction handle passed into `withTenant` / `withOwner` callbacks. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type Database = {
  driver: 'pglite' | 'pg';
  /**
   * Owner connection: bypasses row-level security. Only for auth (better-auth adapter), migrations, seed,
   * jobs and platform tenant administration. Never use it inside a `withTenant`/`withOwner` callback: the
   * embedded database has one connection, so that would wait for the open transaction forever.
   */
  db: Db;
  /**
   * The only way services reach tenant data: one transaction running as the non-owner role `stellwerk_app`
   * with `app.mandant_id` set, so row-level security shows and accepts only that tenant's rows.
   */
  withTenant<T>(mandantId: string, fn: (tx: Tx) => Promise<T>): Promise<T>;
  /** Explicit, audited bypass for platform paths: a transaction as owner. */
  withOwner<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /** Subscribe to a NOTIFY channel; resolves to the unsubscribe function. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /** `pg_notify` outside a transaction; inside one use ``tx.execute(sql`select pg_notify(${c}, ${p})`)``. */
  notify(channel: string, payload: string): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
};

/** The role tenant transactions switch to (created by migration 0002). */
export const APP_ROLE = 'stellwerk_app';

/** Committed drizzle-kit migrations (apps/server/drizzle). */
export const MIGRATIONS_FOLDER = path.resolve(import.meta.dirname, '../../drizzle');

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Any key works as long as all instances agree: serialises concurrent migrations of several instances. */
const MIGRATION_LOCK_KEY = 7_363_201_001;

/** One round trip: `set_config('role', …, true)` is SET LOCAL ROLE; the tenant setting is local too. */
const enterTenant = (tx: Tx, mandantId: string) =>
  tx.execute(
    sql`select set_config('role', ${APP_ROLE}, true), set_config('app.mandant_id', ${mandantId}, true)`,
  );

/**
 * Inside a `withOwner` transaction (a platform path): runs `fn` exactly as `withTenant` would, as the
 * application role with row-level security on `mandantId`, then returns to the owner with no tenant set,
 * so a platform path changes one tenant's data and writes its own platform rows in one transaction. If
 * `fn` throws, the transaction is rolled back by the caller.
 */
export const asTenant = async <T>(tx: Tx, mandantId: string, fn: (tx: Tx) => Promise<T>): Promise<T> => {
  if (!UUID_PATTERN.test(mandantId))
    throw new TypeError(`asTenant: mandantId must be a uuid, got '${mandantId}'`);
  await enterTenant(tx, mandantId);
  const result = await fn(tx);
  await tx.execute(sql`select set_config('role', 'none', true), set_config('app.mandant_id', '', true)`);
  return result;
};

const transactionHelpers = (db: Db) => ({
  withTenant<T>(mandantId: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
    if (!UUID_PATTERN.test(mandantId)) {
      return Promise.reject(new TypeError(`withTenant: mandantId must be a uuid, got '${mandantId}'`));
    }
    return db.transaction(async (tx) => {
      await enterTenant(tx, mandantId);
      return fn(tx);
    });
  },
  withOwner<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return db.transaction(fn);
  },
});

const openPglite = async (dataDir: string): Promise<Database> => {
  const dir = path.join(dataDir, 'db');
  mkdirSync(dir, { recursive: true });
  const client = await PGlite.create({ dataDir: dir, extensions: { btree_gist } });
  try {
    const pgliteDb = drizzlePglite({ client });
    await migratePglite(pgliteDb, { migrationsFolder: MIGRATIONS_FOLDER });
    const db: Db = pgliteDb;
    await syncCatalogues(db);
    return {
      driver: 'pglite',
      db,
      ...transactionHelpers(db),
      async listen(channel, onPayload) {
        const unsubscribe = await client.listen(channel, onPayload);
        return () => unsubscribe();
      },
      async notify(channel, payload) {
        await client.query('select pg_notify($1, $2)', [channel, payload]);
      },
      async ping() {
        await client.query('select 1');
      },
      async close() {
        if (!client.closed) await client.close();
      },
    };
  } catch (err) {
    await client.close();
    throw err;
  }
};

const migratePg = async (databaseUrl: string): Promise<void> => {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'stellwerk-migrate' });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migrateNodePg(drizzleNodePg({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await client.end();
  }
};

type Listeners = Map<string, Set<(payload: string) => void>>;

/**
 * One dedicated connection carries every LISTEN of this instance. When it drops, it reconnects (1 s, 2 s,
 * 5 s, 10 s) and listens again; notifications sent while it was down are lost, as with any LISTEN.
 */
const createPgListener = (pool: pg.Pool) => {
  const listeners: Listeners = new Map();
  let client: pg.PoolClient | undefined;
  let connecting: Promise<pg.PoolClient> | undefined;
  let closed = false;
  let retry = 0;

  const onNotification = (msg: pg.Notification) => {
    for (const fn of listeners.get(msg.channel) ?? []) fn(msg.payload ?? '');
  };

  const drop = (broken: pg.PoolClient) => {
    if (client !== broken) return;
    client = undefined;
    broken.removeListener('notification', onNotification);
    broken.release(true);
    if (closed || listeners.size === 0) return;
    const delay = [1000, 2000, 5000, 10000][Math.min(retry++, 3)];
    setTimeout(() => void connect().catch(() => undefined), delay).unref();
  };

  const connect = (): Promise<pg.PoolClient> => {
    if (client) return Promise.resolve(client);
    connecting ??= (async () => {
      try {
        const c = await pool.connect();
        c.on('notification', onNotification);
        c.on('error', () => drop(c));
        client = c;
        for (const channel of listeners.keys()) await c.query(`LISTEN ${c.escapeIdentifier(channel)}`);
        retry = 0;
        return c;
      } finally {
        connecting = undefined;
      }
    })();
    return connecting;
  };

  return {
    async listen(channel: string, onPayload: (payload: string) => void) {
      let set = listeners.get(channel);
      const isNewChannel = !set;
      if (!set) {
        set = new Set();
        listeners.set(channel, set);
      }
      set.add(onPayload);
      const c = await connect();
      if (isNewChannel) await c.query(`LISTEN ${c.escapeIdentifier(channel)}`);
      return async () => {
        const current = listeners.get(channel);
        if (!current?.delete(onPayload) || current.size > 0) return;
        listeners.delete(channel);
        if (client) await client.query(`UNLISTEN ${client.escapeIdentifier(channel)}`);
      };
    },
    close() {
      closed = true;
      listeners.clear();
      if (client) {
        client.removeListener('notification', onNotification);
        client.release();
        client = undefined;
      }
    },
  };
};

const openPg = async (databaseUrl: string): Promise<Database> => {
  await migratePg(databaseUrl);
  const pool = new pg.Pool({ connectionString: databaseUrl, application_name: 'stellwerk' });
  // An idle client that loses its connection emits on the pool; without a handler the process would exit.
  pool.on('error', () => undefined);
  const db: Db = drizzleNodePg({ client: pool });
  try {
    await syncCatalogues(db);
  } catch (err) {
    await pool.end();
    throw err;
  }
  const listener = createPgListener(pool);
  return {
    driver: 'pg',
    db,
    ...transactionHelpers(db),
    listen: listener.listen,
    async notify(channel, payload) {
      await pool.query('select pg_notify($1, $2)', [channel, payload]);
    },
    async ping() {
      await pool.query('select 1');
    },
    async close() {
      listener.close();
      await pool.end();
    },
  };
};

/**
 * Opens the database, applies the committed migrations and syncs the global catalogues: embedded PGlite under `${dataDir}/db` when
 * `databaseUrl` is unset, otherwise PostgreSQL (15 or newer) through a node-postgres pool.
 */
export async function openDatabase(opts: {
  databaseUrl?: string | undefined;
  dataDir: string;
}): Promise<Database> {
  return opts.databaseUrl ? openPg(opts.databaseUrl) : openPglite(opts.dataDir);
}
