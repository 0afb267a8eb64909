/**
 * Unmet vehicle demand (decision 246): a search for a period that finds every car taken is counted per location,
 * category, day and hour, without a person, and shown in the utilisation and the evaluation (screen and export).
 */

import { PERMISSION_NAMES } from '@stellwerk/domain/permissions';
import type { TFahrzeugAuslastung } from '@stellwerk/domain/verwaltung/auslastung/api';
import type { TAuswertung } from '@stellwerk/domain/verwaltung/auswertung/api';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../../test/api-call.ts';
import { signInAs } from '../../../../test/fixtures/anmelden.ts';
import { fixtureMandant } from '../../../../test/fixtures/mandant.ts';
import { startTestServer, type TestServer, testDrivers } from '../../../../test/harness.ts';
import {
  fahrzeugBuchung,
  fahrzeugNachfrageUngedeckt,
} from '../../fahrzeuge/fahrzeug-buchung/fahrzeug-buchung.public.ts';

const cest = (day: string, hhmm: string) => new Date(`${day}T${hhmm}:00+02:00`);
const suche = (standortId: string, day: string, von: string, bis: string) =>
  `/api/fahrzeuge?von=${encodeURIComponent(cest(day, von).toISOString())}&bis=${encodeURIComponent(cest(day, bis).toISOString())}&standortId=${standortId}`;
const WOCHE = (standortId: string) => `art=woche&tag=2026-04-22&standort=${standortId}`;

/**
 * The tenant: one location with its only car, a bus; the administrator, a booker with a licence, the vehicle care
 * who enters the block and the fleet manager whose booking is the only one (fewer than k people).
 */
const musterstadt = (server: TestServer) =>
  fixtureMandant(server.database, {
    name: 'Stadtwerke Musterstadt',
    domain: 'musterstadt.example',
    standorte: { haus: { name: 'Nachfragehof', bundesland: 'NW' } },
    rollen: {
      Administration: PERMISSION_NAMES,
      Mitarbeiter: ['fahrzeug_buchen'],
      Fahrzeugpflege: ['fahrzeug_pflege'],
      Fuhrparkleitung: ['fahrzeug_pflege', 'fahrzeug_buchen', 'auslastung_sehen', 'auswertung_sehen'],
    },
    benutzer: {
      admin: { vorname: 'Claudia', nachname: 'Wagner', rollen: ['Administration'] },
      mitarbeiter: { vorname: 'Lena', nachname: 'Hoffmann', rollen: ['Mitarbeiter'], fuehrerschein: true },
      fahrzeugpflege: { vorname: 'Jonas', nachname: 'Schneider', rollen: ['Fahrzeugpflege'] },
      fuhrpark: { vorname: 'Thomas', nachname: 'Becker', rollen: ['Fuhrparkleitung'], fuehrerschein: true },
    },
    fahrzeuge: {
      bus: { standort: 'haus', kennzeichen: 'T-NF 1', modell: 'Bus', spalten: { kategorie: 'Bus' } },
    },
  });

