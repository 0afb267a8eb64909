/**
 * Erasing a person meets the lockers (decisions 235, 251), on both databases: a locker whose period is over but that
 * nobody emptied stays on the facility's clearing list without the person (and a running one ends now and joins
 * it), coming ones are cancelled and free, and the vendor's lock system is told `freigegeben` for every locker
 * that was not over, day lockers and coupled ones alike. Facility staff then clear the anonymous locker as usual.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PERMISSION_NAMES } from '@stellwerk/domain/permissions';
import type { TMeinSpind, TSpindFrei } from '@stellwerk/domain/leseraum/spind/api';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../../test/api-call.ts';
import { signInAs } from '../../../../test/fixtures/anmelden.ts';
import { fixtureMandant } from '../../../../test/fixtures/mandant.ts';
import { startTestServer, type TestServer, testDrivers } from '../../../../test/harness.ts';
import { spindBuchung } from './spind.table.ts';

const json = async <T>(response: Response): Promise<T> => {
  if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);
  return (await response.json()) as T;
};

/** Monday 23.11.2026, 07:00 in Berlin; the test moves this clock. */
const MONDAY_7 = new Date('2026-11-23T07:00:00+01:00');
const at = (day: string, time: string) => new Date(`${day}T${time}:00+01:00`);

const starteEmpfaenger = async () => {
  const empfangen: Record<string, unknown>[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => {
      body += c.toString('utf8');
    });
    req.on('end', () => {
      empfangen.push(JSON.parse(body) as Record<string, unknown>);
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    empfangen,
    url: `http://127.0.0.1:${port}/schloss`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

/**
 * A library whose offices have lockers: a reading room open on weekdays, its administrator, the facility staff (room
 * care) and the person who is erased.
 */
const beispielhausen = (server: TestServer) =>
  fixtureMandant(server.database, {
    name: 'Bibliothek Beispielhausen',
    domain: 'beispielhausen.example',
    features: { FahrzeugBuchung: false, Leseraum: true, Officelocker: true },
    standorte: { bibliothek: { name: 'Zentralbibliothek', bundesland: 'BY' } },
    rollen: {
      Mitarbeiter: [],
      Raumpflege: ['objekt_pflege', 'ausstattungs_pflege', 'auslastung_sehen'],
      Administration: PERMISSION_NAMES,
    },
    benutzer: {
      faktor: { vorname: 'Frieda', nachname: 'Kaiser', rollen: ['Mitarbeiter'] },
      fuhrpark: { vorname: 'Michael', nachname: 'Fischer', rollen: ['Raumpflege'] },
      admin: { vorname: 'Andreas', nachname: 'Schwarz', rollen: ['Administration'] },
    },
    grundrisse: {
      lesesaal: { standort: 'bibliothek', bezeichnung: 'Lesesaal Erdgeschoss', plaetze: ['Platz 01'] },
    },
  });

describe.each(testDrivers())('erasing a person with lockers on %s', (driver) => {
  let server: TestServer;
  let clock = MONDAY_7;
  let person: string;
  let personId: string;
  let admin: string;
  let facility: string;
  let standortId: string;
  let empfaenger: Awaited<ReturnType<typeof starteEmpfaenger>>;
  const ids: Record<'vorbei' | 'laeuft' | 'kommt' | 'gekoppelt' | 'geleert', string> = {
    vorbei: '',
    laeuft: '',
    kommt: '',
    gekoppelt: '',
    geleert: '',
  };

  const bucheTag = async (tag: string) =>
    (
      await json<{ id: string }>(
        await call(server, person, 'POST', '/api/spind-buchungen', { tag, standortId, groesse: 'M' }),
      )
    ).id;

  beforeAll(async () => {
    empfaenger = await starteEmpfaenger();
    server = await startTestServer({ driver, seed: false, now: () => clock });
    const bh = await beispielhausen(server);
    [person, admin, facility] = await Promise.all([
      signInAs(server, bh.benutzer.faktor),
      signInAs(server, bh.benutzer.admin),
      signInAs(server, bh.benutzer.fuhrpark),
    ]);
    personId = bh.benutzer.faktor.id;
    standortId = bh.standorte.bibliothek;
    await json(
      await call(server, facility, 'POST', '/api/spindbanken', {
        standortId,
        name: 'Löschbank',
        ort: null,
        anzahl: 6,
        groesse: 'M',
      }),
    );
    await json(await call(server, admin, 'PUT', '/api/customizing/mandant/SpindSchloss', { value: 'pin' }));
    ids.vorbei = await bucheTag('2026-11-23');
    ids.geleert = await bucheTag('2026-11-24');
    ids.laeuft = await bucheTag('2026-11-25');
    ids.kommt = await bucheTag('2026-11-27');
    const platz = await json<{ spind: { buchungId: string } }>(
      await call(server, person, 'POST', '/api/leseraum-buchungen', {
        modus: 'ganztags',
        leseraumId: bh.grundrisse.lesesaal.plaetze[0]!.id,
        tag: '2026-11-26',
        spind: true,
      }),
    );
    ids.gekoppelt = platz.spind.buchungId;
    // Tuesday evening: Tuesday's locker confirmed emptied, Monday's not
    clock = at('2026-11-24', '17:50');
    expect((await call(server, person, 'POST', `/api/mein-spind/${ids.geleert}/geleert`)).status).toBe(204);
    // Wednesday noon, the vendor's system from now on
    clock = at('2026-11-25', '12:00');
    for (const [name, value] of [
      ['SpindSchloss', 'http'],
      ['SpindSchlossUrl', empfaenger.url],
    ])
      await json(await call(server, admin, 'PUT', `/api/customizing/mandant/${name}`, { value }));
    const liste = await json<TMeinSpind[]>(await call(server, facility, 'GET', '/api/spinde-zu-raeumen'));
    expect(liste.map((l) => l.buchungId)).toEqual([ids.vorbei]);
  });
  afterAll(async () => {
    await server?.close();
    await empfaenger?.close();
  });

  it('keeps the lockers still to empty on the clearing list without the person, and frees the coming ones', async () => {
    const r = await call(server, admin, 'POST', `/api/benutzer/${personId}/loeschung`);
    expect(r.status).toBe(200);
    const bericht = (await r.json()) as {
      storniert: { spindBuchungen: number };
      kategorien: { id: string; behandlung: string; anzahl: number }[];
    };
    // running and coming; the coupled one went with its place booking (counted there) before
    expect(bericht.storniert.spindBuchungen).toBe(2);
    expect(bericht.kategorien.find((k) => k.id === 'spind_buchungen')).toMatchObject({
      behandlung: 'anonymisiert',
      anzahl: 5,
    });

    const zeilen = await server.database.db.select().from(spindBuchung);
    expect(zeilen.filter((z) => z.benutzerId === personId)).toEqual([]);
    const rest = new Map(zeilen.map((z) => [z.id, z]));
    // over and not emptied: stays, without the person and the PIN
    expect(rest.get(ids.vorbei)).toMatchObject({ benutzerId: null, pin: null, leerung: 'offen' });
    // running: ended now, waits to be emptied like any ended locker
    expect(rest.get(ids.laeuft)).toMatchObject({ benutzerId: null, pin: null, leerung: 'offen' });
    expect(rest.get(ids.laeuft)!.bis.toISOString()).toBe(clock.toISOString());
    // emptied, coming and coupled (not begun): gone
    for (const id of [ids.geleert, ids.kommt, ids.gekoppelt]) expect(rest.has(id)).toBe(false);

    const liste = await json<TMeinSpind[]>(await call(server, facility, 'GET', '/api/spinde-zu-raeumen'));
    expect(liste.map((l) => l.buchungId).sort()).toEqual([ids.vorbei, ids.laeuft].sort());
    expect(liste.every((l) => l.pin === null)).toBe(true);

    // the vendor heard the release of every locker that was not over, and nothing about the person
    const freigegeben = empfaenger.empfangen
      .filter((n) => n.ereignis === 'freigegeben')
      .map((n) => n.buchungId);
    expect(freigegeben.sort()).toEqual([ids.laeuft, ids.kommt, ids.gekoppelt].sort());
    expect(JSON.stringify(empfaenger.empfangen)).not.toMatch(/faktor|@|"pin"/i);

    // the coming day's locker is free again; the two awaiting emptying still hold theirs (free only once cleared)
    const frei = await json<TSpindFrei[]>(
      await call(server, facility, 'GET', `/api/spinde-frei?tag=2026-11-27&standortId=${standortId}`),
    );
    expect(frei).toHaveLength(4);
    const frei27 = frei.map((f) => f.spindId);
    for (const id of [ids.vorbei, ids.laeuft]) expect(frei27).not.toContain(rest.get(id)!.spindId);
  });

  it('facility staff clear the anonymous locker and it is free again', async () => {
    const belegtVorher = await json<TSpindFrei[]>(
      await call(server, facility, 'GET', `/api/spinde-frei?tag=2026-11-26&standortId=${standortId}`),
    );
    expect(belegtVorher).toHaveLength(4);
    for (const id of [ids.vorbei, ids.laeuft])
      expect((await call(server, facility, 'POST', `/api/spinde-zu-raeumen/${id}`)).status).toBe(204);
    expect(await json(await call(server, facility, 'GET', '/api/spinde-zu-raeumen'))).toEqual([]);
    const frei = await json<TSpindFrei[]>(
      await call(server, facility, 'GET', `/api/spinde-frei?tag=2026-11-26&standortId=${standortId}`),
    );
    expect(frei).toHaveLength(6);
    const [geraeumt] = await server.database.db
      .select()
      .from(spindBuchung)
      .where(eq(spindBuchung.id, ids.vorbei));
    expect(geraeumt).toMatchObject({ benutzerId: null, leerung: 'vom_facility_geraeumt' });
  });
});
