import { PERMISSION_NAMES } from '@stellwerk/domain/permissions';
import type { TStandort } from '@stellwerk/domain/verwaltung/admin-stammdaten.api';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, errorOf } from '../../../../test/api-call.ts';
import { signInAs } from '../../../../test/fixtures/anmelden.ts';
import type { FixtureBenutzer } from '../../../../test/fixtures/benutzer.ts';
import { fixtureMandant } from '../../../../test/fixtures/mandant.ts';
import { startTestServer, type TestServer, testDrivers } from '../../../../test/harness.ts';
import { auditLog } from '../../plattform/audit/audit.public.ts';

/**
 * The fleet tenant's three locations (the depot with six parking spots and four vehicles, the town hall with a
 * reading room, the office building with a workspace plan), its administrator and a booker; the library's two
 * locations, its room care and opening-hours keeper.
 */
const mandanten = async (server: TestServer) => ({
  ms: await fixtureMandant(server.database, {
    name: 'Stadtwerke Musterstadt',
    domain: 'musterstadt.example',
    standorte: {
      nord: {
        name: 'Betriebshof Nord',
        bundesland: 'NW',
        abstellplaetze: ['P1', 'P2', 'P3', 'P4', 'P5', 'P6'],
      },
      rathaus: { name: 'Verwaltung Rathausplatz', bundesland: 'NW' },
      verwaltung: { name: 'Verwaltungsgebäude', bundesland: 'NW' },
    },
    rollen: { Mitarbeiter: ['fahrzeug_buchen'], Administration: PERMISSION_NAMES },
    benutzer: {
      admin: { vorname: 'Claudia', nachname: 'Wagner', rollen: ['Administration'] },
      mitarbeiter: { vorname: 'Lena', nachname: 'Hoffmann', rollen: ['Mitarbeiter'] },
    },
    fahrzeuge: {
      id3: { standort: 'nord', kennzeichen: 'MS-SW 101' },
      octavia: { standort: 'nord', kennzeichen: 'MS-SW 102' },
      transporter: { standort: 'nord', kennzeichen: 'MS-SW 103' },
      corsa: { standort: 'nord', kennzeichen: 'MS-SW 104' },
    },
    grundrisse: {
      lernraum: { standort: 'rathaus', bezeichnung: 'Lernraum Verwaltung', plaetze: ['Platz 1'] },
      buero: {
        standort: 'verwaltung',
        bezeichnung: 'Großraumbüro 2. OG',
        bereich: 'arbeitswelt',
        plaetze: ['Tisch 1'],
      },
    },
  }),
  bh: await fixtureMandant(server.database, {
    name: 'Bibliothek Beispielhausen',
    domain: 'beispielhausen.example',
    standorte: {
      bibliothek: { name: 'Zentralbibliothek', bundesland: 'BY' },
      verwaltung: { name: 'Verwaltungsgebäude', bundesland: 'BY' },
    },
    rollen: {
      Raumpflege: ['objekt_pflege', 'ausstattungs_pflege', 'auslastung_sehen'],
      Öffnungszeitenpflege: ['oeffnungszeiten_pflege'],
    },
    benutzer: {
      fuhrpark: { vorname: 'Michael', nachname: 'Fischer', rollen: ['Raumpflege'] },
      fuehrerschein: { vorname: 'Stefan', nachname: 'Wolf', rollen: ['Öffnungszeitenpflege'] },
    },
  }),
});

