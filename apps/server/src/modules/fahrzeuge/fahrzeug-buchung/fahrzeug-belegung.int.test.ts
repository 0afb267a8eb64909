/**
 * Vehicles: an overdue trip keeps the car (decision 109) and a special trip awaiting approval is not
 * released for a missed check-in (decision 110), on both databases with a moved clock.
 */
import type { TFahrzeug, TFahrzeugBuchung } from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/api';
import { addCalendarDays, berlinDateKey, berlinInstant } from '@stellwerk/domain/time';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, errorOf } from '../../../../test/api-call.ts';
import { signInAs } from '../../../../test/fixtures/anmelden.ts';
import {
  FUHRPARK_LEUTE,
  FUHRPARK_MANDANT,
  FUHRPARK_ROLLEN,
  fuhrparkWagen,
} from '../../../../test/fixtures/fuhrpark.ts';
import { fixtureMandant } from '../../../../test/fixtures/mandant.ts';
import { startTestServer, type TestServer, testDrivers } from '../../../../test/harness.ts';
import type { Tx } from '../../../db/client.ts';
import { createJobRunner } from '../../../jobs/scheduler.ts';
import { fahrzeugBenachrichtigungJobs } from './fahrzeug-benachrichtigung.jobs.ts';
import { fahrzeugBuchung } from './fahrzeug-buchung.table.ts';

const tag = addCalendarDays(berlinDateKey(new Date()), 3);
const um = (hhmm: string, t = tag) => berlinInstant(t, hhmm);
const ablesung = { tankfuellung: 60, sauberkeitAussen: 'sauber', sauberkeitInnen: 'sauber' };

/**
 * The booker, the approver of special trips Sabine Krüger and the fleet manager (who may switch the tenant's
 * setting for bookings outside the booking times), each licensed; three cars booked Monday to Friday 07:00–19:00,
 * the transporter MS-SW 103 also outside those times (then as a special trip).
 */
const musterstadt = (server: TestServer) =>
  fixtureMandant(server.database, {
    ...FUHRPARK_MANDANT,
    rollen: FUHRPARK_ROLLEN,
    benutzer: FUHRPARK_LEUTE,
    fahrzeuge: {
      'MS-SW 102': fuhrparkWagen('MS-SW 102'),
      'MS-SW 103': fuhrparkWagen('MS-SW 103'),
      'MS-SW 104': fuhrparkWagen('MS-SW 104'),
    },
  });

