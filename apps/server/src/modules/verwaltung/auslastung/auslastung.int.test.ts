import { PERMISSION_NAMES } from '@stellwerk/domain/permissions';
import type { TFahrzeugAuslastung, TLeseraumAuslastung } from '@stellwerk/domain/verwaltung/auslastung/api';
import type { TAuswertung } from '@stellwerk/domain/verwaltung/auswertung/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, errorOf } from '../../../../test/api-call.ts';
import { signInAs } from '../../../../test/fixtures/anmelden.ts';
import { fixtureMandant } from '../../../../test/fixtures/mandant.ts';
import { startTestServer, type TestServer, testDrivers } from '../../../../test/harness.ts';
import { fahrtenbuchEintrag } from '../../fahrten/fahrt/fahrt.public.ts';
import { fahrzeugBuchung } from '../../fahrzeuge/fahrzeug-buchung/fahrzeug-buchung.public.ts';
import { leseraumBuchung } from '../../leseraum/leseraum-buchung/leseraum-buchung.public.ts';

/** Berlin summer time (CEST) from 29 March 2026: local hh:mm on `day` as an instant. */
const cest = (day: string, hhmm: string) => new Date(`${day}T${hhmm}:00+02:00`);
const HASH = 'a'.repeat(64);
const WOCHE = '/api/auslastung/leseraum?art=woche&tag=2026-04-01';

/**
 * The tenant: a location in Berlin (Good Friday 3 April 2026 is a holiday there) with two plans of two places, open
 * Mon–Fri 08–18, a vehicle without a booking window of its own, and five people with the roles of the rights test.
 */
const musterstadt = (server: TestServer) =>
  fixtureMandant(server.database, {
    name: 'Stadtwerke Musterstadt',
    domain: 'musterstadt.example',
    standorte: { testhaus: { name: 'Testhaus', bundesland: 'BE' } },
    rollen: {
      Administration: PERMISSION_NAMES,
      Mitarbeiter: ['fahrzeug_buchen'],
      Fuhrparkleitung: ['fahrzeug_pflege', 'fahrzeug_buchen', 'auslastung_sehen', 'auswertung_sehen'],
      Freigabe: ['fahrzeug_freigabe_von_sonderfahrten', 'fahrzeug_buchen'],
      Führerscheinprüfung: ['fahrzeug_fuehrerscheinpruefung'],
      Fahrzeugpflege: ['fahrzeug_pflege'],
    },
    benutzer: {
      admin: { vorname: 'Claudia', nachname: 'Wagner', rollen: ['Administration'] },
      mitarbeiter: { vorname: 'Lena', nachname: 'Hoffmann', rollen: ['Mitarbeiter'] },
      fuhrpark: { vorname: 'Thomas', nachname: 'Becker', rollen: ['Fuhrparkleitung'] },
      freigabe: { vorname: 'Sabine', nachname: 'Krüger', rollen: ['Freigabe'] },
      fuehrerschein: { vorname: 'Markus', nachname: 'Weber', rollen: ['Führerscheinprüfung'] },
      fahrzeugpflege: { vorname: 'Jonas', nachname: 'Schneider', rollen: ['Fahrzeugpflege'] },
    },
    grundrisse: {
      mess: { standort: 'testhaus', bezeichnung: 'Messraum', plaetze: ['Messraum 1', 'Messraum 2'] },
      klein: { standort: 'testhaus', bezeichnung: 'Kleinraum', plaetze: ['Kleinraum 1', 'Kleinraum 2'] },
    },
    fahrzeuge: {
      messwagen: {
        standort: 'testhaus',
        kennzeichen: 'T-MW 1',
        modell: 'Messwagen',
        spalten: { kategorie: 'Messwagen' },
      },
    },
  });

/** Another tenant, its vehicle booking switched off, and its administrator holding every right. */
const beispielhausen = (server: TestServer) =>
  fixtureMandant(server.database, {
    name: 'Bibliothek Beispielhausen',
    domain: 'beispielhausen.example',
    features: { FahrzeugBuchung: false },
    rollen: { Administration: PERMISSION_NAMES },
    benutzer: { admin: { vorname: 'Andreas', nachname: 'Schwarz', rollen: ['Administration'] } },
  });

