import { addCalendarDays, berlinDateKey, berlinInstant } from '@stellwerk/domain/time';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiErrorBody, call } from '../../../../test/api-call.ts';
import { signInAs } from '../../../../test/fixtures/anmelden.ts';
import {
  FUHRPARK_LEUTE,
  FUHRPARK_MANDANT,
  FUHRPARK_ROLLEN,
  fuhrparkWagen,
} from '../../../../test/fixtures/fuhrpark.ts';
import { fixtureMandant } from '../../../../test/fixtures/mandant.ts';
import { startTestServer, type TestServer, testDrivers } from '../../../../test/harness.ts';

const at = (days: number, hhmm: string): string =>
  berlinInstant(addCalendarDays(berlinDateKey(new Date()), days), hhmm).toISOString();

/** Raw technical text that must never reach a user. */
const ROH = /Invalid|\[\]|undefined|[{}]|NaN|null/;
/** English words that give away an untranslated text in a German answer ('String' is in the spec's German). */
const ENGLISCH =
  /\b(the|must|expected|invalid|is|are|not|and|or|of|to|be|value|years|option|number|received)\b/i;

/**
 * The errors of the vehicle screens say the real reason in the user's language. Every refused
 * request below answers a German message and German field texts without raw technical text; the English
 * answers carry no placeholder or raw text either.
 */
/**
 * The booker, the fleet manager and the approver of special trips, each licensed; four cars at the depot with the
 * demo's booking times (Monday to Friday 07:00–19:00, the transporter MS-SW 103 also outside them).
 */
const musterstadt = (server: TestServer) =>
  fixtureMandant(server.database, {
    ...FUHRPARK_MANDANT,
    rollen: FUHRPARK_ROLLEN,
    benutzer: FUHRPARK_LEUTE,
    fahrzeuge: {
      'MS-SW 101': fuhrparkWagen('MS-SW 101'),
      'MS-SW 102': fuhrparkWagen('MS-SW 102'),
      'MS-SW 103': fuhrparkWagen('MS-SW 103'),
      'MS-SW 104': fuhrparkWagen('MS-SW 104'),
    },
  });

