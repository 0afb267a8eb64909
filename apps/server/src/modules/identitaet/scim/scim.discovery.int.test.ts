import { PERMISSION_NAMES } from '@stellwerk/domain/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, errorOf } from '../../../../test/api-call.ts';
import { signInAs } from '../../../../test/fixtures/anmelden.ts';
import { fixtureMandant } from '../../../../test/fixtures/mandant.ts';
import { startTestServer, type TestServer, testDrivers } from '../../../../test/harness.ts';

// biome-ignore lint/suspicious/noExplicitAny: SCIM answers are read field by field in the assertions
type Json = Record<string, any>;
const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';

/**
 * SCIM discovery and the rest of RFC 7644 as Entra ID and Okta use it (decision 099): ServiceProviderConfig,
 * Schemas, ResourceTypes, SCIM 404s for unknown paths, the enterprise extension's employeeNumber, `attributes` /
 * `excludedAttributes`, delete vs. deactivate; and the tenant's domains for every way users are created
 * (decision 096): SCIM, the administration, the import.
 */
describe.each(testDrivers())('SCIM discovery and domains, on %s', (driver) => {
  let server: TestServer;
  let admin: string;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer({ driver, seed: false });
    // the tenant with its one domain, in German (the messages asserted), a group for the group list, and the
    // administrator (a role with every right) who makes the SCIM token; the other tenant owns the foreign domain
    const ms = await fixtureMandant(server.database, {
      name: 'Stadtwerke Musterstadt',
      domain: 'musterstadt.example',
      einstellungen: { Sprache: 'de' },
      rollen: { Administration: PERMISSION_NAMES },
      gruppen: { 'Alle Mitarbeitenden': {} },
      benutzer: { admin: { vorname: 'Claudia', nachname: 'Wagner', rollen: ['Administration'] } },
    });
    await fixtureMandant(server.database, {
      name: 'Bibliothek Beispielhausen',
      domain: 'beispielhausen.example',
    });
    admin = await signInAs(server, ms.benutzer.admin);
    token = (
      (await (await call(server, admin, 'POST', '/api/admin/scim-tokens', { name: 'Entra' })).json()) as Json
    ).token;
  });
  afterAll(async () => {
    await server?.close();
  });

  const scim = async (method: string, path: string, body?: unknown, bearer: string | null = token) => {
    const response = await fetch(`${server.baseUrl}/scim/v2${path}`, {
      method,
      headers: {
        ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
        accept: 'application/scim+json',
        ...(body === undefined ? {} : { 'content-type': 'application/scim+json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return {
      status: response.status,
      type: response.headers.get('content-type'),
      body: (text ? JSON.parse(text) : null) as Json,
    };
  };
  const filter = (f: string) => `?filter=${encodeURIComponent(f)}`;

  it('ServiceProviderConfig, Schemas and ResourceTypes answer as RFC 7644 §4 says', async () => {
    const spc = await scim('GET', '/ServiceProviderConfig');
    expect(spc.status).toBe(200);
    expect(spc.type).toContain('application/scim+json');
    expect(spc.body).toMatchObject({
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig'],
      patch: { supported: true },
      bulk: { supported: false },
      filter: { supported: true, maxResults: 200 },
      sort: { supported: false },
      etag: { supported: false },
      changePassword: { supported: false },
    });
    expect(spc.body.authenticationSchemes[0].type).toBe('oauthbearertoken');
    const types = await scim('GET', '/ResourceTypes');
    expect(types.body.schemas).toEqual(['urn:ietf:params:scim:api:messages:2.0:ListResponse']);
    expect(types.body.Resources.map((r: Json) => [r.id, r.endpoint])).toEqual([
      ['User', '/Users'],
      ['Group', '/Groups'],
    ]);
    expect(types.body.Resources[0].schemaExtensions).toEqual([{ schema: ENTERPRISE, required: false }]);
    expect((await scim('GET', '/ResourceTypes/User')).body.schema).toBe(
      'urn:ietf:params:scim:schemas:core:2.0:User',
    );
    const schemas = await scim('GET', '/Schemas');
    expect(schemas.body.Resources.map((r: Json) => r.id)).toEqual([
      'urn:ietf:params:scim:schemas:core:2.0:User',
      ENTERPRISE,
      'urn:ietf:params:scim:schemas:core:2.0:Group',
    ]);
    const enterprise = await scim('GET', `/Schemas/${ENTERPRISE}`);
    expect(enterprise.body.attributes.map((a: Json) => a.name)).toEqual(['employeeNumber']);
  });

  it('unknown paths anywhere under /scim/ answer a SCIM error 404, never the web app', async () => {
    for (const path of ['/Bulk', '/Me', '/Schemas/urn:unknown', '/ResourceTypes/Device', '/Users/x/y']) {
      const answer = await scim('GET', path);
      expect(answer.status, path).toBe(404);
      expect(answer.type).toContain('application/scim+json');
      expect(answer.body).toMatchObject({
        schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'],
        status: '404',
      });
    }
    for (const path of ['/scim', '/scim/', '/scim/v1/Users', '/scim/anything']) {
      const response = await fetch(`${server.baseUrl}${path}`);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('content-type')).toContain('application/scim+json');
    }
  });

  it('Entra ID: the enterprise employeeNumber is the personnel number, set on create and by PATCH', async () => {
    const created = await scim('POST', '/Users', {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User', ENTERPRISE],
      externalId: 'entra-emp-1',
      userName: 'emil.enterprise@musterstadt.example',
      active: true,
      displayName: 'Emil Enterprise',
      emails: [{ primary: true, type: 'work', value: 'emil.enterprise@musterstadt.example' }],
      name: { givenName: 'Emil', familyName: 'Enterprise' },
      [ENTERPRISE]: { employeeNumber: 'P-4711', department: 'Fuhrpark' },
    });
    expect(created.status).toBe(201);
    expect(created.body.schemas).toContain(ENTERPRISE);
    expect(created.body[ENTERPRISE]).toEqual({ employeeNumber: 'P-4711' });
    const id = created.body.id as string;
    const detail = (await (await call(server, admin, 'GET', `/api/admin/benutzer/${id}`)).json()) as Json;
    expect(detail.employeeId).toBe('P-4711');
    // Entra: capitalised op, the extension attribute as path
    const patched = await scim('PATCH', `/Users/${id}`, {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [{ op: 'Replace', path: `${ENTERPRISE}:employeeNumber`, value: 'P-4712' }],
    });
    expect(patched.status).toBe(200);
    expect(patched.body[ENTERPRISE]).toEqual({ employeeNumber: 'P-4712' });
    // Okta: path-less replace with the extension as an object
    const okta = await scim('PATCH', `/Users/${id}`, {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [{ op: 'replace', value: { [ENTERPRISE]: { employeeNumber: 'P-4713' } } }],
    });
    expect(okta.body[ENTERPRISE]).toEqual({ employeeNumber: 'P-4713' });
  });

  it('attributes= and excludedAttributes= are honoured on lists and single resources', async () => {
    const list = await scim(
      'GET',
      `/Users${filter('userName eq "emil.enterprise@musterstadt.example"')}&attributes=userName,name.givenName,${ENTERPRISE}:employeeNumber`,
    );
    expect(list.body.Resources).toEqual([
      {
        schemas: ['urn:ietf:params:scim:schemas:core:2.0:User', ENTERPRISE],
        id: expect.any(String),
        userName: 'emil.enterprise@musterstadt.example',
        name: { givenName: 'Emil' },
        [ENTERPRISE]: { employeeNumber: 'P-4713' },
      },
    ]);
    const id = list.body.Resources[0].id as string;
    const lean = await scim('GET', `/Users/${id}?excludedAttributes=groups,emails,meta,name.formatted`);
    expect(lean.body).not.toHaveProperty('groups');
    expect(lean.body).not.toHaveProperty('emails');
    expect(lean.body).not.toHaveProperty('meta');
    expect(lean.body.name).toEqual({ givenName: 'Emil', familyName: 'Enterprise' });
    expect(lean.body.id).toBe(id);
    // id is always returned
    expect((await scim('GET', `/Users/${id}?excludedAttributes=id,userName`)).body.id).toBe(id);
    const groups = await scim('GET', '/Groups?excludedAttributes=members&attributes=displayName');
    expect(Object.keys(groups.body.Resources[0] ?? { schemas: 1, id: 1, displayName: 1 }).sort()).toEqual([
      'displayName',
      'id',
      'schemas',
    ]);
  });

  it('a deleted user answers 404; deactivation stays what active:false does; creating again brings it back', async () => {
    const created = await scim('POST', '/Users', {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      userName: 'doris.delete@musterstadt.example',
      name: { givenName: 'Doris', familyName: 'Delete' },
      active: true,
    });
    const id = created.body.id as string;
    const off = await scim('PATCH', `/Users/${id}`, {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
    });
    expect(off.body.active).toBe(false);
    expect((await scim('GET', `/Users/${id}`)).status).toBe(200);
    expect((await scim('DELETE', `/Users/${id}`)).status).toBe(204);
    expect((await scim('GET', `/Users/${id}`)).status).toBe(404);
    expect(
      (await scim('PATCH', `/Users/${id}`, { Operations: [{ op: 'replace', value: { active: true } }] }))
        .status,
    ).toBe(404);
    // the administration still has the person (records point at them), deactivated
    const detail = (await (await call(server, admin, 'GET', `/api/admin/benutzer/${id}`)).json()) as Json;
    expect(detail.status).toBe('inaktiv');
    const again = await scim('POST', '/Users', {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      userName: 'doris.delete@musterstadt.example',
      name: { givenName: 'Doris', familyName: 'Delete' },
      active: true,
    });
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ id, active: true });
  });

  it('a tenant creates users only in its own domains: SCIM, the administration and the import', async () => {
    const foreign = await scim('POST', '/Users', {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      userName: 'eve@beispielhausen.example',
      name: { givenName: 'Eve', familyName: 'Fremd' },
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.detail).toBe(
      "The address eve@beispielhausen.example is not in one of your organisation's domains (musterstadt.example).",
    );
    // Entra moves a user's address to another tenant's domain: refused as well
    const own = await scim('GET', `/Users${filter('userName eq "emil.enterprise@musterstadt.example"')}`);
    const moved = await scim('PATCH', `/Users/${own.body.Resources[0].id}`, {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [{ op: 'Replace', path: 'userName', value: 'emil@beispielhausen.example' }],
    });
    expect(moved.status).toBe(400);
    const viaAdmin = await call(server, admin, 'POST', '/api/admin/benutzer', {
      vorname: 'Eve',
      nachname: 'Fremd',
      email: 'eve@beispielhausen.example',
      status: 'aktiv',
      rolleIds: [],
      gruppeIds: [],
      permissions: [],
    });
    expect(viaAdmin.status).toBe(400);
    const error = await errorOf(viaAdmin);
    expect(error.code).toBe('benutzer.domain_fremd');
    expect(error.message).toBe(
      'Die Adresse eve@beispielhausen.example gehört zu keiner Domain Ihrer Organisation (musterstadt.example).',
    );
    const csv =
      'vorname,nachname,email\nEve,Fremd,eve@beispielhausen.example\nOlaf,Eigen,olaf.eigen@musterstadt.example\n';
    const preview = await call(server, admin, 'POST', '/api/admin/benutzer/import/preview', { csv });
    expect(preview.status).toBe(200);
    const body = (await preview.json()) as Json;
    expect(body.rows[0].errors.map((e: Json) => e.code)).toEqual(['benutzer.domain_fremd']);
    expect(body.rows[1].errors).toEqual([]);
  });
});
