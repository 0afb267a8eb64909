import type { TServiceheft } from '@stellwerk/domain/fahrzeuge/fahrzeug/serviceheft';
import type { TFahrzeugBuchung } from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/api';
import { addCalendarDays, berlinDateKey, berlinInstant, weekdayOfDay } from '@stellwerk/domain/time';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, errorOf } from '../../../../test/api-call.ts';
import { signInAs } from '../../../../test/fixtures/anmelden.ts';
import { fixtureMandant } from '../../../../test/fixtures/mandant.ts';
import { startTestServer, type TestServer, testDrivers } from '../../../../test/harness.ts';
import type { Tx } from '../../../db/client.ts';
import { customizing } from '../../verwaltung/customizing/customizing.public.ts';
import { fahrzeug } from '../fahrzeug/fahrzeug.public.ts';
import { fahrzeugBuchung } from '../fahrzeug-buchung/fahrzeug-buchung.public.ts';

/** The first weekday at least `tage` days ahead, `HH:mm` in Berlin. */
const werktag = (tage: number, hhmm: string): string => {
  let day = addCalendarDays(berlinDateKey(new Date()), tage);
  while ([0, 6].includes(weekdayOfDay(day))) day = addCalendarDays(day, 1);
  return berlinInstant(day, hhmm).toISOString();
};

/**
 * The fleet manager Thomas Becker and a booker (licensed), two cars with the demo's booking times (Monday to Friday
 * 07:00–19:00) and no inspection due; the library (no vehicles) with its room care, who has no vehicle right.
 */
const mandanten = async (server: TestServer) => ({
  ms: await fixtureMandant(server.database, {
    name: 'Stadtwerke Musterstadt',
    domain: 'musterstadt.example',
    features: { FahrzeugBuchung: true },
    einstellungen: { Sprache: 'de' },
    standorte: { nord: { name: 'Betriebshof Nord', bundesland: 'NW' } },
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
    },
    benutzer: {
      fuhrpark: { vorname: 'Thomas', nachname: 'Becker', rollen: ['Fuhrparkleitung'], fuehrerschein: true },
      mitarbeiter: { vorname: 'Lena', nachname: 'Hoffmann', rollen: ['Mitarbeiter'], fuehrerschein: true },
    },
    fahrzeuge: {
      id3: {
        standort: 'nord',
        kennzeichen: 'MS-SW 101',
        buchungszeiten: { von: '07:00', bis: '19:00', wochentage: [1, 2, 3, 4, 5] },
      },
      octavia: {
        standort: 'nord',
        kennzeichen: 'MS-SW 102',
        buchungszeiten: { von: '07:00', bis: '19:00', wochentage: [1, 2, 3, 4, 5] },
      },
    },
  }),
  bh: await fixtureMandant(server.database, {
    name: 'Bibliothek Beispielhausen',
    domain: 'beispielhausen.example',
    features: { FahrzeugBuchung: false, Leseraum: true },
    rollen: { Raumpflege: ['objekt_pflege', 'ausstattungs_pflege', 'auslastung_sehen'] },
    benutzer: { fuhrpark: { vorname: 'Michael', nachname: 'Fischer', rollen: ['Raumpflege'] } },
  }),
});

