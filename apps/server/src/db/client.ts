import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg, NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { syncCatalogues } from './catalogue.ts';
import { acquireDataLock } from './data-lock.ts';
import { createPgListener } from './pg-listener.ts';

/** What `execute(sql`...`)` resolves to on both drivers: the rows (plus driver-specific extras). */
export type DbQueryResult<TRow> = { rows: TRow[] };
export interface DbQueryResultHKT extends PgQueryResultHKT {
  readonly type: DbQueryResult<this['row']>;
}

/** Drizzle query builder over either driver (no relational schema: use select/insert/update/delete). */
export type Db = PgDatabase<DbQueryResultHKT>;
/** The transaction handle passed into `withTenant` / `withoutTenant` / `withAllTenants` callbacks. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type Database = {
  driver: 'pglite' | 'pg';
  /**
   * The login connection, as configured (on the embedded database a superuser). Only for migrations, the
   * catalogue sync and better-auth's adapter (authentication tables): never for tenant tables. Row-level
   * security is forced on those (decision 029), so with a non-superuser owner (production) it sees no tenant
   * rows at all. Never use it inside a `withTenant`/`withoutTenant`/`withAllTenants` callback: the embedded
   * database has one connection, so that would wait for the open transaction forever.
   */
  db: Db;
  /**
   * The only way services reach tenant data: one transaction running as the non-owner role `stellwerk_app`
   * with `app.mandant_id` set, so row-level security shows and accepts only that tenant's rows.
   */
  withTenant<T>(mandantId: string, fn: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * A transaction as the platform role `stellwerk_platform` with no tenant set: every table is writable
   * (catalogues, authentication tables), but row-level security still applies, so no tenant's row is
   * visible. A platform path reaches one tenant with `asTenant(tx, mandantId, …)`.
   */
  withoutTenant<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * The explicit bypass for the platform paths that must cross tenants (tenant management, the platform
   * audit log, finding a signed-in user's tenant, the demo seed, the mail dispatcher): `withoutTenant` plus
   * `app.bypass_rls = 'on'`, which the policy `platform_bypass` of every tenant table honours for the
   * platform role only (decision 029). Changes made here are audited by the caller.
   */
  withAllTenants<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * Subscribe to a NOTIFY channel; resolves to the unsubscribe function. `onGap` is called when notifications may
   * have been lost: the connection that listens dropped and is listening again.
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onGap?: () => void,
  ): Promise<() => Promise<void>>;
  /**
   * This instance's own notifications of a channel (sent with `notifyInTx` in a transaction of this database, or
   * with `notify`), told right after their commit, before the caller of the transaction goes on (decision 263).
   * LISTEN brings them too, later: a listener here must not mind hearing a notification twice.
   */
  listenOwn(channel: string, onPayload: (payload: string) => void): () => void;
  /** Whether the LISTEN connection between instances is up right now (`/api/health`). */
  listenerConnected(): boolean;
  /** `pg_notify` outside a transaction; inside one use ``tx.execute(sql`select pg_notify(${c}, ${p})`)``. */
  notify(channel: string, payload: string): Promise<void>;
  ping(): Promise<void>;
  /**
   * The connection pool right now (`/metrics`): PostgreSQL's node-postgres pool; undefined on the embedded
   * database, which has one in-process connection and no pool.
   */
  poolStats(): PoolStats | undefined;
  close(): Promise<void>;
};

/** Connections of the PostgreSQL pool: open, idle among them, requests waiting for one, and the pool's limit. */
export type PoolStats = { total: number; idle: number; waiting: number; max: number };

/** The role tenant transactions switch to (created by migration 0002). */
export const APP_ROLE = 'stellwerk_app';
/** The role owner transactions switch to: not a superuser, row-level security applies (migration 0005). */
export const PLATFORM_ROLE = 'stellwerk_platform';

/** Committed drizzle-kit migrations (apps/server/drizzle). */
export const MIGRATIONS_FOLDER = path.resolve(import.meta.dirname, '../../drizzle');

/** The dialect of `drizzle()` without options, for the transactions opened by `pgTransaction`. */
const PG_DIALECT = new PgDialect();

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Any key works as long as all instances agree: serialises concurrent migrations of several instances. */
const MIGRATION_LOCK_KEY = 7_363_201_001;

