import { PERMISSION_NAMES } from '@stellwerk/domain/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs } from '../../../../test/fixtures/anmelden.ts';
import { fixtureMandant } from '../../../../test/fixtures/mandant.ts';
import { startTestServer, type TestServer, testDrivers } from '../../../../test/harness.ts';

/** The user administration lists and revokes another user's personal access tokens (decision 249). */
describe.each(testDrivers())("an administrator and a user's access tokens on %s (decision 249)", (driver) => {
  let server: TestServer;
  let booker: string;
  let admin: string;
  let fremdAdmin: string;
  let bookerId: string;
  let plattformAdmin: { email: string };

  const call = async (cookie: string, method: string, path: string, body?: unknown) => {
    const response = await fetch(`${server.baseUrl}${path}`, {
      method,
      headers: {
        origin: server.baseUrl,
        cookie,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  };
  const mcp = (token: string) =>
    fetch(`${server.baseUrl}/mcp`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });

  beforeAll(async () => {
    server = await startTestServer({ driver, seed: false });
    // a booker, the tenant's administrator and the platform administrator (a person of this tenant without a
    // role), the Chatbot off; and another tenant's administrator
    const ms = await fixtureMandant(server.database, {
      name: 'Stadtwerke Musterstadt',
      domain: 'musterstadt.example',
      features: { Chatbot: false },
      rollen: { Mitarbeiter: ['fahrzeug_buchen'], Administration: PERMISSION_NAMES },
      benutzer: {
        mitarbeiter: { vorname: 'Lena', nachname: 'Hoffmann', rollen: ['Mitarbeiter'] },
        admin: { vorname: 'Claudia', nachname: 'Wagner', rollen: ['Administration'] },
        plattform: { vorname: 'Petra', nachname: 'Brandt', plattformAdmin: true },
      },
    });
    const bh = await fixtureMandant(server.database, {
      name: 'Bibliothek Beispielhausen',
      domain: 'beispielhausen.example',
      rollen: { Administration: PERMISSION_NAMES },
      benutzer: { admin: { vorname: 'Andreas', nachname: 'Schwarz', rollen: ['Administration'] } },
    });
    plattformAdmin = ms.benutzer.plattform;
    booker = await signInAs(server, ms.benutzer.mitarbeiter);
    admin = await signInAs(server, ms.benutzer.admin);
    fremdAdmin = await signInAs(server, bh.benutzer.admin);
    bookerId = ((await call(booker, 'GET', '/api/me')).body as { user: { id: string } }).user.id;
  });
  afterAll(async () => server?.close());

  it('lists them without the token, revokes one (audited), and the MCP server refuses it from then on', async () => {
    const neu = await call(booker, 'POST', '/api/zugriffstoken', {
      name: 'Laptop',
      recht: 'buchen',
      gueltigBis: '2027-06-30',
    });
    expect(neu.status).toBe(201);
    const { id, token } = neu.body as { id: string; token: string };

    const liste = await call(admin, 'GET', `/api/admin/benutzer/${bookerId}/zugriffstoken`);
    expect(liste.status).toBe(200);
    expect((liste.body as { id: string; name: string }[]).find((t) => t.id === id)).toMatchObject({
      name: 'Laptop',
      recht: 'buchen',
    });
    expect(JSON.stringify(liste.body)).not.toContain(token);

    expect((await call(admin, 'DELETE', `/api/admin/benutzer/${bookerId}/zugriffstoken/${id}`)).status).toBe(
      204,
    );
    expect(
      (await call(booker, 'GET', '/api/zugriffstoken')).body.map((t: { id: string }) => t.id),
    ).not.toContain(id);
    const abgelehnt = await mcp(token);
    expect(abgelehnt.status).toBe(401);
    expect(((await abgelehnt.json()) as { error: { code: string } }).error.code).toBe(
      'zugriffstoken.widerrufen',
    );
    // once revoked, a second revocation finds nothing
    expect((await call(admin, 'DELETE', `/api/admin/benutzer/${bookerId}/zugriffstoken/${id}`)).status).toBe(
      404,
    );

    const protokoll = (await call(admin, 'GET', '/api/admin/protokoll?entity=zugriffstoken&limit=200'))
      .body as {
      items: { action: string; entityId: string; benutzerId: string; oldValue: { benutzerId?: string } }[];
    };
    const eintrag = protokoll.items.find((e) => e.entityId === id && e.action === 'revoke')!;
    expect(eintrag.benutzerId).not.toBe(bookerId);
    expect(eintrag.oldValue.benutzerId).toBe(bookerId);
  });

  it('needs the right to maintain users; another tenant’s administrator gets 404', async () => {
    const neu = await call(booker, 'POST', '/api/zugriffstoken', {
      name: 'Handy',
      recht: 'lesen',
      gueltigBis: '2027-06-30',
    });
    const { id, token } = neu.body as { id: string; token: string };
    expect((await call(booker, 'GET', `/api/admin/benutzer/${bookerId}/zugriffstoken`)).status).toBe(403);
    expect((await call(booker, 'DELETE', `/api/admin/benutzer/${bookerId}/zugriffstoken/${id}`)).status).toBe(
      403,
    );
    expect((await call(fremdAdmin, 'GET', `/api/admin/benutzer/${bookerId}/zugriffstoken`)).status).toBe(404);
    expect(
      (await call(fremdAdmin, 'DELETE', `/api/admin/benutzer/${bookerId}/zugriffstoken/${id}`)).status,
    ).toBe(404);
    const falsch = await call(admin, 'GET', '/api/admin/benutzer/kein-uuid/zugriffstoken');
    expect(falsch.status).toBe(400);
    // untouched: the token still answers (the Chatbot is off here, so 403 rather than 401)
    const r = await mcp(token);
    expect(r.status).toBe(403);
  });

  it("a tenant administrator sees a platform administrator's tokens but cannot revoke them; the owner can", async () => {
    const plattform = await signInAs(server, plattformAdmin);
    const plattformId = ((await call(plattform, 'GET', '/api/me')).body as { user: { id: string } }).user.id;
    const neu = await call(plattform, 'POST', '/api/zugriffstoken', {
      name: 'Betrieb',
      recht: 'lesen',
      gueltigBis: '2027-06-30',
    });
    expect(neu.status).toBe(201);
    const { id } = neu.body as { id: string };
    const liste = await call(admin, 'GET', `/api/admin/benutzer/${plattformId}/zugriffstoken`);
    expect((liste.body as { id: string }[]).map((t) => t.id)).toContain(id);
    const nein = await call(admin, 'DELETE', `/api/admin/benutzer/${plattformId}/zugriffstoken/${id}`);
    expect(nein.status).toBe(403);
    expect((nein.body as { error: { code: string } }).error.code).toBe('benutzer.plattform_admin_geschuetzt');
    expect(
      (await call(plattform, 'GET', '/api/zugriffstoken')).body.map((t: { id: string }) => t.id),
    ).toContain(id);
    expect((await call(plattform, 'DELETE', `/api/zugriffstoken/${id}`)).status).toBe(204);
  });
});
