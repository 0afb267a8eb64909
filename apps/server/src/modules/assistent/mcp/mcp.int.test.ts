import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { PERMISSION_NAMES } from '@stellwerk/domain/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs } from '../../../../test/fixtures/anmelden.ts';
import {
  FUHRPARK_LEUTE,
  FUHRPARK_MANDANT,
  FUHRPARK_ROLLEN,
  fuhrparkWagen,
} from '../../../../test/fixtures/fuhrpark.ts';
import {
  BIBLIOTHEK_LEUTE,
  BIBLIOTHEK_MANDANT,
  BIBLIOTHEK_ROLLEN,
  lernraum,
  RATHAUS,
} from '../../../../test/fixtures/leseraum.ts';
import { fixtureMandant } from '../../../../test/fixtures/mandant.ts';
import { startTestServer, type TestServer, testDrivers } from '../../../../test/harness.ts';

/** The server's clock: Wednesday, 25.11.2026, 10:00 in Berlin. */
const JETZT = new Date('2026-11-25T10:00:00+01:00');

/**
 * The fleet tenant (German: the catalogue texts are asserted; lockers off) with the booker Lena, her colleague the
 * fleet manager, the administrator (audit, locker banks) and the platform administrator who switches the Chatbot and
 * the lockers; four cars with the demo's booking times (Monday to Friday 07:00–19:00); the reading room "Lernraum
 * Verwaltung", open Monday to Friday 08:00–18:00.
 */
const musterstadt = (server: TestServer) =>
  fixtureMandant(server.database, {
    ...FUHRPARK_MANDANT,
    standorte: { ...FUHRPARK_MANDANT.standorte, ...RATHAUS },
    rollen: { ...FUHRPARK_ROLLEN, Administration: PERMISSION_NAMES },
    benutzer: {
      ...FUHRPARK_LEUTE,
      admin: { vorname: 'Claudia', nachname: 'Wagner', rollen: ['Administration'] },
      plattform: { vorname: 'Petra', nachname: 'Brandt', plattformAdmin: true },
    },
    fahrzeuge: Object.fromEntries(
      ['MS-SW 101', 'MS-SW 102', 'MS-SW 103', 'MS-SW 104'].map((k) => [k, fuhrparkWagen(k)]),
    ),
    grundrisse: { lernraum: lernraum(3) },
  });

/** Another tenant, the library, with its room care. */
const beispielhausen = (server: TestServer) =>
  fixtureMandant(server.database, {
    ...BIBLIOTHEK_MANDANT,
    rollen: BIBLIOTHEK_ROLLEN,
    benutzer: { fuhrpark: BIBLIOTHEK_LEUTE.fuhrpark },
  });

type Ergebnis = { isError?: boolean; content: { type: string; text: string }[] };
type Antwort = {
  art: string;
  ausgefuehrt: boolean;
  zusammenfassung: string;
  fahrzeuge: { id: string }[];
  buchungen: { id: string }[];
  buchungId: string | null;
  fehler: { code: string; message: string } | null;
};
type Buchung = {
  id: string;
  von: string;
  bis: string;
  status: string;
  fahrzeug: { id: string };
  buchender: { id: string };
  fahrer: { id: string } | null;
};