describe.each(testDrivers())('/api/auslastung on %s', (driver) => {
  let server: TestServer;
  let ms: Awaited<ReturnType<typeof musterstadt>>;
  let andere: Awaited<ReturnType<typeof beispielhausen>>;
  let admin: string;
  let mandantId: string;
  let messraum: string;
  let kleinraum: string;
  let testhaus: string;
  let wagen: string;

  beforeAll(async () => {
    server = await startTestServer({ driver, seed: false, now: () => new Date('2026-04-20T10:00:00Z') });
    ms = await musterstadt(server);
    andere = await beispielhausen(server);
    admin = await signInAs(server, ms.benutzer.admin);
    const db = server.database.db;
    mandantId = ms.id;
    const u = (['mitarbeiter', 'fuhrpark', 'freigabe', 'fuehrerschein', 'fahrzeugpflege'] as const).map(
      (k) => ms.benutzer[k].id,
    );
    testhaus = ms.standorte.testhaus;
    const { mess, klein } = ms.grundrisse;
    messraum = ms.grundrisse.mess.id;
    kleinraum = ms.grundrisse.klein.id;
    const [p1, p2] = mess.plaetze.map((p) => p.id) as [string, string];
    const buchung = (
      leseraumId: string,
      person: string,
      tag: string,
      von: string,
      bis: string,
      status: string,
      storno: { grund: string; am: Date } | null = null,
    ) => ({
      mandantId,
      leseraumId,
      systembenutzer1Mail: `${person}@example.org`,
      von: cest(tag, von),
      bis: cest(tag, bis),
      status,
      stornoGrund: storno?.grund ?? null,
      storniertAm: storno?.am ?? null,
    });
    await db.insert(leseraumBuchung).values([
      buchung(p1, 'p1', '2026-03-30', '09:00', '12:00', 'durchgeführt'), // 180 min, checked in
      buchung(p1, 'p2', '2026-03-31', '10:00', '14:00', 'durchgeführt'), // 240 min, checked in
      buchung(p2, 'p3', '2026-03-31', '08:00', '18:00', 'reserviert'), // 600 min
      // released without check-in: booked 07–09, 08–09 inside the opening hours (60 min)
      buchung(p2, 'p4', '2026-04-01', '07:00', '09:00', 'storniert', {
        grund: 'nicht_eingecheckt',
        am: cest('2026-04-01', '08:15'),
      }),
      // Good Friday: closed by the holiday, counted as booked and checked in, no time
      buchung(p1, 'p5', '2026-04-03', '09:00', '12:00', 'durchgeführt'),
      // cancelled two days ahead; a hold that lapsed
      buchung(p1, 'p1', '2026-04-02', '09:00', '10:00', 'storniert', {
        grund: 'storniert',
        am: cest('2026-03-31', '09:00'),
      }),
      buchung(p2, 'p2', '2026-04-02', '12:00', '13:00', 'storniert', {
        grund: 'frist_abgelaufen',
        am: cest('2026-04-02', '12:00'),
      }),
      // the next two weeks: 21 April 09–13 on one place (4 of 20 place-hours that day)
      buchung(p1, 'p1', '2026-04-21', '09:00', '13:00', 'reserviert'),
      buchung(p2, 'p2', '2026-04-22', '09:00', '10:00', 'reserviert'),
      buchung(p2, 'p3', '2026-04-23', '09:00', '10:00', 'reserviert'),
      buchung(p2, 'p4', '2026-04-24', '09:00', '10:00', 'reserviert'),
      buchung(p2, 'p5', '2026-04-27', '09:00', '10:00', 'reserviert'),
    ]);
    // the small room: four other people only
    const [k1, k2] = klein.plaetze.map((p) => p.id) as [string, string];
    await db
      .insert(leseraumBuchung)
      .values([
        buchung(k1, 'q1', '2026-03-30', '08:00', '18:00', 'durchgeführt'),
        buchung(k2, 'q2', '2026-03-30', '08:00', '18:00', 'durchgeführt'),
        buchung(k1, 'q3', '2026-03-31', '08:00', '18:00', 'durchgeführt'),
        buchung(k2, 'q4', '2026-03-31', '08:00', '18:00', 'durchgeführt'),
      ]);

    // a vehicle in Testhaus, the tenant's booking period 09:00–18:00 on all seven days
    wagen = ms.fahrzeuge.messwagen;
    const fb = (person: string, tag: string, von: string, bis: string, status = 'durchgeführt') => ({
      mandantId,
      fahrzeugId: wagen,
      benutzerId: person,
      von: cest(tag, von),
      bis: cest(tag, bis),
      status,
    });
    await db.insert(fahrzeugBuchung).values([
      fb(u[0]!, '2026-03-30', '09:00', '12:00'), // 180
      fb(u[1]!, '2026-03-31', '08:00', '10:00'), // 60 inside 09–18
      fb(u[2]!, '2026-04-01', '17:00', '20:00'), // 60
      fb(u[3]!, '2026-04-02', '09:00', '18:00'), // 540
      fb(u[4]!, '2026-04-04', '10:00', '11:00'), // 60 (Saturday)
      fb(u[0]!, '2026-04-05', '10:00', '11:00', 'storniert'), // not counted: Sunday stays idle
    ]);
    const trip = (
      n: number,
      person: string,
      tag: string,
      von: string,
      bis: string,
      art: string,
      km: [number, number],
    ) => ({
      mandantId,
      fahrzeugId: wagen,
      laufnummer: n,
      kennzeichen: 'T-MW 1',
      quelle: 'hand',
      art,
      beginn: cest(tag, von),
      ende: cest(tag, bis),
      kmBeginn: km[0],
      kmEnde: km[1],
      fahrerId: person,
      fahrerName: 'Fahrer',
      erfasstAm: cest(tag, bis),
      erfasstVonId: person,
      erfasstVonName: 'Fahrer',
      hashVorher: HASH,
      hash: HASH,
    });
    await db.insert(fahrtenbuchEintrag).values([
      trip(1, u[0]!, '2026-03-30', '09:00', '11:00', 'dienstlich', [0, 40]), // 120 min
      trip(2, u[1]!, '2026-03-31', '09:00', '10:00', 'arbeitsweg', [40, 50]), // 60
      trip(3, u[2]!, '2026-04-01', '17:00', '18:00', 'dienstlich', [50, 80]), // 60
      trip(4, u[3]!, '2026-04-02', '09:00', '12:00', 'privat', [80, 140]), // 180
      trip(5, u[4]!, '2026-04-04', '10:00', '11:00', 'dienstlich', [140, 150]), // 60
    ]);
  });
  afterAll(async () => {
    await server?.close();
  });

  const get = async <T>(cookie: string, path: string) => {
    const response = await call(server, cookie, 'GET', path);
    expect(response.status).toBe(200);
    return (await response.json()) as T;
  };

  it('reading room, hourly: exact figures of the Easter week in Berlin (Good Friday closed)', async () => {
    const r = await get<TLeseraumAuslastung>(admin, `${WOCHE}&grundriss=${messraum}&modus=stuendlich`);
    expect(r.zeitraum).toEqual({ art: 'woche', vonTag: '2026-03-30', bisTag: '2026-04-05' });
    expect(r.vorperiode).toMatchObject({ vonTag: '2026-03-23', bisTag: '2026-03-29' });
    expect(r.verborgen).toBe(false);
    expect(r.plaetze).toBe(2);
    // bookable: Mon–Thu 600 min × 2 places = 4800; booked 180 + 240 + 600 + 60 = 1080; checked in 420
    expect(r.auslastung).toBeCloseTo(1080 / 4800, 10);
    expect(r.auslastungEingecheckt).toBeCloseTo(420 / 4800, 10);
    expect(r.vorperiodeAuslastung).toBe(0);
    expect(r.tage.map((t) => [t.tag, t.quote])).toEqual([
      ['2026-03-30', 180 / 1200],
      ['2026-03-31', 840 / 1200],
      ['2026-04-01', 60 / 1200],
      ['2026-04-02', 0],
    ]);
    expect(r.spitzenTag).toEqual({ tag: '2026-03-31', quote: 0.7 });
    expect(r.heatmap.find((h) => h.wochentag === 2 && h.stunde === 10)?.quote).toBe(1);
    expect(r.heatmap.find((h) => h.wochentag === 1 && h.stunde === 8)?.quote).toBe(0);
    expect(r.heatmap.some((h) => h.wochentag === 5)).toBe(false);
    expect(r.buchungen).toEqual({
      gebucht: 5,
      eingecheckt: 3,
      freigegeben: 1,
      noShowQuote: 0.25,
      verfalleneVormerkungen: 1,
      stornierungen: 1,
      vorlauf: { unterEinerStunde: 0, biszuEinemTag: 0, biszuEinerWoche: 1, laenger: 0, unbekannt: 0 },
    });
    expect(r.grundrisse.zellen).toEqual([
      { schluessel: messraum, bezeichnung: 'Messraum', quote: 1080 / 4800 },
    ]);
    // the next 14 days from 20 April: 21 April has 240 of 1200 place-minutes
    expect(r.vorschau.verborgen).toBe(false);
    expect(r.vorschau.tage.find((t) => t.tag === '2026-04-21')?.quote).toBe(0.2);
    // 20 April to 3 May: ten weekdays, 1 May (Tag der Arbeit) closed
    expect(r.vorschau.tage).toHaveLength(9);
  });

  it('reading room, full day: booked place-days of open place-days', async () => {
    const r = await get<TLeseraumAuslastung>(admin, `${WOCHE}&grundriss=${messraum}&modus=ganztags`);
    // Mon place 1, Tue both, Wed place 2 (released booking inside the hours) = 4 of 8
    expect(r.auslastung).toBe(0.5);
    expect(r.auslastungEingecheckt).toBe(2 / 8);
  });

  it('k threshold: a room of four people shows no figure, alone or in a breakdown', async () => {
    const allein = await get<TLeseraumAuslastung>(admin, `${WOCHE}&grundriss=${kleinraum}`);
    expect(allein.verborgen).toBe(true);
    expect(allein.auslastung).toBeNull();
    expect(allein.tage).toEqual([]);
    expect(allein.heatmap).toEqual([]);
    expect(allein.grundrisse.zellen).toEqual([]);
    const beide = await get<TLeseraumAuslastung>(admin, `${WOCHE}&standort=${testhaus}&modus=stuendlich`);
    expect(beide.verborgen).toBe(false);
    // the small room's four people cannot stand alone in "Sonstige": the Messraum joins them, no cell is shown
    expect(beide.grundrisse.zellen).toEqual([]);
    expect(beide.grundrisse.sonstige).toEqual({ anzahlZellen: 2, quote: (1080 + 2400) / 9600 });
    expect(JSON.stringify(beide)).not.toContain('@example.org');
  });

  it('a lower k in the tenant settings shows the small room', async () => {
    const put = await call(server, admin, 'PUT', '/api/customizing/mandant/AuslastungMindestPersonen', {
      value: 4,
    });
    expect(put.status).toBeLessThan(300);
    try {
      const beide = await get<TLeseraumAuslastung>(admin, `${WOCHE}&standort=${testhaus}&modus=stuendlich`);
      expect(beide.k).toBe(4);
      expect(beide.grundrisse.zellen.map((z) => [z.bezeichnung, z.quote])).toEqual([
        ['Kleinraum', 2400 / 4800],
        ['Messraum', 1080 / 4800],
      ]);
    } finally {
      await call(server, admin, 'PUT', '/api/customizing/mandant/AuslastungMindestPersonen', {
        value: 5,
      });
    }
  });

  it('vehicles: booked and driven hours of the bookable hours, trips and km per month, idle days, the recommendation', async () => {
    const r = await get<TFahrzeugAuslastung>(
      admin,
      '/api/auslastung/fahrzeuge?art=woche&tag=2026-04-01&kategorie=Messwagen',
    );
    expect(r.verborgen).toBe(false);
    expect(r.fahrzeuge).toBe(1);
    // 09–18 on 6 days (Good Friday a holiday in Berlin) = 3240 min = 54 h
    expect(r.buchbareStunden).toBe(54);
    expect(r.auslastungGebucht).toBeCloseTo(900 / 3240, 10);
    expect(r.auslastungGefahren).toBeCloseTo(480 / 3240, 10);
    expect(r.buchbareTage).toBe(6);
    expect(r.standtage).toBe(1);
    expect(r.monate).toEqual([
      { monat: '2026-03', fahrten: 2, km: 50, kmPrivat: 0, kmArbeitsweg: 10 },
      { monat: '2026-04', fahrten: 3, km: 100, kmPrivat: 60, kmArbeitsweg: 0 },
    ]);
    expect(r.privatAnteil).toBeCloseTo(0.4, 10);
    expect(r.arbeitswegAnteil).toBeCloseTo(10 / 150, 10);
    // 90 days up to 19 April: 90 days minus Frauentag, Good Friday and Easter Monday = 87 × 9 h
    const kandidat = r.kandidaten.fahrzeuge.find((f) => f.id === wagen);
    expect(kandidat).toMatchObject({ bezeichnung: 'T-MW 1 (Test Messwagen)', gebuchteStunden: 15 });
    expect(kandidat!.quote).toBeCloseTo(900 / (87 * 540), 10);
    expect(r.kandidaten.schwelle).toBe(20);
  });

  it("the evaluation's headline figures are the utilisation's, computed without its lists (decision 279)", async () => {
    const plaetze = await get<TLeseraumAuslastung>(admin, WOCHE);
    const fahrzeuge = await get<TFahrzeugAuslastung>(
      admin,
      '/api/auslastung/fahrzeuge?art=woche&tag=2026-04-01',
    );
    const a = await get<TAuswertung>(admin, '/api/auswertung?art=woche&tag=2026-04-01');
    expect(plaetze.verborgen).toBe(false);
    expect(plaetze.auslastung).toBeGreaterThan(0);
    expect(fahrzeuge.auslastungGebucht).toBeGreaterThan(0);
    expect(a.aktuell.auslastung).toEqual({
      plaetze: plaetze.auslastung,
      plaetzeVerborgen: false,
      fahrzeugeGebucht: fahrzeuge.auslastungGebucht,
      fahrzeugeGefahren: fahrzeuge.auslastungGefahren,
      fahrzeugeVerborgen: false,
      fahrzeugeNachfrage: fahrzeuge.nachfrage!.gesamt,
    });
    expect(a.vorher.auslastung).toEqual({
      plaetze: plaetze.vorperiodeAuslastung,
      plaetzeVerborgen: plaetze.vorperiodeVerborgen,
      fahrzeugeGebucht: fahrzeuge.vorperiodeGebucht,
      fahrzeugeGefahren: null,
      fahrzeugeVerborgen: fahrzeuge.vorperiodeVerborgen,
      fahrzeugeNachfrage: fahrzeuge.nachfrage!.vorperiode,
    });
  });

  it('rights: 401 without a session, 403 without admin access or without auslastung_sehen', async () => {
    expect((await call(server, null, 'GET', WOCHE)).status).toBe(401);
    const booker = await call(server, await signInAs(server, ms.benutzer.mitarbeiter), 'GET', WOCHE);
    expect(booker.status).toBe(403);
    expect((await errorOf(booker)).code).toBe('guard.no_admin');
    const pflege = await signInAs(server, ms.benutzer.fahrzeugpflege);
    for (const path of [WOCHE, '/api/auslastung/fahrzeuge']) {
      const response = await call(server, pflege, 'GET', path);
      expect(response.status).toBe(403);
      expect(await errorOf(response)).toMatchObject({
        code: 'guard.no_auslastung',
        message: 'Keine Berechtigung für die Büroauslastung.',
      });
    }
    // the fleet manager holds the right in the demo roles
    const fuhrpark = await signInAs(server, ms.benutzer.fuhrpark);
    expect((await call(server, fuhrpark, 'GET', '/api/auslastung/fahrzeuge')).status).toBe(200);
  });

  it('bad input answers 400 with the catalogue message', async () => {
    const response = await call(
      server,
      admin,
      'GET',
      '/api/auslastung/leseraum?art=frei&von=2026-05-01&bis=2026-04-01',
    );
    expect(response.status).toBe(400);
    expect((await errorOf(response)).code).toBe('auslastung.zeitraum_ungueltig');
    expect((await call(server, admin, 'GET', '/api/auslastung/leseraum?art=dekade')).status).toBe(400);
  });

  it("another tenant never sees or counts this tenant's rooms and vehicles; its vehicles are switched off", async () => {
    const bh = await signInAs(server, andere.benutzer.admin);
    const r = await get<TLeseraumAuslastung>(bh, `${WOCHE}&grundriss=${messraum}`);
    expect(r.plaetze).toBe(0);
    expect(r.auslastung).toBeNull();
    expect(r.buchungen.gebucht).toBe(0);
    const alle = await get<TLeseraumAuslastung>(bh, WOCHE);
    expect(alle.grundrisse.zellen.map((z) => z.bezeichnung)).not.toContain('Messraum');
    expect((await call(server, bh, 'GET', '/api/auslastung/fahrzeuge')).status).toBe(404);
  });
});
