import type { TApiError } from '@stellwerk/domain/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, testDrivers } from '../../../../test/harness';

const errorOf = async (response: Response) => ((await response.json()) as TApiError).error;

type OpenApiDocument = { openapi: string; paths: Record<string, Record<string, { tags?: string[] }>> };

describe.each(testDrivers())('health, errors and API description on %s', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ driver, seed: false });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('GET /api/health answers 200 with the database driver', async () => {
    const response = await fetch(`${server.baseUrl}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', database: driver, realtime: 'connected' });
  });

  it('sends the security headers: a CSP that forbids framing, nosniff', async () => {
    const response = await fetch(`${server.baseUrl}/api/health`);
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('an unknown /api route answers 404 not_found in German by default', async () => {
    const response = await fetch(`${server.baseUrl}/api/gibt-es-nicht`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: { code: 'not_found', message: 'Der Eintrag wurde nicht gefunden.', params: {} },
    });
  });

  it('answers in English when the browser prefers it', async () => {
    const response = await fetch(`${server.baseUrl}/api/gibt-es-nicht`, {
      headers: { 'accept-language': 'en-US,en;q=0.9,de;q=0.5' },
    });
    expect((await errorOf(response)).message).toBe('The item was not found.');
  });

  it('a query that fails its schema is refused by the guard first: 401 before 400', async () => {
    const response = await fetch(`${server.baseUrl}/api/admin/postausgang?limit=viele`);
    expect(response.status).toBe(401);
    expect((await errorOf(response)).code).toBe('auth.unauthenticated');
  });

  it('malformed JSON or a body over the limit from an anonymous caller answers 401, never 400, 413 or 500', async () => {
    for (const body of ['{"kaputt": ', JSON.stringify({ x: 'a'.repeat(2 * 1024 * 1024) })]) {
      const response = await fetch(`${server.baseUrl}/api/mandant/logo`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      expect(response.status).toBe(401);
      expect((await errorOf(response)).code).toBe('auth.unauthenticated');
    }
  });

  it('routes that need a session answer 401 auth.unauthenticated without one', async () => {
    for (const path of ['/api/mandant/logo', '/api/events']) {
      const response = await fetch(`${server.baseUrl}${path}`);
      expect(response.status, path).toBe(401);
      expect((await errorOf(response)).code, path).toBe('auth.unauthenticated');
    }
  });

  it('an admin route without a session answers like every other route, 401 auth.unauthenticated (decision 126)', async () => {
    const response = await fetch(`${server.baseUrl}/api/admin/postausgang`);
    expect(response.status).toBe(401);
    const error = await errorOf(response);
    expect(error.code).toBe('auth.unauthenticated');
    expect(error.message).toBe('Bitte melden Sie sich an.');
  });

  it('GET /api/openapi.json describes every route with a tag, and /api/docs serves the reference page', async () => {
    const response = await fetch(`${server.baseUrl}/api/openapi.json`);
    expect(response.status).toBe(200);
    const document = (await response.json()) as OpenApiDocument;
    expect(document.openapi).toMatch(/^3\./);
    for (const path of [
      '/api/health',
      '/api/admin/postausgang',
      '/api/mandant/logo',
      '/api/dateien/{id}',
      '/api/events',
    ]) {
      expect(document.paths[path], path).toBeDefined();
    }
    for (const [path, operations] of Object.entries(
      document.paths as Record<string, Record<string, { tags?: string[] }>>,
    )) {
      for (const [method, operation] of Object.entries(operations)) {
        expect(operation.tags?.length, `${method} ${path} has a tag`).toBeGreaterThan(0);
      }
    }
    // A body the handler reads itself (check-in, check-out: JSON or multipart) is documented in both forms.
    for (const schritt of ['check-in', 'check-out']) {
      const operation = (
        document.paths as Record<
          string,
          Record<string, { requestBody?: { content: Record<string, { schema: { required?: string[] } }> } }>
        >
      )[`/api/fahrzeug-buchungen/{id}/${schritt}`]?.post;
      expect(operation?.requestBody?.content['application/json']?.schema.required, schritt).toContain(
        'kilometerstand',
      );
      expect(operation?.requestBody?.content['multipart/form-data']?.schema.required, schritt).toEqual([
        'daten',
      ]);
    }
    for (const page of ['/api/docs', '/api/docs/']) {
      const docs = await fetch(`${server.baseUrl}${page}`);
      expect(docs.status).toBe(200);
      const html = await docs.text();
      expect(html).toContain('swagger-ui');
      // Every script and stylesheet comes from this server (offline), and it is there.
      const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1] ?? '');
      expect(assets.length).toBeGreaterThan(2);
      for (const asset of assets) {
        const assetUrl = new URL(asset, `${server.baseUrl}${page}`);
        expect(assetUrl.origin, asset).toBe(server.baseUrl);
        const antwort = await fetch(assetUrl);
        expect(antwort.status, assetUrl.pathname).toBe(200);
        // read to the end: an unread body keeps its connection busy, and closing the server waits for it
        await antwort.arrayBuffer();
      }
    }
  });
});

describe('health when the database is gone', () => {
  it('GET /api/health answers 503 with an error body', async () => {
    const server = await startTestServer({ seed: false });
    try {
      await server.database.close();
      const response = await fetch(`${server.baseUrl}/api/health`);
      expect(response.status).toBe(503);
      expect((await errorOf(response)).code).toBe('internal');
    } finally {
      await server.app.close();
    }
  });
});
