import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs } from '../../../../test/fixtures/anmelden.ts';
import type { FixtureBenutzer } from '../../../../test/fixtures/benutzer.ts';
import { fixtureMandant } from '../../../../test/fixtures/mandant.ts';
import { startTestServer, type TestServer, testDrivers } from '../../../../test/harness.ts';

/** The server's clock: Wednesday, 25.11.2026, 10:00 in Berlin. */
const JETZT = new Date('2026-11-25T10:00:00+01:00');

type Antwort = {
  art: string;
  zusammenfassung: string;
  ausgefuehrt: boolean;
  fahrzeuge: { id: string }[];
  fehler: { code: string; message: string } | null;
  naechsteFreieZeit: { von: string; bis: string; fahrzeuge: number; anfrage: string } | null;
  buchungId: string | null;
  lesung: { von: string | null; bis: string | null; rueckfrage: string | null };
};

/**
 * The booker (licensed), the fleet manager who blocks cars, the platform administrator who switches the Chatbot on,
 * and four cars with the demo's booking times (Monday to Friday 07:00–19:00, the transporter also outside them).
 */
const musterstadt = (server: TestServer) => {
  const wagen = (kennzeichen: string, ausserhalbMoeglich = false) => ({
    standort: 'nord' as const,
    kennzeichen,
    buchungszeiten: { von: '07:00', bis: '19:00', wochentage: [1, 2, 3, 4, 5], ausserhalbMoeglich },
  });
  return fixtureMandant(server.database, {
    name: 'Stadtwerke Musterstadt',
    domain: 'musterstadt.example',
    features: { FahrzeugBuchung: true, Chatbot: false },
    einstellungen: { Sprache: 'de' },
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
    },
    benutzer: {
      mitarbeiter: { vorname: 'Lena', nachname: 'Hoffmann', rollen: ['Mitarbeiter'], fuehrerschein: true },
      fuhrpark: { vorname: 'Thomas', nachname: 'Becker', rollen: ['Fuhrparkleitung'], fuehrerschein: true },
      plattform: { vorname: 'Petra', nachname: 'Brandt', plattformAdmin: true },
    },
    fahrzeuge: {
      'MS-SW 101': wagen('MS-SW 101'),
      'MS-SW 102': wagen('MS-SW 102'),
      'MS-SW 103': wagen('MS-SW 103', true),
      'MS-SW 104': wagen('MS-SW 104'),
    },
  });
};

