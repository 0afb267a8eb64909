import { PERMISSION_NAMES } from '@stellwerk/domain/permissions';
import type { TBelegung, TLeseraumBuchung } from '@stellwerk/domain/leseraum/leseraum-buchung/api';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, errorOf } from '../../../../test/api-call.ts';
import { signInAs } from '../../../../test/fixtures/anmelden.ts';
import { WERKTAGS_8_BIS_18 } from '../../../../test/fixtures/grundriss.ts';
import { fixtureMandant } from '../../../../test/fixtures/mandant.ts';
import { startTestServer, type TestServer, testDrivers } from '../../../../test/harness.ts';
import { mailOutbox } from '../../plattform/mail/mail.public.ts';
import { leseraum } from '../leseraum/leseraum.public.ts';
import { releaseLapsedBuchungen } from './leseraum-buchung.verfall.ts';

const json = async <T>(response: Response): Promise<T> => {
  if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);
  return (await response.json()) as T;
};

/** Monday 23.11.2026, 07:00 in Berlin. */
const MONDAY_7 = new Date('2026-11-23T07:00:00+01:00');
const at = (day: string, time: string) => new Date(`${day}T${time}:00+01:00`);

const BOOKER = 'mitarbeiter@beispielhausen.example';
const STAFF = 'freigabe@beispielhausen.example';
const ADMIN = 'admin@beispielhausen.example';
const OTHER = 'fuhrpark@beispielhausen.example';

/**
 * The library: a reading room open Monday to Friday 08–18 and Saturday 10–14 with the places the tests book, a
 * reader, the room keeper (another reader with rights of their own), booking staff and the administrator (both
 * confirm holds).
 */
const beispielhausen = (server: TestServer) =>
  fixtureMandant(server.database, {
    name: 'Bibliothek Beispielhausen',
    domain: 'beispielhausen.example',
    standorte: { bibliothek: { name: 'Zentralbibliothek', bundesland: 'BY' } },
    rollen: {
      Raumpflege: ['objekt_pflege', 'ausstattungs_pflege', 'auslastung_sehen'],
      Buchungsverwaltung: ['buchung_pflege'],
      Administration: PERMISSION_NAMES,
    },
    benutzer: {
      mitarbeiter: { vorname: 'Anna', nachname: 'Schulz' },
      fuhrpark: { vorname: 'Michael', nachname: 'Fischer', rollen: ['Raumpflege'] },
      freigabe: { vorname: 'Julia', nachname: 'Meyer', rollen: ['Buchungsverwaltung'] },
      admin: { vorname: 'Andreas', nachname: 'Schwarz', rollen: ['Administration'] },
    },
    grundrisse: {
      lesesaal: {
        standort: 'bibliothek',
        bezeichnung: 'Lesesaal Erdgeschoss',
        plaetze: [2, 8, 9, 10, 11, 12, 13, 15, 16, 17].map((n) => `Platz ${String(n).padStart(2, '0')}`),
        oeffnungszeiten: { ...WERKTAGS_8_BIS_18, 6: ['10:00', '14:00'] },
      },
    },
  });

/**
 * The days nobody may book (R186), the booking staff's list of holds to confirm with its mails,
 * confirm and decline (R170), and the reason staff give when they cancel (R173).
 */
