import type {
  TBelegung,
  TGrundrissKurz,
  TLeseraumBuchung,
} from '@stellwerk/domain/leseraum/leseraum-buchung/api';
import type { TMeinSpind, TSpindbank } from '@stellwerk/domain/leseraum/spind/api';
import { platzInProzent } from '@stellwerk/domain/leseraum/spind/regeln';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, errorOf } from '../../../../test/api-call.ts';
import { signInAs } from '../../../../test/fixtures/anmelden.ts';
import { fixtureMandant } from '../../../../test/fixtures/mandant.ts';
import { startTestServer, type TestServer, testDrivers } from '../../../../test/harness.ts';
import { auditLog } from '../../plattform/audit/audit.public.ts';
import { mailOutbox } from '../../plattform/mail/mail.public.ts';
import { leseraum } from '../leseraum/leseraum.public.ts';
import { storniereDurchSystem } from '../leseraum-buchung/leseraum-buchung.deaktivierung.ts';
import { storniereWegenSchliessung } from '../leseraum-buchung/leseraum-buchung.schliessung.ts';
import { releaseLapsedBuchungen } from '../leseraum-buchung/leseraum-buchung.verfall.ts';
import { sendeSpindErinnerungen } from './spind.erinnern.ts';
import { spindBuchung } from './spind.table.ts';

const json = async <T>(response: Response): Promise<T> => {
  if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);
  return (await response.json()) as T;
};

/** Monday 23.11.2026, 07:00 in Berlin; the tests move this clock. */
const MONDAY_7 = new Date('2026-11-23T07:00:00+01:00');
const at = (day: string, time: string) => new Date(`${day}T${time}:00+01:00`);

/**
 * A library whose offices have lockers: a reading room of twenty places drawn on a grid, open on weekdays, its
 * facility staff (room care), booking staff and five more people, seven in all for the race for the last locker;
 * the PIN lock adapter (decision 223): the reminder test checks that the PIN stays out of the mail.
 */
const beispielhausen = (server: TestServer) =>
  fixtureMandant(server.database, {
    name: 'Bibliothek Beispielhausen',
    domain: 'beispielhausen.example',
    features: { FahrzeugBuchung: false, Leseraum: true, Officelocker: true },
    einstellungen: { SpindSchloss: 'pin' },
    standorte: { bibliothek: { name: 'Zentralbibliothek', bundesland: 'BY' } },
    rollen: {
      Mitarbeiter: [],
      Raumpflege: ['objekt_pflege', 'ausstattungs_pflege', 'auslastung_sehen'],
      Buchungsverwaltung: ['buchung_pflege'],
    },
    benutzer: {
      mitarbeiter: { vorname: 'Anna', nachname: 'Schulz', rollen: ['Mitarbeiter'] },
      fuhrpark: { vorname: 'Michael', nachname: 'Fischer', rollen: ['Raumpflege'] },
      freigabe: { vorname: 'Julia', nachname: 'Meyer', rollen: ['Buchungsverwaltung'] },
      fuehrerschein: { vorname: 'Stefan', nachname: 'Wolf', rollen: ['Mitarbeiter'] },
      fahrzeugpflege: { vorname: 'Katrin', nachname: 'Neumann', rollen: ['Mitarbeiter'] },
      admin: { vorname: 'Andreas', nachname: 'Schwarz', rollen: ['Mitarbeiter'] },
      faktor: { vorname: 'Frieda', nachname: 'Kaiser', rollen: ['Mitarbeiter'] },
    },
    grundrisse: {
      lesesaal: {
        standort: 'bibliothek',
        bezeichnung: 'Lesesaal Erdgeschoss',
        plaetze: Array.from({ length: 20 }, (_, i) => ({
          bezeichnung: `Platz ${String(i + 1).padStart(2, '0')}`,
          position: { x: 100 + (i % 4) * 150, y: 100 + Math.floor(i / 4) * 150 },
        })),
      },
    },
  });

