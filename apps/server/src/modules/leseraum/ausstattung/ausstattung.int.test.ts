import type { TAusstattung } from '@stellwerk/domain/verwaltung/admin-stammdaten.api';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, errorOf } from '../../../../test/api-call.ts';
import { signInAs } from '../../../../test/fixtures/anmelden.ts';
import type { PlatzAusstattung } from '../../../../test/fixtures/ausstattung.ts';
import {
  BIBLIOTHEK_LEUTE,
  BIBLIOTHEK_MANDANT,
  BIBLIOTHEK_ROLLEN,
} from '../../../../test/fixtures/leseraum.ts';
import { FREMDER_MANDANT } from '../../../../test/fixtures/fremder-mandant.ts';
import { fixtureMandant } from '../../../../test/fixtures/mandant.ts';
import { startTestServer, type TestServer, testDrivers } from '../../../../test/harness.ts';
import { auditLog } from '../../plattform/audit/audit.public.ts';

/** The reading room's places and what they hold: the projector in one room only. */
const PLAETZE: { bezeichnung: string; kapazitaet?: number; ausstattung: PlatzAusstattung }[] = [
  { bezeichnung: 'Platz 01', ausstattung: { Steckdose: 1, Leselampe: 1, Monitor: 1 } },
  { bezeichnung: 'Platz 02', ausstattung: { Steckdose: 1, Leselampe: 1 } },
  { bezeichnung: 'Gruppenraum 1', kapazitaet: 6, ausstattung: { Steckdose: 4, Whiteboard: 1, Beamer: 1 } },
];
const raeumeMit = (name: string) => PLAETZE.filter((p) => name in p.ausstattung).length;

/**
 * The library's equipment catalogue of five items and the reading room holding them, its room care (who keeps the
 * equipment) and opening-hours keeper (who may not); another tenant with its administrator.
 */
const beispielhausen = (server: TestServer) =>
  fixtureMandant(server.database, {
    ...BIBLIOTHEK_MANDANT,
    rollen: BIBLIOTHEK_ROLLEN,
    benutzer: { fuhrpark: BIBLIOTHEK_LEUTE.fuhrpark, fuehrerschein: BIBLIOTHEK_LEUTE.fuehrerschein },
    ausstattung: ['Steckdose', 'Monitor', 'Leselampe', 'Whiteboard', 'Beamer'],
    grundrisse: {
      lesesaal: { standort: 'bibliothek', bezeichnung: 'Lesesaal Erdgeschoss', plaetze: PLAETZE },
    },
  });
const musterstadt = (server: TestServer) => fixtureMandant(server.database, FREMDER_MANDANT);

describe.each(testDrivers())('/api/admin/ausstattung on %s', (driver) => {
  let server: TestServer;
  let adminMS: string;
  let raumpflegeBH: string;
  let oeffnungBH: string;
  beforeAll(async () => {
    server = await startTestServer({ driver, seed: false });
    const bh = await beispielhausen(server);
    const ms = await musterstadt(server);
    [adminMS, raumpflegeBH, oeffnungBH] = await Promise.all([
      signInAs(server, ms.benutzer.admin),
      signInAs(server, bh.benutzer.fuhrpark),
      signInAs(server, bh.benutzer.fuehrerschein),
    ]);
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
    const response = await call(server, oeffnungBH, 'POST', '/api/admin/ausstattung', { name: 'Sofa' });
    expect(response.status).toBe(403);
    expect(await errorOf(response)).toMatchObject({
      code: 'guard.no_ausstattung',
      message: 'Keine Berechtigung für die Pflege der Ausstattung.',
    });
  });

  it('lists the catalogue by name with the number of rooms using each item', async () => {
    const items = await list(raumpflegeBH);
    expect(items.map((a) => a.name)).toEqual(['Beamer', 'Leselampe', 'Monitor', 'Steckdose', 'Whiteboard']);
    expect(items.find((a) => a.name === 'Steckdose')!.raeume).toBe(raeumeMit('Steckdose'));
    expect(items.find((a) => a.name === 'Beamer')!.raeume).toBe(raeumeMit('Beamer'));
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
