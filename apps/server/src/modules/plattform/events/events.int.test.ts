import { publikumFuer, type TOeffentlichesEvent } from '@stellwerk/domain/events';
import type { PermissionName } from '@stellwerk/domain/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase, testDrivers } from '../../../db/test-database';
import { type ClientEvent, createEventHub, type EventHub, publishEvent } from './events.service';

const TENANT_A = '00000000-0000-4000-8000-00000000000a';
const TENANT_B = '00000000-0000-4000-8000-00000000000b';
const USER_1 = '00000000-0000-4000-8000-000000000001';
const USER_2 = '00000000-0000-4000-8000-000000000002';
const USER_3 = '00000000-0000-4000-8000-000000000003';
const PLAN = '00000000-0000-4000-8000-0000000000c1';
const BOOKING = '00000000-0000-4000-8000-0000000000d1';
const VEHICLE = '00000000-0000-4000-8000-0000000000e1';

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

  const connect = (mandantId: string, benutzerId: string, permissions: PermissionName[] = []) => {
    const received: ClientEvent[] = [];
    const state = { closed: false };
    const unsubscribe = hub.subscribe({
      mandantId,
      benutzerId,
      permissions: new Set(permissions),
      send: (e) => received.push(e),
      heartbeat: () => undefined,
      close: () => {
        state.closed = true;
      },
    });
    return { received, unsubscribe, state };
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
    const ownCustomizing = { type: 'customizing', ebene: 'benutzer', id: USER_2, name: 'Sprache' } as const;
    await publishEvent(testDb.database, TENANT_A, ownCustomizing, { benutzerId: USER_2 });
    await settle();
    expect(a1.received).toEqual([]);
    expect(a2.received).toEqual([ownCustomizing]);
    a1.unsubscribe();
    a2.unsubscribe();
    expect(hub.clientCount()).toBe(0);
  });

  it("a booking's event reaches its booker and staff with the right; everyone else hears only the plan's occupancy (decision 115)", async () => {
    const booker = connect(TENANT_A, USER_1);
    const colleague = connect(TENANT_A, USER_2, ['fahrzeug_buchen']);
    const staff = connect(TENANT_A, USER_3, ['buchung_pflege']);
    const event = { type: 'leseraum_buchung', id: BOOKING, grundrissId: PLAN } as const;
    await testDb.database.withAllTenants((tx) =>
      publishEvent(tx, TENANT_A, event, { an: publikumFuer('leseraum_buchung', [USER_1]) }),
    );
    await settle();
    const occupancy = { type: 'leseraum_belegung', id: PLAN };
    expect(booker.received).toEqual([event, occupancy]);
    expect(staff.received).toEqual([event, occupancy]);
    expect(colleague.received).toEqual([occupancy]);
    for (const c of [booker, colleague, staff]) c.unsubscribe();
  });

  it("a vehicle booking's event reaches its booker, driver and the fleet staff; others hear only the vehicle's occupancy", async () => {
    const booker = connect(TENANT_A, USER_1);
    const driver = connect(TENANT_A, USER_2);
    const fleet = connect(TENANT_A, USER_3, ['fahrzeug_pflege']);
    const other = connect(TENANT_A, '00000000-0000-4000-8000-000000000004', ['fahrzeug_buchen']);
    const event = { type: 'fahrzeug_buchung', id: BOOKING, fahrzeugId: VEHICLE } as const;
    await publishEvent(testDb.database, TENANT_A, event, {
      an: publikumFuer('fahrzeug_buchung', [USER_1, USER_2, null]),
    });
    await settle();
    const occupancy = { type: 'fahrzeug_belegung', id: VEHICLE };
    for (const c of [booker, driver, fleet]) expect(c.received).toEqual([event, occupancy]);
    expect(other.received).toEqual([occupancy]);
    for (const c of [booker, driver, fleet, other]) c.unsubscribe();
  });

  it('a personal event published without an audience reaches nobody but its public form', async () => {
    const a1 = connect(TENANT_A, USER_1, ['fahrzeug_buchen']);
    await publishEvent(
      testDb.database,
      TENANT_A,
      { type: 'fuehrerschein', id: USER_2 },
      {} as unknown as { an: ReturnType<typeof publikumFuer> },
    );
    await settle();
    expect(a1.received).toEqual([]);
    a1.unsubscribe();
  });

  it('after a role change a page hears by the rights its user holds then; a page whose rights cannot be read is closed', async () => {
    const event = { type: 'leseraum_buchung', id: BOOKING, grundrissId: PLAN } as const;
    const an = publikumFuer('leseraum_buchung', [USER_1]);
    let rechteJetzt: PermissionName[] = ['buchung_pflege'];
    let reads = 0;
    const received: ClientEvent[] = [];
    const staff = {
      mandantId: TENANT_A,
      benutzerId: USER_2,
      permissions: new Set<PermissionName>(['buchung_pflege']),
      send: (e: ClientEvent) => received.push(e),
      heartbeat: () => undefined,
      close: () => undefined,
      refreshPermissions: async () => {
        reads++;
        return new Set(rechteJetzt);
      },
    };
    const unsubscribe = hub.subscribe(staff);
    const noRefresh = connect(TENANT_A, USER_3, ['buchung_pflege']);
    rechteJetzt = []; // the right was taken away with the role
    await publishEvent(testDb.database, TENANT_A, { type: 'rolle', id: USER_3 });
    await publishEvent(testDb.database, TENANT_A, event, { an });
    await settle();
    expect(reads).toBe(1);
    expect(received).toEqual([
      { type: 'rolle', id: USER_3 },
      { type: 'leseraum_belegung', id: PLAN },
    ]);
    expect(noRefresh.state.closed).toBe(true);
    // a change of another user reads nobody's rights again; a change of this user does
    await publishEvent(testDb.database, TENANT_A, { type: 'benutzer', id: USER_1 });
    await settle();
    expect(reads).toBe(1);
    rechteJetzt = ['buchung_pflege'];
    await publishEvent(testDb.database, TENANT_A, { type: 'benutzer', id: USER_2 });
    await publishEvent(testDb.database, TENANT_A, event, { an });
    await settle();
    expect(reads).toBe(2);
    expect(received.at(-2)).toEqual(event);
    unsubscribe();
    noRefresh.unsubscribe();
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
      publishEvent(database, TENANT_A, { type: 'settings.changed' } as unknown as TOeffentlichesEvent),
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
      permissions: new Set(),
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