describe.each(testDrivers())('vehicle error messages on %s', (driver) => {
  let server: TestServer;
  let mitarbeiter: string;
  let fuhrpark: string;
  let freigabe: string;
  const autos = new Map<string, string>();
  let standortId = '';

  beforeAll(async () => {
    server = await startTestServer({ driver, seed: false });
    const ms = await musterstadt(server);
    [mitarbeiter, fuhrpark, freigabe] = await Promise.all([
      signInAs(server, ms.benutzer.mitarbeiter),
      signInAs(server, ms.benutzer.fuhrpark),
      signInAs(server, ms.benutzer.freigabe),
    ]);
    for (const [kennzeichen, id] of Object.entries(ms.fahrzeuge)) autos.set(kennzeichen, id);
    standortId = ms.standorte.nord;
    expect(standortId).not.toBe('');
  });
  afterAll(async () => {
    await server?.close();
  });

  /** The refused requests of the vehicle screens: who, what, and the code the answer must carry. */
  const faelle = (): [string, string, string, string, unknown, string][] => {
    const auto = autos.get('MS-SW 104')!;
    const buchung = { fahrzeugId: auto, von: at(6, '09:00'), bis: at(6, '10:00') };
    return [
      [
        'an unknown booking type',
        mitarbeiter,
        'POST',
        '/api/fahrzeug-buchungen',
        { ...buchung, typ: 'PARTY' },
        'typ.unbekannt',
      ],
      [
        'a booking without a vehicle id',
        mitarbeiter,
        'POST',
        '/api/fahrzeug-buchungen',
        { von: buchung.von, bis: buchung.bis },
        'validation.failed',
      ],
      [
        'a booking with words as times',
        mitarbeiter,
        'POST',
        '/api/fahrzeug-buchungen',
        { fahrzeugId: 'kein-auto', von: 'morgen', bis: 7 },
        'validation.failed',
      ],
      [
        'a booking with a line break in the occasion and 21 co-travellers',
        mitarbeiter,
        'POST',
        '/api/fahrzeug-buchungen',
        {
          ...buchung,
          anlass: 'a\nb',
          mitfahrer: Array.from({ length: 21 }, () => ({ name: 'X' })),
          freigeberIds: 'alle',
        },
        'validation.failed',
      ],
      [
        'a booking 400 days ahead',
        mitarbeiter,
        'POST',
        '/api/fahrzeug-buchungen',
        { fahrzeugId: auto, von: at(400, '09:00'), bis: at(400, '10:00') },
        'fahrzeug_buchung.zu_weit_im_voraus',
      ],
      [
        'a booking ending before it starts',
        mitarbeiter,
        'POST',
        '/api/fahrzeug-buchungen',
        { fahrzeugId: auto, von: at(6, '10:00'), bis: at(6, '09:00') },
        'fahrzeug_buchung.ende_vor_beginn',
      ],
      [
        'a search with a start but no end',
        mitarbeiter,
        'GET',
        `/api/fahrzeuge?von=${encodeURIComponent(buchung.von)}`,
        undefined,
        'validation.failed',
      ],
      [
        'a search for free cars without a period',
        mitarbeiter,
        'GET',
        '/api/fahrzeuge?nurFrei=true',
        undefined,
        'validation.failed',
      ],
      [
        'a search with a boolean that is none',
        mitarbeiter,
        'GET',
        '/api/fahrzeuge?nurFrei=vielleicht',
        undefined,
        'validation.failed',
      ],
      [
        'a timeline of 100 days',
        mitarbeiter,
        'GET',
        `/api/fahrzeuge/belegung?von=${encodeURIComponent(at(0, '00:00'))}&bis=${encodeURIComponent(at(100, '00:00'))}`,
        undefined,
        'validation.failed',
      ],
      [
        'a block of an unknown type',
        fuhrpark,
        'POST',
        '/api/fahrzeug-sperren',
        { fahrzeugId: auto, typ: 'PARTY', von: at(30, '08:00'), bis: at(30, '10:00') },
        'typ.unbekannt',
      ],
      [
        'a block preview of an unknown type',
        fuhrpark,
        'POST',
        '/api/fahrzeug-sperren/vorschau',
        { fahrzeugId: auto, typ: 'BUCHUNG', von: at(30, '08:00'), bis: at(30, '10:00') },
        'typ.unbekannt',
      ],
      [
        'a service-book entry of an unknown type and a due date on a repair',
        fuhrpark,
        'POST',
        `/api/fahrzeuge/${auto}/serviceheft`,
        { typ: 'PARTY', beschreibung: '', von: '31.12.2026' },
        'typ.unbekannt',
      ],
      [
        'a due date on a repair',
        fuhrpark,
        'POST',
        `/api/fahrzeuge/${auto}/serviceheft`,
        {
          typ: 'REPARATUR',
          beschreibung: 'Bremse',
          von: '2026-12-01',
          bis: '2026-11-01',
          naechsteFaelligkeit: '2027-12-01',
        },
        'validation.failed',
      ],
      [
        'a vehicle with 7 Uhr as booking time',
        fuhrpark,
        'POST',
        '/api/admin/fahrzeuge',
        {
          standortId,
          marke: 'M',
          modell: 'M',
          kennzeichen: 'MS-X 1',
          fuehrerscheinklasse: 'B',
          buchungszeitraumVon: '7 Uhr',
          buchungszeitraumBis: '19:00',
        },
        'zeit.ungueltig_wert',
      ],
      [
        'a vehicle with a validity ending before it starts and seats as text',
        fuhrpark,
        'POST',
        '/api/admin/fahrzeuge',
        {
          standortId,
          marke: 'M',
          modell: 'M',
          kennzeichen: 'MS-X 2',
          fuehrerscheinklasse: 'B',
          gueltigVon: '2027-01-02',
          gueltigBis: '2027-01-01',
          sitze: 'fünf',
        },
        'validation.failed',
      ],
      [
        'a rejection without a reason',
        freigabe,
        'POST',
        '/api/sonderfreigaben/6f1c2b7e-0d2a-4b8e-9c41-1f5a7d3e9b20/ablehnen',
        {},
        'validation.failed',
      ],
      [
        'a booking id that is no id',
        mitarbeiter,
        'POST',
        '/api/fahrzeug-buchungen/kein-id/storno',
        undefined,
        'validation.failed',
      ],
    ];
  };

  it('answers every refused vehicle request in German, with German field texts and no raw text', async () => {
    for (const [fall, cookie, method, path, body, code] of faelle()) {
      const response = await call(server, cookie, method, path, body);
      const { error } = (await response.json()) as ApiErrorBody;
      expect(error.code, fall).toBe(code);
      expect(response.status, fall).toBeLessThan(500);
      const texte = [error.message, ...Object.values(error.params).filter((v) => typeof v === 'string')];
      for (const text of texte as string[]) {
        expect(text, `${fall}: ${text}`).not.toMatch(ROH);
        expect(text, `${fall}: ${text}`).not.toMatch(ENGLISCH);
      }
    }
  });

  it("names the unknown type in the spec's words, for bookings and blocks alike", async () => {
    const auto = autos.get('MS-SW 104')!;
    const sperre = await call(server, fuhrpark, 'POST', '/api/fahrzeug-sperren', {
      fahrzeugId: auto,
      typ: 'PARTY',
      von: at(30, '08:00'),
      bis: at(30, '10:00'),
    });
    expect(sperre.status).toBe(400);
    const { error } = (await sperre.json()) as ApiErrorBody;
    expect(error.message).toBe('Typ PARTY unbekannt');
    expect(error.params['body.typ']).toBe(
      "Der Wert 'PARTY' ist nicht vorgesehen. Erlaubt: WARTUNG, SERVICE, DEFEKT.",
    );
    const zeit = await call(server, fuhrpark, 'POST', '/api/admin/fahrzeuge', {
      standortId,
      marke: 'M',
      modell: 'M',
      kennzeichen: 'MS-X 3',
      fuehrerscheinklasse: 'B',
      buchungszeitraumVon: '7 Uhr',
      buchungszeitraumBis: '19:00',
    });
    expect(((await zeit.json()) as ApiErrorBody).error.message).toBe(
      "Zeit zum setzen ist kein valider String. '7 Uhr' ist keine Uhrzeit im Format HH:mm (00:00 bis 23:59).",
    );
  });

  it('answers in English to users who chose English, without placeholders or raw text', async () => {
    for (const cookie of [mitarbeiter, fuhrpark, freigabe])
      expect(
        (await call(server, cookie, 'PUT', '/api/customizing/benutzer/Sprache', { value: 'en' })).status,
      ).toBe(200);
    for (const [fall, cookie, method, path, body, code] of faelle()) {
      const response = await fetch(`${server.baseUrl}${path}`, {
        method,
        headers: {
          origin: server.baseUrl,
          cookie,
          'accept-language': 'en',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const { error } = (await response.json()) as ApiErrorBody;
      expect(error.code, fall).toBe(code);
      if (code === 'typ.unbekannt') expect(error.message).toMatch(/^Unknown type /);
      for (const text of [error.message, ...Object.values(error.params).filter((v) => typeof v === 'string')])
        expect(String(text), `${fall}: ${text}`).not.toMatch(ROH);
    }
  });
});
