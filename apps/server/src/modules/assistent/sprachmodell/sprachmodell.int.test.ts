import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { PERMISSION_NAMES } from '@stellwerk/domain/permissions';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signInAs } from '../../../../test/fixtures/anmelden.ts';
import {
  FUHRPARK_LEUTE,
  FUHRPARK_MANDANT,
  FUHRPARK_ROLLEN,
  fuhrparkWagen,
} from '../../../../test/fixtures/fuhrpark.ts';
import { fixtureMandant } from '../../../../test/fixtures/mandant.ts';
import { startTestServer, type TestServer, testDrivers } from '../../../../test/harness.ts';

/** The server's clock: Wednesday, 25.11.2026, 10:00 in Berlin. */
const JETZT = new Date('2026-11-25T10:00:00+01:00');
const WERKZEUGE = [
  'book_car',
  'book_locker',
  'book_place',
  'cancel_booking',
  'change_booking',
  'check_in',
  'find_free_cars',
  'find_free_places',
  'list_my_bookings',
  'read_rules',
  'show_my_locker',
];

/**
 * The fleet tenant with the booker Lena (licensed), the administrator who switches the language model and reads the
 * audit, the platform administrator who switches the Chatbot on, and four cars at the depot with the demo's booking
 * times (Monday to Friday 07:00–19:00).
 */
const musterstadt = (server: TestServer) =>
  fixtureMandant(server.database, {
    ...FUHRPARK_MANDANT,
    rollen: { Mitarbeiter: FUHRPARK_ROLLEN.Mitarbeiter, Administration: PERMISSION_NAMES },
    benutzer: {
      mitarbeiter: FUHRPARK_LEUTE.mitarbeiter,
      admin: { vorname: 'Claudia', nachname: 'Wagner', rollen: ['Administration'] },
      plattform: { vorname: 'Petra', nachname: 'Brandt', plattformAdmin: true },
    },
    fahrzeuge: Object.fromEntries(
      ['MS-SW 101', 'MS-SW 102', 'MS-SW 103', 'MS-SW 104'].map((k) => [k, fuhrparkWagen(k)]),
    ),
  });

type Anfrage = { url: string; headers: IncomingHttpHeaders; body: Record<string, unknown>; roh: string };
type Nachricht = { role: string; content: string | null; tool_call_id?: string; tool_calls?: unknown[] };
type Antwort = {
  art: string;
  verstanden: string;
  ausgefuehrt: boolean;
  zusammenfassung: string;
  fahrzeuge: { id: string; bezeichnung: string }[];
  buchungen: { id: string }[];
  buchungId: string | null;
  werkzeug: { name: string; argumente: Record<string, unknown> } | null;
  fehler: { code: string } | null;
};
type Verhalten = { status?: number; json?: unknown; roh?: string; warten?: number };

/** An answer of the chat completions API: words, or tool calls. */
const worte = (content: string): Verhalten => ({
  json: { choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }] },
});
const rufe = (...calls: [string, Record<string, unknown>][]): Verhalten => ({
  json: {
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: null,
          tool_calls: calls.map(([name, args], i) => ({
            id: `call_${i}`,
            type: 'function',
            function: { name, arguments: JSON.stringify(args) },
          })),
        },
        finish_reason: 'tool_calls',
      },
    ],
  },
});

/**
 * The assistant with a language model (decision 248), against a local fake of an OpenAI-compatible endpoint that
 * records every request and answers from a script: what is sent, the tool calls run as the user, the confirmation in
 * the panel, the audit, and the built-in understanding when the model fails.
 */
