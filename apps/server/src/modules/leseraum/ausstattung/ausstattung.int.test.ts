import type { TAusstattung } from '@stellwerk/domain/verwaltung/admin-stammdaten.api';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, errorOf } from '../../../../test/api-call.ts';
import { signIn, startTestServer, type TestServer, testDrivers } from '../../../../test/harness.ts';
import { auditLog } from '../../plattform/audit/audit.public.ts';

describe.each(testDrivers())('/api/admin/ausstattung on %s', (driver) => {
  let server: TestServer;
  let adminMS: string;
  let raumpflegeBH: string;
  beforeAll(async () => {
    server = await startTestServer({ driver });
    adminMS = await signIn(server.baseUrl, 'admin@musterstadt.example');
    raumpflegeBH = await signIn(server.baseUrl, 'fuhrpark@beispielhausen.example');
  });
  afterAll(async () => {
    await server?.close();
  });

  const list = async (cookie: string) => {
    const response = await call(server, cookie, 'GET', '/api/admin/ausstattung');
    expect(response.status).toBe(200);
    return (await response.json()) as TAusstattung[];
  };

  it('refuses without a session (401) and without the equipment right (403 guard.no_ausstattung)', async () => {
    expect((await call(server, null, 'GET', '/api/admin/ausstattung')).status).toBe(401);
    const oeffnung = await signIn(server.baseUrl, 'fuehrerschein@beispielhausen.example');
    const response = await call(server, oeffnung, 'POST', '/api/admin/ausstattung', { name: 'Sofa' });
    expect(response.status).toBe(403);
    expect(await errorOf(response)).toMatchObject({
      code: 'guard.no_ausstattung',
      message: 'Keine Berechtigung für die Pflege der Ausstattung.',
    });
  });

  it('lists the catalogue by name with the number of rooms using each item', async () => {
    const items = await list(raumpflegeBH);
    expect(items.map((a) => a.name)).toEqual(['Beamer', 'Leselampe', 'Monitor', 'Steckdose', 'Whiteboard']);
    expect(items.find((a) => a.name === 'Steckdose')!.raeume).toBe(22);
    expect(items.find((a) => a.name === 'Beamer')!.raeume).toBe(1);
  });

  it('creates, renames and deletes unused equipment with audit rows; names are unique per tenant', async () => {
    const created = await call(server, raumpflegeBH, 'POST', '/api/admin/ausstattung', { name: ' Sofa ' });
    expect(created.status).toBe(201);
    const sofa = (await created.json()) as TAusstattung;
    expect(sofa).toMatchObject({ name: 'Sofa', raeume: 0 });
    const twice = await call(server, raumpflegeBH, 'POST', '/api/admin/ausstattung', { name: 'Sofa' });
    expect(twice.status).toBe(409);
    expect((await errorOf(twice)).code).toBe('ausstattung.name_vergeben');
    // The same name in the other tenant is fine.
    expect((await call(server, adminMS, 'POST', '/api/admin/ausstattung', { name: 'Sofa' })).status).toBe(
      201,
    );
    const renamed = await call(server, raumpflegeBH, 'PUT', `/api/admin/ausstattung/${sofa.id}`, {
      name: 'Sessel',
    });
    expect(renamed.status).toBe(200);
    expect(((await renamed.json()) as TAusstattung).name).toBe('Sessel');
    expect((await call(server, raumpflegeBH, 'DELETE', `/api/admin/ausstattung/${sofa.id}`)).status).toBe(
      204,
    );
    const audit = await server.database.db
      .select({ action: auditLog.action, newValue: auditLog.newValue })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'ausstattung'), eq(auditLog.entityId, sofa.id)))
      .orderBy(auditLog.at);
    expect(audit).toEqual([
      { action: 'create', newValue: { name: 'Sofa' } },
      { action: 'update', newValue: { name: 'Sessel' } },
      { action: 'delete', newValue: null },
    ]);
  });

  it('equipment used by rooms cannot be deleted: 409 with how many rooms', async () => {
    const beamer = (await list(raumpflegeBH)).find((a) => a.name === 'Beamer')!;
    const response = await call(server, raumpflegeBH, 'DELETE', `/api/admin/ausstattung/${beamer.id}`);
    expect(response.status).toBe(409);
    expect((await errorOf(response)).message).toBe(
      'Die Ausstattung Beamer ist 1 Raum zugeordnet und kann nicht gelöscht werden.',
    );
  });

  it('another tenant’s equipment answers 404', async () => {
    const beamer = (await list(raumpflegeBH)).find((a) => a.name === 'Beamer')!;
    expect(
      (await call(server, adminMS, 'PUT', `/api/admin/ausstattung/${beamer.id}`, { name: 'X' })).status,
    ).toBe(404);
    expect((await call(server, adminMS, 'DELETE', `/api/admin/ausstattung/${beamer.id}`)).status).toBe(404);
    expect((await list(raumpflegeBH)).find((a) => a.id === beamer.id)!.name).toBe('Beamer');
  });
});
