import type { TGrundrissAdmin } from '@stellwerk/domain/leseraum/admin-raeume.api';
import { PERMISSION_NAMES } from '@stellwerk/domain/permissions';
import type { TGrundrissKurz } from '@stellwerk/domain/leseraum/leseraum-buchung/api';
import type { TKiosk, TKioskKopplung, TKioskTafel } from '@stellwerk/domain/plattform/kiosk/api';
import { KIOSK_TOKEN_HEADER } from '@stellwerk/domain/plattform/kiosk/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, errorOf } from '../../../../test/api-call.ts';
import { signInAs } from '../../../../test/fixtures/anmelden.ts';
import { fixtureMandant } from '../../../../test/fixtures/mandant.ts';
import { startTestServer, type TestServer, testDrivers } from '../../../../test/harness.ts';

const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="500"><rect width="800" height="500" fill="#eee"/></svg>';

/**
 * The library with its reading room (whose drawing the test uploads, as the administration does), its administrator
 * and room care; the fleet tenant with its depot and administrator.
 */
const mandanten = async (server: TestServer) => ({
  bh: await fixtureMandant(server.database, {
    name: 'Bibliothek Beispielhausen',
    domain: 'beispielhausen.example',
    features: { FahrzeugBuchung: false, Leseraum: true },
    standorte: { bibliothek: { name: 'Zentralbibliothek', bundesland: 'BY' } },
    rollen: {
      Raumpflege: ['objekt_pflege', 'ausstattungs_pflege', 'auslastung_sehen'],
      Administration: PERMISSION_NAMES,
    },
    benutzer: {
      admin: { vorname: 'Andreas', nachname: 'Schwarz', rollen: ['Administration'] },
      fuhrpark: { vorname: 'Michael', nachname: 'Fischer', rollen: ['Raumpflege'] },
    },
    grundrisse: {
      lesesaal: { standort: 'bibliothek', bezeichnung: 'Lesesaal Erdgeschoss', plaetze: ['Platz 01'] },
    },
  }),
  ms: await fixtureMandant(server.database, {
    name: 'Stadtwerke Musterstadt',
    domain: 'musterstadt.example',
    standorte: { nord: { name: 'Betriebshof Nord', bundesland: 'NW' } },
    rollen: { Administration: PERMISSION_NAMES },
    benutzer: { admin: { vorname: 'Claudia', nachname: 'Wagner', rollen: ['Administration'] } },
  }),
});

