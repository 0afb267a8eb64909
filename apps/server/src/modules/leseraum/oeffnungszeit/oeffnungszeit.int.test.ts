import { addCalendarDays, berlinDateKey, berlinInstant, weekdayOfDay } from '@stellwerk/domain/time';
import type {
  TGrundrissAuswahl,
  TOeffnungszeitenGespeichert,
  TOeffnungszeitenWoche,
  TSonderoeffnungszeit,
  TSonderoeffnungszeitSaved,
  TStornierungBestaetigen,
} from '@stellwerk/domain/verwaltung/admin-stammdaten.api';
import { and, eq, inArray } from 'drizzle-orm';
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
import { WERKTAGS_8_BIS_18 } from '../../../../test/fixtures/grundriss.ts';
import { FREMDER_MANDANT } from '../../../../test/fixtures/fremder-mandant.ts';
import { fixtureMandant } from '../../../../test/fixtures/mandant.ts';
import { startTestServer, type TestServer, testDrivers } from '../../../../test/harness.ts';
import { auditLog } from '../../plattform/audit/audit.public.ts';
import { EVENTS_CHANNEL } from '../../plattform/events/events.service.ts';
import { mailOutbox } from '../../plattform/mail/mail.public.ts';
import { leseraum } from '../leseraum/leseraum.public.ts';
import { leseraumBuchung } from '../leseraum-buchung/leseraum-buchung.public.ts';

const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

/**
 * The library (German: the cancellation mails are asserted) with its opening-hours keeper, room care (who may
 * not keep opening hours) and the reader whose bookings a closing cancels, and its reading room: three places, open Monday to Friday 08:00–18:00 and Saturday
 * 10:00–14:00, closed on Sunday, with one special closing (Christmas 2030) stored.
 */
const beispielhausen = (server: TestServer) =>
  fixtureMandant(server.database, {
    ...BIBLIOTHEK_MANDANT,
    rollen: BIBLIOTHEK_ROLLEN,
    benutzer: {
      fuehrerschein: BIBLIOTHEK_LEUTE.fuehrerschein,
      fuhrpark: BIBLIOTHEK_LEUTE.fuhrpark,
      mitarbeiter: BIBLIOTHEK_LEUTE.mitarbeiter,
    },
    grundrisse: {
      lesesaal: {
        ...lesesaal(3),
        oeffnungszeiten: { ...WERKTAGS_8_BIS_18, 6: ['10:00', '14:00'] },
        sonderoeffnungszeiten: [
          {
            beschreibung: '1. und 2. Weihnachtsfeiertag',
            gueltigVon: '2030-12-25',
            gueltigBis: '2030-12-26',
            status: 'geschlossen',
          },
        ],
      },
    },
  });

/** Another tenant with its administrator and its own reading room. */
const musterstadt = (server: TestServer) =>
  fixtureMandant(server.database, {
    ...FREMDER_MANDANT,
    standorte: RATHAUS,
    grundrisse: { lernraum: lernraum(1) },
  });

