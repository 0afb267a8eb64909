import { randomUUID } from 'node:crypto';
import { PERMISSION_NAMES } from '@stellwerk/domain/permissions';
import type { TAuswertung } from '@stellwerk/domain/verwaltung/auswertung/api';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, errorOf } from '../../../../test/api-call.ts';
import { signInAs } from '../../../../test/fixtures/anmelden.ts';
import { fixtureMandant } from '../../../../test/fixtures/mandant.ts';
import { startTestServer, type TestServer, testDrivers } from '../../../../test/harness.ts';
import { fahrtenbuchEintrag } from '../../fahrten/fahrt/fahrt.public.ts';
import { benutzerPermission } from '../../identitaet/benutzer/benutzer.public.ts';

const cest = (day: string, hhmm: string) => new Date(`${day}T${hhmm}:00+02:00`);
const HASH = 'a'.repeat(64);
const WOCHE = 'art=woche&tag=2026-04-01';

/** The tenant of the figures: two locations with a vehicle each, and the people of the rights test. */
const musterstadt = (server: TestServer) =>
  fixtureMandant(server.database, {
    name: 'Stadtwerke Musterstadt',
    domain: 'musterstadt.example',
    standorte: { fuenf: { name: 'Fünferhaus' }, vier: { name: 'Viererhaus' } },
    rollen: {
      Administration: PERMISSION_NAMES,
      Mitarbeiter: ['fahrzeug_buchen'],
      Fuhrparkleitung: ['fahrzeug_pflege', 'auslastung_sehen', 'auswertung_sehen'],
      Fahrzeugpflege: ['fahrzeug_pflege'],
    },
    benutzer: {
      admin: { vorname: 'Claudia', nachname: 'Wagner', rollen: ['Administration'] },
      mitarbeiter: { vorname: 'Lena', nachname: 'Hoffmann', rollen: ['Mitarbeiter'] },
      fuhrpark: { vorname: 'Thomas', nachname: 'Becker', rollen: ['Fuhrparkleitung'] },
      fahrzeugpflege: { vorname: 'Jonas', nachname: 'Schneider', rollen: ['Fahrzeugpflege'] },
    },
    fahrzeuge: {
      w5: { standort: 'fuenf', kennzeichen: 'T-F 5' },
      w4: { standort: 'vier', kennzeichen: 'T-V 4' },
    },
  });

/** A tenant without vehicle booking: a room keeper (utilisation only) and a user manager. */
const beispielhausen = (server: TestServer) =>
  fixtureMandant(server.database, {
    name: 'Bibliothek Beispielhausen',
    domain: 'beispielhausen.example',
    features: { FahrzeugBuchung: false },
    rollen: {
      Raumpflege: ['objekt_pflege', 'ausstattungs_pflege', 'auslastung_sehen'],
      Benutzerverwaltung: ['benutzer_pflegen', 'berechtigungs_pflege'],
    },
    benutzer: {
      fuhrpark: { vorname: 'Michael', nachname: 'Fischer', rollen: ['Raumpflege'] },
      fahrzeugpflege: { vorname: 'Katrin', nachname: 'Neumann', rollen: ['Benutzerverwaltung'] },
    },
  });