describe.each(testDrivers())('unmet vehicle demand on %s', (driver) => {
  let server: TestServer;
  let ms: Awaited<ReturnType<typeof musterstadt>>;
  let admin: string;
  let mitarbeiter: string;
  let mandantId: string;
  let haus: string;
  let bus: string;

  beforeAll(async () => {
    // Monday 20 April 2026, 12:00 in Berlin
    server = await startTestServer({ driver, seed: false, now: () => new Date('2026-04-20T10:00:00Z') });
    ms = await musterstadt(server);
    admin = await signInAs(server, ms.benutzer.admin);
    mitarbeiter = await signInAs(server, ms.benutzer.mitarbeiter);
    const db = server.database.db;
    mandantId = ms.id;
    haus = ms.standorte.haus;
    bus = ms.fahrzeuge.bus;
    const pfleger = ms.benutzer.fahrzeugpflege;
    // the only car is in the workshop on Wednesday 09:00–13:00: a block counts no person for the k threshold
    await db.insert(fahrzeugBuchung).values({
      mandantId,
      fahrzeugId: bus,
      benutzerId: pfleger.id,
      typ: 'WARTUNG',
      status: 'reserviert',
      von: cest('2026-04-22', '09:00'),
      bis: cest('2026-04-22', '13:00'),
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  const zaehler = () =>
    server.database.db
      .select()
      .from(fahrzeugNachfrageUngedeckt)
      .where(
        and(
          eq(fahrzeugNachfrageUngedeckt.mandantId, mandantId),
          eq(fahrzeugNachfrageUngedeckt.standortId, haus),
        ),
      );

  it('counts a search that finds every car taken, per location, category, day and hour, without a person', async () => {
    for (let i = 0; i < 2; i++) {
      const r = await call(server, mitarbeiter, 'GET', suche(haus, '2026-04-22', '10:00', '11:00'));
      expect(r.status).toBe(200);
      const liste = (await r.json()) as { frei: boolean; grund: string }[];
      expect(liste).toHaveLength(1);
      expect(liste[0]).toMatchObject({ frei: false, grund: 'fahrzeug_buchung.gesperrt' });
    }
    const zeilen = await zaehler();
    expect(zeilen).toEqual([
      { mandantId, standortId: haus, kategorie: 'Bus', tag: '2026-04-22', stunde: 10, anzahl: 2 },
    ]);
    // the table has no column that could name who searched
    expect(Object.keys(zeilen[0]!).sort()).toEqual(
      ['anzahl', 'kategorie', 'mandantId', 'standortId', 'stunde', 'tag'].sort(),
    );
  });

  it('does not count a search that finds a car free, a search without a period, or one the rules refuse', async () => {
    const vorher = (await zaehler()).reduce((s, z) => s + z.anzahl, 0);
    // free on Thursday
    const frei = await call(server, mitarbeiter, 'GET', suche(haus, '2026-04-23', '10:00', '11:00'));
    expect(((await frei.json()) as { frei: boolean }[])[0]?.frei).toBe(true);
    // no period
    expect((await call(server, mitarbeiter, 'GET', `/api/fahrzeuge?standortId=${haus}`)).status).toBe(200);
    // in the past: refused by the rules for every car, not demand the fleet failed
    expect((await call(server, mitarbeiter, 'GET', suche(haus, '2026-04-13', '10:00', '11:00'))).status).toBe(
      200,
    );
    expect((await zaehler()).reduce((s, z) => s + z.anzahl, 0)).toBe(vorher);
  });

  it('the vehicle utilisation shows the counts per location, category, day and hour, and the period before', async () => {
    const r = await call(server, admin, 'GET', `/api/auslastung/fahrzeuge?${WOCHE(haus)}`);
    expect(r.status).toBe(200);
    const a = (await r.json()) as TFahrzeugAuslastung;
    expect(a.verborgen).toBe(false);
    expect(a.nachfrage).toMatchObject({
      gesamt: 2,
      vorperiode: 0,
      standorte: [{ schluessel: haus, bezeichnung: 'Nachfragehof', anzahl: 2 }],
      kategorien: [{ schluessel: 'Bus', bezeichnung: 'Bus', anzahl: 2 }],
      tage: [{ tag: '2026-04-22', anzahl: 2 }],
    });
    expect(a.nachfrage!.stunden[10]).toEqual({ stunde: 10, anzahl: 2 });
    // another category filters it out
    const andere = (await (
      await call(server, admin, 'GET', `/api/auslastung/fahrzeuge?${WOCHE(haus)}&kategorie=Kombi`)
    ).json()) as TFahrzeugAuslastung;
    expect(andere.nachfrage?.gesamt ?? 0).toBe(0);
  });

  it('the evaluation and its export carry the count', async () => {
    const r = await call(server, admin, 'GET', `/api/auswertung?${WOCHE(haus)}`);
    expect(r.status).toBe(200);
    const a = (await r.json()) as TAuswertung;
    expect(a.aktuell.auslastung.fahrzeugeNachfrage).toBe(2);
    expect(a.vorher.auslastung.fahrzeugeNachfrage).toBe(0);
    const csv = await (
      await call(server, admin, 'GET', `/api/auswertung/export?${WOCHE(haus)}&format=csv`)
    ).text();
    expect(csv).toMatch(/"Ungedeckte Fahrzeug-Nachfrage";"2";"0";/);
  });

  it('hides the count with the selection when fewer than k people booked there', async () => {
    const person = ms.benutzer.fuhrpark;
    await server.database.db.insert(fahrzeugBuchung).values({
      mandantId,
      fahrzeugId: bus,
      benutzerId: person.id,
      status: 'reserviert',
      von: cest('2026-04-24', '09:00'),
      bis: cest('2026-04-24', '10:00'),
    });
    const a = (await (
      await call(server, admin, 'GET', `/api/auslastung/fahrzeuge?${WOCHE(haus)}`)
    ).json()) as TFahrzeugAuslastung;
    expect(a.verborgen).toBe(true);
    expect(a.nachfrage).toBeNull();
    const e = (await (
      await call(server, admin, 'GET', `/api/auswertung?${WOCHE(haus)}`)
    ).json()) as TAuswertung;
    expect(e.aktuell.auslastung.fahrzeugeNachfrage).toBeNull();
  });
});
