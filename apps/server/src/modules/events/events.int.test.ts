import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase, testDrivers } from '../../db/test-database';
import { type ClientEvent, createEventHub, type EventHub, publishEvent } from './events.service';

const TENANT_A = '00000000-0000-4000-8000-00000000000a';
const TENANT_B = '00000000-0000-4000-8000-00000000000b';
const USER_1 = '00000000-0000-4000-8000-000000000001';
const USER_2 = '00000000-0000-4000-8000-000000000002';
const PLAN = '00000000-0000-4000-8000-0000000000c1';

const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe.each(testDrivers())('event hub on %s', (driver) => {
  let testDb: TestDatabase;
  let hub: EventHub;
  beforeAll(async () => {
    testDb = await openTestDatabase(driver);
    hub = createEventHub({ database: testDb.database, log: { warn: () => undefined } });
    await hub.start();
  });
  afterAll(async () => {
    await hub?.stop();
    await testDb?.close();
  });

  const connect = (mandantId: string, benutzerId: string) => {
    const received: ClientEvent[] = [];
    const unsubscribe = hub.subscribe({
      mandantId,
      benutzerId,
      send: (e) => received.push(e),
      heartbeat: () => undefined,
      close: () => undefined,
    });
    return { received, unsubscribe };
  };

  it('an event published in a transaction reaches the clients of its tenant on commit, not others', async () => {
    const a1 = connect(TENANT_A, USER_1);
    const b2 = connect(TENANT_B, USER_2);
    await testDb.database.withAllTenants((tx) =>
      publishEvent(tx, TENANT_A, { type: 'oeffnungszeit', id: PLAN }),
    );
    await settle();
    expect(a1.received).toEqual([{ type: 'oeffnungszeit', id: PLAN }]);
    expect(b2.received).toEqual([]);
    a1.unsubscribe();
    b2.unsubscribe();
  });

  it('a rolled-back transaction publishes nothing', async () => {
    const a1 = connect(TENANT_A, USER_1);
    await expect(
      testDb.database.withAllTenants(async (tx) => {
        await publishEvent(tx, TENANT_A, { type: 'oeffnungszeit', id: PLAN });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    await settle();
    expect(a1.received).toEqual([]);
    a1.unsubscribe();
  });

  it('an event for one user reaches only that user', async () => {
    const a1 = connect(TENANT_A, USER_1);
    const a2 = connect(TENANT_A, USER_2);
    const ownSetting = { type: 'einstellung', ebene: 'benutzer', id: USER_2, name: 'Sprache' } as const;
    await publishEvent(testDb.database, TENANT_A, ownSetting, { benutzerId: USER_2 });
    await settle();
    expect(a1.received).toEqual([]);
    expect(a2.received).toEqual([ownSetting]);
    a1.unsubscribe();
    a2.unsubscribe();
    expect(hub.clientCount()).toBe(0);
  });
});

describe('events that are not typed', () => {
  it('publishing an event outside the typed list fails before anything is sent', async () => {
    let notified = false;
    const database = {
      withTenant: async () => undefined,
      notify: async () => {
        notified = true;
      },
    } as unknown as Parameters<typeof publishEvent>[0];
    await expect(
      publishEvent(database, TENANT_A, { type: 'settings.changed' } as unknown as Parameters<
        typeof publishEvent
      >[2]),
    ).rejects.toThrow();
    expect(notified).toBe(false);
  });
});

describe('event hub heartbeat', () => {
  it('sends a heartbeat to every client at the interval', async () => {
    let unlistened = false;
    const hub = createEventHub({
      database: {
        listen: async () => async () => {
          unlistened = true;
        },
      },
      log: { warn: () => undefined },
      heartbeatMs: 20,
    });
    await hub.start();
    let beats = 0;
    let closed = false;
    hub.subscribe({
      mandantId: TENANT_A,
      benutzerId: USER_1,
      send: () => undefined,
      heartbeat: () => {
        beats++;
      },
      close: () => {
        closed = true;
      },
    });
    await new Promise((resolve) => setTimeout(resolve, 110));
    await hub.stop();
    expect(beats).toBeGreaterThanOrEqual(3);
    expect(closed).toBe(true);
    expect(unlistened).toBe(true);
  });
});
