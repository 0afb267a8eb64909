/**
 * The anonymisation of past bookings (decision 199) on both databases, with a moved test clock: reading-room
 * and vehicle bookings lose their people after the tenant's period, the logbook stays as it was, another tenant
 * keeps its own period, and the utilisation's figures are the same before and after.
 */
import type { TFahrzeugAuslastung, TLeseraumAuslastung } from '@stellwerk/domain/verwaltung/auslastung/api';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../test/api-call.ts';
import { signInAs } from '../../test/fixtures/anmelden.ts';
import { fixtureMandant } from '../../test/fixtures/mandant.ts';
import { ADMIN, ADMINISTRATION } from '../../test/fixtures/verwaltung.ts';
import { startTestServer, type TestServer, testDrivers } from '../../test/harness.ts';
import { fahrtenbuchEintrag } from '../modules/fahrten/fahrt/fahrt.table.ts';
import { fahrzeugBuchungJobs } from '../modules/fahrzeuge/fahrzeug-buchung/fahrzeug-buchung.jobs.ts';
import {
  fahrzeugBuchung,
  fahrzeugBuchungMitfahrer,
} from '../modules/fahrzeuge/fahrzeug-buchung/fahrzeug-buchung.table.ts';
import { leseraum } from '../modules/leseraum/leseraum/leseraum.table.ts';
import { leseraumBuchungJobs } from '../modules/leseraum/leseraum-buchung/leseraum-buchung.jobs.ts';
import { leseraumBuchung } from '../modules/leseraum/leseraum-buchung/leseraum-buchung.table.ts';
import { customizing } from '../modules/verwaltung/customizing/customizing.table.ts';
import { createJobRunner } from './scheduler.ts';

const cest = (day: string, hhmm: string) => new Date(`${day}T${hhmm}:00+02:00`);
const HASH = 'b'.repeat(64);
const LESERAUM = '/api/auslastung/leseraum?art=woche&tag=2026-04-01';
const FAHRZEUGE = '/api/auslastung/fahrzeuge?art=woche&tag=2026-04-01&kategorie=Anonymwagen';

/**
 * Musterstadt (the default period of 90 days): the administrator who reads the utilisation, five people who booked,
 * a reading room of two places open Monday to Friday 08–18 and a vehicle of the category Anonymwagen, both at their
 * own location; Beispielhausen with one reading room place.
 */
const mandanten = async (server: TestServer) => ({
  ms: await fixtureMandant(server.database, {
    name: 'Stadtwerke Musterstadt',
    domain: 'musterstadt.example',
    standorte: { anonymhaus: { name: 'Anonymhaus', bundesland: 'BE' } },
    rollen: ADMINISTRATION,
    benutzer: {
      admin: ADMIN,
      mitarbeiter: { vorname: 'Lena', nachname: 'Hoffmann' },
      fuhrpark: { vorname: 'Thomas', nachname: 'Becker' },
      freigabe: { vorname: 'Sabine', nachname: 'Krüger' },
      fuehrerschein: { vorname: 'Markus', nachname: 'Weber' },
      fahrzeugpflege: { vorname: 'Jonas', nachname: 'Schneider' },
    },
    grundrisse: {
      anonymraum: { standort: 'anonymhaus', bezeichnung: 'Anonymraum', plaetze: ['Anonym 1', 'Anonym 2'] },
    },
    fahrzeuge: {
      anonymwagen: {
        standort: 'anonymhaus',
        kennzeichen: 'T-AN 1',
        modell: 'Anonymwagen',
        spalten: { kategorie: 'Anonymwagen' },
      },
    },
  }),
  bh: await fixtureMandant(server.database, {
    name: 'Bibliothek Beispielhausen',
    domain: 'beispielhausen.example',
    features: { FahrzeugBuchung: false, Leseraum: true },
    standorte: { bibliothek: { name: 'Zentralbibliothek', bundesland: 'BY' } },
    grundrisse: {
      lesesaal: { standort: 'bibliothek', bezeichnung: 'Lesesaal Erdgeschoss', plaetze: ['Platz 01'] },
    },
  }),
});

