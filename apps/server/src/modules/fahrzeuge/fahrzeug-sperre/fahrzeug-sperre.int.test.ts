import { PERMISSION_NAMES } from '@stellwerk/domain/permissions';
import type { TFahrzeug, TFahrzeugBuchung } from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/api';
import type {
  TFahrzeugSperre,
  TFahrzeugSperreErgebnis,
  TFahrzeugSperreVorschau,
} from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/sperre-api';
import { addCalendarDays, berlinDateKey, berlinInstant } from '@stellwerk/domain/time';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, errorOf } from '../../../../test/api-call.ts';
import { signInAs } from '../../../../test/fixtures/anmelden.ts';
import { fixtureMandant } from '../../../../test/fixtures/mandant.ts';
import { startTestServer, type TestServer, testDrivers } from '../../../../test/harness.ts';
import type { Tx } from '../../../db/client.ts';
import { mailOutbox } from '../../plattform/mail/mail.public.ts';
import { feature, mandantFeature } from '../../verwaltung/customizing/customizing.public.ts';
import { fahrzeugBuchung } from '../fahrzeug-buchung/fahrzeug-buchung.public.ts';

const at = (days: number, hhmm: string): string =>
  berlinInstant(addCalendarDays(berlinDateKey(new Date()), days), hhmm).toISOString();

/**
 * The fleet: four vehicles at one location, the fleet manager, and three bookers with a licence (the fleet manager
 * books for two of them).
 */
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
      fuhrpark: { vorname: 'Thomas', nachname: 'Becker', rollen: ['Fuhrparkleitung'], fuehrerschein: true },
      freigabe: { vorname: 'Sabine', nachname: 'Krüger', rollen: ['Mitarbeiter'], fuehrerschein: true },
      fuehrerschein: { vorname: 'Markus', nachname: 'Weber', rollen: ['Mitarbeiter'], fuehrerschein: true },
    },
    fahrzeuge: {
      'MS-SW 101': { standort: 'nord', kennzeichen: 'MS-SW 101', marke: 'Volkswagen', modell: 'ID.3 Pro' },
      'MS-SW 102': { standort: 'nord', kennzeichen: 'MS-SW 102', marke: 'Škoda', modell: 'Octavia' },
      'MS-SW 103': { standort: 'nord', kennzeichen: 'MS-SW 103', marke: 'Volkswagen', modell: 'Transporter' },
      'MS-SW 104': { standort: 'nord', kennzeichen: 'MS-SW 104', marke: 'Opel', modell: 'Corsa Electric' },
    },
  });

/** A tenant without vehicle booking whose administrator holds every right. */
const beispielhausen = (server: TestServer) =>
  fixtureMandant(server.database, {
    name: 'Bibliothek Beispielhausen',
    domain: 'beispielhausen.example',
    features: { FahrzeugBuchung: false },
    rollen: { Administration: PERMISSION_NAMES },
    benutzer: { admin: { vorname: 'Andreas', nachname: 'Schwarz', rollen: ['Administration'] } },
  });

