import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TBelegung, TGrundrissKurz } from '@stellwerk/domain/leseraum/leseraum-buchung/api';
import type { TMeinSpind, TSpindbank } from '@stellwerk/domain/leseraum/spind/api';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../../test/api-call.ts';
import { signInAs } from '../../../../test/fixtures/anmelden.ts';
import {
  BIBLIOTHEK_LEUTE,
  BIBLIOTHEK_MANDANT,
  BIBLIOTHEK_ROLLEN,
  lesesaal,
} from '../../../../test/fixtures/leseraum.ts';
import { fixtureMandant } from '../../../../test/fixtures/mandant.ts';
import { startTestServer, type TestServer, testDrivers } from '../../../../test/harness.ts';
import { auditLog } from '../../plattform/audit/audit.public.ts';
import { mailOutbox } from '../../plattform/mail/mail.public.ts';
import { spindBuchung } from './spind.table.ts';

const json = async <T>(response: Response): Promise<T> => {
  if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);
  return (await response.json()) as T;
};

/** Monday 23.11.2026, 07:00 in Berlin; the tests move this clock. */
const MONDAY_7 = new Date('2026-11-23T07:00:00+01:00');
const at = (day: string, time: string) => new Date(`${day}T${time}:00+01:00`);

/**
 * The library with lockers switched on and no lock adapter set (the default `keins`): the readers Anna Schulz and
 * Frieda Kaiser (whose names must not reach the vendor), the room care who sets up the locker bank, the
 * administrator who chooses the adapter, and the reading room with the places the tests book with a locker.
 */
const beispielhausen = (server: TestServer) =>
  fixtureMandant(server.database, {
    ...BIBLIOTHEK_MANDANT,
    features: { ...BIBLIOTHEK_MANDANT.features, Officelocker: true },
    rollen: BIBLIOTHEK_ROLLEN,
    benutzer: {
      mitarbeiter: BIBLIOTHEK_LEUTE.mitarbeiter,
      faktor: BIBLIOTHEK_LEUTE.faktor,
      admin: BIBLIOTHEK_LEUTE.admin,
      fuhrpark: BIBLIOTHEK_LEUTE.fuhrpark,
    },
    grundrisse: { lesesaal: lesesaal(13) },
  });

type Empfangen = { methode: string; typ: string; body: string };

