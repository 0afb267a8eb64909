import { existsSync } from 'node:fs';
import path from 'node:path';
import type { TApiError } from '@stellwerk/domain/api';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs } from '../../../../test/fixtures/anmelden.ts';
import { fixtureMandant } from '../../../../test/fixtures/mandant.ts';
import { ADMIN, ADMINISTRATION } from '../../../../test/fixtures/verwaltung.ts';
import { startTestServer, type TestServer, testDrivers } from '../../../../test/harness';
import { auditLog } from '../audit/audit.public.ts';
import { datei } from './storage.table';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const EVIL_SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script><rect width="4" height="4"/></svg>',
);

const errorOf = async (response: Response) => ((await response.json()) as TApiError).error;

const upload = (server: TestServer, urlPath: string, cookie: string, data: Buffer, filename: string) => {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(data)]), filename);
  return fetch(`${server.baseUrl}${urlPath}`, { method: 'POST', headers: { cookie }, body: form });
};

/**
 * Tenant A (German: the upload messages are asserted in German) with its administrator and an employee without
 * `customizing_mandant_pflege`; tenant B with an employee. Neither has a logo or a privacy statement yet.
 */
const mandanten = async (server: TestServer) => ({
  a: await fixtureMandant(server.database, {
    name: 'Stadtwerke Musterstadt',
    domain: 'musterstadt.example',
    einstellungen: { Sprache: 'de' },
    rollen: { Mitarbeiter: ['fahrzeug_buchen'], ...ADMINISTRATION },
    benutzer: {
      mitarbeiter: { vorname: 'Lena', nachname: 'Hoffmann', rollen: ['Mitarbeiter'] },
      admin: ADMIN,
    },
  }),
  b: await fixtureMandant(server.database, {
    name: 'Bibliothek Beispielhausen',
    domain: 'beispielhausen.example',
    benutzer: { mitarbeiter: { vorname: 'Anna', nachname: 'Schulz' } },
  }),
});

