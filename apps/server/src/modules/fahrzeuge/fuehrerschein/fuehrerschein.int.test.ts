import type { TFahrzeugBuchung } from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/api';
import type {
  TFahrverbotBuchung,
  TFuehrerscheinGespeichert,
  TFuehrerscheinListe,
  TFuehrerscheinZeile,
} from '@stellwerk/domain/fahrzeuge/fuehrerschein/api';
import { PERMISSION_NAMES } from '@stellwerk/domain/permissions';
import { addCalendarDays, addCalendarMonths, berlinDateKey, berlinInstant } from '@stellwerk/domain/time';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, errorOf } from '../../../../test/api-call.ts';
import { signInAs } from '../../../../test/fixtures/anmelden.ts';
import {
  BIBLIOTHEK_LEUTE,
  BIBLIOTHEK_MANDANT,
  BIBLIOTHEK_ROLLEN,
} from '../../../../test/fixtures/leseraum.ts';
import {
  FUHRPARK_LEUTE,
  FUHRPARK_MANDANT,
  FUHRPARK_ROLLEN,
  fuhrparkWagen,
} from '../../../../test/fixtures/fuhrpark.ts';
import { fixtureMandant } from '../../../../test/fixtures/mandant.ts';
import { startTestServer, type TestServer, testDrivers } from '../../../../test/harness.ts';
import type { Tx } from '../../../db/client.ts';
import { mailOutbox } from '../../plattform/mail/mail.public.ts';
import { customizing } from '../../verwaltung/customizing/customizing.public.ts';
import { fahrzeug } from '../fahrzeug/fahrzeug.public.ts';
import { fahrzeugBuchung } from '../fahrzeug-buchung/fahrzeug-buchung.public.ts';
import { sendeFuehrerscheinErinnerungen } from './fuehrerschein.service.ts';
import { fuehrerschein, fuehrerscheinErinnerung } from './fuehrerschein.table.ts';

const heute = () => berlinDateKey(new Date());
const at = (days: number, hhmm: string): string =>
  berlinInstant(addCalendarDays(heute(), days), hhmm).toISOString();

const KLASSEN_B = { AM: true, B: true, L: true };

/**
 * The fleet tenant (German) and the five who may book (`fahrzeug_buchen`), each with a licence checked two months
 * ago (next check in four months) but two: the caretaker Jonas, whose check is due in ten days, and the driver Uwe,
 * whose check lapsed a month ago (recorded by the licence checker Markus). Markus and the administrator Claudia
 * hold the checking right. The platform administrator Petra, a user of the tenant, books nothing and has no
 * licence. Four cars with the demo's booking times.
 */
const musterstadt = (server: TestServer) =>
  fixtureMandant(server.database, {
    ...FUHRPARK_MANDANT,
    rollen: {
      Mitarbeiter: FUHRPARK_ROLLEN.Mitarbeiter,
      Führerscheinprüfung: ['fahrzeug_fuehrerscheinpruefung'],
      Fahrzeugpflege: ['fahrzeug_pflege'],
      Administration: PERMISSION_NAMES,
    },
    benutzer: {
      mitarbeiter: { ...FUHRPARK_LEUTE.mitarbeiter, fuehrerschein: { fuehrerscheinnummer: 'B072RRE2I55' } },
      fuehrerschein: {
        vorname: 'Markus',
        nachname: 'Weber',
        rollen: ['Mitarbeiter', 'Führerscheinprüfung'],
        fuehrerschein: true,
      },
      fahrzeugpflege: {
        vorname: 'Jonas',
        nachname: 'Schneider',
        rollen: ['Mitarbeiter', 'Fahrzeugpflege'],
        fuehrerschein: {
          letztePruefung: addCalendarMonths(addCalendarDays(heute(), 10), -6),
          naechstePruefung: addCalendarDays(heute(), 10),
        },
      },
      admin: { vorname: 'Claudia', nachname: 'Wagner', rollen: ['Administration'], fuehrerschein: true },
      fahrer: {
        vorname: 'Uwe',
        nachname: 'Krause',
        rollen: ['Mitarbeiter'],
        fuehrerschein: {
          fuehrerscheinnummer: 'M7712UK3P40',
          ausstellungsdatum: '1998-06-02',
          letztePruefung: addCalendarMonths(heute(), -7),
          pruefer: 'fuehrerschein',
        },
      },
      plattform: {
        vorname: 'Petra',
        nachname: 'Brandt',
        email: 'plattform@stellwerk.example',
        plattformAdmin: true,
      },
    },
    // the demo's booking times, but every day of the week: the bookings below lie 4 to 10 days ahead of the real
    // date. A car's own window applies only with FahrzeugIndividuelleBuchungszeiten on (not set here), so today this
    // changes nothing; it keeps the test independent of the weekday if that setting is ever switched on
    fahrzeuge: Object.fromEntries(
      ['MS-SW 101', 'MS-SW 102', 'MS-SW 103', 'MS-SW 104'].map((k) => {
        const wagen = fuhrparkWagen(k);
        return [
          k,
          { ...wagen, buchungszeiten: { ...wagen.buchungszeiten, wochentage: [0, 1, 2, 3, 4, 5, 6] } },
        ];
      }),
    ),
  });

