import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs } from '../../../../test/fixtures/anmelden.ts';
import { fixtureMandant } from '../../../../test/fixtures/mandant.ts';
import { ADMIN, ADMINISTRATION } from '../../../../test/fixtures/verwaltung.ts';
import { startTestServer, type TestServer, testDrivers } from '../../../../test/harness';
import { type S3TestServer, startS3TestServer } from '../../../../test/s3-server';
import { s3Ablage, s3EinstellungOf } from './storage.s3';
import { datei } from './storage.table';
import { migrateStorage } from './storage.umzug';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const BUCKET = 'stellwerk';
const PREFIX = 'installation-1/';

const upload = (server: TestServer, urlPath: string, cookie: string, data: Buffer, filename: string) => {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(data)]), filename);
  return fetch(`${server.baseUrl}${urlPath}`, { method: 'POST', headers: { cookie }, body: form });
};

/** Every stored file of a storage folder, as `{bucket}/{mandantId}/{name}`. */
const filesOnDisk = async (dataDir: string): Promise<string[]> => {
  const root = path.join(dataDir, 'storage');
  if (!existsSync(root)) return [];
  const found = await readdir(root, { recursive: true, withFileTypes: true });
  return found
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
};

/** A floor plan's drawing (SVG). */
const PLAN_SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 800"><rect width="1200" height="800" fill="#fff"/></svg>',
);

/** Tenant A with its administrator and an employee, tenant B with an employee. */
const mandanten = async (server: TestServer) => ({
  a: await fixtureMandant(server.database, {
    name: 'Stadtwerke Musterstadt',
    domain: 'musterstadt.example',
    rollen: ADMINISTRATION,
    benutzer: {
      mitarbeiter: { vorname: 'Lena', nachname: 'Hoffmann' },
      admin: ADMIN,
    },
  }),
  b: await fixtureMandant(server.database, {
    name: 'Bibliothek Beispielhausen',
    domain: 'beispielhausen.example',
    benutzer: { mitarbeiter: { vorname: 'Anna', nachname: 'Schulz' } },
  }),
});

/**
 * A plan drawing of the tenant as the data folder held it before the store was configured: the file under
 * `storage/grundrisse/{mandantId}/` and its `datei` row, as the local storage writes them.
 */
const zeichnungImDatenordner = async (server: TestServer, mandantId: string) => {
  const id = randomUUID();
  const ordner = path.join(server.config.dataDir, 'storage', 'grundrisse', mandantId);
  await mkdir(ordner, { recursive: true });
  await writeFile(path.join(ordner, `${id}.svg`), PLAN_SVG);
  await server.database.withAllTenants((tx) =>
    tx.insert(datei).values({
      id,
      mandantId,
      bucket: 'grundrisse',
      pfad: `${mandantId}/${id}.svg`,
      originalName: 'lesesaal.svg',
      mime: 'image/svg+xml',
      size: PLAN_SVG.length,
    }),
  );
};

const createBucket = async (s3: S3TestServer) => {
  const client = new S3Client({
    region: 'us-east-1',
    endpoint: s3.url,
    forcePathStyle: true,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
  });
  await client.send(new CreateBucketCommand({ Bucket: BUCKET }));
  client.destroy();
};

