import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BadRequest,
  badRequestsOf,
  type OpenApiDocument,
  operationsOf,
  pathParamsOf,
  UNKNOWN_UUID,
  type WalkOperation,
} from '../../test/bad-input.ts';
import { signIn, startTestServer, type TestServer, testDrivers } from '../../test/harness.ts';

/** Input refusals the switch comes before (feature-guard.ts). */
const INPUT_REFUSALS = new Set([400, 413, 415, 422]);
/** At most this many bad requests per operation (each kind of bad input is covered by the bad-input walk). */
const PER_OPERATION = 4;

describe.each(testDrivers())(
  'a switched-off feature answers before the input is checked on %s (decision 126)',
  (driver) => {
    let server: TestServer;
    let document: OpenApiDocument;
    let admin: string;
    let platform: string;
    let mandantId: string;
    let features: Record<string, boolean>;

    const setze = async (FahrzeugBuchung: boolean) => {
      const response = await fetch(`${server.baseUrl}/api/admin/mandanten/${mandantId}/features`, {
        method: 'PUT',
        headers: { cookie: platform, 'content-type': 'application/json', origin: server.baseUrl },
        body: JSON.stringify({ ...features, FahrzeugBuchung }),
      });
      expect(response.status).toBe(200);
    };

    const send = async (request: BadRequest, method: string) => {
      const response = await fetch(`${server.baseUrl}${request.url}`, {
        method: method.toUpperCase(),
        headers: { ...request.headers, cookie: admin },
        body: request.body,
        signal: AbortSignal.timeout(10_000),
      });
      const text = await response.text();
      let code: string | undefined;
      try {
        code = (JSON.parse(text) as { error?: { code?: string } }).error?.code;
      } catch {
        code = undefined;
      }
      return { status: response.status, code };
    };

    beforeAll(async () => {
      server = await startTestServer({ driver });
      // the tenant's administrator holds every right: no 403 comes before the switch
      admin = await signIn(server.baseUrl, 'admin@musterstadt.example');
      platform = await signIn(server.baseUrl, 'plattform@stellwerk.example');
      document = (await (await fetch(`${server.baseUrl}/api/openapi.json`)).json()) as OpenApiDocument;
      const me = (await (await fetch(`${server.baseUrl}/api/me`, { headers: { cookie: admin } })).json()) as {
        mandant: { id: string };
      };
      mandantId = me.mandant.id;
      const mandanten = (await (
        await fetch(`${server.baseUrl}/api/admin/mandanten`, { headers: { cookie: platform } })
      ).json()) as { id: string; features: Record<string, boolean> }[];
      features = mandanten.find((m) => m.id === mandantId)!.features;
      expect(features.FahrzeugBuchung).toBe(true);
    });
    afterAll(async () => {
      await server?.close();
    });

    it('every operation marked x-feature answers 404 not_found with invalid input while its switch is off, and refuses the input once it is on', async () => {
      const walks = operationsOf(document).filter(
        (w) => (w.operation as { 'x-feature'?: string })['x-feature'] === 'FahrzeugBuchung',
      );
      expect(walks.length).toBeGreaterThan(30);
      const ids = (walk: WalkOperation) =>
        Object.fromEntries(pathParamsOf(walk.path).map((name) => [name, UNKNOWN_UUID]));
      const requests = walks.flatMap((walk) => {
        const all = badRequestsOf(walk, ids(walk));
        const inPath = all.filter((r) => r.label.startsWith('path '));
        const rest = all.filter((r) => !r.label.startsWith('path '));
        return [...rest.slice(0, PER_OPERATION), ...inPath.slice(0, 2)].map((request) => ({ walk, request }));
      });
      await setze(false);
      const off: { status: number; code?: string }[] = [];
      try {
        for (const { walk, request } of requests) off.push(await send(request, walk.method));
      } finally {
        await setze(true);
      }
      const wrong: string[] = [];
      let refusedInput = 0;
      for (const [index, { walk, request }] of requests.entries()) {
        const on = await send(request, walk.method);
        if (!INPUT_REFUSALS.has(on.status)) continue;
        refusedInput++;
        const answer = off[index]!;
        if (answer.status !== 404 || answer.code !== 'not_found')
          wrong.push(
            `${walk.method.toUpperCase()} ${walk.path} (${request.label}): off ${answer.status} ${answer.code}, on ${on.status}`,
          );
      }
      expect(wrong).toEqual([]);
      // the walk saw real input refusals, not only made-up ids
      expect(refusedInput).toBeGreaterThan(30);
    }, 300_000);
  },
);