describe.each(testDrivers())('/api/admin/standorte on %s', (driver) => {
  let server: TestServer;
  let admin: string;
  let raumpflegeBH: string;
  let oeffnungBH: string;
  let idOfBeispielhausen: string;
  let mitarbeiter: FixtureBenutzer;
  beforeAll(async () => {
    server = await startTestServer({ driver, seed: false });
    const { ms, bh } = await mandanten(server);
    mitarbeiter = ms.benutzer.mitarbeiter;
    admin = await signInAs(server, ms.benutzer.admin);
    raumpflegeBH = await signInAs(server, bh.benutzer.fuhrpark);
    oeffnungBH = await signInAs(server, bh.benutzer.fuehrerschein);
    idOfBeispielhausen = bh.standorte.bibliothek;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('refuses without a session (401) and without the location-care right with the guard message (403)', async () => {
    const anonymous = await call(server, null, 'GET', '/api/admin/standorte');
    expect(anonymous.status).toBe(401);
    // one code for "not signed in" on every route (decision 126)
    expect((await errorOf(anonymous)).code).toBe('auth.unauthenticated');
    const booker = await call(server, await signInAs(server, mitarbeiter), 'GET', '/api/admin/standorte');
    expect(booker.status).toBe(403);
    expect((await errorOf(booker)).code).toBe('guard.no_admin');
    const other = await call(server, oeffnungBH, 'POST', '/api/admin/standorte', { name: 'X' });
    expect(other.status).toBe(403);
    expect(await errorOf(other)).toMatchObject({
      code: 'guard.no_objekt_pflege',
      message: 'Keine Berechtigung für die Pflege von Lokationen.',
    });
  });

  it('lists the tenant’s locations in creation order with parking spots and usage, nothing of the other tenant', async () => {
    const response = await call(server, admin, 'GET', '/api/admin/standorte');
    expect(response.status).toBe(200);
    const list = (await response.json()) as TStandort[];
    // Written in one transaction (same created_at): their order is by id, so compare as a set. The
    // Verwaltungsgebäude holds the workspace plan of the fixture.
    expect(list.map((s) => s.name).sort()).toEqual([
      'Betriebshof Nord',
      'Verwaltung Rathausplatz',
      'Verwaltungsgebäude',
    ]);
    const hof = list.find((s) => s.name === 'Betriebshof Nord')!;
    expect(hof.abstellplaetze.map((p) => p.name)).toEqual(['P1', 'P2', 'P3', 'P4', 'P5', 'P6']);
    expect(hof.fahrzeuge).toBe(4);
    expect(list.find((s) => s.name === 'Verwaltung Rathausplatz')!.grundrisse).toBe(1);
  });

  it('creates, renames with synced parking spots and deletes a location, each with an audit row', async () => {
    const created = await call(server, admin, 'POST', '/api/admin/standorte', {
      name: '  Außenstelle Süd ',
      abstellplaetze: ['A1', 'A2', 'A2', ' '],
      bundesland: 'SN',
    });
    expect(created.status).toBe(201);
    const s = (await created.json()) as TStandort;
    expect(s.name).toBe('Außenstelle Süd');
    expect(s.bundesland).toBe('SN');
    expect(s.abstellplaetze.map((p) => p.name)).toEqual(['A1', 'A2']);
    const listed = (await (await call(server, admin, 'GET', '/api/admin/standorte')).json()) as TStandort[];
    expect(listed.at(-1)!.id).toBe(s.id);

    const updated = await call(server, admin, 'PUT', `/api/admin/standorte/${s.id}`, {
      name: 'Außenstelle Ost',
      abstellplaetze: ['A3', 'A2'],
      bundesland: 'BY',
    });
    expect(updated.status).toBe(200);
    const u = (await updated.json()) as TStandort;
    expect(u.name).toBe('Außenstelle Ost');
    expect(u.bundesland).toBe('BY');
    expect(u.abstellplaetze.map((p) => p.name)).toEqual(['A3', 'A2']);
    const keptSpot = s.abstellplaetze.find((p) => p.name === 'A2')!.id;
    expect(u.abstellplaetze.find((p) => p.name === 'A2')!.id).toBe(keptSpot);

    const renamedOnly = await call(server, admin, 'PUT', `/api/admin/standorte/${s.id}`, {
      name: 'Außenstelle Ost',
    });
    const renamed = (await renamedOnly.json()) as TStandort;
    expect(renamed.abstellplaetze.map((p) => p.name)).toEqual(['A3', 'A2']);
    // without the field the state stays (decision 163)
    expect(renamed.bundesland).toBe('BY');
    const unknownState = await call(server, admin, 'PUT', `/api/admin/standorte/${s.id}`, {
      name: 'Außenstelle Ost',
      bundesland: 'XX',
    });
    expect(unknownState.status).toBe(400);

    const duplicate = await call(server, admin, 'POST', '/api/admin/standorte', { name: 'Außenstelle Ost' });
    expect(duplicate.status).toBe(409);
    expect((await errorOf(duplicate)).code).toBe('standort.name_vergeben');

    const deleted = await call(server, admin, 'DELETE', `/api/admin/standorte/${s.id}`);
    expect(deleted.status).toBe(204);

    const audit = await server.database.db
      .select({ action: auditLog.action, oldValue: auditLog.oldValue, newValue: auditLog.newValue })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'standort'), eq(auditLog.entityId, s.id)))
      .orderBy(auditLog.at);
    expect(audit.map((a) => a.action)).toEqual(['create', 'update', 'update', 'delete']);
    expect(audit[1]!.oldValue).toEqual({
      name: 'Außenstelle Süd',
      bundesland: 'SN',
      abstellplaetze: ['A1', 'A2'],
    });
    expect(audit[1]!.newValue).toMatchObject({ hinzugefuegt: ['A3'], entfernt: ['A1'] });
  });

  it('a location in use cannot be deleted: 409 naming what uses it', async () => {
    const list = (await (await call(server, admin, 'GET', '/api/admin/standorte')).json()) as TStandort[];
    const hof = list.find((s) => s.name === 'Betriebshof Nord')!;
    const response = await call(server, admin, 'DELETE', `/api/admin/standorte/${hof.id}`);
    expect(response.status).toBe(409);
    expect(await errorOf(response)).toMatchObject({
      code: 'standort.in_verwendung',
      message:
        'Die Lokation Betriebshof Nord wird noch verwendet (4 Fahrzeuge, 0 Grundrisse) und kann nicht gelöscht werden.',
    });
  });

  it('another tenant’s location answers 404 and stays unchanged', async () => {
    for (const [method, body] of [
      ['PUT', { name: 'Übernommen', abstellplaetze: [] }],
      ['DELETE', undefined],
    ] as const) {
      const response = await call(server, admin, method, `/api/admin/standorte/${idOfBeispielhausen}`, body);
      expect(response.status).toBe(404);
      // the answer names what was not found (decision 180), the same as for an id that does not exist
      expect(await errorOf(response)).toMatchObject({
        code: 'not_found',
        message: `Standort „${idOfBeispielhausen}“ wurde nicht gefunden.`,
        params: { typ: 'standort', id: idOfBeispielhausen },
      });
    }
    const own = (await (
      await call(server, raumpflegeBH, 'GET', '/api/admin/standorte')
    ).json()) as TStandort[];
    expect(own.map((s) => s.name).sort()).toEqual(['Verwaltungsgebäude', 'Zentralbibliothek']);
  });

  it('bad input answers with catalogue errors, never 500', async () => {
    for (const body of [{ name: '' }, { name: 'x'.repeat(201) }, { name: 'ok', abstellplaetze: 'P1' }, {}]) {
      const response = await call(server, admin, 'POST', '/api/admin/standorte', body);
      expect(response.status).toBe(400);
      expect((await errorOf(response)).code).toBe('validation.failed');
    }
    const badId = await call(server, admin, 'PUT', '/api/admin/standorte/not-a-uuid', { name: 'x' });
    expect(badId.status).toBe(400);
  });
});