describe.each(testDrivers())('/api/auswertung on %s', (driver) => {
  let server: TestServer;
  let ms: Awaited<ReturnType<typeof musterstadt>>;
  let bh: Awaited<ReturnType<typeof beispielhausen>>;
  let admin: string;
  let fuenf: string;
  let vier: string;
  const fahrer5 = Array.from({ length: 5 }, () => randomUUID());
  const fahrer4 = Array.from({ length: 4 }, () => randomUUID());

  beforeAll(async () => {
    server = await startTestServer({ driver, seed: false, now: () => new Date('2026-04-20T10:00:00Z') });
    const db = server.database.db;
    ms = await musterstadt(server);
    bh = await beispielhausen(server);
    admin = await signInAs(server, ms.benutzer.admin);
    const mandantId = ms.id;
    fuenf = ms.standorte.fuenf;
    vier = ms.standorte.vier;
    const trips = (fahrzeugId: string, kennzeichen: string, fahrer: string[], art: string, tag: string) =>
      fahrer.map((f, i) => ({
        mandantId,
        fahrzeugId,
        laufnummer: i + 1,
        kennzeichen,
        quelle: 'hand',
        art,
        beginn: cest(tag, `${String(9 + i).padStart(2, '0')}:00`),
        ende: cest(tag, `${String(9 + i).padStart(2, '0')}:30`),
        kmBeginn: i * 20,
        kmEnde: i * 20 + 20,
        fahrerId: f,
        fahrerName: 'Fahrer',
        erfasstAm: cest(tag, '20:00'),
        erfasstVonId: f,
        erfasstVonName: 'Fahrer',
        hashVorher: HASH,
        hash: HASH,
      }));
    const { w5, w4 } = ms.fahrzeuge;
    // five drivers, 20 km each, business trips on Tuesday 31 March; four others, private, on Wednesday
    await db.insert(fahrtenbuchEintrag).values(trips(w5, 'T-F 5', fahrer5, 'dienstlich', '2026-03-31'));
    await db.insert(fahrtenbuchEintrag).values(trips(w4, 'T-V 4', fahrer4, 'privat', '2026-04-01'));
  });
  afterAll(async () => {
    await server?.close();
  });

  const get = async (cookie: string, query: string) => {
    const response = await call(server, cookie, 'GET', `/api/auswertung?${query}`);
    expect(response.status).toBe(200);
    return (await response.json()) as TAuswertung;
  };

  it('the location of five drivers: 5 business trips, 100 km, compared with the week before', async () => {
    const r = await get(admin, `${WOCHE}&standort=${fuenf}`);
    expect(r.zeitraum).toEqual({ art: 'woche', vonTag: '2026-03-30', bisTag: '2026-04-05' });
    expect(r.vorperiode).toMatchObject({ vonTag: '2026-03-23', bisTag: '2026-03-29' });
    expect(r.aktuell.fahrten?.verborgen).toBe(false);
    expect(r.aktuell.fahrten?.gesamt?.dienstlich).toEqual({ fahrten: 5, km: 100 });
    expect(r.aktuell.fahrten?.gesamt?.privat).toEqual({ fahrten: 0, km: 0 });
    expect(r.aktuell.fahrten?.standorte.zellen).toEqual([
      expect.objectContaining({ bezeichnung: 'Fünferhaus', schluessel: fuenf }),
    ]);
    expect(r.vorher.fahrten?.gesamt?.gesamt).toEqual({ fahrten: 0, km: 0 });
  });

  it('every breakdown asked for the location of four drivers answers no figure', async () => {
    const r = await get(admin, `${WOCHE}&standort=${vier}`);
    expect(r.aktuell.fahrten).toEqual({
      verborgen: true,
      gesamt: null,
      standorte: { zellen: [], sonstige: null, verborgen: 0 },
    });
    expect(r.aktuell.auslastung.fahrzeugeVerborgen).toBe(true);
    expect(r.aktuell.auslastung.fahrzeugeGebucht).toBeNull();
    expect(r.aktuell.auslastung.fahrzeugeGefahren).toBeNull();
    const text = JSON.stringify(r);
    for (const id of [...fahrer4, ...fahrer5]) expect(text).not.toContain(id);
    // the whole tenant: the location of four never appears as a cell of its own
    const alle = await get(admin, WOCHE);
    for (const teil of [alle.aktuell.fahrten, alle.aktuell.freigaben, alle.aktuell.schaeden])
      expect(teil?.standorte.zellen.map((z) => z.bezeichnung)).not.toContain('Viererhaus');
    expect(JSON.stringify(alle)).not.toContain(fahrer4[0]);
  });

  it('exports CSV and Excel with the figures and their denominators, in the viewer language', async () => {
    const csv = await call(
      server,
      admin,
      'GET',
      `/api/auswertung/export?${WOCHE}&standort=${fuenf}&format=csv`,
    );
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const text = await csv.text();
    expect(text).toContain('"Fahrten";"Kilometer dienstlich";"100";"0";"Fahrtenbuch-Einträge');
    const xlsx = await call(
      server,
      admin,
      'GET',
      `/api/auswertung/export?${WOCHE}&standort=${vier}&format=xlsx`,
    );
    expect(xlsx.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await xlsx.arrayBuffer()) as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('Auswertung')!;
    const zeile = ws.getRows(1, ws.rowCount)!.find((r) => r.getCell(2).value === 'Kilometer privat')!;
    // four drivers: the cell stays empty, the explanation stays
    expect(zeile.getCell(3).value ?? '').toBe('');
    expect(String(zeile.getCell(5).value)).toContain('mindestens k Fahrer');
  });

  it('rights: 401 without a session, 403 without admin access or without auswertung_sehen (decision 246)', async () => {
    expect((await call(server, null, 'GET', `/api/auswertung?${WOCHE}`)).status).toBe(401);
    const booker = await call(
      server,
      await signInAs(server, ms.benutzer.mitarbeiter),
      'GET',
      `/api/auswertung?${WOCHE}`,
    );
    expect((await errorOf(booker)).code).toBe('guard.no_admin');
    const pflege = await signInAs(server, ms.benutzer.fahrzeugpflege);
    for (const path of [`/api/auswertung?${WOCHE}`, `/api/auswertung/export?${WOCHE}&format=csv`]) {
      const response = await call(server, pflege, 'GET', path);
      expect(response.status).toBe(403);
      expect((await errorOf(response)).code).toBe('guard.no_auswertung');
    }
    const fuhrpark = await signInAs(server, ms.benutzer.fuhrpark);
    expect((await call(server, fuhrpark, 'GET', `/api/auswertung?${WOCHE}`)).status).toBe(200);
  });

  it('the evaluation and the utilisation have separate rights (decision 246)', async () => {
    // the room keepers hold auslastung_sehen only: utilisation yes, evaluation no
    const raumpflege = await signInAs(server, bh.benutzer.fuhrpark);
    expect((await call(server, raumpflege, 'GET', '/api/auslastung/leseraum')).status).toBe(200);
    const nein = await call(server, raumpflege, 'GET', `/api/auswertung?${WOCHE}`);
    expect(nein.status).toBe(403);
    expect(await errorOf(nein)).toMatchObject({
      code: 'guard.no_auswertung',
      message: 'Keine Berechtigung für die Auswertung.',
    });
    // a user manager given auswertung_sehen alone: evaluation yes (its figures included), utilisation no
    await server.database.db.insert(benutzerPermission).values({
      mandantId: bh.id,
      benutzerId: bh.benutzer.fahrzeugpflege.id,
      permissionName: 'auswertung_sehen',
      wert: 'true',
    });
    const auswerter = await signInAs(server, bh.benutzer.fahrzeugpflege);
    const ja = await call(server, auswerter, 'GET', `/api/auswertung?${WOCHE}`);
    expect(ja.status).toBe(200);
    const bibliothek = (await ja.json()) as TAuswertung;
    expect(bibliothek.zeitraum.vonTag).toBe('2026-03-30');
    // a library without vehicle booking: its evaluation says so, and the export has no row of the fleet (decision 280)
    expect(bibliothek.bereiche).toEqual({ plaetze: true, fahrzeuge: false });
    const csv = await call(server, auswerter, 'GET', `/api/auswertung/export?${WOCHE}&format=csv`);
    expect(csv.status).toBe(200);
    const zeilen = (await csv.text()).trim().split('\r\n');
    expect(zeilen.slice(1).map((z) => z.split(';')[1])).toEqual(['"Plätze gebucht"']);
    expect((await get(admin, WOCHE)).bereiche).toEqual({ plaetze: true, fahrzeuge: true });
    const auslastung = await call(server, auswerter, 'GET', '/api/auslastung/leseraum');
    expect(auslastung.status).toBe(403);
    expect((await errorOf(auslastung)).code).toBe('guard.no_auslastung');
  });

  it('bad input answers 400 with the catalogue message', async () => {
    const response = await call(
      server,
      admin,
      'GET',
      '/api/auswertung?art=frei&von=2026-05-01&bis=2026-04-01',
    );
    expect(response.status).toBe(400);
    expect((await errorOf(response)).code).toBe('auslastung.zeitraum_ungueltig');
    expect((await call(server, admin, 'GET', `/api/auswertung/export?${WOCHE}&format=pdf`)).status).toBe(400);
  });
});
