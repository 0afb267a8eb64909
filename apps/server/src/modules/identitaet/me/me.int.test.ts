import type { TMe } from '@stellwerk/domain/api';
import { PERMISSION_NAMES } from '@stellwerk/domain/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs } from '../../../../test/fixtures/anmelden.ts';
import { type FixtureMandant, fixtureMandant } from '../../../../test/fixtures/mandant.ts';
import { startTestServer, type TestServer, testDrivers } from '../../../../test/harness.ts';

const getMe = async (server: TestServer, cookie: string) => {
  const response = await fetch(`${server.baseUrl}/api/me`, { headers: { cookie } });
  expect(response.status).toBe(200);
  return (await response.json()) as TMe;
};

const putCustomizing = (server: TestServer, cookie: string, name: string, value: unknown) =>
  fetch(`${server.baseUrl}/api/customizing/benutzer/${name}`, {
    method: 'PUT',
    headers: { cookie, 'content-type': 'application/json', origin: server.baseUrl },
    body: JSON.stringify({ value }),
  });

/**
 * The fleet tenant (both areas on, German set for the tenant): a booker, the fleet manager, the administrator
 * with every right and the platform administrator (no role). The library (vehicle booking off): a reader, room
 * care, the opening-hours keeper and its administrator.
 */
const mandanten = async (server: TestServer) => ({
  ms: await fixtureMandant(server.database, {
    name: 'Stadtwerke Musterstadt',
    domain: 'musterstadt.example',
    features: { FahrzeugBuchung: true, Leseraum: true },
    einstellungen: { Sprache: 'de' },
    rollen: {
      Mitarbeiter: ['fahrzeug_buchen'],
      Fuhrparkleitung: ['fahrzeug_pflege', 'fahrzeug_fremdbuchung', 'fahrzeug_buchen'],
      Administration: PERMISSION_NAMES,
    },
    benutzer: {
      mitarbeiter: { vorname: 'Lena', nachname: 'Hoffmann', rollen: ['Mitarbeiter'] },
      fuhrpark: { vorname: 'Thomas', nachname: 'Becker', rollen: ['Fuhrparkleitung'] },
      admin: { vorname: 'Claudia', nachname: 'Wagner', rollen: ['Administration'] },
      plattform: { vorname: 'Petra', nachname: 'Brandt', plattformAdmin: true },
    },
  }),
  bh: await fixtureMandant(server.database, {
    name: 'Bibliothek Beispielhausen',
    domain: 'beispielhausen.example',
    features: { FahrzeugBuchung: false, Leseraum: true },
    einstellungen: { Sprache: 'de' },
    rollen: {
      Raumpflege: ['objekt_pflege', 'ausstattungs_pflege', 'auslastung_sehen'],
      Öffnungszeitenpflege: ['oeffnungszeiten_pflege'],
      Administration: PERMISSION_NAMES,
    },
    benutzer: {
      mitarbeiter: { vorname: 'Anna', nachname: 'Schulz' },
      fuhrpark: { vorname: 'Michael', nachname: 'Fischer', rollen: ['Raumpflege'] },
      fuehrerschein: { vorname: 'Stefan', nachname: 'Wolf', rollen: ['Öffnungszeitenpflege'] },
      admin: { vorname: 'Andreas', nachname: 'Schwarz', rollen: ['Administration'] },
    },
  }),
});

