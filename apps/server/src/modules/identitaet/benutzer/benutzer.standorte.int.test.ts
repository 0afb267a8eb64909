import { PERMISSION_NAMES } from '@stellwerk/domain/permissions';
import type { TApiError, TMe } from '@stellwerk/domain/api';
import type {
  TBenutzerDetail,
  TBenutzerList,
  TBenutzerOptionen,
} from '@stellwerk/domain/identitaet/admin-benutzer.api';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs } from '../../../../test/fixtures/anmelden.ts';
import { fixtureMandant } from '../../../../test/fixtures/mandant.ts';
import { startTestServer, type TestServer, testDrivers } from '../../../../test/harness.ts';
import { auditLog } from '../../plattform/audit/audit.public.ts';

/** Decision 258: a user's role assignment limited to locations, maintained in the user administration. */

type Call = { status: number; body: unknown };

const call = async (
  server: TestServer,
  cookie: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<Call> => {
  const headers: Record<string, string> = { origin: server.baseUrl, cookie };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
};

const codeOf = (c: Call) => (c.body as TApiError).error.code;

describe.each(testDrivers())('role assignments limited to locations on %s', (driver) => {
  let server: TestServer;
  let admin: string;
  let adminBh: string;
  let manager: string;
  let detail: TBenutzerDetail;
  let optionen: TBenutzerOptionen;

  const put = (body: Record<string, unknown>) =>
    call(server, admin, 'PUT', `/api/admin/benutzer/${detail.id}`, {
      vorname: detail.vorname,
      nachname: detail.nachname,
      email: detail.email,
      ...body,
    });
  const me = async () => (await call(server, manager, 'GET', '/api/me')).body as TMe;

  beforeAll(async () => {
    server = await startTestServer({ driver, seed: false });
    // the fleet manager whose role (with the evaluation rights) is limited, the administrator who limits it, two
    // locations; and another tenant's administrator with a location of its own
    const ms = await fixtureMandant(server.database, {
      name: 'Stadtwerke Musterstadt',
      domain: 'musterstadt.example',
      standorte: {
        nord: { name: 'Betriebshof Nord', bundesland: 'NW' },
        rathaus: { name: 'Verwaltung Rathausplatz', bundesland: 'NW' },
      },
      rollen: {
        Fuhrparkleitung: ['fahrzeug_pflege', 'fahrzeug_buchen', 'auslastung_sehen', 'auswertung_sehen'],
        Administration: PERMISSION_NAMES,
      },
      benutzer: {
        admin: { vorname: 'Claudia', nachname: 'Wagner', rollen: ['Administration'] },
        fuhrpark: { vorname: 'Thomas', nachname: 'Becker', rollen: ['Fuhrparkleitung'] },
      },
    });
    const bh = await fixtureMandant(server.database, {
      name: 'Bibliothek Beispielhausen',
      domain: 'beispielhausen.example',
      standorte: { bibliothek: { name: 'Zentralbibliothek', bundesland: 'BY' } },
      rollen: { Administration: PERMISSION_NAMES },
      benutzer: { admin: { vorname: 'Andreas', nachname: 'Schwarz', rollen: ['Administration'] } },
    });
    admin = await signInAs(server, ms.benutzer.admin);
    adminBh = await signInAs(server, bh.benutzer.admin);
    manager = await signInAs(server, ms.benutzer.fuhrpark);
    const liste = (await call(server, admin, 'GET', '/api/admin/benutzer?q=fuhrpark%40'))
      .body as TBenutzerList;
    detail = (await call(server, admin, 'GET', `/api/admin/benutzer/${liste.items[0]!.id}`))
      .body as TBenutzerDetail;
    optionen = (await call(server, admin, 'GET', '/api/admin/benutzer/optionen')).body as TBenutzerOptionen;
  });
  afterAll(async () => {
    await server?.close();
  });

  it("offers the tenant's locations and shows an unlimited assignment as before", () => {
    expect(optionen.standorte.map((s) => s.name)).toContain('Betriebshof Nord');
    expect(detail.rollen.map((r) => r.name)).toEqual(['Fuhrparkleitung']);
    expect(detail.rollenStandorte).toEqual([]);
  });

  it('limits the role to one location: stored, audited and in the open session at once (no new sign-in)', async () => {
    expect((await me()).standortGrenzen).toEqual({});
    const hof = optionen.standorte.find((s) => s.name === 'Betriebshof Nord')!;
    const rolle = detail.rollen[0]!;
    const res = await put({ rollenStandorte: [{ rolleId: rolle.id, standortIds: [hof.id] }] });
    expect(res.status).toBe(200);
    expect((res.body as TBenutzerDetail).rollenStandorte).toEqual([
      { rolleId: rolle.id, standortIds: [hof.id] },
    ]);
    const grenzen = (await me()).standortGrenzen ?? {};
    expect(grenzen.auslastung_sehen).toEqual([hof.id]);
    expect(grenzen.auswertung_sehen).toEqual([hof.id]);
    const [audit] = await server.database.db
      .select({ oldValue: auditLog.oldValue, newValue: auditLog.newValue })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'benutzer'), eq(auditLog.entityId, detail.id)))
      .orderBy(desc(auditLog.at))
      .limit(1);
    expect(audit?.oldValue).toMatchObject({ rollenStandorte: [] });
    expect(audit?.newValue).toMatchObject({
      rollenStandorte: [{ rolle: 'Fuhrparkleitung', standortIds: [hof.id] }],
    });

    // a change that leaves the locations out keeps them
    expect((await put({ nachname: detail.nachname })).status).toBe(200);
    expect((await me()).standortGrenzen?.auslastung_sehen).toEqual([hof.id]);

    // and lifting the limit opens the whole tenant again, at once
    expect((await put({ rollenStandorte: [] })).status).toBe(200);
    expect((await me()).standortGrenzen).toEqual({});
  });

  it('refuses locations of a role not assigned, unknown or foreign locations and empty lists with catalogue errors', async () => {
    const hof = optionen.standorte.find((s) => s.name === 'Betriebshof Nord')!;
    const fremdeRolle = optionen.rollen.find((r) => r.id !== detail.rollen[0]!.id)!;
    const keineRolle = await put({ rollenStandorte: [{ rolleId: fremdeRolle.id, standortIds: [hof.id] }] });
    expect([keineRolle.status, codeOf(keineRolle)]).toEqual([400, 'benutzer.standort_rolle_fehlt']);

    const fremd = (
      (await call(server, adminBh, 'GET', '/api/admin/benutzer/optionen')).body as TBenutzerOptionen
    ).standorte[0]!;
    const fremderStandort = await put({
      rollenStandorte: [{ rolleId: detail.rollen[0]!.id, standortIds: [fremd.id] }],
    });
    expect([fremderStandort.status, codeOf(fremderStandort)]).toEqual([400, 'benutzer.standort_unbekannt']);

    const doppelt = await put({
      rollenStandorte: [{ rolleId: detail.rollen[0]!.id, standortIds: [hof.id, hof.id] }],
    });
    expect([doppelt.status, codeOf(doppelt)]).toEqual([400, 'benutzer.standorte_ungueltig']);

    const leer = await put({ rollenStandorte: [{ rolleId: detail.rollen[0]!.id, standortIds: [] }] });
    expect(leer.status).toBe(400);
    expect((await me()).standortGrenzen).toEqual({});
  });
});
