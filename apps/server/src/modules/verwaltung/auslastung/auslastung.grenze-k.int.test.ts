/**
 * Where the location limit (decision 258) meets the k threshold (decision 164), the vehicle rollup (decisions 256,
 * 270), the holidays of a location's state, a vehicle's validity and move, and the tenant's k (decision 272): a
 * manager limited to the north sees the north's people, figures, breakdowns and unmet demand only, on the
 * utilisation's screens, the evaluation and its exports, whatever an unlimited reader filled into the rollup before.
 *
 * The data, in two weeks of March 2026 (the north in Berlin, the south in Bavaria; Sunday 8 March, Frauentag, is a
 * holiday in Berlin only). Vehicles bookable 09–18 on all seven days (the tenant's period, 540 min a day); every
 * vehicle booking is 10–11 with a trip 10–10:30 by the same person.
 *
 * - week 1 (2–8 March): north car N1 (Kombi) booked by A1–A3 (Mon–Wed), north bus N2 (Bus) by A4, A5 (Mon, Tue) and
 *   by A4 on the holiday Sunday; south car S1 (Kombi) by B1–B5 (Mon–Fri) and by B1 on Sunday. Reading rooms: the
 *   north's Lesesaal (2 places) booked 09–12 by a1–a5 (Mon–Fri), the north's Kabinett (1 place) 08–18 by c1, c2
 *   (Mon, Tue); the south's Lesesaal 08–18 by b1–b5 (Mon–Fri).
 * - week 2 (9–15 March): N1 by A1, A2 (Mon, Tue), N2 by A3 (Mon); S1 by B1–B4 (Mon–Thu). Reading rooms: the north's
 *   Lesesaal by a1–a3, the south's by b1–b4. The north counts 3 people, the tenant 7.
 * - unmet demand: north 1 (24 Feb), 2 (3 March, Kombi), 4 (10 March); south 5 (25 Feb), 7 (4 March), 9 (11 March).
 * - April, after the 90 days of the recommendation: in the week of 13 April only A1 books N1 (Tue) and a1 the
 *   north's Lesesaal; in the week of 20 April A1–A3 book N1 (Mon–Wed), A4, A5 N2 (Mon, Tue), a1–a5 the Lesesaal
 *   (Mon–Fri). No trips.
 */
import { randomUUID } from 'node:crypto';
import { PERMISSION_NAMES } from '@stellwerk/domain/permissions';
import type { TFahrzeugAuslastung, TLeseraumAuslastung } from '@stellwerk/domain/verwaltung/auslastung/api';
import type { TAuswertung } from '@stellwerk/domain/verwaltung/auswertung/api';
import { exportZeilen } from '@stellwerk/domain/verwaltung/auswertung/kennzahlen';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../../test/api-call.ts';
import { signInAs } from '../../../../test/fixtures/anmelden.ts';
import { fixtureMandant } from '../../../../test/fixtures/mandant.ts';
import { startTestServer, type TestServer, testDrivers } from '../../../../test/harness.ts';
import { fahrtenbuchEintrag } from '../../fahrten/fahrt/fahrt.public.ts';
import { fahrzeug } from '../../fahrzeuge/fahrzeug/fahrzeug.public.ts';
import {
  fahrzeugBuchung,
  fahrzeugNachfrageUngedeckt,
} from '../../fahrzeuge/fahrzeug-buchung/fahrzeug-buchung.public.ts';
import { leseraumBuchung } from '../../leseraum/leseraum-buchung/leseraum-buchung.public.ts';
import { standort } from '../standort/standort.public.ts';

/** Berlin winter time (CET) in March 2026 before the 29th: local hh:mm on `day` as an instant. */
const cet = (day: string, hhmm: string) => new Date(`${day}T${hhmm}:00+01:00`);
/** … and summer time (CEST) in April. */
const cest = (day: string, hhmm: string) => new Date(`${day}T${hhmm}:00+02:00`);
const HASH = 'a'.repeat(64);
const W1 = 'art=woche&tag=2026-03-04';
const W2 = 'art=woche&tag=2026-03-11';
/** The week of 20 April, whose previous week counts one person. */
const W4 = 'art=woche&tag=2026-04-22';
const TAG = 540;
const MAERZ = (d: number) => `2026-03-${String(d).padStart(2, '0')}`;

