import { ERRORS, formatError, isErrorCode } from '@stellwerk/domain/errors';
import { checkAdminRoute, type GuardContext, type PermissionName } from '@stellwerk/domain/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BadRequest,
  badRequestsOf,
  firstBadRequestOf,
  type OpenApiDocument,
  operationsOf,
  pathParamsOf,
  UNKNOWN_UUID,
  type WalkOperation,
} from '../../test/bad-input';
import { signIn, startTestServer, type TestServer, testDrivers } from '../../test/harness';
import { checksum } from '../../test/table-checksum.ts';

type Outcome = { request: string; status: number; problem: string };

/** What is wrong with an answer: a 5xx, or an error not in the `{ error: { code, message, params } }` shape. */
const problemOf = (status: number, contentType: string | null, text: string): string | undefined => {
  if (status >= 500) return `status ${status}: ${text.slice(0, 200)}`;
  if (status < 400) return undefined;
  if (!contentType?.startsWith('application/json'))
    return `error of type ${contentType}: ${text.slice(0, 200)}`;
  let body: { error?: { code?: unknown; message?: unknown; params?: unknown } };
  try {
    body = JSON.parse(text);
  } catch {
    return `error body is not JSON: ${text.slice(0, 200)}`;
  }
  const error = body.error;
  if (!error || typeof error.code !== 'string' || !isErrorCode(error.code))
    return `no catalogue code: ${text.slice(0, 200)}`;
  if (typeof error.params !== 'object' || error.params === null) return `no params: ${text.slice(0, 200)}`;
  const params = error.params as Record<string, string | number>;
  const texts = [formatError(error.code, 'de', params), formatError(error.code, 'en', params)];
  if (!texts.includes(String(error.message))) return `message is not the catalogue's: ${text.slice(0, 200)}`;
  if (ERRORS[error.code].status !== status && !(error.code === 'validation.failed' && status < 500))
    return `status ${status} differs from the catalogue's ${ERRORS[error.code].status} for ${error.code}`;
  return undefined;
};

/** Who an operation's guard admits, as the OpenAPI document declares it (`x-access`, auth.guards.ts). */
type Access =
  | { kind: 'public' | 'user' | 'platform' }
  | { kind: 'screen'; screens: string[] }
  | { kind: 'rights'; anyOf: PermissionName[] };

/** Whether a plain booker (no admin screen, not the platform) passes the declared guard: otherwise 403. */
const admitsBooker = (access: Access, booker: GuardContext): boolean => {
  switch (access.kind) {
    case 'public':
    case 'user':
      return true;
    case 'platform':
      return false;
    case 'screen':
      return access.screens.some((screen) => checkAdminRoute(screen, booker) === null);
    case 'rights':
      return access.anyOf.some((right) => booker.permissions.has(right));
  }
};