describe.each(testDrivers())("the image of a kiosk board's plan on %s", (driver) => {
  let server: TestServer;
  let admin: string;
  let raumpflege: string;
  let fremdAdmin: string;
  let plan: TGrundrissKurz;
  let hofId: string;

  const json = async <T>(r: Response): Promise<T> => {
    expect(r.status, await r.clone().text()).toBeLessThan(300);
    return (await r.json()) as T;
  };
  const bild = (token: string, grundrissId: string) =>
    fetch(`${server.baseUrl}/api/kiosk/tafel/plaene/${grundrissId}/bild`, {
      headers: token ? { [KIOSK_TOKEN_HEADER]: token } : {},
    });
  const koppeln = async (
    cookie: string,
    einstellung: Partial<{ standortId: string; grundrissIds: string[] }>,
  ) => {
    const r = await fetch(`${server.baseUrl}/api/kiosk/kopplung`, {
      method: 'POST',
      headers: { origin: server.baseUrl },
    });
    const k = (await r.json()) as TKioskKopplung;
    const kiosk = await json<TKiosk>(
      await call(server, cookie, 'POST', '/api/admin/kiosks', {
        code: k.code,
        bezeichnung: 'Foyer',
        standortId: plan.standort!.id,
        grundrissIds: [],
        namensanzeige: 'keine',
        fahrzeuge: false,
        sprache: 'de',
        ...einstellung,
      }),
    );
    return { token: k.geheimnis, kiosk };
  };
  const zeichnung = async (p: { id: string }) => {
    const form = new FormData();
    form.append('file', new Blob([SVG]), 'plan.svg');
    const r = await fetch(`${server.baseUrl}/api/admin/raeume/grundrisse/${p.id}/plan`, {
      method: 'POST',
      headers: { cookie: raumpflege },
      body: form,
    });
    expect(r.status, await r.clone().text()).toBe(200);
  };
  const neuerPlan = async (bezeichnung: string, standortId: string | null) => {
    const p = await json<TGrundrissAdmin>(
      await call(server, raumpflege, 'POST', '/api/admin/raeume/grundrisse', {
        bezeichnung,
        bereich: 'leseraum',
        standortId,
      }),
    );
    await zeichnung(p);
    return p;
  };

  beforeAll(async () => {
    server = await startTestServer({ driver, seed: false });
    const { bh, ms } = await mandanten(server);
    hofId = ms.standorte.nord;
    [admin, raumpflege, fremdAdmin] = await Promise.all([
      signInAs(server, bh.benutzer.admin),
      signInAs(server, bh.benutzer.fuhrpark),
      signInAs(server, ms.benutzer.admin),
    ]);
    await zeichnung(bh.grundrisse.lesesaal);
    plan = (
      await json<TGrundrissKurz[]>(await call(server, admin, 'GET', '/api/grundrisse?bereich=leseraum'))
    )[0]!;
  });

  afterAll(async () => {
    await server?.close();
  });

  it("serves a board plan's image with the file route's headers, and says so on the board", async () => {
    const { token } = await koppeln(admin, {});
    const tafel = await json<TKioskTafel>(
      await fetch(`${server.baseUrl}/api/kiosk/tafel`, { headers: { [KIOSK_TOKEN_HEADER]: token } }),
    );
    const aufTafel = tafel.plaene.find((p) => p.id === plan.id)!;
    expect(aufTafel.hatBild).toBe(true);
    const r = await bild(token, plan.id);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toContain('image/svg+xml');
    expect(r.headers.get('x-content-type-options')).toBe('nosniff');
    expect(r.headers.get('content-security-policy')).toContain('sandbox');
    expect(await r.text()).toContain('<svg');
  });

  it('answers 401 kiosk.nicht_gekoppelt without a token, with a wrong one and after revoking', async () => {
    const { token, kiosk } = await koppeln(admin, {});
    expect((await bild('', plan.id)).status).toBe(401);
    expect((await bild('x'.repeat(43), plan.id)).status).toBe(401);
    expect((await bild(token, plan.id)).status).toBe(200);
    await json(await call(server, admin, 'DELETE', `/api/admin/kiosks/${kiosk.id}`));
    const r = await bild(token, plan.id);
    expect(r.status).toBe(401);
    expect((await errorOf(r)).code).toBe('kiosk.nicht_gekoppelt');
  });

  it("answers 404 for a plan not on the board: another tenant's, another location's, not chosen", async () => {
    // another tenant's screen naming this tenant's plan
    const fremd = await koppeln(fremdAdmin, { standortId: hofId, grundrissIds: [plan.id] });
    const r = await bild(fremd.token, plan.id);
    expect(r.status).toBe(404);
    expect((await errorOf(r)).code).toBe('not_found');

    // a plan with an image elsewhere (no location) is not on this location's board
    const anderswo = await neuerPlan('Lesesaal anderswo', null);
    const { token } = await koppeln(admin, {});
    expect((await bild(token, anderswo.id)).status).toBe(404);

    // a plan at the location, but the screen shows only the chosen one
    const zweiter = await neuerPlan('Lesesaal Galerie', plan.standort!.id);
    expect((await bild(token, zweiter.id)).status).toBe(200);
    const gewaehlt = await koppeln(admin, { grundrissIds: [plan.id] });
    expect((await bild(gewaehlt.token, plan.id)).status).toBe(200);
    expect((await bild(gewaehlt.token, zweiter.id)).status).toBe(404);
  });
});
