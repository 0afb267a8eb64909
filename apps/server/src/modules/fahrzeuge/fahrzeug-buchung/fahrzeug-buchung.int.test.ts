import { PERMISSION_NAMES, type PermissionName } from '@stellwerk/domain/permissions';
import type {
  TFahrzeug,
  TFahrzeugBuchung,
  TFahrzeugDetail,
} from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/api';
import { addCalendarDays, berlinDateKey, berlinInstant } from '@stellwerk/domain/time';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, errorOf } from '../../../../test/api-call.ts';
import { signInAs } from '../../../../test/fixtures/anmelden.ts';
import { fixtureMandant } from '../../../../test/fixtures/mandant.ts';
import { startTestServer, type TestServer, testDrivers } from '../../../../test/harness.ts';
import type { Tx } from '../../../db/client.ts';
import { benutzer } from '../../identitaet/benutzer/benutzer.public.ts';
import { mailOutbox } from '../../plattform/mail/mail.public.ts';
import { customizing, feature, mandantFeature } from '../../verwaltung/customizing/customizing.public.ts';
import { fahrzeug } from '../fahrzeug/fahrzeug.public.ts';
import { fuehrerschein } from '../fuehrerschein/fuehrerschein.public.ts';
import { sonderfreigabe } from '../sonderfreigabe/sonderfreigabe.public.ts';
import { fahrzeugBuchung } from './fahrzeug-buchung.table.ts';

/** A Berlin wall-clock time `days` days from today, as ISO 8601 with its offset. */
const at = (days: number, hhmm: string): string =>
  berlinInstant(addCalendarDays(berlinDateKey(new Date()), days), hhmm).toISOString();

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * The fleet of four at one location (the transporter may be booked outside the booking times), and eight people
 * who book through the group "Alle Mitarbeitenden", each with a current licence and a role of their own; besides
 * them a driver whose licence check lapsed (never offered as a driver) and the platform administrator (no role).
 */
const musterstadt = (server: TestServer) => {
  const person = (vorname: string, nachname: string, rolle: MusterstadtRolle) => ({
    vorname,
    nachname,
    rollen: [rolle],
    gruppen: ['Alle Mitarbeitenden' as const],
    fuehrerschein: true as const,
  });
  const wagen = (kennzeichen: string, marke: string, modell: string) => ({
    standort: 'nord' as const,
    kennzeichen,
    marke,
    modell,
  });
  return fixtureMandant(server.database, {
    name: 'Stadtwerke Musterstadt',
    domain: 'musterstadt.example',
    standorte: { nord: { name: 'Betriebshof Nord', bundesland: 'NW' } },
    rollen: MUSTERSTADT_ROLLEN,
    gruppen: { 'Alle Mitarbeitenden': { rollen: ['Mitarbeiter'] } },
    benutzer: {
      mitarbeiter: person('Lena', 'Hoffmann', 'Mitarbeiter'),
      fuhrpark: person('Thomas', 'Becker', 'Fuhrparkleitung'),
      freigabe: person('Sabine', 'Krüger', 'Freigabe'),
      fuehrerschein: person('Markus', 'Weber', 'Führerscheinprüfung'),
      fahrzeugpflege: person('Jonas', 'Schneider', 'Fahrzeugpflege'),
      admin: person('Claudia', 'Wagner', 'Administration'),
      zweifaktor: person('Zoe', 'Zweig', 'Mitarbeiter'),
      passwort: person('Paul', 'Wortmann', 'Mitarbeiter'),
      fahrer: {
        vorname: 'Uwe',
        nachname: 'Krause',
        gruppen: ['Alle Mitarbeitenden'],
        fuehrerschein: { letztePruefung: addCalendarDays(berlinDateKey(new Date()), -220) },
      },
      plattform: { vorname: 'Petra', nachname: 'Brandt', plattformAdmin: true },
    },
    fahrzeuge: {
      'MS-SW 101': wagen('MS-SW 101', 'Volkswagen', 'ID.3 Pro'),
      'MS-SW 102': wagen('MS-SW 102', 'Škoda', 'Octavia Combi 2.0 TDI'),
      'MS-SW 103': {
        ...wagen('MS-SW 103', 'Volkswagen', 'Transporter T6.1 Kombi'),
        spalten: { buchungAusserhalbMoeglich: true },
      },
      'MS-SW 104': wagen('MS-SW 104', 'Opel', 'Corsa Electric'),
    },
  });
};
const MUSTERSTADT_ROLLEN = {
  Mitarbeiter: ['fahrzeug_buchen'],
  Fuhrparkleitung: ['fahrzeug_pflege', 'fahrzeug_fremdbuchung', 'fahrzeug_buchen'],
  Freigabe: ['fahrzeug_freigabe_von_sonderfahrten', 'fahrzeug_buchen'],
  Führerscheinprüfung: ['fahrzeug_fuehrerscheinpruefung'],
  Fahrzeugpflege: ['fahrzeug_pflege'],
  Administration: PERMISSION_NAMES,
} as const satisfies Record<string, readonly PermissionName[]>;
type MusterstadtRolle = keyof typeof MUSTERSTADT_ROLLEN;