describe.each(testDrivers())('reading-room staff and bookable days on %s', (driver) => {
  let server: TestServer;
  let clock = MONDAY_7;
  let booker: string;
  let staff: string;
  let admin: string;
  let other: string;
  let plan: { id: string };
  let belegung: TBelegung;
  let mandantId: string;
  const seat = (n: number) =>
    belegung.plaetze.find((p) => p.bezeichnung === `Platz ${String(n).padStart(2, '0')}`)!;
  const mailsTo = async (to: string) =>
    server.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, to), eq(mailOutbox.template, 'leseraum_buchung')));
  const tag = async (day: string, who = booker) =>
    json<TBelegung>(await call(server, who, 'GET', `/api/grundrisse/${plan.id}/belegung?tag=${day}`));
  /** Seat `n` is confirmed by booking staff (set by the rooms' administration, here straight in the table). */
  const durchPersonal = async (n: number) =>
    server.database.db
      .update(leseraum)
      .set({ bestaetigungDurchPersonal: true })
      .where(eq(leseraum.id, seat(n).id));
  const halte = async (n: number, day: string, who = booker) =>
    json<TLeseraumBuchung>(
      await call(server, who, 'POST', '/api/leseraum-buchungen', {
        modus: 'ganztags',
        leseraumId: seat(n).id,
        tag: day,
      }),
    );
  const wartend = async (who: string) =>
    call(server, who, 'GET', '/api/leseraum-buchungen/wartend?bereich=leseraum');

  beforeAll(async () => {
    server = await startTestServer({ driver, seed: false, now: () => clock });
    const bh = await beispielhausen(server);
    booker = await signInAs(server, bh.benutzer.mitarbeiter);
    staff = await signInAs(server, bh.benutzer.freigabe);
    admin = await signInAs(server, bh.benutzer.admin);
    other = await signInAs(server, bh.benutzer.fuhrpark);
    plan = { id: bh.grundrisse.lesesaal.id };
    belegung = await tag('2026-11-24');
    mandantId = bh.id;
  });
  beforeEach(() => {
    clock = MONDAY_7;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('shows every place of a day nobody may book as not bookable, with the reason and the last bookable day', async () => {
    expect(belegung).toMatchObject({ sperrgrund: null, letzterTag: '2026-12-06' });
    expect(typeof belegung.minimaleBuchungslaenge).toBe('number');
    for (const [day, grund] of [
      ['2026-11-20', 'vergangen'], // last Friday
      ['2026-11-28', 'wochentag'], // Saturday: open 10–14, but LeseraumBuchbareWochenTage is Monday to Friday
      ['2026-11-29', 'geschlossen'], // Sunday
      ['2026-12-07', 'horizont'], // the 15th day
    ] as const) {
      const day_ = await tag(day);
      expect(day_.sperrgrund, day).toBe(grund);
      expect(day_.zeitraum, day).toBeNull();
      expect(
        day_.plaetze.every((p) => p.zustand === 'geschlossen'),
        day,
      ).toBe(true);
    }
    expect((await tag('2026-11-28')).oeffnung).toEqual({ von: '10:00', bis: '14:00' });
    // the same rule refuses the booking
    const saturday = await call(server, booker, 'POST', '/api/leseraum-buchungen', {
      modus: 'ganztags',
      leseraumId: seat(2).id,
      tag: '2026-11-28',
    });
    expect(saturday.status).toBe(400);
    expect((await errorOf(saturday)).code).toBe('leseraum_buchung.tag_nicht_buchbar');
    const last = await call(server, booker, 'POST', '/api/leseraum-buchungen', {
      modus: 'ganztags',
      leseraumId: seat(2).id,
      tag: '2026-12-04',
    });
    expect(last.status).toBe(201);
  });

  it('puts a hold of a place staff confirm on their list, mails them, and lets them confirm it', async () => {
    await durchPersonal(8);
    expect((await wartend(staff)).status).toBe(200);
    expect((await json<TLeseraumBuchung[]>(await wartend(staff))).length).toBe(0);
    const hold = await halte(8, '2026-11-25');
    expect(hold).toMatchObject({ status: 'vorgemerkt', bestaetigerMail: null });

    const list = await json<TLeseraumBuchung[]>(await wartend(staff));
    expect(list.map((b) => b.id)).toEqual([hold.id]);
    expect(list[0]).toMatchObject({ kannBestaetigen: true, buchenderMail: BOOKER });
    // the booker and other users do not see the list
    const denied = await wartend(booker);
    expect(denied.status).toBe(403);

    // every active holder of buchung_pflege gets the request, in their language; the booker does not
    for (const to of [STAFF, ADMIN]) {
      const [request] = (await mailsTo(to)).filter((m) => m.subject.startsWith('Zu bestätigen: Platz 08'));
      expect(request, to).toBeDefined();
      expect(request!.subject).toBe('Zu bestätigen: Platz 08 am 25.11.2026');
      expect(request!.text).toContain('Anna Schulz (mitarbeiter@beispielhausen.example) hat Platz 08');
      expect(request!.text).toContain('bevor sie um 08:00 Uhr verfällt');
      expect(request!.text).toContain('/leseraum/bestaetigungen');
    }
    expect((await mailsTo(BOOKER)).some((m) => m.subject.startsWith('Zu bestätigen'))).toBe(false);

    const confirmed = await json<TLeseraumBuchung>(
      await call(server, staff, 'POST', `/api/leseraum-buchungen/${hold.id}/bestaetigen`),
    );
    expect(confirmed).toMatchObject({ status: 'reserviert', bestaetigerMail: STAFF });
    expect((await mailsTo(BOOKER)).some((m) => m.subject === 'Bestätigt: Platz 08 am 25.11.2026')).toBe(true);
    expect((await json<TLeseraumBuchung[]>(await wartend(staff))).length).toBe(0);
  });

  it('lets staff decline a waiting hold only with a reason, which the booker is mailed', async () => {
    await durchPersonal(9);
    const hold = await halte(9, '2026-11-26');
    const path = `/api/leseraum-buchungen/${hold.id}/ablehnen`;

    const ohne = await call(server, staff, 'POST', path, { grund: '  ' });
    expect(ohne.status).toBe(400);
    expect(await errorOf(ohne)).toMatchObject({
      code: 'leseraum_buchung.grund_fehlt',
      message: 'Bitte geben Sie einen Grund an; die buchende Person erhält ihn per E-Mail.',
    });
    expect((await call(server, staff, 'POST', path, {})).status).toBe(400);
    const byBooker = await call(server, booker, 'POST', path, { grund: 'selbst' });
    expect(byBooker.status).toBe(403);
    expect((await errorOf(byBooker)).code).toBe('leseraum_buchung.nicht_berechtigt');

    const declined = await json<TLeseraumBuchung>(
      await call(server, staff, 'POST', path, { grund: 'Der Raum ist für eine Prüfung reserviert.' }),
    );
    expect(declined).toMatchObject({ status: 'storniert', bestaetigerMail: STAFF });
    const storno = (await mailsTo(BOOKER)).find((m) => m.subject === 'Storniert: Platz 09 am 26.11.2026');
    expect(storno!.text).toContain(
      'Grund: Die Vormerkung wurde vom Buchungspersonal abgelehnt (Der Raum ist für eine Prüfung reserviert).',
    );
    const again = await call(server, admin, 'POST', path, { grund: 'noch einmal' });
    expect(again.status).toBe(409);
    expect((await errorOf(again)).code).toBe('leseraum_buchung.schritt_nicht_erlaubt');

    // a hold its booker confirms is not the staff's to decline
    const own = await halte(10, '2026-11-26');
    const notWaiting = await call(server, staff, 'POST', `/api/leseraum-buchungen/${own.id}/ablehnen`, {
      grund: 'nein',
    });
    expect(notWaiting.status).toBe(409);
    expect((await errorOf(notWaiting)).code).toBe('leseraum_buchung.nicht_zu_bestaetigen');
  });

  it('asks staff whose own switch is off no more, and releases an unconfirmed hold at its start', async () => {
    await durchPersonal(15);
    const off = await call(
      server,
      staff,
      'PUT',
      '/api/customizing/benutzer/BenachrichtigungBestaetigungsanfrage',
      {
        value: false,
      },
    );
    expect(off.status).toBeLessThan(300);
    const hold = await halte(15, '2026-11-27');
    const subject = 'Zu bestätigen: Platz 15 am 27.11.2026';
    expect((await mailsTo(STAFF)).some((m) => m.subject === subject)).toBe(false);
    expect((await mailsTo(ADMIN)).some((m) => m.subject === subject)).toBe(true);

    // nobody confirmed by the start: the scheduler releases it with the reason, and the list is empty again
    clock = at('2026-11-27', '08:00');
    const released = await server.database.withTenant(mandantId, (tx) =>
      releaseLapsedBuchungen(tx, { publicUrl: 'http://localhost' }, { mandantId, now: clock }),
    );
    expect(released).toBeGreaterThanOrEqual(1);
    const storno = (await mailsTo(BOOKER)).find((m) => m.subject === 'Storniert: Platz 15 am 27.11.2026');
    expect(storno!.text).toContain('Grund: Die Vormerkung wurde nicht bis zum Beginn bestätigt.');
    const list = await json<TLeseraumBuchung[]>(await wartend(staff));
    expect(list.some((b) => b.id === hold.id)).toBe(false);
  });

  it('requires a reason when staff cancel another user’s booking, and mails it to the booker', async () => {
    const theirs = await halte(16, '2026-11-30', other);
    const path = `/api/leseraum-buchungen/${theirs.id}/storno`;
    const ohne = await call(server, staff, 'POST', path);
    expect(ohne.status).toBe(400);
    expect((await errorOf(ohne)).code).toBe('leseraum_buchung.grund_fehlt');
    expect((await call(server, staff, 'POST', path, { grund: '' })).status).toBe(400);
    const done = await json<TLeseraumBuchung>(
      await call(server, staff, 'POST', path, { grund: 'Wasserschaden am Platz' }),
    );
    expect(done.status).toBe('storniert');
    const mail = (await mailsTo(OTHER)).find((m) => m.subject === 'Storniert: Platz 16 am 30.11.2026');
    expect(mail!.text).toContain('Grund: Storniert durch das Buchungspersonal (Wasserschaden am Platz).');
    // the booker cancels without a word
    const mine = await halte(17, '2026-11-30');
    expect((await call(server, booker, 'POST', `/api/leseraum-buchungen/${mine.id}/storno`)).status).toBe(
      200,
    );
  });
});

