import type { TGrundrissKurz, TLeseraumBuchung } from '@stellwerk/domain/leseraum/leseraum-buchung/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../../test/api-call.ts';
import { type EventStream, openEventStream } from '../../../../test/event-stream.ts';
import { signInAs } from '../../../../test/fixtures/anmelden.ts';
import { type FixtureMandant, fixtureMandant } from '../../../../test/fixtures/mandant.ts';
import { startTestServer, type TestServer, testDrivers } from '../../../../test/harness.ts';

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
 * A library with a reading room of single places: a reader, room care (no booking right) and booking staff
 * (`buchung_pflege`); a fleet tenant with one vehicle: a licensed booker, a licence checker and the fleet manager.
 */
const mandanten = async (server: TestServer) => ({
  beispielhausen: await fixtureMandant(server.database, {
    name: 'Bibliothek Beispielhausen',
    domain: 'beispielhausen.example',
    features: { FahrzeugBuchung: false, Leseraum: true },
    standorte: { bibliothek: { name: 'Zentralbibliothek', bundesland: 'BY' } },
    rollen: {
      Raumpflege: ['objekt_pflege', 'ausstattungs_pflege', 'auslastung_sehen'],
      Buchungsverwaltung: ['buchung_pflege'],
    },
    benutzer: {
      mitarbeiter: { vorname: 'Anna', nachname: 'Schulz' },
      fuhrpark: { vorname: 'Michael', nachname: 'Fischer', rollen: ['Raumpflege'] },
      freigabe: { vorname: 'Julia', nachname: 'Meyer', rollen: ['Buchungsverwaltung'] },
    },
    grundrisse: {
      lesesaal: {
        standort: 'bibliothek',
        bezeichnung: 'Lesesaal Erdgeschoss',
        plaetze: ['Platz 01', 'Platz 02'],
      },
    },
  }),
  musterstadt: await fixtureMandant(server.database, {
    name: 'Stadtwerke Musterstadt',
    domain: 'musterstadt.example',
    features: { FahrzeugBuchung: true },
    standorte: { nord: { name: 'Betriebshof Nord', bundesland: 'NW' } },
    rollen: {
      Mitarbeiter: ['fahrzeug_buchen'],
      Fuhrparkleitung: [
        'fahrzeug_pflege',
        'fahrzeug_fremdbuchung',
        'fahrzeug_buchen',
        'fahrzeug_logbuch_report',
        'auslastung_sehen',
        'auswertung_sehen',
      ],
      Führerscheinprüfung: ['fahrzeug_fuehrerscheinpruefung'],
    },
    benutzer: {
      mitarbeiter: { vorname: 'Lena', nachname: 'Hoffmann', rollen: ['Mitarbeiter'], fuehrerschein: true },
      fuehrerschein: { vorname: 'Markus', nachname: 'Weber', rollen: ['Führerscheinprüfung'] },
      fuhrpark: { vorname: 'Thomas', nachname: 'Becker', rollen: ['Fuhrparkleitung'], fuehrerschein: true },
    },
    fahrzeuge: { id3: { standort: 'nord', kennzeichen: 'MS-SW 101' } },
  }),
});

/**
 * Decision 115: a booking's live events reach its booker and the staff who may see it; another user of the
 * tenant hears only that the plan's or vehicle's occupancy changed, with no booking id and no person.
 */
describe.each(testDrivers())('who hears a booking’s live events, on %s', (driver) => {
  let server: TestServer;
  let beispielhausen: FixtureMandant<string, string, string, 'mitarbeiter' | 'fuhrpark' | 'freigabe'>;
  let musterstadt: FixtureMandant<string, string, string, 'mitarbeiter' | 'fuehrerschein' | 'fuhrpark'>;
  const streams: EventStream[] = [];
  const listen = async (cookie: string) => {
    const stream = await openEventStream(`${server.baseUrl}/api/events`, cookie);
    streams.push(stream);
    return stream;
  };
  beforeAll(async () => {
    server = await startTestServer({ driver, now: () => MONDAY_7, seed: false });
    ({ beispielhausen, musterstadt } = await mandanten(server));
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await server?.close();
  });

  it("a reading-room booking: the booker and booking staff hear it; a colleague hears only the plan's occupancy", async () => {
    const booker = await signInAs(server, beispielhausen.benutzer.mitarbeiter);
    const colleague = await signInAs(server, beispielhausen.benutzer.fuhrpark); // room care, no booking right
    const staff = await signInAs(server, beispielhausen.benutzer.freigabe); // buchung_pflege
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
    const booker = await signInAs(server, musterstadt.benutzer.mitarbeiter);
    const colleague = await signInAs(server, musterstadt.benutzer.fuehrerschein); // licence checks only
    const fleet = await signInAs(server, musterstadt.benutzer.fuhrpark); // fahrzeug_pflege
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