describe.each(testDrivers())('licence checks API on %s', (driver) => {
  let server: TestServer;
  let pruefer: string;
  let mitarbeiter: string;
  let fahrer: string;
  let adminBH: string;
  let musterstadtId: string;
  let beispielhausenId: string;
  const ids = new Map<string, string>();
  const autos = new Map<string, string>();

  const asAll = <T>(fn: (tx: Tx) => PromiseLike<T>): Promise<T> =>
    server.database.withAllTenants(async (tx) => fn(tx));
  const outboxTo = (email: string) =>
    asAll((tx) => tx.select().from(mailOutbox).where(eq(mailOutbox.to, email)));
  const liste = async (cookie: string, query = '') => {
    const response = await call(server, cookie, 'GET', `/api/fuehrerscheine${query}`);
    expect(response.status).toBe(200);
    return (await response.json()) as TFuehrerscheinListe;
  };
  const zeileVon = async (email: string) =>
    (await liste(pruefer)).zeilen.find((z) => z.benutzer.email === email)!;

  beforeAll(async () => {
    server = await startTestServer({ driver, seed: false });
    const ms = await musterstadt(server);
    const bh = await fixtureMandant(server.database, {
      ...BIBLIOTHEK_MANDANT,
      rollen: BIBLIOTHEK_ROLLEN,
      benutzer: { mitarbeiter: BIBLIOTHEK_LEUTE.mitarbeiter, admin: BIBLIOTHEK_LEUTE.admin },
    });
    beispielhausenId = bh.id;
    [pruefer, mitarbeiter, fahrer, adminBH] = await Promise.all([
      signInAs(server, ms.benutzer.fuehrerschein),
      signInAs(server, ms.benutzer.mitarbeiter),
      signInAs(server, ms.benutzer.fahrer),
      signInAs(server, bh.benutzer.admin),
    ]);
    musterstadtId = ms.id;
    for (const u of [...Object.values(ms.benutzer), ...Object.values(bh.benutzer)]) ids.set(u.email, u.id);
    for (const [kennzeichen, id] of Object.entries(ms.fahrzeuge)) autos.set(kennzeichen, id);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('refuses without a session (401), without the right (403) and answers other tenants with 404', async () => {
    const lena = ids.get('mitarbeiter@musterstadt.example')!;
    const requests: [string, string, unknown?][] = [
      ['GET', '/api/fuehrerscheine'],
      ['GET', '/api/fuehrerscheine/anzahl'],
      ['PUT', `/api/fuehrerscheine/${lena}`, { ausstellungsdatum: '2005-01-01', klassen: KLASSEN_B }],
      [
        'POST',
        `/api/fuehrerscheine/${lena}/pruefung`,
        { methode: 'original_persoenlich', originalGesehen: true },
      ],
      ['POST', `/api/fuehrerscheine/${lena}/fahrverbot-vorschau`, { fahrverbot: true }],
    ];
    for (const [method, path, body] of requests) {
      expect((await call(server, null, method, path, body)).status).toBe(401);
      const forbidden = await call(server, mitarbeiter, method, path, body);
      expect(forbidden.status).toBe(403);
      expect((await errorOf(forbidden)).code).toBe('auth.forbidden');
      // Beispielhausen's administrator holds every right, but the tenant has no vehicle booking
      expect((await call(server, adminBH, method, path, body)).status).toBe(404);
    }
    // the guard answers before the body is read
    expect((await call(server, mitarbeiter, 'PUT', `/api/fuehrerscheine/${lena}`, { x: 1 })).status).toBe(
      403,
    );
    // a user of another tenant is not found, not changed
    const anna = ids.get('mitarbeiter@beispielhausen.example')!;
    for (const [method, path, body] of [
      ['PUT', `/api/fuehrerscheine/${anna}`, { ausstellungsdatum: '2005-01-01', klassen: KLASSEN_B }],
      [
        'POST',
        `/api/fuehrerscheine/${anna}/pruefung`,
        { methode: 'original_persoenlich', originalGesehen: true },
      ],
      ['POST', `/api/fuehrerscheine/${anna}/fahrverbot-vorschau`, { fahrverbot: true }],
    ] as const) {
      const response = await call(server, pruefer, method, path, body);
      expect(response.status).toBe(404);
    }
    expect(
      await asAll((tx) => tx.select().from(fuehrerschein).where(eq(fuehrerschein.benutzerId, anna))),
    ).toEqual([]);
  });

  it('lists everyone who may book by next check, with states, filters and the due count', async () => {
    const data = await liste(pruefer);
    expect(data).toMatchObject({ heute: heute(), intervallMonate: 6, vorlaufTage: 14, pruefmethoden: [] });
    // the five who may book (Lena, Markus, Jonas, Claudia and the lapsed driver Uwe); the platform admin books
    // nothing
    expect(data.zeilen).toHaveLength(5);
    expect(data.zeilen.map((z) => [z.benutzer.name, z.stand]).slice(0, 2)).toEqual([
      ['Uwe Krause', 'ueberfaellig'],
      ['Jonas Schneider', 'faellig'],
    ]);
    expect(data.zeilen.slice(2).every((z) => z.stand === 'aktuell')).toBe(true);
    const uwe = data.zeilen[0]!;
    expect(uwe.fuehrerschein).toMatchObject({
      fuehrerscheinnummer: 'M7712UK3P40',
      pruefer: { name: 'Markus Weber' },
      pruefmethode: 'original_persoenlich',
      originalGesehen: true,
      klassen: { B: true, C: false },
    });
    expect((await liste(pruefer, '?stand=handlungsbedarf')).zeilen.map((z) => z.benutzer.name)).toEqual([
      'Uwe Krause',
      'Jonas Schneider',
    ]);
    expect((await liste(pruefer, '?suche=hoffmann')).zeilen.map((z) => z.benutzer.name)).toEqual([
      'Lena Hoffmann',
    ]);
    expect((await liste(pruefer, '?suche=B072RRE')).zeilen).toHaveLength(1);
    expect((await call(server, pruefer, 'GET', '/api/fuehrerscheine?stand=kaputt')).status).toBe(400);
    const anzahl = await call(server, pruefer, 'GET', '/api/fuehrerscheine/anzahl');
    expect(await anzahl.json()).toEqual({ faellig: 2 });
  });

  it('sends each reminder once: driver, checkers list, escalation (job with a fixed clock)', async () => {
    const run = (now: Date) =>
      server.database.withTenant(musterstadtId, (tx) =>
        sendeFuehrerscheinErinnerungen(tx, { publicUrl: server.baseUrl }, { mandantId: musterstadtId, now }),
      );
    const now = new Date();
    // drivers Jonas (due in ten days) and Uwe (lapsed); checkers Markus and Claudia: list and escalation each
    expect(await run(now)).toBe(6);
    expect(await run(now)).toBe(0);
    const jonas = await outboxTo('fahrzeugpflege@musterstadt.example');
    expect(jonas.map((m) => m.subject)).toEqual(['Ihre Führerscheinprüfung steht an']);
    const uwe = await outboxTo('fahrer@musterstadt.example');
    expect(uwe.map((m) => m.subject)).toEqual(['Ihre Führerscheinprüfung ist abgelaufen']);
    const markus = await outboxTo('fuehrerschein@musterstadt.example');
    expect(markus.map((m) => m.subject).sort()).toEqual([
      'Anstehende Führerscheinprüfungen',
      'Überfällige Führerscheinprüfungen',
    ]);
    expect(markus.find((m) => m.subject.startsWith('Anstehende'))!.text).toContain(
      '- Jonas Schneider: fällig am',
    );
    expect(markus.find((m) => m.subject.startsWith('Überfällige'))!.text).toContain(
      '- Uwe Krause: fällig seit',
    );
    // Claudia reads English: the mail follows the recipient's language
    const claudiaId = ids.get('admin@musterstadt.example')!;
    await asAll((tx) =>
      tx.insert(customizing).values({
        mandantId: musterstadtId,
        benutzerId: claudiaId,
        customizingOptionName: 'Sprache',
        wert: 'en',
      }),
    );
    // eleven days on Jonas's check has lapsed: only the escalation is new (his reminder was sent)
    expect(await run(new Date(now.getTime() + 11 * 86_400_000))).toBe(2);
    expect(await run(new Date(now.getTime() + 12 * 86_400_000))).toBe(0);
    expect((await outboxTo('fahrzeugpflege@musterstadt.example')).length).toBe(1);
    const claudia = await outboxTo('admin@musterstadt.example');
    expect(claudia.filter((m) => m.subject === 'Overdue driving-licence checks')).toHaveLength(1);
    expect(claudia.find((m) => m.subject === 'Overdue driving-licence checks')!.text).toContain(
      '- Jonas Schneider: due since',
    );
    const recorded = await asAll((tx) =>
      tx.select().from(fuehrerscheinErinnerung).where(eq(fuehrerscheinErinnerung.mandantId, musterstadtId)),
    );
    expect(recorded.map((r) => r.art).sort()).toEqual([
      'eskalation',
      'eskalation',
      'fahrer',
      'fahrer',
      'pruefer',
    ]);
    // a tenant without vehicle booking gets nothing
    expect(
      await server.database.withTenant(beispielhausenId, (tx) =>
        sendeFuehrerscheinErinnerungen(
          tx,
          { publicUrl: server.baseUrl },
          { mandantId: beispielhausenId, now },
        ),
      ),
    ).toBe(0);
  });

  it('refuses the lapsed driver with the message; recording a check lets him book again', async () => {
    const uweId = ids.get('fahrer@musterstadt.example')!;
    const body = { fahrzeugId: autos.get('MS-SW 101')!, von: at(4, '09:00'), bis: at(4, '10:00') };
    const refused = await call(server, fahrer, 'POST', '/api/fahrzeug-buchungen', body);
    expect(refused.status).toBe(422);
    expect(await errorOf(refused)).toMatchObject({
      code: 'fuehrerschein.pruefung_abgelaufen',
      message:
        'Die Führerscheinprüfung ist abgelaufen oder läuft vor Ende der Buchung ab. Bitte wenden Sie sich an die Führerscheinprüfung.',
    });
    // the original must have been seen, the method must be one the tenant provides
    const ohne = await call(server, pruefer, 'POST', `/api/fuehrerscheine/${uweId}/pruefung`, {
      methode: 'original_persoenlich',
      originalGesehen: false,
    });
    expect(ohne.status).toBe(400);
    expect((await errorOf(ohne)).code).toBe('fuehrerschein.original_nicht_gesehen');
    const video = { methode: 'Videoprüfung', originalGesehen: true };
    const unbekannt = await call(server, pruefer, 'POST', `/api/fuehrerscheine/${uweId}/pruefung`, video);
    expect((await errorOf(unbekannt)).code).toBe('fuehrerschein.pruefmethode_unbekannt');
    await asAll((tx) =>
      tx.insert(customizing).values({
        mandantId: musterstadtId,
        customizingOptionName: 'FahrzeugFuehrerscheinPruefmethoden',
        wert: JSON.stringify(['Videoprüfung']),
      }),
    );
    expect((await liste(pruefer)).pruefmethoden).toEqual(['Videoprüfung']);
    const recorded = await call(server, pruefer, 'POST', `/api/fuehrerscheine/${uweId}/pruefung`, video);
    expect(recorded.status).toBe(200);
    const zeile = (await recorded.json()) as TFuehrerscheinZeile;
    expect(zeile).toMatchObject({
      stand: 'aktuell',
      fuehrerschein: {
        letztePruefung: heute(),
        naechstePruefung: addCalendarMonths(heute(), 6),
        pruefer: { id: ids.get('fuehrerschein@musterstadt.example'), name: 'Markus Weber' },
        pruefmethode: 'Videoprüfung',
        originalGesehen: true,
      },
    });
    expect(Date.now() - Date.parse(zeile.fuehrerschein!.geprueftAm!)).toBeLessThan(60_000);
    const booked = await call(server, fahrer, 'POST', '/api/fahrzeug-buchungen', body);
    expect(booked.status).toBe(201);
    expect(((await booked.json()) as TFahrzeugBuchung).hinweise).toEqual([]);
    expect(await (await call(server, pruefer, 'GET', '/api/fuehrerscheine/anzahl')).json()).toEqual({
      faellig: 1,
    });
    // a check on someone without a record asks for the record first
    const petra = ids.get('plattform@stellwerk.example')!;
    const ohneEintrag = await call(server, pruefer, 'POST', `/api/fuehrerscheine/${petra}/pruefung`, video);
    expect(ohneEintrag.status).toBe(409);
    expect((await errorOf(ohneEintrag)).code).toBe('fuehrerschein.kein_eintrag');
  });

  it('an expired truck class refuses, an expired document only warns', async () => {
    const lena = ids.get('mitarbeiter@musterstadt.example')!;
    const gestern = addCalendarDays(heute(), -1);
    const save = await call(server, pruefer, 'PUT', `/api/fuehrerscheine/${lena}`, {
      fuehrerscheinnummer: 'B072RRE2I55',
      ausstellungsdatum: '2004-03-15',
      klassen: { ...KLASSEN_B, C1: true },
      klassenAblauf: { C1: gestern },
      dokumentAblauf: gestern,
      zusatzinfo: 'Schlüsselzahl 01',
    });
    expect(save.status).toBe(200);
    const { zeile } = (await save.json()) as TFuehrerscheinGespeichert;
    expect(zeile.hinweise.map((h) => h.code).sort()).toEqual([
      'fuehrerschein.dokument_abgelaufen',
      'fuehrerschein.klasse_abgelaufen',
    ]);
    // the check columns are untouched by the record
    expect(zeile.fuehrerschein).toMatchObject({
      pruefmethode: 'original_persoenlich',
      zusatzinfo: 'Schlüsselzahl 01',
    });
    const [lkw] = await asAll((tx) =>
      tx
        .update(fahrzeug)
        .set({ fuehrerscheinklasse: 'C1' })
        .where(eq(fahrzeug.kennzeichen, 'MS-SW 103'))
        .returning({ id: fahrzeug.id }),
    );
    try {
      const refused = await call(server, mitarbeiter, 'POST', '/api/fahrzeug-buchungen', {
        fahrzeugId: lkw!.id,
        von: at(5, '09:00'),
        bis: at(5, '10:00'),
      });
      expect(refused.status).toBe(422);
      expect((await errorOf(refused)).code).toBe('fuehrerschein.klasse_abgelaufen');
    } finally {
      await asAll((tx) =>
        tx.update(fahrzeug).set({ fuehrerscheinklasse: 'B' }).where(eq(fahrzeug.id, lkw!.id)),
      );
    }
    const warned = await call(server, mitarbeiter, 'POST', '/api/fahrzeug-buchungen', {
      fahrzeugId: autos.get('MS-SW 102')!,
      von: at(5, '09:00'),
      bis: at(5, '10:00'),
    });
    expect(warned.status).toBe(201);
    expect(((await warned.json()) as TFahrzeugBuchung).hinweise?.map((h) => h.code)).toEqual([
      'fuehrerschein.dokument_abgelaufen',
    ]);
  });

  it('a driving ban lists the overlapping trips, cancels them with a mail and refuses booking in it', async () => {
    const lena = ids.get('mitarbeiter@musterstadt.example')!;
    const created = await call(server, mitarbeiter, 'POST', '/api/fahrzeug-buchungen', {
      fahrzeugId: autos.get('MS-SW 104')!,
      von: at(8, '09:00'),
      bis: at(8, '11:00'),
    });
    expect(created.status).toBe(201);
    const trip = (await created.json()) as TFahrzeugBuchung;
    const ban = {
      fahrverbot: true,
      fahrverbotVon: addCalendarDays(heute(), 7),
      fahrverbotBis: addCalendarDays(heute(), 9),
    };
    const falsch = await call(server, pruefer, 'POST', `/api/fuehrerscheine/${lena}/fahrverbot-vorschau`, {
      ...ban,
      fahrverbotBis: addCalendarDays(heute(), 6),
    });
    expect(falsch.status).toBe(422);
    expect((await errorOf(falsch)).code).toBe('fuehrerschein.fahrverbot_zeitraum');
    const preview = await call(
      server,
      pruefer,
      'POST',
      `/api/fuehrerscheine/${lena}/fahrverbot-vorschau`,
      ban,
    );
    expect(preview.status).toBe(200);
    expect(
      ((await preview.json()) as TFahrverbotBuchung[]).map((b) => [b.id, b.kennzeichen, b.buchender]),
    ).toEqual([[trip.id, 'MS-SW 104', 'Lena Hoffmann']]);
    // the preview changes nothing
    const [still] = await asAll((tx) =>
      tx.select().from(fahrzeugBuchung).where(eq(fahrzeugBuchung.id, trip.id)),
    );
    expect(still!.status).toBe('reserviert');

    const before = (await outboxTo('mitarbeiter@musterstadt.example')).length;
    const save = await call(server, pruefer, 'PUT', `/api/fuehrerscheine/${lena}`, {
      fuehrerscheinnummer: 'B072RRE2I55',
      ausstellungsdatum: '2004-03-15',
      klassen: KLASSEN_B,
      ...ban,
    });
    expect(save.status).toBe(200);
    const saved = (await save.json()) as TFuehrerscheinGespeichert;
    expect(saved.storniert.map((b) => b.id)).toEqual([trip.id]);
    expect(saved.zeile.fuehrerschein).toMatchObject(ban);
    const [cancelled] = await asAll((tx) =>
      tx.select().from(fahrzeugBuchung).where(eq(fahrzeugBuchung.id, trip.id)),
    );
    expect(cancelled).toMatchObject({
      status: 'storniert',
      informationstext: 'Storno wegen Fahrverbot des Fahrers.',
    });
    const mails = (await outboxTo('mitarbeiter@musterstadt.example')).slice(before);
    expect(mails.map((m) => m.subject)).toEqual(['Fahrzeugbuchung storniert: MS-SW 104']);
    expect(mails[0]!.text).toContain('Grund: Storno wegen Fahrverbot des Fahrers.');
    expect(mails[0]!.text).toContain('(durch Markus Weber)');

    // booking inside the ban is refused with the message; outside it works (a day inside the ban: an overnight
    // period now leaves the booking window first, decision 112)
    const inBan = await call(server, mitarbeiter, 'POST', '/api/fahrzeug-buchungen', {
      fahrzeugId: autos.get('MS-SW 104')!,
      von: at(9, '09:00'),
      bis: at(9, '17:00'),
    });
    expect(inBan.status).toBe(422);
    expect(await errorOf(inBan)).toMatchObject({
      code: 'fuehrerschein.fahrverbot',
      message:
        'Im gewählten Zeitraum besteht ein Fahrverbot. Bitte wenden Sie sich an die Führerscheinprüfung.',
    });
    const after = await call(server, mitarbeiter, 'POST', '/api/fahrzeug-buchungen', {
      fahrzeugId: autos.get('MS-SW 104')!,
      von: at(10, '09:00'),
      bis: at(10, '10:00'),
    });
    expect(after.status).toBe(201);
    // a second save of the same ban cancels nothing more
    const again = await call(server, pruefer, 'PUT', `/api/fuehrerscheine/${lena}`, {
      fuehrerscheinnummer: 'B072RRE2I55',
      ausstellungsdatum: '2004-03-15',
      klassen: KLASSEN_B,
      ...ban,
    });
    expect(((await again.json()) as TFuehrerscheinGespeichert).storniert).toEqual([]);
    const row = await zeileVon('mitarbeiter@musterstadt.example');
    expect(row.fahrverbotHeute).toBe(false);
    const [stored] = await asAll((tx) =>
      tx
        .select({ fahrverbot: fuehrerschein.fahrverbot })
        .from(fuehrerschein)
        .where(and(eq(fuehrerschein.benutzerId, lena), eq(fuehrerschein.mandantId, musterstadtId))),
    );
    expect(stored!.fahrverbot).toBe(true);
  });

  it('creates a record for a user without one', async () => {
    const petra = ids.get('plattform@stellwerk.example')!;
    const save = await call(server, pruefer, 'PUT', `/api/fuehrerscheine/${petra}`, {
      fuehrerscheinnummer: 'P100',
      ausstellungsdatum: '1990-05-05',
      klassen: KLASSEN_B,
    });
    expect(save.status).toBe(200);
    const { zeile } = (await save.json()) as TFuehrerscheinGespeichert;
    expect(zeile).toMatchObject({
      stand: 'fehlt',
      fuehrerschein: { fuehrerscheinnummer: 'P100', naechstePruefung: null },
    });
    const bad = await call(server, pruefer, 'PUT', `/api/fuehrerscheine/${petra}`, {
      ausstellungsdatum: '2026-02-30',
      klassen: {},
    });
    expect(bad.status).toBe(400);
  });

  it('a PUT keeps the number, notes, ban and expiry days it was not given; null clears them (decision 125)', async () => {
    const petra = ids.get('plattform@stellwerk.example')!;
    const path = `/api/fuehrerscheine/${petra}`;
    const full = {
      fuehrerscheinnummer: 'P200',
      ausstellungsdatum: '1990-05-05',
      zusatzinfo: 'Brille',
      fahrverbot: true,
      fahrverbotVon: addCalendarDays(heute(), 300),
      fahrverbotBis: addCalendarDays(heute(), 301),
      klassen: { ...KLASSEN_B, C1: true },
      klassenAblauf: { C1: addCalendarDays(heute(), 400) },
      dokumentAblauf: addCalendarDays(heute(), 500),
    };
    const first = await call(server, pruefer, 'PUT', path, full);
    expect(first.status).toBe(200);
    const stored = ((await first.json()) as TFuehrerscheinGespeichert).zeile.fuehrerschein!;
    const kept = await call(server, pruefer, 'PUT', path, {
      ausstellungsdatum: '1990-05-06',
      klassen: { ...KLASSEN_B, C1: true },
    });
    expect(kept.status).toBe(200);
    expect(((await kept.json()) as TFuehrerscheinGespeichert).zeile.fuehrerschein).toEqual({
      ...stored,
      ausstellungsdatum: '1990-05-06',
    });
    const cleared = await call(server, pruefer, 'PUT', path, {
      ausstellungsdatum: '1990-05-06',
      klassen: KLASSEN_B,
      fuehrerscheinnummer: null,
      zusatzinfo: null,
      fahrverbot: false,
      fahrverbotVon: null,
      fahrverbotBis: null,
      klassenAblauf: {},
      dokumentAblauf: null,
    });
    expect(((await cleared.json()) as TFuehrerscheinGespeichert).zeile.fuehrerschein).toMatchObject({
      fuehrerscheinnummer: null,
      zusatzinfo: null,
      fahrverbot: false,
      fahrverbotVon: null,
      fahrverbotBis: null,
      dokumentAblauf: null,
    });
    // issue date and classes are required: 400 names them
    const missing = await call(server, pruefer, 'PUT', path, { zusatzinfo: 'x' });
    expect(missing.status).toBe(400);
    expect(Object.keys((await errorOf(missing)).params).sort()).toEqual([
      'body.ausstellungsdatum',
      'body.klassen',
    ]);
  });
});