describe.each(testDrivers())('own places and helpers on %s', (driver) => {
  let server: TestServer;
  let booker: string;
  let admin: string;
  let other: string;
  let plan: { id: string };
  let belegung: TBelegung;
  const clock = MONDAY_7;
  const seat = (n: number) =>
    belegung.plaetze.find((p) => p.bezeichnung === `Platz ${String(n).padStart(2, '0')}`)!;
  const tag = async (day: string, who: string) =>
    json<TBelegung>(await call(server, who, 'GET', `/api/grundrisse/${plan.id}/belegung?tag=${day}`));

  beforeAll(async () => {
    server = await startTestServer({ driver, seed: false, now: () => clock });
    const bh = await beispielhausen(server);
    booker = await signInAs(server, bh.benutzer.mitarbeiter);
    admin = await signInAs(server, bh.benutzer.admin);
    other = await signInAs(server, bh.benutzer.fuhrpark);
    plan = { id: bh.grundrisse.lesesaal.id };
    belegung = await tag('2026-11-24', booker);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('lets administrators assign an own place and mark helpers; the plan and the sidebar follow', async () => {
    const me = await json<{ user: { id: string } }>(await call(server, booker, 'GET', '/api/me'));
    const otherMe = await json<{ user: { id: string } }>(await call(server, other, 'GET', '/api/me'));
    const path = `/api/admin/benutzer/${me.user.id}/leseraum`;
    expect(await json(await call(server, admin, 'GET', path))).toEqual({
      brandschutzhelfer: false,
      ersthelfer: false,
      eigenerPlatzId: null,
    });
    // only user administrators
    expect((await call(server, booker, 'GET', path)).status).toBe(403);
    expect((await call(server, admin, 'PUT', path, { brandschutzhelfer: true })).status).toBe(400);
    expect(
      (
        await call(server, admin, 'PUT', path, {
          brandschutzhelfer: false,
          ersthelfer: false,
          eigenerPlatzId: '00000000-0000-4000-8000-000000000000',
        })
      ).status,
    ).toBe(404);

    const saved = await json(
      await call(server, admin, 'PUT', path, {
        brandschutzhelfer: false,
        ersthelfer: true,
        eigenerPlatzId: seat(11).id,
      }),
    );
    expect(saved).toEqual({ brandschutzhelfer: false, ersthelfer: true, eigenerPlatzId: seat(11).id });
    expect(
      await json(await call(server, booker, 'GET', '/api/leseraum-eigener-platz?bereich=leseraum')),
    ).toMatchObject({
      id: seat(11).id,
      bezeichnung: 'Platz 11',
      grundriss: { id: plan.id },
    });
    expect(
      await json(await call(server, other, 'GET', '/api/leseraum-eigener-platz?bereich=leseraum')),
    ).toBeNull();

    // the owner's place on every open day; taken for everyone else, who cannot book it; a first-aid helper's place
    const mine = (await tag('2026-11-25', booker)).plaetze.find((p) => p.id === seat(11).id)!;
    expect(mine).toMatchObject({ zustand: 'eigene_reservierung', marker: ['ersthelfer'] });
    const theirs = (await tag('2026-11-25', other)).plaetze.find((p) => p.id === seat(11).id)!;
    expect(theirs).toMatchObject({ zustand: 'belegt', marker: ['ersthelfer'] });
    expect((await tag('2026-11-29', other)).plaetze.find((p) => p.id === seat(11).id)!.zustand).toBe(
      'geschlossen',
    );
    const refused = await call(server, other, 'POST', '/api/leseraum-buchungen', {
      modus: 'ganztags',
      leseraumId: seat(11).id,
      tag: '2026-11-25',
    });
    expect(refused.status).toBe(409);
    expect((await errorOf(refused)).code).toBe('leseraum_buchung.eigener_platz');

    // a helper is marked where they book that day: the other user becomes a fire-safety helper and holds Platz 13
    await json(
      await call(server, admin, 'PUT', `/api/admin/benutzer/${otherMe.user.id}/leseraum`, {
        brandschutzhelfer: true,
        ersthelfer: false,
        eigenerPlatzId: null,
      }),
    );
    expect(seat(13).marker).toEqual([]);
    await json(
      await call(server, other, 'POST', '/api/leseraum-buchungen', {
        modus: 'ganztags',
        leseraumId: seat(13).id,
        tag: '2026-11-26',
      }),
    );
    expect((await tag('2026-11-26', booker)).plaetze.find((p) => p.id === seat(13).id)!.marker).toEqual([
      'brandschutzhelfer',
    ]);
    expect((await tag('2026-11-27', booker)).plaetze.find((p) => p.id === seat(13).id)!.marker).toEqual([]);

    // a new own place frees the old one
    await json(
      await call(server, admin, 'PUT', path, {
        brandschutzhelfer: false,
        ersthelfer: false,
        eigenerPlatzId: seat(12).id,
      }),
    );
    const after = await tag('2026-11-25', other);
    expect(after.plaetze.find((p) => p.id === seat(11).id)!.zustand).toBe('frei');
    expect(after.plaetze.find((p) => p.id === seat(12).id)!.zustand).toBe('belegt');
  });
});
