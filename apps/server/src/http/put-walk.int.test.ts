import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, errorOf } from '../../test/api-call.ts';
import { type JsonSchema, type OpenApiDocument, operationsOf } from '../../test/bad-input.ts';
import { signIn, startTestServer, type TestServer, testDrivers } from '../../test/harness.ts';

type Weglassbar = Record<string, string>;

const MEANINGS = new Set(['bleibt', 'bestaetigung', 'alternative']);

/** The object schemas a body may take: the schema itself, or each variant of a oneOf/anyOf. */
const variantsOf = (schema: JsonSchema | undefined): JsonSchema[] => {
  if (!schema) return [];
  const variants = [...(schema.oneOf ?? []), ...(schema.anyOf ?? [])];
  return variants.length > 0 ? variants.flatMap(variantsOf) : [schema];
};

type Detail = { id: string; rollen: { id: string }[]; gruppen: { id: string }[]; status: string };

describe.each(testDrivers())('every PUT of /api/openapi.json on %s (decision 105)', (driver) => {
  let server: TestServer;
  let document: OpenApiDocument;
  let admin: string;

  beforeAll(async () => {
    server = await startTestServer({ driver });
    admin = await signIn(server.baseUrl, 'admin@musterstadt.example');
    document = (await (await fetch(`${server.baseUrl}/api/openapi.json`)).json()) as OpenApiDocument;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('requires every property of its body, except those it documents as kept, confirmations or alternatives', () => {
    const puts = operationsOf(document).filter((w) => w.method === 'put');
    expect(puts.length).toBeGreaterThan(20);
    const wrong: string[] = [];
    const open: string[] = [];
    let documented = 0;
    for (const { path, operation } of puts) {
      const declared = (operation as { 'x-weglassbar'?: Weglassbar })['x-weglassbar'] ?? {};
      const variants = variantsOf(operation.requestBody?.content['application/json']?.schema);
      const known = new Set(variants.flatMap((v) => Object.keys(v.properties ?? {})));
      const undocumented = new Set<string>();
      for (const variant of variants) {
        const required = new Set(variant.required ?? []);
        for (const name of Object.keys(variant.properties ?? {}))
          if (!required.has(name) && !(name in declared)) undocumented.add(name);
      }
      if (undocumented.size > 0)
        open.push(`PUT ${path}: ${[...undocumented].map((name) => `'${name}'`).join(', ')}`);
      for (const [name, meaning] of Object.entries(declared)) {
        documented++;
        if (!known.has(name)) wrong.push(`PUT ${path}: documents '${name}', which its body does not have`);
        if (!MEANINGS.has(meaning)) wrong.push(`PUT ${path}: '${name}' is '${meaning}'`);
        if (variants.every((v) => (v.required ?? []).includes(name)))
          wrong.push(`PUT ${path}: documents '${name}' as optional, but it is required`);
      }
    }
    expect(wrong).toEqual([]);
    // a property that may be left out, but what that means is not documented
    expect(open.sort()).toEqual([]);
    expect(documented).toBeGreaterThan(10);
  });

  it('PUT /api/admin/benutzer/{id} with only name and e-mail keeps status, roles, groups and direct permissions', async () => {
    const list = (await (
      await call(server, admin, 'GET', '/api/admin/benutzer?q=mitarbeiter%40musterstadt.example')
    ).json()) as { items: { id: string }[] };
    const id = list.items[0]!.id;
    const before = (await (
      await call(server, admin, 'GET', `/api/admin/benutzer/${id}`)
    ).json()) as Detail & {
      vorname: string;
      nachname: string;
      email: string;
    };
    expect(before.rollen.length + before.gruppen.length).toBeGreaterThan(0);
    const response = await call(server, admin, 'PUT', `/api/admin/benutzer/${id}`, {
      vorname: 'Max',
      nachname: before.nachname,
      email: before.email,
    });
    expect(response.status).toBe(200);
    const after = (await response.json()) as Detail & { vorname: string };
    expect(after.vorname).toBe('Max');
    expect(after).toEqual({
      ...before,
      vorname: 'Max',
      updatedAt: (after as { updatedAt?: unknown }).updatedAt,
    });
    // the user can still book vehicles (the seen loss: the demo booker lost vehicle booking)
    const booker = await signIn(server.baseUrl, before.email);
    const me = (await (await call(server, booker, 'GET', '/api/me')).json()) as { permissions: string[] };
    expect(me.permissions).toContain('fahrzeug_buchen');
    // given lists are the complete desired lists: [] removes them
    const cleared = await call(server, admin, 'PUT', `/api/admin/benutzer/${id}`, {
      vorname: 'Max',
      nachname: before.nachname,
      email: before.email,
      rolleIds: [],
      gruppeIds: [],
    });
    expect((await cleared.json()) as Detail).toMatchObject({
      rollen: [],
      gruppen: [],
      status: before.status,
    });
  });

  it('PUT of a group without rolleIds and of a role without permissions keeps them', async () => {
    const gruppen = (await (await call(server, admin, 'GET', '/api/admin/gruppen')).json()) as {
      id: string;
      name: string;
      rollen: { id: string }[];
    }[];
    const gruppe = gruppen.find((g) => g.rollen.length > 0)!;
    const g = await call(server, admin, 'PUT', `/api/admin/gruppen/${gruppe.id}`, {
      name: `${gruppe.name} neu`,
    });
    expect(g.status).toBe(200);
    expect(((await g.json()) as { rollen: { id: string }[] }).rollen).toEqual(gruppe.rollen);
    const rollen = (await (await call(server, admin, 'GET', '/api/admin/rollen')).json()) as {
      id: string;
      name: string;
      permissions: unknown[];
    }[];
    const rolle = rollen.find((r) => r.permissions.length > 0)!;
    const r = await call(server, admin, 'PUT', `/api/admin/rollen/${rolle.id}`, {
      name: `${rolle.name} neu`,
    });
    expect(r.status).toBe(200);
    expect(((await r.json()) as { permissions: unknown[] }).permissions).toEqual(rolle.permissions);
  });

  it('a PUT answers 400 naming each required field left out', async () => {
    const list = (await (await call(server, admin, 'GET', '/api/admin/benutzer?limit=1')).json()) as {
      items: { id: string }[];
    };
    const response = await call(server, admin, 'PUT', `/api/admin/benutzer/${list.items[0]!.id}`, {
      vorname: 'Nur',
    });
    expect(response.status).toBe(400);
    const error = await errorOf(response);
    expect(error.code).toBe('validation.failed');
    expect(Object.keys(error.params).sort()).toEqual(['body.email', 'body.nachname']);
  });
});
