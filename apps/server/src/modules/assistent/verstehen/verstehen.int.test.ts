import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs } from '../../../../test/fixtures/anmelden.ts';
import { fixtureMandant } from '../../../../test/fixtures/mandant.ts';
import { startTestServer, type TestServer, testDrivers } from '../../../../test/harness.ts';
import { checksum } from '../../../../test/table-checksum.ts';

/** The server's clock: Wednesday, 25.11.2026, 10:00 in Berlin. */
const JETZT = new Date('2026-11-25T10:00:00+01:00');

/**
 * The fleet tenant (Chatbot off) with its three locations, a booker and the platform administrator; the library
 * with its location Zentralbibliothek, which is no location of the fleet tenant.
 */
const zweiMandanten = async (server: TestServer) => {
  const ms = await fixtureMandant(server.database, {
    name: 'Stadtwerke Musterstadt',
    domain: 'musterstadt.example',
    features: { FahrzeugBuchung: true, Leseraum: true, Chatbot: false },
    einstellungen: { Sprache: 'de' },
    standorte: {
      nord: { name: 'Betriebshof Nord', bundesland: 'NW' },
      rathaus: { name: 'Verwaltung Rathausplatz', bundesland: 'NW' },
      verwaltung: { name: 'Verwaltungsgebäude', bundesland: 'NW' },
    },
    rollen: { Mitarbeiter: ['fahrzeug_buchen'] },
    benutzer: {
      mitarbeiter: { vorname: 'Lena', nachname: 'Hoffmann', rollen: ['Mitarbeiter'], fuehrerschein: true },
      plattform: { vorname: 'Petra', nachname: 'Brandt', plattformAdmin: true },
    },
  });
  await fixtureMandant(server.database, {
    name: 'Bibliothek Beispielhausen',
    domain: 'beispielhausen.example',
    features: { FahrzeugBuchung: false, Leseraum: true },
    standorte: { bibliothek: { name: 'Zentralbibliothek', bundesland: 'BY' } },
  });
  return ms;
};