describe.each(testDrivers())('GET /api/me and the own settings on %s', (driver) => {
  let server: TestServer;
  let ms: FixtureMandant<string, string, string, 'mitarbeiter' | 'fuhrpark' | 'admin' | 'plattform'>;
  let bh: FixtureMandant<string, string, string, 'mitarbeiter' | 'fuhrpark' | 'fuehrerschein' | 'admin'>;
  beforeAll(async () => {
    server = await startTestServer({ driver, seed: false });
    ({ ms, bh } = await mandanten(server));
  });
  afterAll(async () => {
    await server?.close();
  });

  it('a Musterstadt booker gets their tenant, the vehicle start page and no admin right', async () => {
    const me = await getMe(server, await signInAs(server, ms.benutzer.mitarbeiter));
    expect(me.user.email).toBe('mitarbeiter@musterstadt.example');
    expect(me.mandant.name).toBe('Stadtwerke Musterstadt');
    expect(me.mandant.domains).toEqual(['musterstadt.example']);
    expect(me.features.FahrzeugBuchung).toBe(true);
    expect(me.features.Leseraum).toBe(true);
    expect(me.startPage).toBe('/fahrzeuge');
    expect(me.permissions).toContain('fahrzeug_buchen');
    expect(me.rights).toEqual({ admin: false, fahrzeugModul: true });
    expect(me.language).toBe('de');
    expect(me.customizing.Sprache).toEqual({ value: 'de', source: 'mandant' });
  });

  it('a Beispielhausen booker starts on the reading-room map', async () => {
    const me = await getMe(server, await signInAs(server, bh.benutzer.mitarbeiter));
    expect(me.mandant.name).toBe('Bibliothek Beispielhausen');
    expect(me.features.FahrzeugBuchung).toBe(false);
    expect(me.startPage).toBe('/leseraum/karte');
  });

  it('a user without vehicle rights starts on the reading-room map even when vehicle booking is on', async () => {
    const me = await getMe(server, await signInAs(server, ms.benutzer.plattform));
    expect(me.features.FahrzeugBuchung).toBe(true);
    expect(me.rights.fahrzeugModul).toBe(false);
    expect(me.startPage).toBe('/leseraum/karte');
  });

  it('the administrator holds all 15 permissions (spec §6, auslastung_sehen and auswertung_sehen, decisions 165, 246) and admin access', async () => {
    const me = await getMe(server, await signInAs(server, ms.benutzer.admin));
    expect(me.permissions).toHaveLength(15);
    expect(me.rights.admin).toBe(true);
  });

  it('the platform administrator is flagged', async () => {
    const me = await getMe(server, await signInAs(server, ms.benutzer.plattform));
    expect(me.user.isPlatformAdmin).toBe(true);
  });

  it('every customizing option of the catalogue is in the effective settings', async () => {
    const me = await getMe(server, await signInAs(server, ms.benutzer.fuhrpark));
    for (const name of [
      'LeseraumLieblingsPlatz',
      'LeseraumVorausbuchbareTage',
      'FahrzeugCheckInAktiv',
      'FahrzeugFreigabeNachBuchungsbeginn',
      'Zoom',
    ]) {
      expect(me.customizing[name], name).toBeDefined();
    }
  });

  it("the reading room opens in the user's view: Ansicht 'liste' starts on the list", async () => {
    const cookie = await signInAs(server, bh.benutzer.fuhrpark);
    expect((await putCustomizing(server, cookie, 'Ansicht', 'liste')).status).toBe(200);
    try {
      const me = await getMe(server, cookie);
      expect(me.customizing.Ansicht).toEqual({ value: 'liste', source: 'benutzer' });
      expect(me.startPage).toBe('/leseraum/liste');
    } finally {
      expect((await putCustomizing(server, cookie, 'Ansicht', null)).status).toBe(200);
    }
    expect((await getMe(server, cookie)).startPage).toBe('/leseraum/karte');
  });

  it('a user switches the language to English; it is kept at user level and wins over the tenant', async () => {
    const cookie = await signInAs(server, bh.benutzer.fuehrerschein);
    const response = await putCustomizing(server, cookie, 'Sprache', 'en');
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ name: 'Sprache', value: 'en' });
    const me = await getMe(server, cookie);
    expect(me.language).toBe('en');
    expect(me.customizing.Sprache).toEqual({ value: 'en', source: 'benutzer' });
  });

  it('an unknown option answers with the catalogue message in the user language', async () => {
    const cookie = await signInAs(server, bh.benutzer.fuhrpark);
    const response = await putCustomizing(server, cookie, 'GibtEsNicht', 'x');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: {
        code: 'customizing.option_not_found',
        message: 'keine CustomizingOption zu GibtEsNicht gefunden!',
        params: { name: 'GibtEsNicht' },
      },
    });
  });

  it('a value of the wrong type is refused with 400, never a 500', async () => {
    const cookie = await signInAs(server, bh.benutzer.fuhrpark);
    const response = await putCustomizing(server, cookie, 'Sprache', 42);
    expect(response.status).toBe(400);
    const malformed = await fetch(`${server.baseUrl}/api/customizing/benutzer/Sprache`, {
      method: 'PUT',
      headers: { cookie, 'content-type': 'application/json', origin: server.baseUrl },
      body: '{"value":',
    });
    expect(malformed.status).toBe(400);
  });

  // last: it switches Bibliothek Beispielhausen's areas off
  it('with both areas off a user starts on / (what is switched on) and the administrator on /admin', async () => {
    const platform = await signInAs(server, ms.benutzer.plattform);
    const list = (await (
      await fetch(`${server.baseUrl}/api/admin/mandanten`, { headers: { cookie: platform } })
    ).json()) as { id: string; name: string }[];
    const bibliothek = list.find((m) => m.name === 'Bibliothek Beispielhausen')!;
    const switched = await fetch(`${server.baseUrl}/api/admin/mandanten/${bibliothek.id}/features`, {
      method: 'PUT',
      headers: { cookie: platform, 'content-type': 'application/json', origin: server.baseUrl },
      body: JSON.stringify({
        FahrzeugBuchung: false,
        Leseraum: false,
        Arbeitswelt: false,
        Officelocker: false,
        Chatbot: false,
      }),
    });
    expect(switched.status).toBe(200);
    const booker = await getMe(server, await signInAs(server, bh.benutzer.mitarbeiter));
    expect(booker.startPage).toBe('/');
    const admin = await getMe(server, await signInAs(server, bh.benutzer.admin));
    expect(admin.startPage).toBe('/admin');
  });
});
