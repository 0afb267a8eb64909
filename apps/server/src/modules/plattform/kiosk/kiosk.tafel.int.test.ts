import type { TGrundrissKurz, TLeseraumBuchung } from '@stellwerk/domain/leseraum/leseraum-buchung/api';
import { PERMISSION_NAMES } from '@stellwerk/domain/permissions';
import type { TKiosk, TKioskKopplung, TKioskTafel } from '@stellwerk/domain/plattform/kiosk/api';
import { KIOSK_TOKEN_HEADER } from '@stellwerk/domain/plattform/kiosk/api';
import { pruefeEincheckCode } from '@stellwerk/domain/plattform/kiosk/eincheck-code';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, errorOf } from '../../../../test/api-call.ts';
import { signInAs } from '../../../../test/fixtures/anmelden.ts';
import { fixtureMandant } from '../../../../test/fixtures/mandant.ts';
import { startTestServer, type TestServer, testDrivers } from '../../../../test/harness.ts';
import { eincheckSignierer } from './kiosk.einchecken.service.ts';

/** Tuesday 24 November 2026 in Berlin (winter time). */
const at = (time: string) => new Date(`2026-11-24T${time}:00+01:00`);

/**
 * The library (no vehicle booking) with its reading room at the Zentralbibliothek (open Monday to Friday 08–18), its
 * administrator and two readers; the fleet tenant with its depot, a car there (with the demo's booking times) and its
 * administrator.
 */
const mandanten = async (server: TestServer) => ({
  bh: await fixtureMandant(server.database, {
    name: 'Bibliothek Beispielhausen',
    domain: 'beispielhausen.example',
    features: { FahrzeugBuchung: false, Leseraum: true },
    einstellungen: { Sprache: 'de' },
    standorte: { bibliothek: { name: 'Zentralbibliothek', bundesland: 'BY' } },
    rollen: {
      Raumpflege: ['objekt_pflege', 'ausstattungs_pflege', 'auslastung_sehen'],
      Administration: PERMISSION_NAMES,
    },
    benutzer: {
      admin: { vorname: 'Andreas', nachname: 'Schwarz', rollen: ['Administration'] },
      mitarbeiter: { vorname: 'Anna', nachname: 'Schulz' },
      fuhrpark: { vorname: 'Michael', nachname: 'Fischer', rollen: ['Raumpflege'] },
    },
    grundrisse: {
      lesesaal: {
        standort: 'bibliothek',
        bezeichnung: 'Lesesaal Erdgeschoss',
        plaetze: Array.from({ length: 10 }, (_, i) => `Platz ${String(i + 1).padStart(2, '0')}`),
      },
    },
  }),
  ms: await fixtureMandant(server.database, {
    name: 'Stadtwerke Musterstadt',
    domain: 'musterstadt.example',
    features: { FahrzeugBuchung: true },
    standorte: { nord: { name: 'Betriebshof Nord', bundesland: 'NW' } },
    rollen: { Administration: PERMISSION_NAMES },
    benutzer: { admin: { vorname: 'Claudia', nachname: 'Wagner', rollen: ['Administration'] } },
    fahrzeuge: {
      id3: {
        standort: 'nord',
        kennzeichen: 'MS-SW 101',
        buchungszeiten: { von: '07:00', bis: '19:00', wochentage: [1, 2, 3, 4, 5] },
      },
    },
  }),
});

