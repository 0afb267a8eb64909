/**
 * Erasing a person (Art. 17 GDPR, decision 235) on both databases: a user with past and future vehicle and place
 * bookings, a logbook trip, a locker, settings, a mail and a session is erased; afterwards nothing personal is left
 * but the logbook, the future bookings are cancelled (resources free, the other person told), nobody can sign in
 * as the person, and the report says per declared category what happened and why. Refusals leave everything.
 */
import type { TLoeschbericht } from '@stellwerk/domain/verwaltung/datenschutz/api';
import { DATENKATEGORIEN } from '@stellwerk/domain/verwaltung/datenschutz/deklarationen';
import { eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../../test/api-call.ts';
import { signInAs } from '../../../../test/fixtures/anmelden.ts';
import { fixtureMandant } from '../../../../test/fixtures/mandant.ts';
import {
  ADMIN,
  ADMINISTRATION,
  ANDERER_MANDANT,
  PLATTFORM_ADMIN,
} from '../../../../test/fixtures/verwaltung.ts';
import { startTestServer, type TestServer, testDrivers } from '../../../../test/harness.ts';
import { fahrtenbuchEintrag } from '../../fahrten/fahrt/fahrt.public.ts';
import { fahrzeugBuchung } from '../../fahrzeuge/fahrzeug-buchung/fahrzeug-buchung.public.ts';
import { benutzer } from '../../identitaet/benutzer/benutzer.public.ts';
import { leseraumBuchung } from '../../leseraum/leseraum-buchung/leseraum-buchung.public.ts';
import { spind, spindBuchung, spindbank } from '../../leseraum/spind/spind.public.ts';
import { mailOutbox } from '../../plattform/mail/mail.public.ts';
import { customizing } from '../customizing/customizing.public.ts';

const HASH = 'c'.repeat(64);
const cest = (day: string, hhmm: string) => new Date(`${day}T${hhmm}:00+02:00`);

/**
 * The person to erase (the booker), the fleet manager who booked a trip for them, the caretaker on the road, the
 * administrator who erases (every right) and the platform administrator who counts the tenant's users; a location
 * with a reading room place and a vehicle the bookings below use; and the administrator of another tenant.
 */
const mandanten = async (server: TestServer) => ({
  ms: await fixtureMandant(server.database, {
    name: 'Stadtwerke Musterstadt',
    domain: 'musterstadt.example',
    standorte: { loeschhaus: { name: 'Löschhaus', bundesland: 'BE' } },
    rollen: {
      Mitarbeiter: ['fahrzeug_buchen'],
      Fuhrparkleitung: ['fahrzeug_pflege', 'fahrzeug_fremdbuchung', 'fahrzeug_buchen'],
      Fahrzeugpflege: ['fahrzeug_pflege'],
      ...ADMINISTRATION,
    },
    benutzer: {
      mitarbeiter: { vorname: 'Lena', nachname: 'Hoffmann', rollen: ['Mitarbeiter'] },
      fuhrpark: { vorname: 'Thomas', nachname: 'Becker', rollen: ['Fuhrparkleitung'] },
      fahrzeugpflege: { vorname: 'Jonas', nachname: 'Schneider', rollen: ['Fahrzeugpflege'] },
      admin: ADMIN,
      plattform: PLATTFORM_ADMIN,
    },
    grundrisse: {
      loeschraum: {
        standort: 'loeschhaus',
        bezeichnung: 'Löschraum',
        plaetze: ['Lösch 1'],
        oeffnungszeiten: null,
      },
    },
    fahrzeuge: {
      loeschwagen: {
        standort: 'loeschhaus',
        kennzeichen: 'T-LO 1',
        modell: 'Löschwagen',
        spalten: { kategorie: 'Löschwagen' },
      },
    },
  }),
  bh: await fixtureMandant(server.database, ANDERER_MANDANT),
});

describe.each(testDrivers())('erasing a person (Art. 17 GDPR) on %s', (driver) => {
  let server: TestServer;
  let admin: string;
  let mitarbeiterSitzung: string;
  let musterstadt: string;
  let personId: string;
  let fuhrparkId: string;
  let pflegeId: string;
  let adminId: string;
  let plattformBenutzer: { email: string };
  let fremdBenutzer: { email: string };
  let mitarbeiterBenutzer: { email: string };
  let ids: { fahrtZukunft: string; fremdZukunft: string; fahrtAlt: string; platzZukunft: string };
  let bericht: TLoeschbericht;

  const benutzerAnzahl = async () => {
    const uebersicht = (await (await call(server, admin, 'GET', '/api/admin/uebersicht')).json()) as {
      benutzer: number;
    };
    const plattform = await signInAs(server, plattformBenutzer);
    const mandanten = (await (await call(server, plattform, 'GET', '/api/admin/mandanten')).json()) as {
      id: string;
      benutzerAnzahl: number;
    }[];
    return {
      uebersicht: uebersicht.benutzer,
      mandanten: mandanten.find((m) => m.id === musterstadt)!.benutzerAnzahl,
    };
  };

  beforeAll(async () => {
    server = await startTestServer({ driver, now: () => new Date('2026-04-20T10:00:00Z'), seed: false });
    const { ms, bh } = await mandanten(server);
    admin = await signInAs(server, ms.benutzer.admin);
    mitarbeiterSitzung = await signInAs(server, ms.benutzer.mitarbeiter);
    const db = server.database.db;
    musterstadt = ms.id;
    personId = ms.benutzer.mitarbeiter.id;
    fuhrparkId = ms.benutzer.fuhrpark.id;
    pflegeId = ms.benutzer.fahrzeugpflege.id;
    adminId = ms.benutzer.admin.id;
    plattformBenutzer = ms.benutzer.plattform;
    fremdBenutzer = bh.benutzer.admin;
    mitarbeiterBenutzer = ms.benutzer.mitarbeiter;
    const standortId = ms.standorte.loeschhaus;
    const platz = ms.grundrisse.loeschraum.plaetze[0];

    const lb = (von: Date, bis: Date, status: string) => ({
      mandantId: musterstadt,
      leseraumId: platz!.id,
      systembenutzer1Mail: 'Mitarbeiter@Musterstadt.example',
      von,
      bis,
      status,
    });
    const [, platzZukunft] = await db
      .insert(leseraumBuchung)
      .values([
        lb(cest('2026-04-10', '09:00'), cest('2026-04-10', '12:00'), 'durchgeführt'),
        lb(cest('2026-04-22', '09:00'), cest('2026-04-22', '12:00'), 'reserviert'),
      ])
      .returning();

    const f = { id: ms.fahrzeuge.loeschwagen };
    const fb = (benutzerId: string, fahrerId: string | null, von: Date, bis: Date, status: string) => ({
      mandantId: musterstadt,
      fahrzeugId: f.id,
      benutzerId,
      fahrerId,
      von,
      bis,
      status,
      anlass: 'Kundentermin bei Frau Müller',
      zielAdresse: 'Privatweg 7, Musterstadt',
    });
    const [fahrtAlt, fahrtZukunft, fremdZukunft] = await db
      .insert(fahrzeugBuchung)
      .values([
        fb(personId, null, cest('2026-04-08', '09:00'), cest('2026-04-08', '12:00'), 'durchgeführt'),
        fb(personId, null, cest('2026-04-23', '09:00'), cest('2026-04-23', '12:00'), 'reserviert'),
        // booked by the fleet office for the person as driver
        fb(fuhrparkId, personId, cest('2026-04-24', '09:00'), cest('2026-04-24', '12:00'), 'reserviert'),
      ])
      .returning();
    // a trip on the road: erasing its driver waits
    await db
      .insert(fahrzeugBuchung)
      .values(fb(pflegeId, null, cest('2026-04-20', '08:00'), cest('2026-04-20', '16:00'), 'aktiv'));
    await db.insert(fahrtenbuchEintrag).values({
      mandantId: musterstadt,
      fahrzeugId: f.id,
      fahrzeugBuchungId: fahrtAlt!.id,
      laufnummer: 1,
      kennzeichen: 'T-LO 1',
      quelle: 'hand',
      art: 'dienstlich',
      beginn: fahrtAlt!.von,
      ende: fahrtAlt!.bis,
      kmBeginn: 0,
      kmEnde: 40,
      fahrerId: personId,
      fahrerName: 'Max Mitarbeiter',
      ziel: 'Privatweg 7',
      zweck: 'Kundentermin',
      erfasstAm: fahrtAlt!.bis,
      erfasstVonId: personId,
      erfasstVonName: 'Max Mitarbeiter',
      hashVorher: HASH,
      hash: HASH,
    });
    const [bank] = await db
      .insert(spindbank)
      .values({ mandantId: musterstadt, standortId, name: 'Löschbank' })
      .returning();
    const [sp] = await db
      .insert(spind)
      .values({ mandantId: musterstadt, bankId: bank!.id, nummer: '1', groesse: 'M' })
      .returning();
    await db.insert(spindBuchung).values([
      {
        mandantId: musterstadt,
        spindId: sp!.id,
        benutzerId: personId,
        art: 'tag',
        von: cest('2026-04-20', '07:00'),
        bis: cest('2026-04-20', '20:00'),
        pin: '123456',
      },
      {
        mandantId: musterstadt,
        spindId: sp!.id,
        benutzerId: personId,
        art: 'tag',
        von: cest('2026-04-09', '07:00'),
        bis: cest('2026-04-09', '20:00'),
        leerung: 'vom_nutzer_bestaetigt',
      },
    ]);
    await db
      .insert(customizing)
      .values({ mandantId: musterstadt, benutzerId: personId, customizingOptionName: 'Sprache', wert: 'en' });
    await db.insert(mailOutbox).values({
      mandantId: musterstadt,
      to: 'mitarbeiter@musterstadt.example',
      subject: 'Willkommen',
      text: 'Hallo Max',
      redactedText: 'Hallo Max',
      template: 'einladung',
      language: 'de',
    });
    ids = {
      fahrtZukunft: fahrtZukunft!.id,
      fremdZukunft: fremdZukunft!.id,
      fahrtAlt: fahrtAlt!.id,
      platzZukunft: platzZukunft!.id,
    };
  });
  afterAll(async () => {
    await server?.close();
  });

  it('refuses without the users right, for oneself, for another tenant and for a driver on the road', async () => {
    expect(
      (await call(server, mitarbeiterSitzung, 'POST', `/api/benutzer/${fuhrparkId}/loeschung`)).status,
    ).toBe(403);
    const selbst = await call(server, admin, 'POST', `/api/benutzer/${adminId}/loeschung`);
    expect(selbst.status).toBe(409);
    expect(((await selbst.json()) as { error: { code: string } }).error.code).toBe(
      'benutzer.selbst_nicht_erlaubt',
    );
    const fremd = await signInAs(server, fremdBenutzer);
    expect((await call(server, fremd, 'POST', `/api/benutzer/${personId}/loeschung`)).status).toBe(404);
    const unterwegs = await call(server, admin, 'POST', `/api/benutzer/${pflegeId}/loeschung`);
    expect(unterwegs.status).toBe(409);
    expect(((await unterwegs.json()) as { error: { code: string } }).error.code).toBe(
      'benutzer.fahrt_laeuft',
    );
    // nothing happened to the driver on the road
    expect((await call(server, admin, 'GET', `/api/admin/benutzer/${pflegeId}`)).status).toBe(200);
    expect((await call(server, admin, 'GET', `/api/benutzer/${personId}/loeschbericht`)).status).toBe(404);
  });

  it('erases the person: a report per declared category, the logbook kept with its reason', async () => {
    // a personal access token for an AI client (decision 226): an account's sign-in, erased with it
    const token = await call(server, mitarbeiterSitzung, 'POST', '/api/zugriffstoken', {
      name: 'Claude',
      recht: 'buchen',
      gueltigBis: '2027-01-31',
    });
    expect(token.status).toBe(201);
    const anzahlVorher = await benutzerAnzahl();
    const r = await call(server, admin, 'POST', `/api/benutzer/${personId}/loeschung`);
    expect(r.status).toBe(200);
    bericht = (await r.json()) as TLoeschbericht;
    // the empty placeholder row is nobody: the admin start page and the platform's tenant list count one less
    expect(await benutzerAnzahl()).toEqual({
      uebersicht: anzahlVorher.uebersicht - 1,
      mandanten: anzahlVorher.mandanten - 1,
    });
    expect(bericht.benutzerId).toBe(personId);
    expect(bericht.kategorien.map((k) => k.id)).toEqual(DATENKATEGORIEN.map((k) => k.id));
    expect(bericht.storniert).toEqual({ fahrzeugBuchungen: 2, platzBuchungen: 1, spindBuchungen: 1 });
    expect(bericht.platzhalterBehalten).toBe(true);
    const kat = (id: string) => bericht.kategorien.find((k) => k.id === id)!;
    expect(kat('fahrtenbuch')).toMatchObject({ behandlung: 'behalten', anzahl: 1 });
    expect(kat('fahrtenbuch').grund.de).toMatch(/§ 147 AO/);
    expect(kat('fahrtenbuch').grund.en).toMatch(/section 147 AO/);
    expect(kat('fahrzeug_buchungen')).toMatchObject({ behandlung: 'anonymisiert' });
    expect(kat('fahrzeug_buchungen').anzahl).toBeGreaterThanOrEqual(3);
    expect(kat('leseraum_buchungen').anzahl).toBeGreaterThanOrEqual(2);
    // one deleted (emptied), one kept without the person: it was running and waits to be emptied (decision 251)
    expect(kat('spind_buchungen')).toMatchObject({ behandlung: 'anonymisiert', anzahl: 2 });
    expect(kat('konto').anzahl).toBeGreaterThanOrEqual(3); // row, login account, the session
    expect(kat('einstellungen').anzahl).toBeGreaterThanOrEqual(1);
    expect(kat('protokoll').anzahl).toBeGreaterThanOrEqual(1);
    expect(JSON.stringify(bericht)).not.toMatch(/mitarbeiter@|Max Mitarbeiter/i);
    // stored: the same report can be read again
    const gespeichert = await call(server, admin, 'GET', `/api/benutzer/${personId}/loeschbericht`);
    expect(gespeichert.status).toBe(200);
    expect(await gespeichert.json()).toEqual(bericht);
  });

  it('leaves nothing personal but the logbook, and nobody can sign in as the person', async () => {
    const db = server.database.db;
    expect((await call(server, mitarbeiterSitzung, 'GET', '/api/me')).status).toBe(401);
    await expect(signInAs(server, mitarbeiterBenutzer)).rejects.toThrow(/failed/);
    expect((await call(server, admin, 'GET', `/api/admin/benutzer/${personId}`)).status).toBe(404);
    const liste = await call(server, admin, 'GET', '/api/admin/benutzer?q=mitarbeiter');
    expect(JSON.stringify(await liste.json())).not.toMatch(/mitarbeiter@musterstadt/);

    const [rest] = await db.select().from(benutzer).where(eq(benutzer.id, personId));
    expect(rest).toMatchObject({
      status: 'geloescht',
      vorname: '–',
      nachname: '–',
      username: null,
      authUserId: null,
    });
    expect(rest!.email).not.toMatch(/mitarbeiter/);
    const login = await db.execute(sql`select
        (select count(*) from "user" where email = 'mitarbeiter@musterstadt.example' or id = ${personId}) as u,
        (select count(*) from session where user_id = ${personId}) as s,
        (select count(*) from account where user_id = ${personId}) as a,
        (select count(*) from zugriffstoken where benutzer_id = ${personId}) as z`);
    expect(login.rows[0]).toMatchObject({ u: expect.anything(), s: expect.anything(), z: expect.anything() });
    expect(Object.values(login.rows[0] as Record<string, unknown>).map(Number)).toEqual([0, 0, 0, 0]);

    const fahrten = await db.select().from(fahrzeugBuchung).where(eq(fahrzeugBuchung.mandantId, musterstadt));
    expect(fahrten.filter((b) => b.benutzerId === personId || b.fahrerId === personId)).toEqual([]);
    const alt = fahrten.find((b) => b.id === ids.fahrtAlt)!;
    expect(alt).toMatchObject({ benutzerId: null, anlass: null, zielAdresse: null, status: 'durchgeführt' });
    expect(alt.anonymPerson).not.toBeNull();
    expect(fahrten.find((b) => b.id === ids.fahrtZukunft)).toMatchObject({
      status: 'storniert',
      benutzerId: null,
    });
    // booked by the fleet office: cancelled, keeps its booker, loses the driver; the booker is told
    expect(fahrten.find((b) => b.id === ids.fremdZukunft)).toMatchObject({
      status: 'storniert',
      benutzerId: fuhrparkId,
      fahrerId: null,
    });
    const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.mandantId, musterstadt));
    expect(mails.filter((m) => /mitarbeiter@/i.test(m.to))).toEqual([]);
    expect(mails.some((m) => m.to === 'fuhrpark@musterstadt.example')).toBe(true);

    const plaetze = await db.select().from(leseraumBuchung).where(eq(leseraumBuchung.mandantId, musterstadt));
    expect(
      plaetze.filter((b) => /mitarbeiter@/i.test(`${b.systembenutzer1Mail} ${b.systembenutzer2Mail}`)),
    ).toEqual([]);
    expect(plaetze.find((b) => b.id === ids.platzZukunft)).toMatchObject({ status: 'storniert' });
    expect(await db.select().from(spindBuchung).where(eq(spindBuchung.benutzerId, personId))).toEqual([]);
    // the running locker ended with the erasure and waits to be emptied without the person and the PIN (the
    // clearing list itself: spind.loeschung.int.test.ts)
    const [ohnePerson] = await db.select().from(spindBuchung).where(isNull(spindBuchung.benutzerId));
    expect(ohnePerson).toMatchObject({ pin: null, leerung: 'offen' });
    expect(await db.select().from(customizing).where(eq(customizing.benutzerId, personId))).toEqual([]);

    // the logbook stays as it was, with the driver's name (§ 147 AO)
    const [trip] = await db
      .select()
      .from(fahrtenbuchEintrag)
      .where(eq(fahrtenbuchEintrag.fahrerId, personId));
    expect(trip).toMatchObject({ fahrerName: 'Max Mitarbeiter', zweck: 'Kundentermin', kmEnde: 40 });

    // the audit log names the person by id only
    const audit = await db.execute(sql`select action, old_value, new_value from audit_log
      where entity = 'benutzer' and entity_id = ${personId}`);
    expect(audit.rows.map((a) => (a as { action: string }).action)).toContain('dsgvo_loeschung');
    expect(JSON.stringify(audit.rows)).not.toMatch(/mitarbeiter@|Max Mitarbeiter/i);

    // erased once: a second time is 404
    expect((await call(server, admin, 'POST', `/api/benutzer/${personId}/loeschung`)).status).toBe(404);
  });
});