/**
 * What a transaction sets before its work: the role (`set_config('role', …, true)` is SET LOCAL ROLE) and the
 * tenant, local to the transaction. `sql` is the statement with its values as literals, for the one round trip of
 * `begin` and the statement on PostgreSQL (decision 087); only constants and a checked uuid are ever inlined.
 */
type Entering = { sql: string };

const tenantEntering = (mandantId: string, caller: 'withTenant' | 'asTenant'): Entering => {
  if (!UUID_PATTERN.test(mandantId))
    throw new TypeError(`${caller}: mandantId must be a uuid, got '${mandantId}'`);
  return {
    sql: `select set_config('role', '${APP_ROLE}', true), set_config('app.mandant_id', '${mandantId}', true)`,
  };
};

/** The platform role with no tenant; `bypass` adds the explicit crossing of tenants (decision 029). */
const platformEntering = (bypass: boolean): Entering => ({
  sql: `select set_config('role', '${PLATFORM_ROLE}', true), set_config('app.mandant_id', '', true),
               set_config('app.bypass_rls', '${bypass ? 'on' : 'off'}', true)`,
});

const enter = (tx: Tx, entering: Entering) => tx.execute(sql.raw(entering.sql));

/**
 * Inside a `withoutTenant` / `withAllTenants` transaction (a platform path): runs `fn` exactly as
 * `withTenant` would, as the application role with row-level security on `mandantId` (the bypass does not
 * apply to that role), then returns to the platform role with no tenant set, so a platform path changes one
 * tenant's data and writes its own platform rows in one transaction. If `fn` throws, the transaction is
 * rolled back by the caller.
 */
export const asTenant = async <T>(tx: Tx, mandantId: string, fn: (tx: Tx) => Promise<T>): Promise<T> => {
  await enter(tx, tenantEntering(mandantId, 'asTenant'));
  const result = await fn(tx);
  await tx.execute(
    sql`select set_config('role', ${PLATFORM_ROLE}, true), set_config('app.mandant_id', '', true)`,
  );
  return result;
};

/** Runs `fn` in one transaction that first sets role and tenant as `entering` says. */
type InTransaction = <T>(entering: Entering, fn: (tx: Tx) => Promise<T>) => Promise<T>;

/** A database's listeners of its own notifications, by channel (`listenOwn`). */
type OwnListeners = Map<string, Set<(payload: string) => void>>;

const tellOwn = (own: OwnListeners, channel: string, payload: string) => {
  for (const fn of own.get(channel) ?? []) {
    try {
      fn(payload);
    } catch {
      // a listener's failure is its own; the commit stands and LISTEN brings the notification again
    }
  }
};

/** The notifications of each open transaction (opened by the helpers below), told to `own` after its commit. */
const openTransactions = new WeakMap<Tx, { own: OwnListeners; sent: [string, string][] }>();

const opened = (tx: Tx, own: OwnListeners) => {
  const state = { own, sent: [] as [string, string][] };
  openTransactions.set(tx, state);
  return () => {
    for (const [channel, payload] of state.sent) tellOwn(state.own, channel, payload);
  };
};

/**
 * `pg_notify` inside the transaction: PostgreSQL delivers it on commit, and not at all on rollback. This instance's
 * `listenOwn` listeners hear it right after the commit (a savepoint's `tx` has no such hearing: LISTEN only).
 */
export const notifyInTx = async (tx: Tx, channel: string, payload: string): Promise<void> => {
  await tx.execute(sql`select pg_notify(${channel}, ${payload})`);
  openTransactions.get(tx)?.sent.push([channel, payload]);
};

/** Drizzle's transaction, with the role and tenant set by the first statement in it (the embedded database). */
const drizzleTransaction =
  (db: Db, own: OwnListeners): InTransaction =>
  async (entering, fn) => {
    let committed: () => void = () => undefined;
    const result = await db.transaction(async (tx) => {
      committed = opened(tx, own);
      await enter(tx, entering);
      return fn(tx);
    });
    committed();
    return result;
  };

const transactionHelpers = (inTransaction: InTransaction) => ({
  withTenant<T>(mandantId: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
    try {
      return inTransaction(tenantEntering(mandantId, 'withTenant'), fn);
    } catch (err) {
      return Promise.reject(err);
    }
  },
  withoutTenant<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return inTransaction(platformEntering(false), fn);
  },
  withAllTenants<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return inTransaction(platformEntering(true), fn);
  },
});