describe.each(testDrivers())('anonymisation of past bookings on %s', (driver) => {
  let server: TestServer;
  let clock = new Date('2026-04-20T10:00:00Z');
  let admin: string;
  let musterstadt: string;
  let beispielhausen: string;
  let raum: string;
  let wagen: string;
  let leute: string[] = [];
  let spaet: { leseraum: string; fahrzeug: string };
  let altBeispielhausen: string;

  const anonymisierungsJobs = () => [
    ...leseraumBuchungJobs({ publicUrl: 'http://localhost' }).filter((j) =>
      j.name.endsWith('anonymisierung'),
    ),
    ...fahrzeugBuchungJobs(),
  ];
  const lauf = async (now: Date) => {
    const outcomes = await createJobRunner({ database: server.database }).runAll(anonymisierungsJobs(), now);
    for (const o of outcomes) for (const t of o.tenants ?? []) expect(t.error).toBeUndefined();
    return outcomes;
  };
  const get = async <T>(path: string) => {
    const response = await call(server, admin, 'GET', path);
    expect(response.status).toBe(200);
    return (await response.json()) as T;
  };

  beforeAll(async () => {
    server = await startTestServer({ driver, now: () => clock, seed: false });
    const { ms, bh: bhMandant } = await mandanten(server);
    admin = await signInAs(server, ms.benutzer.admin);
    const db = server.database.db;
    musterstadt = ms.id;
    beispielhausen = bhMandant.id;
    const { mitarbeiter, fuhrpark, freigabe, fuehrerschein, fahrzeugpflege } = ms.benutzer;
    leute = [mitarbeiter, fuhrpark, freigabe, fuehrerschein, fahrzeugpflege].map((l) => l.id);

    raum = ms.grundrisse.anonymraum.id;
    const plaetze = ms.grundrisse.anonymraum.plaetze;
    const [p1, p2] = plaetze.map((p) => p.id) as [string, string];
    const lb = (platz: string, person: string, tag: string, von: string, bis: string, status: string) => ({
      mandantId: musterstadt,
      leseraumId: platz,
      systembenutzer1Mail: `${person}@example.org`,
      systembenutzer2Mail: person === 'p2' ? 'Personal@Example.org' : null,
      von: cest(tag, von),
      bis: cest(tag, bis),
      status,
    });
    await db.insert(leseraumBuchung).values([
      lb(p1, 'p1', '2026-03-30', '09:00', '12:00', 'durchgeführt'),
      lb(p1, 'p1', '2026-03-31', '09:00', '12:00', 'durchgeführt'),
      lb(p2, 'p2', '2026-03-31', '10:00', '14:00', 'reserviert'),
      lb(p2, 'p3', '2026-04-01', '08:00', '18:00', 'reserviert'),
      lb(p1, 'p4', '2026-04-02', '13:00', '15:00', 'aktiv'),
      lb(p2, 'P5', '2026-04-02', '09:00', '10:00', 'durchgeführt'),
      lb(p2, 'p6', '2026-04-03', '09:00', '10:00', 'vorgemerkt'), // a hold
    ]);
    const [later] = await db
      .insert(leseraumBuchung)
      .values(lb(p1, 'p1', '2026-04-21', '09:00', '13:00', 'reserviert'))
      .returning();

    wagen = ms.fahrzeuge.anonymwagen;
    const fb = (i: number, tag: string, von: string, bis: string, fahrer: number | null = null) => ({
      mandantId: musterstadt,
      fahrzeugId: wagen,
      benutzerId: leute[i]!,
      fahrerId: fahrer === null ? null : leute[fahrer]!,
      von: cest(tag, von),
      bis: cest(tag, bis),
      status: 'durchgeführt',
      anlass: 'Kundentermin bei Frau Müller',
      zielAdresse: 'Privatweg 7, Musterstadt',
      zielPerson: 'Frau Müller',
    });
    const alte = await db
      .insert(fahrzeugBuchung)
      .values([
        fb(0, '2026-03-30', '09:00', '12:00'),
        fb(1, '2026-03-31', '08:00', '10:00', 4),
        fb(2, '2026-04-01', '17:00', '20:00'),
        fb(3, '2026-04-02', '09:00', '18:00'),
        fb(4, '2026-04-03', '10:00', '11:00', 0),
        fb(1, '2026-04-04', '10:00', '11:00'),
      ])
      .returning();
    await db.insert(fahrzeugBuchungMitfahrer).values({
      mandantId: musterstadt,
      fahrzeugBuchungId: alte[0]!.id,
      nummer: 1,
      name: 'Erika Mitfahrerin',
    });
    const [fspaet] = await db
      .insert(fahrzeugBuchung)
      .values(fb(0, '2026-04-21', '09:00', '10:00'))
      .returning();
    spaet = { leseraum: later!.id, fahrzeug: fspaet!.id };
    // the logbook: one trip of each of the five people (the k check counts its drivers too)
    await db.insert(fahrtenbuchEintrag).values(
      [0, 1, 2, 3, 4].map((i) => ({
        mandantId: musterstadt,
        fahrzeugId: wagen,
        fahrzeugBuchungId: alte[i]!.id,
        laufnummer: i + 1,
        kennzeichen: 'T-AN 1',
        quelle: 'hand',
        art: 'dienstlich',
        beginn: alte[i]!.von,
        ende: alte[i]!.bis,
        kmBeginn: i * 40,
        kmEnde: i * 40 + 40,
        fahrerId: leute[i]!,
        fahrerName: `Fahrer ${i}`,
        ziel: 'Privatweg 7',
        zweck: 'Kundentermin',
        erfasstAm: alte[i]!.bis,
        erfasstVonId: leute[i]!,
        erfasstVonName: `Fahrer ${i}`,
        hashVorher: HASH,
        hash: HASH,
      })),
    );

    // the other tenant keeps a year: its booking of March stays personal
    await db.insert(customizing).values({
      mandantId: beispielhausen,
      customizingOptionName: 'DatenschutzAnonymisierungTage',
      wert: '365',
    });
    const [bhRaum] = bhMandant.grundrisse.lesesaal.plaetze;
    const [bh] = await db
      .insert(leseraumBuchung)
      .values({
        mandantId: beispielhausen,
        leseraumId: bhRaum!.id,
        systembenutzer1Mail: 'nachbar@beispielhausen.example',
        von: cest('2026-03-30', '09:00'),
        bis: cest('2026-03-30', '10:00'),
        status: 'durchgeführt',
      })
      .returning();
    altBeispielhausen = bh!.id;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('within the period nothing changes', async () => {
    // 20 April with 90 days: the cut-off is 20 January
    await lauf(clock);
    const db = server.database.db;
    const rows = await db
      .select({ am: leseraumBuchung.anonymisiertAm })
      .from(leseraumBuchung)
      .where(eq(leseraumBuchung.mandantId, musterstadt));
    expect(rows.every((r) => r.am === null)).toBe(true);
  });

  it('after the period the people are gone, the figures stay and the logbook is kept', async () => {
    // 10 July 2026: the cut-off is 11 April 00:00 Berlin (90 calendar days)
    clock = cest('2026-07-10', '03:00');
    const vorherL = await get<TLeseraumAuslastung>(`${LESERAUM}&grundriss=${raum}&modus=stuendlich`);
    const vorherF = await get<TFahrzeugAuslastung>(FAHRZEUGE);
    expect(vorherL.verborgen).toBe(false);
    expect(vorherF.verborgen).toBe(false);

    const outcomes = await lauf(clock);
    const anzahl = (name: string, id: string) =>
      (
        outcomes.find((o) => o.name === name)?.tenants?.find((t) => t.mandantId === id)?.result as
          | { anzahl: number }
          | undefined
      )?.anzahl;
    expect(anzahl('leseraum_buchung.anonymisierung', musterstadt)).toBe(7);
    expect(anzahl('fahrzeug_buchung.anonymisierung', musterstadt)).toBe(6);
    expect(anzahl('leseraum_buchung.anonymisierung', beispielhausen)).toBe(0);

    const db = server.database.db;
    const lesen = await db.select().from(leseraumBuchung).where(eq(leseraumBuchung.mandantId, musterstadt));
    const alt = lesen.filter((b) => b.id !== spaet.leseraum);
    expect(alt.every((b) => b.anonymisiertAm !== null && b.systembenutzer1Mail.startsWith('anonym:'))).toBe(
      true,
    );
    expect(JSON.stringify(alt)).not.toMatch(/p\d@example\.org|personal@example/i);
    // one person, one pseudonym in one run; distinct people stay distinct
    expect(new Set(alt.map((b) => b.systembenutzer1Mail)).size).toBe(6);
    expect(lesen.find((b) => b.id === spaet.leseraum)).toMatchObject({
      systembenutzer1Mail: 'p1@example.org',
      anonymisiertAm: null,
    });

    const fahrten = await db.select().from(fahrzeugBuchung).where(eq(fahrzeugBuchung.fahrzeugId, wagen));
    const altF = fahrten.filter((b) => b.id !== spaet.fahrzeug);
    for (const b of altF)
      expect(b).toMatchObject({
        benutzerId: null,
        fahrerId: null,
        anlass: null,
        zielAdresse: null,
        zielPerson: null,
      });
    expect(new Set(altF.map((b) => b.anonymPerson)).size).toBe(5);
    expect(fahrten.find((b) => b.id === spaet.fahrzeug)).toMatchObject({
      benutzerId: leute[0],
      anonymisiertAm: null,
    });
    const mitfahrer = await db
      .select()
      .from(fahrzeugBuchungMitfahrer)
      .where(
        inArray(
          fahrzeugBuchungMitfahrer.fahrzeugBuchungId,
          altF.map((b) => b.id),
        ),
      );
    expect(mitfahrer).toEqual([]);

    // the logbook is exempt (§ 147 AO)
    const eintraege = await db
      .select()
      .from(fahrtenbuchEintrag)
      .where(eq(fahrtenbuchEintrag.fahrzeugId, wagen))
      .orderBy(fahrtenbuchEintrag.laufnummer);
    expect(eintraege.map((e) => [e.fahrerId, e.fahrerName, e.ziel, e.fahrzeugBuchungId])).toEqual(
      [0, 1, 2, 3, 4].map((i) => [
        leute[i],
        `Fahrer ${i}`,
        'Privatweg 7',
        altF.find((b) => b.von.getTime() === eintraege[i]!.beginn.getTime())?.id,
      ]),
    );

    // the other tenant's period is a year
    const [bh] = await db.select().from(leseraumBuchung).where(eq(leseraumBuchung.id, altBeispielhausen));
    expect(bh).toMatchObject({ systembenutzer1Mail: 'nachbar@beispielhausen.example', anonymisiertAm: null });

    // the utilisation is the same
    expect(await get<TLeseraumAuslastung>(`${LESERAUM}&grundriss=${raum}&modus=stuendlich`)).toEqual(vorherL);
    expect(await get<TFahrzeugAuslastung>(FAHRZEUGE)).toEqual(vorherF);

    // a second run has nothing to do
    const wieder = await lauf(clock);
    for (const o of wieder)
      expect(o.tenants?.find((t) => t.mandantId === musterstadt)?.result).toMatchObject({ anzahl: 0 });
  });

  it('the cut-off follows Berlin midnight across the autumn clock change', async () => {
    // 21 April ended 13:00; with 7 days the cut-off at 26 October 00:30 is 19 October 00:00 → due
    await server.database.db.insert(customizing).values({
      mandantId: musterstadt,
      customizingOptionName: 'DatenschutzAnonymisierungTage',
      wert: '7',
    });
    const db = server.database.db;
    const [b] = await db
      .insert(leseraumBuchung)
      .values({
        mandantId: musterstadt,
        leseraumId: (
          await db.select({ id: leseraum.id }).from(leseraum).where(eq(leseraum.grundrissId, raum))
        )[0]!.id,
        systembenutzer1Mail: 'herbst@example.org',
        // ends 18.10.2026 23:30 Berlin (CEST): before the cut-off of 26.10. 00:30 with 7 days (19.10. 00:00)
        von: cest('2026-10-18', '22:00'),
        bis: cest('2026-10-18', '23:30'),
        status: 'durchgeführt',
      })
      .returning();
    const [c] = await db
      .insert(leseraumBuchung)
      .values({
        mandantId: musterstadt,
        leseraumId: b!.leseraumId,
        systembenutzer1Mail: 'herbst2@example.org',
        von: cest('2026-10-19', '00:00'),
        bis: cest('2026-10-19', '00:30'),
        status: 'durchgeführt',
      })
      .returning();
    await lauf(new Date('2026-10-25T23:30:00Z')); // 26.10.2026 00:30 CET
    const [nach] = await db.select().from(leseraumBuchung).where(eq(leseraumBuchung.id, b!.id));
    const [bleibt] = await db.select().from(leseraumBuchung).where(eq(leseraumBuchung.id, c!.id));
    expect(nach!.systembenutzer1Mail).toMatch(/^anonym:/);
    expect(bleibt!.systembenutzer1Mail).toBe('herbst2@example.org');
  });
});