describe.each(testDrivers())('tenant files (logo, privacy PDF) on %s', (driver) => {
  let server: TestServer;
  let adminA: string;
  let employeeA: string;
  let employeeB: string;
  let mandantA: string;
  beforeAll(async () => {
    server = await startTestServer({ driver, seed: false });
    const { a, b } = await mandanten(server);
    [adminA, employeeA, employeeB] = await Promise.all([
      signInAs(server, a.benutzer.admin),
      signInAs(server, a.benutzer.mitarbeiter),
      signInAs(server, b.benutzer.mitarbeiter),
    ]);
    mandantA = a.id;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('an administrator uploads a PNG logo; every user of the tenant gets it with safe headers', async () => {
    const response = await upload(server, '/api/mandant/logo', adminA, PNG, 'logo.png');
    expect(response.status).toBe(201);
    const stored = (await response.json()) as { id: string; mime: string; size: number };
    expect(stored).toMatchObject({ mime: 'image/png', size: PNG.length });

    const file = await fetch(`${server.baseUrl}/api/mandant/logo`, { headers: { cookie: employeeA } });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(file.headers.get('cache-control')).toBe('private, max-age=3600');
    expect(Buffer.from(await file.arrayBuffer()).equals(PNG)).toBe(true);

    const [row] = await server.database.db.select().from(datei).where(eq(datei.id, stored.id));
    expect(row?.pfad).toBe(`${mandantA}/${stored.id}.png`);
    expect(
      existsSync(path.join(server.config.dataDir, 'storage', 'logos', mandantA, `${stored.id}.png`)),
    ).toBe(true);

    const audit = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'mandant.logos'), eq(auditLog.entityId, stored.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]?.mandantId).toBe(mandantA);
  });

  it('a file of another tenant answers 404, by id and as "current logo"', async () => {
    const response = await upload(server, '/api/mandant/logo', adminA, PNG, 'logo.png');
    const { id } = (await response.json()) as { id: string };
    const own = await fetch(`${server.baseUrl}/api/dateien/${id}`, { headers: { cookie: employeeA } });
    expect(own.status).toBe(200);
    const foreign = await fetch(`${server.baseUrl}/api/dateien/${id}`, { headers: { cookie: employeeB } });
    expect(foreign.status).toBe(404);
    expect((await errorOf(foreign)).code).toBe('not_found');
    const otherLogo = await fetch(`${server.baseUrl}/api/mandant/logo`, { headers: { cookie: employeeB } });
    if (otherLogo.status === 200) {
      expect(Buffer.from(await otherLogo.arrayBuffer()).equals(PNG)).toBe(false);
    } else {
      expect(otherLogo.status).toBe(404);
    }
  });

  it('an SVG logo is sanitised and served with a sandbox CSP', async () => {
    const response = await upload(server, '/api/mandant/logo', adminA, EVIL_SVG, 'logo.svg');
    expect(response.status).toBe(201);
    const file = await fetch(`${server.baseUrl}/api/mandant/logo`, { headers: { cookie: employeeA } });
    expect(file.headers.get('content-type')).toBe('image/svg+xml');
    expect(file.headers.get('content-security-policy')).toMatch(/^sandbox/);
    const text = await file.text();
    expect(text).toContain('<rect width="4" height="4"/>');
    expect(text).not.toMatch(/script|onload|alert/);
  });

  it('the privacy policy takes a PDF and refuses anything else by content', async () => {
    const ok = await upload(server, '/api/mandant/datenschutz', adminA, PDF, 'datenschutz.pdf');
    expect(ok.status).toBe(201);
    const file = await fetch(`${server.baseUrl}/api/mandant/datenschutz`, { headers: { cookie: employeeA } });
    expect(file.headers.get('content-type')).toBe('application/pdf');
    const png = await upload(server, '/api/mandant/datenschutz', adminA, PNG, 'datenschutz.pdf');
    expect(png.status).toBe(415);
    const refused = await errorOf(png);
    expect(refused.code).toBe('upload.type_not_allowed');
    expect(refused.message).toBe(
      'Fehler beim Hochladen der Datei: Dieser Dateityp ist hier nicht erlaubt. Erlaubt: PDF.',
    );
    const html = await upload(
      server,
      '/api/mandant/logo',
      adminA,
      Buffer.from('<html><script></script></html>'),
      'x.png',
    );
    expect(html.status).toBe(415);
  });

  it('a broken SVG fails with the spec message in German', async () => {
    const response = await upload(
      server,
      '/api/mandant/logo',
      adminA,
      Buffer.from('<svg><g></svg>'),
      'x.svg',
    );
    expect(response.status).toBe(400);
    const error = await errorOf(response);
    expect(error.code).toBe('upload.failed');
    expect(error.message).toMatch(/^Fehler beim Hochladen der Datei: /);
  });

  it('a file over 5 MB answers 413 upload.too_large', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(6 * 1024 * 1024)]);
    const response = await upload(server, '/api/mandant/logo', adminA, big, 'big.png');
    expect(response.status).toBe(413);
    const error = await errorOf(response);
    expect(error.code).toBe('upload.too_large');
    expect(error.message).toBe('Fehler beim Hochladen der Datei: Die Datei ist zu groß (höchstens 5 MB).');
  });

  it('an employee without customizing_mandant_pflege may not upload', async () => {
    const response = await upload(server, '/api/mandant/logo', employeeA, PNG, 'logo.png');
    expect(response.status).toBe(403);
    expect((await errorOf(response)).code).toBe('auth.forbidden');
  });

  it('a request without the multipart field answers 400 with the spec message', async () => {
    const form = new FormData();
    form.append('anders', new Blob([new Uint8Array(PNG)]), 'logo.png');
    const response = await fetch(`${server.baseUrl}/api/mandant/logo`, {
      method: 'POST',
      headers: { cookie: adminA },
      body: form,
    });
    expect(response.status).toBe(400);
    const error = await errorOf(response);
    expect(error.code).toBe('upload.keine_datei');
    expect(error.message).toBe(
      "Fehler beim Hochladen der Datei: Es wurde keine Datei im Feld 'file' gesendet.",
    );
  });

  it('replacing the logo deletes the old file: it can no longer be read, by id or on disk', async () => {
    const first = (await (await upload(server, '/api/mandant/logo', adminA, PNG, 'alt.png')).json()) as {
      id: string;
    };
    const second = await upload(server, '/api/mandant/logo', adminA, PNG, 'neu.png');
    expect(second.status).toBe(201);
    const { id: newId } = (await second.json()) as { id: string };
    const old = await fetch(`${server.baseUrl}/api/dateien/${first.id}`, { headers: { cookie: employeeA } });
    expect(old.status).toBe(404);
    expect(
      existsSync(path.join(server.config.dataDir, 'storage', 'logos', mandantA, `${first.id}.png`)),
    ).toBe(false);
    const rows = await server.database.db
      .select({ id: datei.id })
      .from(datei)
      .where(and(eq(datei.mandantId, mandantA), eq(datei.bucket, 'logos')));
    expect(rows).toEqual([{ id: newId }]);
  });

  it('the logo and the privacy PDF can be removed (audited); afterwards there is none', async () => {
    for (const [urlPath, bucket, data, name] of [
      ['/api/mandant/logo', 'logos', PNG, 'logo.png'],
      ['/api/mandant/datenschutz', 'datenschutz', PDF, 'datenschutz.pdf'],
    ] as const) {
      const { id } = (await (await upload(server, urlPath, adminA, data, name)).json()) as { id: string };
      const refused = await fetch(`${server.baseUrl}${urlPath}`, {
        method: 'DELETE',
        headers: { cookie: employeeA, origin: server.baseUrl },
      });
      expect(refused.status).toBe(403);
      const removed = await fetch(`${server.baseUrl}${urlPath}`, {
        method: 'DELETE',
        headers: { cookie: adminA, origin: server.baseUrl },
      });
      expect(removed.status).toBe(204);
      expect((await fetch(`${server.baseUrl}${urlPath}`, { headers: { cookie: employeeA } })).status).toBe(
        404,
      );
      expect(
        (await fetch(`${server.baseUrl}/api/dateien/${id}`, { headers: { cookie: employeeA } })).status,
      ).toBe(404);
      const ext = bucket === 'logos' ? 'png' : 'pdf';
      expect(existsSync(path.join(server.config.dataDir, 'storage', bucket, mandantA, `${id}.${ext}`))).toBe(
        false,
      );
      const again = await fetch(`${server.baseUrl}${urlPath}`, {
        method: 'DELETE',
        headers: { cookie: adminA, origin: server.baseUrl },
      });
      expect(again.status).toBe(404);
      const audit = await server.database.db
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(and(eq(auditLog.entity, `mandant.${bucket}`), eq(auditLog.entityId, id)));
      expect(audit.map((a) => a.action).sort()).toEqual(['delete', 'upload']);
    }
    const me = await fetch(`${server.baseUrl}/api/me`, { headers: { cookie: employeeA } });
    expect(
      ((await me.json()) as { mandant: { hasLogo: boolean; hasDatenschutz: boolean } }).mandant,
    ).toMatchObject({ hasLogo: false, hasDatenschutz: false });
  });
});
