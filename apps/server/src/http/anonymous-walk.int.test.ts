import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf } from '../../test/api-call.ts';
import {
  fillPath,
  type OpenApiDocument,
  operationsOf,
  pathParamsOf,
  UNKNOWN_UUID,
} from '../../test/bad-input.ts';
import { startTestServer, type TestServer, testDrivers } from '../../test/harness.ts';

/**
 * The one exception (decision 126): spec §8 names its own text for deciding a special approval without a
 * session user, 'User not found! Kein update der Sonderfreigabe möglich.' (still 401).
 */
const SPEC_TEXT: Record<string, string> = {
  'POST /api/sonderfreigaben/{buchungId}/freigeben': 'sonderfreigabe.user_not_found',
  'POST /api/sonderfreigaben/{buchungId}/ablehnen': 'sonderfreigabe.user_not_found',
};

describe.each(testDrivers())('one code for "not signed in" on %s (decision 126)', (driver) => {
  let server: TestServer;
  let document: OpenApiDocument;

  beforeAll(async () => {
    server = await startTestServer({ driver });
    document = (await (await fetch(`${server.baseUrl}/api/openapi.json`)).json()) as OpenApiDocument;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('every guarded operation of /api/openapi.json called without a session answers 401 auth.unauthenticated', async () => {
    const wrong: string[] = [];
    let guarded = 0;
    for (const { method, path, operation } of operationsOf(document)) {
      const access = (operation as { 'x-access'?: { kind: string } })['x-access'];
      if (!access || access.kind === 'public') continue;
      guarded++;
      const url = fillPath(path, Object.fromEntries(pathParamsOf(path).map((p) => [p, UNKNOWN_UUID])));
      const withBody = method !== 'get' && method !== 'delete';
      const response = await fetch(`${server.baseUrl}${url}`, {
        method: method.toUpperCase(),
        // a same-origin change (decision 104), so only the missing session is wrong
        headers: {
          origin: server.baseUrl,
          ...(withBody ? { 'content-type': 'application/json' } : {}),
        },
        ...(withBody ? { body: '{}' } : {}),
      });
      const name = `${method.toUpperCase()} ${path}`;
      const expected = SPEC_TEXT[name] ?? 'auth.unauthenticated';
      if (response.status !== 401) {
        wrong.push(`${name}: ${response.status}`);
        await response.body?.cancel();
        continue;
      }
      const { code } = await errorOf(response);
      if (code !== expected) wrong.push(`${name}: ${code}`);
    }
    expect(wrong).toEqual([]);
    expect(guarded).toBeGreaterThan(100);
  }, 120_000);
});