/**
 * PostgreSQL: `begin` and the role and tenant go to the server in one round trip (the simple-query protocol
 * runs both statements), which drizzle's `transaction` would send as two; the work, `commit` and `rollback`
 * are as drizzle does them, on a drizzle transaction over the pooled connection (decision 087). A connection
 * whose rollback fails is closed rather than returned to the pool.
 */
const pgTransaction =
  (pool: pg.Pool, own: OwnListeners): InTransaction =>
  async (entering, fn) => {
    const client = await pool.connect();
    try {
      await client.query(`begin; ${entering.sql}`);
    } catch (err) {
      client.release(err as Error);
      throw err;
    }
    let broken: Error | undefined;
    try {
      const tx = new NodePgTransaction(
        PG_DIALECT,
        new NodePgSession(client, PG_DIALECT, undefined),
        undefined,
      ) as unknown as Tx;
      const committed = opened(tx, own);
      const result = await fn(tx);
      await client.query('commit');
      committed();
      return result;
    } catch (err) {
      await client.query('rollback').catch((rollbackErr: Error) => {
        broken = rollbackErr;
      });
      throw err;
    } finally {
      client.release(broken);
    }
  };

const ownListenersOf = () => {
  const own: OwnListeners = new Map();
  const listenOwn = (channel: string, onPayload: (payload: string) => void) => {
    const set = own.get(channel) ?? new Set();
    set.add(onPayload);
    own.set(channel, set);
    return () => {
      set.delete(onPayload);
    };
  };
  return { own, listenOwn };
};

const openPglite = async (dataDir: string): Promise<Database> => {
  const dir = path.join(dataDir, 'db');
  mkdirSync(dataDir, { recursive: true });
  // one process per embedded database (decision 106): a second one is refused before it touches the files
  const lock = acquireDataLock(dataDir);
  mkdirSync(dir, { recursive: true });
  let client: PGlite;
  try {
    client = await PGlite.create({ dataDir: dir, extensions: { btree_gist } });
  } catch (err) {
    lock.release();
    throw err;
  }
  try {
    const pgliteDb = drizzlePglite({ client });
    await migratePglite(pgliteDb, { migrationsFolder: MIGRATIONS_FOLDER });
    const db: Db = pgliteDb;
    await syncCatalogues(db);
    const { own, listenOwn } = ownListenersOf();
    return {
      driver: 'pglite',
      db,
      ...transactionHelpers(drizzleTransaction(db, own)),
      // in the same process as the database: listening cannot drop, so there is no gap
      async listen(channel, onPayload) {
        const unsubscribe = await client.listen(channel, onPayload);
        return () => unsubscribe();
      },
      listenOwn,
      // In the same process as the database: listening cannot drop while the database is open.
      listenerConnected: () => !client.closed,
      async notify(channel, payload) {
        await client.query('select pg_notify($1, $2)', [channel, payload]);
        tellOwn(own, channel, payload);
      },
      async ping() {
        await client.query('select 1');
      },
      poolStats: () => undefined,
      async close() {
        if (!client.closed) await client.close();
        lock.release();
      },
    };
  } catch (err) {
    await client.close();
    lock.release();
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

/** Where the database reports trouble it recovers from by itself (the realtime listener). */
export type DatabaseLog = (message: string, err?: unknown) => void;

const openPg = async (databaseUrl: string, log?: DatabaseLog): Promise<Database> => {
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
  const listener = createPgListener(databaseUrl, log);
  const { own, listenOwn } = ownListenersOf();
  return {
    driver: 'pg',
    db,
    ...transactionHelpers(pgTransaction(pool, own)),
    listen: listener.listen,
    listenOwn,
    listenerConnected: listener.connected,
    async notify(channel, payload) {
      await pool.query('select pg_notify($1, $2)', [channel, payload]);
      tellOwn(own, channel, payload);
    },
    async ping() {
      await pool.query('select 1');
    },
    poolStats: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: pool.options.max ?? 10,
    }),
    async close() {
      await listener.close();
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
  log?: DatabaseLog;
}): Promise<Database> {
  return opts.databaseUrl ? openPg(opts.databaseUrl, opts.log) : openPglite(opts.dataDir);
}
