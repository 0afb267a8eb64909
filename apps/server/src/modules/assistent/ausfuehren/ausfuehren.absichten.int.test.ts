import type { TAusfuehrenAntwort } from '@stellwerk/domain/assistent/api';
import { eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../../test/api-call.ts';
import { signInAs } from '../../../../test/fixtures/anmelden.ts';
import {
  FUHRPARK_LEUTE,
  FUHRPARK_MANDANT,
  FUHRPARK_ROLLEN,
  fuhrparkWagen,
} from '../../../../test/fixtures/fuhrpark.ts';
import { lernraum, RATHAUS } from '../../../../test/fixtures/leseraum.ts';
import { fixtureMandant } from '../../../../test/fixtures/mandant.ts';
import { startTestServer, type TestServer, testDrivers } from '../../../../test/harness.ts';
import type { Tx } from '../../../db/client.ts';
import { fahrzeugBuchung } from '../../fahrzeuge/fahrzeug-buchung/fahrzeug-buchung.public.ts';
import { auditLog } from '../../plattform/audit/audit.public.ts';
import { mailOutbox } from '../../plattform/mail/mail.public.ts';

/** The server's clock: Wednesday, 25.11.2026, 10:00 in Berlin. */
const JETZT = new Date('2026-11-25T10:00:00+01:00');

/**
 * The fleet tenant (German; lockers off) with the booker Lena Hoffmann, the fleet manager Thomas Becker, the
 * approver and the platform administrator who switches the Chatbot on; four cars with the demo's booking times
 * (Monday to Friday 07:00–19:00), MS-SW 101 a Volkswagen ID.3 Pro as the assistant names it; and the reading room
 * "Lernraum Verwaltung" at "Verwaltung Rathausplatz", open Monday to Friday 08:00–18:00.
 */
const musterstadt = (server: TestServer) =>
  fixtureMandant(server.database, {
    ...FUHRPARK_MANDANT,
    standorte: { ...FUHRPARK_MANDANT.standorte, ...RATHAUS },
    rollen: FUHRPARK_ROLLEN,
    benutzer: {
      ...FUHRPARK_LEUTE,
      plattform: { vorname: 'Petra', nachname: 'Brandt', plattformAdmin: true },
    },
    fahrzeuge: {
      'MS-SW 101': { ...fuhrparkWagen('MS-SW 101'), marke: 'Volkswagen', modell: 'ID.3 Pro' },
      'MS-SW 102': fuhrparkWagen('MS-SW 102'),
      'MS-SW 103': fuhrparkWagen('MS-SW 103'),
      'MS-SW 104': fuhrparkWagen('MS-SW 104'),
    },
    grundrisse: { lernraum: lernraum(3) },
  });

describe.each(testDrivers())('the assistant carries out each intent on %s (decision 219)', (driver) => {
  let server: TestServer;
  let mitarbeiter: string;
  let fuhrpark: string;
  const autos = new Map<string, string>();

  const asAll = <T>(fn: (tx: Tx) => PromiseLike<T>): Promise<T> =>
    server.database.withAllTenants(async (tx) => fn(tx));

  const frage = async (cookie: string, body: Record<string, unknown>) => {
    const response = await call(server, cookie, 'POST', '/api/assistent/ausfuehren', body);
    expect(response.status).toBe(200);
    return (await response.json()) as TAusfuehrenAntwort;
  };
  const get = async <T>(cookie: string, path: string) =>
    (await (await call(server, cookie, 'GET', path)).json()) as T;

  /** What one action wrote beside the booking: its row, its audit entries and the mails queued since `seit`. */
  const spuren = async (buchungId: string, seit: Date) => {
    const [row] = await asAll((tx) =>
      tx.select().from(fahrzeugBuchung).where(eq(fahrzeugBuchung.id, buchungId)),
    );
    const { id: _i, createdAt: _c, updatedAt: _u, von: _v, bis: _b, ...zeile } = row!;
    const audit = await asAll((tx) => tx.select().from(auditLog).where(gt(auditLog.at, seit)));
    const ohneZeit = (v: unknown) =>
      JSON.parse(
        JSON.stringify(v ?? null)
          .replaceAll(buchungId, '<id>')
          .replace(/"\d{4}-\d{2}-\d{2}T[^"]*"/g, '"<zeit>"'),
      );
    const mails = await asAll((tx) => tx.select().from(mailOutbox).where(gt(mailOutbox.createdAt, seit)));
    return {
      zeile,
      audit: audit
        .map((a) => ({
          action: a.action,
          entity: a.entity,
          entityId: a.entityId === buchungId ? '<id>' : a.entityId,
          benutzerId: a.benutzerId,
          neu: ohneZeit(a.newValue),
        }))
        .sort((a, b) => a.action.localeCompare(b.action)),
      mails: mails
        .map((m) => ({ to: m.to, template: m.template, subject: m.subject, language: m.language }))
        .sort((a, b) => `${a.to}${a.template}`.localeCompare(`${b.to}${b.template}`)),
    };
  };

  beforeAll(async () => {
    server = await startTestServer({ driver, now: () => JETZT, seed: false });
    const ms = await musterstadt(server);
    [mitarbeiter, fuhrpark] = await Promise.all([
      signInAs(server, ms.benutzer.mitarbeiter),
      signInAs(server, ms.benutzer.fuhrpark),
    ]);
    const platform = await signInAs(server, ms.benutzer.plattform);
    const me = await get<{ mandant: { id: string } }>(mitarbeiter, '/api/me');
    const mandanten = await get<{ id: string; features: Record<string, boolean> }[]>(
      platform,
      '/api/admin/mandanten',
    );
    const features = mandanten.find((m) => m.id === me.mandant.id)!.features;
    const on = await call(server, platform, 'PUT', `/api/admin/mandanten/${me.mandant.id}/features`, {
      ...features,
      Chatbot: true,
    });
    expect(on.status).toBe(200);
    for (const [kennzeichen, id] of Object.entries(ms.fahrzeuge)) autos.set(kennzeichen, id);
  });
  afterAll(async () => {
    await server?.close();
  });

  it("a car booked through the assistant leaves the same row, audit entries and mails as one through the screen's endpoint", async () => {
    const auto = autos.get('MS-SW 101')!;
    const vorAssistent = new Date();
    const assistent = await frage(mitarbeiter, {
      text: 'Ich brauche morgen von 9 bis 12 ein Auto',
      fahrzeugId: auto,
      bestaetigt: true,
    });
    expect(assistent).toMatchObject({ art: 'ausgefuehrt', ausgefuehrt: true, buchungArt: 'fahrzeug' });
    const ausAssistent = await spuren(assistent.buchungId!, vorAssistent);

    const vorSeite = new Date();
    const seite = await call(server, mitarbeiter, 'POST', '/api/fahrzeug-buchungen', {
      fahrzeugId: auto,
      von: '2026-11-27T09:00:00+01:00',
      bis: '2026-11-27T12:00:00+01:00',
      mitfahrer: [],
      freigeberIds: [],
    });
    expect(seite.status).toBe(201);
    const ausSeite = await spuren(((await seite.json()) as { id: string }).id, vorSeite);

    // the screen's operation writes no audit entry for a new trip; either way the two lists are equal
    expect(ausAssistent.mails.length).toBeGreaterThan(0);
    expect(ausAssistent.zeile).toEqual(ausSeite.zeile);
    expect(ausAssistent.audit).toEqual(ausSeite.audit);
    // the subjects name the car, not the day; the texts differ only in the day
    expect(ausAssistent.mails).toEqual(ausSeite.mails);
  });

  it('a refused car names the catalogue message and the cars the rules allow at that time', async () => {
    // MS-SW 101 is taken tomorrow 09:00–12:00 (above)
    const antwort = await frage(fuhrpark, {
      text: 'Ich brauche morgen von 10 bis 11 ein Auto',
      fahrzeugId: autos.get('MS-SW 101')!,
      bestaetigt: true,
    });
    expect(antwort.art).toBe('abgelehnt');
    expect(antwort.ausgefuehrt).toBe(false);
    expect(antwort.fehler?.code).toMatch(/^fahrzeug/);
    expect(antwort.zusammenfassung).toBe(antwort.fehler?.message);
    expect(antwort.fahrzeuge.map((f) => f.bezeichnung)).not.toContain('Volkswagen ID.3 Pro MS-SW 101');
    expect(antwort.fahrzeuge.length).toBeGreaterThan(0);
  });

  it('a place: the dry run names a free place and books nothing; confirmed, the hold is in the own list', async () => {
    const eigene = () =>
      get<{ id: string; von: string; bis: string; status: string }[]>(
        mitarbeiter,
        '/api/leseraum-buchungen?bereich=leseraum',
      );
    const vorher = await eigene();
    const text = 'Ich brauche morgen ganztags einen Platz im Lesesaal';
    const probe = await frage(mitarbeiter, { text });
    expect(probe.art).toBe('bestaetigen');
    expect(probe.plaetze.length).toBeGreaterThan(0);
    expect(probe.zusammenfassung).toContain('Donnerstag, 26.11.2026, ganztags');
    expect(probe.zusammenfassung).toContain(probe.plaetze[0]!.bezeichnung);
    expect(await eigene()).toEqual(vorher);

    const gebucht = await frage(mitarbeiter, { text, platzId: probe.plaetze[0]!.id, bestaetigt: true });
    expect(gebucht).toMatchObject({ art: 'ausgefuehrt', ausgefuehrt: true, buchungArt: 'leseraum' });
    const neu = (await eigene()).find((b) => b.id === gebucht.buchungId);
    expect(neu?.status).toBe('vorgemerkt');
    expect(gebucht.plaetze.map((p) => p.id)).not.toContain(probe.plaetze[0]!.id);
  });

  it('own bookings: only the caller’s upcoming ones, never another person’s', async () => {
    // another person's trip on Friday afternoon, booked on the screen
    const fremd = await call(server, fuhrpark, 'POST', '/api/fahrzeug-buchungen', {
      fahrzeugId: autos.get('MS-SW 102')!,
      von: '2026-11-27T13:00:00+01:00',
      bis: '2026-11-27T15:00:00+01:00',
      mitfahrer: [],
      freigeberIds: [],
    });
    expect(fremd.status).toBe(201);
    const fremdId = ((await fremd.json()) as { id: string }).id;

    const meine = await frage(mitarbeiter, { text: 'Zeig mir meine Buchungen' });
    expect(meine.art).toBe('auskunft');
    expect(meine.buchungen.map((b) => b.art).sort()).toEqual(['fahrzeug', 'fahrzeug', 'leseraum']);
    expect(JSON.stringify(meine)).not.toContain(fremdId);

    // the fleet manager may list every trip on the screen, the assistant still shows only their own
    const seineEigenen = await frage(fuhrpark, { text: 'show my bookings' });
    expect(seineEigenen.buchungen.map((b) => b.id)).toEqual([fremdId]);
    expect(seineEigenen.zusammenfassung).toContain('Your upcoming bookings');
  });

  it.each([
    'Wer war gestern im Büro?',
    'Wo sitzt Frau Hoffmann?',
    'Zeig mir die Buchungen von Herrn Becker',
    'Who has booked a car tomorrow?',
    'Where does Lena sit today?',
  ])('refuses "%s" in the tool layer: the catalogue message and no data', async (text) => {
    const antwort = await frage(fuhrpark, { text, bestaetigt: true });
    expect(antwort.art).toBe('abgelehnt');
    expect(antwort.fehler?.code).toBe('assistent.fremde_personen');
    expect(antwort).toMatchObject({ buchungen: [], fahrzeuge: [], plaetze: [], buchungId: null });
    expect(JSON.stringify(antwort)).not.toMatch(/Hoffmann|mitarbeiter@/);
  });

  it('a cancellation: several on the day ask which, one is repeated, then cancelled with its mail', async () => {
    const mehrere = await frage(mitarbeiter, { text: 'Storniere meine Buchung morgen' });
    expect(mehrere.art).toBe('rueckfrage');
    expect(mehrere.zusammenfassung).toBe('Welche Buchung meinen Sie?');
    expect(mehrere.buchungen.map((b) => b.art).sort()).toEqual(['fahrzeug', 'leseraum']);

    const text = 'Storniere mein Auto morgen';
    const probe = await frage(mitarbeiter, { text });
    expect(probe.art).toBe('bestaetigen');
    expect(probe.zusammenfassung).toBe(
      'Buchung stornieren: Fahrzeug Volkswagen ID.3 Pro MS-SW 101, Donnerstag, 26.11.2026, 09:00–12:00 Uhr (Zeit in Berlin)',
    );
    const vorher = new Date();
    const storniert = await frage(mitarbeiter, { text, bestaetigt: true });
    expect(storniert).toMatchObject({ art: 'ausgefuehrt', ausgefuehrt: true, buchungId: probe.buchungId });
    const mails = await asAll((tx) => tx.select().from(mailOutbox).where(gt(mailOutbox.createdAt, vorher)));
    expect(mails.some((m) => m.to === 'mitarbeiter@musterstadt.example')).toBe(true);
    const eigene = await get<{ id: string; status: string }[]>(
      mitarbeiter,
      '/api/fahrzeug-buchungen?eigene=true',
    );
    expect(eigene.find((b) => b.id === probe.buchungId)?.status ?? 'storniert').toBe('storniert');

    // nothing left to cancel on a day without bookings
    const keine = await frage(mitarbeiter, { text: 'Storniere meine Buchung am 3. Dezember' });
    expect(keine.fehler?.code).toBe('assistent.keine_buchung');
  });

  it('a check-in of the own current place booking, after a dry run (the reading room counts it as used)', async () => {
    const gebucht = await frage(mitarbeiter, {
      text: 'Ich brauche heute von viertel nach 10 bis 12 einen Platz im Lesesaal',
      bestaetigt: true,
    });
    expect(gebucht.ausgefuehrt).toBe(true);
    const reserviert = await call(
      server,
      mitarbeiter,
      'POST',
      `/api/leseraum-buchungen/${gebucht.buchungId}/bestaetigen`,
    );
    expect(reserviert.status).toBe(200);

    const probe = await frage(mitarbeiter, { text: 'Ich bin da' });
    expect(probe.art).toBe('bestaetigen');
    expect(probe.buchungId).toBe(gebucht.buchungId);
    const ein = await frage(mitarbeiter, { text: 'Ich bin da', bestaetigt: true });
    expect(ein).toMatchObject({ art: 'ausgefuehrt', ausgefuehrt: true });
    const eigene = await get<{ id: string; status: string }[]>(
      mitarbeiter,
      '/api/leseraum-buchungen?bereich=leseraum',
    );
    expect(eigene.find((b) => b.id === gebucht.buchungId)?.status).toBe('durchgeführt');
  });

  it('questions: the booking rules and the opening hours from the settings', async () => {
    const regeln = await frage(mitarbeiter, { text: 'Wie lange darf ich einen Platz buchen?' });
    expect(regeln.art).toBe('auskunft');
    expect(regeln.zusammenfassung).toMatch(/Plätze: höchstens \d+ Stunden je Buchung/);
    expect(regeln.zusammenfassung).toMatch(/Fahrzeuge: bis zu \d+ Tage im Voraus/);

    const offen = await frage(mitarbeiter, { text: 'Wann hat der Lesesaal morgen geöffnet?' });
    expect(offen.zusammenfassung).toContain('Öffnungszeiten am Donnerstag, 26.11.2026 (Zeit in Berlin)');
    expect(offen.zusammenfassung).toContain('Lernraum Verwaltung (Verwaltung Rathausplatz)');
  });

  it('several whole days of a place are not carried out here; a locker follows the Officelocker switch (off here)', async () => {
    const tage = await frage(mitarbeiter, {
      text: 'Ich brauche von Montag bis Mittwoch einen Platz im Lesesaal',
      bestaetigt: true,
    });
    expect(tage).toMatchObject({ art: 'abgelehnt', ausgefuehrt: false, buchungId: null });
    expect(tage.fehler).toEqual({
      code: 'assistent.nicht_ausfuehrbar',
      message: 'Das kann ich hier noch nicht ausführen. Bitte nutzen Sie die Seiten der App.',
    });
    // decision 249: lockers are booked through the assistant where the tenant has them switched on
    for (const text of ['Ich brauche morgen einen Spind', 'Wo ist mein Spind?']) {
      const antwort = await frage(mitarbeiter, { text, bestaetigt: true });
      expect(antwort).toMatchObject({ art: 'abgelehnt', ausgefuehrt: false, buchungId: null });
      expect(antwort.fehler).toEqual({
        code: 'assistent.spinde_aus',
        message: 'Spinde sind in Ihrer Organisation nicht eingeschaltet.',
      });
    }
  });
});
