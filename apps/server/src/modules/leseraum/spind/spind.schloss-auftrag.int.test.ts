/**
 * The retry of releases the vendor's lock system did not take (decision 250), on both databases: a locker coupled
 * to a place booking that the lapse job ends is released in Stellwerk at once; the vendor refuses the release, the
 * job `spind.schloss` sends it again after the wait (moved clock) and stops once the vendor takes it. A vendor that
 * never takes it makes the job give up after the last attempt, audited and shown to facility staff, who can send
 * it once more.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PERMISSION_NAMES } from '@stellwerk/domain/permissions';
import type { TSpindSchlossAuftrag } from '@stellwerk/domain/leseraum/spind/api';
import { SCHLOSS_VERSUCHE_MAX } from '@stellwerk/domain/leseraum/spind/regeln';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../../test/api-call.ts';
import { signInAs } from '../../../../test/fixtures/anmelden.ts';
import { fixtureMandant } from '../../../../test/fixtures/mandant.ts';
import { startTestServer, type TestServer, testDrivers } from '../../../../test/harness.ts';
import { createJobRunner } from '../../../jobs/scheduler.ts';
import { auditLog } from '../../plattform/audit/audit.public.ts';
import { leseraumBuchungJobs } from '../leseraum-buchung/leseraum-buchung.jobs.ts';
import { spindJobs } from './spind.jobs.ts';
import { spindBuchung } from './spind.table.ts';

const json = async <T>(response: Response): Promise<T> => {
  if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);
  return (await response.json()) as T;
};

/** Monday 23.11.2026, 07:00 in Berlin; the tests move this clock. */
const MONDAY_7 = new Date('2026-11-23T07:00:00+01:00');
const at = (day: string, time: string) => new Date(`${day}T${time}:00+01:00`);

