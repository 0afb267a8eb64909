import type { TAdminUebersicht } from '@stellwerk/domain/verwaltung/admin-stammdaten.api';
import { PERMISSION_NAMES } from '@stellwerk/domain/permissions';
import { addCalendarDays, berlinDateKey } from '@stellwerk/domain/time';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs } from '../../../../test/fixtures/anmelden.ts';
import { fixtureMandant } from '../../../../test/fixtures/mandant.ts';
import { startTestServer, type TestServer, testDrivers } from '../../../../test/harness.ts';
import { fahrzeugBuchung } from '../../fahrzeuge/fahrzeug-buchung/fahrzeug-buchung.public.ts';
import { sonderfreigabe } from '../../fahrzeuge/sonderfreigabe/sonderfreigabe.public.ts';

type ErrorBody = { error: { code: string; message: string; params: Record<string, unknown> } };
const errorOf = async (response: Response) => ((await response.json()) as ErrorBody).error;

const get = (server: TestServer, cookie: string | null) =>
  fetch(`${server.baseUrl}/api/admin/uebersicht`, { headers: cookie ? { cookie } : {} });

/**
 * Two tenants whose counts the overview shows. The fleet tenant: ten people (eight in the group "Alle
 * Mitarbeitenden", which holds the booking role, each with a role of their own and a licence; a driver whose
 * licence check lapsed a month ago; the platform administrator, without a role), six roles, three locations, four
 * vehicles, a reading room and a workspace plan; the vehicle caretaker's check is due in ten days. The library
 * (vehicle booking off): seven people, room care among them, two locations, two plans.
 */
