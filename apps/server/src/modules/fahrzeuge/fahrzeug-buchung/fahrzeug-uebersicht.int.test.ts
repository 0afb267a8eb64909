import { PERMISSION_NAMES } from '@stellwerk/domain/permissions';
import type { TFahrzeugBelegung } from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/api';
import { addCalendarDays, berlinDateKey, berlinInstant } from '@stellwerk/domain/time';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../../test/api-call.ts';
import { signInAs } from '../../../../test/fixtures/anmelden.ts';
import { fixtureMandant } from '../../../../test/fixtures/mandant.ts';
import { startTestServer, type TestServer, testDrivers } from '../../../../test/harness.ts';
import type { Tx } from '../../../db/client.ts';
import { feature, mandantFeature } from '../../verwaltung/customizing/customizing.public.ts';
import { fahrzeug } from '../fahrzeug/fahrzeug.public.ts';
import { fahrzeugBuchung } from './fahrzeug-buchung.table.ts';

type ErrorBody = { error: { code: string } };

const tag = (days: number) => addCalendarDays(berlinDateKey(new Date()), days);
const at = (days: number, hhmm: string): string => berlinInstant(tag(days), hhmm).toISOString();
const periode = (von: string, bis: string, standortId?: string) =>
  `/api/fahrzeuge/belegung?von=${encodeURIComponent(von)}&bis=${encodeURIComponent(bis)}${standortId ? `&standortId=${standortId}` : ''}`;

/** The fleet: four vehicles at one location, a booker with a licence and the fleet manager. */
const musterstadt = (server: TestServer) =>
  fixtureMandant(server.database, {
    name: 'Stadtwerke Musterstadt',
    domain: 'musterstadt.example',
    standorte: { nord: { name: 'Betriebshof Nord', bundesland: 'NW' } },
    rollen: {
      Mitarbeiter: ['fahrzeug_buchen'],
      Fuhrparkleitung: ['fahrzeug_pflege', 'fahrzeug_fremdbuchung', 'fahrzeug_buchen'],
    },
    benutzer: {
      mitarbeiter: { vorname: 'Lena', nachname: 'Hoffmann', rollen: ['Mitarbeiter'], fuehrerschein: true },
      fuhrpark: { vorname: 'Thomas', nachname: 'Becker', rollen: ['Fuhrparkleitung'] },
    },
    fahrzeuge: {
      'MS-SW 101': { standort: 'nord', kennzeichen: 'MS-SW 101', marke: 'Volkswagen', modell: 'ID.3 Pro' },
      'MS-SW 102': { standort: 'nord', kennzeichen: 'MS-SW 102', marke: 'Škoda', modell: 'Octavia' },
      'MS-SW 103': { standort: 'nord', kennzeichen: 'MS-SW 103', marke: 'Volkswagen', modell: 'Transporter' },
      'MS-SW 104': { standort: 'nord', kennzeichen: 'MS-SW 104', marke: 'Opel', modell: 'Corsa Electric' },
    },
  });

/** A tenant without vehicle booking: its room keeper (no vehicle right) and its administrator (every right). */
const beispielhausen = (server: TestServer) =>
  fixtureMandant(server.database, {
    name: 'Bibliothek Beispielhausen',
    domain: 'beispielhausen.example',
    features: { FahrzeugBuchung: false },
    rollen: {
      Raumpflege: ['objekt_pflege', 'ausstattungs_pflege', 'auslastung_sehen'],
      Administration: PERMISSION_NAMES,
    },
    benutzer: {
      fuhrpark: { vorname: 'Michael', nachname: 'Fischer', rollen: ['Raumpflege'] },
      admin: { vorname: 'Andreas', nachname: 'Schwarz', rollen: ['Administration'] },
    },
  });

