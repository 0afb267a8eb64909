import { and, eq } from 'drizzle-orm';
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
import { grundrissLeseraum, leseraum } from '../modules/leseraum/leseraum/leseraum.table.ts';

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

    const setze = async (feature: 'FahrzeugBuchung' | 'Leseraum', an: boolean) => {
      const response = await fetch(`${server.baseUrl}/api/admin/mandanten/${mandantId}/features`, {
        method: 'PUT',
        headers: { cookie: platform, 'content-type': 'application/json', origin: server.baseUrl },
        body: JSON.stringify({ ...features, [feature]: an }),
      });
      expect(response.status).toBe(200);
    };
    /** Runs `fn` with `feature` switched off, and switches it on again whatever happens. */
    const ohne = async <T>(feature: 'FahrzeugBuchung' | 'Leseraum', fn: () => Promise<T>): Promise<T> => {
      await setze(feature, false);
      try {
        return await fn();
      } finally {
        await setze(feature, true);
      }
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
      expect(features.Leseraum).toBe(true);
    });
    afterAll(async () => {
      await server?.close();
    });

    it.each([
      ['FahrzeugBuchung', 30],
      ['Leseraum', 30],
    ] as const)(
      'every operation marked x-feature %s answers 404 not_found with invalid input while its switch is off, and refuses the input once it is on',
      async (feature, mindestens) => {
        const walks = operationsOf(document).filter(
          (w) => (w.operation as { 'x-feature'?: string })['x-feature'] === feature,
        );
        expect(walks.length).toBeGreaterThan(mindestens);
        const ids = (walk: WalkOperation) =>
          Object.fromEntries(pathParamsOf(walk.path).map((name) => [name, UNKNOWN_UUID]));
        const requests = walks.flatMap((walk) => {
          const all = badRequestsOf(walk, ids(walk));
          const inPath = all.filter((r) => r.label.startsWith('path '));
          const rest = all.filter((r) => !r.label.startsWith('path '));
          return [...rest.slice(0, PER_OPERATION), ...inPath.slice(0, 2)].map((request) => ({
            walk,
            request,
          }));
        });
        const off = await ohne(feature, async () => {
          const answers: { status: number; code?: string }[] = [];
          for (const { walk, request } of requests) answers.push(await send(request, walk.method));
          return answers;
        });
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
        expect(refusedInput).toBeGreaterThan(mindestens);
      },
      300_000,
    );

    const U = UNKNOWN_UUID;
    /** Every write route of the reading room with a body it refuses (decision 126). */
    const LESERAUM_SCHREIBEN: [string, string, unknown][] = [
      ['POST', '/api/leseraum-buchungen', { modus: 'stuendlich' }],
      ['PUT', `/api/leseraum-buchungen/${U}`, { von: 'morgen' }],
      ['POST', `/api/leseraum-buchungen/${U}/storno`, { grund: 42 }],
      ['POST', `/api/leseraum-buchungen/${U}/ablehnen`, {}],
      ['POST', '/api/mail', { buchung: 'keine' }],
      ['POST', '/api/admin/raeume/grundrisse', {}],
      ['PUT', `/api/admin/raeume/grundrisse/${U}`, { aktiv: 'ja' }],
      ['POST', `/api/admin/raeume/grundrisse/${U}/plaetze`, {}],
      ['PUT', `/api/admin/raeume/plaetze/${U}`, { aktiv: 'ja' }],
      ['PUT', `/api/admin/raeume/plaetze/${U}/position`, {}],
      ['PUT', `/api/admin/grundrisse/${U}/oeffnungszeiten`, { montag: 5 }],
      ['POST', `/api/admin/grundrisse/${U}/sonderoeffnungszeiten/preview`, {}],
      ['POST', `/api/admin/grundrisse/${U}/sonderoeffnungszeiten`, {}],
      ['PUT', `/api/admin/grundrisse/${U}/sonderoeffnungszeiten/${U}`, { von: 5 }],
      ['POST', '/api/admin/ausstattung', {}],
      ['PUT', `/api/admin/ausstattung/${U}`, {}],
    ];
    const sendeJson = (method: string, path: string, body?: unknown) =>
      send(
        {
          label: 'json',
          url: path,
          headers: {
            origin: server.baseUrl,
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        } as BadRequest,
        method,
      );

    it('with the reading room switched off, every write route of the reading room answers 404 not_found to an invalid body, and validation.failed once it is on', async () => {
      const aus = await ohne('Leseraum', async () => {
        const answers: string[] = [];
        for (const [method, path, body] of LESERAUM_SCHREIBEN)
          answers.push(`${method} ${path}: ${JSON.stringify(await sendeJson(method, path, body))}`);
        return answers;
      });
      const erwartet = (answer: { status: number; code?: string }) =>
        LESERAUM_SCHREIBEN.map(([method, path]) => `${method} ${path}: ${JSON.stringify(answer)}`);
      expect(aus).toEqual(erwartet({ status: 404, code: 'not_found' }));
      const an: string[] = [];
      for (const [method, path, body] of LESERAUM_SCHREIBEN)
        an.push(`${method} ${path}: ${JSON.stringify(await sendeJson(method, path, body))}`);
      expect(an).toEqual(erwartet({ status: 400, code: 'validation.failed' }));
    }, 120_000);

    it('the reading room switched off: its administration answers 404 to valid requests too; the workspace stays open, also for its input errors', async () => {
      const [platz] = await server.database.withAllTenants((tx) =>
        tx
          .select({ id: leseraum.id, grundrissId: leseraum.grundrissId })
          .from(leseraum)
          .innerJoin(grundrissLeseraum, eq(grundrissLeseraum.id, leseraum.grundrissId))
          .where(and(eq(leseraum.mandantId, mandantId), eq(grundrissLeseraum.bereich, 'arbeitswelt')))
          .limit(1),
      );
      expect(platz).toBeDefined();
      const antworten = await ohne('Leseraum', async () => ({
        verwaltung: await sendeJson('GET', '/api/admin/raeume/grundrisse'),
        ausstattung: await sendeJson('GET', '/api/admin/ausstattung'),
        leseraumPlaene: await sendeJson('GET', '/api/grundrisse'),
        arbeitsweltPlaene: await sendeJson('GET', '/api/grundrisse?bereich=arbeitswelt'),
        arbeitsweltBuchung: await sendeJson('POST', '/api/leseraum-buchungen', {
          modus: 'stuendlich',
          leseraumId: platz!.id,
        }),
        arbeitsweltBelegung: await sendeJson(
          'GET',
          `/api/grundrisse/${platz!.grundrissId}/belegung?tag=gestern`,
        ),
        arbeitsweltListe: await sendeJson('GET', '/api/leseraum-buchungen?bereich=arbeitswelt'),
      }));
      expect(antworten).toEqual({
        verwaltung: { status: 404, code: 'not_found' },
        ausstattung: { status: 404, code: 'not_found' },
        leseraumPlaene: { status: 404, code: 'not_found' },
        arbeitsweltPlaene: { status: 200, code: undefined },
        arbeitsweltBuchung: { status: 400, code: 'validation.failed' },
        arbeitsweltBelegung: { status: 400, code: 'validation.failed' },
        arbeitsweltListe: { status: 200, code: undefined },
      });
      expect((await sendeJson('GET', '/api/admin/raeume/grundrisse')).status).toBe(200);
    }, 120_000);
  },
);