const mandanten = async (server: TestServer) => {
  const heute = berlinDateKey(new Date());
  const person = (
    vorname: string,
    nachname: string,
    rolle:
      | 'Mitarbeiter'
      | 'Fuhrparkleitung'
      | 'Freigabe'
      | 'Führerscheinprüfung'
      | 'Fahrzeugpflege'
      | 'Administration',
  ) => ({
    vorname,
    nachname,
    rollen: [rolle],
    gruppen: ['Alle Mitarbeitenden' as const],
    fuehrerschein: true as const,
  });
  const ms = await fixtureMandant(server.database, {
    name: 'Stadtwerke Musterstadt',
    domain: 'musterstadt.example',
    features: { FahrzeugBuchung: true, Leseraum: true },
    standorte: {
      nord: { name: 'Betriebshof Nord', bundesland: 'NW' },
      rathaus: { name: 'Verwaltung Rathausplatz', bundesland: 'NW' },
      buero: { name: 'Bürohaus Mitte', bundesland: 'NW' },
    },
    rollen: {
      Mitarbeiter: ['fahrzeug_buchen'],
      Fuhrparkleitung: [
        'fahrzeug_pflege',
        'fahrzeug_fremdbuchung',
        'fahrzeug_buchen',
        'fahrzeug_logbuch_report',
        'auslastung_sehen',
        'auswertung_sehen',
      ],
      Freigabe: ['fahrzeug_freigabe_von_sonderfahrten', 'fahrzeug_buchen'],
      Führerscheinprüfung: ['fahrzeug_fuehrerscheinpruefung'],
      Fahrzeugpflege: ['fahrzeug_pflege'],
      Administration: PERMISSION_NAMES,
    },
    gruppen: { 'Alle Mitarbeitenden': { rollen: ['Mitarbeiter'] } },
    benutzer: {
      mitarbeiter: person('Lena', 'Hoffmann', 'Mitarbeiter'),
      fuhrpark: person('Thomas', 'Becker', 'Fuhrparkleitung'),
      freigabe: person('Sabine', 'Krüger', 'Freigabe'),
      fuehrerschein: person('Markus', 'Weber', 'Führerscheinprüfung'),
      fahrzeugpflege: {
        ...person('Jonas', 'Schneider', 'Fahrzeugpflege'),
        fuehrerschein: { naechstePruefung: addCalendarDays(heute, 10) },
      },
      admin: person('Claudia', 'Wagner', 'Administration'),
      zweifaktor: person('Zoe', 'Zweig', 'Mitarbeiter'),
      passwort: person('Paul', 'Wortmann', 'Mitarbeiter'),
      fahrer: {
        vorname: 'Uwe',
        nachname: 'Krause',
        gruppen: ['Alle Mitarbeitenden'],
        fuehrerschein: {
          letztePruefung: addCalendarDays(heute, -213),
          naechstePruefung: addCalendarDays(heute, -30),
        },
      },
      plattform: { vorname: 'Petra', nachname: 'Brandt', plattformAdmin: true },
    },
    fahrzeuge: {
      id3: { standort: 'nord', kennzeichen: 'MS-SW 101' },
      octavia: { standort: 'nord', kennzeichen: 'MS-SW 102' },
      transporter: { standort: 'nord', kennzeichen: 'MS-SW 103' },
      corsa: { standort: 'nord', kennzeichen: 'MS-SW 104' },
    },
    grundrisse: {
      lernraum: { standort: 'rathaus', bezeichnung: 'Lernraum Verwaltung', plaetze: ['Platz 1'] },
      buero: { standort: 'buero', bezeichnung: 'Büro 2. OG', bereich: 'arbeitswelt', plaetze: ['Tisch 1'] },
    },
  });
  const bh = await fixtureMandant(server.database, {
    name: 'Bibliothek Beispielhausen',
    domain: 'beispielhausen.example',
    features: { FahrzeugBuchung: false, Leseraum: true },
    standorte: {
      bibliothek: { name: 'Zentralbibliothek', bundesland: 'BY' },
      buero: { name: 'Verwaltung', bundesland: 'BY' },
    },
    rollen: {
      Mitarbeiter: [],
      Raumpflege: ['objekt_pflege', 'ausstattungs_pflege', 'auslastung_sehen'],
      Administration: PERMISSION_NAMES,
    },
    benutzer: {
      mitarbeiter: { vorname: 'Anna', nachname: 'Schulz', rollen: ['Mitarbeiter'] },
      fuhrpark: { vorname: 'Michael', nachname: 'Fischer', rollen: ['Raumpflege'] },
      freigabe: { vorname: 'Julia', nachname: 'Meyer', rollen: ['Mitarbeiter'] },
      fuehrerschein: { vorname: 'Stefan', nachname: 'Wolf', rollen: ['Mitarbeiter'] },
      fahrzeugpflege: { vorname: 'Katrin', nachname: 'Neumann', rollen: ['Mitarbeiter'] },
      admin: { vorname: 'Andreas', nachname: 'Schwarz', rollen: ['Administration'] },
      faktor: { vorname: 'Frieda', nachname: 'Kaiser', rollen: ['Mitarbeiter'] },
    },
    grundrisse: {
      lesesaal: { standort: 'bibliothek', bezeichnung: 'Lesesaal Erdgeschoss', plaetze: ['Platz 01'] },
      buero: { standort: 'buero', bezeichnung: 'Büro', bereich: 'arbeitswelt', plaetze: ['Tisch 1'] },
    },
  });
  return { ms, bh };
};