describe.each(testDrivers())('the assistant with a language model on %s (decision 248)', (driver) => {
  let modell: Server;
  let modellUrl: string;
  const anfragen: Anfrage[] = [];
  let skript: Verhalten[] = [];
  let server: TestServer;
  let booker: string;
  let admin: string;

  const call = async (cookie: string, method: string, path: string, body?: unknown) => {
    const response = await fetch(`${server.baseUrl}${path}`, {
      method,
      headers: {
        origin: server.baseUrl,
        cookie,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  };
  const frage = async (body: Record<string, unknown>) => {
    const { status, body: antwort } = await call(booker, 'POST', '/api/assistent/ausfuehren', {
      bezug: JETZT.toISOString(),
      ...body,
    });
    expect(status, JSON.stringify(antwort)).toBe(200);
    return antwort as Antwort;
  };
  const eigene = async () =>
    (await call(booker, 'GET', '/api/fahrzeug-buchungen?eigene=true')).body as {
      id: string;
      von: string;
      bis: string;
      status: string;
    }[];
  const schalte = async (an: boolean) =>
    expect(
      (await call(admin, 'PUT', '/api/customizing/mandant/AssistentSprachmodell', { value: an })).status,
    ).toBe(200);

  beforeAll(async () => {
    modell = createServer((req, res) => {
      let roh = '';
      req.on('data', (c) => {
        roh += c;
      });
      req.on('end', () => {
        anfragen.push({ url: req.url ?? '', headers: req.headers, body: JSON.parse(roh), roh });
        const v = skript.shift() ?? { status: 500, json: { error: 'no script' } };
        const antworte = () => {
          if (res.destroyed) return;
          res.writeHead(v.status ?? 200, { 'content-type': 'application/json' });
          res.end(v.roh ?? JSON.stringify(v.json));
        };
        if (v.warten) setTimeout(antworte, v.warten);
        else antworte();
      });
    });
    await new Promise<void>((resolve) => modell.listen(0, '127.0.0.1', resolve));
    const address = modell.address();
    modellUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/v1`;
    server = await startTestServer({
      driver,
      now: () => JETZT,
      llm: { url: modellUrl, model: 'test-modell', apiKey: 'sk-test-schluessel', timeoutMs: 1500 },
      seed: false,
    });
    const ms = await musterstadt(server);
    booker = await signInAs(server, ms.benutzer.mitarbeiter);
    admin = await signInAs(server, ms.benutzer.admin);
    const platform = await signInAs(server, ms.benutzer.plattform);
    const me = (await call(booker, 'GET', '/api/me')).body as { mandant: { id: string } };
    const mandanten = (await call(platform, 'GET', '/api/admin/mandanten')).body as {
      id: string;
      features: Record<string, boolean>;
    }[];
    const features = mandanten.find((m) => m.id === me.mandant.id)!.features;
    expect(
      (
        await call(platform, 'PUT', `/api/admin/mandanten/${me.mandant.id}/features`, {
          ...features,
          Chatbot: true,
        })
      ).status,
    ).toBe(200);
  });
  beforeEach(() => {
    anfragen.length = 0;
    skript = [];
  });
  afterAll(async () => {
    await server?.close();
    modell?.closeAllConnections();
    await new Promise((resolve) => modell?.close(resolve));
  });

  it('sends nothing while the tenant has the language model switched off', async () => {
    await schalte(false);
    const antwort = await frage({ text: 'Ich brauche morgen von 9 bis 12 ein Auto' });
    expect(antwort.verstanden).toBe('eingebaut');
    expect(antwort.art).toBe('bestaetigen');
    expect(anfragen).toEqual([]);
    await schalte(true);
  });

  it('sends only the text, the time and the tools; the model’s booking is a dry run until the user confirms it', async () => {
    const text = 'Kannst du mir für morgen Vormittag, 9 bis 12, einen Wagen besorgen?';
    const args = { start: '2026-11-26T09:00:00+01:00', end: '2026-11-26T12:00:00+01:00' };
    skript = [rufe(['book_car', args])];
    const vorher = await eigene();
    const antwort = await frage({ text });
    expect(antwort.verstanden).toBe('sprachmodell');
    expect(antwort.art).toBe('bestaetigen');
    expect(antwort.ausgefuehrt).toBe(false);
    expect(antwort.werkzeug).toEqual({ name: 'book_car', argumente: args });
    expect(antwort.fahrzeuge.length).toBeGreaterThan(0);
    expect(await eigene()).toEqual(vorher);

    // exactly what went to the model
    expect(anfragen).toHaveLength(1);
    const [gesendet] = anfragen;
    expect(gesendet!.url).toBe('/v1/chat/completions');
    expect(gesendet!.headers.authorization).toBe('Bearer sk-test-schluessel');
    expect(Object.keys(gesendet!.body).sort()).toEqual([
      'messages',
      'model',
      'temperature',
      'tool_choice',
      'tools',
    ]);
    expect(gesendet!.body.model).toBe('test-modell');
    const nachrichten = gesendet!.body.messages as Nachricht[];
    expect(nachrichten.map((n) => n.role)).toEqual(['system', 'user']);
    expect(nachrichten[1]!.content).toBe(text);
    expect(nachrichten[0]!.content).toContain('Wednesday, 2026-11-25T10:00:00+01:00');
    const tools = gesendet!.body.tools as {
      type: string;
      function: { name: string; parameters: { properties: Record<string, unknown> } };
    }[];
    expect(tools.map((t) => t.function.name).sort()).toEqual(WERKZEUGE);
    expect(
      tools.every((t) => t.type === 'function' && !('confirm' in t.function.parameters.properties)),
    ).toBe(true);
    // nothing of the tenant: no name, mail address, location, car or booking
    const me = (await call(booker, 'GET', '/api/me')).body as {
      user: { id: string; email: string; vorname: string; nachname: string };
      mandant: { id: string; name: string };
    };
    const autos = (await call(booker, 'GET', '/api/fahrzeuge')).body as {
      kennzeichen: string;
      standort?: { name: string } | null;
    }[];
    const verboten = [
      me.user.id,
      me.user.email,
      me.user.nachname,
      me.mandant.id,
      me.mandant.name,
      'Musterstadt',
      ...autos.flatMap((a) => [a.kennzeichen, ...(a.standort ? [a.standort.name] : [])]),
      ...antwort.fahrzeuge.map((f) => f.id),
    ];
    expect(autos.length).toBeGreaterThan(0);
    for (const wort of verboten) expect(gesendet!.roh).not.toContain(wort);

    // the user's "Ja": the same tool call, confirmed; the model is not asked again
    const gebucht = await frage({ text, bestaetigt: true, werkzeug: antwort.werkzeug });
    expect(gebucht.ausgefuehrt).toBe(true);
    expect(gebucht.werkzeug).toBeNull();
    expect(anfragen).toHaveLength(1);
    const zeile = (await eigene()).find((b) => b.id === gebucht.buchungId)!;
    expect(new Date(zeile.von).toISOString()).toBe('2026-11-26T08:00:00.000Z');
    expect(new Date(zeile.bis).toISOString()).toBe('2026-11-26T11:00:00.000Z');

    // both tool calls are in the audit, with the user and the booking
    const protokoll = (await call(admin, 'GET', '/api/admin/protokoll?entity=assistent.werkzeug&limit=200'))
      .body as { items: { action: string; entityId: string | null; newValue: { werkzeug: string } }[] };
    const eintraege = protokoll.items.filter((e) => e.newValue.werkzeug === 'book_car');
    expect(eintraege.map((e) => e.action).sort()).toEqual(['bestaetigt', 'sprachmodell']);
    expect(eintraege.find((e) => e.action === 'bestaetigt')!.entityId).toBe(gebucht.buchungId);
  });

  it('answers a read with the tool result and the model’s words; a tool call the model may not make is refused to it', async () => {
    skript = [
      rufe([
        'book_car',
        { start: '2026-11-27T09:00:00+01:00', end: '2026-11-27T10:00:00+01:00', confirm: true },
      ]),
      rufe(['list_my_bookings', {}]),
      worte('Sie haben morgen einen Wagen von 9 bis 12 Uhr.'),
    ];
    const vorher = await eigene();
    const antwort = await frage({ text: 'Was steht bei mir an?' });
    expect(antwort.verstanden).toBe('sprachmodell');
    expect(antwort.art).toBe('auskunft');
    expect(antwort.zusammenfassung).toBe('Sie haben morgen einen Wagen von 9 bis 12 Uhr.');
    expect(antwort.buchungen.length).toBeGreaterThan(0);
    expect(await eigene()).toEqual(vorher);
    expect(anfragen).toHaveLength(3);
    // the confirm the model tried is not an argument of its tools: refused to the model, nothing booked
    const zweite = anfragen[1]!.body.messages as Nachricht[];
    expect(zweite.map((n) => n.role)).toEqual(['system', 'user', 'assistant', 'tool']);
    expect(zweite[3]!.tool_call_id).toBe('call_0');
    expect(zweite[3]!.content).toMatch(/^Invalid arguments/);
    // the read's result goes back to the model: the user's own bookings, nothing more
    const dritte = anfragen[2]!.body.messages as Nachricht[];
    expect(dritte.map((n) => n.role)).toEqual(['system', 'user', 'assistant', 'tool', 'assistant', 'tool']);
    for (const b of antwort.buchungen) expect(dritte[5]!.content).toContain(b.id);
  });

  it('answers with the built-in understanding when the model fails, answers garbage or takes too long', async () => {
    for (const v of [
      { status: 500, json: { error: 'kaputt' } },
      { roh: 'kein json' },
      { json: { choices: [] } },
      { ...worte('zu spät'), warten: 3000 },
    ] satisfies Verhalten[]) {
      skript = [v];
      const antwort = await frage({ text: 'Ich brauche übermorgen von 9 bis 12 ein Auto' });
      expect(antwort.verstanden).toBe('ersatz');
      expect(antwort.art).toBe('bestaetigen');
      expect(antwort.werkzeug).toBeNull();
      expect(antwort.fahrzeuge.length).toBeGreaterThan(0);
    }
    expect(anfragen).toHaveLength(4);
  });

  it('never sends a question about other people, and refuses a tool call it does not know', async () => {
    const antwort = await frage({ text: 'Wo sitzt Frau Müller morgen?' });
    expect(antwort.fehler?.code).toBe('assistent.fremde_personen');
    expect(anfragen).toEqual([]);
    const falsch = await call(booker, 'POST', '/api/assistent/ausfuehren', {
      text: 'Auto',
      bestaetigt: true,
      werkzeug: { name: 'book_car', argumente: { start: 'morgen' } },
    });
    expect(falsch.status).toBe(400);
    expect(falsch.body.error.code).toBe('validation.failed');
    const unbekannt = await call(booker, 'POST', '/api/assistent/ausfuehren', {
      text: 'Auto',
      bestaetigt: true,
      werkzeug: { name: 'delete_everything', argumente: {} },
    });
    expect(unbekannt.status).toBe(400);
  });
});