describe.each(testDrivers())('every operation of /api/openapi.json with bad input on %s', (driver) => {
  let server: TestServer;
  let document: OpenApiDocument;
  let walks: WalkOperation[];
  const cookies = { admin: '', platform: '', booker: '' };

  const send = async (request: BadRequest, method: string, cookie?: string) => {
    const response = await fetch(`${server.baseUrl}${request.url}`, {
      method: method.toUpperCase(),
      headers: { ...request.headers, ...(cookie ? { cookie } : {}) },
      body: request.body,
      signal: AbortSignal.timeout(10_000),
    });
    const contentType = response.headers.get('content-type');
    // An event stream stays open: its status and type are the answer.
    if (contentType?.startsWith('text/event-stream')) {
      await response.body?.cancel();
      return { status: response.status, contentType, text: '' };
    }
    return { status: response.status, contentType, text: await response.text() };
  };

  /** A real value for each path parameter: the first item the collection above it lists. */
  const realIds = async (path: string, cookie: string): Promise<Record<string, string>> => {
    const ids: Record<string, string> = {};
    const segments = path.split('/');
    for (const [index, segment] of segments.entries()) {
      const name = /^\{(\w+)\}$/.exec(segment)?.[1];
      if (!name) continue;
      const collection = segments.slice(0, index).join('/');
      ids[name] = UNKNOWN_UUID;
      if (!document.paths[collection]?.get) continue;
      const url = collection.replace(/\{(\w+)\}/g, (_w, n: string) => ids[n] ?? '');
      const response = await fetch(`${server.baseUrl}${url}`, { headers: { cookie } });
      if (!response.ok) continue;
      const found = findValue(await response.json(), name);
      if (found) ids[name] = found;
    }
    return ids;
  };

  beforeAll(async () => {
    server = await startTestServer({ driver });
    cookies.admin = await signIn(server.baseUrl, 'admin@musterstadt.example');
    cookies.platform = await signIn(server.baseUrl, 'plattform@stellwerk.example');
    cookies.booker = await signIn(server.baseUrl, 'mitarbeiter@musterstadt.example');
    document = (await (await fetch(`${server.baseUrl}/api/openapi.json`)).json()) as OpenApiDocument;
    walks = operationsOf(document);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('every operation has a unique operationId', () => {
    expect(walks.length).toBeGreaterThan(50);
    const missing = walks.filter((w) => !w.operation.operationId).map((w) => `${w.method} ${w.path}`);
    expect(missing).toEqual([]);
    const ids = walks.map((w) => w.operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('no bad request answers 5xx or an error outside the shape, and nothing is written', async () => {
    const before = await checksum(server);
    const problems: Outcome[] = [];
    let requests = 0;
    for (const walk of walks) {
      // An operation without any input (DELETE /api/mandant/logo) has no bad input to send; a plain call acts.
      if (badRequestsOf(walk, {}).length === 0) continue;
      // The platform administrator for tenant management, the tenant administrator (every right) otherwise.
      const probe = await send(firstBadRequestOf(walk, {}), walk.method, cookies.admin);
      const cookie = probe.status === 403 ? cookies.platform : cookies.admin;
      const ids = await realIds(walk.path, cookie);
      for (const request of badRequestsOf(walk, ids)) {
        const { status, contentType, text } = await send(request, walk.method, cookie);
        requests++;
        const problem = problemOf(status, contentType, text);
        if (problem)
          problems.push({
            request: `${walk.method.toUpperCase()} ${walk.path} (${request.label})`,
            status,
            problem,
          });
      }
    }
    console.info(
      `bad-input walk on ${driver}: ${walks.length} operations, ${requests} requests, ${problems.length} problems`,
    );
    expect(problems).toEqual([]);
    expect(await checksum(server)).toEqual(before);
  }, 300_000);

  it('the guard answers before the input is checked: 401 anonymous, then 403 for a booker the declared guard refuses, then 400', async () => {
    const me = (await (
      await fetch(`${server.baseUrl}/api/me`, { headers: { cookie: cookies.booker } })
    ).json()) as { permissions: PermissionName[] };
    const booker: GuardContext = { permissions: new Set(me.permissions), isPlatformAdmin: false };
    expect(booker.permissions.size).toBeGreaterThan(0);
    const wrong: string[] = [];
    let refused = 0;
    for (const walk of walks) {
      const access = (walk.operation as { 'x-access'?: Access })['x-access'];
      if (!access) {
        wrong.push(`${walk.method.toUpperCase()} ${walk.path}: no x-access`);
        continue;
      }
      if (!walk.operation.security) continue;
      const request = firstBadRequestOf(
        walk,
        Object.fromEntries(pathParamsOf(walk.path).map((p) => [p, UNKNOWN_UUID])),
      );
      const name = `${walk.method.toUpperCase()} ${walk.path} (${request.label})`;
      const anonymous = await send(request, walk.method);
      if (anonymous.status !== 401) wrong.push(`${name} anonymous: ${anonymous.status}`);
      const admitted = admitsBooker(access, booker);
      if (!admitted) refused++;
      const answer = await send(request, walk.method, cookies.booker);
      if (admitted ? answer.status === 401 || answer.status === 403 : answer.status !== 403)
        wrong.push(`${name} booker (${JSON.stringify(access)}): ${answer.status}`);
    }
    expect(wrong).toEqual([]);
    // the booker is refused by the administration's guards and by the rights they lack
    expect(refused).toBeGreaterThan(40);
  }, 120_000);
});

/** The first string under key `name` (or `id`) in a list answer: `[{ id }]`, `{ items: [{ id }] }`, … */
const findValue = (value: unknown, name: string): string | undefined => {
  for (const key of [name, 'id']) {
    const found = search(value, key, 0);
    if (found) return found;
  }
  return undefined;
};

const search = (value: unknown, key: string, depth: number): string | undefined => {
  if (depth > 4 || value === null || typeof value !== 'object') return undefined;
  if (!Array.isArray(value) && typeof (value as Record<string, unknown>)[key] === 'string')
    return (value as Record<string, string>)[key];
  for (const child of Array.isArray(value) ? value : Object.values(value)) {
    const found = search(child, key, depth + 1);
    if (found) return found;
  }
  return undefined;
};