describe.each(testDrivers())('GET /api/admin/uebersicht on %s', (driver) => {
  let server: TestServer;
  let ms: Awaited<ReturnType<typeof mandanten>>['ms'];
  let bh: Awaited<ReturnType<typeof mandanten>>['bh'];
  beforeAll(async () => {
    server = await startTestServer({ driver, seed: false });
    ({ ms, bh } = await mandanten(server));
  });
  afterAll(async () => {
    await server?.close();
  });

  const uebersicht = async (person: { email: string }) => {
    const response = await get(server, await signInAs(server, person));
    expect(response.status).toBe(200);
    return (await response.json()) as TAdminUebersicht;
  };

  it('refuses without a session (401) and without admin rights (403 guard.no_admin)', async () => {
    const anonymous = await get(server, null);
    expect(anonymous.status).toBe(401);
    // one code for "not signed in" on every route (decision 126)
    expect((await errorOf(anonymous)).message).toBe('Bitte melden Sie sich an.');
    const booker = await get(server, await signInAs(server, ms.benutzer.mitarbeiter));
    expect(booker.status).toBe(403);
    expect((await errorOf(booker)).code).toBe('guard.no_admin');
  });

  it('the tenant administrator sees every count of the own tenant, licences due within the lead days', async () => {
    const counts = await uebersicht(ms.benutzer.admin);
    // the fixture's ten people, six roles, three locations, four vehicles and two plans
    expect(counts).toEqual({
      benutzer: 10,
      gruppen: 1,
      rollen: 6,
      standorte: 3,
      fahrzeuge: 4,
      grundrisse: 2,
      offeneFreigaben: 0,
      // the vehicle caretaker's check is due in ten days, inside the default lead of 14 days; the driver
      // Uwe Krause's check lapsed a month ago (decision 050: no record, overdue and due soon count)
      faelligeFuehrerscheine: 2,
    });
  });

  it('shows only the areas the rights open: room care sees locations and floor plans, not users', async () => {
    const counts = await uebersicht(bh.benutzer.fuhrpark);
    expect(counts).toMatchObject({
      benutzer: null,
      gruppen: null,
      rollen: null,
      standorte: 2,
      grundrisse: 2,
      offeneFreigaben: null,
      faelligeFuehrerscheine: null,
    });
    const fleet = await uebersicht(ms.benutzer.fuhrpark);
    expect(fleet).toMatchObject({ benutzer: null, standorte: null, fahrzeuge: 4, grundrisse: null });
  });

  it('counts future, undecided special approvals of the approver until someone approves', async () => {
    const approver = ms.benutzer.admin;
    const booker = ms.benutzer.mitarbeiter;
    const day = Date.now() + 7 * 86_400_000;
    const bookings = await server.database.db
      .insert(fahrzeugBuchung)
      .values(
        [0, 1, 2].map((i) => ({
          mandantId: approver.mandantId,
          fahrzeugId: ms.fahrzeuge.id3,
          benutzerId: booker.id,
          von: new Date(day + i * 3 * 3_600_000),
          bis: new Date(day + (i * 3 + 2) * 3_600_000),
          status: i === 2 ? 'storniert' : 'reserviert',
        })),
      )
      .returning({ id: fahrzeugBuchung.id });
    await server.database.db.insert(sonderfreigabe).values(
      bookings.map((b) => ({
        mandantId: approver.mandantId,
        fahrzeugBuchungId: b.id,
        benutzerId: approver.id,
      })),
    );
    expect((await uebersicht(ms.benutzer.admin)).offeneFreigaben).toBe(2);
    await server.database.db
      .update(sonderfreigabe)
      .set({ isFreigegeben: true, freigegebenAt: new Date() })
      .where(eq(sonderfreigabe.fahrzeugBuchungId, bookings[0]!.id));
    expect((await uebersicht(ms.benutzer.admin)).offeneFreigaben).toBe(1);
  });

  it('follows the feature switches: with vehicle booking off there is no vehicle, approval or licence count', async () => {
    const counts = await uebersicht(bh.benutzer.admin);
    // the library's seven people
    expect(counts).toMatchObject({
      benutzer: 7,
      standorte: 2,
      grundrisse: 2,
      fahrzeuge: null,
      offeneFreigaben: null,
      faelligeFuehrerscheine: null,
    });
  });

  it('the platform administrator without tenant rights opens /admin but sees no tenant area', async () => {
    const counts = await uebersicht(ms.benutzer.plattform);
    expect(Object.values(counts).every((v) => v === null)).toBe(true);
  });
});
