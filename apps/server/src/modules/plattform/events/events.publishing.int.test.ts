import type { TServerEvent } from '@stellwerk/domain/events';
import { PERMISSION_NAMES } from '@stellwerk/domain/permissions';
import { addCalendarDays, berlinDateKey, berlinInstant } from '@stellwerk/domain/time';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EventStream, openEventStream } from '../../../../test/event-stream';
import { signInAs } from '../../../../test/fixtures/anmelden';
import { fixtureMandant } from '../../../../test/fixtures/mandant';
import { startTestServer, type TestServer, testDrivers } from '../../../../test/harness';
import { buildApp } from '../../../app';
import { EVENTS_CHANNEL } from './events.service';

const call = async (server: TestServer, cookie: string, method: string, path: string, body?: unknown) => {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: {
      origin: server.baseUrl,
      cookie,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.status, `${method} ${path}`).toBeLessThan(300);
  return response.status === 204 ? undefined : ((await response.json()) as unknown);
};

/**
 * The fleet tenant: its administrator, an employee who books (the role Mitarbeiter with `fahrzeug_buchen` only, also
 * through the group "Alle Mitarbeitenden"), a reading room and a car with the demo's booking times; the library's
 * administrator.
 */
const mandanten = async (server: TestServer) => ({
  ms: await fixtureMandant(server.database, {
    name: 'Stadtwerke Musterstadt',
    domain: 'musterstadt.example',
    features: { FahrzeugBuchung: true, Leseraum: true },
    einstellungen: { Sprache: 'de' },
    standorte: {
      nord: { name: 'Betriebshof Nord', bundesland: 'NW' },
      rathaus: { name: 'Verwaltung Rathausplatz', bundesland: 'NW' },
    },
    rollen: { Mitarbeiter: ['fahrzeug_buchen'], Administration: PERMISSION_NAMES },
    gruppen: { 'Alle Mitarbeitenden': { rollen: ['Mitarbeiter'] } },
    benutzer: {
      admin: {
        vorname: 'Claudia',
        nachname: 'Wagner',
        rollen: ['Administration'],
        gruppen: ['Alle Mitarbeitenden'],
      },
      mitarbeiter: {
        vorname: 'Lena',
        nachname: 'Hoffmann',
        rollen: ['Mitarbeiter'],
        gruppen: ['Alle Mitarbeitenden'],
        fuehrerschein: true,
      },
    },
    fahrzeuge: {
      id3: {
        standort: 'nord',
        kennzeichen: 'MS-SW 101',
        buchungszeiten: { von: '07:00', bis: '19:00', wochentage: [1, 2, 3, 4, 5] },
      },
    },
    grundrisse: {
      lernraum: { standort: 'rathaus', bezeichnung: 'Lernraum Verwaltung', plaetze: ['Platz 1'] },
    },
  }),
  bh: await fixtureMandant(server.database, {
    name: 'Bibliothek Beispielhausen',
    domain: 'beispielhausen.example',
    features: { FahrzeugBuchung: false, Leseraum: true },
    rollen: { Administration: PERMISSION_NAMES },
    benutzer: { admin: { vorname: 'Andreas', nachname: 'Schwarz', rollen: ['Administration'] } },
  }),
});

