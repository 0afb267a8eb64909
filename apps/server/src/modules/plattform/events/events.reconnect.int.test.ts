import type { THealth } from '@stellwerk/domain/api';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../../test/harness';
import { EVENTS_CHANNEL } from './events.service';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const adminQuery = async (sqlText: string, params: unknown[] = []) => {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    return await client.query(sqlText, params);
  } finally {
    await client.end();
  }
};

/** Only PostgreSQL has a connection to lose; the embedded database listens in-process. */
describe.runIf(process.env.TEST_DATABASE_URL)('realtime listener when PostgreSQL goes away', () => {
  let server: TestServer;
  let name: string;
  beforeAll(async () => {
    server = await startTestServer({ driver: 'pg', seed: false });
    const result = await server.database.db.execute(sql`select current_database() as name`);
    name = (result.rows[0] as { name: string }).name;
  });
  afterAll(async () => {
    await adminQuery(`alter database ${name} allow_connections true`).catch(() => undefined);
    await server?.close();
  });

  const health = async () => (await (await fetch(`${server.baseUrl}/api/health`)).json()) as THealth;

  it('reconnects with backoff for as long as the database refuses it, and /api/health says whether it is connected', async () => {
    const received: string[] = [];
    const unlisten = await server.database.listen(EVENTS_CHANNEL, (payload) => received.push(payload));
    expect(await health()).toMatchObject({ status: 'ok', realtime: 'connected' });

    // The database goes away for the listener: its connection is killed and new ones are refused.
    await adminQuery(`alter database ${name} allow_connections false`);
    await adminQuery(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and application_name = 'stellwerk-listen'`,
      [name],
    );
    await sleep(300);
    expect(server.database.listenerConnected()).toBe(false);
    const during = await fetch(`${server.baseUrl}/api/health`);
    // The pool may still hold a live connection (200) or not (503); either way it is not "connected".
    if (during.status === 200) expect(((await during.json()) as THealth).realtime).toBe('disconnected');
    else expect(during.status).toBe(503);

    // Attempts after 1 s and 3 s fail; the listener keeps trying instead of giving up.
    await sleep(4_500);
    expect(server.database.listenerConnected()).toBe(false);

    // The database is back: the next attempt (8 s after the loss) connects and listens again.
    await adminQuery(`alter database ${name} allow_connections true`);
    const deadline = Date.now() + 15_000;
    while (!server.database.listenerConnected() && Date.now() < deadline) await sleep(200);
    expect(server.database.listenerConnected()).toBe(true);
    expect(await health()).toMatchObject({ status: 'ok', realtime: 'connected' });

    await server.database.notify(EVENTS_CHANNEL, '{"probe":1}');
    const until = Date.now() + 5_000;
    while (received.length === 0 && Date.now() < until) await sleep(50);
    expect(received).toEqual(['{"probe":1}']);
    await unlisten();
  }, 60_000);
});
