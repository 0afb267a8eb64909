import type { TApiError } from '@stellwerk/domain/api';
import { PERMISSION_NAMES } from '@stellwerk/domain/permissions';
import type { TBenutzerList, TGruppe, TRolle } from '@stellwerk/domain/identitaet/admin-benutzer.api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs } from '../../../../test/fixtures/anmelden.ts';
import { type FixtureMandant, fixtureMandant } from '../../../../test/fixtures/mandant.ts';
import { startTestServer, type TestServer, testDrivers } from '../../../../test/harness.ts';

type Endpoint = { method: string; path: string; body?: unknown };

const request = async (server: TestServer, cookie: string | undefined, { method, path, body }: Endpoint) => {
  const headers: Record<string, string> = { origin: server.baseUrl };
  if (cookie) headers.cookie = cookie;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as TApiError };
};

const ANY_ID = '00000000-0000-4000-8000-000000000001';
const USER_BODY = { vorname: 'A', nachname: 'B', email: 'a.b@beispielhausen.example' };
const CSV = { csv: 'vorname;nachname;email\nA;B;c.d@beispielhausen.example' };

const benutzerEndpoints = (id: string): Endpoint[] => [
  { method: 'GET', path: '/api/admin/benutzer' },
  { method: 'GET', path: '/api/admin/benutzer/optionen' },
  { method: 'GET', path: `/api/admin/benutzer/${id}` },
  { method: 'POST', path: '/api/admin/benutzer', body: USER_BODY },
  { method: 'PUT', path: `/api/admin/benutzer/${id}`, body: USER_BODY },
  { method: 'DELETE', path: `/api/admin/benutzer/${id}` },
  { method: 'POST', path: '/api/admin/benutzer/import/preview', body: CSV },
  { method: 'POST', path: '/api/admin/benutzer/import', body: CSV },
];

const rolleGruppeEndpoints = (rolleId: string, gruppeId: string): Endpoint[] => [
  { method: 'GET', path: '/api/admin/rollen' },
  { method: 'POST', path: '/api/admin/rollen', body: { name: 'Neu' } },
  { method: 'PUT', path: `/api/admin/rollen/${rolleId}`, body: { name: 'Neu' } },
  { method: 'GET', path: `/api/admin/rollen/${rolleId}/usage` },
  { method: 'DELETE', path: `/api/admin/rollen/${rolleId}` },
  { method: 'GET', path: '/api/admin/gruppen' },
  { method: 'POST', path: '/api/admin/gruppen', body: { name: 'Neu' } },
  { method: 'PUT', path: `/api/admin/gruppen/${gruppeId}`, body: { name: 'Neu' } },
  { method: 'GET', path: `/api/admin/gruppen/${gruppeId}/usage` },
  { method: 'DELETE', path: `/api/admin/gruppen/${gruppeId}` },
];

const label = (e: Endpoint) => `${e.method} ${e.path}`;

/**
 * The library: a reader without admin rights, room care (admin access, but neither the user nor the role right),
 * the user administrator and the administrator; the fleet tenant: its administrator, a role and a group.
 */
const mandanten = async (server: TestServer) => ({
  bh: await fixtureMandant(server.database, {
    name: 'Bibliothek Beispielhausen',
    domain: 'beispielhausen.example',
    einstellungen: { Sprache: 'de' },
    rollen: {
      Raumpflege: ['objekt_pflege', 'ausstattungs_pflege', 'auslastung_sehen'],
      Benutzerverwaltung: ['benutzer_pflegen', 'berechtigungs_pflege'],
      Administration: PERMISSION_NAMES,
    },
    benutzer: {
      mitarbeiter: { vorname: 'Anna', nachname: 'Schulz' },
      fuhrpark: { vorname: 'Michael', nachname: 'Fischer', rollen: ['Raumpflege'] },
      fahrzeugpflege: { vorname: 'Katrin', nachname: 'Neumann', rollen: ['Benutzerverwaltung'] },
      admin: { vorname: 'Andreas', nachname: 'Schwarz', rollen: ['Administration'] },
    },
  }),
  ms: await fixtureMandant(server.database, {
    name: 'Stadtwerke Musterstadt',
    domain: 'musterstadt.example',
    rollen: { Administration: PERMISSION_NAMES },
    gruppen: { 'Alle Mitarbeitenden': { rollen: ['Administration'] } },
    benutzer: {
      admin: {
        vorname: 'Claudia',
        nachname: 'Wagner',
        rollen: ['Administration'],
        gruppen: ['Alle Mitarbeitenden'],
      },
    },
  }),
});

