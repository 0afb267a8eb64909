import type { TApiError } from '@stellwerk/domain/api';
import { PERMISSION_NAMES } from '@stellwerk/domain/permissions';
import type { TBenutzerDetail, TRolle, TUsage } from '@stellwerk/domain/identitaet/admin-benutzer.api';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs } from '../../../../test/fixtures/anmelden.ts';
import { type FixtureMandant, fixtureMandant } from '../../../../test/fixtures/mandant.ts';
import { startTestServer, type TestServer, testDrivers } from '../../../../test/harness.ts';
import { auditLog } from '../../plattform/audit/audit.public.ts';
import { rollePermission } from './rolle.table.ts';

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
 * The library's roles, its group "Alle Mitarbeitenden" holding the role Mitarbeiter with all seven users, and each
 * user's own role (two of them Mitarbeiter: the reader Anna Schulz and Frieda Kaiser); another tenant's administrator.
 */
const mandanten = async (server: TestServer) => {
  const person = (
    vorname: string,
    nachname: string,
    rolle:
      | 'Mitarbeiter'
      | 'Raumpflege'
      | 'Buchungsverwaltung'
      | 'Öffnungszeitenpflege'
      | 'Benutzerverwaltung'
      | 'Administration',
  ) => ({ vorname, nachname, rollen: [rolle], gruppen: ['Alle Mitarbeitenden' as const] });
  const beispielhausen = await fixtureMandant(server.database, {
    name: 'Bibliothek Beispielhausen',
    domain: 'beispielhausen.example',
    rollen: {
      Mitarbeiter: [],
      Raumpflege: ['objekt_pflege', 'ausstattungs_pflege', 'auslastung_sehen'],
      Buchungsverwaltung: ['buchung_pflege'],
      Öffnungszeitenpflege: ['oeffnungszeiten_pflege'],
      Benutzerverwaltung: ['benutzer_pflegen', 'berechtigungs_pflege'],
      Administration: PERMISSION_NAMES,
    },
    gruppen: { 'Alle Mitarbeitenden': { rollen: ['Mitarbeiter'] } },
    benutzer: {
      mitarbeiter: person('Anna', 'Schulz', 'Mitarbeiter'),
      fuhrpark: person('Michael', 'Fischer', 'Raumpflege'),
      freigabe: person('Julia', 'Meyer', 'Buchungsverwaltung'),
      fuehrerschein: person('Stefan', 'Wolf', 'Öffnungszeitenpflege'),
      fahrzeugpflege: person('Katrin', 'Neumann', 'Benutzerverwaltung'),
      admin: person('Andreas', 'Schwarz', 'Administration'),
      faktor: person('Frieda', 'Kaiser', 'Mitarbeiter'),
    },
  });
  const musterstadt = await fixtureMandant(server.database, {
    name: 'Stadtwerke Musterstadt',
    domain: 'musterstadt.example',
    rollen: { Administration: PERMISSION_NAMES },
    benutzer: { admin: { vorname: 'Claudia', nachname: 'Wagner', rollen: ['Administration'] } },
  });
  return { beispielhausen, musterstadt };
};

