import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type {
  TBelegung,
  TGrundrissKurz,
  TLeseraumBuchung,
} from '@stellwerk/domain/leseraum/leseraum-buchung/api';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { call } from '../../test/api-call.ts';
import { signInAs } from '../../test/fixtures/anmelden.ts';
import { fixtureMandant } from '../../test/fixtures/mandant.ts';
import { startTestServer } from '../../test/harness.ts';
import { createBackup, restoreBackup } from './backup.ts';
import { openDatabase } from './client.ts';
import { withAdminClient } from './test-database.ts';

const EMAIL = 'mitarbeiter@beispielhausen.example';
/** Monday 23.11.2026, 07:00 in Berlin: the booking below is for the next day. */
const MONDAY_7 = new Date('2026-11-23T07:00:00+01:00');

/** The rows of one table in a custom-format dump, as text (`pg_restore --data-only --table=… --file=-`). */
const pgRestoreText = (dump: string, table: string) =>
  new Promise<string>((resolve, reject) => {
    execFile('pg_restore', ['--data-only', `--table=${table}`, '--file=-', dump], (err, stdout) =>
      err ? reject(err) : resolve(stdout),
    );
  });

const json = async <T>(response: Response): Promise<T> => {
  if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);
  return (await response.json()) as T;
};