describe.each(testDrivers())('/api/admin/grundrisse opening hours on %s', (driver) => {
  let server: TestServer;
  let pflegeBH: string;
  let adminMS: string;
  let planBH: TGrundrissAuswahl;
  let planMS: TGrundrissAuswahl;
  let raumpflegeBH: string;
  beforeAll(async () => {
    server = await startTestServer({ driver, seed: false });
    const bh = await beispielhausen(server);
    const ms = await musterstadt(server);
    [pflegeBH, raumpflegeBH, adminMS] = await Promise.all([
      signInAs(server, bh.benutzer.fuehrerschein),
      signInAs(server, bh.benutzer.fuhrpark),
      signInAs(server, ms.benutzer.admin),
    ]);
    planBH = (
      (await (await call(server, pflegeBH, 'GET', '/api/admin/grundrisse')).json()) as TGrundrissAuswahl[]
    )[0]!;
    planMS = (
      (await (await call(server, adminMS, 'GET', '/api/admin/grundrisse')).json()) as TGrundrissAuswahl[]
    )[0]!;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('refuses without a session (401) and without the opening-hours right (403)', async () => {
    expect((await call(server, null, 'GET', '/api/admin/grundrisse')).status).toBe(401);
    const response = await call(
      server,
      raumpflegeBH,
      'GET',
      `/api/admin/grundrisse/${planBH.id}/oeffnungszeiten`,
    );
    expect(response.status).toBe(403);
    expect((await errorOf(response)).code).toBe('guard.no_oeffnungszeiten_pflege');
  });

  it('lists the floor plans of the own tenant with their location', async () => {
    expect(planBH).toMatchObject({
      bezeichnung: 'Lesesaal Erdgeschoss',
      standort: { name: 'Zentralbibliothek' },
    });
    expect(planMS.bezeichnung).toBe('Lernraum Verwaltung');
  });

  it('shows the stored week and replaces it (delete and insert) with an audit row and an event', async () => {
    const week = (await (
      await call(server, pflegeBH, 'GET', `/api/admin/grundrisse/${planBH.id}/oeffnungszeiten`)
    ).json()) as TOeffnungszeitenWoche;
    expect(week.gespeichert).toBe(true);
    expect(week.tage[6]).toEqual({ wochentag: 6, von: '10:00', bis: '14:00', geoeffnet: true });
    expect(week.tage[0]!.geoeffnet).toBe(false);

    const events: string[] = [];
    const unlisten = await server.database.listen(EVENTS_CHANNEL, (p) => events.push(p));
    const tage = week.tage.map((t) => (t.wochentag === 6 ? { ...t, von: '09:00', bis: '13:30' } : t));
    const response = await call(
      server,
      pflegeBH,
      'PUT',
      `/api/admin/grundrisse/${planBH.id}/oeffnungszeiten`,
      {
        tage,
      },
    );
    expect(response.status).toBe(200);
    expect(((await response.json()) as TOeffnungszeitenWoche).tage[6]).toMatchObject({
      von: '09:00',
      bis: '13:30',
    });
    await settle();
    await unlisten();
    expect(events.map((e) => JSON.parse(e).event)).toContainEqual({ type: 'oeffnungszeit', id: planBH.id });
    const audit = await server.database.db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'oeffnungszeit'), eq(auditLog.entityId, planBH.id)));
    expect(audit).toHaveLength(1);
  });

  it('an invalid time answers the spec message; an incomplete week and von after bis are refused', async () => {
    const base = [0, 1, 2, 3, 4, 5, 6].map((wochentag) => ({
      wochentag,
      von: '08:00',
      bis: '18:00',
      geoeffnet: true,
    }));
    const bad = await call(server, pflegeBH, 'PUT', `/api/admin/grundrisse/${planBH.id}/oeffnungszeiten`, {
      tage: base.map((t) => (t.wochentag === 2 ? { ...t, bis: '24:00' } : t)),
    });
    expect(bad.status).toBe(400);
    expect(await errorOf(bad)).toMatchObject({
      code: 'zeit.ungueltig',
      message: 'Zeit zum setzen ist kein valider String.',
    });
    const incomplete = await call(
      server,
      pflegeBH,
      'PUT',
      `/api/admin/grundrisse/${planBH.id}/oeffnungszeiten`,
      {
        tage: base.slice(1),
      },
    );
    expect((await errorOf(incomplete)).code).toBe('oeffnungszeit.wochentage_unvollstaendig');
    const reversed = await call(
      server,
      pflegeBH,
      'PUT',
      `/api/admin/grundrisse/${planBH.id}/oeffnungszeiten`,
      {
        tage: base.map((t) => (t.wochentag === 1 ? { ...t, von: '18:00', bis: '08:00' } : t)),
      },
    );
    expect((await errorOf(reversed)).code).toBe('oeffnungszeit.von_nach_bis');
    const special = await call(
      server,
      pflegeBH,
      'POST',
      `/api/admin/grundrisse/${planBH.id}/sonderoeffnungszeiten`,
      {
        gueltigVon: '2030-01-02',
        gueltigBis: '2030-01-01',
        status: 'offen',
      },
    );
    expect((await errorOf(special)).code).toBe('oeffnungszeit.zeitraum_ungueltig');
    const badSpecialTime = await call(
      server,
      pflegeBH,
      'POST',
      `/api/admin/grundrisse/${planBH.id}/sonderoeffnungszeiten`,
      {
        gueltigVon: '2030-01-01',
        gueltigBis: '2030-01-01',
        von: '7 Uhr',
        status: 'offen',
      },
    );
    expect((await errorOf(badSpecialTime)).message).toBe(
      "Zeit zum setzen ist kein valider String. '7 Uhr' ist keine Uhrzeit im Format HH:mm (00:00 bis 23:59).",
    );
  });

  it('another tenant’s floor plan answers 404', async () => {
    for (const [method, path, body] of [
      ['GET', 'oeffnungszeiten', undefined],
      ['GET', 'sonderoeffnungszeiten', undefined],
      [
        'POST',
        'sonderoeffnungszeiten',
        { gueltigVon: '2030-01-01', gueltigBis: '2030-01-01', status: 'offen' },
      ],
    ] as const) {
      const response = await call(
        server,
        adminMS,
        method,
        `/api/admin/grundrisse/${planBH.id}/${path}`,
        body,
      );
      expect(response.status, `${method} ${path}`).toBe(404);
    }
    const own = (await (
      await call(server, pflegeBH, 'GET', `/api/admin/grundrisse/${planBH.id}/sonderoeffnungszeiten`)
    ).json()) as TSonderoeffnungszeit[];
    const response = await call(
      server,
      adminMS,
      'DELETE',
      `/api/admin/grundrisse/${planMS.id}/sonderoeffnungszeiten/${own[0]!.id}`,
    );
    expect(response.status).toBe(404);
  });

  it("a special opening time with an unknown status answers 'Status halb unbekannt' (spec §8)", async () => {
    const path = `/api/admin/grundrisse/${planBH.id}/sonderoeffnungszeiten`;
    const body = { gueltigVon: '2030-04-01', gueltigBis: '2030-04-01', status: 'halb' };
    const created = await call(server, pflegeBH, 'POST', path, body);
    expect(created.status).toBe(400);
    expect(await errorOf(created)).toMatchObject({
      code: 'status.unbekannt',
      message: 'Status halb unbekannt',
      params: { status: 'halb' },
    });
    const preview = await call(server, pflegeBH, 'POST', `${path}/preview`, body);
    expect((await errorOf(preview)).message).toBe('Status halb unbekannt');
    const list = (await (await call(server, pflegeBH, 'GET', path)).json()) as TSonderoeffnungszeit[];
    expect(list.filter((s) => s.gueltigVon === '2030-04-01')).toEqual([]);
  });

  it('an opening period gets the default 01:00–23:00 and can be changed and deleted', async () => {
    const created = await call(
      server,
      pflegeBH,
      'POST',
      `/api/admin/grundrisse/${planBH.id}/sonderoeffnungszeiten`,
      {
        gueltigVon: '2030-03-01',
        gueltigBis: '2030-03-02',
        status: 'offen',
        beschreibung: 'Lange Lesenacht',
      },
    );
    expect(created.status).toBe(201);
    const saved = (await created.json()) as TSonderoeffnungszeitSaved;
    expect(saved.sonderoeffnungszeit).toMatchObject({ von: '01:00', bis: '23:00', status: 'offen' });
    expect(saved.storniert).toEqual([]);
    const id = saved.sonderoeffnungszeit.id;
    const changed = await call(
      server,
      pflegeBH,
      'PUT',
      `/api/admin/grundrisse/${planBH.id}/sonderoeffnungszeiten/${id}`,
      {
        gueltigVon: '2030-03-01',
        gueltigBis: '2030-03-01',
        von: '18:00',
        bis: '23:30',
        status: 'offen',
        // decision 125: left out it would stay; null clears it
        beschreibung: null,
      },
    );
    expect(changed.status).toBe(200);
    expect(((await changed.json()) as TSonderoeffnungszeitSaved).sonderoeffnungszeit).toMatchObject({
      gueltigBis: '2030-03-01',
      von: '18:00',
      bis: '23:30',
      beschreibung: null,
    });
    expect(
      (
        await call(
          server,
          pflegeBH,
          'DELETE',
          `/api/admin/grundrisse/${planBH.id}/sonderoeffnungszeiten/${id}`,
        )
      ).status,
    ).toBe(204);
  });

  it('a PUT of a special opening time keeps the description and the times it was not given (decision 125)', async () => {
    const base = `/api/admin/grundrisse/${planBH.id}/sonderoeffnungszeiten`;
    const created = (await (
      await call(server, pflegeBH, 'POST', base, {
        gueltigVon: '2031-05-01',
        gueltigBis: '2031-05-02',
        von: '10:00',
        bis: '14:00',
        status: 'offen',
        beschreibung: 'Tag der offenen Tür',
      })
    ).json()) as TSonderoeffnungszeitSaved;
    const id = created.sonderoeffnungszeit.id;
    const kept = await call(server, pflegeBH, 'PUT', `${base}/${id}`, {
      gueltigVon: '2031-05-01',
      gueltigBis: '2031-05-03',
      status: 'offen',
    });
    expect(kept.status).toBe(200);
    expect(((await kept.json()) as TSonderoeffnungszeitSaved).sonderoeffnungszeit).toEqual({
      ...created.sonderoeffnungszeit,
      gueltigBis: '2031-05-03',
    });
    // the period itself is required: left out, 400 names it
    const missing = await call(server, pflegeBH, 'PUT', `${base}/${id}`, { status: 'offen' });
    expect(missing.status).toBe(400);
    expect(Object.keys((await errorOf(missing)).params).sort()).toEqual([
      'body.gueltigBis',
      'body.gueltigVon',
    ]);
    await call(server, pflegeBH, 'DELETE', `${base}/${id}`);
  });

  it('a closing period over bookings lists them and cancels them with a mail only after confirmation', async () => {
    const day = addCalendarDays(berlinDateKey(new Date()), 40);
    const rooms = await server.database.db
      .select({ id: leseraum.id, mandantId: leseraum.mandantId })
      .from(leseraum)
      .where(eq(leseraum.grundrissId, planBH.id))
      .limit(3);
    const booking = (i: number, status: string) => ({
      mandantId: rooms[i]!.mandantId,
      leseraumId: rooms[i]!.id,
      von: berlinInstant(day, '09:00'),
      bis: berlinInstant(day, '12:00'),
      status,
      systembenutzer1Mail: i === 0 ? 'mitarbeiter@beispielhausen.example' : 'extern@example.org',
    });
    const inserted = await server.database.db
      .insert(leseraumBuchung)
      .values([booking(0, 'reserviert'), booking(1, 'vorgemerkt'), booking(2, 'storniert')])
      .returning({ id: leseraumBuchung.id });
    const [reserved, held, cancelled] = inserted.map((r) => r.id);
    const closing = { gueltigVon: day, gueltigBis: day, status: 'geschlossen', beschreibung: 'Inventur' };
    const path = `/api/admin/grundrisse/${planBH.id}/sonderoeffnungszeiten`;

    const preview = await call(server, pflegeBH, 'POST', `${path}/preview`, closing);
    expect(preview.status).toBe(200);
    const previewed = (await preview.json()) as { buchungen: { id: string }[] };
    expect(previewed.buchungen.map((b) => b.id).sort()).toEqual([reserved, held].sort());

    const unconfirmed = await call(server, pflegeBH, 'POST', path, closing);
    expect(unconfirmed.status).toBe(409);
    const refused = (await unconfirmed.json()) as TStornierungBestaetigen;
    expect(refused.error.code).toBe('oeffnungszeit.stornierung_bestaetigen');
    expect(refused.error.message).toContain('2 Buchungen');
    expect(refused.buchungen.map((b) => b.id).sort()).toEqual([reserved, held].sort());
    const untouched = await server.database.db
      .select({ status: leseraumBuchung.status })
      .from(leseraumBuchung)
      .where(inArray(leseraumBuchung.id, [reserved!, held!]));
    expect(untouched.map((r) => r.status).sort()).toEqual(['reserviert', 'vorgemerkt']);

    const confirmed = await call(server, pflegeBH, 'POST', path, { ...closing, confirmCancel: true });
    expect(confirmed.status).toBe(201);
    const saved = (await confirmed.json()) as TSonderoeffnungszeitSaved;
    expect(saved.storniert.map((b) => [b.id, b.status]).sort()).toEqual(
      [
        [reserved, 'storniert'],
        [held, 'storniert'],
      ].sort(),
    );
    const after = await server.database.db
      .select({ id: leseraumBuchung.id, status: leseraumBuchung.status })
      .from(leseraumBuchung)
      .where(inArray(leseraumBuchung.id, [reserved!, held!, cancelled!]));
    expect(after.every((r) => r.status === 'storniert')).toBe(true);
    const mails = await server.database.db
      .select({
        to: mailOutbox.to,
        subject: mailOutbox.subject,
        text: mailOutbox.text,
        template: mailOutbox.template,
      })
      .from(mailOutbox)
      .where(eq(mailOutbox.template, 'leseraum_buchung'));
    const closingMails = mails.filter((m) => m.subject.startsWith('Storniert: '));
    expect(closingMails.map((m) => m.to).sort()).toEqual([
      'extern@example.org',
      'mitarbeiter@beispielhausen.example',
    ]);
    // the booking service's cancellation mail (decision 052), naming the closing and its description
    expect(closingMails[0]!.text).toContain(
      'Grund: Der Bereich ist in diesem Zeitraum geschlossen (Inventur).',
    );
    const audit = await server.database.db
      .select({ action: auditLog.action, entity: auditLog.entity })
      .from(auditLog)
      .where(inArray(auditLog.entity, ['abweichende_oeffnungszeit', 'leseraum_buchung']));
    expect(audit).toEqual(
      expect.arrayContaining([
        { action: 'create', entity: 'abweichende_oeffnungszeit' },
        { action: 'cancel', entity: 'leseraum_buchung' },
      ]),
    );
  });

  it('closing a weekday over bookings lists them (409) and cancels them with a mail only after confirmation', async () => {
    const path = `/api/admin/grundrisse/${planBH.id}/oeffnungszeiten`;
    const week = (await (await call(server, pflegeBH, 'GET', path)).json()) as TOeffnungszeitenWoche;
    expect(week.tage[2]!.geoeffnet).toBe(true);
    expect(week.tage[3]!.geoeffnet).toBe(true);
    // A Tuesday (2) in about seven weeks, the Wednesday after it, and the Tuesday a week later, which a
    // special opening time keeps open.
    let tuesday = addCalendarDays(berlinDateKey(new Date()), 50);
    while (weekdayOfDay(tuesday) !== 2) tuesday = addCalendarDays(tuesday, 1);
    const wednesday = addCalendarDays(tuesday, 1);
    const openTuesday = addCalendarDays(tuesday, 7);
    const special = await call(
      server,
      pflegeBH,
      'POST',
      `/api/admin/grundrisse/${planBH.id}/sonderoeffnungszeiten`,
      {
        gueltigVon: openTuesday,
        gueltigBis: openTuesday,
        status: 'offen',
        von: '08:00',
        bis: '18:00',
      },
    );
    expect(special.status).toBe(201);
    const rooms = await server.database.db
      .select({ id: leseraum.id, mandantId: leseraum.mandantId })
      .from(leseraum)
      .where(eq(leseraum.grundrissId, planBH.id))
      .limit(3);
    const booking = (i: number, day: string, status: string) => ({
      mandantId: rooms[i]!.mandantId,
      leseraumId: rooms[i]!.id,
      von: berlinInstant(day, '10:00'),
      bis: berlinInstant(day, '11:30'),
      status,
      systembenutzer1Mail: 'mitarbeiter@beispielhausen.example',
    });
    const inserted = await server.database.db
      .insert(leseraumBuchung)
      .values([
        booking(0, tuesday, 'reserviert'),
        booking(1, wednesday, 'vorgemerkt'),
        booking(2, openTuesday, 'reserviert'),
      ])
      .returning({ id: leseraumBuchung.id });
    const [onTuesday, onWednesday, onOpenTuesday] = inserted.map((r) => r.id);
    const closed = week.tage.map(({ wochentag, von, bis, geoeffnet }) => ({
      wochentag,
      von,
      bis,
      geoeffnet: wochentag === 2 ? false : geoeffnet,
    }));
    const mailsBefore = await server.database.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(eq(mailOutbox.template, 'leseraum_buchung'));

    const unconfirmed = await call(server, pflegeBH, 'PUT', path, { tage: closed });
    expect(unconfirmed.status).toBe(409);
    const refused = (await unconfirmed.json()) as TStornierungBestaetigen;
    expect(refused.error).toMatchObject({
      code: 'oeffnungszeit.stornierung_bestaetigen',
      params: { anzahl: 1 },
    });
    expect(refused.buchungen).toMatchObject([
      { id: onTuesday, status: 'reserviert', buchender: 'mitarbeiter@beispielhausen.example' },
    ]);
    const unchanged = (await (await call(server, pflegeBH, 'GET', path)).json()) as TOeffnungszeitenWoche;
    expect(unchanged.tage[2]!.geoeffnet).toBe(true);

    const confirmed = await call(server, pflegeBH, 'PUT', path, { tage: closed, confirmCancel: true });
    expect(confirmed.status).toBe(200);
    const saved = (await confirmed.json()) as TOeffnungszeitenGespeichert;
    expect(saved.tage[2]!.geoeffnet).toBe(false);
    expect(saved.storniert.map((b) => [b.id, b.status])).toEqual([[onTuesday, 'storniert']]);
    const after = await server.database.db
      .select({ id: leseraumBuchung.id, status: leseraumBuchung.status })
      .from(leseraumBuchung)
      .where(inArray(leseraumBuchung.id, [onTuesday!, onWednesday!, onOpenTuesday!]));
    expect(Object.fromEntries(after.map((r) => [r.id, r.status]))).toEqual({
      [onTuesday!]: 'storniert',
      [onWednesday!]: 'vorgemerkt',
      [onOpenTuesday!]: 'reserviert',
    });
    const mails = await server.database.db
      .select({ id: mailOutbox.id, to: mailOutbox.to, text: mailOutbox.text })
      .from(mailOutbox)
      .where(eq(mailOutbox.template, 'leseraum_buchung'));
    const newMails = mails.filter((m) => !mailsBefore.some((b) => b.id === m.id));
    expect(newMails.map((m) => m.to)).toEqual(['mitarbeiter@beispielhausen.example']);
    expect(newMails[0]!.text).toContain('Grund: Der Bereich ist in diesem Zeitraum geschlossen.');
    const audit = await server.database.db
      .select({ newValue: auditLog.newValue })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'leseraum_buchung'), eq(auditLog.action, 'cancel')));
    expect(audit.map((a) => a.newValue)).toContainEqual({ status: 'storniert', grund: '', anzahl: 1 });

    // Saving the week again closes nothing new: no question, nothing cancelled.
    const again = await call(server, pflegeBH, 'PUT', path, { tage: closed });
    expect(again.status).toBe(200);
    expect(((await again.json()) as TOeffnungszeitenGespeichert).storniert).toEqual([]);
  });
});