describe.each(testDrivers())('role administration on %s', (driver) => {
  let server: TestServer;
  let admin: string;
  let musterstadt: FixtureMandant<string, string, string, 'admin'>;
  beforeAll(async () => {
    server = await startTestServer({ driver, seed: false });
    const m = await mandanten(server);
    musterstadt = m.musterstadt;
    admin = await signInAs(server, m.beispielhausen.benutzer.admin);
  });
  afterAll(async () => {
    await server?.close();
  });

  const grantsOf = async (rolleId: string) =>
    (
      await server.database.db
        .select({ name: rollePermission.permissionName, wert: rollePermission.wert })
        .from(rollePermission)
        .where(eq(rollePermission.rolleId, rolleId))
    ).sort((a, b) => a.name.localeCompare(b.name));

  it('lists the tenant’s roles with permissions and how many users hold each', async () => {
    const answer = await call(server, admin, 'GET', '/api/admin/rollen');
    expect(answer.status).toBe(200);
    const rollen = answer.body as TRolle[];
    expect(rollen.map((r) => r.name)).toContain('Raumpflege');
    const raumpflege = rollen.find((r) => r.name === 'Raumpflege')!;
    // the room keepers see the office utilisation too (decision 165)
    expect(raumpflege.permissions.map((p) => p.name).sort()).toEqual([
      'auslastung_sehen',
      'ausstattungs_pflege',
      'objekt_pflege',
    ]);
    expect(raumpflege.benutzerAnzahl).toBe(1);
    // Mitarbeiter: two users directly (Anna Schulz and Frieda Kaiser), everyone through the group "Alle
    // Mitarbeitenden", each counted once: the seven users.
    expect(rollen.find((r) => r.name === 'Mitarbeiter')!.benutzerAnzahl).toBe(7);
  });

  it('writes permissions through rolle_permission: added inserted, changed updated, removed deleted', async () => {
    const created = await call(server, admin, 'POST', '/api/admin/rollen', {
      name: 'Schichtleitung',
      permissions: [
        { name: 'buchung_pflege', wert: 'true' },
        { name: 'objekt_pflege', wert: 'true' },
      ],
    });
    expect(created.status).toBe(201);
    const rolle = created.body as TRolle;
    expect(await grantsOf(rolle.id)).toEqual([
      { name: 'buchung_pflege', wert: 'true' },
      { name: 'objekt_pflege', wert: 'true' },
    ]);
    const updated = await call(server, admin, 'PUT', `/api/admin/rollen/${rolle.id}`, {
      name: 'Schichtleitung Nord',
      permissions: [
        { name: 'buchung_pflege', wert: 'false' },
        { name: 'oeffnungszeiten_pflege', wert: 'true' },
      ],
    });
    expect(updated.status).toBe(200);
    expect((updated.body as TRolle).name).toBe('Schichtleitung Nord');
    expect(await grantsOf(rolle.id)).toEqual([
      { name: 'buchung_pflege', wert: 'false' },
      { name: 'oeffnungszeiten_pflege', wert: 'true' },
    ]);
    const audit = await server.database.db
      .select({ action: auditLog.action, oldValue: auditLog.oldValue, newValue: auditLog.newValue })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'rolle'), eq(auditLog.entityId, rolle.id)))
      .orderBy(auditLog.at);
    expect(audit.map((a) => a.action)).toEqual(['create', 'update']);
    expect(audit[1]?.oldValue).toMatchObject({ name: 'Schichtleitung' });
    expect(audit[1]?.newValue).toMatchObject({ name: 'Schichtleitung Nord' });
  });

  it('a role name is unique in the tenant (ignoring case) and answers a catalogue conflict at the field', async () => {
    const answer = await call(server, admin, 'POST', '/api/admin/rollen', { name: 'raumpflege' });
    expect(answer.status).toBe(409);
    expect((answer.body as TApiError).error).toMatchObject({
      code: 'rolle.name_vergeben',
      params: { name: 'raumpflege', field: 'name' },
      message: 'Eine Rolle mit dem Namen raumpflege gibt es bereits.',
    });
    // The same name in another tenant is fine.
    const other = await signInAs(server, musterstadt.benutzer.admin);
    expect((await call(server, other, 'POST', '/api/admin/rollen', { name: 'Raumpflege' })).status).toBe(201);
    expect((await call(server, admin, 'POST', '/api/admin/rollen', { name: ' ' })).status).toBe(400);
  });

  it('usage names the affected users; deleting removes the role from its users and is audited', async () => {
    const rolle = (
      await call(server, admin, 'POST', '/api/admin/rollen', {
        name: 'Zum Löschen',
        permissions: [{ name: 'buchung_pflege', wert: 'true' }],
      })
    ).body as TRolle;
    const list = (await call(server, admin, 'GET', '/api/admin/benutzer?q=mitarbeiter@')).body as {
      items: TBenutzerDetail[];
    };
    const anna = list.items[0]!;
    await call(server, admin, 'PUT', `/api/admin/benutzer/${anna.id}`, {
      vorname: anna.vorname,
      nachname: anna.nachname,
      email: anna.email,
      username: anna.username,
      employeeId: anna.employeeId,
      rolleIds: [...anna.rollen.map((r) => r.id), rolle.id],
      gruppeIds: anna.gruppen.map((g) => g.id),
    });
    expect((await call(server, admin, 'GET', `/api/admin/rollen/${rolle.id}/usage`)).body as TUsage).toEqual({
      benutzerAnzahl: 1,
    });
    expect((await call(server, admin, 'DELETE', `/api/admin/rollen/${rolle.id}`)).status).toBe(204);
    expect((await call(server, admin, 'GET', `/api/admin/rollen/${rolle.id}/usage`)).status).toBe(404);
    const after = (await call(server, admin, 'GET', `/api/admin/benutzer/${anna.id}`))
      .body as TBenutzerDetail;
    expect(after.rollen.map((r) => r.name)).toEqual(['Mitarbeiter']);
    const audit = await server.database.db
      .select({ action: auditLog.action, oldValue: auditLog.oldValue })
      .from(auditLog)
      .where(
        and(eq(auditLog.entity, 'rolle'), eq(auditLog.entityId, rolle.id), eq(auditLog.action, 'delete')),
      );
    expect(audit[0]?.oldValue).toMatchObject({ name: 'Zum Löschen', benutzerAnzahl: 1 });
  });
});
