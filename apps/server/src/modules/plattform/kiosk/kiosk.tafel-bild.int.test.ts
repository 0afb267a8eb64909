import type { TGrundrissAdmin } from '@stellwerk/domain/leseraum/admin-raeume.api';
import type { TGrundrissKurz } from '@stellwerk/domain/leseraum/leseraum-buchung/api';
import type { TKiosk, TKioskKopplung, TKioskTafel } from '@stellwerk/domain/plattform/kiosk/api';
import { KIOSK_TOKEN_HEADER } from '@stellwerk/domain/plattform/kiosk/api';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, errorOf } from '../../../../test/api-call.ts';
import { signIn, startTestServer, type TestServer, testDrivers } from '../../../../test/harness.ts';
import { standort } from '../../verwaltung/standort/standort.public.ts';

const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="500"><rect width="800" height="500" fill="#eee"/></svg>';

describe.each(testDrivers())("the image of a kiosk board's plan on %s", (driver) => {
  let server: TestServer;
  let admin: string;
  let raumpflege: string;
  let fremdAdmin: string;
  let plan: TGrundrissKurz;

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
  const neuerPlan = async (bezeichnung: string, standortId: string | null) => {
    const p = await json<TGrundrissAdmin>(
      await call(server, raumpflege, 'POST', '/api/admin/raeume/grundrisse', {
        bezeichnung,
        bereich: 'leseraum',
        standortId,
      }),
    );
    const form = new FormData();
    form.append('file', new Blob([SVG]), 'plan.svg');
    const r = await fetch(`${server.baseUrl}/api/admin/raeume/grundrisse/${p.id}/plan`, {
      method: 'POST',
      headers: { cookie: raumpflege },
      body: form,
    });
    expect(r.status, await r.clone().text()).toBe(200);
    return p;
  };

  beforeAll(async () => {
    server = await startTestServer({ driver });
    [admin, raumpflege, fremdAdmin] = await Promise.all([
      signIn(server.baseUrl, 'admin@beispielhausen.example'),
      signIn(server.baseUrl, 'fuhrpark@beispielhausen.example'),
      signIn(server.baseUrl, 'admin@musterstadt.example'),
    ]);
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
    const [hof] = await server.database.db
      .select({ id: standort.id })
      .from(standort)
      .where(eq(standort.name, 'Betriebshof Nord'));
    const fremd = await koppeln(fremdAdmin, { standortId: hof!.id, grundrissIds: [plan.id] });
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
