import type { TGrundrissKurz, TLeseraumBuchung } from '@stellwerk/domain/leseraum/leseraum-buchung/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../../test/api-call.ts';
import { type EventStream, openEventStream } from '../../../../test/event-stream.ts';
import { signIn, startTestServer, type TestServer, testDrivers } from '../../../../test/harness.ts';

/** Monday 23.11.2026, 07:00 in Berlin. */
const MONDAY_7 = new Date('2026-11-23T07:00:00+01:00');
const at = (day: string, time: string) => new Date(`${day}T${time}:00+01:00`);
const settle = () => new Promise((resolve) => setTimeout(resolve, 400));

const json = async <T>(response: Response): Promise<T> => {
  if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);
  return (await response.json()) as T;
};

type Event = { type: string; id: string };
const named = (stream: EventStream, id: string) =>
  stream.events.filter((e) => JSON.stringify(e).includes(id)) as Event[];

/**
 * Decision 115: a booking's live events reach its booker and the staff who may see it; another user of the
 * tenant hears only that the plan's or vehicle's occupancy changed, with no booking id and no person.
 */
describe.each(testDrivers())('who hears a booking’s live events, on %s', (driver) => {
  let server: TestServer;
  const streams: EventStream[] = [];
  const listen = async (cookie: string) => {
    const stream = await openEventStream(`${server.baseUrl}/api/events`, cookie);
    streams.push(stream);
    return stream;
  };
  beforeAll(async () => {
    server = await startTestServer({ driver, now: () => MONDAY_7 });
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await server?.close();
  });

  it("a reading-room booking: the booker and booking staff hear it; a colleague hears only the plan's occupancy", async () => {
    const booker = await signIn(server.baseUrl, 'mitarbeiter@beispielhausen.example');
    const colleague = await signIn(server.baseUrl, 'fuhrpark@beispielhausen.example'); // room care, no booking right
    const staff = await signIn(server.baseUrl, 'freigabe@beispielhausen.example'); // buchung_pflege
    const [plan] = await json<TGrundrissKurz[]>(
      await call(server, booker, 'GET', '/api/grundrisse?bereich=leseraum'),
    );
    const belegung = await json<{ plaetze: { id: string; kapazitaet: number }[] }>(
      await call(server, booker, 'GET', `/api/grundrisse/${plan!.id}/belegung?tag=2026-11-24`),
    );
    const platz = belegung.plaetze.find((p) => p.kapazitaet === 1)!;
    const [ownStream, colleagueStream, staffStream] = await Promise.all([
      listen(booker),
      listen(colleague),
      listen(staff),
    ]);

    const buchung = await json<TLeseraumBuchung>(
      await call(server, booker, 'POST', '/api/leseraum-buchungen', {
        modus: 'stuendlich',
        leseraumId: platz.id,
        von: at('2026-11-24', '10:00').toISOString(),
        bis: at('2026-11-24', '12:00').toISOString(),
      }),
    );
    await json(await call(server, booker, 'POST', `/api/leseraum-buchungen/${buchung.id}/storno`));
    const own = { type: 'leseraum_buchung', id: buchung.id, grundrissId: plan!.id };
    await ownStream.waitFor((e) => JSON.stringify(e) === JSON.stringify(own));
    await staffStream.waitFor((e) => JSON.stringify(e) === JSON.stringify(own));
    const occupancy = { type: 'leseraum_belegung', id: plan!.id };
    await colleagueStream.waitFor((e) => JSON.stringify(e) === JSON.stringify(occupancy));
    await settle();

    expect(named(ownStream, buchung.id)).toHaveLength(2); // made and cancelled
    expect(named(staffStream, buchung.id)).toHaveLength(2);
    expect(named(colleagueStream, buchung.id)).toEqual([]);
    expect(colleagueStream.events.filter((e) => (e as Event).type === 'leseraum_buchung')).toEqual([]);
    expect(colleagueStream.events).toContainEqual(occupancy);
  });

  it("a vehicle booking: the booker and the fleet staff hear it; a colleague hears only the vehicle's occupancy", async () => {
    const booker = await signIn(server.baseUrl, 'mitarbeiter@musterstadt.example');
    const colleague = await signIn(server.baseUrl, 'fuehrerschein@musterstadt.example'); // licence checks only
    const fleet = await signIn(server.baseUrl, 'fuhrpark@musterstadt.example'); // fahrzeug_pflege
    const von = at('2026-11-25', '09:00').toISOString();
    const bis = at('2026-11-25', '12:00').toISOString();
    const [fahrzeug] = await json<{ id: string }[]>(
      await call(
        server,
        booker,
        'GET',
        `/api/fahrzeuge?von=${encodeURIComponent(von)}&bis=${encodeURIComponent(bis)}&nurFrei=true`,
      ),
    );
    const [ownStream, colleagueStream, fleetStream] = await Promise.all([
      listen(booker),
      listen(colleague),
      listen(fleet),
    ]);

    const buchung = await json<{ id: string }>(
      await call(server, booker, 'POST', '/api/fahrzeug-buchungen', { fahrzeugId: fahrzeug!.id, von, bis }),
    );
    const own = { type: 'fahrzeug_buchung', id: buchung.id, fahrzeugId: fahrzeug!.id };
    await ownStream.waitFor((e) => JSON.stringify(e) === JSON.stringify(own));
    await fleetStream.waitFor((e) => JSON.stringify(e) === JSON.stringify(own));
    const occupancy = { type: 'fahrzeug_belegung', id: fahrzeug!.id };
    await colleagueStream.waitFor((e) => JSON.stringify(e) === JSON.stringify(occupancy));
    await settle();

    expect(named(colleagueStream, buchung.id)).toEqual([]);
    expect(colleagueStream.events.filter((e) => (e as Event).type === 'fahrzeug_buchung')).toEqual([]);
  });
});
