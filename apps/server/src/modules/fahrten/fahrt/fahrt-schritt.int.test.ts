/**
 * Check-in and check-out with uploads, damages and the fleet managers' mails (decisions 063, 064), on
 * both databases, through the API with real multipart bodies.
 */
import { randomUUID } from 'node:crypto';
import type { TCheckInVorlage, TFahrtenbuch } from '@stellwerk/domain/fahrten/fahrtenbuch/api';
import type { TFahrzeugHistorie } from '@stellwerk/domain/fahrzeuge/fahrzeug/historie-api';
import type { TFahrzeugBuchung } from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/api';
import { addCalendarDays, berlinDateKey, berlinInstant } from '@stellwerk/domain/time';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, errorOf } from '../../../../test/api-call.ts';
import { signInAs } from '../../../../test/fixtures/anmelden.ts';
import { FAHRTEN_MANDANT } from '../../../../test/fixtures/fahrten.ts';
import { FUHRPARK_LEUTE, FUHRPARK_ROLLEN, fuhrparkWagen } from '../../../../test/fixtures/fuhrpark.ts';
import { fixtureMandant } from '../../../../test/fixtures/mandant.ts';
import { startTestServer, type TestServer, testDrivers } from '../../../../test/harness.ts';
import { plainTextOf } from '../../../../test/mail-message.ts';
import { type SmtpReceiver, startSmtpReceiver } from '../../../../test/smtp-receiver.ts';
import type { Tx } from '../../../db/client.ts';
import { fahrzeugBuchung } from '../../fahrzeuge/fahrzeug-buchung/fahrzeug-buchung.public.ts';
import { dispatchPendingMails } from '../../plattform/mail/mail.dispatcher.ts';
import { datei } from '../../plattform/storage/storage.public.ts';
import { fahrzeugHistorieBeleg, fahrzeugSchaden } from './fahrt.table.ts';
import { fahrzeugHistorie } from './fahrzeug-historie.table.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

const tag = addCalendarDays(berlinDateKey(new Date()), 3);
const um = (hhmm: string) => berlinInstant(tag, hhmm);
const ablesung = { tankfuellung: 60, sauberkeitAussen: 'sauber', sauberkeitInnen: 'sauber' };

/**
 * The booker Lena Hoffmann, the approver Sabine Krüger (another driver) and the fleet manager Thomas Becker, who
 * maintains the fleet, gets its mails and writes its settings; four cars at the depot with the parking spots P1–P6
 * (the demo's booking times, MS-SW 101 electric), none with a reading yet. These journeys put one driver on several
 * cars of one day at overlapping times: the tenant allows it here (one driver, one car is its own journey:
 * fahrer-und-abstand.int.test.ts, decision 134).
 */
const musterstadt = (server: TestServer) =>
  fixtureMandant(server.database, {
    ...FAHRTEN_MANDANT,
    einstellungen: { ...FAHRTEN_MANDANT.einstellungen, FahrzeugMehrereFahrzeugeGleichzeitig: 'true' },
    rollen: FUHRPARK_ROLLEN,
    benutzer: FUHRPARK_LEUTE,
    fahrzeuge: {
      'MS-SW 101': { ...fuhrparkWagen('MS-SW 101'), spalten: { kraftstoff: 'Elektro' } },
      'MS-SW 102': fuhrparkWagen('MS-SW 102'),
      'MS-SW 103': fuhrparkWagen('MS-SW 103'),
      'MS-SW 104': fuhrparkWagen('MS-SW 104'),
    },
  });

