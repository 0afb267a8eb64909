import type { TApiError } from '@stellwerk/domain/api';
import type { TBenutzerList, TGruppe, TRolle, TUsage } from '@stellwerk/domain/identitaet/admin-benutzer.api';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startTestServer, type TestServer, testDrivers } from '../../../../test/harness.ts';
import { auditLog } from '../../plattform/audit/audit.public.ts';
import { gruppeRolle } from './gruppe.table.ts';

const call = async (server: TestServer, cookie: string, method: string, path: string, body?: unknown) => {
  const headers: Record<string, string> = { cookie, origin: server.baseUrl };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as unknown };
};

describe.each(testDrivers())('group administration on %s', (driver) => {
  let server: TestServer;
  let admin: string;
  let rollen: TRolle[];
  beforeAll(async () => {
    server = await startTestServer({ driver });
    admin = await signIn(server.baseUrl, 'admin@musterstadt.example');
    rollen = (await call(server, admin, 'GET', '/api/admin/rollen')).body as TRolle[];
  });
  afterAll(async () => {
    await server?.close();
  });

  const rolle = (name: string) => rollen.find((r) => r.name === name)!.id;
  const linksOf = async (gruppeId: string) =>
    (
      await server.database.db
        .select({ rolleId: gruppeRolle.rolleId })
        .from(gruppeRolle)
        .where(eq(gruppeRolle.gruppeId, gruppeId))
    )
      .map((r) => r.rolleId)
      .sort();

  it('lists groups with their roles and members', async () => {
    const gruppen = (await call(server, admin, 'GET', '/api/admin/gruppen')).body as TGruppe[];
    expect(gruppen).toEqual([
      {
        id: expect.any(String),
        name: 'Alle Mitarbeitenden',
        rollen: [{ id: rolle('Mitarbeiter'), name: 'Mitarbeiter' }],
        // the six sign-ins, the lapsed demo driver and the users of the two-factor and password-change journeys
        benutzerAnzahl: 9,
      },
    ]);
  });

  it('writes roles through gruppe_rolle: added inserted, removed deleted; audited with old and new', async () => {
    const created = await call(server, admin, 'POST', '/api/admin/gruppen', {
      name: 'Fuhrpark',
      rolleIds: [rolle('Fuhrparkleitung'), rolle('Freigabe')],
    });
    expect(created.status).toBe(201);
    const gruppe = created.body as TGruppe;
    expect(await linksOf(gruppe.id)).toEqual([rolle('Fuhrparkleitung'), rolle('Freigabe')].sort());
    const updated = await call(server, admin, 'PUT', `/api/admin/gruppen/${gruppe.id}`, {
      name: 'Fuhrpark Nord',
      rolleIds: [rolle('Freigabe'), rolle('Fahrzeugpflege')],
    });
    expect(updated.status).toBe(200);
    expect(await linksOf(gruppe.id)).toEqual([rolle('Freigabe'), rolle('Fahrzeugpflege')].sort());
    const audit = await server.database.db
      .select({ action: auditLog.action, oldValue: auditLog.oldValue, newValue: auditLog.newValue })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'gruppe'), eq(auditLog.entityId, gruppe.id)))
      .orderBy(auditLog.at);
    expect(audit.map((a) => a.action)).toEqual(['create', 'update']);
    expect(audit[1]?.oldValue).toEqual({ name: 'Fuhrpark', rollen: ['Freigabe', 'Fuhrparkleitung'] });
    expect(audit[1]?.newValue).toEqual({ name: 'Fuhrpark Nord', rollen: ['Fahrzeugpflege', 'Freigabe'] });
  });

  it('refuses a taken name and a role of another tenant', async () => {
    const taken = await call(server, admin, 'POST', '/api/admin/gruppen', { name: 'alle mitarbeitenden' });
    expect(taken.status).toBe(409);
    expect((taken.body as TApiError).error.code).toBe('gruppe.name_vergeben');
    const other = await signIn(server.baseUrl, 'admin@beispielhausen.example');
    const foreign = await call(server, other, 'POST', '/api/admin/gruppen', {
      name: 'Mit fremder Rolle',
      rolleIds: [rolle('Mitarbeiter')],
    });
    expect(foreign.status).toBe(400);
    expect((foreign.body as TApiError).error.code).toBe('benutzer.rolle_unbekannt');
  });

  it('usage counts the members; deleting the group removes its memberships and is audited', async () => {
    const gruppe = (await call(server, admin, 'POST', '/api/admin/gruppen', { name: 'Projekt' }))
      .body as TGruppe;
    const list = (await call(server, admin, 'GET', '/api/admin/benutzer?q=fuhrpark@')).body as TBenutzerList;
    const thomas = list.items[0]!;
    await call(server, admin, 'PUT', `/api/admin/benutzer/${thomas.id}`, {
      vorname: thomas.vorname,
      nachname: thomas.nachname,
      email: thomas.email,
      username: thomas.username,
      rolleIds: thomas.rollen.map((r) => r.id),
      gruppeIds: [...thomas.gruppen.map((g) => g.id), gruppe.id],
    });
    expect(
      (await call(server, admin, 'GET', `/api/admin/gruppen/${gruppe.id}/usage`)).body as TUsage,
    ).toEqual({
      benutzerAnzahl: 1,
    });
    expect((await call(server, admin, 'DELETE', `/api/admin/gruppen/${gruppe.id}`)).status).toBe(204);
    expect((await call(server, admin, 'DELETE', `/api/admin/gruppen/${gruppe.id}`)).status).toBe(404);
    const after = (await call(server, admin, 'GET', `/api/admin/benutzer/${thomas.id}`))
      .body as TBenutzerList['items'][0];
    expect(after.gruppen.map((g) => g.name)).toEqual(['Alle Mitarbeitenden']);
    const audit = await server.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'gruppe'), eq(auditLog.entityId, gruppe.id)));
    expect(audit.map((a) => a.action).sort()).toEqual(['create', 'delete']);
  });
});