describe.each(testDrivers())('the MCP server at /mcp on %s (decisions 226, 227)', (driver) => {
  let server: TestServer;
  let jetzt = JETZT;
  let booker: string;
  let kollegin: string;
  let fremd: string;
  let platform: string;
  let admin: string;
  const offen: Client[] = [];

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
  const token = async (cookie: string, recht: 'lesen' | 'buchen', gueltigBis = '2027-01-31') => {
    const { status, body } = await call(cookie, 'POST', '/api/zugriffstoken', {
      name: `Claude ${recht}`,
      recht,
      gueltigBis,
    });
    expect(status).toBe(201);
    return body as { id: string; token: string };
  };
  const verbinde = async (bearer: string) => {
    const client = new Client({ name: 'stellwerk-test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${server.baseUrl}/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${bearer}` } },
      }),
    );
    offen.push(client);
    return client;
  };
  const werkzeug = async (client: Client, name: string, args: Record<string, unknown> = {}) => {
    const ergebnis = (await client.callTool({ name, arguments: args })) as Ergebnis;
    // a tool that threw answers one text only: show it
    if (ergebnis.content.length < 2) throw new Error(ergebnis.content[0]?.text);
    return {
      isError: ergebnis.isError ?? false,
      text: ergebnis.content[0]!.text,
      antwort: JSON.parse(ergebnis.content[1]!.text) as Antwort,
    };
  };
  const eigene = async (cookie: string) =>
    (await call(cookie, 'GET', '/api/fahrzeug-buchungen?eigene=true')).body as Buchung[];
  const chatbotAn = async (cookie: string, platform: string, eingeschaltet = true) => {
    const me = (await call(cookie, 'GET', '/api/me')).body as { mandant: { id: string } };
    const mandanten = (await call(platform, 'GET', '/api/admin/mandanten')).body as {
      id: string;
      features: Record<string, boolean>;
    }[];
    const features = mandanten.find((m) => m.id === me.mandant.id)!.features;
    const an = await call(platform, 'PUT', `/api/admin/mandanten/${me.mandant.id}/features`, {
      ...features,
      Chatbot: eingeschaltet,
    });
    expect(an.status).toBe(200);
  };

  beforeAll(async () => {
    server = await startTestServer({ driver, now: () => jetzt, seed: false });
    const ms = await musterstadt(server);
    const bh = await beispielhausen(server);
    [booker, kollegin, fremd, platform, admin] = await Promise.all([
      signInAs(server, ms.benutzer.mitarbeiter),
      signInAs(server, ms.benutzer.fuhrpark),
      signInAs(server, bh.benutzer.fuhrpark),
      signInAs(server, ms.benutzer.plattform),
      signInAs(server, ms.benutzer.admin),
    ]);
    await chatbotAn(booker, platform);
    await chatbotAn(fremd, platform);
  });
  afterAll(async () => {
    for (const client of offen) await client.close();
    await server?.close();
  });

  it('lists the tools for a booking token', async () => {
    const client = await verbinde((await token(booker, 'buchen')).token);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([
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
    ]);
  });

  it('a dry run books nothing; confirmed, the car is booked as the screen books it', async () => {
    const client = await verbinde((await token(booker, 'buchen')).token);
    const frei = await werkzeug(client, 'find_free_cars', {
      start: '2026-11-26T09:00:00+01:00',
      end: '2026-11-26T12:00:00+01:00',
    });
    expect(frei.isError).toBe(false);
    const auto = frei.antwort.fahrzeuge[1]!.id;
    const vorher = await eigene(booker);
    const args = { start: '2026-11-26T09:00:00+01:00', end: '2026-11-26T12:00:00+01:00', vehicle_id: auto };
    const trocken = await werkzeug(client, 'book_car', args);
    expect(trocken.isError).toBe(false);
    expect(trocken.antwort.art).toBe('bestaetigen');
    expect(trocken.antwort.ausgefuehrt).toBe(false);
    expect(trocken.text).toContain('confirm: true');
    expect(await eigene(booker)).toEqual(vorher);

    const gebucht = await werkzeug(client, 'book_car', { ...args, confirm: true });
    expect(gebucht.isError).toBe(false);
    expect(gebucht.antwort.ausgefuehrt).toBe(true);
    const nachher = await eigene(booker);
    expect(nachher.length).toBe(vorher.length + 1);
    const zeile = nachher.find((b) => b.id === gebucht.antwort.buchungId)!;
    // the same car the screen booking uses, the next hours: both rows alike but for id and period
    const screen = await call(booker, 'POST', '/api/fahrzeug-buchungen', {
      fahrzeugId: auto,
      von: '2026-11-26T13:00:00+01:00',
      bis: '2026-11-26T15:00:00+01:00',
    });
    expect(screen.status).toBe(201);
    const ohne = ({ id: _i, von: _v, bis: _b, ...rest }: Buchung) => rest;
    expect(ohne(zeile)).toEqual(ohne((await eigene(booker)).find((b) => b.id === screen.body.id)!));
    expect(new Date(zeile.von).toISOString()).toBe('2026-11-26T08:00:00.000Z');
    expect(new Date(zeile.bis).toISOString()).toBe('2026-11-26T11:00:00.000Z');

    // changed and cancelled through the same operations
    const geaendert = await werkzeug(client, 'change_booking', {
      booking_id: zeile.id,
      start: '2026-11-27T09:00:00+01:00',
      end: '2026-11-27T11:00:00+01:00',
      confirm: true,
    });
    expect(geaendert.antwort.ausgefuehrt).toBe(true);
    const neu = (await eigene(booker)).find((b) => b.id === zeile.id)!;
    expect(new Date(neu.von).toISOString()).toBe('2026-11-27T08:00:00.000Z');
    const liste = await werkzeug(client, 'list_my_bookings');
    expect(liste.antwort.buchungen.map((b) => b.id)).toContain(zeile.id);
    const storniert = await werkzeug(client, 'cancel_booking', { booking_id: zeile.id, confirm: true });
    expect(storniert.antwort.ausgefuehrt).toBe(true);
    expect((await eigene(booker)).find((b) => b.id === zeile.id)?.status ?? 'storniert').toBe('storniert');
  });

  it('a reading token finds and lists, but cannot book: the catalogue refusal, no row', async () => {
    const client = await verbinde((await token(booker, 'lesen')).token);
    const vorher = await eigene(booker);
    const args = { start: '2026-11-30T09:00:00+01:00', end: '2026-11-30T10:00:00+01:00' };
    expect((await werkzeug(client, 'book_car', args)).antwort.art).toBe('bestaetigen');
    const ergebnis = (await client.callTool({
      name: 'book_car',
      arguments: { ...args, confirm: true },
    })) as Ergebnis;
    expect(ergebnis.isError).toBe(true);
    expect(ergebnis.content[0]!.text).toBe(
      'Dieser Zugriffstoken darf nur lesen. Zum Buchen, Ändern, Stornieren und Einchecken brauchen Sie einen Token mit dem Recht „Buchen“.',
    );
    expect(await eigene(booker)).toEqual(vorher);
    // the reads a reading token is for
    const regeln = await werkzeug(client, 'read_rules', { topic: 'rules' });
    expect(regeln.isError).toBe(false);
    expect(regeln.antwort.art).toBe('auskunft');
    expect(regeln.text).toMatch(/Fahrzeug|Platz/);
    const plaetze = await werkzeug(client, 'find_free_places', { date: '2026-11-26' });
    expect(plaetze.isError, plaetze.text).toBe(false);
    expect(plaetze.antwort.ausgefuehrt).toBe(false);
  });

  it("nobody sees or cancels another person's booking, in the tenant or from another tenant", async () => {
    const screen = await call(kollegin, 'POST', '/api/fahrzeug-buchungen', {
      fahrzeugId: (
        await werkzeug(await verbinde((await token(kollegin, 'lesen')).token), 'find_free_cars', {
          start: '2026-12-01T09:00:00+01:00',
          end: '2026-12-01T10:00:00+01:00',
        })
      ).antwort.fahrzeuge[0]!.id,
      von: '2026-12-01T09:00:00+01:00',
      bis: '2026-12-01T10:00:00+01:00',
    });
    expect(screen.status).toBe(201);
    for (const bearer of [(await token(booker, 'buchen')).token, (await token(fremd, 'buchen')).token]) {
      const client = await verbinde(bearer);
      const liste = await werkzeug(client, 'list_my_bookings');
      expect(liste.isError, liste.text).toBe(false);
      expect(liste.antwort.buchungen.map((b) => b.id)).not.toContain(screen.body.id);
      const storno = await werkzeug(client, 'cancel_booking', { booking_id: screen.body.id, confirm: true });
      expect(storno.isError).toBe(true);
      expect(storno.antwort.fehler?.code).toBe('assistent.keine_buchung');
    }
    expect((await eigene(kollegin)).find((b) => b.id === screen.body.id)?.status).not.toBe('storniert');
  });

  it('answers nothing while the tenant has the assistant (Chatbot) switched off: 403 with the catalogue text', async () => {
    const gueltig = await token(booker, 'buchen');
    await verbinde(gueltig.token);
    await chatbotAn(booker, platform, false);
    try {
      const aus = await fetch(`${server.baseUrl}/mcp`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${gueltig.token}`,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
      expect(aus.status).toBe(403);
      expect(((await aus.json()) as { error: { code: string } }).error.code).toBe(
        'zugriffstoken.chatbot_aus',
      );
      await expect(verbinde(gueltig.token)).rejects.toThrow(/nicht eingeschaltet/);
    } finally {
      await chatbotAn(booker, platform, true);
    }
    // switched on again, the same token works: the switch is read on every request
    await verbinde(gueltig.token);
  });

  it('refuses a missing, unknown, revoked or expired token with the catalogue text, and a session cookie alone', async () => {
    const ohne = await fetch(`${server.baseUrl}/mcp`, {
      method: 'POST',
      headers: {
        cookie: booker,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(ohne.status).toBe(401);
    expect(ohne.headers.get('www-authenticate')).toContain('Bearer');
    expect(((await ohne.json()) as { error: { code: string } }).error.code).toBe('zugriffstoken.ungueltig');
    await expect(verbinde(`stw_pat_${'x'.repeat(43)}`)).rejects.toThrow(/ungültig/);

    const widerrufen = await token(booker, 'buchen');
    expect((await call(booker, 'DELETE', `/api/zugriffstoken/${widerrufen.id}`)).status).toBe(204);
    await expect(verbinde(widerrufen.token)).rejects.toThrow(/widerrufen/);
    // another user cannot revoke it (it is not theirs)
    const fremdes = await token(booker, 'lesen');
    expect((await call(kollegin, 'DELETE', `/api/zugriffstoken/${fremdes.id}`)).status).toBe(404);

    const heute = await token(booker, 'buchen', '2026-11-25');
    await verbinde(heute.token);
    jetzt = new Date('2026-11-26T00:00:00+01:00');
    try {
      await expect(verbinde(heute.token)).rejects.toThrow(/abgelaufen/);
    } finally {
      jetzt = JETZT;
    }
  });

  it('tokens are listed without the token, and creating and revoking are audited', async () => {
    const neu = await token(booker, 'lesen');
    const liste = (await call(booker, 'GET', '/api/zugriffstoken')).body as Record<string, unknown>[];
    const eintrag = liste.find((t) => t.id === neu.id)!;
    expect(eintrag).toMatchObject({ name: 'Claude lesen', recht: 'lesen', abgelaufen: false });
    expect(eintrag.gueltigBis).toBe('2027-01-31T23:00:00.000Z');
    expect(JSON.stringify(liste)).not.toContain(neu.token);
    expect(neu.token.startsWith(eintrag.anfang as string)).toBe(true);
    expect(
      (
        await call(booker, 'POST', '/api/zugriffstoken', {
          name: 'x',
          recht: 'lesen',
          gueltigBis: '2027-11-26',
        })
      ).body.error.code,
    ).toBe('zugriffstoken.ablauf_ungueltig');
    expect((await call(booker, 'DELETE', `/api/zugriffstoken/${neu.id}`)).status).toBe(204);
    const protokoll = (await call(admin, 'GET', '/api/admin/protokoll?entity=zugriffstoken&limit=200'))
      .body as {
      items?: { action: string; entityId: string }[];
    };
    const aktionen = (protokoll.items ?? [])
      .filter((e) => e.entityId === neu.id)
      .map((e) => e.action)
      .sort();
    expect(aktionen).toEqual(['create', 'revoke']);
  });

  it('change_booking moves a place booking to another day; check_in checks in the current one', async () => {
    const client = await verbinde((await token(booker, 'buchen')).token);
    type Platz = { id: string; von: string; status: string };
    const plaetze = async () =>
      (await call(booker, 'GET', '/api/leseraum-buchungen?bereich=leseraum')).body as Platz[];
    const gebucht = await werkzeug(client, 'book_place', {
      date: '2026-12-02',
      area: 'leseraum',
      confirm: true,
    });
    expect(gebucht.isError, gebucht.text).toBe(false);
    const id = gebucht.antwort.buchungId!;
    const trocken = await werkzeug(client, 'change_booking', { booking_id: id, date: '2026-12-03' });
    expect(trocken.antwort.art).toBe('bestaetigen');
    const tagVon = async () => {
      const von = (await plaetze()).find((b) => b.id === id)!.von;
      return new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Berlin' }).format(new Date(von));
    };
    expect(await tagVon()).toBe('2026-12-02');
    const geaendert = await werkzeug(client, 'change_booking', {
      booking_id: id,
      date: '2026-12-03',
      confirm: true,
    });
    expect(geaendert.isError, geaendert.text).toBe(false);
    expect(geaendert.antwort.ausgefuehrt).toBe(true);
    expect(await tagVon()).toBe('2026-12-03');

    // today's place from 10:15, reserved on the screen: check_in names it, then checks in
    const heute = await werkzeug(client, 'book_place', {
      start: '2026-11-25T10:15:00+01:00',
      end: '2026-11-25T12:00:00+01:00',
      area: 'leseraum',
      confirm: true,
    });
    expect(heute.isError, heute.text).toBe(false);
    const heuteId = heute.antwort.buchungId!;
    expect((await call(booker, 'POST', `/api/leseraum-buchungen/${heuteId}/bestaetigen`)).status).toBe(200);
    const probe = await werkzeug(client, 'check_in', {});
    expect(probe.antwort.art).toBe('bestaetigen');
    expect(probe.antwort.buchungId).toBe(heuteId);
    expect((await plaetze()).find((b) => b.id === heuteId)!.status).not.toBe('durchgeführt');
    const ein = await werkzeug(client, 'check_in', { booking_id: heuteId, confirm: true });
    expect(ein.isError, ein.text).toBe(false);
    expect(ein.antwort.ausgefuehrt).toBe(true);
    expect((await plaetze()).find((b) => b.id === heuteId)!.status).toBe('durchgeführt');
  });

  it('lockers follow the Officelocker switch: book a day locker after a dry run and show my locker', async () => {
    const client = await verbinde((await token(booker, 'buchen')).token);
    // switched off (the default), the tools refuse with the assistant's words
    const aus = await werkzeug(client, 'show_my_locker');
    expect(aus.isError).toBe(true);
    expect(aus.antwort.fehler?.code).toBe('assistent.spinde_aus');

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
          Officelocker: true,
        })
      ).status,
    ).toBe(200);
    const standorte = (await call(admin, 'GET', '/api/spind-standorte')).body as {
      id: string;
      name: string;
    }[];
    const bank = await call(admin, 'POST', '/api/spindbanken', {
      standortId: standorte[0]!.id,
      name: 'Foyer',
      anzahl: 2,
      groesse: 'M',
    });
    expect(bank.status).toBe(201);

    expect((await werkzeug(client, 'show_my_locker')).antwort.zusammenfassung).toBe(
      'Sie haben zurzeit keinen Spind gebucht.',
    );
    const trocken = await werkzeug(client, 'book_locker', { date: '2026-11-26' });
    expect(trocken.isError, trocken.text).toBe(false);
    expect(trocken.antwort.art).toBe('bestaetigen');
    expect(trocken.text).toContain('Spind 1 in „Foyer“');
    expect((await call(booker, 'GET', '/api/mein-spind')).body).toEqual([]);
    const gebucht = await werkzeug(client, 'book_locker', { date: '2026-11-26', confirm: true });
    expect(gebucht.isError, gebucht.text).toBe(false);
    expect(gebucht.antwort.ausgefuehrt).toBe(true);
    const mein = (await call(booker, 'GET', '/api/mein-spind')).body as {
      buchungId: string;
      nummer: string;
    }[];
    expect(mein.map((m) => m.buchungId)).toEqual([gebucht.antwort.buchungId]);
    // the dry run named the locker the booking's own rule took
    expect(mein[0]!.nummer).toBe('1');
    const zeigen = await werkzeug(client, 'show_my_locker');
    expect(zeigen.antwort.zusammenfassung).toContain(`Spind ${mein[0]!.nummer} in „Foyer“`);
    // a reading token sees it, but cannot book one
    const lesend = await verbinde((await token(booker, 'lesen')).token);
    expect((await werkzeug(lesend, 'show_my_locker')).isError).toBe(false);
    const nein = (await lesend.callTool({ name: 'book_locker', arguments: { confirm: true } })) as Ergebnis;
    expect(nein.isError).toBe(true);
    // nobody else's locker: the colleague has none
    const andere = await verbinde((await token(kollegin, 'lesen')).token);
    expect((await werkzeug(andere, 'show_my_locker')).antwort.zusammenfassung).toBe(
      'Sie haben zurzeit keinen Spind gebucht.',
    );
  });

  it('allows 120 calls per token and minute; the 121st is refused with 429, another token still answers', async () => {
    const liste = (bearer: string, id: number) =>
      fetch(`${server.baseUrl}/mcp`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${bearer}`,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
        },
        body: JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/list' }),
      });
    const viel = (await token(booker, 'lesen')).token;
    const status: number[] = [];
    for (let i = 1; i <= 120; i++) {
      const r = await liste(viel, i);
      await r.body?.cancel();
      status.push(r.status);
    }
    expect(status.filter((s) => s === 200)).toHaveLength(120);
    const zuviel = await liste(viel, 121);
    expect(zuviel.status).toBe(429);
    expect(((await zuviel.json()) as { error: { code: string } }).error.code).toBe('auth.rate_limited');
    const andere = await liste((await token(booker, 'lesen')).token, 1);
    await andere.body?.cancel();
    expect(andere.status).toBe(200);
  });
});