/** A vendor's lock system on a free local port whose answer the test switches. */
const starteEmpfaenger = async () => {
  const empfangen: Record<string, unknown>[] = [];
  const zustand = { status: 503 };
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => {
      body += c.toString('utf8');
    });
    req.on('end', () => {
      empfangen.push(JSON.parse(body) as Record<string, unknown>);
      res.writeHead(zustand.status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    empfangen,
    zustand,
    url: `http://127.0.0.1:${port}/schloss`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

/**
 * A library whose offices have lockers: a reading room open on weekdays with the two places the tests book, its
 * administrator, the facility staff (room care) and a booker.
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
      mitarbeiter: { vorname: 'Anna', nachname: 'Schulz', rollen: ['Mitarbeiter'] },
      fuhrpark: { vorname: 'Michael', nachname: 'Fischer', rollen: ['Raumpflege'] },
      admin: { vorname: 'Andreas', nachname: 'Schwarz', rollen: ['Administration'] },
    },
    grundrisse: {
      lesesaal: {
        standort: 'bibliothek',
        bezeichnung: 'Lesesaal Erdgeschoss',
        plaetze: ['Platz 11', 'Platz 12'],
      },
    },
  });

describe.each(testDrivers())('release orders to the lock system on %s', (driver) => {
  let server: TestServer;
  let clock = MONDAY_7;
  let mitarbeiter: string;
  let admin: string;
  let facility: string;
  let plaetze: { id: string; bezeichnung: string }[];
  let empfaenger: Awaited<ReturnType<typeof starteEmpfaenger>>;

  const jobs = () => [
    ...leseraumBuchungJobs({ publicUrl: 'http://stellwerk.test' }),
    ...spindJobs({ publicUrl: 'http://stellwerk.test' }),
  ];
  const laufe = (now: Date) => createJobRunner({ database: server.database }).runAll(jobs(), now);
  const auftraege = async () =>
    json<TSpindSchlossAuftrag[]>(await call(server, facility, 'GET', '/api/spind-schloss-auftraege'));
  const freigaben = () => empfaenger.empfangen.filter((n) => n.ereignis === 'freigegeben');
  const audit = async (action: string, entityId: string) =>
    (
      await server.database.db
        .select()
        .from(auditLog)
        .where(
          and(
            eq(auditLog.entity, 'spind_buchung'),
            eq(auditLog.action, action),
            eq(auditLog.entityId, entityId),
          ),
        )
    ).map((a) => a.newValue as { ereignis: string; fehler: string; versuche: number });
  const seat = (n: number) => plaetze.find((p) => p.bezeichnung === `Platz ${String(n).padStart(2, '0')}`)!;
  const bucheMitSpind = async (n: number, tag: string) =>
    json<{ id: string; spind: { buchungId: string } }>(
      await call(server, mitarbeiter, 'POST', '/api/leseraum-buchungen', {
        modus: 'ganztags',
        leseraumId: seat(n).id,
        tag,
        spind: true,
      }),
    );

  beforeAll(async () => {
    empfaenger = await starteEmpfaenger();
    server = await startTestServer({ driver, seed: false, now: () => clock });
    const bh = await beispielhausen(server);
    [mitarbeiter, admin, facility] = await Promise.all([
      signInAs(server, bh.benutzer.mitarbeiter),
      signInAs(server, bh.benutzer.admin),
      signInAs(server, bh.benutzer.fuhrpark),
    ]);
    plaetze = bh.grundrisse.lesesaal.plaetze;
    await json(
      await call(server, facility, 'POST', '/api/spindbanken', {
        standortId: bh.standorte.bibliothek,
        name: 'Wiederholbank',
        ort: null,
        anzahl: 4,
        groesse: 'M',
      }),
    );
    for (const [name, value] of [
      ['SpindSchloss', 'http'],
      ['SpindSchlossUrl', empfaenger.url],
    ])
      await json(await call(server, admin, 'PUT', `/api/customizing/mandant/${name}`, { value }));
  });
  afterAll(async () => {
    await server?.close();
    await empfaenger?.close();
  });

  it('the lapse job releases the locker; a refused release is sent again after the wait until it is taken', async () => {
    const platz = await bucheMitSpind(11, '2026-11-24');
    const spindBuchungId = platz.spind.buchungId;
    await expect.poll(() => empfaenger.empfangen.length).toBe(1); // 'gebucht', refused (audited, not retried)

    // nobody checked in: the lapse job ends the place booking and its running locker in one transaction
    clock = at('2026-11-24', '11:00');
    await laufe(clock);
    const [zeile] = await server.database.db
      .select()
      .from(spindBuchung)
      .where(eq(spindBuchung.id, spindBuchungId));
    expect(zeile).toMatchObject({ status: 'gebucht', leerung: 'offen' });
    expect(zeile!.bis.toISOString()).toBe(clock.toISOString());
    expect(freigaben()).toHaveLength(1);
    expect(freigaben()[0]).toMatchObject({ buchungId: spindBuchungId });
    const [offen] = await auftraege();
    expect(offen).toMatchObject({
      buchungId: spindBuchungId,
      status: 'offen',
      versuche: 1,
      letzterFehler: 'HTTP 503',
      naechsterVersuch: at('2026-11-24', '11:01').toISOString(),
    });
    expect(await audit('schloss_fehler', spindBuchungId)).toContainEqual(
      expect.objectContaining({ ereignis: 'freigegeben', fehler: 'HTTP 503' }),
    );

    // not yet due: nothing is sent
    await laufe(at('2026-11-24', '11:00'));
    expect(freigaben()).toHaveLength(1);

    // the vendor is back; the next attempt is taken and the order is gone
    empfaenger.zustand.status = 204;
    clock = at('2026-11-24', '11:01');
    await laufe(clock);
    expect(freigaben()).toHaveLength(2);
    expect(freigaben()[1]).toEqual(freigaben()[0]);
    expect(await auftraege()).toEqual([]);
    await laufe(at('2026-11-24', '12:00'));
    expect(freigaben()).toHaveLength(2);
    expect(await audit('schloss_aufgegeben', spindBuchungId)).toEqual([]);
  });

  it('gives up after the last attempt, audited and listed; facility staff send it once more', async () => {
    empfaenger.zustand.status = 503;
    clock = MONDAY_7;
    const platz = await bucheMitSpind(12, '2026-11-25');
    const spindBuchungId = platz.spind.buchungId;
    clock = at('2026-11-25', '11:00');
    await laufe(clock);
    const vorher = freigaben().length;
    for (let i = 1; i < SCHLOSS_VERSUCHE_MAX; i++) {
      const [a] = await auftraege();
      expect(a).toMatchObject({ status: 'offen', versuche: i });
      clock = new Date(a!.naechsterVersuch!);
      await laufe(clock);
    }
    expect(freigaben().length - vorher).toBe(SCHLOSS_VERSUCHE_MAX - 1);
    const [aufgegeben] = await auftraege();
    expect(aufgegeben).toMatchObject({
      buchungId: spindBuchungId,
      status: 'aufgegeben',
      versuche: SCHLOSS_VERSUCHE_MAX,
      naechsterVersuch: null,
      letzterFehler: 'HTTP 503',
      bank: 'Wiederholbank',
    });
    expect(await audit('schloss_aufgegeben', spindBuchungId)).toEqual([
      expect.objectContaining({ ereignis: 'freigegeben', versuche: SCHLOSS_VERSUCHE_MAX }),
    ]);
    // the job leaves a given-up order alone
    const gesendet = freigaben().length;
    await laufe(new Date(clock.getTime() + 24 * 3_600_000));
    expect(freigaben().length).toBe(gesendet);

    // only facility staff see and retry it; a retry of an order that is not given up is 404
    expect((await call(server, mitarbeiter, 'GET', '/api/spind-schloss-auftraege')).status).toBe(403);
    expect(
      (await call(server, mitarbeiter, 'POST', `/api/spind-schloss-auftraege/${aufgegeben!.id}/erneut`))
        .status,
    ).toBe(403);
    empfaenger.zustand.status = 204;
    expect(
      await json(
        await call(server, facility, 'POST', `/api/spind-schloss-auftraege/${aufgegeben!.id}/erneut`),
      ),
    ).toEqual({ gesendet: 1, fehlgeschlagen: 0 });
    expect(freigaben().length).toBe(gesendet + 1);
    expect(await auftraege()).toEqual([]);
    expect(await audit('schloss_erneut', spindBuchungId)).toHaveLength(1);
    expect(
      (await call(server, facility, 'POST', `/api/spind-schloss-auftraege/${aufgegeben!.id}/erneut`)).status,
    ).toBe(404);
  });
});