describe.each(testDrivers())('maintenance, service and defect blocks on %s', (driver) => {
  let server: TestServer;
  let mitarbeiter: string;
  let fuhrpark: string;
  let adminBH: string;
  const autos = new Map<string, string>();
  let ms: Awaited<ReturnType<typeof musterstadt>>;
  let beispielhausenId: string;

  const asAll = <T>(fn: (tx: Tx) => PromiseLike<T>): Promise<T> =>
    server.database.withAllTenants(async (tx) => fn(tx));
  const outboxTo = async (email: string) =>
    asAll((tx) => tx.select().from(mailOutbox).where(eq(mailOutbox.to, email)));
  const book = async (cookie: string, kennzeichen: string, von: string, bis: string) => {
    const r = await call(server, cookie, 'POST', '/api/fahrzeug-buchungen', {
      fahrzeugId: autos.get(kennzeichen),
      von,
      bis,
    });
    expect(r.status).toBe(201);
    return (await r.json()) as TFahrzeugBuchung;
  };
  const zeile = async (id: string) =>
    (await asAll((tx) => tx.select().from(fahrzeugBuchung).where(eq(fahrzeugBuchung.id, id))))[0]!;

  beforeAll(async () => {
    server = await startTestServer({ driver, seed: false });
    ms = await musterstadt(server);
    const bh = await beispielhausen(server);
    beispielhausenId = bh.id;
    [mitarbeiter, fuhrpark, adminBH] = await Promise.all([
      signInAs(server, ms.benutzer.mitarbeiter),
      signInAs(server, ms.benutzer.fuhrpark),
      signInAs(server, bh.benutzer.admin),
    ]);
    for (const [kennzeichen, id] of Object.entries(ms.fahrzeuge)) autos.set(kennzeichen, id);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('refuses without a session (401), without fahrzeug_pflege (403) and for another tenant (404)', async () => {
    const fahrzeugId = autos.get('MS-SW 101')!;
    const sperre = { fahrzeugId, typ: 'SERVICE', von: at(30, '08:00'), bis: at(30, '10:00') };
    const requests: [string, string, unknown?][] = [
      ['GET', `/api/fahrzeug-sperren?fahrzeugId=${fahrzeugId}`],
      ['POST', '/api/fahrzeug-sperren/vorschau', sperre],
      ['POST', '/api/fahrzeug-sperren', sperre],
      ['DELETE', '/api/fahrzeug-sperren/6f1c2b7e-0d2a-4b8e-9c41-1f5a7d3e9b20'],
    ];
    for (const [method, path, body] of requests) {
      expect((await call(server, null, method, path, body)).status).toBe(401);
      const verboten = await call(server, mitarbeiter, method, path, body);
      expect(verboten.status).toBe(403);
      expect((await errorOf(verboten)).code).toBe('auth.forbidden');
      // Beispielhausen's administrator holds every right, but the tenant has no vehicle booking
      expect((await call(server, adminBH, method, path, body)).status).toBe(404);
    }
    const angelegt = await call(server, fuhrpark, 'POST', '/api/fahrzeug-sperren', sperre);
    expect(angelegt.status).toBe(201);
    const { sperre: block } = (await angelegt.json()) as TFahrzeugSperreErgebnis;
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
      for (const [method, path, body] of [
        ['GET', `/api/fahrzeug-sperren?fahrzeugId=${fahrzeugId}`],
        ['POST', '/api/fahrzeug-sperren/vorschau', sperre],
        ['POST', '/api/fahrzeug-sperren', { ...sperre, von: at(31, '08:00'), bis: at(31, '10:00') }],
        ['DELETE', `/api/fahrzeug-sperren/${block.id}`],
      ] as const)
        expect((await call(server, adminBH, method, path, body)).status).toBe(404);
    } finally {
      await schalte(false);
    }
    expect((await call(server, fuhrpark, 'DELETE', `/api/fahrzeug-sperren/${block.id}`)).status).toBe(204);
  });

  it('previews moves and cancellations, then moves the accepted booking, cancels the rest and mails the bookers', async () => {
    const frueh = await book(mitarbeiter, 'MS-SW 101', at(8, '09:00'), at(8, '12:00'));
    const spaet = await book(mitarbeiter, 'MS-SW 101', at(8, '13:00'), at(8, '15:00'));
    // every other car of the location is taken in the afternoon: the late trip cannot move (three drivers: one
    // person cannot hold two cars at the same time, decision 134)
    const fahrer = [ms.benutzer.fuhrpark, ms.benutzer.freigabe, ms.benutzer.fuehrerschein];
    for (const [i, k] of ['MS-SW 102', 'MS-SW 103', 'MS-SW 104'].entries()) {
      const r = await call(server, fuhrpark, 'POST', '/api/fahrzeug-buchungen', {
        fahrzeugId: autos.get(k),
        von: at(8, '13:00'),
        bis: at(8, '15:00'),
        fahrerId: fahrer[i]!.id,
      });
      expect(r.status).toBe(201);
    }
    const block = {
      fahrzeugId: autos.get('MS-SW 101'),
      typ: 'WARTUNG',
      von: at(8, '08:00'),
      bis: at(8, '18:00'),
    };
    const vorschau = await call(server, fuhrpark, 'POST', '/api/fahrzeug-sperren/vorschau', block);
    expect(vorschau.status).toBe(200);
    const v = (await vorschau.json()) as TFahrzeugSperreVorschau;
    expect(v.verstoss).toBeNull();
    expect(v.vorschlaege.map((x) => [x.buchung.id, x.aktion])).toEqual([
      [frueh.id, 'umbuchen'],
      [spaet.id, 'stornieren'],
    ]);
    const ersatz = v.vorschlaege[0]!.ersatz!;
    expect(ersatz.id).not.toBe(autos.get('MS-SW 101'));
    expect(v.vorschlaege[0]!.buchung.buchender.name).toBe('Lena Hoffmann');
    expect(v.vorschlaege[1]).toMatchObject({ ersatz: null, grund: 'Storno wegen Wartung des Fahrzeugs.' });
    // the preview changed nothing
    expect((await zeile(spaet.id)).status).toBe('reserviert');

    // a move the proposal does not offer (stale preview) is refused before anything changes
    const veraltet = await call(server, fuhrpark, 'POST', '/api/fahrzeug-sperren', {
      ...block,
      umbuchungen: [{ buchungId: spaet.id, fahrzeugId: ersatz.id }],
    });
    expect(veraltet.status).toBe(409);
    expect((await errorOf(veraltet)).code).toBe('fahrzeug_sperre.vorschau_veraltet');
    expect((await zeile(frueh.id)).fahrzeugId).toBe(autos.get('MS-SW 101'));

    const angelegt = await call(server, fuhrpark, 'POST', '/api/fahrzeug-sperren', {
      ...block,
      informationstext: 'Inspektion',
      umbuchungen: [{ buchungId: frueh.id, fahrzeugId: ersatz.id }],
    });
    expect(angelegt.status).toBe(201);
    const ergebnis = (await angelegt.json()) as TFahrzeugSperreErgebnis;
    expect(ergebnis.umgebucht).toEqual([{ buchungId: frueh.id, fahrzeug: ersatz }]);
    expect(ergebnis.storniert).toEqual([spaet.id]);
    expect(ergebnis.sperre).toMatchObject({
      typ: 'WARTUNG',
      von: block.von,
      bis: block.bis,
      informationstext: 'Inspektion',
      sicherheitsrelevant: false,
    });
    expect(await zeile(frueh.id)).toMatchObject({ fahrzeugId: ersatz.id, status: 'reserviert' });
    expect(await zeile(spaet.id)).toMatchObject({
      status: 'storniert',
      informationstext: 'Storno wegen Wartung des Fahrzeugs.',
    });
    const mails = await outboxTo('mitarbeiter@musterstadt.example');
    const umgebucht = mails.filter((m) => m.subject === `Fahrzeugbuchung umgebucht: ${ersatz.kennzeichen}`);
    expect(umgebucht).toHaveLength(1);
    expect(umgebucht[0]!.text).toContain('MS-SW 101');
    expect(umgebucht[0]!.text).toContain('(durch Thomas Becker)');
    expect(
      mails.filter(
        (m) =>
          m.subject === 'Fahrzeugbuchung storniert: MS-SW 101' &&
          m.text.includes('Grund: Storno wegen Wartung des Fahrzeugs.'),
      ),
    ).toHaveLength(1);

    // the block occupies the car; it is listed and can be lifted
    const gesperrt = await call(server, mitarbeiter, 'POST', '/api/fahrzeug-buchungen', {
      fahrzeugId: autos.get('MS-SW 101'),
      von: at(8, '16:00'),
      bis: at(8, '17:00'),
    });
    expect(gesperrt.status).toBe(409);
    expect((await errorOf(gesperrt)).code).toBe('fahrzeug_buchung.gesperrt');
    const liste = async () =>
      (await (
        await call(server, fuhrpark, 'GET', `/api/fahrzeug-sperren?fahrzeugId=${autos.get('MS-SW 101')}`)
      ).json()) as TFahrzeugSperre[];
    expect((await liste()).map((s) => s.id)).toEqual([ergebnis.sperre.id]);
    // a second block over it is refused
    const doppelt = await call(server, fuhrpark, 'POST', '/api/fahrzeug-sperren', {
      ...block,
      typ: 'SERVICE',
    });
    expect(doppelt.status).toBe(409);
    expect((await errorOf(doppelt)).code).toBe('fahrzeug_buchung.gesperrt');
    expect(
      (await call(server, fuhrpark, 'DELETE', `/api/fahrzeug-sperren/${ergebnis.sperre.id}`)).status,
    ).toBe(204);
    expect(await liste()).toEqual([]);
    expect(
      (await call(server, fuhrpark, 'DELETE', `/api/fahrzeug-sperren/${ergebnis.sperre.id}`)).status,
    ).toBe(409);
    // a trip is no block
    expect((await call(server, fuhrpark, 'DELETE', `/api/fahrzeug-sperren/${frueh.id}`)).status).toBe(404);
  });

  it('a safety-relevant defect takes the car out of service from now until the block ends', async () => {
    const vorher = await book(mitarbeiter, 'MS-SW 102', at(2, '09:00'), at(2, '10:00'));
    const block = {
      fahrzeugId: autos.get('MS-SW 102'),
      typ: 'DEFEKT',
      von: at(3, '08:00'),
      bis: at(3, '18:00'),
      sicherheitsrelevant: true,
    };
    const v = (await (
      await call(server, fuhrpark, 'POST', '/api/fahrzeug-sperren/vorschau', block)
    ).json()) as TFahrzeugSperreVorschau;
    expect(Date.parse(v.von)).toBeLessThanOrEqual(Date.now());
    expect(Date.now() - Date.parse(v.von)).toBeLessThan(120_000);
    expect(v.vorschlaege.map((x) => x.buchung.id)).toEqual([vorher.id]);
    const angelegt = await call(server, fuhrpark, 'POST', '/api/fahrzeug-sperren', block);
    expect(angelegt.status).toBe(201);
    const ergebnis = (await angelegt.json()) as TFahrzeugSperreErgebnis;
    expect(ergebnis.sperre).toMatchObject({ typ: 'DEFEKT', sicherheitsrelevant: true, bis: block.bis });
    expect(ergebnis.storniert).toEqual([vorher.id]);
    expect(await zeile(vorher.id)).toMatchObject({
      status: 'storniert',
      informationstext: 'Storno wegen Defekt des Fahrzeugs.',
    });
    // not free tomorrow, although the entered defect began only the day after
    const periode = `von=${encodeURIComponent(at(1, '10:00'))}&bis=${encodeURIComponent(at(1, '12:00'))}`;
    const liste = (await (
      await call(server, mitarbeiter, 'GET', `/api/fahrzeuge?${periode}`)
    ).json()) as TFahrzeug[];
    expect(liste.find((f) => f.kennzeichen === 'MS-SW 102')).toMatchObject({
      frei: false,
      grund: 'fahrzeug_buchung.gesperrt',
    });
    // the flag means nothing for maintenance
    const wartung = (await (
      await call(server, fuhrpark, 'POST', '/api/fahrzeug-sperren/vorschau', {
        ...block,
        fahrzeugId: autos.get('MS-SW 104'),
        typ: 'WARTUNG',
      })
    ).json()) as TFahrzeugSperreVorschau;
    expect(wartung.von).toBe(block.von);
  });

  it('reports in the preview why a block cannot be entered, and refuses it', async () => {
    const block = {
      fahrzeugId: autos.get('MS-SW 104'),
      typ: 'SERVICE',
      von: at(5, '12:00'),
      bis: at(5, '10:00'),
    };
    const v = (await (
      await call(server, fuhrpark, 'POST', '/api/fahrzeug-sperren/vorschau', block)
    ).json()) as TFahrzeugSperreVorschau;
    expect(v.verstoss?.code).toBe('fahrzeug_buchung.ende_vor_beginn');
    const r = await call(server, fuhrpark, 'POST', '/api/fahrzeug-sperren', block);
    expect(r.status).toBe(422);
  });

  it('lists every operation in the OpenAPI document', async () => {
    const doc = (await (await call(server, null, 'GET', '/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, { operationId?: string }>>;
    };
    const operationIds = Object.values(doc.paths).flatMap((p) => Object.values(p).map((o) => o.operationId));
    for (const id of [
      'listFahrzeugSperren',
      'previewFahrzeugSperre',
      'createFahrzeugSperre',
      'deleteFahrzeugSperre',
    ])
      expect(operationIds).toContain(id);
  });
});