describe.each(testDrivers())('files in an S3-compatible object store on %s (decision 242)', (driver) => {
  let s3: S3TestServer;
  let server: TestServer;
  let storage: { url: string; accessKeyId: string; secretAccessKey: string };
  let adminA: string;
  let employeeA: string;
  let employeeB: string;
  let mandantA: string;
  const key = (bucket: string, id: string, ext: string) => `${PREFIX}${bucket}/${mandantA}/${id}.${ext}`;

  beforeAll(async () => {
    s3 = await startS3TestServer();
    await createBucket(s3);
    storage = {
      url: `s3://${BUCKET}/${PREFIX}?endpoint=${encodeURIComponent(s3.url)}&region=eu-central-1`,
      accessKeyId: s3.accessKeyId,
      secretAccessKey: s3.secretAccessKey,
    };
    server = await startTestServer({ driver, storage, seed: false });
    const { a, b } = await mandanten(server);
    [adminA, employeeA, employeeB] = await Promise.all([
      signInAs(server, a.benutzer.admin),
      signInAs(server, a.benutzer.mitarbeiter),
      signInAs(server, b.benutzer.mitarbeiter),
    ]);
    mandantA = a.id;
    // the floor plans' drawings of both tenants, written to the data folder before the store was configured
    await zeichnungImDatenordner(server, a.id);
    await zeichnungImDatenordner(server, b.id);
  });
  afterAll(async () => {
    await server?.close();
    await s3?.close();
  });

  it('an upload through the API lands in the store, not in the data folder; it is read through the API with its checks and deleted', async () => {
    const before = await filesOnDisk(server.config.dataDir);
    const response = await upload(server, '/api/mandant/logo', adminA, PNG, 'logo.png');
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    expect(
      s3
        .objects(BUCKET)
        .get(key('logos', id, 'png'))
        ?.equals(PNG),
    ).toBe(true);
    expect(await filesOnDisk(server.config.dataDir)).toEqual(before);

    const own = await fetch(`${server.baseUrl}/api/dateien/${id}`, { headers: { cookie: employeeA } });
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('image/png');
    expect(own.headers.get('content-length')).toBe(String(PNG.length));
    expect(own.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await own.arrayBuffer()).equals(PNG)).toBe(true);
    expect(s3.log).toContain(`GetObject ${key('logos', id, 'png')}`);

    // the app's access checks stand in front of the store: another tenant and nobody get nothing
    const reads = s3.log.length;
    const foreign = await fetch(`${server.baseUrl}/api/dateien/${id}`, { headers: { cookie: employeeB } });
    expect(foreign.status).toBe(404);
    const anonymous = await fetch(`${server.baseUrl}/api/dateien/${id}`);
    expect(anonymous.status).toBe(401);
    expect(s3.log.length).toBe(reads);

    const removed = await fetch(`${server.baseUrl}/api/mandant/logo`, {
      method: 'DELETE',
      headers: { cookie: adminA, origin: server.baseUrl },
    });
    expect(removed.status).toBe(204);
    expect(s3.objects(BUCKET).has(key('logos', id, 'png'))).toBe(false);
    const gone = await fetch(`${server.baseUrl}/api/dateien/${id}`, { headers: { cookie: employeeA } });
    expect(gone.status).toBe(404);
  });

  it('replacing the privacy PDF removes the replaced object from the store', async () => {
    const first = await upload(server, '/api/mandant/datenschutz', adminA, PDF, 'a.pdf');
    const { id: erste } = (await first.json()) as { id: string };
    const second = await upload(server, '/api/mandant/datenschutz', adminA, PDF, 'b.pdf');
    const { id: zweite } = (await second.json()) as { id: string };
    expect(s3.objects(BUCKET).has(key('datenschutz', erste, 'pdf'))).toBe(false);
    expect(
      s3
        .objects(BUCKET)
        .get(key('datenschutz', zweite, 'pdf'))
        ?.equals(PDF),
    ).toBe(true);
    const file = await fetch(`${server.baseUrl}/api/mandant/datenschutz`, { headers: { cookie: employeeA } });
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(PDF)).toBe(true);
  });

  it('the migration moves the files of the data folder into the store, streamed and idempotent; then the API serves them', async () => {
    // The plans' drawings were written to the data folder before the store was configured (beforeAll).
    const [plan] = await server.database.db
      .select()
      .from(datei)
      .where(and(eq(datei.mandantId, mandantA), eq(datei.bucket, 'grundrisse')))
      .limit(1);
    expect(plan).toBeDefined();
    const before = await fetch(`${server.baseUrl}/api/dateien/${plan!.id}`, {
      headers: { cookie: employeeA },
    });
    expect(before.status).toBe(404);

    // a file larger than one part (5 MB) goes up as a multipart upload, one part at a time
    const gross = Buffer.alloc(6 * 1024 * 1024 + 123, 7);
    const grossName = `${randomUUID()}.pdf`;
    await mkdir(path.join(server.config.dataDir, 'storage', 'belege', mandantA), { recursive: true });
    await writeFile(path.join(server.config.dataDir, 'storage', 'belege', mandantA, grossName), gross);
    await writeFile(path.join(server.config.dataDir, 'storage', 'belege', mandantA, 'fremd.txt'), 'x');
    const lokal = (await filesOnDisk(server.config.dataDir)).filter((f) => !f.endsWith('fremd.txt'));
    expect(lokal.length).toBeGreaterThan(2);

    const ziel = s3Ablage(
      s3EinstellungOf({
        STORAGE_URL: storage.url,
        STORAGE_ACCESS_KEY_ID: s3.accessKeyId,
        STORAGE_SECRET_ACCESS_KEY: s3.secretAccessKey,
      })!,
    );
    try {
      const erster = await migrateStorage({ dataDir: server.config.dataDir, ziel });
      expect(erster).toEqual({
        kopiert: lokal.length,
        vorhanden: 0,
        uebersprungen: 1,
        fehler: [],
        entfernt: 0,
      });
    } finally {
      ziel.destroy();
    }
    expect(
      s3.log.filter((l) => l.startsWith(`UploadPart ${key('belege', grossName.slice(0, 36), 'pdf')}`)),
    ).toHaveLength(2);
    expect(s3.objects(BUCKET).get(`${PREFIX}belege/${mandantA}/${grossName}`)?.equals(gross)).toBe(true);
    for (const f of lokal) expect(s3.objects(BUCKET).has(`${PREFIX}${f}`)).toBe(true);

    const after = await fetch(`${server.baseUrl}/api/dateien/${plan!.id}`, {
      headers: { cookie: employeeA },
    });
    expect(after.status).toBe(200);
    expect(after.headers.get('content-type')).toBe('image/svg+xml');
    expect((await after.arrayBuffer()).byteLength).toBe(plan!.size);

    // the command, run again: nothing is sent twice
    const puts = s3.log.filter((l) => l.startsWith('PutObject') || l.startsWith('UploadPart')).length;
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', path.resolve(import.meta.dirname, '../../../cli/storage-migrate.ts')],
      {
        env: {
          PATH: process.env.PATH,
          DATA_DIR: server.config.dataDir,
          SESSION_SECRET: 'integration-test-secret-0123456789abcdef',
          STORAGE_URL: storage.url,
          STORAGE_ACCESS_KEY_ID: s3.accessKeyId,
          STORAGE_SECRET_ACCESS_KEY: s3.secretAccessKey,
        },
      },
    );
    expect(stdout).toContain(
      `kopiert/copied: 0, schon vorhanden/already there: ${lokal.length}, übersprungen/skipped: 1, fehlgeschlagen/failed: 0`,
    );
    expect(s3.log.filter((l) => l.startsWith('PutObject') || l.startsWith('UploadPart')).length).toBe(puts);
  });

  it("removing a tenant's files lists and deletes every object under its prefix and nothing else", async () => {
    const ziel = s3Ablage(
      s3EinstellungOf({
        STORAGE_URL: storage.url,
        STORAGE_ACCESS_KEY_ID: s3.accessKeyId,
        STORAGE_SECRET_ACCESS_KEY: s3.secretAccessKey,
      })!,
    );
    try {
      const weg = randomUUID();
      const bleibt = randomUUID();
      const namen = Array.from({ length: 3 }, () => `${randomUUID()}.png`);
      for (const name of namen) {
        await ziel.write('schaeden', `${weg}/${name}`, Readable.from([PNG]));
        await ziel.write('schaeden', `${bleibt}/${name}`, Readable.from([PNG]));
      }
      expect(await ziel.size('schaeden', `${weg}/${namen[0]}`)).toBe(PNG.length);
      await ziel.removeTenant('schaeden', weg);
      const keys = [...s3.objects(BUCKET).keys()];
      expect(keys.filter((k) => k.startsWith(`${PREFIX}schaeden/${weg}/`))).toEqual([]);
      expect(keys.filter((k) => k.startsWith(`${PREFIX}schaeden/${bleibt}/`))).toHaveLength(3);
      expect(s3.log).toContain(`ListObjectsV2 ${PREFIX}schaeden/${weg}/`);
      expect(await ziel.size('schaeden', `${weg}/${namen[0]}`)).toBeUndefined();
      expect(await ziel.read('schaeden', `${weg}/${namen[0]}`)).toBeUndefined();
      await expect(ziel.removeTenant('schaeden', '../etc')).rejects.toThrow(/refused tenant directory/);
    } finally {
      ziel.destroy();
    }
  });

  it('a start with a malformed STORAGE_URL is refused with a clear message', () => {
    expect(() => s3EinstellungOf({ STORAGE_URL: 'http://bucket' })).toThrow(
      /STORAGE_URL must look like s3:\/\/bucket/,
    );
    expect(() => s3EinstellungOf({ STORAGE_URL: 's3://b?endpoint=ftp://x' })).toThrow(
      /endpoint must be an http/,
    );
    expect(() => s3EinstellungOf({ STORAGE_URL: 's3://b', STORAGE_ACCESS_KEY_ID: 'k' })).toThrow(
      /set together/,
    );
    expect(s3EinstellungOf({ STORAGE_URL: '' })).toBeUndefined();
  });
});
