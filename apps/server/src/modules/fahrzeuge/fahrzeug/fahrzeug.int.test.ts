import type {
  TFahrzeugAdmin,
  TFahrzeugAdminEingabeRoh,
  TFahrzeugAdminGespeichert,
  TFahrzeugStornoVorschau,
} from '@stellwerk/domain/fahrzeuge/fahrzeug/api';
import type { TFahrzeug, TFahrzeugBuchung } from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/api';
import { addCalendarDays, berlinDateKey, berlinInstant } from '@stellwerk/domain/time';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, errorOf } from '../../../../test/api-call.ts';
import { signInAs } from '../../../../test/fixtures/anmelden.ts';
import {
  BIBLIOTHEK_LEUTE,
  BIBLIOTHEK_MANDANT,
  BIBLIOTHEK_ROLLEN,
} from '../../../../test/fixtures/leseraum.ts';
import { FUHRPARK_LEUTE, FUHRPARK_MANDANT, FUHRPARK_ROLLEN } from '../../../../test/fixtures/fuhrpark.ts';
import { fixtureMandant } from '../../../../test/fixtures/mandant.ts';
import { startTestServer, type TestServer, testDrivers } from '../../../../test/harness.ts';
import type { Tx } from '../../../db/client.ts';
import { fahrzeugHistorie } from '../../fahrten/fahrt/fahrt.public.ts';
import { auditLog } from '../../plattform/audit/audit.public.ts';
import { mailOutbox } from '../../plattform/mail/mail.public.ts';
import { customizing, feature, mandantFeature } from '../../verwaltung/customizing/customizing.public.ts';
import { fahrzeugBuchung } from '../fahrzeug-buchung/fahrzeug-buchung.public.ts';

const upload = (server: TestServer, cookie: string, path: string, data: Buffer, filename: string) => {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(data)]), filename);
  return fetch(`${server.baseUrl}${path}`, {
    method: 'POST',
    headers: { origin: server.baseUrl, cookie },
    body: form,
  });
};

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** A Berlin calendar day `days` days from today, and a wall-clock time on it as ISO 8601. */
const tag = (days: number): string => addCalendarDays(berlinDateKey(new Date()), days);
const at = (days: number, hhmm: string): string => berlinInstant(tag(days), hhmm).toISOString();

/**
 * The fleet tenant (German: the cancellation mails are asserted) with two depots and no vehicle (the tests add
 * theirs), the booker Lena Hoffmann (licensed), the fleet manager and the caretaker Jonas, who keeps the vehicles.
 */
const musterstadt = (server: TestServer) =>
  fixtureMandant(server.database, {
    ...FUHRPARK_MANDANT,
    standorte: { ...FUHRPARK_MANDANT.standorte, sued: { name: 'Betriebshof Süd' } },
    rollen: {
      Mitarbeiter: FUHRPARK_ROLLEN.Mitarbeiter,
      Fuhrparkleitung: FUHRPARK_ROLLEN.Fuhrparkleitung,
      Fahrzeugpflege: ['fahrzeug_pflege'],
    },
    benutzer: {
      mitarbeiter: FUHRPARK_LEUTE.mitarbeiter,
      fuhrpark: FUHRPARK_LEUTE.fuhrpark,
      fahrzeugpflege: { vorname: 'Jonas', nachname: 'Schneider', rollen: ['Fahrzeugpflege'] },
    },
  });

/** Another tenant without vehicle booking, and its administrator (all rights). */
const beispielhausen = (server: TestServer) =>
  fixtureMandant(server.database, {
    ...BIBLIOTHEK_MANDANT,
    rollen: BIBLIOTHEK_ROLLEN,
    benutzer: { admin: BIBLIOTHEK_LEUTE.admin },
  });

