import type { TFahrzeugBuchung } from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/api';
import type {
  TBelegung,
  TGrundrissKurz,
  TLeseraumBuchung,
} from '@stellwerk/domain/leseraum/leseraum-buchung/api';
import type { TKalenderAboLinks, TKalenderAboStand } from '@stellwerk/domain/plattform/kalender/api';
import { addCalendarDays, berlinDateKey, berlinInstant, weekdayOfDay } from '@stellwerk/domain/time';
import { and, desc, eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, errorOf } from '../../../../test/api-call.ts';
import { signInAs } from '../../../../test/fixtures/anmelden.ts';
import {
  BIBLIOTHEK_LEUTE,
  BIBLIOTHEK_MANDANT,
  BIBLIOTHEK_ROLLEN,
  lernraum,
  lesesaal,
  RATHAUS,
} from '../../../../test/fixtures/leseraum.ts';
import {
  FUHRPARK_LEUTE,
  FUHRPARK_MANDANT,
  FUHRPARK_ROLLEN,
  fuhrparkWagen,
} from '../../../../test/fixtures/fuhrpark.ts';
import { fixtureMandant } from '../../../../test/fixtures/mandant.ts';
import { startTestServer, type TestServer, testDrivers } from '../../../../test/harness.ts';
import { benutzer } from '../../identitaet/benutzer/benutzer.public.ts';
import { auditLog } from '../audit/audit.public.ts';
import { mailOutbox } from '../mail/mail.public.ts';
import { kalenderUid } from './kalender.ics.ts';
import { KALENDER_FEED_LIMIT } from './kalender.routes.ts';

const json = async <T>(response: Response): Promise<T> => {
  if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);
  return (await response.json()) as T;
};

const TAG_MS = 86_400_000;
/** The next Tuesday at least three days after today (Berlin), and the days after it. */
const heute = berlinDateKey(new Date());
let dienstag = addCalendarDays(heute, 3);
while (weekdayOfDay(dienstag) !== 2) dienstag = addCalendarDays(dienstag, 1);
const mittwoch = addCalendarDays(dienstag, 1);
const at = (day: string, hhmm: string) => berlinInstant(day, hhmm).toISOString();

/**
 * The fleet tenant (German: the mails' texts are asserted) with the booker Lena, the fleet manager Thomas Becker and
 * the approver Sabine; the transporter MS-SW 103 at the depot "Betriebshof Nord" with the demo's booking times
 * (Monday to Friday 07:00–19:00); and the reading room "Lernraum Verwaltung", open Monday to Friday 08:00–18:00.
 */
const musterstadt = (server: TestServer) =>
  fixtureMandant(server.database, {
    ...FUHRPARK_MANDANT,
    standorte: { ...FUHRPARK_MANDANT.standorte, ...RATHAUS },
    rollen: FUHRPARK_ROLLEN,
    benutzer: FUHRPARK_LEUTE,
    fahrzeuge: { 'MS-SW 103': fuhrparkWagen('MS-SW 103') },
    grundrisse: { lernraum: lernraum(2) },
  });

/** Another tenant, the library without vehicle booking: its reader Anna Schulz and its reading room. */
const beispielhausen = (server: TestServer) =>
  fixtureMandant(server.database, {
    ...BIBLIOTHEK_MANDANT,
    rollen: BIBLIOTHEK_ROLLEN,
    benutzer: { mitarbeiter: BIBLIOTHEK_LEUTE.mitarbeiter },
    grundrisse: { lesesaal: lesesaal(2) },
  });

type Event = {
  uid: string;
  sequence: number;
  status: string;
  summary: string;
  location: string | null;
  ev: ICAL.Event;
};
const eventsOf = (ics: string): { method: string | null; events: Event[] } => {
  const cal = new ICAL.Component(ICAL.parse(ics));
  return {
    method: cal.getFirstPropertyValue('method') as string | null,
    events: cal.getAllSubcomponents('vevent').map((v) => {
      const ev = new ICAL.Event(v);
      return {
        uid: ev.uid,
        sequence: ev.sequence,
        status: String(v.getFirstPropertyValue('status')),
        summary: ev.summary,
        location: ev.location,
        ev,
      };
    }),
  };
};

