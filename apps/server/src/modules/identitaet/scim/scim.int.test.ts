import { PERMISSION_NAMES } from '@stellwerk/domain/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, errorOf } from '../../../../test/api-call.ts';
import { signInAs } from '../../../../test/fixtures/anmelden.ts';
import type { FixtureBenutzer } from '../../../../test/fixtures/benutzer.ts';
import { fixtureMandant } from '../../../../test/fixtures/mandant.ts';
import { startTestServer, type TestServer, testDrivers } from '../../../../test/harness.ts';

/**
 * SCIM 2.0 (decision 071) with requests shaped as Microsoft Entra ID and Okta send them: look-up by filter,
 * create, PATCH (Entra's capitalised ops and "False", Okta's path-less replace), groups with members, deactivation
 * that ends sessions and blocks sign-in, and tenant isolation between two tokens.
 */
// biome-ignore lint/suspicious/noExplicitAny: SCIM answers are read field by field in the assertions
type Json = Record<string, any>;

describe.each(testDrivers())('SCIM provisioning, on %s', (driver) => {
  let server: TestServer;
  let adminA: string;
  let adminB: string;
  let tokenA: string;
  let tokenB: string;
  let mitarbeiter: FixtureBenutzer;
  beforeAll(async () => {
    server = await startTestServer({ driver, seed: false });
    // two tenants, each with an administrator (a role with every right) who makes its SCIM token; in tenant A a
    // user without rights whom SCIM deactivates and puts into a group
    const a = await fixtureMandant(server.database, {
      name: 'Stadtwerke Musterstadt',
      domain: 'musterstadt.example',
      rollen: { Administration: PERMISSION_NAMES },
      benutzer: {
        mitarbeiter: { vorname: 'Lena', nachname: 'Hoffmann' },
        admin: { vorname: 'Claudia', nachname: 'Wagner', rollen: ['Administration'] },
      },
    });
    const b = await fixtureMandant(server.database, {
      name: 'Bibliothek Beispielhausen',
      domain: 'beispielhausen.example',
      rollen: { Administration: PERMISSION_NAMES },
      benutzer: { admin: { vorname: 'Andreas', nachname: 'Schwarz', rollen: ['Administration'] } },
    });
    mitarbeiter = a.benutzer.mitarbeiter;
    adminA = await signInAs(server, a.benutzer.admin);
    adminB = await signInAs(server, b.benutzer.admin);
  });
  afterAll(async () => {
    await server?.close();
  });

  const scim = async (
    token: string,
    method: string,
    path: string,
    body?: unknown,
    mediaType = 'application/scim+json',
  ) => {
    const response = await fetch(`${server.baseUrl}/scim/v2${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'application/scim+json',
        ...(body === undefined ? {} : { 'content-type': `${mediaType}; charset=utf-8` }),
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

  it('an administrator creates a token, shown once; the list never shows it; audited', async () => {
    const created = await call(server, adminA, 'POST', '/api/admin/scim-tokens', { name: 'Entra ID' });
    expect(created.status).toBe(201);
    const body = (await created.json()) as Json;
    expect(body.token).toMatch(/^scim_[\w-]{40,}$/);
    tokenA = body.token;
    const list = (await (await call(server, adminA, 'GET', '/api/admin/scim-tokens')).json()) as Json;
    expect(list.scimUrl).toBe(`${server.baseUrl}/scim/v2`);
    expect(list.items).toHaveLength(1);
    expect(JSON.stringify(list)).not.toContain(tokenA);
    const b = await call(server, adminB, 'POST', '/api/admin/scim-tokens', { name: 'Okta' });
    tokenB = ((await b.json()) as Json).token;
    const audit = (await (
      await call(server, adminA, 'GET', '/api/admin/protokoll?entity=scim_token')
    ).json()) as Json;
    expect(JSON.stringify(audit)).toContain('scim_token');
    // a user without the right: 403
    const booker = await signInAs(server, mitarbeiter);
    expect((await call(server, booker, 'POST', '/api/admin/scim-tokens', { name: 'x' })).status).toBe(403);
  });

  it('without a token or with a wrong one: 401 in SCIM shape', async () => {
    const none = await fetch(`${server.baseUrl}/scim/v2/Users`);
    expect(none.status).toBe(401);
    expect(((await none.json()) as Json).schemas).toEqual(['urn:ietf:params:scim:api:messages:2.0:Error']);
    expect((await scim('scim_wrong', 'GET', '/Users')).status).toBe(401);
  });

  let entraUserId = '';
  it('Entra ID: looks the user up, creates it, finds it by userName and externalId', async () => {
    const missing = await scim(tokenA, 'GET', `/Users${filter('userName eq "pia.neu@musterstadt.example"')}`);
    expect(missing.status).toBe(200);
    expect(missing.type).toContain('application/scim+json');
    expect(missing.body).toMatchObject({ totalResults: 0, Resources: [] });
    const created = await scim(tokenA, 'POST', '/Users', {
      schemas: [
        'urn:ietf:params:scim:schemas:core:2.0:User',
        'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User',
      ],
      externalId: 'a1b2c3d4-entra-object-id',
      userName: 'Pia.Neu@musterstadt.example',
      active: true,
      displayName: 'Pia Neu',
      emails: [{ primary: true, type: 'work', value: 'Pia.Neu@musterstadt.example' }],
      meta: { resourceType: 'User' },
      name: { formatted: 'Pia Neu', familyName: 'Neu', givenName: 'Pia' },
      'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User': { department: 'Fuhrpark' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      userName: 'pia.neu@musterstadt.example',
      externalId: 'a1b2c3d4-entra-object-id',
      active: true,
      name: { givenName: 'Pia', familyName: 'Neu' },
    });
    entraUserId = created.body.id;
    const byName = await scim(tokenA, 'GET', `/Users${filter('userName eq "PIA.NEU@musterstadt.example"')}`);
    expect(byName.body.Resources.map((r: Json) => r.id)).toEqual([entraUserId]);
    const byExternal = await scim(
      tokenA,
      'GET',
      `/Users${filter('externalId eq "a1b2c3d4-entra-object-id"')}`,
    );
    expect(byExternal.body.totalResults).toBe(1);
    const again = await scim(tokenA, 'POST', '/Users', {
      userName: 'pia.neu@musterstadt.example',
      name: { givenName: 'P', familyName: 'N' },
    });
    expect(again.status).toBe(409);
    expect(again.body.scimType).toBe('uniqueness');
  });

  it('Entra ID: PATCH with capitalised ops; active "False" deactivates, ends sessions and blocks sign-in', async () => {
    const target = await scim(
      tokenA,
      'GET',
      `/Users${filter('userName eq "mitarbeiter@musterstadt.example"')}`,
    );
    const id = target.body.Resources[0].id as string;
    const cookie = await signInAs(server, mitarbeiter);
    expect((await call(server, cookie, 'GET', '/api/me')).status).toBe(200);
    const patched = await scim(tokenA, 'PATCH', `/Users/${id}`, {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [
        { op: 'Replace', path: 'name.givenName', value: 'Lena-Marie' },
        { op: 'Add', path: 'externalId', value: 'entra-lena' },
        { op: 'Replace', path: 'active', value: 'False' },
      ],
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({
      active: false,
      externalId: 'entra-lena',
      name: { givenName: 'Lena-Marie' },
    });
    const me = await call(server, cookie, 'GET', '/api/me');
    expect([401, 200]).toContain(me.status);
    if (me.status === 200) expect(await me.json()).toBeNull();
    await expect(signInAs(server, mitarbeiter)).rejects.toThrow(/403 .*auth\.konto_deaktiviert/); // the promise of docs/administration.md "Users": a deactivated account is told so
    // reactivated, the password works again
    const back = await scim(tokenA, 'PATCH', `/Users/${id}`, {
      Operations: [{ op: 'Replace', path: 'active', value: 'True' }],
    });
    expect(back.body.active).toBe(true);
    await signInAs(server, mitarbeiter);
  });

  it('Okta: create with application/json, replace without path, DELETE deletes (404 after, RFC 7644 §3.6)', async () => {
    const created = await scim(
      tokenA,
      'POST',
      '/Users',
      {
        schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
        userName: 'okta.user@musterstadt.example',
        name: { givenName: 'Otto', familyName: 'Kater' },
        emails: [{ primary: true, value: 'okta.user@musterstadt.example', type: 'work' }],
        displayName: 'Otto Kater',
        locale: 'de-DE',
        externalId: '00u1ab2cd3EF4gh5i6j7',
        groups: [],
        password: 'ignored-Secret1',
        active: true,
      },
      'application/json',
    );
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const off = await scim(tokenA, 'PATCH', `/Users/${id}`, {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [{ op: 'replace', value: { active: false } }],
    });
    expect(off.body.active).toBe(false);
    const put = await scim(tokenA, 'PUT', `/Users/${id}`, {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      id,
      userName: 'okta.user@musterstadt.example',
      name: { givenName: 'Otto', familyName: 'Katermann' },
      emails: [{ primary: true, value: 'okta.user@musterstadt.example', type: 'work' }],
      active: true,
    });
    expect(put.body).toMatchObject({
      active: true,
      name: { familyName: 'Katermann' },
      externalId: '00u1ab2cd3EF4gh5i6j7',
    });
    expect((await scim(tokenA, 'DELETE', `/Users/${id}`)).status).toBe(204);
    // deleted (decision 099): 404 from now on, left out of lists; the user stays deactivated for its records
    const gone = await scim(tokenA, 'GET', `/Users/${id}`);
    expect(gone.status).toBe(404);
    expect(gone.body.schemas).toEqual(['urn:ietf:params:scim:api:messages:2.0:Error']);
    expect((await scim(tokenA, 'DELETE', `/Users/${id}`)).status).toBe(404);
    expect(
      (await scim(tokenA, 'GET', `/Users${filter('userName eq "okta.user@musterstadt.example"')}`)).body
        .totalResults,
    ).toBe(0);
  });

  it('groups: Okta creates with members, Entra patches members and name; filters by displayName', async () => {
    const created = await scim(tokenA, 'POST', '/Groups', {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'],
      displayName: 'SCIM Fahrer',
      members: [{ value: entraUserId, display: 'Pia Neu' }],
    });
    expect(created.body).toMatchObject({ displayName: 'SCIM Fahrer' });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    expect(created.body.members.map((m: Json) => m.value)).toEqual([entraUserId]);
    const lena = (
      await scim(tokenA, 'GET', `/Users${filter('userName eq "mitarbeiter@musterstadt.example"')}`)
    ).body.Resources[0].id;
    const patched = await scim(tokenA, 'PATCH', `/Groups/${id}`, {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [
        { op: 'Add', path: 'members', value: [{ value: lena }] },
        { op: 'Replace', path: 'displayName', value: 'SCIM Fahrer Nord' },
      ],
    });
    expect(patched.status).toBe(200);
    expect(patched.body.displayName).toBe('SCIM Fahrer Nord');
    expect(patched.body.members.map((m: Json) => m.value).sort()).toEqual([entraUserId, lena].sort());
    const removed = await scim(tokenA, 'PATCH', `/Groups/${id}`, {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [{ op: 'remove', path: `members[value eq "${entraUserId}"]` }],
    });
    expect(removed.body).toMatchObject({ displayName: 'SCIM Fahrer Nord' });
    expect(removed.body.members.map((m: Json) => m.value)).toEqual([lena]);
    const entraRemove = await scim(tokenA, 'PATCH', `/Groups/${id}`, {
      Operations: [{ op: 'Remove', path: 'members', value: [{ value: lena }] }],
    });
    expect(entraRemove.body.members).toEqual([]);
    const found = await scim(
      tokenA,
      'GET',
      `/Groups${filter('displayName eq "scim fahrer nord"')}&excludedAttributes=members`,
    );
    expect(found.body.totalResults).toBe(1);
    expect(found.body.Resources[0].members).toBeUndefined();
    // the user's groups show the group
    await scim(tokenA, 'PATCH', `/Groups/${id}`, {
      Operations: [{ op: 'add', path: 'members', value: [{ value: entraUserId }] }],
    });
    expect((await scim(tokenA, 'GET', `/Users/${entraUserId}`)).body.groups).toEqual([
      expect.objectContaining({ value: id, display: 'SCIM Fahrer Nord' }),
    ]);
    expect((await scim(tokenA, 'DELETE', `/Groups/${id}`)).status).toBe(204);
    expect((await scim(tokenA, 'GET', `/Groups/${id}`)).status).toBe(404);
  });

  it("a token of tenant B never sees tenant A's users or groups", async () => {
    const list = await scim(tokenB, 'GET', '/Users?count=500');
    expect(list.body.totalResults).toBeGreaterThan(0);
    expect(
      list.body.Resources.every((r: Json) => String(r.emails[0].value).endsWith('@beispielhausen.example')),
    ).toBe(true);
    expect((await scim(tokenB, 'GET', `/Users/${entraUserId}`)).status).toBe(404);
    expect(
      (
        await scim(tokenB, 'PATCH', `/Users/${entraUserId}`, {
          Operations: [{ op: 'replace', path: 'active', value: false }],
        })
      ).status,
    ).toBe(404);
    expect(
      (await scim(tokenB, 'GET', `/Users${filter('userName eq "pia.neu@musterstadt.example"')}`)).body
        .totalResults,
    ).toBe(0);
    const group = await scim(tokenB, 'POST', '/Groups', {
      displayName: 'Fremd',
      members: [{ value: entraUserId }],
    });
    expect(group.status).toBe(400);
    const groupsB = await scim(tokenB, 'GET', '/Groups');
    expect(JSON.stringify(groupsB.body)).not.toContain('SCIM Fahrer');
    expect((await scim(tokenA, 'GET', `/Users/${entraUserId}`)).body.active).toBe(true);
  });

  it('bad filters and PATCH forms are 400 in SCIM shape', async () => {
    const bad = await scim(tokenA, 'GET', `/Users${filter('userName sw "a"')}`);
    expect(bad.status).toBe(400);
    expect(bad.body.scimType).toBe('invalidFilter');
    const badPatch = await scim(tokenA, 'PATCH', `/Users/${entraUserId}`, {
      Operations: [{ op: 'Move', path: 'active' }],
    });
    expect(badPatch.status).toBe(400);
    const notJson = await fetch(`${server.baseUrl}/scim/v2/Users`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokenA}`, 'content-type': 'application/scim+json' },
      body: '{',
    });
    expect(notJson.status).toBe(400);
  });

  it('a revoked token stops working at once; another tenant cannot revoke it (404)', async () => {
    const list = (await (await call(server, adminA, 'GET', '/api/admin/scim-tokens')).json()) as Json;
    const id = list.items[0].id as string;
    expect((await call(server, adminB, 'DELETE', `/api/admin/scim-tokens/${id}`)).status).toBe(404);
    const revoked = await call(server, adminA, 'DELETE', `/api/admin/scim-tokens/${id}`);
    expect(revoked.status).toBe(204);
    expect((await scim(tokenA, 'GET', '/Users')).status).toBe(401);
    const after = (await (await call(server, adminA, 'GET', '/api/admin/scim-tokens')).json()) as Json;
    expect(after.items[0].widerrufenAt).not.toBeNull();
    expect(errorOf).toBeTypeOf('function');
  });
});