describe.each(testDrivers())('check-in and check-out with uploads and damages on %s', (driver) => {
  let server: TestServer;
  let smtp: SmtpReceiver;
  let clock = new Date();
  let mitarbeiter: string;
  let freigabe: string;
  let fuhrpark: string;
  let autos: Record<string, string> = {};

  const asAll = <T>(fn: (tx: Tx) => PromiseLike<T>): Promise<T> =>
    server.database.withAllTenants(async (tx) => fn(tx));

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    server = await startTestServer({ driver, now: () => clock, smtpUrl: smtp.url, seed: false });
    const ms = await musterstadt(server);
    [mitarbeiter, freigabe, fuhrpark] = await Promise.all([
      signInAs(server, ms.benutzer.mitarbeiter),
      signInAs(server, ms.benutzer.freigabe),
      signInAs(server, ms.benutzer.fuhrpark),
    ]);
    autos = ms.fahrzeuge;
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  /** The newest mail to `to` after `after` at the SMTP receiver: the outbox is sent at the test clock's time. */
  const mailAn = async (to: string, after: number) => {
    await dispatchPendingMails({ database: server.database, smtpUrl: smtp.url, now: clock });
    const found = smtp.received
      .slice(after)
      .filter((m) => m.to.includes(to))
      .at(-1);
    expect(found, `mail to ${to}`).toBeDefined();
    return plainTextOf(found!.raw);
  };

  const buche = async (cookie: string, kennzeichen: string, von: string, bis: string) => {
    clock = new Date(um('00:00').getTime() - 24 * 3600_000);
    const r = await call(server, cookie, 'POST', '/api/fahrzeug-buchungen', {
      fahrzeugId: autos[kennzeichen],
      von: um(von).toISOString(),
      bis: um(bis).toISOString(),
      anlass: 'Baustellenbesuch',
      zielAdresse: 'Hauptstraße 1, Musterstadt',
    });
    expect(r.status, await r.clone().text()).toBe(201);
    return (await r.json()) as TFahrzeugBuchung;
  };

  /** A check-in or check-out as the web sends it: the JSON in `daten`, the files beside it. */
  const schritt = (
    cookie: string,
    id: string,
    art: 'check-in' | 'check-out',
    daten: unknown,
    dateien: { feld: string; name: string; data: Buffer; type: string }[] = [],
  ) => {
    const form = new FormData();
    form.append('daten', JSON.stringify(daten));
    for (const d of dateien)
      form.append(d.feld, new Blob([new Uint8Array(d.data)], { type: d.type }), d.name);
    return fetch(`${server.baseUrl}/api/fahrzeug-buchungen/${id}/${art}`, {
      method: 'POST',
      headers: { origin: server.baseUrl, cookie },
      body: form,
    });
  };

  it('check-in with a receipt and a damage photo: refused uploads and missing fields write nothing; the dialog then shows the open damage and the fleet manager gets the photo link', async () => {
    const b = await buche(mitarbeiter, 'MS-SW 101', '09:00', '12:00');
    clock = um('08:55');
    const vorlage = (await (
      await call(server, mitarbeiter, 'GET', `/api/fahrzeug-buchungen/${b.id}/check-in`)
    ).json()) as TCheckInVorlage;
    expect(vorlage.abstellplaetze).toEqual(['P1', 'P2', 'P3', 'P4', 'P5', 'P6']);
    expect(vorlage.reinigungszustaende[0]).toBe('sauber');
    expect(vorlage.offeneSchaeden).toEqual([]);
    expect(vorlage.elektro).toBe(true);
    expect((await call(server, freigabe, 'GET', `/api/fahrzeug-buchungen/${b.id}/check-in`)).status).toBe(
      404,
    );

    const daten = {
      ...ablesung,
      kilometerstand: 5000,
      schaeden: [{ ort: 'hinten', beschreibung: 'Kratzer an der Stoßstange', sicherheitsrelevant: false }],
    };
    const text = await schritt(mitarbeiter, b.id, 'check-in', daten, [
      { feld: 'beleg', name: 'beleg.txt', data: Buffer.from('kein Beleg'), type: 'text/plain' },
    ]);
    expect(text.status).toBe(415);
    expect((await errorOf(text)).message).toBe(
      'Fehler beim Hochladen der Datei: Dieser Dateityp ist hier nicht erlaubt. Erlaubt: PNG, JPG, PDF.',
    );
    const ohneOrt = await schritt(
      mitarbeiter,
      b.id,
      'check-in',
      { ...daten, schaeden: [{ ort: '', beschreibung: 'Delle', sicherheitsrelevant: false }] },
      [{ feld: 'schaden.0.foto', name: 'foto.png', data: PNG, type: 'image/png' }],
    );
    expect(ohneOrt.status).toBe(400);
    expect((await errorOf(ohneOrt)).message).toBe('Bitte alle Pflichtfelder ausfüllen.');
    // a place outside the fixed list is told which places there are
    const kofferraum = await schritt(mitarbeiter, b.id, 'check-in', {
      ...daten,
      schaeden: [{ ort: 'kofferraum', beschreibung: 'Delle', sicherheitsrelevant: false }],
    });
    expect(kofferraum.status).toBe(400);
    expect(await errorOf(kofferraum)).toMatchObject({
      code: 'fahrt.schadensort_ungueltig',
      message:
        'Der Schadensort „kofferraum“ ist nicht erlaubt. Erlaubt sind: vorne, hinten, links, rechts, dach, innenraum, unterboden, sonstiges.',
    });
    expect(
      await asAll((tx) =>
        tx.select().from(fahrzeugHistorie).where(eq(fahrzeugHistorie.fahrzeugBuchungId, b.id)),
      ),
    ).toEqual([]);
    const dateienVorher = (await asAll((tx) => tx.select().from(datei))).length;

    // one receipt field takes one file (spec §3 "Upload: one image or document", decision 146)
    const zwei = await schritt(mitarbeiter, b.id, 'check-in', daten, [
      { feld: 'beleg', name: 'tanken.pdf', data: PDF, type: 'application/pdf' },
      { feld: 'beleg', name: 'waesche.png', data: PNG, type: 'image/png' },
    ]);
    expect(zwei.status).toBe(400);
    expect(((await zwei.json()) as { error: { code: string; message: string } }).error).toMatchObject({
      code: 'fahrt.zu_viele_dateien',
      message: 'Fehler beim Hochladen der Datei: Höchstens 1 Beleg und ein Foto je Schaden.',
    });
    expect((await asAll((tx) => tx.select().from(datei))).length).toBe(dateienVorher);

    const vorher = smtp.received.length;
    const ok = await schritt(mitarbeiter, b.id, 'check-in', daten, [
      { feld: 'beleg', name: 'tanken.pdf', data: PDF, type: 'application/pdf' },
      { feld: 'schaden.0.foto', name: 'kratzer.png', data: PNG, type: 'image/png' },
    ]);
    expect(ok.status, await ok.clone().text()).toBe(200);
    expect(((await ok.json()) as TFahrzeugBuchung).status).toBe('aktiv');
    const [h] = await asAll((tx) =>
      tx.select().from(fahrzeugHistorie).where(eq(fahrzeugHistorie.fahrzeugBuchungId, b.id)),
    );
    expect(h).toMatchObject({ typ: 'CHECK_IN', kilometerstand: 5000, tankfuellung: 60 });
    expect(
      await asAll((tx) =>
        tx.select().from(fahrzeugHistorieBeleg).where(eq(fahrzeugHistorieBeleg.historieId, h!.id)),
      ),
    ).toHaveLength(1);
    expect((await asAll((tx) => tx.select().from(datei))).length).toBe(dateienVorher + 2);

    // the receipt is reachable from the trip's history entry (R158)
    const historie = (await (
      await call(server, fuhrpark, 'GET', `/api/fahrzeuge/${b.fahrzeug.id}/historie`)
    ).json()) as TFahrzeugHistorie;
    const eintrag = historie.eintraege.find((e) => e.id === h!.id)!;
    expect(eintrag.belege).toHaveLength(1);
    const pdf = await call(server, fuhrpark, 'GET', eintrag.belege[0]!.url);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');

    const [schaden] = (
      (await (
        await call(server, mitarbeiter, 'GET', `/api/fahrzeug-buchungen/${b.id}/check-in`)
      ).json()) as TCheckInVorlage
    ).offeneSchaeden;
    expect(schaden).toMatchObject({
      ort: 'hinten',
      beschreibung: 'Kratzer an der Stoßstange',
      sicherheitsrelevant: false,
    });
    const foto = await call(server, mitarbeiter, 'GET', `/api/dateien/${schaden!.fotoId}`);
    expect(foto.status).toBe(200);
    expect(foto.headers.get('content-type')).toBe('image/png');

    const mail = await mailAn('fuhrpark@musterstadt.example', vorher);
    expect(mail).toContain('Schaden (hinten): Kratzer an der Stoßstange');
    expect(mail).toContain(`/api/dateien/${schaden!.fotoId}`);
  });

  it('check-out: parking spot from the location, an early check-out frees the rest of the slot', async () => {
    const [b] = (await (
      await call(server, mitarbeiter, 'GET', '/api/fahrzeug-buchungen?meine=true')
    ).json()) as TFahrzeugBuchung[] | [];
    const id =
      b?.id ??
      (
        await asAll((tx) =>
          tx
            .select({ id: fahrzeugBuchung.id })
            .from(fahrzeugBuchung)
            .where(
              and(eq(fahrzeugBuchung.fahrzeugId, autos['MS-SW 101']!), eq(fahrzeugBuchung.status, 'aktiv')),
            ),
        )
      )[0]!.id;
    clock = um('10:00');
    const falsch = await schritt(mitarbeiter, id, 'check-out', {
      ...ablesung,
      kilometerstand: 5040,
      abstellplatz: 'P9',
      fahrt: { art: 'privat' },
    });
    expect(falsch.status).toBe(400);
    expect((await errorOf(falsch)).message).toBe(
      'Der Abstellplatz muss einer der Abstellplätze des Standorts sein: [P1, P2, P3, P4, P5, P6]',
    );
    const ohne = await schritt(mitarbeiter, id, 'check-out', {
      ...ablesung,
      kilometerstand: 5040,
      fahrt: { art: 'privat' },
    });
    expect((await errorOf(ohne)).message).toBe('Bitte alle Pflichtfelder ausfüllen.');
    const ok = await schritt(
      mitarbeiter,
      id,
      'check-out',
      { ...ablesung, kilometerstand: 5040, abstellplatz: 'P2', fahrt: { art: 'privat' } },
      [{ feld: 'beleg', name: 'waesche.png', data: PNG, type: 'image/png' }],
    );
    expect(ok.status, await ok.clone().text()).toBe(200);
    const danach = (await ok.json()) as TFahrzeugBuchung;
    expect(danach.status).toBe('durchgeführt');
    expect(danach.bis).toBe(um('10:00').toISOString());
    // the logbook entry of the trip reaches the receipts of its check-in and its check-out (R158)
    const buch = (await (
      await call(
        server,
        fuhrpark,
        'GET',
        `/api/fahrzeuge/${autos['MS-SW 101']}/fahrtenbuch?von=${encodeURIComponent(um('00:00').toISOString())}&bis=${encodeURIComponent(um('23:59').toISOString())}`,
      )
    ).json()) as TFahrtenbuch;
    expect(buch.eintraege.find((e) => e.aktuell.fahrzeugBuchungId === id)?.belege).toHaveLength(2);
    // the rest of the slot is bookable again
    const rest = await call(server, freigabe, 'POST', '/api/fahrzeug-buchungen', {
      fahrzeugId: autos['MS-SW 101'],
      von: um('10:30').toISOString(),
      bis: um('11:30').toISOString(),
      anlass: 'Kurzfahrt',
      zielAdresse: 'Rathaus',
    });
    expect(rest.status, await rest.clone().text()).toBe(201);
  });

  it('VorCheckOutAkzeptieren: off refuses the check-in while the previous trip is open; on records the missing check-out (decision 063)', async () => {
    const erste = await buche(mitarbeiter, 'MS-SW 102', '13:00', '14:00');
    const zweite = await buche(freigabe, 'MS-SW 102', '14:00', '15:00');
    clock = um('13:00');
    expect(
      (await schritt(mitarbeiter, erste.id, 'check-in', { ...ablesung, kilometerstand: 700 })).status,
    ).toBe(200);
    const aus = await call(server, fuhrpark, 'PUT', '/api/customizing/mandant/VorCheckOutAkzeptieren', {
      value: false,
    });
    expect(aus.status, await aus.clone().text()).toBe(200);
    clock = um('14:05');
    const abgelehnt = await schritt(freigabe, zweite.id, 'check-in', { ...ablesung, kilometerstand: 720 });
    expect(abgelehnt.status).toBe(409);
    expect((await errorOf(abgelehnt)).message).toBe(
      'Ein CheckIn ist nicht möglich, da die vorherige Buchung des Fahrzeugs noch nicht ausgecheckt wurde.',
    );
    expect(
      await asAll((tx) =>
        tx.select().from(fahrzeugHistorie).where(eq(fahrzeugHistorie.fahrzeugBuchungId, zweite.id)),
      ),
    ).toEqual([]);

    await call(server, fuhrpark, 'PUT', '/api/customizing/mandant/VorCheckOutAkzeptieren', { value: true });
    const ok = await schritt(freigabe, zweite.id, 'check-in', { ...ablesung, kilometerstand: 720 });
    expect(ok.status, await ok.clone().text()).toBe(200);
    const historie = await asAll((tx) =>
      tx.select().from(fahrzeugHistorie).where(eq(fahrzeugHistorie.fahrzeugBuchungId, erste.id)),
    );
    expect(historie.map((h) => h.typ).sort()).toEqual(['CHECK_IN', 'CHECK_OUT']);
    const nachgetragen = historie.find((h) => h.typ === 'CHECK_OUT')!;
    expect(nachgetragen).toMatchObject({ kilometerstand: null, zeitpunkt: um('14:05') });
    const [ersteRow] = await asAll((tx) =>
      tx.select().from(fahrzeugBuchung).where(eq(fahrzeugBuchung.id, erste.id)),
    );
    expect(ersteRow!.status).toBe('durchgeführt');
  });

  it('a safety-relevant damage at check-out blocks the vehicle (DEFEKT), moves or cancels the following bookings and mails the fleet managers at once', async () => {
    const fahrt = await buche(mitarbeiter, 'MS-SW 104', '09:00', '10:00');
    const folgende = await buche(freigabe, 'MS-SW 104', '11:00', '12:00');
    clock = um('09:00');
    expect(
      (await schritt(mitarbeiter, fahrt.id, 'check-in', { ...ablesung, kilometerstand: 900 })).status,
    ).toBe(200);
    clock = um('09:40');
    const vorher = smtp.received.length;
    const ok = await schritt(
      mitarbeiter,
      fahrt.id,
      'check-out',
      {
        ...ablesung,
        sauberkeitInnen: 'stark verschmutzt',
        kilometerstand: 950,
        abstellplatz: 'P1',
        fahrt: { art: 'dienstlich' },
        schaeden: [{ ort: 'vorne', beschreibung: 'Bremse quietscht stark', sicherheitsrelevant: true }],
      },
      [{ feld: 'schaden.0.foto', name: 'bremse.jpg', data: PNG, type: 'image/png' }],
    );
    expect(ok.status, await ok.clone().text()).toBe(200);
    const sperren = await asAll((tx) =>
      tx
        .select()
        .from(fahrzeugBuchung)
        .where(and(eq(fahrzeugBuchung.fahrzeugId, autos['MS-SW 104']!), eq(fahrzeugBuchung.typ, 'DEFEKT'))),
    );
    expect(sperren).toHaveLength(1);
    expect(sperren[0]).toMatchObject({ sicherheitsrelevant: true, von: um('09:40') });
    const [f] = await asAll((tx) =>
      tx.select().from(fahrzeugBuchung).where(eq(fahrzeugBuchung.id, folgende.id)),
    );
    // moved to a free car of the location, or cancelled with the defect's reason
    expect(f!.fahrzeugId !== autos['MS-SW 104'] || f!.status === 'storniert').toBe(true);
    const mail = await mailAn('fuhrpark@musterstadt.example', vorher);
    expect(mail).toContain('Das Fahrzeug ist ab');
    expect(mail).toContain('Schaden (vorne, sicherheitsrelevant): Bremse quietscht stark');
    expect(mail).toContain('Sauberkeit innen: stark verschmutzt (Schwelle erreicht)');
    const [s] = await asAll((tx) =>
      tx.select().from(fahrzeugSchaden).where(eq(fahrzeugSchaden.fahrzeugId, autos['MS-SW 104']!)),
    );
    expect(s).toMatchObject({ sicherheitsrelevant: true, ort: 'vorne' });
  });
  it('a safety-relevant damage found at check-in: the trip does not start (cancelled before its start) and the vehicle is blocked', async () => {
    const fahrt = await buche(mitarbeiter, 'MS-SW 103', '15:00', '16:00');
    clock = um('14:50');
    const ok = await schritt(mitarbeiter, fahrt.id, 'check-in', {
      ...ablesung,
      kilometerstand: 300,
      schaeden: [{ ort: 'links', beschreibung: 'Reifen platt', sicherheitsrelevant: true }],
    });
    expect(ok.status, await ok.clone().text()).toBe(200);
    const [row] = await asAll((tx) =>
      tx.select().from(fahrzeugBuchung).where(eq(fahrzeugBuchung.id, fahrt.id)),
    );
    expect(row).toMatchObject({
      status: 'storniert',
      informationstext: 'Storno wegen Defekt des Fahrzeugs.',
    });
    const sperren = await asAll((tx) =>
      tx
        .select()
        .from(fahrzeugBuchung)
        .where(and(eq(fahrzeugBuchung.fahrzeugId, autos['MS-SW 103']!), eq(fahrzeugBuchung.typ, 'DEFEKT'))),
    );
    expect(sperren).toHaveLength(1);
    expect(sperren[0]).toMatchObject({ sicherheitsrelevant: true, von: um('14:50') });
  });
  it('the fleet manager lists the open damages and marks one repaired: check-in no longer shows it; again changes nothing; others may not', async () => {
    const b = await buche(mitarbeiter, 'MS-SW 101', '17:00', '18:00');
    clock = um('16:55');
    const ok = await schritt(mitarbeiter, b.id, 'check-in', {
      ...ablesung,
      kilometerstand: 7000,
      schaeden: [{ ort: 'links', beschreibung: 'Spiegel locker', sicherheitsrelevant: false }],
    });
    expect(ok.status, await ok.clone().text()).toBe(200);
    const auto = autos['MS-SW 101']!;
    const liste = await call(server, fuhrpark, 'GET', `/api/fahrzeuge/${auto}/schaeden`);
    expect(liste.status).toBe(200);
    const offen = (await liste.json()) as TCheckInVorlage['offeneSchaeden'];
    const schaden = offen.find((x) => x.beschreibung === 'Spiegel locker');
    expect(schaden).toMatchObject({ ort: 'links', sicherheitsrelevant: false, gemeldetVon: 'Lena Hoffmann' });

    // a driver without fahrzeug_pflege may neither list nor mark; unknown ids answer 404
    expect((await call(server, mitarbeiter, 'GET', `/api/fahrzeuge/${auto}/schaeden`)).status).toBe(403);
    const pfad = `/api/fahrzeuge/${auto}/schaeden/${schaden!.id}/behoben`;
    expect((await call(server, mitarbeiter, 'POST', pfad)).status).toBe(403);
    expect(
      (
        await call(
          server,
          fuhrpark,
          'POST',
          `/api/fahrzeuge/${autos['MS-SW 102']}/schaeden/${schaden!.id}/behoben`,
        )
      ).status,
    ).toBe(404);
    expect(
      (await call(server, fuhrpark, 'POST', `/api/fahrzeuge/${auto}/schaeden/${randomUUID()}/behoben`))
        .status,
    ).toBe(404);

    clock = um('17:10');
    expect((await call(server, fuhrpark, 'POST', pfad)).status).toBe(204);
    const [row] = await asAll((tx) =>
      tx.select().from(fahrzeugSchaden).where(eq(fahrzeugSchaden.id, schaden!.id)),
    );
    expect(row!.behobenAm?.toISOString()).toBe(um('17:10').toISOString());
    clock = um('17:20');
    expect((await call(server, fuhrpark, 'POST', pfad)).status).toBe(204);
    const [again] = await asAll((tx) =>
      tx.select().from(fahrzeugSchaden).where(eq(fahrzeugSchaden.id, schaden!.id)),
    );
    expect(again!.behobenAm?.toISOString()).toBe(um('17:10').toISOString());
    const danach = (await (
      await call(server, fuhrpark, 'GET', `/api/fahrzeuge/${auto}/schaeden`)
    ).json()) as {
      id: string;
    }[];
    expect(danach.map((x) => x.id)).not.toContain(schaden!.id);
    const vorlage = (await (
      await call(server, mitarbeiter, 'GET', `/api/fahrzeug-buchungen/${b.id}/check-in`)
    ).json()) as TCheckInVorlage;
    expect(vorlage.offeneSchaeden.map((x) => x.id)).not.toContain(schaden!.id);
  });

  it('the API document lists the damage locations a check-in and a check-out accept', async () => {
    const text = await (await call(server, null, 'GET', '/api/openapi.json')).text();
    const doc = JSON.parse(text) as { paths: Record<string, Record<string, unknown>> };
    const checkIn = JSON.stringify(doc.paths['/api/fahrzeug-buchungen/{id}/check-in']?.post);
    const liste = ['vorne', 'hinten', 'links', 'rechts', 'dach', 'innenraum', 'unterboden', 'sonstiges'];
    expect(checkIn).toContain(`"enum":${JSON.stringify(liste)}`);
    expect(JSON.stringify(doc.paths['/api/fahrzeug-buchungen/{id}/check-out']?.post)).toContain(
      `"enum":${JSON.stringify(liste)}`,
    );
  });
});