describe.each(testDrivers())('office lockers coupled to place bookings on %s', (driver) => {
  let server: TestServer;
  let clock = MONDAY_7;
  let bh: Awaited<ReturnType<typeof beispielhausen>>;
  let mitarbeiter: string;
  let faktor: string;
  let raumpflege: string;
  let personal: string;
  let mandantId: string;
  let plan: TGrundrissKurz;
  let ersteId: string;
  let belegung: TBelegung;
  const seat = (n: number) =>
    belegung.plaetze.find((p) => p.bezeichnung === `Platz ${String(n).padStart(2, '0')}`)!;

  const buche = async (
    cookie: string,
    body: Record<string, unknown>,
  ): Promise<TLeseraumBuchung & { spind?: { bank: string; nummer: string; groesse: string } | null }> =>
    json(await call(server, cookie, 'POST', '/api/leseraum-buchungen', body));
  const ganztags = (n: number, tag: string, spind?: unknown) => ({
    modus: 'ganztags',
    leseraumId: seat(n).id,
    tag,
    ...(spind === undefined ? {} : { spind }),
  });
  const spindDerBuchung = async (leseraumBuchungId: string) =>
    server.database.db
      .select()
      .from(spindBuchung)
      .where(eq(spindBuchung.leseraumBuchungId, leseraumBuchungId));
  const audits = async (action: string) =>
    server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'spind_buchung'), eq(auditLog.action, action)));
  const alsSystem = <T>(
    fn: (tx: Parameters<Parameters<TestServer['database']['withTenant']>[1]>[0]) => Promise<T>,
  ) => server.database.withTenant(mandantId, fn);

  beforeAll(async () => {
    server = await startTestServer({ driver, seed: false, now: () => clock });
    bh = await beispielhausen(server);
    [mitarbeiter, faktor, raumpflege, personal] = await Promise.all([
      signInAs(server, bh.benutzer.mitarbeiter),
      signInAs(server, bh.benutzer.faktor),
      signInAs(server, bh.benutzer.fuhrpark),
      signInAs(server, bh.benutzer.freigabe),
    ]);
    mandantId = bh.id;
    plan = (
      await json<TGrundrissKurz[]>(await call(server, mitarbeiter, 'GET', '/api/grundrisse?bereich=leseraum'))
    )[0]!;
    belegung = await json<TBelegung>(
      await call(server, mitarbeiter, 'GET', `/api/grundrisse/${plan.id}/belegung?tag=2026-11-24`),
    );
    // banks: one drawn at place 03, one in the plan's far corner from it, one not drawn (the only L locker)
    const ausdehnung = {
      x: Math.max(...belegung.plaetze.map((p) => p.position?.x ?? 0)),
      y: Math.max(...belegung.plaetze.map((p) => p.position?.y ?? 0)),
    };
    const bei3 = platzInProzent(plan.id, seat(3).position, ausdehnung)!;
    const fern = { grundrissId: plan.id, x: bei3.x > 50 ? 0 : 100, y: bei3.y > 50 ? 0 : 100 };
    const standortId = plan.standort!.id;
    for (const bank of [
      { name: 'A-Fern', ort: fern, anzahl: 6, groesse: 'M' },
      { name: 'B-Nah', ort: bei3, anzahl: 1, groesse: 'M' },
      { name: 'C-Gross', ort: null, anzahl: 1, groesse: 'L' },
    ])
      await json<TSpindbank>(
        await call(server, raumpflege, 'POST', '/api/spindbanken', { standortId, ...bank }),
      );
  });
  afterAll(async () => server?.close());

  it('books the nearest free locker of the preferred size with the place, for the same period, audited', async () => {
    const erste = await buche(mitarbeiter, ganztags(3, '2026-11-24', true));
    ersteId = erste.id;
    expect(erste.spind).toMatchObject({
      bank: 'B-Nah',
      nummer: '1',
      groesse: 'M',
      von: erste.von,
      bis: erste.bis,
    });
    expect(JSON.stringify(erste)).not.toMatch(/"pin"/);
    // the nearest is taken that day: the next one by distance, not by name
    const zweite = await buche(faktor, ganztags(4, '2026-11-24', true));
    expect(zweite.spind).toMatchObject({ bank: 'A-Fern', nummer: '1' });
    // without the flag: no locker
    const ohne = await buche(personal, ganztags(5, '2026-11-24'));
    expect(ohne.spind ?? null).toBeNull();
    expect(await spindDerBuchung(ohne.id)).toEqual([]);
    const audit = await audits('gekoppelt_gebucht');
    expect(audit.map((a) => (a.newValue as { leseraumBuchungId: string }).leseraumBuchungId).sort()).toEqual(
      [erste.id, zweite.id].sort(),
    );
    await json(await call(server, personal, 'POST', `/api/leseraum-buchungen/${ohne.id}/storno`, {}));
  });

  it('takes the size of the personal setting SpindGroesse, never a smaller one', async () => {
    const gesetzt = await call(server, faktor, 'PUT', '/api/customizing/benutzer/SpindGroesse', {
      value: 'L',
    });
    expect(gesetzt.status).toBe(200);
    const b = await buche(faktor, ganztags(6, '2026-11-25', true));
    expect(b.spind).toMatchObject({ bank: 'C-Gross', groesse: 'L' });
    // a size in the request wins over the setting
    const m = await buche(faktor, { ...ganztags(7, '2026-11-30', 'M') });
    expect(m.spind).toMatchObject({ groesse: 'M' });
    await json(await call(server, faktor, 'POST', `/api/leseraum-buchungen/${m.id}/storno`, {}));
  });

  it('gives the locker back when the booker or staff cancel, and when staff decline the hold', async () => {
    await json(await call(server, mitarbeiter, 'POST', `/api/leseraum-buchungen/${ersteId}/storno`, {}));
    expect((await spindDerBuchung(ersteId))[0]!.status).toBe('storniert');
    // free at once: the next booking of the day gets the same nearest locker
    const danach = await buche(personal, ganztags(8, '2026-11-24', true));
    expect(danach.spind).toMatchObject({ bank: 'B-Nah', nummer: '1' });
    // staff cancel another user's booking (with a reason)
    const durchPersonal = await buche(mitarbeiter, ganztags(9, '2026-11-26', true));
    await json(
      await call(server, personal, 'POST', `/api/leseraum-buchungen/${durchPersonal.id}/storno`, {
        grund: 'Veranstaltung',
      }),
    );
    expect((await spindDerBuchung(durchPersonal.id))[0]!.status).toBe('storniert');
    // staff decline a hold that waits for them
    await server.database.db
      .update(leseraum)
      .set({ bestaetigungDurchPersonal: true })
      .where(eq(leseraum.id, seat(10).id));
    const vormerkung = await buche(mitarbeiter, ganztags(10, '2026-11-26', true));
    expect(vormerkung.spind).not.toBeNull();
    await json(
      await call(server, personal, 'POST', `/api/leseraum-buchungen/${vormerkung.id}/ablehnen`, {
        grund: 'Belegt',
      }),
    );
    expect((await spindDerBuchung(vormerkung.id))[0]!.status).toBe('storniert');
    const gruende = (await audits('gekoppelt_storniert')).map((a) => (a.newValue as { grund: string }).grund);
    expect(gruende).toEqual(expect.arrayContaining(['storniert', 'personal', 'abgelehnt']));
  });

  it('moves the locker with the place booking', async () => {
    const b = await buche(mitarbeiter, ganztags(11, '2026-11-26', true));
    const geaendert = await json<TLeseraumBuchung & { spind: { von: string; bis: string; bank: string } }>(
      await call(server, mitarbeiter, 'PUT', `/api/leseraum-buchungen/${b.id}`, {
        modus: 'stuendlich',
        von: at('2026-11-26', '10:00').toISOString(),
        bis: at('2026-11-26', '12:00').toISOString(),
      }),
    );
    expect(geaendert.spind).toMatchObject({
      von: at('2026-11-26', '10:00').toISOString(),
      bis: at('2026-11-26', '12:00').toISOString(),
    });
    const zeilen = await spindDerBuchung(b.id);
    expect(zeilen.filter((z) => z.status !== 'storniert')).toHaveLength(1);
    expect((await audits('gekoppelt_verschoben')).map((e) => e.entityId)).toContain(
      zeilen.find((z) => z.status !== 'storniert')!.id,
    );
  });

  it('releases it with the lapse job: cancelled at the start, ended and on the clearing list after it', async () => {
    const gehalten = await buche(mitarbeiter, ganztags(12, '2026-11-27', true));
    const bestaetigt = await buche(faktor, ganztags(13, '2026-11-27', 'M'));
    await json(await call(server, faktor, 'POST', `/api/leseraum-buchungen/${bestaetigt.id}/bestaetigen`));
    clock = at('2026-11-27', '08:00');
    const lauf = (now: Date) =>
      alsSystem((tx) => releaseLapsedBuchungen(tx, { publicUrl: server.baseUrl }, { mandantId, now }));
    // (the holds of the days before lapse in the same run)
    expect(await lauf(clock)).toBeGreaterThanOrEqual(1);
    expect((await spindDerBuchung(gehalten.id))[0]!.status).toBe('storniert');
    // nobody checked in: released 15 minutes after the start; the locker began, so it ends and waits to be emptied
    clock = at('2026-11-27', '08:16');
    expect(await lauf(clock)).toBe(1);
    expect(await lauf(clock)).toBe(0);
    const [beendet] = await spindDerBuchung(bestaetigt.id);
    expect(beendet).toMatchObject({ status: 'gebucht', leerung: 'offen' });
    expect(beendet!.bis.toISOString()).toBe(clock.toISOString());
    clock = at('2026-11-27', '08:17');
    const liste = await json<TMeinSpind[]>(await call(server, raumpflege, 'GET', '/api/spinde-zu-raeumen'));
    expect(liste.map((l) => l.buchungId)).toContain(beendet!.id);
    expect((await audits('gekoppelt_beendet')).map((a) => a.entityId)).toContain(beendet!.id);
    // not free before it is cleared: a later booking of the day does not get it
    const spaeter = await buche(personal, {
      modus: 'stuendlich',
      leseraumId: seat(9).id,
      von: at('2026-11-27', '10:00').toISOString(),
      bis: at('2026-11-27', '12:00').toISOString(),
      spind: 'M',
    });
    const [spaeterSpind] = await spindDerBuchung(spaeter.id);
    expect(spaeterSpind!.spindId).not.toBe(beendet!.spindId);
    // facility staff clear what is on the list (the lockers of the days before as well): free again, audited
    for (const l of liste)
      expect((await call(server, raumpflege, 'POST', `/api/spinde-zu-raeumen/${l.buchungId}`)).status).toBe(
        204,
      );
    expect((await audits('geraeumt')).map((a) => a.entityId)).toContain(beendet!.id);
    await json(await call(server, personal, 'POST', `/api/leseraum-buchungen/${spaeter.id}/storno`, {}));
    clock = MONDAY_7;
  });

  it('releases it when the area closes and when the place is deactivated (system cancellations)', async () => {
    const schliessung = await buche(mitarbeiter, ganztags(3, '2026-11-30', true));
    const deaktivierung = await buche(faktor, ganztags(14, '2026-11-30', true));
    await alsSystem((tx) =>
      storniereWegenSchliessung(
        tx,
        { publicUrl: server.baseUrl },
        { mandantId, ids: [schliessung.id], now: clock },
      ),
    );
    await alsSystem((tx) =>
      storniereDurchSystem(
        tx,
        { publicUrl: server.baseUrl },
        { mandantId, leseraumIds: [seat(14).id], now: clock },
      ),
    );
    expect((await spindDerBuchung(schliessung.id))[0]!.status).toBe('storniert');
    expect((await spindDerBuchung(deaktivierung.id))[0]!.status).toBe('storniert');
    const gruende = (await audits('gekoppelt_storniert')).map((a) => (a.newValue as { grund: string }).grund);
    expect(gruende).toEqual(expect.arrayContaining(['schliessung', 'deaktivierung']));
  });

  it('reminds each owner once before the end in their language, without the PIN; after it the locker waits to be cleared', async () => {
    await call(server, faktor, 'PUT', '/api/customizing/benutzer/Sprache', { value: 'en' });
    const de = await buche(mitarbeiter, ganztags(3, '2026-12-01', true));
    const en = await buche(faktor, ganztags(4, '2026-12-01', 'M'));
    for (const [cookie, b] of [
      [mitarbeiter, de],
      [faktor, en],
    ] as const)
      await json(await call(server, cookie, 'POST', `/api/leseraum-buchungen/${b.id}/bestaetigen`));
    // the day before its last day the owner cannot confirm it emptied yet
    clock = at('2026-11-30', '23:59');
    const [frueh] = await spindDerBuchung(de.id);
    const zuFrueh = await call(server, mitarbeiter, 'POST', `/api/mein-spind/${frueh!.id}/geleert`);
    expect(zuFrueh.status).toBe(409);
    expect((await errorOf(zuFrueh)).code).toBe('spind.noch_nicht_leerbar');
    clock = at('2026-12-01', '08:05');
    for (const [cookie, b] of [
      [mitarbeiter, de],
      [faktor, en],
    ] as const)
      await json(await call(server, cookie, 'POST', `/api/leseraum-buchungen/${b.id}/check-in`));
    const pins = [
      ...(await json<TMeinSpind[]>(await call(server, mitarbeiter, 'GET', '/api/mein-spind'))),
      ...(await json<TMeinSpind[]>(await call(server, faktor, 'GET', '/api/mein-spind'))),
    ]
      .map((s) => s.pin)
      .filter((p): p is string => p !== null);
    expect(pins).toHaveLength(2);
    const erinnere = (now: Date) =>
      alsSystem((tx) => sendeSpindErinnerungen(tx, { publicUrl: server.baseUrl }, { mandantId, now }));
    clock = at('2026-12-01', '17:29');
    expect(await erinnere(clock)).toBe(0);
    clock = at('2026-12-01', '17:31');
    expect(await erinnere(clock)).toBe(2);
    expect(await erinnere(at('2026-12-01', '17:45'))).toBe(0);
    const mails = await server.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.template, 'spind_erinnerung'));
    expect(mails).toHaveLength(2);
    const an = (mail: string) => mails.find((m) => m.to === mail)!;
    expect(an('mitarbeiter@beispielhausen.example').text).toContain(
      `Bitte leeren Sie Spind ${de.spind!.nummer} bis 18:00 Uhr`,
    );
    expect(an('faktor@beispielhausen.example').text).toContain(
      `Please empty locker ${en.spind!.nummer} by 18:00`,
    );
    for (const pin of pins) expect(JSON.stringify(mails)).not.toContain(pin);
    // after the end: on the facility list until emptied; the owner's confirmation takes it off
    clock = at('2026-12-01', '18:30');
    const liste = await json<TMeinSpind[]>(await call(server, raumpflege, 'GET', '/api/spinde-zu-raeumen'));
    const [deSpind] = await spindDerBuchung(de.id);
    const [enSpind] = await spindDerBuchung(en.id);
    expect(liste.map((l) => l.buchungId)).toEqual(expect.arrayContaining([deSpind!.id, enSpind!.id]));
    expect(liste.every((l) => l.pin === null)).toBe(true);
    expect((await call(server, mitarbeiter, 'POST', `/api/mein-spind/${deSpind!.id}/geleert`)).status).toBe(
      204,
    );
    const danach = await json<TMeinSpind[]>(await call(server, raumpflege, 'GET', '/api/spinde-zu-raeumen'));
    expect(danach.map((l) => l.buchungId)).not.toContain(deSpind!.id);
    expect(danach.map((l) => l.buchungId)).toContain(enSpind!.id);
    // clear everything left, so the next test starts with free lockers
    for (const l of danach)
      expect((await call(server, raumpflege, 'POST', `/api/spinde-zu-raeumen/${l.buchungId}`)).status).toBe(
        204,
      );
    clock = MONDAY_7;
  });

  it('gives the last locker to exactly one of parallel place bookings; the others are refused whole', async () => {
    const cookies = await Promise.all(Object.values(bh.benutzer).map((b) => signInAs(server, b)));
    const antworten = await Promise.all(
      cookies.map((cookie, i) =>
        call(server, cookie, 'POST', '/api/leseraum-buchungen', ganztags(14 + i, '2026-12-02', 'L')),
      ),
    );
    const status = antworten.map((r) => r.status);
    expect(status.filter((s) => s === 201)).toHaveLength(1);
    expect(status.filter((s) => s === 409)).toHaveLength(cookies.length - 1);
    for (const r of antworten.filter((x) => x.status === 409))
      expect((await errorOf(r)).code).toBe('spind.keiner_frei');
    const tag = await json<TBelegung>(
      await call(server, mitarbeiter, 'GET', `/api/grundrisse/${plan.id}/belegung?tag=2026-12-02`),
    );
    const gebucht = tag.plaetze.filter((p) => p.zeiten.length > 0);
    expect(gebucht).toHaveLength(1);
  });
});