describe.each(testDrivers())('POST /api/assistent/ausfuehren on %s (decision 190)', (driver) => {
  let server: TestServer;
  let booker: string;
  let fuhrparkleitung: FixtureBenutzer;

  const post = async (path: string, body: unknown, cookie = booker) => {
    const response = await fetch(`${server.baseUrl}${path}`, {
      method: path.startsWith('/api/admin') ? 'PUT' : 'POST',
      headers: { origin: server.baseUrl, 'content-type': 'application/json', cookie },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Antwort };
  };
  const eigene = async () =>
    (await (
      await fetch(`${server.baseUrl}/api/fahrzeug-buchungen?eigene=true`, { headers: { cookie: booker } })
    ).json()) as { id: string; von: string; bis: string; fahrzeug?: { id: string } }[];

  beforeAll(async () => {
    server = await startTestServer({ driver, now: () => JETZT, seed: false });
    const ms = await musterstadt(server);
    fuhrparkleitung = ms.benutzer.fuhrpark;
    booker = await signInAs(server, ms.benutzer.mitarbeiter);
    const platform = await signInAs(server, ms.benutzer.plattform);
    const me = (await (await fetch(`${server.baseUrl}/api/me`, { headers: { cookie: booker } })).json()) as {
      mandant: { id: string };
    };
    const mandanten = (await (
      await fetch(`${server.baseUrl}/api/admin/mandanten`, { headers: { cookie: platform } })
    ).json()) as { id: string; features: Record<string, boolean> }[];
    const features = mandanten.find((m) => m.id === me.mandant.id)!.features;
    const on = await post(
      `/api/admin/mandanten/${me.mandant.id}/features`,
      { ...features, Chatbot: true },
      platform,
    );
    expect(on.status).toBe(200);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('a dry run repeats the reading in Berlin time, lists free cars and books nothing', async () => {
    const vorher = await eigene();
    const { status, body } = await post('/api/assistent/ausfuehren', {
      text: 'Ich brauche morgen von 9 bis 12 ein Auto',
    });
    expect(status).toBe(200);
    expect(body.ausgefuehrt).toBe(false);
    expect(body.buchungId).toBeNull();
    expect(body.zusammenfassung).toBe(
      'Fahrzeug buchen, Donnerstag, 26.11.2026, 09:00–12:00 Uhr (Zeit in Berlin)',
    );
    expect(body.fahrzeuge.length).toBeGreaterThan(0);
    expect(await eigene()).toEqual(vorher);
  });

  it('confirmed, it books through the screens operation: the booking is in the own list with the read period', async () => {
    const { status, body } = await post('/api/assistent/ausfuehren', {
      text: 'book me a car tomorrow from 1 pm to 3 pm',
      bestaetigt: true,
    });
    expect(status).toBe(200);
    expect(body.ausgefuehrt).toBe(true);
    expect(body.zusammenfassung).toBe(
      'Booked: Book a vehicle, Thursday, 26/11/2026, 13:00–15:00 (Berlin time)',
    );
    const gebucht = (await eigene()).find((b) => b.id === body.buchungId);
    expect(gebucht).toBeDefined();
    expect(new Date(gebucht!.von).toISOString()).toBe('2026-11-26T12:00:00.000Z');
    expect(new Date(gebucht!.bis).toISOString()).toBe('2026-11-26T14:00:00.000Z');
  });

  it('a question back stays a question and changes nothing, even confirmed', async () => {
    const { status, body } = await post('/api/assistent/ausfuehren', {
      text: 'Ich brauche ein Auto',
      bestaetigt: true,
    });
    expect(status).toBe(200);
    expect(body.ausgefuehrt).toBe(false);
    expect(body.zusammenfassung).toBe(body.lesung.rueckfrage);
    expect(body.buchungId).toBeNull();
  });

  it('when no car is free it offers the next free time of the same length, as a request read back exactly (decision 254)', async () => {
    const fuhrpark = await signInAs(server, fuhrparkleitung);
    const frage = 'Ich brauche am 02.12.2026 von 9 bis 12 ein Auto';
    const vorher = await post('/api/assistent/ausfuehren', { text: frage });
    expect(vorher.body.fahrzeuge.length).toBeGreaterThan(0);
    expect(vorher.body.naechsteFreieZeit).toBeNull();
    // the fleet manager blocks every car the booker could take from 9 to 12
    for (const { id } of vorher.body.fahrzeuge) {
      const response = await fetch(`${server.baseUrl}/api/fahrzeug-sperren`, {
        method: 'POST',
        headers: { origin: server.baseUrl, 'content-type': 'application/json', cookie: fuhrpark },
        body: JSON.stringify({
          fahrzeugId: id,
          typ: 'WARTUNG',
          von: '2026-12-02T09:00:00+01:00',
          bis: '2026-12-02T12:00:00+01:00',
        }),
      });
      expect(response.status).toBe(201);
    }
    const eigeneVorher = await eigene();
    const abgelehnt = await post('/api/assistent/ausfuehren', { text: frage, bestaetigt: true });
    expect(abgelehnt.status).toBe(200);
    expect(abgelehnt.body.art).toBe('abgelehnt');
    expect(abgelehnt.body.ausgefuehrt).toBe(false);
    expect(abgelehnt.body.fehler?.code).toBe('assistent.kein_fahrzeug_frei');
    // 10–13 and 11–14 still meet the blocks; 12–15 is the first later period with a free car
    expect(abgelehnt.body.naechsteFreieZeit).toEqual({
      von: '2026-12-02T12:00:00+01:00',
      bis: '2026-12-02T15:00:00+01:00',
      fahrzeuge: vorher.body.fahrzeuge.length,
      anfrage: 'Auto am 02.12.2026 von 12:00 bis 15:00',
    });
    expect(await eigene()).toEqual(eigeneVorher);

    // the offer is sent as a request: a dry run of exactly that period, nothing booked until confirmed
    const angebot = await post('/api/assistent/ausfuehren', {
      text: abgelehnt.body.naechsteFreieZeit!.anfrage,
    });
    expect(angebot.body.art).toBe('bestaetigen');
    expect(angebot.body.lesung.von).toBe('2026-12-02T12:00:00+01:00');
    expect(angebot.body.lesung.bis).toBe('2026-12-02T15:00:00+01:00');
    expect(angebot.body.fahrzeuge.length).toBe(vorher.body.fahrzeuge.length);

    // in English, the offer is English
    const englisch = await post('/api/assistent/ausfuehren', {
      text: 'I need a car on 02.12.2026 from 9 to 12',
    });
    expect(englisch.body.fehler?.code).toBe('assistent.kein_fahrzeug_frei');
    expect(englisch.body.naechsteFreieZeit?.anfrage).toBe('a car on 02.12.2026 from 12:00 to 15:00');
  });
});