describe.each(testDrivers())('admin guards of users, groups and roles on %s', (driver) => {
  let server: TestServer;
  let bh: FixtureMandant<string, string, string, 'mitarbeiter' | 'fuhrpark' | 'fahrzeugpflege' | 'admin'>;
  let ms: FixtureMandant<string, string, string, 'admin'>;
  beforeAll(async () => {
    server = await startTestServer({ driver, seed: false });
    ({ bh, ms } = await mandanten(server));
  });
  afterAll(async () => {
    await server?.close();
  });

  it('without a session every endpoint answers 401 auth.unauthenticated, as every route does (decision 126)', async () => {
    for (const endpoint of [
      ...benutzerEndpoints(ANY_ID),
      ...rolleGruppeEndpoints(ANY_ID, ANY_ID),
      { method: 'GET', path: '/api/admin/permissions' },
    ]) {
      const answer = await request(server, undefined, endpoint);
      expect(answer.status, label(endpoint)).toBe(401);
      expect(answer.body.error.code, label(endpoint)).toBe('auth.unauthenticated');
      expect(answer.body.error.message).toBe('Bitte melden Sie sich an.');
    }
  });

  it('a booker without admin rights gets 403 guard.no_admin everywhere', async () => {
    const cookie = await signInAs(server, bh.benutzer.mitarbeiter);
    for (const endpoint of [
      ...benutzerEndpoints(ANY_ID),
      ...rolleGruppeEndpoints(ANY_ID, ANY_ID),
      { method: 'GET', path: '/api/admin/permissions' },
    ]) {
      const answer = await request(server, cookie, endpoint);
      expect(answer.status, label(endpoint)).toBe(403);
      expect(answer.body.error.code, label(endpoint)).toBe('guard.no_admin');
    }
  });

  it('an administrator without the user right gets 403 guard.no_benutzer on the user endpoints', async () => {
    // Raumpflege: objekt_pflege and ausstattungs_pflege, so admin access but neither user nor role right.
    const cookie = await signInAs(server, bh.benutzer.fuhrpark);
    for (const endpoint of benutzerEndpoints(ANY_ID)) {
      const answer = await request(server, cookie, endpoint);
      expect(answer.status, label(endpoint)).toBe(403);
      expect(answer.body.error.code, label(endpoint)).toBe('guard.no_benutzer');
    }
  });

  it('an administrator without the role/group right gets 403 guard.no_rolle_gruppe on roles, groups and permissions', async () => {
    const cookie = await signInAs(server, bh.benutzer.fuhrpark);
    for (const endpoint of [
      ...rolleGruppeEndpoints(ANY_ID, ANY_ID),
      { method: 'GET', path: '/api/admin/permissions' },
    ]) {
      const answer = await request(server, cookie, endpoint);
      expect(answer.status, label(endpoint)).toBe(403);
      expect(answer.body.error.code, label(endpoint)).toBe('guard.no_rolle_gruppe');
    }
  });

  it('the user administrator of Beispielhausen passes the guards and lists the 15 permissions (spec §6, auslastung_sehen and auswertung_sehen)', async () => {
    const cookie = await signInAs(server, bh.benutzer.fahrzeugpflege);
    expect((await request(server, cookie, { method: 'GET', path: '/api/admin/benutzer' })).status).toBe(200);
    expect((await request(server, cookie, { method: 'GET', path: '/api/admin/rollen' })).status).toBe(200);
    const permissions = await request(server, cookie, { method: 'GET', path: '/api/admin/permissions' });
    expect(permissions.status).toBe(200);
    expect(permissions.body).toHaveLength(15);
  });

  it('another tenant’s users, roles and groups answer 404 on GET, PUT and DELETE', async () => {
    const adminMs = await signInAs(server, ms.benutzer.admin);
    const adminBh = await signInAs(server, bh.benutzer.admin);
    const users = (await request(server, adminMs, { method: 'GET', path: '/api/admin/benutzer' }))
      .body as unknown as TBenutzerList;
    const rollen = (await request(server, adminMs, { method: 'GET', path: '/api/admin/rollen' }))
      .body as unknown as TRolle[];
    const gruppen = (await request(server, adminMs, { method: 'GET', path: '/api/admin/gruppen' }))
      .body as unknown as TGruppe[];
    const userId = users.items[0]!.id;
    const rolleId = rollen[0]!.id;
    const gruppeId = gruppen[0]!.id;
    const foreign = [
      ...benutzerEndpoints(userId).filter((e) => e.path.includes(userId)),
      ...rolleGruppeEndpoints(rolleId, gruppeId).filter(
        (e) => e.path.includes(rolleId) || e.path.includes(gruppeId),
      ),
    ];
    for (const endpoint of foreign) {
      const answer = await request(server, adminBh, endpoint);
      expect(answer.status, label(endpoint)).toBe(404);
      expect(answer.body.error.code, label(endpoint)).toBe('not_found');
    }
    // Still there for their own tenant.
    for (const endpoint of foreign.filter((e) => e.method === 'GET')) {
      expect((await request(server, adminMs, endpoint)).status, label(endpoint)).toBe(200);
    }
  });
});