/** The changes of one administrator arrive at another open page of the tenant as typed events. */
describe.each(testDrivers())('live events published by the services on %s', (driver) => {
  let server: TestServer;
  let admin: string;
  let colleague: string;
  let other: string;
  let stream: EventStream;
  let otherTenant: EventStream;
  beforeAll(async () => {
    server = await startTestServer({ driver, seed: false });
    const { ms, bh } = await mandanten(server);
    admin = await signInAs(server, ms.benutzer.admin);
    colleague = await signInAs(server, ms.benutzer.mitarbeiter);
    other = await signInAs(server, bh.benutzer.admin);
    stream = await openEventStream(`${server.baseUrl}/api/events`, colleague);
    otherTenant = await openEventStream(`${server.baseUrl}/api/events`, other);
  });
  afterAll(async () => {
    stream?.close();
    otherTenant?.close();
    await server?.close();
  });

  const expectEvent = async (expected: Partial<TServerEvent>) =>
    expect(
      await stream.waitFor((e) =>
        Object.entries(expected).every(([k, v]) => (e as Record<string, unknown>)[k] === v),
      ),
    ).toMatchObject(expected);

  it('a group-level setting: einstellung with level, group and option', async () => {
    const gruppen = (await call(server, admin, 'GET', '/api/admin/gruppen')) as {
      id: string;
      name: string;
    }[];
    const gruppe = gruppen.find((g) => g.name === 'Alle Mitarbeitenden')!;
    const name = 'LeseraumMaximaleBuchungenAlsBuchenderProWoche';
    await call(server, admin, 'PUT', `/api/customizing/gruppen/${gruppe.id}/${name}`, { value: 3 });
    await expectEvent({ type: 'customizing', ebene: 'gruppe', id: gruppe.id, name });
  });

  it('a special opening time saved and removed: abweichende_oeffnungszeit with its id and floor plan', async () => {
    const plans = (await call(server, admin, 'GET', '/api/admin/grundrisse')) as { id: string }[];
    const grundrissId = plans[0]!.id;
    const saved = (await call(
      server,
      admin,
      'POST',
      `/api/admin/grundrisse/${grundrissId}/sonderoeffnungszeiten`,
      {
        beschreibung: 'Live',
        gueltigVon: '2033-01-03',
        gueltigBis: '2033-01-04',
        status: 'geschlossen',
      },
    )) as { sonderoeffnungszeit: { id: string } };
    const id = saved.sonderoeffnungszeit.id;
    await expectEvent({ type: 'abweichende_oeffnungszeit', id, grundrissId });
    const before = stream.events.length;
    await call(server, admin, 'DELETE', `/api/admin/grundrisse/${grundrissId}/sonderoeffnungszeiten/${id}`);
    await stream.waitFor(
      (e) => stream.events.indexOf(e) >= before && (e as { type?: string; id?: string }).id === id,
    );
  });

  it('roles and groups created, a user changed: rolle, gruppe, benutzer with their ids', async () => {
    const rolle = (await call(server, admin, 'POST', '/api/admin/rollen', { name: 'Live-Rolle' })) as {
      id: string;
    };
    await expectEvent({ type: 'rolle', id: rolle.id });
    const gruppe = (await call(server, admin, 'POST', '/api/admin/gruppen', {
      name: 'Live-Gruppe',
      rolleIds: [rolle.id],
    })) as { id: string };
    await expectEvent({ type: 'gruppe', id: gruppe.id });
    await call(server, admin, 'DELETE', `/api/admin/gruppen/${gruppe.id}`);
    await call(server, admin, 'DELETE', `/api/admin/rollen/${rolle.id}`);
  });

  it('a user changes their name: benutzer with their id, to the whole tenant (the user lists)', async () => {
    const me = (await call(server, admin, 'GET', '/api/me')) as { user: { id: string } };
    await call(server, admin, 'PUT', '/api/me/profil', { vorname: 'Claudia', nachname: 'Wagner-Live' });
    await expectEvent({ type: 'benutzer', id: me.user.id });
  });

  it("another tenant's open page hears none of it", async () => {
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(otherTenant.events).toEqual([]);
  });
});