describe.each(testDrivers())('POST /api/assistent/verstehen on %s', (driver) => {
  let server: TestServer;
  let booker: string;
  let platform: string;
  let mandantId: string;
  let features: Record<string, boolean>;

  const verstehe = async (body: unknown, cookie?: string) => {
    const response = await fetch(`${server.baseUrl}/api/assistent/verstehen`, {
      method: 'POST',
      headers: {
        origin: server.baseUrl,
        'content-type': 'application/json',
        ...(cookie ? { cookie } : {}),
      },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    return {
      status: response.status,
      body: (await response.json()) as Record<string, unknown> & {
        error?: { code: string; message: string; params: Record<string, unknown> };
      },
    };
  };

  const chatbot = async (an: boolean) => {
    const response = await fetch(`${server.baseUrl}/api/admin/mandanten/${mandantId}/features`, {
      method: 'PUT',
      headers: { cookie: platform, 'content-type': 'application/json', origin: server.baseUrl },
      body: JSON.stringify({ ...features, Chatbot: an }),
    });
    expect(response.status).toBe(200);
    features = { ...features, Chatbot: an };
  };

  beforeAll(async () => {
    server = await startTestServer({ driver, now: () => JETZT, seed: false });
    const ms = await zweiMandanten(server);
    booker = await signInAs(server, ms.benutzer.mitarbeiter);
    platform = await signInAs(server, ms.benutzer.plattform);
    const me = (await (await fetch(`${server.baseUrl}/api/me`, { headers: { cookie: booker } })).json()) as {
      mandant: { id: string };
    };
    mandantId = me.mandant.id;
    const mandanten = (await (
      await fetch(`${server.baseUrl}/api/admin/mandanten`, { headers: { cookie: platform } })
    ).json()) as { id: string; features: Record<string, boolean> }[];
    features = mandanten.find((m) => m.id === mandantId)!.features;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('asks for a session first: 401 auth.unauthenticated, whatever the input', async () => {
    for (const body of [{ text: 'morgen ein Auto' }, {}, '{kaputt'])
      expect(await verstehe(body)).toMatchObject({
        status: 401,
        body: { error: { code: 'auth.unauthenticated' } },
      });
  });

  it('with the Chatbot switched off answers 404 not_found like a switched-off vehicle route, before the input', async () => {
    expect(features.Chatbot).toBe(false);
    for (const body of [
      { text: 'Ich brauche morgen von 9 bis 12 ein Auto' },
      {},
      { text: 'x'.repeat(501) },
      '{kaputt',
    ])
      expect(await verstehe(body, booker)).toMatchObject({
        status: 404,
        body: { error: { code: 'not_found' } },
      });
  });

  describe('with the Chatbot switched on', () => {
    beforeAll(async () => {
      await chatbot(true);
    });
    afterAll(async () => {
      await chatbot(false);
    });

    it('reads a request relative to the server clock, and to bezug when given', async () => {
      expect(await verstehe({ text: 'Ich brauche morgen von 9 bis 12 ein Auto' }, booker)).toEqual({
        status: 200,
        body: {
          absicht: 'fahrzeug_buchen',
          von: '2026-11-26T09:00:00+01:00',
          bis: '2026-11-26T12:00:00+01:00',
          ganztags: false,
          standort: null,
          rueckfrage: null,
        },
      });
      expect(
        await verstehe({ text: 'morgen ganztags einen Platz', bezug: '2026-10-24T10:00:00+02:00' }, booker),
      ).toMatchObject({
        status: 200,
        body: {
          absicht: 'platz_buchen',
          von: '2026-10-25T00:00:00+02:00',
          bis: '2026-10-26T00:00:00+01:00',
          ganztags: true,
        },
      });
    });

    it("finds the tenant's own locations only", async () => {
      const eigener = await verstehe({ text: 'auto morgen 9-12 am betriebshof nord' }, booker);
      expect(eigener.body).toMatchObject({ absicht: 'fahrzeug_buchen', standort: 'Betriebshof Nord' });
      // a location of the other tenant is no location here
      const fremder = await verstehe({ text: 'platz morgen in der zentralbibliothek' }, booker);
      expect(fremder.body).toMatchObject({ absicht: 'platz_buchen', standort: null });
    });

    it('asks back in the language of the request', async () => {
      expect((await verstehe({ text: 'auto morgen um 5' }, booker)).body.rueckfrage).toBe(
        'Meinen Sie 05:00 Uhr oder 17:00 Uhr?',
      );
      expect((await verstehe({ text: 'car tomorrow from 9' }, booker)).body).toMatchObject({
        absicht: 'fahrzeug_buchen',
        von: '2026-11-26T09:00:00+01:00',
        bis: null,
        rueckfrage: 'Until when do you need the vehicle on Nov 26, 2026?',
      });
    });

    it('refuses missing, empty, too long and malformed input with 400 and the catalogue message', async () => {
      const fehlt = await verstehe({}, booker);
      expect(fehlt).toMatchObject({
        status: 400,
        body: { error: { code: 'validation.failed', message: 'Die Eingabe ist ungültig.' } },
      });
      expect(JSON.stringify(fehlt.body.error?.params)).toContain('text');
      expect(await verstehe({ text: '   ' }, booker)).toMatchObject({
        status: 400,
        body: { error: { code: 'validation.failed' } },
      });
      const lang = await verstehe({ text: 'a'.repeat(501) }, booker);
      expect(lang).toMatchObject({
        status: 400,
        body: { error: { code: 'validation.failed', message: 'Die Eingabe ist ungültig.' } },
      });
      expect(JSON.stringify(lang.body.error?.params)).toContain('500');
      expect(await verstehe({ text: 'a'.repeat(500) }, booker)).toMatchObject({ status: 200 });
      expect(await verstehe({ text: 'morgen ein Platz', bezug: 'morgen' }, booker)).toMatchObject({
        status: 400,
        body: { error: { code: 'validation.failed' } },
      });
      expect(await verstehe({ text: 42 }, booker)).toMatchObject({ status: 400 });
      expect(await verstehe('{kaputt', booker)).toMatchObject({ status: 400 });
    });

    it('changes nothing', async () => {
      const vorher = await checksum(server);
      for (const text of [
        'Ich brauche morgen von 9 bis 12 ein Auto',
        'storniere meine Buchung am Freitag',
        'checke mich ein',
        'book me a desk tomorrow afternoon',
      ])
        expect((await verstehe({ text }, booker)).status).toBe(200);
      await verstehe({}, booker);
      expect(await checksum(server)).toEqual(vorher);
    });
  });
});
