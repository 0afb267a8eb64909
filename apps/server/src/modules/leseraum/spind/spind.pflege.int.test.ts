import type { TSpindbank, TSpindFrei } from '@stellwerk/domain/leseraum/spind/api';
import { PERMISSION_NAMES } from '@stellwerk/domain/permissions';
import { addCalendarDays, berlinDateKey } from '@stellwerk/domain/time';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../../test/api-call.ts';
import { signInAs } from '../../../../test/fixtures/anmelden.ts';
import { fixtureMandant } from '../../../../test/fixtures/mandant.ts';
import { startTestServer, type TestServer, testDrivers } from '../../../../test/harness.ts';

const json = async <T>(response: Response): Promise<T> => {
  if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);
  return (await response.json()) as T;
};
const morgen = addCalendarDays(berlinDateKey(new Date()), 1);

describe.each(testDrivers())('free lockers and locker upkeep on %s', (driver) => {
  let server: TestServer;
  let raum: string;
  let mitarbeiter: string;
  let standortId: string;
  let bank: TSpindbank;

  beforeAll(async () => {
    server = await startTestServer({ driver, seed: false });
    // a tenant with one location, its administrator (who keeps the lockers), an employee and the platform
    // administrator who switches the lockers on
    const ms = await fixtureMandant(server.database, {
      name: 'Stadtwerke Musterstadt',
      domain: 'musterstadt.example',
      standorte: { rathaus: { name: 'Verwaltung Rathausplatz', bundesland: 'NW' } },
      rollen: { Mitarbeiter: ['fahrzeug_buchen'], Administration: PERMISSION_NAMES },
      benutzer: {
        admin: { vorname: 'Claudia', nachname: 'Wagner', rollen: ['Administration'] },
        mitarbeiter: { vorname: 'Lena', nachname: 'Hoffmann', rollen: ['Mitarbeiter'] },
        plattform: { vorname: 'Petra', nachname: 'Brandt', plattformAdmin: true },
      },
    });
    const platform = await signInAs(server, ms.benutzer.plattform);
    [raum, mitarbeiter] = await Promise.all([
      signInAs(server, ms.benutzer.admin),
      signInAs(server, ms.benutzer.mitarbeiter),
    ]);
    standortId = ms.standorte.rathaus;
    const r = await call(server, platform, 'PUT', `/api/admin/mandanten/${ms.id}/features`, {
      FahrzeugBuchung: true,
      Leseraum: true,
      Arbeitswelt: false,
      Officelocker: true,
      Chatbot: false,
    });
    expect(r.status).toBe(200);
    bank = await json<TSpindbank>(
      await call(server, raum, 'POST', '/api/spindbanken', {
        standortId,
        name: 'Nord',
        anzahl: 3,
        groesse: 'S',
      }),
    );
  });
  afterAll(async () => server?.close());

  const frei = async () =>
    json<TSpindFrei[]>(
      await call(server, mitarbeiter, 'GET', `/api/spinde-frei?tag=${morgen}&standortId=${standortId}`),
    );

  it('changes a locker (size, out of service) only for the place keepers; out of service is not free', async () => {
    const spind = bank.spinde[2]!;
    expect(
      (await call(server, mitarbeiter, 'PATCH', `/api/spinde/${spind.id}`, { groesse: 'L' })).status,
    ).toBe(403);
    const neu = await json<TSpindbank>(
      await call(server, raum, 'PATCH', `/api/spinde/${spind.id}`, {
        groesse: 'L',
        barrierefrei: true,
        ausserBetrieb: true,
      }),
    );
    expect(neu.spinde[2]).toMatchObject({ groesse: 'L', barrierefrei: true, ausserBetrieb: true });
    expect((await frei()).map((s) => s.nummer)).toEqual(['1', '2']);
  });

  it('renames a bank and refuses an unknown one with 404', async () => {
    const neu = await json<TSpindbank>(
      await call(server, raum, 'PATCH', `/api/spindbanken/${bank.id}`, { name: 'Nordflügel' }),
    );
    expect(neu.name).toBe('Nordflügel');
    const fehlt = await call(server, raum, 'PATCH', '/api/spindbanken/00000000-0000-4000-8000-000000000000', {
      name: 'X',
    });
    expect(fehlt.status).toBe(404);
  });

  it('books the locker chosen from the free list; it is no longer free that day', async () => {
    const wahl = (await frei()).find((s) => s.nummer === '2')!;
    expect(wahl.bank).toBe('Nordflügel');
    const r = await call(server, mitarbeiter, 'POST', '/api/spind-buchungen', {
      tag: morgen,
      standortId,
      groesse: 'S',
      spindId: wahl.spindId,
    });
    expect(r.status).toBe(201);
    expect(((await r.json()) as { spindId: string }).spindId).toBe(wahl.spindId);
    expect((await frei()).map((s) => s.nummer)).toEqual(['1']);
  });

  it('lists the locations with their number of banks', async () => {
    const r = await json<{ id: string; banken: number }[]>(
      await call(server, mitarbeiter, 'GET', '/api/spind-standorte'),
    );
    expect(r.find((s) => s.id === standortId)?.banken).toBe(1);
  });

  it('answers 400 for a day that is not a date', async () => {
    const r = await call(server, mitarbeiter, 'GET', `/api/spinde-frei?tag=morgen&standortId=${standortId}`);
    expect(r.status).toBe(400);
  });
});