describe.each(testDrivers())('a second server instance on the same database, on %s', (driver) => {
  let server: TestServer;
  let second: FastifyInstance;
  let ms: Awaited<ReturnType<typeof mandanten>>['ms'];
  // The session caches' clock stands still: what a test finds cached is there because no event dropped it, not
  // because fewer than SESSION_CACHE_MS passed (a test took 7.7 s on a machine at load 8, seen 29.11.2026).
  const sitzungsUhr = () => 0;
  beforeAll(async () => {
    server = await startTestServer({ driver, seed: false, sitzungsUhr });
    ({ ms } = await mandanten(server));
    // Shares only the database with the first, like another instance behind the load balancer.
    second = await buildApp({ config: server.config, database: server.database, logger: false, sitzungsUhr });
    await second.ready();
  });
  afterAll(async () => {
    await second?.close();
    await server?.close();
  });

  it("sees a role change made through the first at once: the event makes it look the tenant's sessions up again", async () => {
    const admin = await signInAs(server, ms.benutzer.admin);
    const employee = await signInAs(server, ms.benutzer.mitarbeiter);
    const meOnSecond = async () =>
      (await second.inject({ method: 'GET', url: '/api/me', headers: { cookie: employee } })).json() as {
        permissions: string[];
      };
    expect((await meOnSecond()).permissions).toEqual(['fahrzeug_buchen']); // now cached on the second instance
    const rollen = (await call(server, admin, 'GET', '/api/admin/rollen')) as { id: string; name: string }[];
    const rolle = rollen.find((r) => r.name === 'Mitarbeiter')!;
    await call(server, admin, 'PUT', `/api/admin/rollen/${rolle.id}`, {
      name: 'Mitarbeiter',
      permissions: [
        { name: 'fahrzeug_buchen', wert: 'true' },
        { name: 'fahrzeug_logbuch_report', wert: 'true' },
      ],
    });
    await new Promise((resolve) => setTimeout(resolve, 300)); // the NOTIFY, well within the 5 s cache
    expect((await meOnSecond()).permissions.sort()).toEqual(['fahrzeug_buchen', 'fahrzeug_logbuch_report']);
  });

  it('keeps the sessions cached on both instances when a booking is made: a booking changes nothing a session holds (decision 089)', async () => {
    const employee = await signInAs(server, ms.benutzer.mitarbeiter);
    type Me = { user: { id: string; vorname: string; mandantId: string } };
    const meOn = async (instance: 'first' | 'second') =>
      instance === 'first'
        ? ((await call(server, employee, 'GET', '/api/me')) as Me)
        : ((
            await second.inject({ method: 'GET', url: '/api/me', headers: { cookie: employee } })
          ).json() as Me);
    const before = await meOn('first');
    expect((await meOn('second')).user.vorname).toBe(before.user.vorname); // now cached on both instances
    // a marker no session can know of: changed in the database, with no event
    await server.database.withTenant(before.user.mandantId, (tx) =>
      tx.execute(sql`update benutzer set vorname = 'Unbemerkt' where id = ${before.user.id}`),
    );
    const tag = addCalendarDays(berlinDateKey(new Date()), 3);
    const von = berlinInstant(tag, '09:00').toISOString();
    const bis = berlinInstant(tag, '12:00').toISOString();
    const [fahrzeug] = (await call(
      server,
      employee,
      'GET',
      `/api/fahrzeuge?von=${encodeURIComponent(von)}&bis=${encodeURIComponent(bis)}&nurFrei=true`,
    )) as { id: string }[];
    // the booking's event reaches this listener after the second instance's, on the same connection
    let angekommen: () => void = () => undefined;
    const gehoert = new Promise<void>((resolve) => {
      angekommen = resolve;
    });
    const unlisten = await server.database.listen(EVENTS_CHANNEL, (payload) => {
      if ((JSON.parse(payload) as { event: TServerEvent }).event.type === 'fahrzeug_buchung') angekommen();
    });
    try {
      await call(server, employee, 'POST', '/api/fahrzeug-buchungen', { fahrzeugId: fahrzeug!.id, von, bis });
      await gehoert;
    } finally {
      await unlisten();
    }
    expect((await meOn('first')).user.vorname).toBe(before.user.vorname);
    expect((await meOn('second')).user.vorname).toBe(before.user.vorname);
    await server.database.withTenant(before.user.mandantId, (tx) =>
      tx.execute(sql`update benutzer set vorname = ${before.user.vorname} where id = ${before.user.id}`),
    );
  });
});
