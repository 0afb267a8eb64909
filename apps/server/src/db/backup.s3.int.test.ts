import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, describe, expect, it } from 'vitest';
import { signIn, startTestServer, type TestServer, testDrivers } from '../../test/harness.ts';
import { type S3TestServer, startS3TestServer } from '../../test/s3-server.ts';
import { s3EinstellungOf } from '../modules/plattform/storage/storage.s3.ts';
import { createBackup, restoreBackup } from './backup.ts';
import { openDatabase } from './client.ts';
import { withAdminClient } from './test-database.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const PREFIX = 'installation-1/';

const createBucket = async (s3: S3TestServer, name: string) => {
  const client = new S3Client({
    region: 'us-east-1',
    endpoint: s3.url,
    forcePathStyle: true,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
  });
  await client.send(new CreateBucketCommand({ Bucket: name }));
  client.destroy();
};

const storageOf = (s3: S3TestServer, bucket: string) => ({
  url: `s3://${bucket}/${PREFIX}?endpoint=${encodeURIComponent(s3.url)}&region=eu-central-1`,
  accessKeyId: s3.accessKeyId,
  secretAccessKey: s3.secretAccessKey,
});

const einstellungOf = (storage: ReturnType<typeof storageOf>) =>
  s3EinstellungOf({
    STORAGE_URL: storage.url,
    STORAGE_ACCESS_KEY_ID: storage.accessKeyId,
    STORAGE_SECRET_ACCESS_KEY: storage.secretAccessKey,
  });

describe.each(testDrivers())(
  'backup and restore with the files in an object store on %s (decision 260)',
  (driver) => {
    const cleanups: (() => Promise<unknown> | unknown)[] = [];
    afterAll(async () => {
      for (const cleanup of cleanups.reverse()) await cleanup();
    });
    const tempDir = (prefix: string) => {
      const dir = mkdtempSync(path.join(tmpdir(), prefix));
      cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
      return dir;
    };

    // Two servers, a dump and a restore beside two other integration workers: the bound detects a hang (see backup.int.test.ts).
    it('copies the store into the backup and restores it into an empty store, where the restored instance reads the file', {
      timeout: 180_000,
    }, async () => {
      const s3 = await startS3TestServer();
      cleanups.push(() => s3.close());
      await createBucket(s3, 'quelle');
      await createBucket(s3, 'ziel');
      const quelle = storageOf(s3, 'quelle');
      const ziel = storageOf(s3, 'ziel');

      const original = await startTestServer({ driver, storage: quelle });
      let originalClosed = false;
      cleanups.push(() => (originalClosed ? undefined : original.close()));
      const admin = await signIn(original.baseUrl, 'admin@musterstadt.example');
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(PNG)]), 'logo.png');
      const uploaded = await fetch(`${original.baseUrl}/api/mandant/logo`, {
        method: 'POST',
        headers: { cookie: admin },
        body: form,
      });
      expect(uploaded.status).toBe(201);
      const { id } = (await uploaded.json()) as { id: string };
      const [key] = [...s3.objects('quelle').keys()].filter((k) => k.includes(id));
      expect(key).toMatch(new RegExp(`^${PREFIX}logos/[0-9a-f-]{36}/${id}\\.png$`));

      if (driver === 'pglite') {
        await original.app.close();
        await original.database.close();
        originalClosed = true;
        cleanups.push(() => rmSync(original.config.dataDir, { recursive: true, force: true }));
      }
      const target = path.join(tempDir('stellwerk-backup-s3-'), 'sicherung');
      const manifest = await createBackup({
        dataDir: original.config.dataDir,
        databaseUrl: original.databaseUrl,
        target,
        storage: einstellungOf(quelle),
      });
      expect(manifest).toMatchObject({ database: driver, storage: 's3' });
      expect(manifest.files).toContain('storage');
      // the store's object, in the data folder's layout
      const copy = path.join(target, 'storage', key!.slice(PREFIX.length));
      expect(readFileSync(copy).equals(PNG)).toBe(true);

      // an empty DATA_DIR, an empty store, and on PostgreSQL a new empty database
      const dataDir = tempDir('stellwerk-restore-s3-');
      let databaseUrl: string | undefined;
      if (driver === 'pg') {
        const adminUrl = process.env.TEST_DATABASE_URL as string;
        const name = `stellwerk_test_restore_${randomBytes(6).toString('hex')}`;
        await withAdminClient(adminUrl, (c) => c.query(`create database ${name}`));
        cleanups.push(() =>
          withAdminClient(adminUrl, (c) => c.query(`drop database if exists ${name} with (force)`)),
        );
        const url = new URL(adminUrl);
        url.pathname = `/${name}`;
        databaseUrl = url.toString();
      }
      // a store that holds the installation's objects already is refused before anything is restored
      await expect(
        restoreBackup({ dataDir, databaseUrl, source: target, storage: einstellungOf(quelle) }),
      ).rejects.toThrow(/Objektspeicher .* ist nicht leer/);
      expect(existsSync(path.join(dataDir, 'db'))).toBe(false);

      await restoreBackup({ dataDir, databaseUrl, source: target, storage: einstellungOf(ziel) });
      expect(s3.objects('ziel').get(key!)?.equals(PNG)).toBe(true);
      // the files went into the store, not into the data folder
      expect(existsSync(path.join(dataDir, 'storage'))).toBe(false);

      const database = await openDatabase({ databaseUrl, dataDir });
      const restored: TestServer = await startTestServer({
        driver,
        storage: ziel,
        database: { database, dataDir, databaseUrl, close: () => database.close() },
      });
      cleanups.push(() => restored.close());
      const employee = await signIn(restored.baseUrl, 'mitarbeiter@musterstadt.example');
      const read = await fetch(`${restored.baseUrl}/api/dateien/${id}`, { headers: { cookie: employee } });
      expect(read.status).toBe(200);
      expect(Buffer.from(await read.arrayBuffer()).equals(PNG)).toBe(true);
    });
  },
);
