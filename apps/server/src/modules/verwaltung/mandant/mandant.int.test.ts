import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { TMe } from '@stellwerk/domain/api';
import type { TMandant, TProtokollPage } from '@stellwerk/domain/verwaltung/admin-stammdaten.api';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, errorOf } from '../../../../test/api-call.ts';
import { signInAs } from '../../../../test/fixtures/anmelden.ts';
import { fixtureMandant } from '../../../../test/fixtures/mandant.ts';
import { FIXTURE_PASSWORD } from '../../../../test/fixtures/passwort.ts';
import {
  ADMIN,
  ADMINISTRATION,
  ANDERER_MANDANT,
  PLATTFORM_ADMIN,
} from '../../../../test/fixtures/verwaltung.ts';
import { startTestServer, type TestServer, testDrivers } from '../../../../test/harness.ts';
import { auditLog } from '../../plattform/audit/audit.public.ts';
import { EVENTS_CHANNEL } from '../../plattform/events/events.service.ts';
import { mandantDomain } from './mandant.table.ts';

const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

/** A plan's drawing: an SVG of its size. */
const PLAN_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 800"><rect width="1200" height="800" fill="#fff"/></svg>';

/**
 * The two tenants the list shows: Stadtwerke Musterstadt (the legacy customer name SWM Musterstadt GmbH, the vehicle
 * booking on) with ten people, the platform administrator Petra Brandt and the administrator Claudia Wagner among
 * them; Bibliothek Beispielhausen (reading rooms on, vehicle booking off) with a reader, an administrator and a
 * reading room whose drawing is a stored file.
 */
const mandanten = async (server: TestServer) => {
  const ms = await fixtureMandant(server.database, {
    name: 'Stadtwerke Musterstadt',
    domain: 'musterstadt.example',
    kundenname: 'SWM Musterstadt GmbH',
    features: { FahrzeugBuchung: true },
    rollen: ADMINISTRATION,
    benutzer: {
      plattform: PLATTFORM_ADMIN,
      admin: ADMIN,
      ...Object.fromEntries(
        Array.from({ length: 8 }, (_, i) => [
          `kollege${i + 1}`,
          { vorname: 'Kollege', nachname: `${i + 1}` },
        ]),
      ),
    },
  });
  const bh = await fixtureMandant(server.database, {
    name: 'Bibliothek Beispielhausen',
    domain: 'beispielhausen.example',
    features: { FahrzeugBuchung: false, Leseraum: true },
    standorte: ANDERER_MANDANT.standorte,
    rollen: ADMINISTRATION,
    benutzer: { ...ANDERER_MANDANT.benutzer, mitarbeiter: { vorname: 'Anna', nachname: 'Schulz' } },
    grundrisse: {
      lesesaal: { standort: 'bibliothek', bezeichnung: 'Lesesaal Erdgeschoss', plaetze: ['Platz 01'] },
    },
  });
  // the plan's drawing, uploaded as the rooms' administration does
  const form = new FormData();
  form.append('file', new Blob([PLAN_SVG], { type: 'image/svg+xml' }), 'lesesaal.svg');
  const upload = await fetch(
    `${server.baseUrl}/api/admin/raeume/grundrisse/${bh.grundrisse.lesesaal.id}/plan`,
    {
      method: 'POST',
      headers: { origin: server.baseUrl, cookie: await signInAs(server, bh.benutzer.admin) },
      body: form,
    },
  );
  expect(upload.status).toBe(200);
  return { ms, bh };
};

