import { formatError } from '@stellwerk/domain/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf } from '../../test/auth-requests.ts';
import {
  exampleOf,
  fillPath,
  type JsonSchema,
  type OpenApiDocument,
  operationsOf,
  pathParamsOf,
  UNKNOWN_UUID,
} from '../../test/bad-input.ts';
import { signIn, startTestServer, type TestServer, testDrivers } from '../../test/harness.ts';
import { checksum } from '../../test/table-checksum.ts';
import { createAuth } from '../modules/identitaet/auth/auth.service.ts';

/** What a page of another site can make a browser send along with the user's cookie (decision 104). */
const FOREIGN: { label: string; headers: Record<string, string> }[] = [
  { label: 'Origin of another site', headers: { origin: 'https://evil.example' } },
  { label: 'Origin of a sibling subdomain', headers: { origin: 'https://intranet.evil.example' } },
  { label: 'Origin: null (sandboxed frame)', headers: { origin: 'null' } },
  { label: 'no Origin, Sec-Fetch-Site cross-site', headers: { 'sec-fetch-site': 'cross-site' } },
  { label: 'no Origin, Sec-Fetch-Site same-site', headers: { 'sec-fetch-site': 'same-site' } },
  { label: 'no Origin, Referer of another site', headers: { referer: 'https://evil.example/page' } },
];

const BOUNDARY = 'originwalk';
/** A tiny real PNG: an upload that would be stored, were it not refused. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const multipartPng = (): Uint8Array<ArrayBuffer> =>
  new Uint8Array(
    Buffer.concat([
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      PNG,
      Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
    ]),
  );

type Change = { method: string; path: string; body?: Uint8Array<ArrayBuffer> | string; contentType?: string };

/** The better-auth endpoints the server mounts at /api/auth that change something (its POSTs). */
const betterAuthPosts = (server: TestServer): string[] => {
  const auth = createAuth({
    config: server.config,
    database: server.database,
    isActive: async () => true,
    sendPasswordReset: async () => undefined,
    sessionCreated: async () => undefined,
    sendSmsCode: async () => undefined,
    sso: {
      trustedOrigins: async () => [],
      provisionUser: async () => undefined,
      resolveUser: async () => undefined,
    } as unknown as Parameters<typeof createAuth>[0]['sso'],
  });
  const paths = new Set<string>();
  for (const endpoint of Object.values(auth.api) as { path?: string; options?: { method?: unknown } }[]) {
    const methods = [endpoint.options?.method].flat();
    if (typeof endpoint.path !== 'string' || !methods.includes('POST')) continue;
    // the SAML assertion consumer service takes the IdP page's cross-site form post (decision 069)
    if (endpoint.path.startsWith('/sso/saml2/sp/acs')) continue;
    paths.add(`/api/auth${endpoint.path.replace(/:(\w+)/g, UNKNOWN_UUID)}`);
  }
  return [...paths];
};