describe.each(testDrivers())('vehicle timeline API on %s', (driver) => {
  let server: TestServer;
  let mitarbeiter: string;
  let fuhrpark: string;
  let pruefer: string;
  let adminBH: string;
  const autos = new Map<string, string>();
  let ms: Awaited<ReturnType<typeof musterstadt>>;
  let musterstadtId: string;
  let beispielhausenId: string;

  const asAll = <T>(fn: (tx: Tx) => PromiseLike<T>): Promise<T> =>
    server.database.withAllTenants(async (tx) => fn(tx));

  const belegung = async (cookie: string, path: string) => {
    const response = await call(server, cookie, 'GET', path);
    expect(response.status).toBe(200);
    return (await response.json()) as TFahrzeugBelegung;
  };

  beforeAll(async () => {
    server = await startTestServer({ driver, seed: false });
    ms = await musterstadt(server);
    const bh = await beispielhausen(server);
    [mitarbeiter, fuhrpark, pruefer, adminBH] = await Promise.all([
      signInAs(server, ms.benutzer.mitarbeiter),
      signInAs(server, ms.benutzer.fuhrpark),
      signInAs(server, bh.benutzer.fuhrpark),
      signInAs(server, bh.benutzer.admin),
    ]);
    musterstadtId = ms.id;
    beispielhausenId = bh.id;
    for (const [kennzeichen, id] of Object.entries(ms.fahrzeuge)) autos.set(kennzeichen, id);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('refuses without a session (401), without a vehicle right (403) and without the tenant feature (404)', async () => {
    const path = periode(at(1, '00:00'), at(2, '00:00'));
    expect((await call(server, null, 'GET', path)).status).toBe(401);
    const forbidden = await call(server, pruefer, 'GET', path);
    expect(forbidden.status).toBe(403);
    expect(((await forbidden.json()) as ErrorBody).error.code).toBe('auth.forbidden');
    expect((await call(server, adminBH, 'GET', path)).status).toBe(404);
  });

  it.each([
    ['without a period', '/api/fahrzeuge/belegung'],
    ['with the end before the start', periode(at(2, '00:00'), at(1, '00:00'))],
    ['with more than eight days', periode(at(1, '00:00'), at(10, '00:00'))],
    ['with a location that is no id', `${periode(at(1, '00:00'), at(2, '00:00'))}&standortId=nord`],
    ['with a time that is no instant', '/api/fahrzeuge/belegung?von=morgen&bis=übermorgen'],
  ])('answers 400 %s', async (_name, path) => {
    const response = await call(server, mitarbeiter, 'GET', path);
    expect(response.status).toBe(400);
  });

  it('shows the location with its vehicles, bookings and blocks as times only, and closed times', async () => {
    const fahrzeugId = autos.get('MS-SW 101')!;
    const created = await call(server, mitarbeiter, 'POST', '/api/fahrzeug-buchungen', {
      fahrzeugId,
      von: at(3, '09:00'),
      bis: at(3, '12:00'),
      anlass: 'Geheimer Anlass',
    });
    expect(created.status).toBe(201);
    const buchungId = ((await created.json()) as { id: string }).id;
    const storniert = await call(server, mitarbeiter, 'POST', '/api/fahrzeug-buchungen', {
      fahrzeugId,
      von: at(3, '13:00'),
      bis: at(3, '14:00'),
    });
    const storniertId = ((await storniert.json()) as { id: string }).id;
    expect(
      (await call(server, mitarbeiter, 'POST', `/api/fahrzeug-buchungen/${storniertId}/storno`)).status,
    ).toBe(200);
    const fuhrparkUser = ms.benutzer.fuhrpark;
    await asAll((tx) =>
      tx.insert(fahrzeugBuchung).values({
        mandantId: musterstadtId,
        fahrzeugId: autos.get('MS-SW 102')!,
        benutzerId: fuhrparkUser!.id,
        von: new Date(at(3, '15:00')),
        bis: new Date(at(4, '10:00')),
        status: 'reserviert',
        typ: 'WARTUNG',
      }),
    );

    const path = periode(at(3, '00:00'), at(4, '00:00'));
    const fremd = await belegung(fuhrpark, path);
    expect(fremd.standorte.map((s) => s.name)).toEqual(['Betriebshof Nord']);
    expect(fremd.standortId).toBe(fremd.standorte[0]!.id);
    expect(fremd.fahrzeuge.map((f) => f.kennzeichen).sort()).toEqual([
      'MS-SW 101',
      'MS-SW 102',
      'MS-SW 103',
      'MS-SW 104',
    ]);
    const zeile = fremd.fahrzeuge.find((f) => f.id === fahrzeugId)!;
    expect(zeile.termine).toEqual([
      {
        id: buchungId,
        von: at(3, '09:00'),
        bis: at(3, '12:00'),
        status: 'reserviert',
        typ: 'BUCHUNG',
        eigene: false,
      },
    ]);
    expect(JSON.stringify(fremd)).not.toContain('Geheimer Anlass');
    expect(zeile.geschlossen).toEqual([
      { von: at(3, '00:00'), bis: at(3, '09:00'), grund: 'ausserhalb_buchungszeitraum', sonderfahrt: false },
      { von: at(3, '18:00'), bis: at(4, '00:00'), grund: 'ausserhalb_buchungszeitraum', sonderfahrt: false },
    ]);
    const sperre = fremd.fahrzeuge.find((f) => f.kennzeichen === 'MS-SW 102')!;
    expect(sperre.termine).toMatchObject([{ typ: 'WARTUNG', von: at(3, '15:00'), bis: at(4, '10:00') }]);

    // the same location asked by id; the booker sees their own booking as theirs
    const eigene = await belegung(mitarbeiter, periode(at(3, '00:00'), at(4, '00:00'), fremd.standortId!));
    expect(eigene.fahrzeuge.find((f) => f.id === fahrzeugId)!.termine[0]).toMatchObject({
      id: buchungId,
      eigene: true,
    });
  });

  it('finds a block of several days on any of its days, and bookings of a day or less at both edges (decision 080)', async () => {
    const fahrzeugId = autos.get('MS-SW 103')!;
    const fuhrparkUser = ms.benutzer.fuhrpark;
    const termin = (
      von: string,
      bis: string,
      status: 'reserviert' | 'storniert',
      typ: 'BUCHUNG' | 'WARTUNG',
    ) =>
      ({
        mandantId: musterstadtId,
        fahrzeugId,
        benutzerId: fuhrparkUser!.id,
        von: new Date(von),
        bis: new Date(bis),
        status,
        typ,
      }) as const;
    const eingefuegt = await asAll((tx) =>
      tx
        .insert(fahrzeugBuchung)
        .values([
          // three days (longer than a day: found by its end), cancelled three days (never), exactly one day and
          // 23 hours (found by their start, at most a day before the asked period)
          termin(at(10, '06:00'), at(13, '06:00'), 'reserviert', 'WARTUNG'),
          termin(at(14, '06:00'), at(17, '06:00'), 'storniert', 'BUCHUNG'),
          termin(at(17, '08:00'), at(18, '08:00'), 'reserviert', 'BUCHUNG'),
          termin(at(18, '09:00'), at(19, '08:00'), 'reserviert', 'BUCHUNG'),
        ])
        .returning({ id: fahrzeugBuchung.id }),
    );
    const ids = eingefuegt.map((r) => r.id);
    try {
      const termine = async (von: string, bis: string) =>
        (await belegung(mitarbeiter, periode(von, bis))).fahrzeuge
          .find((f) => f.id === fahrzeugId)!
          .termine.map((t) => t.id);
      expect(await termine(at(12, '10:00'), at(12, '11:00'))).toEqual([ids[0]]);
      expect(await termine(at(13, '05:00'), at(13, '07:00'))).toEqual([ids[0]]);
      expect(await termine(at(13, '06:00'), at(13, '07:00'))).toEqual([]);
      expect(await termine(at(15, '10:00'), at(15, '11:00'))).toEqual([]);
      expect(await termine(at(18, '07:59'), at(18, '08:30'))).toEqual([ids[2]]);
      expect(await termine(at(19, '07:00'), at(19, '12:00'))).toEqual([ids[3]]);
      expect(await termine(at(18, '08:00'), at(18, '09:00'))).toEqual([]);
      // the free-vehicle search asks the same
      const frei = async (von: string, bis: string) =>
        (
          (await (
            await call(
              server,
              mitarbeiter,
              'GET',
              `/api/fahrzeuge?von=${encodeURIComponent(von)}&bis=${encodeURIComponent(bis)}&nurFrei=true`,
            )
          ).json()) as { id: string }[]
        ).some((f) => f.id === fahrzeugId);
      expect(await frei(at(12, '10:00'), at(12, '11:00'))).toBe(false);
      expect(await frei(at(15, '10:00'), at(15, '11:00'))).toBe(true);
    } finally {
      await asAll((tx) => tx.delete(fahrzeugBuchung).where(inArray(fahrzeugBuchung.id, ids)));
    }
  });

  it('closes a vehicle outside its validity', async () => {
    const fahrzeugId = autos.get('MS-SW 104')!;
    await asAll((tx) =>
      tx
        .update(fahrzeug)
        .set({ gueltigBis: tag(5) })
        .where(eq(fahrzeug.id, fahrzeugId)),
    );
    try {
      const data = await belegung(mitarbeiter, periode(at(5, '00:00'), at(7, '00:00')));
      expect(data.fahrzeuge.find((f) => f.id === fahrzeugId)!.geschlossen.at(-1)).toEqual({
        von: at(5, '23:59'),
        bis: at(7, '00:00'),
        grund: 'ausserhalb_gueltigkeit',
        sonderfahrt: false,
      });
    } finally {
      await asAll((tx) => tx.update(fahrzeug).set({ gueltigBis: null }).where(eq(fahrzeug.id, fahrzeugId)));
    }
  });

  it("answers another tenant's location with 404 and shows none of its vehicles", async () => {
    const nord = { id: ms.standorte.nord };
    const bh = { id: beispielhausenId };
    const [fb] = await asAll((tx) =>
      tx.select({ id: feature.id }).from(feature).where(eq(feature.name, 'FahrzeugBuchung')),
    );
    const schalte = (aktiv: boolean) =>
      asAll((tx) =>
        tx
          .update(mandantFeature)
          .set({ aktiv })
          .where(and(eq(mandantFeature.mandantId, bh!.id), eq(mandantFeature.featureId, fb!.id))),
      );
    await schalte(true);
    try {
      const fremd = await call(server, adminBH, 'GET', periode(at(3, '00:00'), at(4, '00:00'), nord!.id));
      expect(fremd.status).toBe(404);
      const eigene = await belegung(adminBH, periode(at(3, '00:00'), at(4, '00:00')));
      expect(eigene).toMatchObject({ standorte: [], standortId: null, fahrzeuge: [] });
    } finally {
      await schalte(false);
    }
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await (await call(server, null, 'GET', '/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, { operationId?: string }>>;
    };
    expect(doc.paths['/api/fahrzeuge/belegung']?.get?.operationId).toBe('getFahrzeugBelegung');
  });
});