describe.each(testDrivers())('fleet administration API on %s', (driver) => {
  let server: TestServer;
  let fuhrpark: string;
  let mitarbeiter: string;
  let pflege: string;
  let adminBH: string;
  let standortId: string;
  let zweiterStandortId: string;
  let beispielhausenId: string;
  let plate = 0;

  const asAll = <T>(fn: (tx: Tx) => PromiseLike<T>): Promise<T> =>
    server.database.withAllTenants(async (tx) => fn(tx));

  const eingabe = (over: Partial<TFahrzeugAdminEingabeRoh> = {}): TFahrzeugAdminEingabeRoh => {
    plate += 1;
    return {
      standortId,
      marke: 'Testmarke',
      modell: 'Modell',
      kennzeichen: `MS-T ${driver.slice(0, 2)}${plate}`,
      fuehrerscheinklasse: 'B',
      gueltigVon: tag(-30),
      ...over,
    };
  };

  const anlegen = async (over: Partial<TFahrzeugAdminEingabeRoh> = {}) => {
    const response = await call(server, pflege, 'POST', '/api/admin/fahrzeuge', eingabe(over));
    expect(response.status).toBe(201);
    return (await response.json()) as TFahrzeugAdmin;
  };

  /** The vehicle as the dialog sends it back: its fields as input. */
  const alsEingabe = (f: TFahrzeugAdmin): TFahrzeugAdminEingabeRoh => ({
    standortId: f.standort.id,
    kategorie: f.kategorie,
    marke: f.marke,
    modell: f.modell,
    kennzeichen: f.kennzeichen,
    kraftstoff: f.kraftstoff,
    leistung: f.leistung,
    getriebe: f.getriebe,
    kofferraum: f.kofferraum,
    sitze: f.sitze,
    tueren: f.tueren,
    farbe: f.farbe,
    fuehrerscheinklasse: f.fuehrerscheinklasse as 'B',
    klimaanlage: f.klimaanlage,
    navigation: f.navigation,
    tempomat: f.tempomat,
    sitzheizung: f.sitzheizung,
    gueltigVon: f.gueltigVon,
    gueltigBis: f.gueltigBis,
    buchungszeitraumVon: f.buchungszeitraumVon,
    buchungszeitraumBis: f.buchungszeitraumBis,
    buchungszeitraumWochentage: f.buchungszeitraumWochentage,
    buchungAusserhalbMoeglich: f.buchungAusserhalbMoeglich,
    oeffnungszeiten: f.oeffnungszeiten,
    deaktiviert: f.deaktiviert,
  });

  // each booking of the one booker at its own hour: one person cannot hold two cars at the same time (decision 134)
  let stunde = 0;
  const buchen = async (fahrzeugId: string, days: number) => {
    const h = 9 + (stunde++ % 8);
    const response = await call(server, mitarbeiter, 'POST', '/api/fahrzeug-buchungen', {
      fahrzeugId,
      von: at(days, `${String(h).padStart(2, '0')}:00`),
      bis: at(days, `${String(h + 1).padStart(2, '0')}:00`),
    });
    expect(response.status, await response.clone().text()).toBe(201);
    return (await response.json()) as TFahrzeugBuchung;
  };

  const buchungRow = async (id: string) =>
    (await asAll((tx) => tx.select().from(fahrzeugBuchung).where(eq(fahrzeugBuchung.id, id))))[0]!;

  const stornoMails = async (kennzeichen: string) =>
    asAll((tx) =>
      tx
        .select()
        .from(mailOutbox)
        .where(
          and(
            eq(mailOutbox.to, 'mitarbeiter@musterstadt.example'),
            eq(mailOutbox.subject, `Fahrzeugbuchung storniert: ${kennzeichen}`),
          ),
        ),
    );

  /** Saves `neu` for `f` after the preview, confirming what the preview listed. */
  const speichern = async (f: TFahrzeugAdmin, neu: TFahrzeugAdminEingabeRoh) => {
    const vorschau = await call(server, pflege, 'POST', `/api/admin/fahrzeuge/${f.id}/vorschau`, neu);
    expect(vorschau.status).toBe(200);
    const v = (await vorschau.json()) as TFahrzeugStornoVorschau;
    const response = await call(server, pflege, 'PUT', `/api/admin/fahrzeuge/${f.id}`, {
      fahrzeug: neu,
      alt: { updatedAt: f.updatedAt },
      bestaetigteStornos: v.buchungen.map((b) => b.id),
    });
    expect(response.status, await response.clone().text()).toBe(200);
    return { vorschau: v, gespeichert: (await response.json()) as TFahrzeugAdminGespeichert };
  };

  beforeAll(async () => {
    server = await startTestServer({ driver, seed: false });
    const ms = await musterstadt(server);
    const bh = await beispielhausen(server);
    [fuhrpark, mitarbeiter, pflege, adminBH] = await Promise.all([
      signInAs(server, ms.benutzer.fuhrpark),
      signInAs(server, ms.benutzer.mitarbeiter),
      signInAs(server, ms.benutzer.fahrzeugpflege),
      signInAs(server, bh.benutzer.admin),
    ]);
    standortId = ms.standorte.nord;
    zweiterStandortId = ms.standorte.sued;
    beispielhausenId = bh.id;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('refuses without a session (401), without fahrzeug_pflege (403) before reading the body', async () => {
    const f = await anlegen();
    const requests: [string, string, unknown?][] = [
      ['GET', '/api/admin/fahrzeuge'],
      ['GET', '/api/admin/fahrzeuge/standorte'],
      ['POST', '/api/admin/fahrzeuge', eingabe()],
      ['POST', `/api/admin/fahrzeuge/${f.id}/vorschau`, alsEingabe(f)],
      ['PUT', `/api/admin/fahrzeuge/${f.id}`, { fahrzeug: alsEingabe(f), alt: { updatedAt: f.updatedAt } }],
      ['DELETE', `/api/admin/fahrzeuge/${f.id}`],
      ['DELETE', `/api/admin/fahrzeuge/${f.id}/bild`],
      ['PUT', `/api/admin/fahrzeuge/${f.id}/favorit`, { favorit: true }],
    ];
    for (const [method, path, body] of requests) {
      expect((await call(server, null, method, path, body)).status).toBe(401);
      const forbidden = await call(server, mitarbeiter, method, path, body);
      expect(forbidden.status).toBe(403);
      expect((await errorOf(forbidden)).code).toBe('guard.no_admin');
      if (body !== undefined)
        expect((await call(server, mitarbeiter, method, path, { kaputt: true })).status).toBe(403);
    }
    expect((await call(server, fuhrpark, 'GET', '/api/admin/fahrzeuge')).status).toBe(200);
  });

  it('adds a vehicle with every field and its weekday opening times (names map to 0–6)', async () => {
    const f = await anlegen({
      kategorie: 'Kombi',
      kraftstoff: 'Diesel',
      leistung: 110,
      getriebe: 'Automatik',
      kofferraum: 5,
      sitze: 5,
      tueren: 5,
      farbe: 'Grün',
      fuehrerscheinklasse: 'BE',
      klimaanlage: true,
      navigation: true,
      tempomat: true,
      sitzheizung: true,
      gueltigBis: tag(365),
      buchungszeitraumVon: '07:00',
      buchungszeitraumBis: '19:00',
      buchungszeitraumWochentage: ['montags', 5, 'dienstags'],
      buchungAusserhalbMoeglich: true,
      oeffnungszeiten: [
        { wochentag: 'sonntags', von: '10:00', bis: '12:00', geoeffnet: false },
        { wochentag: 1, von: '06:30', bis: '20:00', geoeffnet: true },
      ],
    });
    expect(f).toMatchObject({
      kategorie: 'Kombi',
      leistung: 110,
      fuehrerscheinklasse: 'BE',
      sitzheizung: true,
      buchungszeitraumWochentage: [1, 2, 5],
      buchungAusserhalbMoeglich: true,
      oeffnungszeiten: [
        { wochentag: 0, von: '10:00', bis: '12:00', geoeffnet: false },
        { wochentag: 1, von: '06:30', bis: '20:00', geoeffnet: true },
      ],
      deaktiviert: false,
      loeschbar: true,
      offeneBuchungen: 0,
    });
    const list = (await (
      await call(server, pflege, 'GET', '/api/admin/fahrzeuge')
    ).json()) as TFahrzeugAdmin[];
    expect(list.map((x) => x.id)).toContain(f.id);
    // the booking side sees it with its window
    const detail = await call(server, fuhrpark, 'GET', `/api/fahrzeuge/${f.id}`);
    expect(detail.status).toBe(200);

    const dup = await call(server, pflege, 'POST', '/api/admin/fahrzeuge', {
      ...eingabe(),
      kennzeichen: f.kennzeichen.toLowerCase(),
    });
    expect(dup.status).toBe(409);
    expect((await errorOf(dup)).code).toBe('fahrzeug.kennzeichen_vergeben');
    const zeit = await call(
      server,
      pflege,
      'POST',
      '/api/admin/fahrzeuge',
      eingabe({ buchungszeitraumVon: '7 Uhr', buchungszeitraumBis: '19:00' }),
    );
    expect(zeit.status).toBe(400);
    expect((await errorOf(zeit)).message).toBe(
      "Zeit zum setzen ist kein valider String. '7 Uhr' ist keine Uhrzeit im Format HH:mm (00:00 bis 23:59).",
    );
    const doppelt = await call(
      server,
      pflege,
      'POST',
      '/api/admin/fahrzeuge',
      eingabe({
        oeffnungszeiten: [
          { wochentag: 'montags', von: '08:00', bis: '12:00', geoeffnet: true },
          { wochentag: 1, von: '08:00', bis: '12:00', geoeffnet: true },
        ],
      }),
    );
    expect((await errorOf(doppelt)).code).toBe('oeffnungszeit.wochentage_unvollstaendig');
    const unbekannt = await call(
      server,
      pflege,
      'POST',
      '/api/admin/fahrzeuge',
      eingabe({ standortId: '00000000-0000-4000-8000-000000000000' }),
    );
    expect(unbekannt.status).toBe(404);
    expect((await errorOf(unbekannt)).code).toBe('fahrzeug.standort_unbekannt');
    const name = await call(
      server,
      pflege,
      'POST',
      '/api/admin/fahrzeuge',
      eingabe({ buchungszeitraumWochentage: ['feiertags' as 'montags'] }),
    );
    expect(name.status).toBe(400);
  });

  it("answers another tenant's vehicle ids with 404", async () => {
    const f = await anlegen();
    const [fb] = await asAll((tx) =>
      tx.select({ id: feature.id }).from(feature).where(eq(feature.name, 'FahrzeugBuchung')),
    );
    const schalten = (aktiv: boolean) =>
      asAll((tx) =>
        tx
          .update(mandantFeature)
          .set({ aktiv })
          .where(and(eq(mandantFeature.mandantId, beispielhausenId), eq(mandantFeature.featureId, fb!.id))),
      );
    // without the tenant's vehicle booking the screen is not there
    expect((await call(server, adminBH, 'GET', '/api/admin/fahrzeuge')).status).toBe(404);
    await schalten(true);
    try {
      const own = (await (
        await call(server, adminBH, 'GET', '/api/admin/fahrzeuge')
      ).json()) as TFahrzeugAdmin[];
      expect(own).toEqual([]);
      const requests: [string, string, unknown?][] = [
        ['POST', `/api/admin/fahrzeuge/${f.id}/vorschau`, alsEingabe(f)],
        ['PUT', `/api/admin/fahrzeuge/${f.id}`, { fahrzeug: alsEingabe(f), alt: { updatedAt: f.updatedAt } }],
        ['DELETE', `/api/admin/fahrzeuge/${f.id}`],
        ['DELETE', `/api/admin/fahrzeuge/${f.id}/bild`],
        ['PUT', `/api/admin/fahrzeuge/${f.id}/favorit`, { favorit: true }],
      ];
      for (const [method, path, body] of requests) {
        const response = await call(server, adminBH, method, path, body);
        expect(response.status, `${method} ${path}`).toBe(404);
      }
      expect((await upload(server, adminBH, `/api/admin/fahrzeuge/${f.id}/bild`, PNG, 'a.png')).status).toBe(
        404,
      );
      // and a location of the other tenant is unknown here
      const fremd = await call(server, adminBH, 'POST', '/api/admin/fahrzeuge', eingabe());
      expect((await errorOf(fremd)).code).toBe('fahrzeug.standort_unbekannt');
    } finally {
      await schalten(false);
    }
    const still = (await (
      await call(server, pflege, 'GET', '/api/admin/fahrzeuge')
    ).json()) as TFahrzeugAdmin[];
    expect(still.find((x) => x.id === f.id)?.kennzeichen).toBe(f.kennzeichen);
  });

  it("marks a favourite of the tenant: first in every user's list beside their own, audited, unchanged not saved", async () => {
    const a = await anlegen();
    const b = await anlegen();
    const favorit = (cookie: string, id: string, wert: unknown) =>
      call(server, cookie, 'PUT', `/api/admin/fahrzeuge/${id}/favorit`, { favorit: wert });
    // the user's own favourite stays theirs
    expect(
      (
        await call(server, mitarbeiter, 'PUT', '/api/customizing/benutzer/FahrzeugLieblingsFahrzeuge', {
          value: [a.id],
        })
      ).status,
    ).toBe(200);

    const gesetzt = await favorit(pflege, b.id, true);
    expect(gesetzt.status, await gesetzt.clone().text()).toBe(200);
    expect(((await gesetzt.json()) as TFahrzeugAdmin).favorit).toBe(true);
    expect((await favorit(pflege, b.id, true)).status).toBe(200); // unchanged: not saved again
    const admin = (await (
      await call(server, pflege, 'GET', '/api/admin/fahrzeuge')
    ).json()) as TFahrzeugAdmin[];
    expect(admin.find((x) => x.id === b.id)?.favorit).toBe(true);
    expect(admin.find((x) => x.id === a.id)?.favorit).toBe(false);

    const reihenfolge = async (cookie: string) =>
      (await (await call(server, cookie, 'GET', '/api/fahrzeuge')).json()) as {
        id: string;
        favorit: boolean;
      }[];
    const fuerMitarbeiter = await reihenfolge(mitarbeiter);
    const ersteZwei = fuerMitarbeiter.slice(0, 2);
    expect(ersteZwei.map((x) => x.id).sort()).toEqual([a.id, b.id].sort());
    expect(ersteZwei.every((x) => x.favorit)).toBe(true);
    expect(fuerMitarbeiter.slice(2).some((x) => x.id === a.id || x.id === b.id)).toBe(false);
    // another user sees the tenant's favourite first, not the colleague's own
    const fuerFuhrpark = await reihenfolge(fuhrpark);
    expect(fuerFuhrpark[0]).toMatchObject({ id: b.id, favorit: true });
    expect(fuerFuhrpark.find((x) => x.id === a.id)?.favorit).toBe(false);
    // the tenant's list is kept apart from the users' own lists
    const eigene = (await (await call(server, mitarbeiter, 'GET', '/api/customizing/benutzer')).json()) as {
      optionen: { name: string; value: unknown }[];
    };
    expect(eigene.optionen.find((o) => o.name === 'FahrzeugLieblingsFahrzeuge')?.value).toEqual([a.id]);

    const entfernt = await favorit(pflege, b.id, false);
    expect(((await entfernt.json()) as TFahrzeugAdmin).favorit).toBe(false);
    expect((await reihenfolge(fuhrpark)).find((x) => x.id === b.id)?.favorit).toBe(false);

    const audit = await asAll((tx) =>
      tx
        .select()
        .from(auditLog)
        .where(
          and(eq(auditLog.entity, 'fahrzeug'), eq(auditLog.entityId, b.id), eq(auditLog.action, 'update')),
        ),
    );
    expect(audit.map((r) => [r.oldValue, r.newValue])).toEqual([
      [{ favorit: false }, { favorit: true }],
      [{ favorit: true }, { favorit: false }],
    ]);

    expect((await favorit(pflege, b.id, 'ja')).status).toBe(400);
    expect((await favorit(pflege, '00000000-0000-4000-8000-000000000000', true)).status).toBe(404);
    expect((await favorit(mitarbeiter, b.id, true)).status).toBe(403);
    await call(server, mitarbeiter, 'PUT', '/api/customizing/benutzer/FahrzeugLieblingsFahrzeuge', {
      value: null,
    });
  });

  it("reads the list's settings once per cached session, and a change made through the API at the next list (decision 090)", async () => {
    const [a, b, c] = [await anlegen(), await anlegen(), await anlegen()];
    const mitarbeiterId = (
      (await (await call(server, mitarbeiter, 'GET', '/api/me')).json()) as { user: { id: string } }
    ).user.id;
    const eigene = (value: string[] | null) =>
      call(server, mitarbeiter, 'PUT', '/api/customizing/benutzer/FahrzeugLieblingsFahrzeuge', { value });
    const favoriten = async () =>
      ((await (await call(server, mitarbeiter, 'GET', '/api/fahrzeuge')).json()) as TFahrzeug[])
        .filter((f) => f.favorit)
        .map((f) => f.id);
    expect((await eigene([a.id])).status).toBe(200);
    expect(await favoriten()).toEqual([a.id]);
    // a marker no session can know of: the stored value changed in the database, with no event
    await asAll((tx) =>
      tx
        .update(customizing)
        .set({ wert: JSON.stringify([b.id]) })
        .where(
          and(
            eq(customizing.customizingOptionName, 'FahrzeugLieblingsFahrzeuge'),
            eq(customizing.benutzerId, mitarbeiterId),
          ),
        ),
    );
    expect(await favoriten()).toEqual([a.id]);
    // a change through the API drops the session's memo: the next list reads again
    expect((await eigene([c.id])).status).toBe(200);
    expect(await favoriten()).toEqual([c.id]);
    await eigene(null);
  });

  it('refuses an update without the old vehicle data, with stale data, or with unconfirmed cancellations', async () => {
    const f = await anlegen();
    const b = await buchen(f.id, 3);
    const neu = { ...alsEingabe(f), gueltigBis: tag(1) };
    const ohne = await call(server, pflege, 'PUT', `/api/admin/fahrzeuge/${f.id}`, { fahrzeug: neu });
    expect(ohne.status).toBe(400);
    expect((await errorOf(ohne)).message).toBe(
      'Update des Fahrzeugs ohne alte Fahrzeugdaten nicht möglich, da Validierung nicht durchgeführt werden kann!',
    );
    const alt = await call(server, pflege, 'PUT', `/api/admin/fahrzeuge/${f.id}`, {
      fahrzeug: neu,
      alt: { updatedAt: '2020-01-01T00:00:00.000Z' },
      bestaetigteStornos: [b.id],
    });
    expect(alt.status).toBe(409);
    expect((await errorOf(alt)).code).toBe('fahrzeug.veraltet');
    const unbestaetigt = await call(server, pflege, 'PUT', `/api/admin/fahrzeuge/${f.id}`, {
      fahrzeug: neu,
      alt: { updatedAt: f.updatedAt },
    });
    expect(unbestaetigt.status).toBe(409);
    expect((await errorOf(unbestaetigt)).code).toBe('fahrzeug.stornierung_bestaetigen');
    expect((await buchungRow(b.id)).status).toBe('reserviert');
  });

  it('cancels the bookings outside the new validity with the spec reason and mails the booker', async () => {
    const f = await anlegen();
    const drinnen = await buchen(f.id, 2);
    const draussen = await buchen(f.id, 4);
    const { vorschau, gespeichert } = await speichern(f, { ...alsEingabe(f), gueltigBis: tag(3) });
    expect(vorschau.grund).toBe('Storno da Fahrzeug zum Buchungszeitpunkt nicht mehr buchbar ist.');
    expect(vorschau.buchungen.map((x) => x.id)).toEqual([draussen.id]);
    expect(vorschau.buchungen[0]!.buchender).toBe('Lena Hoffmann');
    expect(gespeichert.storniert).toBe(1);
    expect(gespeichert.fahrzeug.gueltigBis).toBe(tag(3));
    expect(await buchungRow(draussen.id)).toMatchObject({
      status: 'storniert',
      informationstext: 'Storno da Fahrzeug zum Buchungszeitpunkt nicht mehr buchbar ist.',
    });
    expect((await buchungRow(drinnen.id)).status).toBe('reserviert');
    const mails = await stornoMails(f.kennzeichen);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(
      'Grund: Storno da Fahrzeug zum Buchungszeitpunkt nicht mehr buchbar ist.',
    );
  });

  it('cancels every open booking on a location change with the spec reason', async () => {
    const f = await anlegen();
    const b = await buchen(f.id, 2);
    const { vorschau, gespeichert } = await speichern(f, { ...alsEingabe(f), standortId: zweiterStandortId });
    expect(vorschau.grund).toBe('Storno wegen Standortänderung am Fahrzeug');
    expect(gespeichert.fahrzeug.standort.id).toBe(zweiterStandortId);
    expect(await buchungRow(b.id)).toMatchObject({
      status: 'storniert',
      informationstext: 'Storno wegen Standortänderung am Fahrzeug',
    });
    const mails = await stornoMails(f.kennzeichen);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Grund: Storno wegen Standortänderung am Fahrzeug');
  });

  it('deactivating cancels the bookings, records the deactivation and keeps the vehicle (no hard delete)', async () => {
    const f = await anlegen();
    const b = await buchen(f.id, 2);
    const { vorschau, gespeichert } = await speichern(f, { ...alsEingabe(f), deaktiviert: true });
    expect(vorschau.grund).toBe('Storno, weil Fahrzeug deaktiviert wurde.');
    expect(gespeichert.fahrzeug).toMatchObject({ deaktiviert: true, offeneBuchungen: 0, loeschbar: false });
    expect(await buchungRow(b.id)).toMatchObject({
      status: 'storniert',
      informationstext: 'Storno, weil Fahrzeug deaktiviert wurde.',
    });
    const mails = await stornoMails(f.kennzeichen);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Grund: Storno, weil Fahrzeug deaktiviert wurde.');
    const historie = await asAll((tx) =>
      tx.select().from(fahrzeugHistorie).where(eq(fahrzeugHistorie.fahrzeugId, f.id)),
    );
    // ERSTELLUNG when it was created, DEAKTIVIERUNG now (spec §3)
    expect(historie.map((h) => h.typ).sort()).toEqual(['DEAKTIVIERUNG', 'ERSTELLUNG']);
    // deactivated vehicles are no longer offered for booking
    const liste = (await (await call(server, mitarbeiter, 'GET', '/api/fahrzeuge')).json()) as {
      id: string;
    }[];
    expect(liste.map((x) => x.id)).not.toContain(f.id);

    const loeschen = await call(server, pflege, 'DELETE', `/api/admin/fahrzeuge/${f.id}`);
    expect(loeschen.status).toBe(409);
    expect((await errorOf(loeschen)).code).toBe('fahrzeug.in_verwendung');
  });

  it('saving the simple window without weekday rows keeps the stored rows; an empty list removes them', async () => {
    const zeilen = [1, 2, 3, 4, 5, 6, 0].map((wochentag) => ({
      wochentag,
      von: '07:00',
      bis: '19:00',
      geoeffnet: wochentag >= 1 && wochentag <= 5,
    }));
    const f = await anlegen({ oeffnungszeiten: zeilen });
    expect(f.oeffnungszeiten).toHaveLength(7);
    // the set's validity is answered: it starts with the vehicle's, its end stays open
    expect(f).toMatchObject({ oeffnungszeitenGueltigVon: tag(-30), oeffnungszeitenGueltigBis: null });
    const { oeffnungszeiten: _weg, ...einfach } = alsEingabe(f);
    const { gespeichert } = await speichern(f, {
      ...einfach,
      buchungszeitraumVon: '08:00',
      buchungszeitraumBis: '17:00',
    });
    expect(gespeichert.fahrzeug.buchungszeitraumVon).toBe('08:00');
    expect(gespeichert.fahrzeug.oeffnungszeiten).toEqual(zeilen.sort((a, b) => a.wochentag - b.wochentag));
    expect(gespeichert.fahrzeug.oeffnungszeitenGueltigVon).toBe(tag(-30));
    const gelesen = (
      (await (await call(server, pflege, 'GET', '/api/admin/fahrzeuge')).json()) as TFahrzeugAdmin[]
    ).find((x) => x.id === f.id);
    expect(gelesen?.oeffnungszeiten).toHaveLength(7);
    expect(gelesen?.oeffnungszeitenGueltigVon).toBe(tag(-30));
    const { gespeichert: ohne } = await speichern(gespeichert.fahrzeug, {
      ...alsEingabe(gespeichert.fahrzeug),
      oeffnungszeiten: [],
    });
    expect(ohne.fahrzeug.oeffnungszeiten).toEqual([]);
    expect(ohne.fahrzeug).toMatchObject({ oeffnungszeitenGueltigVon: null, oeffnungszeitenGueltigBis: null });
  });

  it('deletes only a vehicle that was never booked', async () => {
    const benutzt = await anlegen();
    const b = await buchen(benutzt.id, 2);
    await call(server, mitarbeiter, 'POST', `/api/fahrzeug-buchungen/${b.id}/storno`);
    const refused = await call(server, pflege, 'DELETE', `/api/admin/fahrzeuge/${benutzt.id}`);
    expect(refused.status).toBe(409);
    const frei = await anlegen({
      oeffnungszeiten: [{ wochentag: 2, von: '08:00', bis: '16:00', geoeffnet: true }],
    });
    expect(
      (await upload(server, pflege, `/api/admin/fahrzeuge/${frei.id}/bild`, PNG, 'auto.png')).status,
    ).toBe(201);
    expect((await call(server, pflege, 'DELETE', `/api/admin/fahrzeuge/${frei.id}`)).status).toBe(204);
    expect((await call(server, pflege, 'DELETE', `/api/admin/fahrzeuge/${frei.id}`)).status).toBe(404);
  });

  it('stores, replaces and removes the photo, checked by content', async () => {
    const f = await anlegen();
    const refused = await upload(
      server,
      pflege,
      `/api/admin/fahrzeuge/${f.id}/bild`,
      Buffer.from('kein Bild'),
      'a.png',
    );
    expect(refused.status).toBe(415);
    expect((await errorOf(refused)).message).toMatch(/^Fehler beim Hochladen der Datei: /);
    const first = (await (
      await upload(server, pflege, `/api/admin/fahrzeuge/${f.id}/bild`, PNG, 'a.png')
    ).json()) as TFahrzeugAdmin;
    expect(first.bildUrl).toMatch(/^\/api\/dateien\//);
    const second = (await (
      await upload(server, pflege, `/api/admin/fahrzeuge/${f.id}/bild`, PNG, 'b.png')
    ).json()) as TFahrzeugAdmin;
    expect(second.bildUrl).not.toBe(first.bildUrl);
    // the replaced photo is gone, the new one is served
    expect((await call(server, mitarbeiter, 'GET', first.bildUrl!)).status).toBe(404);
    const served = await call(server, mitarbeiter, 'GET', second.bildUrl!);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    const removed = await call(server, pflege, 'DELETE', `/api/admin/fahrzeuge/${f.id}/bild`);
    expect(removed.status).toBe(200);
    expect(((await removed.json()) as TFahrzeugAdmin).bildUrl).toBeNull();
    expect((await call(server, pflege, 'DELETE', `/api/admin/fahrzeuge/${f.id}/bild`)).status).toBe(404);
  });
});