describe.each(testDrivers())('every change proves its origin on %s (decision 104)', (driver) => {
  let server: TestServer;
  let admin: string;
  let changes: Change[];
  let authPosts: string[];

  const send = (change: Change, headers: Record<string, string>, cookie = admin) =>
    fetch(`${server.baseUrl}${change.path}`, {
      method: change.method,
      headers: {
        cookie,
        ...(change.contentType ? { 'content-type': change.contentType } : {}),
        ...headers,
      },
      body: change.body,
      signal: AbortSignal.timeout(10_000),
    });

  beforeAll(async () => {
    server = await startTestServer({ driver, trustedOrigins: 'https://intranet.example.org' });
    admin = await signIn(server.baseUrl, 'admin@musterstadt.example');
    const document = (await (await fetch(`${server.baseUrl}/api/openapi.json`)).json()) as OpenApiDocument;
    // real ids where a collection lists them, so that a request that got through would act
    const standorte = (await (
      await fetch(`${server.baseUrl}/api/admin/standorte`, { headers: { cookie: admin } })
    ).json()) as { id: string }[];
    const realId = standorte[0]?.id ?? UNKNOWN_UUID;
    changes = operationsOf(document)
      .filter((walk) => walk.method !== 'get')
      .map(({ method, path, operation }) => {
        const url = fillPath(
          path,
          Object.fromEntries(
            pathParamsOf(path).map((name) => [name, path.includes('standorte') ? realId : UNKNOWN_UUID]),
          ),
        );
        const content = operation.requestBody?.content ?? {};
        if (content['multipart/form-data'])
          return {
            method: method.toUpperCase(),
            path: url,
            body: multipartPng(),
            contentType: `multipart/form-data; boundary=${BOUNDARY}`,
          };
        const schema = (content['application/json'] as { schema?: JsonSchema } | undefined)?.schema;
        return {
          method: method.toUpperCase(),
          path: url,
          body: schema ? JSON.stringify(exampleOf(schema)) : undefined,
          contentType: schema ? 'application/json' : undefined,
        };
      });
    authPosts = betterAuthPosts(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('every POST, PUT, PATCH and DELETE of the API and of better-auth refuses a page of another site, and nothing is written', async () => {
    expect(changes.length).toBeGreaterThan(80);
    expect(changes.filter((c) => c.contentType?.startsWith('multipart/')).length).toBeGreaterThan(4);
    expect(authPosts).toContain('/api/auth/sign-in/email');
    expect(authPosts).toContain('/api/auth/sign-out');
    expect(authPosts.length).toBeGreaterThan(20);
    const all: Change[] = [
      ...changes,
      ...authPosts.map((path) => ({ method: 'POST', path, body: '{}', contentType: 'application/json' })),
    ];
    const before = await checksum(server);
    const wrong: string[] = [];
    for (const change of all) {
      const expected = change.path.startsWith('/api/auth/')
        ? 'auth.origin_not_allowed'
        : 'request.fremde_herkunft';
      for (const { label, headers } of FOREIGN) {
        const response = await send(change, headers);
        const body = (await response.json().catch(() => ({}))) as { error?: { code?: string } };
        if (response.status !== 403 || body.error?.code !== expected)
          wrong.push(`${change.method} ${change.path} (${label}): ${response.status} ${body.error?.code}`);
      }
    }
    console.info(`origin walk on ${driver}: ${all.length} changes × ${FOREIGN.length} foreign origins`);
    expect(wrong).toEqual([]);
    expect(await checksum(server)).toEqual(before);
  }, 300_000);

  it('the refusal names the address of the application, in German and English', async () => {
    const change: Change = {
      method: 'POST',
      path: '/api/admin/standorte',
      body: JSON.stringify({ name: 'Von fremder Seite' }),
      contentType: 'application/json',
    };
    const de = await send(change, { origin: 'https://evil.example' });
    expect(de.status).toBe(403);
    const params = { adresse: server.config.publicUrl };
    expect(await de.json()).toEqual({
      error: {
        code: 'request.fremde_herkunft',
        message: formatError('request.fremde_herkunft', 'de', params),
        params,
      },
    });
    const en = await send(change, { origin: 'https://evil.example', 'accept-language': 'en' });
    expect(((await en.json()) as { error: { message: string } }).error.message).toBe(
      `This change came from another site and was not carried out. The address of the application is ${server.config.publicUrl}.`,
    );
  });

  it('the page of the app, a trusted origin and scripts without a browser still change things', async () => {
    const create = (name: string, headers: Record<string, string>) =>
      send(
        {
          method: 'POST',
          path: '/api/admin/standorte',
          body: JSON.stringify({ name }),
          contentType: 'application/json',
        },
        headers,
      );
    // the page at PUBLIC_URL, as a browser sends it
    expect(
      (await create('Eigene Seite', { origin: server.baseUrl, 'sec-fetch-site': 'same-origin' })).status,
    ).toBe(201);
    // a browser that sends no Origin but says same-origin
    expect((await create('Ohne Origin', { 'sec-fetch-site': 'same-origin' })).status).toBe(201);
    // TRUSTED_ORIGINS
    expect((await create('Intranet', { origin: 'https://intranet.example.org' })).status).toBe(201);
    // Node's fetch and curl send neither Origin nor Sec-Fetch-Site
    expect((await create('Skript', {})).status).toBe(201);
    // a multipart upload from the app's page
    const logo = await send(
      {
        method: 'POST',
        path: '/api/mandant/logo',
        body: multipartPng(),
        contentType: `multipart/form-data; boundary=${BOUNDARY}`,
      },
      { origin: server.baseUrl },
    );
    expect(logo.status).toBeLessThan(300);
  });

  it('the app opened under another name of the machine changes things: its own address counts', async () => {
    const port = new URL(server.baseUrl).port;
    for (const name of ['localhost', 'stellwerk-pc']) {
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/admin/standorte',
        headers: {
          host: `${name}:${port}`,
          origin: `http://${name}:${port}`,
          cookie: admin,
          'content-type': 'application/json',
        },
        payload: JSON.stringify({ name: `Unter ${name}` }),
      });
      expect(response.statusCode, name).toBe(201);
      // but not a page at another port of the same machine
      const otherPort = await server.app.inject({
        method: 'POST',
        url: '/api/admin/standorte',
        headers: {
          host: `${name}:${port}`,
          origin: `http://${name}:5173`,
          cookie: admin,
          'content-type': 'application/json',
        },
        payload: JSON.stringify({ name: `Anderer Port ${name}` }),
      });
      expect(errorOf(otherPort).code).toBe('request.fremde_herkunft');
    }
  });

  it('a SCIM client with its bearer token works whatever Origin it sends; a cookie beside the token does not pass', async () => {
    const created = await send(
      {
        method: 'POST',
        path: '/api/admin/scim-tokens',
        body: JSON.stringify({ name: 'Origin-Test' }),
        contentType: 'application/json',
      },
      { origin: server.baseUrl },
    );
    expect(created.status).toBe(201);
    const { token } = (await created.json()) as { token: string };
    const user = {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      userName: 'scim.origin@musterstadt.example',
      name: { givenName: 'Scim', familyName: 'Origin' },
      emails: [{ value: 'scim.origin@musterstadt.example', primary: true }],
      active: true,
    };
    const scim = (cookie: string) =>
      fetch(`${server.baseUrl}/scim/v2/Users`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/scim+json',
          origin: 'https://idp.example',
          ...(cookie ? { cookie } : {}),
        },
        body: JSON.stringify(user),
      });
    const withCookie = await scim(admin);
    expect(withCookie.status).toBe(403);
    expect((await scim('')).status).toBe(201);
  });

  it('better-auth: signing out from the app page works, from another site it does not', async () => {
    const cookie = await signIn(server.baseUrl, 'mitarbeiter@musterstadt.example');
    const out = (origin: string) =>
      fetch(`${server.baseUrl}/api/auth/sign-out`, {
        method: 'POST',
        headers: { cookie, origin, 'content-type': 'application/json' },
        body: '{}',
      });
    expect((await out('https://evil.example')).status).toBe(403);
    expect((await fetch(`${server.baseUrl}/api/me`, { headers: { cookie } })).status).toBe(200);
    expect((await out(server.baseUrl)).status).toBe(200);
    expect((await fetch(`${server.baseUrl}/api/me`, { headers: { cookie } })).status).toBe(401);
  });
});