const musterstadt = (server: TestServer) =>
  fixtureMandant(server.database, {
    name: 'Stadtwerke Musterstadt',
    domain: 'musterstadt.example',
    standorte: {
      nord: { name: 'Nordhaus', bundesland: 'BE' },
      sued: { name: 'Südhaus', bundesland: 'BY' },
      // a location without vehicles or plans, deleted by a test
      west: { name: 'Westhaus', bundesland: 'BE' },
    },
    rollen: {
      Administration: PERMISSION_NAMES,
      Leitung: ['fahrzeug_pflege', 'fahrzeug_buchen', 'auslastung_sehen', 'auswertung_sehen'],
      Pflege: ['fahrzeug_pflege'],
      Auslastung: ['auslastung_sehen'],
      Auswertung: ['auswertung_sehen'],
    },
    benutzer: {
      admin: { vorname: 'Claudia', nachname: 'Wagner', rollen: ['Administration'] },
      leitung: { vorname: 'Thomas', nachname: 'Becker', rollen: [{ rolle: 'Leitung', standorte: ['nord'] }] },
      west: { vorname: 'Jonas', nachname: 'Schneider', rollen: [{ rolle: 'Leitung', standorte: ['west'] }] },
      // the utilisation for the whole tenant, the evaluation for the north only
      gemischt: {
        vorname: 'Sabine',
        nachname: 'Krüger',
        rollen: ['Pflege', 'Auslastung', { rolle: 'Auswertung', standorte: ['nord'] }],
      },
    },
    fahrzeuge: {
      n1: { standort: 'nord', kennzeichen: 'N-K 1', modell: 'Kombi', spalten: { kategorie: 'Kombi' } },
      n2: { standort: 'nord', kennzeichen: 'N-B 2', modell: 'Bus', spalten: { kategorie: 'Bus' } },
      s1: { standort: 'sued', kennzeichen: 'S-K 1', modell: 'Kombi', spalten: { kategorie: 'Kombi' } },
    },
    grundrisse: {
      lnord: { standort: 'nord', bezeichnung: 'Lesesaal Nord', plaetze: ['LN 1', 'LN 2'] },
      kabinett: { standort: 'nord', bezeichnung: 'Kabinett Nord', plaetze: ['KN 1'] },
      lsued: { standort: 'sued', bezeichnung: 'Lesesaal Süd', plaetze: ['LS 1', 'LS 2'] },
    },
  });