describe.each(testDrivers())('occupancy of overdue and unapproved trips on %s', (driver) => {
  let server: TestServer;
  let clock = new Date();
  let mitarbeiter: string;
  let freigabe: string;
  let fuhrpark: string;
  let autos: Record<string, string> = {};
  let sabine: { id: string };

  const asAll = <T>(fn: (tx: Tx) => PromiseLike<T>): Promise<T> =>
    server.database.withAllTenants(async (tx) => fn(tx));

  beforeAll(async () => {
    server = await startTestServer({ driver, now: () => clock, seed: false });
    const ms = await musterstadt(server);
    [mitarbeiter, freigabe, fuhrpark] = await Promise.all([
      signInAs(server, ms.benutzer.mitarbeiter),
      signInAs(server, ms.benutzer.freigabe),
      signInAs(server, ms.benutzer.fuhrpark),
    ]);
    autos = ms.fahrzeuge;
    sabine = ms.benutzer.freigabe;
  });
  afterAll(async () => {
    await server?.close();
  });

  const buche = (cookie: string, kennzeichen: string, von: Date, bis: Date, extra = {}) =>
    call(server, cookie, 'POST', '/api/fahrzeug-buchungen', {
      fahrzeugId: autos[kennzeichen],
      von: von.toISOString(),
      bis: bis.toISOString(),
      anlass: 'Baustellenbesuch',
      zielAdresse: 'Hauptstraße 1, Musterstadt',
      ...extra,
    });

  const checkIn = (cookie: string, id: string, kilometerstand: number) => {
    const form = new FormData();
    form.append('daten', JSON.stringify({ ...ablesung, kilometerstand }));
    return fetch(`${server.baseUrl}/api/fahrzeug-buchungen/${id}/check-in`, {
      method: 'POST',
      headers: { origin: server.baseUrl, cookie },
      body: form,
    });
  };

  it('a car still on the road after its end is taken: a booking starting while it is out is refused, the search and the list show it taken', async () => {
    clock = um('08:00');
    const r = await buche(mitarbeiter, 'MS-SW 102', um('16:00'), um('16:15'));
    expect(r.status, await r.clone().text()).toBe(201);
    const erste = (await r.json()) as TFahrzeugBuchung;
    clock = um('15:55');
    const ein = await checkIn(mitarbeiter, erste.id, 50_000);
    expect(ein.status, await ein.clone().text()).toBe(200);

    clock = um('16:16');
    const zweite = await buche(freigabe, 'MS-SW 102', um('16:15'), um('16:45'));
    expect(zweite.status, await zweite.clone().text()).toBe(409);
    const fehler = await errorOf(zweite);
    expect(fehler.code).toBe('fahrzeug_buchung.noch_unterwegs');
    expect(fehler.message).toBe(
      'Das Fahrzeug ist noch unterwegs: Die vorherige Fahrt wurde noch nicht ausgecheckt.',
    );
    // the free search for the same period shows the car as taken
    const liste = await call(
      server,
      freigabe,
      'GET',
      `/api/fahrzeuge?von=${encodeURIComponent(um('16:15').toISOString())}&bis=${encodeURIComponent(um('16:45').toISOString())}`,
    );
    expect(liste.status).toBe(200);
    const autoInListe = ((await liste.json()) as TFahrzeug[]).find((f) => f.id === autos['MS-SW 102']);
    expect(autoInListe?.frei).toBe(false);

    // an hour later the car is still out: still refused
    clock = um('17:10');
    const spaeter = await buche(freigabe, 'MS-SW 102', um('17:00'), um('17:30'));
    expect(spaeter.status).toBe(409);
    expect((await errorOf(spaeter)).code).toBe('fahrzeug_buchung.noch_unterwegs');
  });

  const runJobs = (now: Date) =>
    createJobRunner({ database: server.database }).runAll(
      fahrzeugBenachrichtigungJobs({ publicUrl: server.baseUrl }),
      now,
    );
  const zeile = async (id: string) =>
    (await asAll((tx) => tx.select().from(fahrzeugBuchung).where(eq(fahrzeugBuchung.id, id))))[0]!;

  it('a special trip waiting for approval is not released 16 minutes after its start; 15 minutes after the automatic approval it is (decision 110)', async () => {
    clock = um('08:00');
    const an = await call(
      server,
      fuhrpark,
      'PUT',
      '/api/customizing/mandant/FahrzeugBuchungAusserhalbBuchungszeiten',
      { value: true },
    );
    expect(an.status, await an.clone().text()).toBe(200);
    const r = await buche(mitarbeiter, 'MS-SW 103', um('20:00'), um('23:00'), { freigeberIds: [sabine.id] });
    expect(r.status, await r.clone().text()).toBe(201);
    const sonderfahrt = (await r.json()) as TFahrzeugBuchung;
    expect(sonderfahrt.aktionen.wartetAufFreigabe).toBe(true);
    // an ordinary trip of another car at the same time, as the control
    const normal = (await (
      await buche(mitarbeiter, 'MS-SW 104', um('17:00'), um('18:00'))
    ).json()) as TFahrzeugBuchung;

    await runJobs(um('18:16'));
    expect((await zeile(normal.id)).status).toBe('storniert');
    expect((await zeile(normal.id)).informationstext).toBe(
      'Storno, weil der Check-in nicht rechtzeitig erfolgte.',
    );

    await runJobs(um('20:16'));
    expect((await zeile(sonderfahrt.id)).status).toBe('reserviert');
    // at 21:00 it counts as approved (spec §4): check-in possible, the 15 minutes run from then
    await runJobs(um('21:14'));
    expect((await zeile(sonderfahrt.id)).status).toBe('reserviert');
    await runJobs(um('21:15'));
    const danach = await zeile(sonderfahrt.id);
    expect(danach.status).toBe('storniert');
    expect(danach.informationstext).toBe('Storno, weil der Check-in nicht rechtzeitig erfolgte.');
  });

  it("errors say the real reason: an unknown type is 'Typ PARTY unbekannt', a booking 400 days ahead is too far ahead", async () => {
    clock = um('08:00');
    const party = await buche(mitarbeiter, 'MS-SW 104', um('10:00'), um('11:00'), { typ: 'PARTY' });
    expect(party.status).toBe(400);
    expect((await errorOf(party)).message).toBe('Typ PARTY unbekannt');
    const fern = addCalendarDays(tag, 400);
    const weit = await buche(mitarbeiter, 'MS-SW 104', um('10:00', fern), um('11:00', fern));
    expect(weit.status).toBe(422);
    expect((await errorOf(weit)).code).toBe('fahrzeug_buchung.zu_weit_im_voraus');
  });
});
