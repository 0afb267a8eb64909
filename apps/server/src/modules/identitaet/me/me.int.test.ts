import type { TMe } from '@stellwerk/domain/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startTestServer, type TestServer, testDrivers } from '../../../../test/harness.ts';

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

describe.each(testDrivers())('GET /api/me and the own settings on %s', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ driver });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('a Musterstadt booker gets their tenant, the vehicle start page and no admin right', async () => {
    const me = await getMe(server, await signIn(server.baseUrl, 'mitarbeiter@musterstadt.example'));
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
    const me = await getMe(server, await signIn(server.baseUrl, 'mitarbeiter@beispielhausen.example'));
    expect(me.mandant.name).toBe('Bibliothek Beispielhausen');
    expect(me.features.FahrzeugBuchung).toBe(false);
    expect(me.startPage).toBe('/leseraum/karte');
  });

  it('a user without vehicle rights starts on the reading-room map even when vehicle booking is on', async () => {
    const me = await getMe(server, await signIn(server.baseUrl, 'plattform@stellwerk.example'));
    expect(me.features.FahrzeugBuchung).toBe(true);
    expect(me.rights.fahrzeugModul).toBe(false);
    expect(me.startPage).toBe('/leseraum/karte');
  });

  it('the administrator holds all 15 permissions (spec §6, auslastung_sehen and auswertung_sehen, decisions 165, 246) and admin access', async () => {
    const me = await getMe(server, await signIn(server.baseUrl, 'admin@musterstadt.example'));
    expect(me.permissions).toHaveLength(15);
    expect(me.rights.admin).toBe(true);
  });

  it('the platform administrator is flagged', async () => {
    const me = await getMe(server, await signIn(server.baseUrl, 'plattform@stellwerk.example'));
    expect(me.user.isPlatformAdmin).toBe(true);
  });

  it('every customizing option of the catalogue is in the effective settings', async () => {
    const me = await getMe(server, await signIn(server.baseUrl, 'fuhrpark@musterstadt.example'));
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
    const cookie = await signIn(server.baseUrl, 'fuhrpark@beispielhausen.example');
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
    const cookie = await signIn(server.baseUrl, 'fuehrerschein@beispielhausen.example');
    const response = await putCustomizing(server, cookie, 'Sprache', 'en');
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ name: 'Sprache', value: 'en' });
    const me = await getMe(server, cookie);
    expect(me.language).toBe('en');
    expect(me.customizing.Sprache).toEqual({ value: 'en', source: 'benutzer' });
  });

  it('an unknown option answers with the catalogue message in the user language', async () => {
    const cookie = await signIn(server.baseUrl, 'fuhrpark@beispielhausen.example');
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
    const cookie = await signIn(server.baseUrl, 'fuhrpark@beispielhausen.example');
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
    const platform = await signIn(server.baseUrl, 'plattform@stellwerk.example');
    const list = (await (
      await fetch(`${server.baseUrl}/api/admin/mandanten`, { headers: { cookie: platform } })
    ).json()) as { id: string; name: string }[];
    const bh = list.find((m) => m.name === 'Bibliothek Beispielhausen')!;
    const switched = await fetch(`${server.baseUrl}/api/admin/mandanten/${bh.id}/features`, {
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
    const booker = await getMe(server, await signIn(server.baseUrl, 'mitarbeiter@beispielhausen.example'));
    expect(booker.startPage).toBe('/');
    const admin = await getMe(server, await signIn(server.baseUrl, 'admin@beispielhausen.example'));
    expect(admin.startPage).toBe('/admin');
  });
});