/** A tenant without vehicle booking: its room keeper (no vehicle right) and its administrator (every right). */
const beispielhausen = (server: TestServer) =>
  fixtureMandant(server.database, {
    name: 'Bibliothek Beispielhausen',
    domain: 'beispielhausen.example',
    features: { FahrzeugBuchung: false },
    rollen: {
      Raumpflege: ['objekt_pflege', 'ausstattungs_pflege', 'auslastung_sehen'],
      Administration: PERMISSION_NAMES,
    },
    benutzer: {
      fuhrpark: { vorname: 'Michael', nachname: 'Fischer', rollen: ['Raumpflege'] },
      admin: { vorname: 'Andreas', nachname: 'Schwarz', rollen: ['Administration'] },
    },
  });

describe.each(testDrivers())('vehicle booking API on %s', (driver) => {
  let server: TestServer;
  let mitarbeiter: string;
  let fuhrpark: string;
  let freigabe: string;
  let pruefer: string;
  let adminBH: string;
  const ids = new Map<string, string>();
  const autos = new Map<string, string>();
  let plattform: string;
  let musterstadtId: string;
  let beispielhausenId: string;

  /** Test setup and checks across tenants go through the explicit bypass (decision 029). */
  const asAll = <T>(fn: (tx: Tx) => PromiseLike<T>): Promise<T> =>
    server.database.withAllTenants(async (tx) => fn(tx));

  const outboxTo = async (email: string) =>
    asAll((tx) => tx.select().from(mailOutbox).where(eq(mailOutbox.to, email)));

  const book = (cookie: string | null, body: Record<string, unknown>) =>
    call(server, cookie, 'POST', '/api/fahrzeug-buchungen', body);

  beforeAll(async () => {
    server = await startTestServer({ driver, seed: false });
    const ms = await musterstadt(server);
    const bh = await beispielhausen(server);
    [mitarbeiter, fuhrpark, freigabe, pruefer, adminBH, plattform] = await Promise.all([
      signInAs(server, ms.benutzer.mitarbeiter),
      signInAs(server, ms.benutzer.fuhrpark),
      signInAs(server, ms.benutzer.freigabe),
      signInAs(server, bh.benutzer.fuhrpark),
      signInAs(server, bh.benutzer.admin),
      signInAs(server, ms.benutzer.plattform),
    ]);
    musterstadtId = ms.id;
    beispielhausenId = bh.id;
    for (const [login, u] of Object.entries(ms.benutzer)) ids.set(login, u.id);
    for (const [kennzeichen, id] of Object.entries(ms.fahrzeuge)) autos.set(kennzeichen, id);
    // the photo of the favourite car, uploaded as the fleet administration does
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(PNG)]), 'octavia.png');
    const bild = await fetch(`${server.baseUrl}/api/admin/fahrzeuge/${autos.get('MS-SW 102')}/bild`, {
      method: 'POST',
      headers: { origin: server.baseUrl, cookie: fuhrpark },
      body: form,
    });
    expect(bild.status).toBeLessThan(300);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('refuses without a session (401), without a vehicle right (403) and without the tenant feature (404)', async () => {
    const vehicle = autos.get('MS-SW 101')!;
    const requests: [string, string, unknown?][] = [
      ['GET', '/api/fahrzeuge'],
      ['GET', `/api/fahrzeuge/${vehicle}`],
      ['GET', '/api/fahrzeug-buchungen?eigene=true'],
      ['GET', '/api/fahrzeug-buchungen/fahrer'],
      ['GET', '/api/fahrzeug-buchungen/freigeber'],
      ['POST', '/api/fahrzeug-buchungen', { fahrzeugId: vehicle, von: at(2, '09:00'), bis: at(2, '10:00') }],
    ];
    for (const [method, path, body] of requests) {
      expect((await call(server, null, method, path, body)).status).toBe(401);
      const forbidden = await call(server, pruefer, method, path, body);
      expect(forbidden.status).toBe(403);
      expect((await errorOf(forbidden)).code).toBe('auth.forbidden');
      // every Musterstadt sign-in books (group "Alle Mitarbeitenden"); Beispielhausen's room keeper holds no
      // vehicle right. Beispielhausen's administrator holds every right, but the tenant has no vehicle booking
      const off = await call(server, adminBH, method, path, body);
      expect(off.status).toBe(404);
    }
    // the guard answers before the body is read: 401, then 403, before 400
    const bad = { fahrzeugId: 'kein-auto', von: 'morgen' };
    expect((await book(null, bad)).status).toBe(401);
    expect((await book(pruefer, bad)).status).toBe(403);
    expect((await book(mitarbeiter, bad)).status).toBe(400);
    const fern = await book(mitarbeiter, {
      fahrzeugId: vehicle,
      von: '9999-12-31T09:00:00+01:00',
      bis: '9999-12-31T10:00:00+01:00',
    });
    expect(fern.status).toBe(400);
  });

  it("answers another tenant's vehicle and booking ids with 404", async () => {
    const created = await book(fuhrpark, {
      fahrzeugId: autos.get('MS-SW 104')!,
      von: at(5, '09:00'),
      bis: at(5, '10:00'),
    });
    expect(created.status).toBe(201);
    const buchung = (await created.json()) as TFahrzeugBuchung;
    const bh = { id: beispielhausenId };
    const [fb] = await asAll((tx) =>
      tx.select({ id: feature.id }).from(feature).where(eq(feature.name, 'FahrzeugBuchung')),
    );
    await asAll((tx) =>
      tx
        .update(mandantFeature)
        .set({ aktiv: true })
        .where(and(eq(mandantFeature.mandantId, bh!.id), eq(mandantFeature.featureId, fb!.id))),
    );
    try {
      expect((await call(server, adminBH, 'GET', `/api/fahrzeuge/${autos.get('MS-SW 104')}`)).status).toBe(
        404,
      );
      expect(
        (
          await book(adminBH, {
            fahrzeugId: autos.get('MS-SW 104')!,
            von: at(6, '09:00'),
            bis: at(6, '10:00'),
          })
        ).status,
      ).toBe(404);
      expect(
        (await call(server, adminBH, 'POST', `/api/fahrzeug-buchungen/${buchung.id}/storno`)).status,
      ).toBe(404);
      expect(
        (
          await call(server, adminBH, 'PUT', `/api/fahrzeug-buchungen/${buchung.id}`, {
            fahrzeugId: autos.get('MS-SW 104')!,
            von: at(6, '09:00'),
            bis: at(6, '10:00'),
          })
        ).status,
      ).toBe(404);
      const list = await call(server, adminBH, 'GET', '/api/fahrzeuge');
      expect(list.status).toBe(200);
      expect(await list.json()).toEqual([]);
    } finally {
      await asAll((tx) =>
        tx
          .update(mandantFeature)
          .set({ aktiv: false })
          .where(and(eq(mandantFeature.mandantId, bh!.id), eq(mandantFeature.featureId, fb!.id))),
      );
    }
  });

  it('lists the active vehicles with photo and key data, favourites first, free ones for a period', async () => {
    await asAll((tx) =>
      tx.insert(customizing).values({
        mandantId: musterstadtId,
        customizingOptionName: 'FahrzeugLieblingsFahrzeuge',
        wert: JSON.stringify([autos.get('MS-SW 102')]),
      }),
    );
    const response = await call(server, mitarbeiter, 'GET', '/api/fahrzeuge');
    expect(response.status).toBe(200);
    const list = (await response.json()) as TFahrzeug[];
    expect(list).toHaveLength(4);
    expect(list[0]).toMatchObject({ kennzeichen: 'MS-SW 102', favorit: true, frei: null });
    expect(list.slice(1).every((f) => !f.favorit)).toBe(true);
    expect(list[0]!.bildUrl).toMatch(/^\/api\/dateien\/[0-9a-f-]{36}$/);
    expect(list[0]!.standort.name).toBe('Betriebshof Nord');
    const photo = await call(server, mitarbeiter, 'GET', list[0]!.bildUrl!);
    expect(photo.status).toBe(200);

    const periode = `von=${encodeURIComponent(at(3, '09:00'))}&bis=${encodeURIComponent(at(3, '12:00'))}`;
    const frei = (await (
      await call(server, mitarbeiter, 'GET', `/api/fahrzeuge?${periode}`)
    ).json()) as TFahrzeug[];
    expect(frei.every((f) => f.frei === true && f.grund === null)).toBe(true);
    const bad = await call(
      server,
      mitarbeiter,
      'GET',
      `/api/fahrzeuge?von=${encodeURIComponent(at(3, '09:00'))}`,
    );
    expect(bad.status).toBe(400);
  });

  it('books a free car (201 with abilities, confirmation mail), then the slot is taken: nurFrei leaves it out, a clash answers 409', async () => {
    const fahrzeugId = autos.get('MS-SW 101')!;
    const response = await book(mitarbeiter, {
      fahrzeugId,
      von: at(3, '09:00'),
      bis: at(3, '12:00'),
      anlass: 'Baustellenbesuch',
      zielAdresse: 'Hauptstraße 1, Musterstadt',
      mitfahrer: [{ name: 'Jan Berg' }, { name: 'Eva Lang' }],
    });
    expect(response.status).toBe(201);
    const buchung = (await response.json()) as TFahrzeugBuchung;
    expect(buchung).toMatchObject({
      status: 'reserviert',
      typ: 'BUCHUNG',
      fahrzeug: { id: fahrzeugId, kennzeichen: 'MS-SW 101' },
      buchender: { id: ids.get('mitarbeiter'), name: 'Lena Hoffmann' },
      fahrer: null,
      anlass: 'Baustellenbesuch',
      mitfahrer: [
        { nummer: 1, name: 'Jan Berg' },
        { nummer: 2, name: 'Eva Lang' },
      ],
      freigeber: [],
      aktionen: { kannAendern: true, kannStornieren: true, kannFreigeben: false, wartetAufFreigabe: false },
    });
    expect(new Date(buchung.von).toISOString()).toBe(at(3, '09:00'));
    const mails = await outboxTo('mitarbeiter@musterstadt.example');
    expect(mails.some((m) => m.subject === 'Fahrzeug gebucht: MS-SW 101')).toBe(true);

    const periode = `von=${encodeURIComponent(at(3, '10:00'))}&bis=${encodeURIComponent(at(3, '11:00'))}`;
    const alle = (await (
      await call(server, freigabe, 'GET', `/api/fahrzeuge?${periode}`)
    ).json()) as TFahrzeug[];
    expect(alle.find((f) => f.id === fahrzeugId)).toMatchObject({
      frei: false,
      grund: 'fahrzeug_buchung.ueberschneidung',
    });
    const nurFrei = (await (
      await call(server, freigabe, 'GET', `/api/fahrzeuge?${periode}&nurFrei=true`)
    ).json()) as TFahrzeug[];
    expect(nurFrei.map((f) => f.kennzeichen).sort()).toEqual(['MS-SW 102', 'MS-SW 103', 'MS-SW 104']);

    const detail = await call(server, freigabe, 'GET', `/api/fahrzeuge/${fahrzeugId}`);
    expect(detail.status).toBe(200);
    const d = (await detail.json()) as TFahrzeugDetail;
    expect(d.termine).toContainEqual(expect.objectContaining({ id: buchung.id, eigene: false }));
    expect(d.buchungsfenster).toHaveLength(7);

    const clash = await book(freigabe, { fahrzeugId, von: at(3, '11:00'), bis: at(3, '13:00') });
    expect(clash.status).toBe(409);
    expect(await errorOf(clash)).toMatchObject({
      code: 'fahrzeug_buchung.ueberschneidung',
      message: 'Das Fahrzeug ist im gewählten Zeitraum bereits gebucht.',
    });

    const eigene = (await (
      await call(server, mitarbeiter, 'GET', '/api/fahrzeug-buchungen?eigene=true')
    ).json()) as TFahrzeugBuchung[];
    expect(eigene.map((b) => b.id)).toContain(buchung.id);
    const fremde = (await (
      await call(server, freigabe, 'GET', '/api/fahrzeug-buchungen?eigene=true')
    ).json()) as TFahrzeugBuchung[];
    expect(fremde.map((b) => b.id)).not.toContain(buchung.id);
  });

  it('answers a refusing rule with 422 and the catalogue message', async () => {
    const fahrzeugId = autos.get('MS-SW 102')!;
    const takt = await book(mitarbeiter, { fahrzeugId, von: at(4, '09:10'), bis: at(4, '10:00') });
    expect(takt.status).toBe(422);
    expect(await errorOf(takt)).toMatchObject({
      code: 'fahrzeug_buchung.takt',
      message: 'Beginn und Ende müssen im 15-Minuten-Takt liegen.',
    });
    const fenster = await book(mitarbeiter, { fahrzeugId, von: at(4, '07:00'), bis: at(4, '10:00') });
    expect(fenster.status).toBe(422);
    expect(await errorOf(fenster)).toMatchObject({
      code: 'fahrzeug_buchung.ausserhalb_buchungszeitraum',
      message: 'Die Buchung liegt außerhalb der Buchungszeiten des Fahrzeugs (09:00 bis 18:00).',
    });
    // the list names the same reason with its parameters, so the page shows the catalogue's text
    const frueh = `von=${encodeURIComponent(at(4, '07:00'))}&bis=${encodeURIComponent(at(4, '10:00'))}`;
    const liste = (await (
      await call(server, mitarbeiter, 'GET', `/api/fahrzeuge?${frueh}`)
    ).json()) as TFahrzeug[];
    expect(liste.find((f) => f.id === fahrzeugId)).toMatchObject({
      frei: false,
      grund: 'fahrzeug_buchung.ausserhalb_buchungszeitraum',
      grundParams: { von: '09:00', bis: '18:00' },
    });
    const vergangen = await book(mitarbeiter, { fahrzeugId, von: at(-1, '09:00'), bis: at(-1, '10:00') });
    expect(vergangen.status).toBe(422);
    expect((await errorOf(vergangen)).code).toBe('fahrzeug_buchung.in_vergangenheit');
    const weit = await book(mitarbeiter, { fahrzeugId, von: at(60, '09:00'), bis: at(60, '10:00') });
    expect(weit.status).toBe(422);
    expect((await errorOf(weit)).code).toBe('fahrzeug_buchung.zu_weit_im_voraus');
    const unknown = await book(mitarbeiter, {
      fahrzeugId: '00000000-0000-4000-8000-000000000000',
      von: at(4, '09:00'),
      bis: at(4, '10:00'),
    });
    expect(unknown.status).toBe(404);
    const invalid = await book(mitarbeiter, { fahrzeugId, von: 'morgen', bis: at(4, '10:00') });
    expect(invalid.status).toBe(400);
  });

  it('marks a car the user may not book for themself as not bookable for them, not free', async () => {
    const fahrzeugId = autos.get('MS-SW 103')!;
    await asAll((tx) =>
      tx.update(fahrzeug).set({ fuehrerscheinklasse: 'D' }).where(eq(fahrzeug.id, fahrzeugId)),
    );
    try {
      const zeitraum = `von=${encodeURIComponent(at(4, '09:00'))}&bis=${encodeURIComponent(at(4, '10:00'))}`;
      const liste = (await (
        await call(server, mitarbeiter, 'GET', `/api/fahrzeuge?${zeitraum}`)
      ).json()) as TFahrzeug[];
      expect(liste.find((f) => f.id === fahrzeugId)).toMatchObject({
        frei: true,
        fuerMichBuchbar: false,
        fuerMichGrund: 'fuehrerschein.klasse_fehlt',
        fuerMichGrundParams: { klasse: 'D' },
      });
      expect(liste.find((f) => f.id === autos.get('MS-SW 101'))).toMatchObject({
        fuerMichBuchbar: true,
        fuerMichGrund: null,
      });
      // "only free" leaves it out; without a period the mark stays; the detail answers it too
      const frei = (await (
        await call(server, mitarbeiter, 'GET', `/api/fahrzeuge?${zeitraum}&nurFrei=true`)
      ).json()) as TFahrzeug[];
      expect(frei.map((f) => f.id)).not.toContain(fahrzeugId);
      const ohne = (await (await call(server, mitarbeiter, 'GET', '/api/fahrzeuge')).json()) as TFahrzeug[];
      expect(ohne.find((f) => f.id === fahrzeugId)).toMatchObject({ frei: null, fuerMichBuchbar: false });
      const detail = (await (
        await call(server, mitarbeiter, 'GET', `/api/fahrzeuge/${fahrzeugId}`)
      ).json()) as TFahrzeugDetail;
      expect(detail).toMatchObject({ fuerMichBuchbar: false, fuerMichGrund: 'fuehrerschein.klasse_fehlt' });
      // the booking itself is refused for the same reason
      const refused = await book(mitarbeiter, { fahrzeugId, von: at(4, '09:00'), bis: at(4, '10:00') });
      expect((await errorOf(refused)).code).toBe('fuehrerschein.klasse_fehlt');
    } finally {
      await asAll((tx) =>
        tx.update(fahrzeug).set({ fuehrerscheinklasse: 'B' }).where(eq(fahrzeug.id, fahrzeugId)),
      );
    }
  });

  it('changes a booking under the same rules and cancels it; only the booker or a maintainer may, once', async () => {
    const fahrzeugId = autos.get('MS-SW 102')!;
    const created = (await (
      await book(mitarbeiter, { fahrzeugId, von: at(7, '09:00'), bis: at(7, '10:00') })
    ).json()) as TFahrzeugBuchung;
    const changed = await call(server, mitarbeiter, 'PUT', `/api/fahrzeug-buchungen/${created.id}`, {
      fahrzeugId,
      von: at(7, '13:00'),
      bis: at(7, '15:00'),
      anlass: 'Termin verschoben',
    });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({
      von: at(7, '13:00'),
      bis: at(7, '15:00'),
      anlass: 'Termin verschoben',
    });
    const badChange = await call(server, mitarbeiter, 'PUT', `/api/fahrzeug-buchungen/${created.id}`, {
      fahrzeugId,
      von: at(7, '13:00'),
      bis: at(7, '12:00'),
    });
    expect(badChange.status).toBe(422);
    expect((await errorOf(badChange)).code).toBe('fahrzeug_buchung.ende_vor_beginn');
    expect(
      (await outboxTo('mitarbeiter@musterstadt.example')).some(
        (m) => m.subject === 'Fahrzeugbuchung geändert: MS-SW 102',
      ),
    ).toBe(true);

    // someone else's booking is not there for a plain booker
    expect(
      (await call(server, freigabe, 'POST', `/api/fahrzeug-buchungen/${created.id}/storno`)).status,
    ).toBe(404);
    const storno = await call(server, mitarbeiter, 'POST', `/api/fahrzeug-buchungen/${created.id}/storno`);
    expect(storno.status).toBe(200);
    expect(await storno.json()).toMatchObject({
      status: 'storniert',
      aktionen: { kannStornieren: false, kannAendern: false },
    });
    const again = await call(server, mitarbeiter, 'POST', `/api/fahrzeug-buchungen/${created.id}/storno`);
    expect(again.status).toBe(409);
    expect((await errorOf(again)).code).toBe('fahrzeug_buchung.schritt_nicht_erlaubt');
    expect(
      (await outboxTo('mitarbeiter@musterstadt.example')).some(
        (m) => m.subject === 'Fahrzeugbuchung storniert: MS-SW 102',
      ),
    ).toBe(true);
    // the slot is free again
    expect((await book(freigabe, { fahrzeugId, von: at(7, '13:00'), bis: at(7, '15:00') })).status).toBe(201);
  });

  it('a PUT keeps the driver, texts and co-travellers it was not given; null and [] clear them (decision 125)', async () => {
    const fahrzeugId = autos.get('MS-SW 102')!;
    const created = (await (
      await book(mitarbeiter, {
        fahrzeugId,
        von: at(7, '10:00'),
        bis: at(7, '11:00'),
        anlass: 'Baustelle',
        zielAdresse: 'Hauptstraße 1',
        zielPerson: 'Frau Meier',
        umweg: 'über das Lager',
        informationstext: 'Schlüssel beim Pförtner',
        mitfahrer: [{ name: 'Ute' }, { name: 'Jan' }],
      })
    ).json()) as TFahrzeugBuchung;
    const path = `/api/fahrzeug-buchungen/${created.id}`;
    const kept = await call(server, mitarbeiter, 'PUT', path, {
      fahrzeugId,
      von: at(7, '11:00'),
      bis: at(7, '12:00'),
    });
    expect(kept.status).toBe(200);
    const after = (await kept.json()) as TFahrzeugBuchung;
    expect(after).toMatchObject({
      anlass: 'Baustelle',
      zielAdresse: 'Hauptstraße 1',
      zielPerson: 'Frau Meier',
      umweg: 'über das Lager',
      informationstext: 'Schlüssel beim Pförtner',
      fahrer: created.fahrer,
      mitfahrer: created.mitfahrer,
      freigeber: [],
    });
    const cleared = await call(server, mitarbeiter, 'PUT', path, {
      fahrzeugId,
      von: at(7, '11:00'),
      bis: at(7, '12:00'),
      anlass: null,
      zielAdresse: '',
      mitfahrer: [],
    });
    expect(await cleared.json()).toMatchObject({
      anlass: null,
      zielAdresse: null,
      zielPerson: 'Frau Meier',
      mitfahrer: [],
    });
    // vehicle and times are required: 400 names them
    const missing = await call(server, mitarbeiter, 'PUT', path, { anlass: 'x' });
    expect(missing.status).toBe(400);
    expect(Object.keys((await errorOf(missing)).params).sort()).toEqual([
      'body.bis',
      'body.fahrzeugId',
      'body.von',
    ]);
    await call(server, mitarbeiter, 'POST', `${path}/storno`);
  });

  it('books for another user only with fahrzeug_fremdbuchung, and only for drivers who may book', async () => {
    const fahrzeugId = autos.get('MS-SW 103')!;
    const ohneRecht = await book(mitarbeiter, {
      fahrzeugId,
      von: at(8, '09:00'),
      bis: at(8, '10:00'),
      fahrerId: ids.get('freigabe'),
    });
    expect(ohneRecht.status).toBe(403);
    expect(await errorOf(ohneRecht)).toMatchObject({
      code: 'fahrzeug_buchung.fremdbuchung_nicht_erlaubt',
      message: 'Sie dürfen für diese Person kein Fahrzeug buchen.',
    });
    // a deactivated user cannot be chosen as driver
    await asAll((tx) =>
      tx
        .update(benutzer)
        .set({ status: 'inaktiv' })
        .where(eq(benutzer.id, ids.get('fuehrerschein')!)),
    );
    try {
      const fuerInaktiv = await book(fuhrpark, {
        fahrzeugId,
        von: at(8, '09:00'),
        bis: at(8, '10:00'),
        fahrerId: ids.get('fuehrerschein'),
      });
      expect(fuerInaktiv.status).toBe(403);
      expect((await errorOf(fuerInaktiv)).code).toBe('fahrzeug_buchung.fremdbuchung_nicht_erlaubt');
    } finally {
      await asAll((tx) =>
        tx
          .update(benutzer)
          .set({ status: 'aktiv' })
          .where(eq(benutzer.id, ids.get('fuehrerschein')!)),
      );
    }

    const namen = async (cookie: string, path: string) =>
      ((await (await call(server, cookie, 'GET', path)).json()) as { name: string }[]).map((p) => p.name);
    expect(await namen(mitarbeiter, '/api/fahrzeug-buchungen/fahrer')).toEqual(['Lena Hoffmann']);
    expect(await namen(fuhrpark, '/api/fahrzeug-buchungen/fahrer')).toEqual([
      'Claudia Wagner',
      'Jonas Schneider',
      'Lena Hoffmann',
      'Markus Weber',
      'Paul Wortmann',
      'Sabine Krüger',
      'Thomas Becker',
      'Zoe Zweig',
    ]);

    const fuerLena = await book(fuhrpark, {
      fahrzeugId,
      von: at(8, '09:00'),
      bis: at(8, '10:00'),
      fahrerId: ids.get('mitarbeiter'),
    });
    expect(fuerLena.status).toBe(201);
    const buchung = (await fuerLena.json()) as TFahrzeugBuchung;
    expect(buchung).toMatchObject({
      buchender: { name: 'Thomas Becker' },
      fahrer: { id: ids.get('mitarbeiter'), name: 'Lena Hoffmann' },
    });
    const eigene = (await (
      await call(server, mitarbeiter, 'GET', '/api/fahrzeug-buchungen?eigene=true')
    ).json()) as TFahrzeugBuchung[];
    const gesehen = eigene.find((b) => b.id === buchung.id);
    // the driver sees the trip but changing and cancelling stay with the booker
    expect(gesehen?.aktionen).toMatchObject({ kannStornieren: false, kannAendern: false });
    expect(
      (await outboxTo('mitarbeiter@musterstadt.example')).some(
        (m) => m.subject === 'Fahrzeug gebucht: MS-SW 103' && m.text.includes('Thomas Becker hat für Sie'),
      ),
    ).toBe(true);
    expect((await call(server, mitarbeiter, 'GET', '/api/fahrzeug-buchungen?eigene=false')).status).toBe(403);
    const alle = await call(server, fuhrpark, 'GET', '/api/fahrzeug-buchungen?eigene=false');
    expect(alle.status).toBe(200);
    expect(((await alle.json()) as TFahrzeugBuchung[]).map((b) => b.id)).toContain(buchung.id);
  });

  it('refuses a driver whose licence check has lapsed, for themself and when booked for', async () => {
    const fahrzeugId = autos.get('MS-SW 104')!;
    const gestern = addCalendarDays(berlinDateKey(new Date()), -1);
    const [vorher] = await asAll((tx) =>
      tx
        .select({ naechstePruefung: fuehrerschein.naechstePruefung })
        .from(fuehrerschein)
        .where(eq(fuehrerschein.benutzerId, ids.get('mitarbeiter')!)),
    );
    await asAll((tx) =>
      tx
        .update(fuehrerschein)
        .set({ naechstePruefung: gestern })
        .where(eq(fuehrerschein.benutzerId, ids.get('mitarbeiter')!)),
    );
    try {
      const selbst = await book(mitarbeiter, { fahrzeugId, von: at(9, '09:00'), bis: at(9, '10:00') });
      expect(selbst.status).toBe(422);
      expect(await errorOf(selbst)).toMatchObject({
        code: 'fuehrerschein.pruefung_abgelaufen',
        message:
          'Die Führerscheinprüfung ist abgelaufen oder läuft vor Ende der Buchung ab. Bitte wenden Sie sich an die Führerscheinprüfung.',
      });
      const fuer = await book(fuhrpark, {
        fahrzeugId,
        von: at(9, '09:00'),
        bis: at(9, '10:00'),
        fahrerId: ids.get('mitarbeiter'),
      });
      expect(fuer.status).toBe(422);
      expect((await errorOf(fuer)).code).toBe('fuehrerschein.pruefung_abgelaufen');
      // and she is no longer offered as driver, not even to herself
      const fahrer = async (cookie: string) =>
        (
          (await (await call(server, cookie, 'GET', '/api/fahrzeug-buchungen/fahrer')).json()) as {
            id: string;
          }[]
        ).map((p) => p.id);
      expect(await fahrer(mitarbeiter)).toEqual([]);
      expect(await fahrer(fuhrpark)).not.toContain(ids.get('mitarbeiter'));
      expect(await fahrer(fuhrpark)).toContain(ids.get('fuhrpark'));
    } finally {
      await asAll((tx) =>
        tx
          .update(fuehrerschein)
          .set({ naechstePruefung: vorher!.naechstePruefung })
          .where(eq(fuehrerschein.benutzerId, ids.get('mitarbeiter')!)),
      );
    }
    expect((await book(mitarbeiter, { fahrzeugId, von: at(9, '09:00'), bis: at(9, '10:00') })).status).toBe(
      201,
    );
  });

  it('stores a special trip outside the booking times with the approvers the booker picked', async () => {
    const freigeber = async () =>
      (await (await call(server, mitarbeiter, 'GET', '/api/fahrzeug-buchungen/freigeber')).json()) as {
        id: string;
        name: string;
      }[];
    expect(await freigeber()).toEqual([]);
    await asAll((tx) =>
      tx.insert(customizing).values({
        mandantId: musterstadtId,
        customizingOptionName: 'FahrzeugBuchungAusserhalbBuchungszeiten',
        wert: 'true',
      }),
    );
    expect((await freigeber()).map((p) => p.name)).toEqual(['Claudia Wagner', 'Sabine Krüger']);
    const fahrzeugId = autos.get('MS-SW 103')!; // the only car allowing outside booking
    const periode = { fahrzeugId, von: at(10, '18:00'), bis: at(10, '20:00') };
    const ohne = await book(mitarbeiter, periode);
    expect(ohne.status).toBe(422);
    expect((await errorOf(ohne)).code).toBe('fahrzeug_buchung.freigeber_fehlt');
    const falsch = await book(mitarbeiter, { ...periode, freigeberIds: [ids.get('fuehrerschein')] });
    expect(falsch.status).toBe(422);
    expect((await errorOf(falsch)).code).toBe('fahrzeug_buchung.freigeber_ungueltig');
    const anderesAuto = await book(mitarbeiter, {
      ...periode,
      fahrzeugId: autos.get('MS-SW 101')!,
      freigeberIds: [ids.get('freigabe')],
    });
    expect(anderesAuto.status).toBe(422);
    expect((await errorOf(anderesAuto)).code).toBe('fahrzeug_buchung.ausserhalb_buchungszeitraum');

    const response = await book(mitarbeiter, {
      ...periode,
      freigeberIds: [ids.get('freigabe')],
      mitfahrer: [{ name: 'Erika Muster' }, { name: 'Max Mustermann' }],
    });
    expect(response.status).toBe(201);
    const buchung = (await response.json()) as TFahrzeugBuchung;
    expect(buchung.freigeber).toEqual([
      { id: ids.get('freigabe'), name: 'Sabine Krüger', isFreigegeben: null, freigegebenAt: null },
    ]);
    expect(buchung.mitfahrer).toEqual([
      { nummer: 1, name: 'Erika Muster' },
      { nummer: 2, name: 'Max Mustermann' },
    ]);
    // the answer is built from what was written, not read back: it must be what reading it back gives
    const eigene = (await (
      await call(server, mitarbeiter, 'GET', '/api/fahrzeug-buchungen?eigene=true')
    ).json()) as TFahrzeugBuchung[];
    const { hinweise: _hinweise, ...ohneHinweise } = buchung;
    expect(eigene.find((b) => b.id === buchung.id)).toEqual(ohneHinweise);
    expect(buchung.aktionen).toMatchObject({ wartetAufFreigabe: true, freigegeben: false });
    const rows = await asAll((tx) =>
      tx.select().from(sonderfreigabe).where(eq(sonderfreigabe.fahrzeugBuchungId, buchung.id)),
    );
    expect(rows).toEqual([expect.objectContaining({ benutzerId: ids.get('freigabe'), isFreigegeben: null })]);
    const [row] = await asAll((tx) =>
      tx
        .select({ status: fahrzeugBuchung.status })
        .from(fahrzeugBuchung)
        .where(eq(fahrzeugBuchung.id, buchung.id)),
    );
    expect(row!.status).toBe('reserviert');
    // the approver sees that they may decide
    const fuerFreigabe = await call(server, freigabe, 'GET', '/api/fahrzeug-buchungen?eigene=true');
    expect(fuerFreigabe.status).toBe(200);
    expect(
      (await outboxTo('mitarbeiter@musterstadt.example')).some((m) =>
        m.text.includes('wartet auf eine Sonderfreigabe'),
      ),
    ).toBe(true);

    // moved back inside the window, it no longer needs approval
    const innen = await call(server, mitarbeiter, 'PUT', `/api/fahrzeug-buchungen/${buchung.id}`, {
      fahrzeugId,
      von: at(10, '10:00'),
      bis: at(10, '12:00'),
    });
    expect(innen.status).toBe(200);
    expect(await innen.json()).toMatchObject({ freigeber: [], aktionen: { wartetAufFreigabe: false } });
    expect(
      await asAll((tx) =>
        tx.select().from(sonderfreigabe).where(eq(sonderfreigabe.fahrzeugBuchungId, buchung.id)),
      ),
    ).toEqual([]);
  });

  it('lists every operation in the OpenAPI document', async () => {
    const doc = (await (await call(server, null, 'GET', '/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, { operationId?: string }>>;
    };
    const operationIds = Object.values(doc.paths).flatMap((p) => Object.values(p).map((o) => o.operationId));
    for (const id of [
      'listFahrzeuge',
      'getFahrzeug',
      'listFahrzeugBuchungen',
      'createFahrzeugBuchung',
      'updateFahrzeugBuchung',
      'cancelFahrzeugBuchung',
      'listWaehlbareFahrer',
      'listMoeglicheFreigeber',
    ])
      expect(operationIds).toContain(id);
  });

  it.runIf(driver === 'pg')(
    'of 20 parallel requests for one slot exactly one books, 19 get 409',
    async () => {
      const fahrzeugId = autos.get('MS-SW 101')!;
      const body = { fahrzeugId, von: at(11, '09:00'), bis: at(11, '12:00') };
      const responses = await Promise.all(
        Array.from({ length: 20 }, (_, i) => book(i % 2 === 0 ? mitarbeiter : fuhrpark, body)),
      );
      const statuses = responses.map((r) => r.status);
      expect(statuses.filter((s) => s === 201)).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(19);
      const codes = await Promise.all(
        responses.filter((r) => r.status === 409).map(async (r) => (await errorOf(r)).code),
      );
      expect(new Set(codes)).toEqual(new Set(['fahrzeug_buchung.ueberschneidung']));
      const stored = await asAll((tx) =>
        tx
          .select({ id: fahrzeugBuchung.id })
          .from(fahrzeugBuchung)
          .where(
            and(
              eq(fahrzeugBuchung.fahrzeugId, fahrzeugId),
              inArray(fahrzeugBuchung.status, ['reserviert']),
              eq(fahrzeugBuchung.von, new Date(body.von)),
            ),
          ),
      );
      expect(stored).toHaveLength(1);
    },
  );

  // last: it switches Musterstadt's vehicle booking off for a moment
  it('answers 404 when the tenant switched vehicle booking off, also where its vehicles carry the switch', async () => {
    const platform = plattform;
    const mandanten = (await (
      await fetch(`${server.baseUrl}/api/admin/mandanten`, { headers: { cookie: platform } })
    ).json()) as { id: string; features: Record<string, boolean> }[];
    const features = mandanten.find((m) => m.id === musterstadtId)!.features;
    expect(features.FahrzeugBuchung).toBe(true);
    const setze = async (FahrzeugBuchung: boolean) => {
      const response = await fetch(`${server.baseUrl}/api/admin/mandanten/${musterstadtId}/features`, {
        method: 'PUT',
        headers: { cookie: platform, 'content-type': 'application/json', origin: server.baseUrl },
        body: JSON.stringify({ ...features, FahrzeugBuchung }),
      });
      expect(response.status).toBe(200);
    };
    const period = `von=${encodeURIComponent(at(4, '09:00'))}&bis=${encodeURIComponent(at(4, '12:00'))}`;
    const paths = [
      '/api/fahrzeuge',
      `/api/fahrzeuge?${period}&nurFrei=true`,
      `/api/fahrzeuge/belegung?${period}`,
    ];
    for (const path of paths) expect((await call(server, mitarbeiter, 'GET', path)).status).toBe(200);
    await setze(false);
    try {
      for (const path of paths) expect((await call(server, mitarbeiter, 'GET', path)).status).toBe(404);
    } finally {
      await setze(true);
    }
    for (const path of paths) expect((await call(server, mitarbeiter, 'GET', path)).status).toBe(200);
  });
});