/** A vendor's lock system on a free local port that keeps what it receives. */
const starteEmpfaenger = async (status = 204) => {
  const empfangen: Empfangen[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => {
      body += c.toString('utf8');
    });
    req.on('end', () => {
      empfangen.push({ methode: req.method ?? '', typ: req.headers['content-type'] ?? '', body });
      res.writeHead(status).end();
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

describe.each(testDrivers())('the lock adapter of lockers on %s', (driver) => {
  let server: TestServer;
  let clock = MONDAY_7;
  let mitarbeiter: string;
  let faktor: string;
  let admin: string;
  let mandantId: string;
  let standortId: string;
  let belegung: TBelegung;
  let empfaenger: Awaited<ReturnType<typeof starteEmpfaenger>>;

  const setze = (name: string, value: unknown) =>
    call(server, admin, 'PUT', `/api/customizing/mandant/${name}`, { value });
  const zeilen = async () =>
    server.database.db.select().from(spindBuchung).where(eq(spindBuchung.mandantId, mandantId));
  const nachrichten = () =>
    empfangen().map((e) => JSON.parse(e.body) as Record<string, unknown> & { ereignis: string });
  const empfangen = () => empfaenger.empfangen;

  beforeAll(async () => {
    empfaenger = await starteEmpfaenger();
    server = await startTestServer({ driver, now: () => clock, seed: false });
    const bh = await beispielhausen(server);
    let raumpflege: string;
    [mitarbeiter, faktor, admin, raumpflege] = await Promise.all([
      signInAs(server, bh.benutzer.mitarbeiter),
      signInAs(server, bh.benutzer.faktor),
      signInAs(server, bh.benutzer.admin),
      signInAs(server, bh.benutzer.fuhrpark),
    ]);
    mandantId = bh.id;
    const plan = (
      await json<TGrundrissKurz[]>(await call(server, mitarbeiter, 'GET', '/api/grundrisse?bereich=leseraum'))
    )[0]!;
    belegung = await json<TBelegung>(
      await call(server, mitarbeiter, 'GET', `/api/grundrisse/${plan.id}/belegung?tag=2026-11-24`),
    );
    standortId = plan.standort!.id;
    await json<TSpindbank>(
      await call(server, raumpflege, 'POST', '/api/spindbanken', {
        standortId,
        name: 'Schlossbank',
        ort: null,
        anzahl: 8,
        groesse: 'M',
      }),
    );
  });
  afterAll(async () => {
    await server?.close();
    await empfaenger?.close();
  });

  const seat = (n: number) =>
    belegung.plaetze.find((p) => p.bezeichnung === `Platz ${String(n).padStart(2, '0')}`)!;
  const bucheTag = (cookie: string, tag: string) =>
    call(server, cookie, 'POST', '/api/spind-buchungen', { tag, standortId, groesse: 'M' });

  it('keins (the default): no PIN is stored or shown, the answer says how the locker opens', async () => {
    expect((await bucheTag(mitarbeiter, '2026-11-24')).status).toBe(201);
    expect((await zeilen()).every((z) => z.pin === null)).toBe(true);
    clock = at('2026-11-24', '09:00');
    const meine = await json<TMeinSpind[]>(await call(server, mitarbeiter, 'GET', '/api/mein-spind'));
    expect(meine).toHaveLength(1);
    expect(meine[0]).toMatchObject({ pin: null, schloss: 'keins' });
    clock = MONDAY_7;
    expect(empfangen()).toEqual([]);
  });

  it('pin: a PIN per booking, shown to its owner on the day only, never in the outbox', async () => {
    expect((await setze('SpindSchloss', 'pin')).status).toBe(200);
    expect((await bucheTag(faktor, '2026-11-25')).status).toBe(201);
    const vorher = await json<TMeinSpind[]>(await call(server, faktor, 'GET', '/api/mein-spind'));
    expect(vorher[0]).toMatchObject({ pin: null, schloss: 'pin' });
    clock = at('2026-11-25', '09:00');
    const amTag = await json<TMeinSpind[]>(await call(server, faktor, 'GET', '/api/mein-spind'));
    expect(amTag[0]!.pin).toMatch(/^[0-9]{6}$/);
    const mails = await server.database.db.select().from(mailOutbox);
    expect(JSON.stringify(mails)).not.toContain(amTag[0]!.pin!);
    clock = MONDAY_7;
  });

  it('refuses an address that is not http or https, or carries credentials', async () => {
    for (const falsch of [
      'ftp://schloss.example/x',
      'javascript:alert(1)',
      'http://a:b@schloss.example/',
      'schloss',
    ])
      expect((await setze('SpindSchlossUrl', falsch)).status).toBe(400);
    expect((await setze('SpindSchloss', 'tuer')).status).toBe(400);
  });

  it('http: booking, move and release reach the vendor with the documented body and no PIN or name', async () => {
    expect((await setze('SpindSchloss', 'http')).status).toBe(200);
    expect((await setze('SpindSchlossUrl', empfaenger.url)).status).toBe(200);
    // a day locker
    const tag = await json<{ id: string; spindId: string }>(await bucheTag(faktor, '2026-11-27'));
    await expect.poll(() => nachrichten().length).toBe(1);
    // a locker coupled to a place booking, moved, then given back by the cancellation
    const platz = await json<{ id: string }>(
      await call(server, mitarbeiter, 'POST', '/api/leseraum-buchungen', {
        modus: 'ganztags',
        leseraumId: seat(11).id,
        tag: '2026-11-26',
        spind: true,
      }),
    );
    await expect.poll(() => nachrichten().length).toBe(2);
    await json(
      await call(server, mitarbeiter, 'PUT', `/api/leseraum-buchungen/${platz.id}`, {
        modus: 'stuendlich',
        von: at('2026-11-26', '10:00').toISOString(),
        bis: at('2026-11-26', '12:00').toISOString(),
      }),
    );
    await expect.poll(() => nachrichten().length).toBe(3);
    await json(await call(server, mitarbeiter, 'POST', `/api/leseraum-buchungen/${platz.id}/storno`, {}));
    await expect.poll(() => nachrichten().length).toBe(4);

    const [gebucht, gekoppelt, verschoben, freigegeben] = nachrichten();
    expect(empfangen().every((e) => e.methode === 'POST' && e.typ === 'application/json')).toBe(true);
    expect(gebucht).toEqual({
      ereignis: 'gebucht',
      mandant: mandantId,
      spindbank: 'Schlossbank',
      spind: { id: tag.spindId, nummer: expect.any(String) },
      von: expect.any(String),
      bis: expect.any(String),
      buchungId: tag.id,
    });
    expect(gekoppelt).toMatchObject({ ereignis: 'gebucht', spindbank: 'Schlossbank' });
    expect(verschoben).toMatchObject({
      ereignis: 'verschoben',
      von: at('2026-11-26', '10:00').toISOString(),
      bis: at('2026-11-26', '12:00').toISOString(),
      vorherigeBuchungId: gekoppelt!.buchungId,
    });
    expect(freigegeben).toMatchObject({ ereignis: 'freigegeben', buchungId: verschoben!.buchungId });
    for (const n of nachrichten())
      expect(Object.keys(n).sort()).toEqual(
        ['bis', 'buchungId', 'ereignis', 'mandant', 'spind', 'spindbank', 'von']
          .concat(n.ereignis === 'verschoben' ? ['vorherigeBuchungId'] : [])
          .sort(),
      );
    const roh = empfangen()
      .map((e) => e.body)
      .join('\n');
    expect(roh).not.toMatch(/"pin"|@|Schulz|Kaiser|Anna|Frieda/i);
    // no PIN is stored with http either
    const neue = await zeilen();
    expect(neue.filter((z) => z.von >= at('2026-11-26', '00:00')).every((z) => z.pin === null)).toBe(true);
    clock = at('2026-11-27', '09:00');
    const meine = await json<TMeinSpind[]>(await call(server, faktor, 'GET', '/api/mein-spind'));
    expect(meine.find((m) => m.buchungId === tag.id)).toMatchObject({ pin: null, schloss: 'http' });
    clock = MONDAY_7;
  });

  it('an unreachable lock system does not fail the booking; the failure is audited', async () => {
    const weg = await starteEmpfaenger();
    await weg.close();
    expect((await setze('SpindSchlossUrl', weg.url)).status).toBe(200);
    const antwort = await bucheTag(mitarbeiter, '2026-11-30');
    expect(antwort.status).toBe(201);
    const { id } = (await antwort.json()) as { id: string };
    const fehler = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'spind_buchung'), eq(auditLog.action, 'schloss_fehler')));
    expect(fehler.map((f) => f.entityId)).toContain(id);
    expect((await zeilen()).find((z) => z.id === id)?.status).toBe('gebucht');
    // the coupled locker: the place booking goes through, the failure is audited after it
    const platz = await json<{ spind: { buchungId: string } }>(
      await call(server, mitarbeiter, 'POST', '/api/leseraum-buchungen', {
        modus: 'ganztags',
        leseraumId: seat(12).id,
        tag: '2026-11-30',
        spind: true,
      }),
    );
    await expect
      .poll(async () =>
        (
          await server.database.db
            .select()
            .from(auditLog)
            .where(and(eq(auditLog.entity, 'spind_buchung'), eq(auditLog.action, 'schloss_fehler')))
        ).map((f) => f.entityId),
      )
      .toContain(platz.spind.buchungId);
  });

  it('a refused release of a coupled locker is audited, and the release stands', async () => {
    const stoerung = await starteEmpfaenger(503);
    try {
      expect((await setze('SpindSchlossUrl', stoerung.url)).status).toBe(200);
      const platz = await json<{ id: string; spind: { buchungId: string } }>(
        await call(server, mitarbeiter, 'POST', '/api/leseraum-buchungen', {
          modus: 'ganztags',
          leseraumId: seat(13).id,
          tag: '2026-12-01',
          spind: true,
        }),
      );
      await expect.poll(() => stoerung.empfangen.length).toBe(1);
      await json(await call(server, mitarbeiter, 'POST', `/api/leseraum-buchungen/${platz.id}/storno`, {}));
      await expect.poll(() => stoerung.empfangen.length).toBe(2);
      expect(JSON.parse(stoerung.empfangen[1]!.body)).toMatchObject({
        ereignis: 'freigegeben',
        buchungId: platz.spind.buchungId,
      });
      const fehlerDerFreigabe = async () =>
        (
          await server.database.db
            .select()
            .from(auditLog)
            .where(
              and(
                eq(auditLog.entity, 'spind_buchung'),
                eq(auditLog.action, 'schloss_fehler'),
                eq(auditLog.entityId, platz.spind.buchungId),
              ),
            )
        ).map((a) => a.newValue as { ereignis: string; fehler: string });
      await expect
        .poll(fehlerDerFreigabe)
        .toContainEqual(expect.objectContaining({ ereignis: 'freigegeben', fehler: 'HTTP 503' }));
      // the locker is released in Stellwerk all the same: cancelled and free again for the day
      const freigegeben = (await zeilen()).find((z) => z.id === platz.spind.buchungId);
      expect(freigegeben?.status).toBe('storniert');
      const frei = await json<{ spindId: string }[]>(
        await call(server, mitarbeiter, 'GET', `/api/spinde-frei?tag=2026-12-01&standortId=${standortId}`),
      );
      expect(frei.map((f) => f.spindId)).toContain(freigegeben!.spindId);
    } finally {
      await stoerung.close();
    }
  });
});