describe.each(testDrivers())('/api/admin/mandanten on %s', (driver) => {
  let server: TestServer;
  let platform: string;
  let admin: string;
  let leser: { email: string };
  beforeAll(async () => {
    server = await startTestServer({ driver, seed: false });
    const { ms, bh } = await mandanten(server);
    [platform, admin] = await Promise.all([
      signInAs(server, ms.benutzer.plattform),
      signInAs(server, ms.benutzer.admin),
    ]);
    leser = bh.benutzer.mitarbeiter;
  });
  afterAll(async () => {
    await server?.close();
  });

  const list = async () => {
    const response = await call(server, platform, 'GET', '/api/admin/mandanten');
    expect(response.status).toBe(200);
    return (await response.json()) as TMandant[];
  };

  it('is for platform administrators only: 401 without a session, 403 for a tenant administrator', async () => {
    expect((await call(server, null, 'GET', '/api/admin/mandanten')).status).toBe(401);
    for (const [method, body] of [
      ['GET', undefined],
      ['POST', { name: 'X', domains: [] }],
    ] as const) {
      const response = await call(server, admin, method, '/api/admin/mandanten', body);
      expect(response.status).toBe(403);
      expect((await errorOf(response)).code).toBe('guard.no_plattform_admin');
    }
  });

  it('lists every tenant with domains, feature switches and number of users', async () => {
    const tenants = await list();
    const ms = tenants.find((t) => t.name === 'Stadtwerke Musterstadt')!;
    expect(ms.domains).toEqual(['musterstadt.example']);
    expect(ms.features.FahrzeugBuchung).toBe(true);
    // the ten people of the fixture, the platform administrator too
    expect(ms.benutzerAnzahl).toBe(10);
    const bh = tenants.find((t) => t.name === 'Bibliothek Beispielhausen')!;
    expect(bh.features).toMatchObject({ FahrzeugBuchung: false, Leseraum: true });
  });

  it('creates a tenant with lower-cased domains; a domain of another tenant or an invalid one is refused', async () => {
    const taken = await call(server, platform, 'POST', '/api/admin/mandanten', {
      name: 'Kopie',
      domains: ['MUSTERSTADT.example'],
    });
    expect(taken.status).toBe(409);
    expect(await errorOf(taken)).toMatchObject({
      code: 'mandant.domain_vergeben',
      message: 'Die Domain musterstadt.example gehört bereits zu einem anderen Mandanten.',
    });
    const invalid = await call(server, platform, 'POST', '/api/admin/mandanten', {
      name: 'Kopie',
      domains: ['https://kopie.example'],
    });
    expect(invalid.status).toBe(400);
    expect((await errorOf(invalid)).code).toBe('mandant.domain_ungueltig');
    expect((await list()).some((t) => t.name === 'Kopie')).toBe(false);

    const created = await call(server, platform, 'POST', '/api/admin/mandanten', {
      name: 'Gemeinde Neudorf',
      domains: [' Neudorf.Example ', 'rathaus.neudorf.example'],
    });
    expect(created.status).toBe(201);
    const neudorf = (await created.json()) as TMandant;
    expect(neudorf.domains).toEqual(['neudorf.example', 'rathaus.neudorf.example']);
    expect(neudorf.benutzerAnzahl).toBe(0);
  });

  it('saving syncs the domains (missing added, removed deleted) and writes an audit row', async () => {
    const neudorf = (await list()).find((t) => t.name === 'Gemeinde Neudorf')!;
    const response = await call(server, platform, 'PUT', `/api/admin/mandanten/${neudorf.id}`, {
      name: 'Gemeinde Neudorf am See',
      domains: ['neudorf.example', 'see.example'],
    });
    expect(response.status).toBe(200);
    const saved = (await response.json()) as TMandant;
    expect(saved.name).toBe('Gemeinde Neudorf am See');
    expect(saved.domains).toEqual(['neudorf.example', 'see.example']);
    const rows = await server.database.db
      .select({ domain: mandantDomain.domain })
      .from(mandantDomain)
      .where(eq(mandantDomain.mandantId, neudorf.id));
    expect(rows.map((r) => r.domain).sort()).toEqual(['neudorf.example', 'see.example']);
    const audit = await server.database.db
      .select({ action: auditLog.action, oldValue: auditLog.oldValue, newValue: auditLog.newValue })
      .from(auditLog)
      .where(eq(auditLog.entityId, neudorf.id))
      .orderBy(auditLog.at);
    expect(audit.map((a) => a.action)).toEqual(['create', 'update']);
    expect(audit[1]!.newValue).toMatchObject({
      hinzugefuegt: ['see.example'],
      entfernt: ['rathaus.neudorf.example'],
    });
  });

  it('shows and changes the legacy customer name (kundenname); a save without it keeps it', async () => {
    const list = (await (await call(server, platform, 'GET', '/api/admin/mandanten')).json()) as TMandant[];
    const ms = list.find((m) => m.name === 'Stadtwerke Musterstadt')!;
    expect(ms.kundenname).toBe('SWM Musterstadt GmbH');
    const renamed = await call(server, platform, 'PUT', `/api/admin/mandanten/${ms.id}`, {
      name: ms.name,
      kundenname: '  SWM Holding  ',
      domains: ms.domains,
    });
    expect(renamed.status).toBe(200);
    expect(((await renamed.json()) as TMandant).kundenname).toBe('SWM Holding');
    const kept = await call(server, platform, 'PUT', `/api/admin/mandanten/${ms.id}`, {
      name: ms.name,
      domains: ms.domains,
    });
    expect(((await kept.json()) as TMandant).kundenname).toBe('SWM Holding');
    const cleared = await call(server, platform, 'PUT', `/api/admin/mandanten/${ms.id}`, {
      name: ms.name,
      kundenname: '',
      domains: ms.domains,
    });
    expect(((await cleared.json()) as TMandant).kundenname).toBeNull();
  });

  it('switches features (upsert), publishes a mandant event to that tenant and the tenant sees it', async () => {
    const bh = (await list()).find((t) => t.name === 'Bibliothek Beispielhausen')!;
    const events: { mandantId: string; event: unknown }[] = [];
    const unlisten = await server.database.listen(EVENTS_CHANNEL, (p) => events.push(JSON.parse(p)));
    const response = await call(server, platform, 'PUT', `/api/admin/mandanten/${bh.id}/features`, {
      FahrzeugBuchung: true,
      Leseraum: true,
      Arbeitswelt: true,
      Officelocker: false,
      Chatbot: false,
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as TMandant).features).toMatchObject({
      FahrzeugBuchung: true,
      Arbeitswelt: true,
    });
    await settle();
    await unlisten();
    expect(events).toContainEqual(
      expect.objectContaining({ mandantId: bh.id, event: { type: 'mandant', id: bh.id } }),
    );
    const me = await call(server, await signInAs(server, leser), 'GET', '/api/me');
    expect(((await me.json()) as TMe).features.FahrzeugBuchung).toBe(true);
  });

  it('deleting needs the exact name, refuses the own tenant, then removes domains and tenant', async () => {
    const tenants = await list();
    const neudorf = tenants.find((t) => t.name === 'Gemeinde Neudorf am See')!;
    const wrong = await call(server, platform, 'DELETE', `/api/admin/mandanten/${neudorf.id}`, {
      confirmName: 'Neudorf',
    });
    expect(wrong.status).toBe(400);
    expect((await errorOf(wrong)).code).toBe('mandant.name_bestaetigung_falsch');
    const own = tenants.find((t) => t.name === 'Stadtwerke Musterstadt')!;
    const ownResponse = await call(server, platform, 'DELETE', `/api/admin/mandanten/${own.id}`, {
      confirmName: 'Stadtwerke Musterstadt',
    });
    expect(ownResponse.status).toBe(409);
    expect((await errorOf(ownResponse)).code).toBe('mandant.eigener_mandant');

    const ok = await call(server, platform, 'DELETE', `/api/admin/mandanten/${neudorf.id}`, {
      confirmName: 'Gemeinde Neudorf am See',
    });
    expect(ok.status).toBe(204);
    expect((await list()).some((t) => t.id === neudorf.id)).toBe(false);
    const domains = await server.database.db
      .select({ domain: mandantDomain.domain })
      .from(mandantDomain)
      .where(eq(mandantDomain.mandantId, neudorf.id));
    expect(domains).toEqual([]);
    const gone = await call(server, platform, 'PUT', `/api/admin/mandanten/${neudorf.id}`, {
      name: 'X',
      domains: [],
    });
    expect(gone.status).toBe(404);
    const audit = await server.database.db
      .select({ action: auditLog.action, mandantId: auditLog.mandantId })
      .from(auditLog)
      .where(eq(auditLog.entityId, neudorf.id));
    expect(audit.map((a) => a.action)).toContain('delete');
    // Platform actions belong to no tenant's log.
    expect(new Set(audit.map((a) => a.mandantId))).toEqual(new Set([null]));
  });

  it('platform administrators read the tenant-management log; tenant administrators never see it', async () => {
    const response = await call(
      server,
      platform,
      'GET',
      '/api/admin/mandanten/protokoll?entity=mandant&action=delete',
    );
    expect(response.status).toBe(200);
    const page = (await response.json()) as TProtokollPage;
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({
      benutzerName: 'Petra Brandt',
      oldValue: { name: 'Gemeinde Neudorf am See', domains: ['neudorf.example', 'see.example'] },
    });
    const refused = await call(server, admin, 'GET', '/api/admin/mandanten/protokoll');
    expect(refused.status).toBe(403);
    const tenantLog = (await (
      await call(server, admin, 'GET', '/api/admin/protokoll?entity=mandant')
    ).json()) as TProtokollPage;
    expect(tenantLog.total).toBe(0);
  });

  it('deletes a tenant with data (users, rooms, bookings rules), its sign-ins and its stored files', async () => {
    const bh = (await list()).find((t) => t.name === 'Bibliothek Beispielhausen')!;
    const floorPlans = path.join(server.config.dataDir, 'storage', 'grundrisse', bh.id);
    expect(readdirSync(floorPlans).length).toBeGreaterThan(0);
    const response = await call(server, platform, 'DELETE', `/api/admin/mandanten/${bh.id}`, {
      confirmName: 'Bibliothek Beispielhausen',
    });
    expect(response.status).toBe(204);
    // Its stored files went after the commit.
    expect(existsSync(floorPlans)).toBe(false);
    expect((await list()).map((t) => t.name)).toEqual(['Stadtwerke Musterstadt']);
    const signInAgain = await fetch(`${server.baseUrl}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.baseUrl },
      body: JSON.stringify({ email: 'admin@beispielhausen.example', password: FIXTURE_PASSWORD }),
    });
    expect(signInAgain.ok).toBe(false);
  });
});