describe.each(testDrivers())('the board of a kiosk on %s', (driver) => {
  let server: TestServer;
  /** The server's clock; null: real time (pairing codes are stamped by the database's clock). */
  let clock: Date | null = at('07:00');
  let admin: string;
  let booker: string;
  let other: string;
  let fremdAdmin: string;
  let plan: TGrundrissKurz;
  let hofId: string;

  const json = async <T>(r: Response): Promise<T> => {
    expect(r.status, await r.clone().text()).toBeLessThan(300);
    return (await r.json()) as T;
  };
  const tafel = (token: string) =>
    fetch(`${server.baseUrl}/api/kiosk/tafel`, { headers: { [KIOSK_TOKEN_HEADER]: token } });
  /** Pairs a new screen as `cookie` with these settings; returns its device token and the kiosk. */
  const koppeln = async (
    cookie: string,
    einstellung: Partial<{
      standortId: string;
      grundrissIds: string[];
      namensanzeige: 'keine' | 'initialen' | 'namen';
      fahrzeuge: boolean;
    }>,
  ) => {
    // the code is shown and entered at the same moment of the app's clock (real time here; the board's moment follows)
    const vorher = clock;
    clock = null;
    const r = await fetch(`${server.baseUrl}/api/kiosk/kopplung`, {
      method: 'POST',
      headers: { origin: server.baseUrl },
    });
    const k = (await r.json()) as TKioskKopplung;
    const gekoppelt = await call(server, cookie, 'POST', '/api/admin/kiosks', {
      code: k.code,
      bezeichnung: 'Foyer',
      standortId: plan.standort!.id,
      grundrissIds: [],
      namensanzeige: 'keine',
      fahrzeuge: true,
      sprache: 'de',
      ...einstellung,
    });
    clock = vorher;
    const kiosk = await json<TKiosk>(gekoppelt);
    return { token: k.geheimnis, kiosk };
  };

  beforeAll(async () => {
    server = await startTestServer({ driver, now: () => clock ?? new Date(), seed: false });
    const { bh, ms } = await mandanten(server);
    hofId = ms.standorte.nord;
    [admin, booker, other, fremdAdmin] = await Promise.all([
      signInAs(server, bh.benutzer.admin),
      signInAs(server, bh.benutzer.mitarbeiter),
      signInAs(server, bh.benutzer.fuhrpark),
      signInAs(server, ms.benutzer.admin),
    ]);
    plan = (
      await json<TGrundrissKurz[]>(await call(server, booker, 'GET', '/api/grundrisse?bereich=leseraum'))
    )[0]!;
    // a held place (09:00–18:00) and a booked one (08:00–12:00), made before opening
    const seat = async (name: string) => {
      const b = await json<{ plaetze: { id: string; bezeichnung: string }[] }>(
        await call(server, booker, 'GET', `/api/grundrisse/${plan.id}/belegung?tag=2026-11-24`),
      );
      return b.plaetze.find((p) => p.bezeichnung === name)!.id;
    };
    await json<TLeseraumBuchung>(
      await call(server, booker, 'POST', '/api/leseraum-buchungen', {
        modus: 'stuendlich',
        leseraumId: await seat('Platz 03'),
        von: at('09:00').toISOString(),
        bis: at('18:00').toISOString(),
      }),
    );
    const gebucht = await json<TLeseraumBuchung>(
      await call(server, other, 'POST', '/api/leseraum-buchungen', {
        modus: 'stuendlich',
        leseraumId: await seat('Platz 04'),
        von: at('08:00').toISOString(),
        bis: at('12:00').toISOString(),
      }),
    );
    await json(await call(server, other, 'POST', `/api/leseraum-buchungen/${gebucht.id}/bestaetigen`));
    clock = at('10:00');
  });
  afterAll(async () => {
    await server?.close();
  });

  it("shows the location's plan with each place's state now, the count, today's hours and a signed check-in URL", async () => {
    const { token, kiosk } = await koppeln(admin, {});
    const b = await json<TKioskTafel>(await tafel(token));
    expect(b.standort).toEqual({ id: plan.standort!.id, name: plan.standort!.name });
    expect(b.tag).toBe('2026-11-24');
    expect(b.plaene.map((p) => p.bezeichnung)).toEqual(['Lesesaal Erdgeschoss']);
    const [p] = b.plaene;
    expect(p!.oeffnung).toEqual({ von: '08:00', bis: '18:00' });
    expect(p!.geoeffnet).toBe(true);
    const zustand = (name: string) => p!.plaetze.find((x) => x.bezeichnung === name)!;
    expect(zustand('Platz 03')).toMatchObject({ zustand: 'gehalten', bis: at('18:00').toISOString() });
    expect(zustand('Platz 04')).toMatchObject({ zustand: 'gebucht', bis: at('12:00').toISOString() });
    expect(zustand('Platz 05')).toMatchObject({ zustand: 'frei', bis: null });
    expect(p!.gesamt).toBe(p!.plaetze.length);
    expect(p!.frei).toBe(p!.plaetze.filter((x) => x.zustand === 'frei').length);
    expect(p!.frei).toBe(p!.gesamt - 2);
    // the tenant books no vehicles: no strip
    expect(b.fahrzeuge).toBeNull();
    const url = new URL(b.eincheckUrl);
    expect(url.pathname).toBe('/kiosk/einchecken');
    const code = url.searchParams.get('c')!;
    const geheimnis = `kiosk-eincheck:${server.config.sessionSecret}`;
    expect(
      pruefeEincheckCode(code, plan.standort!.id, at('10:00').getTime(), eincheckSignierer(geheimnis)),
    ).toMatchObject({ ok: true, kioskId: kiosk.id });
  });

  it('names nobody with the default setting, and initials or names only when the kiosk allows them', async () => {
    const person = async (cookie: string) =>
      (
        await json<{ user: { vorname: string; nachname: string } }>(
          await call(server, cookie, 'GET', '/api/me'),
        )
      ).user;
    const [a, b] = [await person(booker), await person(other)];
    const keine = await json<TKioskTafel>(await tafel((await koppeln(admin, {})).token));
    expect(keine.plaene[0]!.plaetze.every((x) => x.name === null)).toBe(true);
    const text = JSON.stringify(keine);
    for (const s of [a.nachname, b.nachname, 'beispielhausen.example']) expect(text).not.toContain(s);
    const namen = async (namensanzeige: 'initialen' | 'namen') =>
      (
        await json<TKioskTafel>(await tafel((await koppeln(admin, { namensanzeige })).token))
      ).plaene[0]!.plaetze.filter((x) => x.name !== null).map((x) => [x.bezeichnung, x.name]);
    expect(await namen('initialen')).toEqual([
      ['Platz 03', `${a.vorname[0]}. ${a.nachname[0]}.`],
      ['Platz 04', `${b.vorname[0]}. ${b.nachname[0]}.`],
    ]);
    expect((await namen('namen')).map(([, n]) => n)).toEqual([
      `${a.vorname} ${a.nachname}`,
      `${b.vorname} ${b.nachname}`,
    ]);
  });

  it('shows every place closed outside the hours', async () => {
    const { token } = await koppeln(admin, {});
    clock = at('19:00');
    try {
      const b = await json<TKioskTafel>(await tafel(token));
      expect(b.plaene[0]!.geoeffnet).toBe(false);
      expect(b.plaene[0]!.plaetze.every((x) => x.zustand === 'geschlossen')).toBe(true);
      expect(b.plaene[0]!.frei).toBe(0);
    } finally {
      clock = at('10:00');
    }
  });

  it('answers a revoked kiosk with 401 kiosk.nicht_gekoppelt', async () => {
    const { token, kiosk } = await koppeln(admin, {});
    expect((await tafel(token)).status).toBe(200);
    await json(await call(server, admin, 'DELETE', `/api/admin/kiosks/${kiosk.id}`));
    const r = await tafel(token);
    expect(r.status).toBe(401);
    expect((await errorOf(r)).code).toBe('kiosk.nicht_gekoppelt');
    expect((await tafel('')).status).toBe(401);
  });

  it("keeps a kiosk to its tenant: another tenant's screen never shows this tenant's plan, even when it names it", async () => {
    const hof = { id: hofId };
    const { token } = await koppeln(fremdAdmin, { standortId: hof.id, grundrissIds: [plan.id] });
    const b = await json<TKioskTafel>(await tafel(token));
    expect(b.standort.id).toBe(hof.id);
    expect(b.plaene).toEqual([]);
    expect(JSON.stringify(b)).not.toContain(plan.id);
    // that tenant books vehicles: the strip lists the location's cars, each free now
    expect(b.fahrzeuge!.length).toBeGreaterThan(0);
    expect(b.fahrzeuge!.map((f) => f.kennzeichen)).toContain('MS-SW 101');
    expect(b.fahrzeuge!.every((f) => f.frei && f.zurueckAm === null)).toBe(true);
    const ohne = await json<TKioskTafel>(
      await tafel((await koppeln(fremdAdmin, { standortId: hof.id, fahrzeuge: false })).token),
    );
    expect(ohne.fahrzeuge).toBeNull();
  });
});