/**
 * docs/betrieb.md "Backups" on PostgreSQL, step by step: the restore into a new, empty database as the server's
 * login role, which is no superuser and bypasses row-level security only for the time of the restore; then the
 * server runs on it as that role, and the next backup is taken as a backup role. Roles are cluster-wide: these have
 * random names and are dropped afterwards.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'a PostgreSQL restore as the login role (docs/betrieb.md)',
  () => {
    const adminUrl = process.env.TEST_DATABASE_URL as string;
    const admin = <T>(fn: Parameters<typeof withAdminClient<T>>[1]) => withAdminClient(adminUrl, fn);
    const cleanups: (() => Promise<unknown> | unknown)[] = [];
    afterAll(async () => {
      for (const cleanup of cleanups.reverse()) await cleanup();
    });
    const tempDir = (prefix: string) => {
      const dir = mkdtempSync(path.join(tmpdir(), prefix));
      cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
      return dir;
    };

    it('restores into a new database owned by a non-superuser, which runs the server without bypassing row-level security and is backed up by a backup role', {
      timeout: 180_000,
    }, async () => {
      const original = await startTestServer({ driver: 'pg', now: () => MONDAY_7, seed: false });
      cleanups.push(() => original.close());
      // what is restored: a library with a reader and a reading room of two places, open Monday to Friday
      const bh = await fixtureMandant(original.database, {
        name: 'Bibliothek Beispielhausen',
        domain: 'beispielhausen.example',
        features: { FahrzeugBuchung: false, Leseraum: true },
        standorte: { bibliothek: { name: 'Zentralbibliothek', bundesland: 'BY' } },
        benutzer: { mitarbeiter: { vorname: 'Anna', nachname: 'Schulz' } },
        grundrisse: {
          lesesaal: {
            standort: 'bibliothek',
            bezeichnung: 'Lesesaal Erdgeschoss',
            plaetze: ['Platz 01', 'Platz 02'],
          },
        },
      });
      const leserin = bh.benutzer.mitarbeiter;
      expect(leserin.email).toBe(EMAIL);
      const cookie = await signInAs(original, leserin);
      const [plan] = await json<TGrundrissKurz[]>(
        await call(original, cookie, 'GET', '/api/grundrisse?bereich=leseraum'),
      );
      const belegung = await json<TBelegung>(
        await call(original, cookie, 'GET', `/api/grundrisse/${plan!.id}/belegung?tag=2026-11-24`),
      );
      const buchung = await json<TLeseraumBuchung>(
        await call(original, cookie, 'POST', '/api/leseraum-buchungen', {
          modus: 'ganztags',
          leseraumId: belegung.plaetze.find((p) => p.zustand === 'frei')!.id,
          tag: '2026-11-24',
        }),
      );
      const target = path.join(tempDir('stellwerk-backup-'), 'sicherung');
      await createBackup({ dataDir: original.config.dataDir, databaseUrl: original.databaseUrl, target });

      // as the superuser: the login role, its new database, and the app roles (docs/betrieb.md "Production" step 1;
      // stellwerk_app and stellwerk_platform exist on this cluster already), with bypassrls for the restore
      const suffix = randomBytes(6).toString('hex');
      const rolle = `stellwerk_test_login_${suffix}`;
      const datenbank = `stellwerk_test_restore_${suffix}`;
      const passwort = randomBytes(12).toString('hex');
      await admin((c) => c.query(`create role ${rolle} login password '${passwort}'`));
      cleanups.push(() => admin((c) => c.query(`drop role if exists ${rolle}`)));
      await admin((c) => c.query(`create database ${datenbank} owner ${rolle}`));
      cleanups.push(() => admin((c) => c.query(`drop database if exists ${datenbank} with (force)`)));
      await admin(async (c) => {
        await c.query(`alter role ${rolle} bypassrls`);
        await c.query(`grant stellwerk_app, stellwerk_platform to ${rolle}`);
      });
      const url = new URL(adminUrl);
      url.username = rolle;
      url.password = passwort;
      url.pathname = `/${datenbank}`;
      const databaseUrl = url.toString();

      // `npm run restore` with DATABASE_URL of the login role (src/cli/backup.ts calls restoreBackup), then the
      // superuser takes the bypass back
      const dataDir = tempDir('stellwerk-restore-');
      await restoreBackup({ dataDir, databaseUrl, source: target });
      await admin((c) => c.query(`alter role ${rolle} nobypassrls`));

      const rechte = await admin(async (c) => {
        const { rows } = await c.query<{ rolsuper: boolean; rolbypassrls: boolean }>(
          'select rolsuper, rolbypassrls from pg_roles where rolname = $1',
          [rolle],
        );
        return rows[0];
      });
      expect(rechte).toEqual({ rolsuper: false, rolbypassrls: false });

      const database = await openDatabase({ databaseUrl, dataDir });
      const restored = await startTestServer({
        driver: 'pg',
        now: () => MONDAY_7,
        database: { database, dataDir, databaseUrl, close: () => database.close() },
      });
      cleanups.push(() => restored.close());
      // the restored tables belong to the login role, which (forced row-level security) sees no tenant's row itself
      const { rows: besitzer } = await database.db.execute<{ besitzer: string }>(
        sql`select distinct tableowner as besitzer from pg_tables where schemaname = 'public'`,
      );
      expect(besitzer).toEqual([{ besitzer: rolle }]);
      const { rows: sichtbar } = await database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from leseraum_buchung`,
      );
      expect(sichtbar).toEqual([{ n: 0 }]);

      const wieder = await signInAs(restored, leserin);
      const eigene = await json<TLeseraumBuchung[]>(
        await call(restored, wieder, 'GET', '/api/leseraum-buchungen?bereich=leseraum'),
      );
      expect(eigene.find((b) => b.id === buchung.id)).toMatchObject({
        status: 'vorgemerkt',
        von: buchung.von,
        bis: buchung.bis,
        buchenderMail: EMAIL,
      });

      // the backup of the running server: not as the login role, which row-level security now binds (pg_dump
      // refuses rather than dump no rows), but as a backup role that bypasses it and may read every table
      await expect(
        createBackup({ dataDir, databaseUrl, target: path.join(tempDir('stellwerk-backup-'), 'als-login') }),
      ).rejects.toThrow(/row-level security/);
      const sicherer = `stellwerk_test_backup_${suffix}`;
      await admin(async (c) => {
        await c.query(`create role ${sicherer} login bypassrls password '${passwort}'`);
        await c.query(`grant pg_read_all_data to ${sicherer}`);
      });
      cleanups.push(() => admin((c) => c.query(`drop role if exists ${sicherer}`)));
      const alsSicherer = new URL(databaseUrl);
      alsSicherer.username = sicherer;
      const zweite = path.join(tempDir('stellwerk-backup-'), 'als-backup-rolle');
      await createBackup({ dataDir, databaseUrl: alsSicherer.toString(), target: zweite });
      const buchungen = await pgRestoreText(path.join(zweite, 'db.dump'), 'leseraum_buchung');
      expect(buchungen).toContain(buchung.id);
    });
  },
);