describe.each(testDrivers())('service book and UVV rule on %s', (driver) => {
  let server: TestServer;
  let fuhrpark: string;
  let mitarbeiter: string;
  let fremd: string;
  let mandantId: string;
  let autoId: string;
  let fremdesAuto: string;
  let zweitesAuto: string;
  let thomasId: string;

  const asAll = <T>(fn: (tx: Tx) => PromiseLike<T>): Promise<T> =>
    server.database.withAllTenants(async (tx) => fn(tx));

  beforeAll(async () => {
    server = await startTestServer({ driver, seed: false });
    const { ms, bh } = await mandanten(server);
    [fuhrpark, mitarbeiter, fremd] = await Promise.all([
      signInAs(server, ms.benutzer.fuhrpark),
      signInAs(server, ms.benutzer.mitarbeiter),
      signInAs(server, bh.benutzer.fuhrpark),
    ]);
    mandantId = ms.id;
    thomasId = ms.benutzer.fuhrpark.id;
    autoId = ms.fahrzeuge.id3;
    zweitesAuto = ms.fahrzeuge.octavia;
    // the library has no vehicle: an id that exists nowhere
    fremdesAuto = '00000000-0000-4000-8000-000000000000';
  });
  afterAll(async () => {
    await server?.close();
  });

  it('rights: 401 without a session, 403 without a vehicle right or to write, 404 for unknown ids', async () => {
    const pfad = `/api/fahrzeuge/${autoId}/serviceheft`;
    const eintrag = { typ: 'REPARATUR', beschreibung: 'Scheibe', von: '2026-06-01' };
    expect((await call(server, null, 'GET', pfad)).status).toBe(401);
    // a user of another tenant without vehicle rights (Raumpflege): the guard refuses before anything is read
    expect((await call(server, fremd, 'GET', pfad)).status).toBe(403);
    expect((await call(server, mitarbeiter, 'GET', pfad)).status).toBe(200);
    const verboten = await call(server, mitarbeiter, 'POST', pfad, eintrag);
    expect(verboten.status).toBe(403);
    expect((await errorOf(verboten)).code).toBe('auth.forbidden');
    expect((await call(server, fuhrpark, 'GET', `/api/fahrzeuge/${fremdesAuto}/serviceheft`)).status).toBe(
      404,
    );
    expect(
      (await call(server, fuhrpark, 'POST', `/api/fahrzeuge/${fremdesAuto}/serviceheft`, eintrag)).status,
    ).toBe(404);
    const falsch = await call(server, fuhrpark, 'POST', pfad, { ...eintrag, typ: 'KAFFEE' });
    expect(falsch.status).toBe(400);
    const verkehrt = await call(server, fuhrpark, 'POST', pfad, { ...eintrag, bis: '2026-05-01' });
    expect(verkehrt.status).toBe(400);
  });

  it('a new entry shows in the list with the WARTUNG block; a UVV entry sets the next due day', async () => {
    const [sperre] = await asAll((tx) =>
      tx
        .insert(fahrzeugBuchung)
        .values({
          mandantId,
          fahrzeugId: autoId,
          benutzerId: thomasId,
          typ: 'WARTUNG',
          status: 'reserviert',
          von: berlinInstant('2026-05-04', '00:00'),
          bis: berlinInstant('2026-05-06', '00:00'),
          informationstext: 'Inspektion',
        })
        .returning({ id: fahrzeugBuchung.id }),
    );
    const pfad = `/api/fahrzeuge/${autoId}/serviceheft`;
    const neu = await call(server, fuhrpark, 'POST', pfad, {
      typ: 'UVV',
      beschreibung: 'UVV-Prüfung ohne Mängel',
      von: '2026-06-01',
      naechsteFaelligkeit: '2027-06-01',
    });
    expect(neu.status).toBe(201);
    const heft = (await neu.json()) as TServiceheft;
    expect(heft.uvvFaelligAm).toBe('2027-06-01');
    expect(heft.eintraege.map((e) => [e.typ, e.quelle, e.von, e.bis])).toEqual([
      ['UVV', 'eintrag', '2026-06-01', null],
      ['WARTUNG', 'sperre', '2026-05-04', '2026-05-05'],
    ]);
    expect(heft.eintraege[0]?.erfasstVon).toBe('Thomas Becker');
    expect(heft.eintraege[1]?.id).toBe(sperre!.id);
    const gelesen = (await (await call(server, mitarbeiter, 'GET', pfad)).json()) as TServiceheft;
    expect(gelesen.kannErfassen).toBe(false);
    expect(gelesen.eintraege).toHaveLength(2);
  });

  it('an overdue UVV inspection warns by default and refuses booking when the tenant blocks', async () => {
    const gestern = addCalendarDays(berlinDateKey(new Date()), -1);
    await asAll((tx) => tx.update(fahrzeug).set({ uvvFaelligAm: gestern }).where(eq(fahrzeug.id, autoId)));
    const gewarnt = await call(server, mitarbeiter, 'POST', '/api/fahrzeug-buchungen', {
      fahrzeugId: autoId,
      von: werktag(3, '09:00'),
      bis: werktag(3, '10:00'),
    });
    expect(gewarnt.status).toBe(201);
    expect(((await gewarnt.json()) as TFahrzeugBuchung).hinweise?.map((h) => h.code)).toContain(
      'fahrzeug_buchung.uvv_ueberfaellig_hinweis',
    );
    await asAll((tx) =>
      tx
        .insert(customizing)
        .values({ mandantId, customizingOptionName: 'FahrzeugUvvUeberfaellig', wert: 'sperren' }),
    );
    const abgelehnt = await call(server, mitarbeiter, 'POST', '/api/fahrzeug-buchungen', {
      fahrzeugId: autoId,
      von: werktag(3, '11:00'),
      bis: werktag(3, '12:00'),
    });
    expect(abgelehnt.status).toBe(409);
    const fehler = await errorOf(abgelehnt);
    expect(fehler.code).toBe('fahrzeug_buchung.uvv_ueberfaellig');
    expect(fehler.message).toMatch(
      /^Das Fahrzeug kann nicht gebucht werden: Die UVV-Prüfung war am \d\d\.\d\d\.\d{4} fällig/,
    );
    const buchungen = await asAll((tx) =>
      tx
        .select({ id: fahrzeugBuchung.id })
        .from(fahrzeugBuchung)
        .where(and(eq(fahrzeugBuchung.fahrzeugId, autoId), eq(fahrzeugBuchung.typ, 'BUCHUNG'))),
    );
    expect(buchungen).toHaveLength(1);
  });

  it('an overdue HU warns like the UVV by default and refuses booking when the tenant blocks', async () => {
    const gestern = addCalendarDays(berlinDateKey(new Date()), -1);
    await asAll((tx) =>
      tx.update(fahrzeug).set({ huFaelligAm: gestern }).where(eq(fahrzeug.id, zweitesAuto)),
    );
    const gewarnt = await call(server, mitarbeiter, 'POST', '/api/fahrzeug-buchungen', {
      fahrzeugId: zweitesAuto,
      von: werktag(4, '09:00'),
      bis: werktag(4, '10:00'),
    });
    expect(gewarnt.status).toBe(201);
    expect(((await gewarnt.json()) as TFahrzeugBuchung).hinweise).toEqual([
      {
        code: 'fahrzeug_buchung.hu_ueberfaellig_hinweis',
        params: { datum: expect.stringMatching(/^\d\d\.\d\d\.\d{4}$/) },
      },
    ]);
    await asAll((tx) =>
      tx
        .insert(customizing)
        .values({ mandantId, customizingOptionName: 'FahrzeugHuUeberfaellig', wert: 'sperren' }),
    );
    const abgelehnt = await call(server, mitarbeiter, 'POST', '/api/fahrzeug-buchungen', {
      fahrzeugId: zweitesAuto,
      von: werktag(4, '11:00'),
      bis: werktag(4, '12:00'),
    });
    expect(abgelehnt.status).toBe(409);
    const fehler = await errorOf(abgelehnt);
    expect(fehler.code).toBe('fahrzeug_buchung.hu_ueberfaellig');
    expect(fehler.message).toMatch(
      /^Das Fahrzeug kann nicht gebucht werden: Die Hauptuntersuchung \(HU\) war am /,
    );
    // entering the next HU in the service book ends it
    const eingetragen = await call(server, fuhrpark, 'POST', `/api/fahrzeuge/${zweitesAuto}/serviceheft`, {
      typ: 'HU',
      beschreibung: 'HU ohne Mängel',
      von: berlinDateKey(new Date()),
      naechsteFaelligkeit: addCalendarDays(berlinDateKey(new Date()), 730),
    });
    expect(eingetragen.status).toBeLessThan(300);
    const danach = await call(server, mitarbeiter, 'POST', '/api/fahrzeug-buchungen', {
      fahrzeugId: zweitesAuto,
      von: werktag(4, '13:00'),
      bis: werktag(4, '14:00'),
    });
    expect(danach.status).toBe(201);
    expect(((await danach.json()) as TFahrzeugBuchung).hinweise ?? []).toEqual([]);
  });
});
