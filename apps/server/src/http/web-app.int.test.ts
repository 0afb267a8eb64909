import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openTestDatabase, type TestDatabase } from '../db/test-database';

describe('the built web app in production', () => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  let webDist: string;
  beforeAll(async () => {
    webDist = mkdtempSync(path.join(tmpdir(), 'stellwerk-web-'));
    mkdirSync(path.join(webDist, 'assets'));
    mkdirSync(path.join(webDist, 'builds'));
    writeFileSync(
      path.join(webDist, 'index.html'),
      '<!doctype html><title>Stellwerk</title><div id="root"></div>',
    );
    writeFileSync(path.join(webDist, 'assets', 'index-3f9a1c.js'), 'console.log(1)');
    writeFileSync(path.join(webDist, 'builds', 'latest.json'), '{"id":"build-1"}');
    testDb = await openTestDatabase('pglite');
    const config = { ...loadConfig({ DATA_DIR: testDb.dataDir, SESSION_SECRET: 'x'.repeat(32) }), webDist };
    app = await buildApp({ config, database: testDb.database, logger: false });
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it.each(['/', '/fahrzeuge', '/leseraum/karte', '/admin/benutzer?x=1'])(
    'GET %s answers index.html, not cached',
    async (url) => {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    },
  );

  it.each(['/gibt-es-nicht', '/fahrzeuge/unbekannt', '/admin/xyz?x=1', '/assets/fehlt.js', '/kiosk/raum-3'])(
    'GET %s is no route of the web app: index.html with status 404',
    async (url) => {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toContain('<div id="root">');
    },
  );

  it.each([
    '/Fahrzeuge/',
    '/fahrzeuge/freigaben',
    '/auth/recovery?token=x',
    '/admin/postausgang',
    '/impressum',
  ])('GET %s is a route of the web app: status 200', async (url) => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
  });

  it('hashed assets are cached for a year, builds/latest.json is not cached', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/index-3f9a1c.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const build = await app.inject({ method: 'GET', url: '/builds/latest.json' });
    expect(build.statusCode).toBe(200);
    expect(build.headers['cache-control']).toBe('no-cache');
    expect(build.json()).toEqual({ id: 'build-1' });
  });

  it('unknown /api paths stay JSON 404s', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/unbekannt' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: { code: 'not_found' } });
  });

  it.each([
    `/api/${'x'.repeat(300)}`,
    `/api/admin/${'a'.repeat(150)}/usage`,
    '/api/assets/index-3f9a1c.js',
    '/api/..%2fassets/index-3f9a1c.js',
    '/api/',
  ])('GET %s is the API 404 in the error shape, never a file-server answer', async (url) => {
    const response = await app.inject({ method: 'GET', url, headers: { 'accept-language': 'en' } });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({
      error: { code: 'not_found', message: 'The item was not found.', params: {} },
    });
  });

  it('API routes still answer', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
  });
});
