import { PERMISSION_NAMES } from '@stellwerk/domain/permissions';
import type { TProtokollPage } from '@stellwerk/domain/verwaltung/admin-stammdaten.api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, errorOf } from '../../../../test/api-call.ts';
import { signInAs } from '../../../../test/fixtures/anmelden.ts';
import { fixtureMandant } from '../../../../test/fixtures/mandant.ts';
import { startTestServer, type TestServer, testDrivers } from '../../../../test/harness.ts';

/** A tenant with its administrator (every right) and a booker without admin access. */
const mandantMitVerwaltung = (
  server: TestServer,
  name: string,
  domain: string,
  vorname: string,
  nachname: string,
) =>
  fixtureMandant(server.database, {
    name,
    domain,
    rollen: { Administration: PERMISSION_NAMES, Mitarbeiter: ['fahrzeug_buchen'] },
    benutzer: {
      admin: { vorname, nachname, rollen: ['Administration'] },
      mitarbeiter: { vorname: 'Lena', nachname: 'Hoffmann', rollen: ['Mitarbeiter'] },
    },
  });

describe.each(testDrivers())('GET /api/admin/protokoll on %s', (driver) => {
  let server: TestServer;
  let ms: Awaited<ReturnType<typeof mandantMitVerwaltung>>;
  let adminMS: string;
  let adminBH: string;
  beforeAll(async () => {
    server = await startTestServer({ driver, seed: false });
    ms = await mandantMitVerwaltung(
      server,
      'Stadtwerke Musterstadt',
      'musterstadt.example',
      'Claudia',
      'Wagner',
    );
    const bh = await mandantMitVerwaltung(
      server,
      'Bibliothek Beispielhausen',
      'beispielhausen.example',
      'Andreas',
      'Schwarz',
    );
    adminMS = await signInAs(server, ms.benutzer.admin);
    adminBH = await signInAs(server, bh.benutzer.admin);
  });
  afterAll(async () => {
    await server?.close();
  });

  const page = async (cookie: string, query = '') => {
    const response = await call(server, cookie, 'GET', `/api/admin/protokoll${query}`);
    expect(response.status).toBe(200);
    return (await response.json()) as TProtokollPage;
  };

  it('refuses without a session (401) and for non-administrators (403)', async () => {
    expect((await call(server, null, 'GET', '/api/admin/protokoll')).status).toBe(401);
    const booker = await call(
      server,
      await signInAs(server, ms.benutzer.mitarbeiter),
      'GET',
      '/api/admin/protokoll',
    );
    expect(booker.status).toBe(403);
    expect((await errorOf(booker)).code).toBe('guard.no_admin');
  });

  it('shows the tenant’s changes newest first with the actor’s name, filtered, and none of another tenant', async () => {
    await call(server, adminMS, 'POST', '/api/admin/ausstattung', { name: 'Tisch' });
    await call(server, adminMS, 'PUT', '/api/customizing/mandant/Zoom', { value: 110 });
    await call(server, adminBH, 'POST', '/api/admin/ausstattung', { name: 'Stuhl' });

    const all = await page(adminMS);
    expect(all.total).toBe(2);
    expect(all.items.map((i) => i.entity)).toEqual(['customizing.mandant', 'ausstattung']);
    expect(all.items[0]).toMatchObject({
      action: 'update',
      entityId: 'Zoom',
      benutzerName: 'Claudia Wagner',
      oldValue: null,
      newValue: { wert: 110 },
    });
    const filtered = await page(adminMS, '?entity=ausstattung&action=create');
    expect(filtered.items).toHaveLength(1);
    expect(filtered.items[0]!.newValue).toEqual({ name: 'Tisch' });
    const byUser = await page(adminMS, `?benutzerId=${all.items[0]!.benutzerId}&limit=1&offset=1`);
    expect(byUser).toMatchObject({ total: 2, limit: 1, offset: 1 });
    expect(byUser.items[0]!.entity).toBe('ausstattung');
    const past = await page(adminMS, '?from=2020-01-01&to=2020-12-31');
    expect(past.total).toBe(0);

    const other = await page(adminBH);
    expect(other.items.map((i) => i.newValue)).toEqual([{ name: 'Stuhl' }]);
  });

  it('bad filters answer 400, never 500', async () => {
    for (const query of ['?limit=0', '?from=gestern', '?benutzerId=x', '?to=2026-02-31']) {
      const response = await call(server, adminMS, 'GET', `/api/admin/protokoll${query}`);
      expect(response.status, query).toBe(400);
    }
  });
});