describe.each(testDrivers())('location limit × k threshold × rollup on %s', (driver) => {
  let server: TestServer;
  let ms: Awaited<ReturnType<typeof musterstadt>>;
  let admin: string;
  let leitung: string;
  let gemischt: string;
  let nord: string;
  let sued: string;

  beforeAll(async () => {
    server = await startTestServer({ driver, seed: false, now: () => new Date('2026-04-20T10:00:00Z') });
    ms = await musterstadt(server);
    ({ nord, sued } = ms.standorte);
    const mandantId = ms.id;
    const db = server.database.db;
    const A = Array.from({ length: 5 }, () => randomUUID());
    const B = Array.from({ length: 5 }, () => randomUUID());
    const { n1, n2, s1 } = ms.fahrzeuge;
    // [vehicle, person, day of March]
    const fahrten: [string, string, number][] = [
      [n1, A[0]!, 2],
      [n1, A[1]!, 3],
      [n1, A[2]!, 4],
      [n2, A[3]!, 2],
      [n2, A[4]!, 3],
      [n2, A[3]!, 8],
      ...B.map((b, i): [string, string, number] => [s1, b, 2 + i]),
      [s1, B[0]!, 8],
      [n1, A[0]!, 9],
      [n1, A[1]!, 10],
      [n2, A[2]!, 9],
      ...B.slice(0, 4).map((b, i): [string, string, number] => [s1, b, 9 + i]),
    ];
    await db.insert(fahrzeugBuchung).values(
      fahrten.map(([fahrzeugId, person, d]) => ({
        mandantId,
        fahrzeugId,
        benutzerId: null,
        anonymPerson: person,
        anonymisiertAm: cet(MAERZ(d), '20:00'),
        von: cet(MAERZ(d), '10:00'),
        bis: cet(MAERZ(d), '11:00'),
        status: 'durchgeführt',
      })),
    );
    await db.insert(fahrtenbuchEintrag).values(
      fahrten.map(([fahrzeugId, person, d], i) => ({
        mandantId,
        fahrzeugId,
        laufnummer: i + 1,
        kennzeichen: 'X',
        quelle: 'hand',
        // the north drives on business, the south privately
        art: fahrzeugId === s1 ? 'privat' : 'dienstlich',
        beginn: cet(MAERZ(d), '10:00'),
        ende: cet(MAERZ(d), '10:30'),
        kmBeginn: i * 10,
        kmEnde: i * 10 + 10,
        fahrerId: person,
        fahrerName: 'Fahrer',
        erfasstAm: cet(MAERZ(d), '20:00'),
        erfasstVonId: person,
        erfasstVonName: 'Fahrer',
        hashVorher: HASH,
        hash: HASH,
      })),
    );
    const april: [string, string, string][] = [
      [n1, A[0]!, '2026-04-14'],
      [n1, A[0]!, '2026-04-20'],
      [n1, A[1]!, '2026-04-21'],
      [n1, A[2]!, '2026-04-22'],
      [n2, A[3]!, '2026-04-20'],
      [n2, A[4]!, '2026-04-21'],
    ];
    await db.insert(fahrzeugBuchung).values(
      april.map(([fahrzeugId, person, tag]) => ({
        mandantId,
        fahrzeugId,
        benutzerId: null,
        anonymPerson: person,
        anonymisiertAm: cest(tag, '20:00'),
        von: cest(tag, '10:00'),
        bis: cest(tag, '11:00'),
        status: 'durchgeführt',
      })),
    );
    const platz = (p: { id: string }, person: string, d: number | string, von: string, bis: string) => {
      const [tag, zeit] = typeof d === 'number' ? [MAERZ(d), cet] : [d, cest];
      return {
        mandantId,
        leseraumId: p.id,
        systembenutzer1Mail: `${person}@example.org`,
        von: zeit(tag, von),
        bis: zeit(tag, bis),
        status: 'durchgeführt',
      };
    };
    const { lnord, kabinett, lsued } = ms.grundrisse;
    await db
      .insert(leseraumBuchung)
      .values([
        ...[1, 2, 3, 4, 5].map((i) => platz(lnord.plaetze[0]!, `a${i}`, 1 + i, '09:00', '12:00')),
        platz(kabinett.plaetze[0]!, 'c1', 2, '08:00', '18:00'),
        platz(kabinett.plaetze[0]!, 'c2', 3, '08:00', '18:00'),
        ...[1, 2, 3, 4, 5].map((i) => platz(lsued.plaetze[0]!, `b${i}`, 1 + i, '08:00', '18:00')),
        ...[1, 2, 3].map((i) => platz(lnord.plaetze[0]!, `a${i}`, 8 + i, '09:00', '12:00')),
        ...[1, 2, 3, 4].map((i) => platz(lsued.plaetze[0]!, `b${i}`, 8 + i, '08:00', '18:00')),
        platz(lnord.plaetze[0]!, 'a1', '2026-04-14', '09:00', '12:00'),
        ...[1, 2, 3, 4, 5].map((i) =>
          platz(lnord.plaetze[0]!, `a${i}`, `2026-04-${19 + i}`, '09:00', '12:00'),
        ),
      ]);
    await db.insert(fahrzeugNachfrageUngedeckt).values([
      { mandantId, standortId: nord, kategorie: 'Kombi', tag: '2026-02-24', stunde: 9, anzahl: 1 },
      { mandantId, standortId: nord, kategorie: 'Kombi', tag: '2026-03-03', stunde: 9, anzahl: 2 },
      { mandantId, standortId: nord, kategorie: 'Bus', tag: '2026-03-10', stunde: 9, anzahl: 4 },
      { mandantId, standortId: sued, kategorie: 'Kombi', tag: '2026-02-25', stunde: 10, anzahl: 5 },
      { mandantId, standortId: sued, kategorie: 'Kombi', tag: '2026-03-04', stunde: 10, anzahl: 7 },
      { mandantId, standortId: sued, kategorie: 'Kombi', tag: '2026-03-11', stunde: 10, anzahl: 9 },
    ]);
    admin = await signInAs(server, ms.benutzer.admin);
    leitung = await signInAs(server, ms.benutzer.leitung);
    gemischt = await signInAs(server, ms.benutzer.gemischt);
  });
  afterAll(async () => {
    await server?.close();
  });

  const get = async <T>(cookie: string, path: string) => {
    const response = await call(server, cookie, 'GET', path);
    expect(response.status, path).toBe(200);
    return (await response.json()) as T;
  };
  const fahrzeuge = (cookie: string, q: string) =>
    get<TFahrzeugAuslastung>(cookie, `/api/auslastung/fahrzeuge?${q}`);
  const leseraum = (cookie: string, q: string) =>
    get<TLeseraumAuslastung>(cookie, `/api/auslastung/leseraum?${q}&modus=stuendlich`);
  const auswertung = (cookie: string, q: string) => get<TAuswertung>(cookie, `/api/auswertung?${q}`);
  const leereRollup = () =>
    server.database.db.execute(sql`delete from fahrzeug_tag_minuten where mandant_id = ${ms.id}`);
  const rollupFahrzeuge = async () =>
    new Set(
      (
        await server.database.db.execute(
          sql`select distinct fahrzeug_id::text as id from fahrzeug_tag_minuten where mandant_id = ${ms.id}`,
        )
      ).rows.map((r) => (r as { id: string }).id),
    );
  const setzeK = async (value: number) => {
    const put = await call(server, admin, 'PUT', '/api/customizing/mandant/AuslastungMindestPersonen', {
      value,
    });
    expect(put.status).toBeLessThan(300);
  };

  /** Week 1 of the north: N1 and N2 bookable on six days (Sunday a Berlin holiday), 300 min booked, 150 driven. */
  const erwarteNordW1 = (f: TFahrzeugAuslastung) => {
    expect(f.verborgen).toBe(false);
    expect(f.fahrzeuge).toBe(2);
    expect(f.buchbareTage).toBe(12);
    expect(f.buchbareStunden).toBe((12 * TAG) / 60);
    expect(f.auslastungGebucht).toBeCloseTo(300 / (12 * TAG), 12);
    expect(f.auslastungGefahren).toBeCloseTo(150 / (12 * TAG), 12);
    // N1 idle Thu–Sat, N2 Wed–Sat (Sunday is not bookable)
    expect(f.standtage).toBe(7);
    expect(f.vorperiodeGebucht).toBe(0);
    expect(f.standorte).toEqual({
      zellen: [{ schluessel: nord, bezeichnung: 'Nordhaus', quote: 300 / (12 * TAG) }],
      sonstige: null,
      verborgen: 0,
    });
    // Kombi 3 people, Bus 2: neither stands alone, together the north's five; the south's Kombi is not in it
    expect(f.kategorien).toEqual({
      zellen: [],
      sonstige: { anzahlZellen: 2, quote: 300 / (12 * TAG) },
      verborgen: 0,
    });
    expect(f.fahrzeugeAufgeschluesselt).toEqual({
      zellen: [],
      sonstige: { anzahlZellen: 2, quote: 300 / (12 * TAG) },
      verborgen: 0,
    });
    expect(f.monate).toEqual([{ monat: '2026-03', fahrten: 6, km: 60, kmPrivat: 0, kmArbeitsweg: 0 }]);
    expect(f.privatAnteil).toBe(0);
  };

  /** Week 1 of the whole tenant: the north as above; S1 bookable on seven days, 360 min booked, 180 driven. */
  const erwarteAlleW1 = (f: TFahrzeugAuslastung) => {
    expect(f.verborgen).toBe(false);
    expect(f.fahrzeuge).toBe(3);
    expect(f.buchbareTage).toBe(19);
    expect(f.auslastungGebucht).toBeCloseTo(660 / (19 * TAG), 12);
    expect(f.auslastungGefahren).toBeCloseTo(330 / (19 * TAG), 12);
    expect(f.standtage).toBe(8);
    expect(f.standorte.zellen).toEqual([
      { schluessel: nord, bezeichnung: 'Nordhaus', quote: 300 / (12 * TAG) },
      { schluessel: sued, bezeichnung: 'Südhaus', quote: 360 / (7 * TAG) },
    ]);
    expect(f.fahrzeugeAufgeschluesselt).toEqual({
      zellen: [{ schluessel: ms.fahrzeuge.s1, bezeichnung: 'S-K 1 (Test Kombi)', quote: 360 / (7 * TAG) }],
      sonstige: { anzahlZellen: 2, quote: 300 / (12 * TAG) },
      verborgen: 0,
    });
  };

  it('vehicles: the limited manager counts, computes and breaks down the north only', async () => {
    const f = await fahrzeuge(leitung, W1);
    erwarteNordW1(f);
    expect(f.auswahl.standorte).toEqual([{ id: nord, name: 'Nordhaus' }]);
    expect(f.auswahl.kategorien).toEqual(['Bus', 'Kombi']);
    expect(f.nachfrage).toMatchObject({
      gesamt: 2,
      vorperiode: 1,
      standorte: [{ schluessel: nord, bezeichnung: 'Nordhaus', anzahl: 2 }],
      kategorien: [{ schluessel: 'Kombi', bezeichnung: 'Kombi', anzahl: 2 }],
      tage: [{ tag: '2026-03-03', anzahl: 2 }],
    });
    // the recommendation: N1 and N2 below the threshold with fewer than k people each; S1 is not the north's
    expect(f.kandidaten.fahrzeuge).toEqual([]);
    expect(f.kandidaten.verborgen).toBe(2);
    const text = JSON.stringify(f);
    for (const fremd of [sued, ms.fahrzeuge.s1, 'Südhaus', 'S-K 1']) expect(text).not.toContain(fremd);
    // the same as an unlimited reader asking for the north
    const n = await fahrzeuge(admin, `${W1}&standort=${nord}`);
    expect({ ...f, auswahl: null }).toEqual({ ...n, auswahl: null });
    // the whole tenant for the unlimited reader
    const alle = await fahrzeuge(admin, W1);
    erwarteAlleW1(alle);
    expect(alle.nachfrage).toMatchObject({ gesamt: 9, vorperiode: 6 });
    expect(alle.kandidaten.fahrzeuge.map((k) => k.id)).toEqual([ms.fahrzeuge.s1]);
  });

  it('vehicles: the north alone below k shows nothing, though the tenant counts seven people', async () => {
    const alle = await fahrzeuge(admin, W2);
    expect(alle.verborgen).toBe(false);
    // north 3 and south 4 people: only together in "Sonstige" (seven bookings of 21 bookable days)
    expect(alle.standorte).toEqual({
      zellen: [],
      sonstige: { anzahlZellen: 2, quote: 420 / (21 * TAG) },
      verborgen: 0,
    });
    const f = await fahrzeuge(leitung, W2);
    expect(f).toMatchObject({
      verborgen: true,
      fahrzeuge: 2,
      auslastungGebucht: null,
      auslastungGefahren: null,
      vorperiodeGebucht: null,
      buchbareStunden: 0,
      standtage: 0,
      buchbareTage: 0,
      monate: [],
      nachfrage: null,
      standorte: { zellen: [], sonstige: null, verborgen: 0 },
      kategorien: { zellen: [], sonstige: null, verborgen: 0 },
      fahrzeugeAufgeschluesselt: { zellen: [], sonstige: null, verborgen: 0 },
    });
    expect(await fahrzeuge(admin, `${W2}&standort=${nord}`)).toMatchObject({ verborgen: true });
  });

  it('reading rooms: the north only; "Sonstige" merges the north’s plans, never the south’s', async () => {
    const r = await leseraum(leitung, W1);
    // Lesesaal Nord: 5 × 180 of 5 days × 600 × 2 places; Kabinett: 2 × 600 of 5 × 600
    const nordQuote = (900 + 1200) / (6000 + 3000);
    expect(r.verborgen).toBe(false);
    expect(r.plaetze).toBe(3);
    expect(r.auswahl.standorte).toEqual([{ id: nord, name: 'Nordhaus' }]);
    expect(r.auswahl.grundrisse.map((g) => g.name)).toEqual(['Kabinett Nord', 'Lesesaal Nord']);
    expect(r.auslastung).toBeCloseTo(nordQuote, 12);
    expect(r.standorte.zellen).toEqual([{ schluessel: nord, bezeichnung: 'Nordhaus', quote: nordQuote }]);
    // the Kabinett's two people pull the Lesesaal Nord into "Sonstige"; the south's Lesesaal is not in it
    expect(r.grundrisse).toEqual({
      zellen: [],
      sonstige: { anzahlZellen: 2, quote: nordQuote },
      verborgen: 0,
    });
    expect(r.buchungen.gebucht).toBe(7);
    expect(JSON.stringify(r)).not.toContain('Lesesaal Süd');
    const n = await leseraum(admin, `${W1}&standort=${nord}`);
    expect({ ...r, auswahl: null }).toEqual({ ...n, auswahl: null });
    // the unlimited reader: the south stands alone, the Kabinett merges with one of the north's plans
    const alle = await leseraum(admin, W1);
    expect(alle.grundrisse.zellen.map((z) => z.bezeichnung)).toEqual(['Lesesaal Süd']);
    expect(alle.grundrisse.sonstige).toEqual({ anzahlZellen: 2, quote: nordQuote });
    // week 2: the north's three people show nothing; the tenant's seven do
    expect(await leseraum(leitung, W2)).toMatchObject({
      verborgen: true,
      auslastung: null,
      tage: [],
      heatmap: [],
      standorte: { zellen: [], sonstige: null, verborgen: 0 },
      grundrisse: { zellen: [], sonstige: null, verborgen: 0 },
    });
    expect((await leseraum(admin, W2)).verborgen).toBe(false);
  });

  it('evaluation: screen, CSV and Excel hold the north’s figures, demand and trips only', async () => {
    const a = await auswertung(leitung, W1);
    const screen = await fahrzeuge(leitung, W1);
    const plaetze = await get<TLeseraumAuslastung>(leitung, `/api/auslastung/leseraum?${W1}`);
    expect(a.auswahl.standorte).toEqual([{ id: nord, name: 'Nordhaus' }]);
    expect(a.aktuell.auslastung).toEqual({
      plaetze: plaetze.auslastung,
      plaetzeVerborgen: false,
      fahrzeugeGebucht: screen.auslastungGebucht,
      fahrzeugeGefahren: screen.auslastungGefahren,
      fahrzeugeVerborgen: false,
      fahrzeugeNachfrage: 2,
    });
    // full days: Lesesaal Nord 5 of 10 place-days, Kabinett 2 of 5
    expect(a.aktuell.auslastung.plaetze).toBeCloseTo(7 / 15, 12);
    expect(a.vorher.auslastung.fahrzeugeNachfrage).toBe(1);
    expect(a.aktuell.fahrten?.gesamt).toMatchObject({
      gesamt: { fahrten: 6, km: 60 },
      dienstlich: { fahrten: 6, km: 60 },
      privat: { fahrten: 0, km: 0 },
    });
    expect(a.aktuell.fahrten?.standorte.zellen.map((z) => z.schluessel)).toEqual([nord]);
    expect(a.aktuell.fuehrerscheine).toBeNull();
    expect(JSON.stringify(a)).not.toContain(sued);

    const zeilen = exportZeilen(a, 'de');
    const zeile = (name: string) => zeilen.find((z) => z.kennzahl === name)!;
    expect(zeile('Ungedeckte Fahrzeug-Nachfrage')).toMatchObject({ wert: '2', vorperiode: '1' });
    expect(zeile('Kilometer privat').wert).toBe('0');
    const csv = await call(server, leitung, 'GET', `/api/auswertung/export?${W1}&format=csv`);
    expect(csv.status).toBe(200);
    const text = await csv.text();
    for (const z of zeilen)
      expect(text).toContain(`"${z.bereich}";"${z.kennzahl}";"${z.wert}";"${z.vorperiode}";`);
    const xlsx = await call(server, leitung, 'GET', `/api/auswertung/export?${W1}&format=xlsx`);
    expect(xlsx.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await xlsx.arrayBuffer()) as ArrayBuffer);
    const ws = wb.getWorksheet('Auswertung')!;
    const blatt = ws.getRows(2, zeilen.length)!.map((r) => [r.getCell(2).value, r.getCell(3).value]);
    expect(blatt).toEqual(zeilen.map((z) => [z.kennzahl, z.wert]));

    // the unlimited reader's figures differ where the south counts
    const alle = await auswertung(admin, W1);
    expect(alle.aktuell.auslastung.fahrzeugeNachfrage).toBe(9);
    expect(alle.aktuell.fahrten?.gesamt?.privat).toEqual({ fahrten: 6, km: 60 });
  });

  it('evaluation: the north below k hides the utilisation and the demand, though the tenant shows them', async () => {
    const a = await auswertung(leitung, W2);
    expect(a.aktuell.auslastung).toEqual({
      plaetze: null,
      plaetzeVerborgen: true,
      fahrzeugeGebucht: null,
      fahrzeugeGefahren: null,
      fahrzeugeVerborgen: true,
      fahrzeugeNachfrage: null,
    });
    // the north's three drivers: no trip figure either
    expect(a.aktuell.fahrten?.verborgen).toBe(true);
    expect(a.aktuell.fahrten?.gesamt).toBeNull();
    const csv = await (await call(server, leitung, 'GET', `/api/auswertung/export?${W2}&format=csv`)).text();
    expect(csv).toContain('"Ungedeckte Fahrzeug-Nachfrage";"";"";');
    const alle = await auswertung(admin, W2);
    expect(alle.aktuell.auslastung).toMatchObject({ fahrzeugeVerborgen: false, fahrzeugeNachfrage: 13 });
  });

  it('the previous period counts its own people: one person’s week is no comparison figure', async () => {
    // the week of 20 April: five people in the north; the week before: A1 and a1 alone
    // (the whole tenant's week also counts S1's seven bookable days)
    for (const [cookie, q, tage] of [
      [leitung, W4, 14],
      [admin, W4, 21],
      [admin, `${W4}&standort=${nord}`, 14],
    ] as const) {
      const f = await fahrzeuge(cookie, q);
      expect(f.verborgen, q).toBe(false);
      expect(f.auslastungGebucht, q).toBeCloseTo(300 / (tage * TAG), 12);
      expect(f.vorperiodeVerborgen, q).toBe(true);
      expect(f.vorperiodeGebucht, q).toBeNull();
      const r = await leseraum(cookie, q);
      expect(r.verborgen, q).toBe(false);
      expect(r.vorperiodeVerborgen, q).toBe(true);
      expect(r.vorperiodeAuslastung, q).toBeNull();
    }
    const a = await auswertung(leitung, W4);
    expect(a.aktuell.auslastung).toMatchObject({ plaetzeVerborgen: false, fahrzeugeVerborgen: false });
    expect(a.vorher.auslastung).toMatchObject({
      plaetze: null,
      plaetzeVerborgen: true,
      fahrzeugeGebucht: null,
      fahrzeugeVerborgen: true,
    });
    const zeilen = exportZeilen(a, 'de');
    expect(zeilen.find((z) => z.kennzahl === 'Fahrzeuge gebucht')?.vorperiode).toBe('');
    // the lowest k (2) still hides one person's week
    await setzeK(2);
    try {
      expect((await fahrzeuge(leitung, W4)).vorperiodeVerborgen).toBe(true);
    } finally {
      await setzeK(5);
    }
    // a week whose week before counts k people (week 2 after week 1, for the whole tenant) compares as before
    const alle = await fahrzeuge(admin, W2);
    expect(alle.vorperiodeVerborgen).toBe(false);
    expect(alle.vorperiodeGebucht).toBeCloseTo(660 / (19 * TAG), 12);
    expect((await leseraum(admin, W2)).vorperiodeVerborgen).toBe(false);
    // and one whose week before nobody booked compares with 0 (erwarteNordW1)
    expect((await fahrzeuge(leitung, W1)).vorperiodeVerborgen).toBe(false);
  });

  it('the evaluation follows its own limit: the utilisation whole, the evaluation the north only', async () => {
    erwarteAlleW1(await fahrzeuge(gemischt, W1));
    const a = await auswertung(gemischt, W1);
    expect(a.auswahl.standorte).toEqual([{ id: nord, name: 'Nordhaus' }]);
    expect(a.aktuell.auslastung.fahrzeugeGebucht).toBeCloseTo(300 / (12 * TAG), 12);
    expect(a.aktuell.auslastung.fahrzeugeNachfrage).toBe(2);
    expect((await auswertung(gemischt, W2)).aktuell.auslastung.fahrzeugeVerborgen).toBe(true);
  });

  it('rollup: rows filled by the unlimited reader give the limited one the north’s raw figures', async () => {
    await leereRollup();
    erwarteAlleW1(await fahrzeuge(admin, W1));
    expect(await rollupFahrzeuge()).toEqual(new Set(Object.values(ms.fahrzeuge)));
    erwarteNordW1(await fahrzeuge(leitung, W1));
    // and read back warm, twice
    erwarteNordW1(await fahrzeuge(leitung, W1));
    erwarteAlleW1(await fahrzeuge(admin, W1));
  });

  it('rollup: the limited reader fills only the north’s vehicles, and the whole answer stays the raw one', async () => {
    await leereRollup();
    erwarteNordW1(await fahrzeuge(leitung, W1));
    expect(await rollupFahrzeuge()).toEqual(new Set([ms.fahrzeuge.n1, ms.fahrzeuge.n2]));
    erwarteAlleW1(await fahrzeuge(admin, W1));
    erwarteNordW1(await fahrzeuge(leitung, W1));
  });

  it('a lower k shows the north’s three people of week 2 to the limited manager, and only theirs', async () => {
    await setzeK(3);
    try {
      const f = await fahrzeuge(leitung, W2);
      expect(f.k).toBe(3);
      expect(f.verborgen).toBe(false);
      // N1 and N2 bookable on 7 days each (no holiday), 180 min booked
      expect(f.auslastungGebucht).toBeCloseTo(180 / (14 * TAG), 12);
      // N1 (A1, A2) and N2 (A3) below 3: together in "Sonstige"
      expect(f.fahrzeugeAufgeschluesselt).toEqual({
        zellen: [],
        sonstige: { anzahlZellen: 2, quote: 180 / (14 * TAG) },
        verborgen: 0,
      });
      expect(f.nachfrage).toMatchObject({ gesamt: 4, vorperiode: 2 });
      const a = await auswertung(leitung, W2);
      expect(a.k).toBe(3);
      expect(a.aktuell.auslastung).toMatchObject({ fahrzeugeVerborgen: false, fahrzeugeNachfrage: 4 });
      expect(a.aktuell.fahrten?.gesamt?.gesamt).toEqual({ fahrten: 3, km: 30 });
      expect((await leseraum(leitung, W2)).verborgen).toBe(false);
    } finally {
      await setzeK(5);
    }
    expect((await fahrzeuge(leitung, W2)).verborgen).toBe(true);
  });

  it('a vehicle moved to the north: its figures and people move with it, under the north’s holidays', async () => {
    const { s1 } = ms.fahrzeuge;
    // warm: the rollup holds S1's Sunday, computed while it stood in Bavaria
    erwarteAlleW1(await fahrzeuge(admin, W1));
    await server.database.db.update(fahrzeug).set({ standortId: nord }).where(eq(fahrzeug.id, s1));
    try {
      const f = await fahrzeuge(leitung, W1);
      expect(f.fahrzeuge).toBe(3);
      // S1 now bookable on six days: its Sunday booking falls on the Berlin holiday
      expect(f.buchbareTage).toBe(18);
      expect(f.auslastungGebucht).toBeCloseTo(600 / (18 * TAG), 12);
      expect(f.standorte.zellen).toEqual([
        { schluessel: nord, bezeichnung: 'Nordhaus', quote: 600 / (18 * TAG) },
      ]);
      // the unmet demand stays where it was counted
      expect(f.nachfrage?.gesamt).toBe(2);
      // week 2: the north now counts A1–A3 and B1–B4
      expect((await fahrzeuge(leitung, W2)).verborgen).toBe(false);
      const sued2 = await fahrzeuge(admin, `${W1}&standort=${sued}`);
      expect(sued2.fahrzeuge).toBe(0);
      expect(sued2.auslastungGebucht).toBeNull();
    } finally {
      await server.database.db.update(fahrzeug).set({ standortId: sued }).where(eq(fahrzeug.id, s1));
    }
    erwarteAlleW1(await fahrzeuge(admin, W1));
    erwarteNordW1(await fahrzeuge(leitung, W1));
  });

  it('the north’s state changed: its Sunday opens, with the rollup warm before and after', async () => {
    erwarteNordW1(await fahrzeuge(leitung, W1));
    await server.database.db.update(standort).set({ bundesland: 'BY' }).where(eq(standort.id, nord));
    try {
      const f = await fahrzeuge(leitung, W1);
      // seven days each; N2's Sunday booking counts now
      expect(f.buchbareTage).toBe(14);
      expect(f.auslastungGebucht).toBeCloseTo(360 / (14 * TAG), 12);
      expect(f.auslastungGefahren).toBeCloseTo(180 / (14 * TAG), 12);
      expect((await fahrzeuge(leitung, W1)).auslastungGebucht).toBeCloseTo(360 / (14 * TAG), 12);
    } finally {
      await server.database.db.update(standort).set({ bundesland: 'BE' }).where(eq(standort.id, nord));
    }
    erwarteNordW1(await fahrzeuge(leitung, W1));
  });

  it('a vehicle valid only until Wednesday: its later days count no bookable time, for the limited reader too', async () => {
    const { n2 } = ms.fahrzeuge;
    erwarteNordW1(await fahrzeuge(leitung, W1));
    await server.database.db.update(fahrzeug).set({ gueltigBis: '2026-03-04' }).where(eq(fahrzeug.id, n2));
    try {
      const f = await fahrzeuge(leitung, W1);
      // N1 six days, N2 Monday to Wednesday
      expect(f.buchbareTage).toBe(9);
      expect(f.auslastungGebucht).toBeCloseTo(300 / (9 * TAG), 12);
      expect(f.standtage).toBe(3 + 1);
    } finally {
      await server.database.db.update(fahrzeug).set({ gueltigBis: null }).where(eq(fahrzeug.id, n2));
    }
    erwarteNordW1(await fahrzeuge(leitung, W1));
  });

  it('a manager whose only location is deleted answers for none, not for the whole tenant', async () => {
    const west = await signInAs(server, ms.benutzer.west);
    const leer = async () => {
      const f = await fahrzeuge(west, W1);
      expect(f).toMatchObject({ fahrzeuge: 0, auslastungGebucht: null, nachfrage: { gesamt: 0 } });
      expect(f.auswahl).toEqual({ standorte: [], kategorien: [] });
      const r = await leseraum(west, W1);
      expect(r).toMatchObject({ plaetze: 0, auslastung: null, auswahl: { standorte: [], grundrisse: [] } });
      const a = await auswertung(west, W1);
      expect(a.aktuell.auslastung).toMatchObject({ fahrzeugeGebucht: null, fahrzeugeNachfrage: 0 });
      expect(a.aktuell.fahrten?.gesamt?.gesamt ?? { fahrten: 0, km: 0 }).toEqual({ fahrten: 0, km: 0 });
      expect(JSON.stringify([f, r, a])).not.toMatch(new RegExp(`${nord}|${sued}`));
    };
    await leer();
    await server.database.db.delete(standort).where(eq(standort.id, ms.standorte.west));
    await leer();
  });
});