describe.each(testDrivers())('the personal calendar feed and the invitations on %s', (driver) => {
  let server: TestServer;
  /** The server's clock runs with real time, moved forward by this many ms. */
  let versatz = 0;
  let mitarbeiter: string;
  let fuhrpark: string;
  let freigabe: string;
  let fremd: string;
  let auto = '';
  let links: TKalenderAboLinks;
  let fahrt: TFahrzeugBuchung;
  let platz: TLeseraumBuchung;
  let fremdePlatzbuchung: TLeseraumBuchung;
  let fremdeFahrt: TFahrzeugBuchung;

  const feed = (url: string) => fetch(url.replace(/^https?:\/\/[^/]+/, server.baseUrl));
  const feedEvents = async (url: string) => {
    const r = await feed(url);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    return eventsOf(await r.text()).events;
  };
  /** The invitations mailed to `to`, oldest first, parsed. */
  const einladungen = async (to: string) => {
    const rows = await server.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, to))
      .orderBy(mailOutbox.createdAt);
    return rows.flatMap((row) =>
      (row.anhaenge ?? [])
        .filter((a) => a.contentType.startsWith('text/calendar'))
        .map((a) => ({
          row,
          contentType: a.contentType,
          ...eventsOf(Buffer.from(a.base64, 'base64').toString('utf8')),
        })),
    );
  };
  const audit = async (action: string) =>
    server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'kalender_abo'), eq(auditLog.action, action)))
      .orderBy(desc(auditLog.at));

  beforeAll(async () => {
    server = await startTestServer({ driver, now: () => new Date(Date.now() + versatz), seed: false });
    const ms = await musterstadt(server);
    const bh = await beispielhausen(server);
    [mitarbeiter, fuhrpark, freigabe, fremd] = await Promise.all([
      signInAs(server, ms.benutzer.mitarbeiter),
      signInAs(server, ms.benutzer.fuhrpark),
      signInAs(server, ms.benutzer.freigabe),
      signInAs(server, bh.benutzer.mitarbeiter),
    ]);
    auto = ms.fahrzeuge['MS-SW 103'];
    const bucheFahrt = async (cookie: string, von: string, bis: string) =>
      json<TFahrzeugBuchung>(
        await call(server, cookie, 'POST', '/api/fahrzeug-buchungen', { fahrzeugId: auto, von, bis }),
      );
    const buchePlatz = async (cookie: string, n: number) => {
      const [plan] = await json<TGrundrissKurz[]>(
        await call(server, cookie, 'GET', '/api/grundrisse?bereich=leseraum'),
      );
      const belegung = await json<TBelegung>(
        await call(server, cookie, 'GET', `/api/grundrisse/${plan!.id}/belegung?tag=${mittwoch}`),
      );
      return json<TLeseraumBuchung>(
        await call(server, cookie, 'POST', '/api/leseraum-buchungen', {
          modus: 'stuendlich',
          leseraumId: belegung.plaetze[n]!.id,
          von: at(mittwoch, '09:00'),
          bis: at(mittwoch, '11:00'),
        }),
      );
    };
    fahrt = await bucheFahrt(mitarbeiter, at(dienstag, '09:00'), at(dienstag, '11:00'));
    fremdeFahrt = await bucheFahrt(fuhrpark, at(dienstag, '13:00'), at(dienstag, '14:00'));
    platz = await buchePlatz(mitarbeiter, 0);
    fremdePlatzbuchung = await buchePlatz(fremd, 0);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('creates the subscription with the links shown once, keeps only the token’s hash, audits it', async () => {
    expect(
      (await call(server, null, 'POST', '/api/kalender-abo', { fahrzeuge: true, plaetze: true })).status,
    ).toBe(401);
    const leer = await call(server, mitarbeiter, 'POST', '/api/kalender-abo', {
      fahrzeuge: false,
      plaetze: false,
    });
    expect(leer.status).toBe(400);
    expect((await errorOf(leer)).code).toBe('kalender.kein_filter');
    expect(
      await json<TKalenderAboStand>(await call(server, mitarbeiter, 'GET', '/api/kalender-abo')),
    ).toEqual({
      abo: null,
    });
    const r = await call(server, mitarbeiter, 'POST', '/api/kalender-abo', {
      fahrzeuge: true,
      plaetze: true,
    });
    expect(r.status).toBe(201);
    links = (await r.json()) as TKalenderAboLinks;
    const token = /\/api\/kalender\/(kal_[A-Za-z0-9_-]{43})\.ics$/.exec(links.httpsUrl)![1]!;
    expect(links.webcalUrl).toBe(links.httpsUrl.replace(/^https?:/, 'webcal:'));
    const stand = await json<TKalenderAboStand>(await call(server, mitarbeiter, 'GET', '/api/kalender-abo'));
    expect(stand.abo).toMatchObject({
      fahrzeuge: true,
      plaetze: true,
      anfang: token.slice(0, 10),
      erneuertAt: null,
    });
    expect(JSON.stringify(stand)).not.toContain(token);
    const rows = await server.database.db.execute<{ token_hash: string }>(
      // the owner connection reads the stored value
      (await import('drizzle-orm')).sql`select token_hash from kalender_abo`,
    );
    const gespeichert = ('rows' in rows ? rows.rows : rows) as { token_hash: string }[];
    expect(gespeichert.map((x) => x.token_hash).join()).not.toContain(token);
    expect((await audit('create')).length).toBe(1);
    // another user of the tenant has none of their own
    expect(await json<TKalenderAboStand>(await call(server, fuhrpark, 'GET', '/api/kalender-abo'))).toEqual({
      abo: null,
    });
  });

  it('serves the user’s own bookings, without a session, in Berlin time with titles that say what and where', async () => {
    const events = await feedEvents(links.httpsUrl);
    const uids = events.map((e) => e.uid);
    expect(uids).toContain(kalenderUid('fahrzeug', fahrt.id));
    expect(uids).toContain(kalenderUid('platz', platz.id));
    // another user's trip and another tenant's place never
    expect(uids).not.toContain(kalenderUid('fahrzeug', fremdeFahrt.id));
    expect(uids).not.toContain(kalenderUid('platz', fremdePlatzbuchung.id));
    const auto = events.find((e) => e.uid === kalenderUid('fahrzeug', fahrt.id))!;
    expect(auto.summary).toBe('Pool-Auto MS-SW 103, Standort Betriebshof Nord');
    expect(auto.location).toBe('Standort Betriebshof Nord');
    expect(auto.status).toBe('CONFIRMED');
    expect(auto.ev.startDate.toString()).toBe(`${dienstag}T09:00:00`);
    expect(auto.ev.component.getFirstProperty('dtstart')!.getParameter('tzid')).toBe('Europe/Berlin');
    const alarm = auto.ev.component.getFirstSubcomponent('valarm')!;
    expect(alarm.getFirstProperty('trigger')!.getParameter('related')).toBe('END');
    const sitz = events.find((e) => e.uid === kalenderUid('platz', platz.id))!;
    expect(sitz.summary).toBe(`${platz.leseraum.bezeichnung}, Lernraum Verwaltung`);
    expect(sitz.status).toBe('TENTATIVE');
    const text = await (await feed(links.httpsUrl)).text();
    expect(text).toContain('BEGIN:VTIMEZONE');
    expect(text).toContain('TZID:Europe/Berlin');
    // nothing about other people: not the other booker's name, not the user's own either
    for (const name of ['Becker', 'Thomas', 'Schulz', 'fuhrpark@']) expect(text).not.toContain(name);
  });

  it('mails an invitation with each booking mail; a change and a cancellation update the same UID with a higher SEQUENCE', async () => {
    const zeit = (day: string, hhmm: string) => at(day, hhmm);
    expect(
      (
        await call(server, mitarbeiter, 'PUT', `/api/fahrzeug-buchungen/${fahrt.id}`, {
          fahrzeugId: auto,
          von: zeit(dienstag, '10:00'),
          bis: zeit(dienstag, '12:00'),
        })
      ).status,
    ).toBe(200);
    expect(
      (await call(server, mitarbeiter, 'POST', `/api/fahrzeug-buchungen/${fahrt.id}/storno`, {})).status,
    ).toBe(200);
    const autoMails = (await einladungen('mitarbeiter@musterstadt.example')).filter(
      (m) => m.events[0]!.uid === kalenderUid('fahrzeug', fahrt.id),
    );
    expect(autoMails.map((m) => m.method)).toEqual(['REQUEST', 'REQUEST', 'CANCEL']);
    expect(autoMails.map((m) => m.contentType)).toEqual([
      'text/calendar; charset=utf-8; method=REQUEST',
      'text/calendar; charset=utf-8; method=REQUEST',
      'text/calendar; charset=utf-8; method=CANCEL',
    ]);
    const [neu, geaendert, abgesagt] = autoMails.map((m) => m.events[0]!);
    expect(geaendert!.sequence).toBeGreaterThan(neu!.sequence);
    expect(abgesagt!.sequence).toBeGreaterThan(geaendert!.sequence);
    expect(geaendert!.ev.startDate.toString()).toBe(`${dienstag}T10:00:00`);
    expect(abgesagt!.status).toBe('CANCELLED');
    expect(neu!.location).toBe('Standort Betriebshof Nord');
    expect(neu!.ev.organizer).toBe('mailto:noreply@stellwerk.localdomain');
    expect(neu!.ev.attendees.map((a) => a.getFirstValue())).toEqual([
      'mailto:mitarbeiter@musterstadt.example',
    ]);

    // the place: hold, move, cancel
    expect(
      (
        await call(server, mitarbeiter, 'PUT', `/api/leseraum-buchungen/${platz.id}`, {
          modus: 'stuendlich',
          von: zeit(mittwoch, '13:00'),
          bis: zeit(mittwoch, '15:00'),
        })
      ).status,
    ).toBe(200);
    expect(
      (await call(server, mitarbeiter, 'POST', `/api/leseraum-buchungen/${platz.id}/storno`)).status,
    ).toBe(200);
    const platzMails = (await einladungen('mitarbeiter@musterstadt.example')).filter(
      (m) => m.events[0]!.uid === kalenderUid('platz', platz.id),
    );
    expect(platzMails.map((m) => m.method)).toEqual(['REQUEST', 'REQUEST', 'CANCEL']);
    const seqs = platzMails.map((m) => m.events[0]!.sequence);
    expect(seqs[1]).toBeGreaterThan(seqs[0]!);
    expect(seqs[2]).toBeGreaterThan(seqs[1]!);
    expect(platzMails[0]!.events[0]!.status).toBe('TENTATIVE');
    expect(platzMails[1]!.events[0]!.ev.startDate.toString()).toBe(`${mittwoch}T13:00:00`);
    // the mails name the calendars' links; the cancellation has none
    const [erst, , storno] = platzMails.map((m) => m.row.text);
    expect(erst).toMatch(
      /In Outlook 365 eintragen: https:\/\/outlook\.office\.com\/calendar\/0\/deeplink\/compose\?/,
    );
    expect(erst).toMatch(/In Google Kalender eintragen: https:\/\/calendar\.google\.com\/calendar\/render\?/);
    expect(storno).not.toContain('Outlook');

    // the feed shows both as CANCELLED, with the cancellation's SEQUENCE
    const events = await feedEvents(links.httpsUrl);
    const imFeed = (uid: string) => events.find((e) => e.uid === uid)!;
    expect(imFeed(kalenderUid('fahrzeug', fahrt.id))).toMatchObject({
      status: 'CANCELLED',
      sequence: abgesagt!.sequence,
    });
    expect(imFeed(kalenderUid('platz', platz.id))).toMatchObject({ status: 'CANCELLED', sequence: seqs[2] });
    // a second read changes nothing: the same SEQUENCE
    expect(
      (await feedEvents(links.httpsUrl)).find((e) => e.uid === kalenderUid('platz', platz.id))!.sequence,
    ).toBe(seqs[2]);
  });

  it('keeps a cancelled booking 30 days after the cancellation, then leaves it out', async () => {
    // a trip that still lies ahead then, booked within the booking window of a later day
    versatz = 20 * TAG_MS;
    const bleibt = await json<TFahrzeugBuchung>(
      await call(server, mitarbeiter, 'POST', '/api/fahrzeug-buchungen', {
        fahrzeugId: auto,
        von: at(addCalendarDays(dienstag, 35), '09:00'),
        bis: at(addCalendarDays(dienstag, 35), '10:00'),
      }),
    );
    versatz = 29 * TAG_MS;
    let uids = (await feedEvents(links.httpsUrl)).map((e) => e.uid);
    expect(uids).toContain(kalenderUid('fahrzeug', fahrt.id));
    versatz = 31 * TAG_MS;
    uids = (await feedEvents(links.httpsUrl)).map((e) => e.uid);
    expect(uids).not.toContain(kalenderUid('fahrzeug', fahrt.id));
    expect(uids).not.toContain(kalenderUid('platz', platz.id));
    expect(uids).toContain(kalenderUid('fahrzeug', bleibt.id));
    versatz = 0;
  });

  it('rotation makes the old link answer 404 at once; revoking ends the new one; both audited', async () => {
    const neu = await json<TKalenderAboLinks>(
      await call(server, mitarbeiter, 'POST', '/api/kalender-abo', { fahrzeuge: true, plaetze: false }),
    );
    expect(neu.httpsUrl).not.toBe(links.httpsUrl);
    const alt = await feed(links.httpsUrl);
    expect(alt.status).toBe(404);
    expect((await errorOf(alt)).code).toBe('not_found');
    // the filter: cars only
    const arten = (await feedEvents(neu.httpsUrl)).map((e) => e.uid.split('-')[0]);
    expect(new Set(arten)).toEqual(new Set(['fahrzeug']));
    const stand = await json<TKalenderAboStand>(await call(server, mitarbeiter, 'GET', '/api/kalender-abo'));
    expect(stand.abo?.erneuertAt).not.toBeNull();
    expect((await audit('rotate')).length).toBe(1);
    expect(
      (await call(server, mitarbeiter, 'PUT', '/api/kalender-abo', { fahrzeuge: false, plaetze: true }))
        .status,
    ).toBe(200);
    expect((await feedEvents(neu.httpsUrl)).every((e) => e.uid.startsWith('platz-'))).toBe(true);
    expect((await call(server, mitarbeiter, 'DELETE', '/api/kalender-abo')).status).toBe(204);
    expect((await feed(neu.httpsUrl)).status).toBe(404);
    expect((await audit('revoke')).length).toBe(1);
    expect(
      await json<TKalenderAboStand>(await call(server, mitarbeiter, 'GET', '/api/kalender-abo')),
    ).toEqual({
      abo: null,
    });
    expect(
      (await call(server, mitarbeiter, 'PUT', '/api/kalender-abo', { fahrzeuge: true, plaetze: true }))
        .status,
    ).toBe(404);
    // a made-up token and garbage alike: 404
    expect((await fetch(`${server.baseUrl}/api/kalender/kal_${'A'.repeat(43)}.ics`)).status).toBe(404);
    expect((await fetch(`${server.baseUrl}/api/kalender/..%2F..%2Fetc.ics`)).status).toBe(404);
  });

  it('answers 404 for the token of a deactivated user and of a feed whose areas are switched off', async () => {
    const aus = await json<TKalenderAboLinks>(
      await call(server, freigabe, 'POST', '/api/kalender-abo', { fahrzeuge: true, plaetze: true }),
    );
    expect((await feed(aus.httpsUrl)).status).toBe(200);
    await server.database.db
      .update(benutzer)
      .set({ status: 'inaktiv' })
      .where(eq(benutzer.email, 'freigabe@musterstadt.example'));
    expect((await feed(aus.httpsUrl)).status).toBe(404);
    // Beispielhausen has vehicle booking switched off: a cars-only feed there is no feed
    const nurAutos = await json<TKalenderAboLinks>(
      await call(server, fremd, 'POST', '/api/kalender-abo', { fahrzeuge: true, plaetze: false }),
    );
    expect((await feed(nurAutos.httpsUrl)).status).toBe(404);
    const plaetze = await json<TKalenderAboLinks>(
      await call(server, fremd, 'POST', '/api/kalender-abo', { fahrzeuge: true, plaetze: true }),
    );
    const events = await feedEvents(plaetze.httpsUrl);
    expect(events.map((e) => e.uid)).toEqual([kalenderUid('platz', fremdePlatzbuchung.id)]);
  });

  it('limits the feed per token', async () => {
    const a = await json<TKalenderAboLinks>(
      await call(server, fuhrpark, 'POST', '/api/kalender-abo', { fahrzeuge: true, plaetze: true }),
    );
    const statuses: number[] = [];
    for (let i = 0; i <= KALENDER_FEED_LIMIT; i++) statuses.push((await feed(a.httpsUrl)).status);
    expect(statuses.slice(0, KALENDER_FEED_LIMIT).every((s) => s === 200)).toBe(true);
    const zuViel = await feed(a.httpsUrl);
    expect(zuViel.status).toBe(429);
    // another token is not held back by it
    const b = await json<TKalenderAboLinks>(
      await call(server, fremd, 'POST', '/api/kalender-abo', { fahrzeuge: false, plaetze: true }),
    );
    expect((await feed(b.httpsUrl)).status).toBe(200);
  });
});
