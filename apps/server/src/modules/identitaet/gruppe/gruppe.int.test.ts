import type { TApiError } from '@stellwerk/domain/api';
import { PERMISSION_NAMES } from '@stellwerk/domain/permissions';
import type { TBenutzerList, TGruppe, TRolle, TUsage } from '@stellwerk/domain/identitaet/admin-benutzer.api';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs } from '../../../../test/fixtures/anmelden.ts';
import { type FixtureMandant, fixtureMandant } from '../../../../test/fixtures/mandant.ts';
import { startTestServer, type TestServer, testDrivers } from '../../../../test/harness.ts';
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

/**
 * The tenant's roles and its one group "Alle Mitarbeitenden" (holding the role Mitarbeiter) with nine members,
 * among them the administrator and the fleet manager Thomas Becker; and another tenant's administrator.
 */
const mandanten = async (server: TestServer) => {
  const mitglied = (vorname: string, nachname: string, rolle: 'Mitarbeiter' | 'Fuhrparkleitung') => ({
    vorname,
    nachname,
    rollen: [rolle],
    gruppen: ['Alle Mitarbeitenden' as const],
  });
  const musterstadt = await fixtureMandant(server.database, {
    name: 'Stadtwerke Musterstadt',
    domain: 'musterstadt.example',
    rollen: {
      Mitarbeiter: ['fahrzeug_buchen'],
      Fuhrparkleitung: ['fahrzeug_pflege', 'fahrzeug_buchen'],
      Freigabe: ['fahrzeug_freigabe_von_sonderfahrten', 'fahrzeug_buchen'],
      Fahrzeugpflege: ['fahrzeug_pflege'],
      Administration: PERMISSION_NAMES,
    },
    gruppen: { 'Alle Mitarbeitenden': { rollen: ['Mitarbeiter'] } },
    benutzer: {
      admin: {
        vorname: 'Claudia',
        nachname: 'Wagner',
        rollen: ['Administration'],
        gruppen: ['Alle Mitarbeitenden'],
      },
      fuhrpark: mitglied('Thomas', 'Becker', 'Fuhrparkleitung'),
      mitarbeiter: mitglied('Lena', 'Hoffmann', 'Mitarbeiter'),
      freigabe: mitglied('Sabine', 'Krüger', 'Mitarbeiter'),
      fuehrerschein: mitglied('Markus', 'Weber', 'Mitarbeiter'),
      fahrzeugpflege: mitglied('Jonas', 'Schneider', 'Mitarbeiter'),
      zweifaktor: mitglied('Zoe', 'Zweig', 'Mitarbeiter'),
      passwort: mitglied('Paul', 'Wortmann', 'Mitarbeiter'),
      fahrer: mitglied('Uwe', 'Krause', 'Mitarbeiter'),
    },
  });
  const beispielhausen = await fixtureMandant(server.database, {
    name: 'Bibliothek Beispielhausen',
    domain: 'beispielhausen.example',
    rollen: { Administration: PERMISSION_NAMES },
    benutzer: { admin: { vorname: 'Andreas', nachname: 'Schwarz', rollen: ['Administration'] } },
  });
  return { musterstadt, beispielhausen };
};

describe.each(testDrivers())('group administration on %s', (driver) => {
  let server: TestServer;
  let admin: string;
  let rollen: TRolle[];
  let beispielhausen: FixtureMandant<string, string, string, 'admin'>;
  beforeAll(async () => {
    server = await startTestServer({ driver, seed: false });
    const m = await mandanten(server);
    beispielhausen = m.beispielhausen;
    admin = await signInAs(server, m.musterstadt.benutzer.admin);
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
        // the nine members of the fixture
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
    const other = await signInAs(server, beispielhausen.benutzer.admin);
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
