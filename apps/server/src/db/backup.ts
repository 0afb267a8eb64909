import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import pg from 'pg';
import type { S3Einstellung } from '../modules/plattform/storage/storage.s3.ts';
import {
  pruefeAblageLeer,
  sichereAblage,
  stelleAblageWiederHer,
} from '../modules/plattform/storage/storage.sicherung.ts';
import { acquireDataLock } from './data-lock.ts';

/**
 * Backup and restore of one installation (decision 234): the database (the embedded one as PGlite's own dump of
 * its data folder, PostgreSQL with `pg_dump --format=custom`), the stored files (`DATA_DIR/storage`), the
 * generated session secret and the imprint. A backup is a folder:
 *
 *   manifest.json   what is in it, when and from which database kind
 *   db.tar.gz       the embedded database (PGlite `dumpDataDir`)      — or —
 *   db.dump         the PostgreSQL database (`pg_dump --format=custom`)
 *   storage/        a copy of DATA_DIR/storage, or with STORAGE_URL of the object store's files (decision 260)
 *   session-secret, vapid-keys.json, impressum.txt   when present in DATA_DIR
 */
export type BackupManifest = {
  format: 'stellwerk-backup-1';
  createdAt: string;
  database: 'pglite' | 'pg';
  files: string[];
  /** Where `storage/` was copied from: the data folder, or the S3-compatible store (decision 260). */
  storage?: 'disk' | 's3';
};

const MANIFEST = 'manifest.json';
/** Files beside the database that belong to the installation (config.ts). */
const SIDE_FILES = ['session-secret', 'vapid-keys.json', 'impressum.txt'] as const;

/** Runs a PostgreSQL client program and resolves to its output; its error output becomes the error. */
const run = (command: string, args: string[]) =>
  new Promise<string>((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    child.once('error', (err: NodeJS.ErrnoException) =>
      reject(
        err.code === 'ENOENT'
          ? new Error(
              `${command} wurde nicht gefunden: installieren Sie die PostgreSQL-Client-Programme. / ${command} not found`,
            )
          : err,
      ),
    );
    child.once('close', (code) =>
      code === 0 ? resolve(stdout) : reject(new Error(`${command} endete mit ${code}: ${stderr.trim()}`)),
    );
  });

const isEmptyDir = (dir: string) => !existsSync(dir) || readdirSync(dir).length === 0;

/**
 * Writes a backup of the installation to `target` (a folder that must not exist or be empty). On the embedded
 * database the server must be stopped: the data lock (decision 106) refuses while it runs, so the copy is
 * consistent. On PostgreSQL `pg_dump` takes a consistent snapshot while the server runs; the files are copied
 * after it, so a file uploaded meanwhile may be in the copy without its row (harmless), never the reverse of a
 * file the dump's rows name unless it was deleted meanwhile.
 */
export const createBackup = async ({
  dataDir,
  databaseUrl,
  target,
  storage: s3,
  now = new Date(),
}: {
  dataDir: string;
  databaseUrl: string | undefined;
  target: string;
  /** `STORAGE_URL`: the files are copied from this store instead of `DATA_DIR/storage` (decision 260). */
  storage?: S3Einstellung | undefined;
  now?: Date;
}): Promise<BackupManifest> => {
  if (!isEmptyDir(target))
    throw new Error(`Der Sicherungsordner ${target} ist nicht leer. / The backup folder is not empty.`);
  mkdirSync(target, { recursive: true });
  const files: string[] = [];
  if (databaseUrl) {
    await run('pg_dump', ['--format=custom', `--file=${path.join(target, 'db.dump')}`, databaseUrl]);
    files.push('db.dump');
  } else {
    const dbDir = path.join(dataDir, 'db');
    if (!existsSync(path.join(dbDir, 'PG_VERSION')))
      throw new Error(
        `In ${dataDir} liegt keine eingebettete Datenbank. / No embedded database in ${dataDir}.`,
      );
    const lock = acquireDataLock(dataDir);
    try {
      const client = await PGlite.create({ dataDir: dbDir, extensions: { btree_gist } });
      try {
        // a checkpoint first: everything written is in the data files the dump copies
        await client.query('checkpoint');
        const dump = await client.dumpDataDir('gzip');
        writeFileSync(path.join(target, 'db.tar.gz'), Buffer.from(await dump.arrayBuffer()));
      } finally {
        await client.close();
      }
    } finally {
      lock.release();
    }
    files.push('db.tar.gz');
  }
  const storage = path.join(dataDir, 'storage');
  if (s3) {
    // the store's files, after the dump like the folder's: a file uploaded meanwhile may be in it without its row
    mkdirSync(path.join(target, 'storage'));
    await sichereAblage(s3, path.join(target, 'storage'));
    files.push('storage');
  } else if (existsSync(storage)) {
    cpSync(storage, path.join(target, 'storage'), { recursive: true });
    files.push('storage');
  }
  for (const file of SIDE_FILES)
    if (existsSync(path.join(dataDir, file))) {
      cpSync(path.join(dataDir, file), path.join(target, file));
      files.push(file);
    }
  const manifest: BackupManifest = {
    format: 'stellwerk-backup-1',
    createdAt: now.toISOString(),
    database: databaseUrl ? 'pg' : 'pglite',
    files,
    storage: s3 ? 's3' : 'disk',
  };
  writeFileSync(path.join(target, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
};

export const readManifest = (source: string): BackupManifest => {
  const file = path.join(source, MANIFEST);
  if (!existsSync(file))
    throw new Error(`${source} ist keine Stellwerk-Sicherung (${MANIFEST} fehlt). / Not a Stellwerk backup.`);
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as BackupManifest;
  if (manifest.format !== 'stellwerk-backup-1')
    throw new Error(`Unbekanntes Sicherungsformat '${String(manifest.format)}'. / Unknown backup format.`);
  return manifest;
};

/** The roles the migrations create (0002, 0005), created on a new PostgreSQL server before the dump's policies name them. */
const withClient = async <T>(databaseUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> => {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'stellwerk-restore' });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
};

const prepareRoles = (databaseUrl: string) =>
  withClient(databaseUrl, async (client) => {
    const { rows } = await client.query<{ n: number }>(
      "select count(*)::int as n from pg_tables where schemaname = 'public'",
    );
    if ((rows[0]?.n ?? 0) > 0)
      throw new Error(
        'Die Zieldatenbank ist nicht leer: stellen Sie in eine neu angelegte Datenbank wieder her. / The target database is not empty.',
      );
    for (const role of ['stellwerk_app', 'stellwerk_platform']) {
      await client.query(`do $$ begin
        if not exists (select 1 from pg_roles where rolname = '${role}') then
          create role ${role} nologin nosuperuser nobypassrls nocreatedb nocreaterole noinherit;
        end if;
      end $$`);
      const member = await client.query<{ ok: boolean }>(
        "select pg_has_role(current_user, $1, 'member') as ok",
        [role],
      );
      if (member.rows[0]?.ok) continue;
      try {
        await client.query(`grant ${role} to ${client.escapeIdentifier(String(client.user))}`);
      } catch (err) {
        throw new Error(
          `Die Rolle ${role} ist dem Anmeldenutzer nicht gewährt, und er darf sie nicht gewähren: ` +
            `als Superuser "grant ${role} to <Anmeldenutzer>" ausführen. / ${(err as Error).message}`,
        );
      }
    }
  });

/**
 * Restores a backup into an empty installation: the embedded database into `DATA_DIR/db` (which must not exist
 * yet), or the dump into an empty PostgreSQL database (`pg_restore`, as a role that may bypass row-level
 * security: the superuser or the owner with BYPASSRLS); then the stored files and side files, which must not
 * exist yet either. The server starts on the result as on any database (migrations newer than the backup apply).
 */
export const restoreBackup = async ({
  dataDir,
  databaseUrl,
  source,
  storage: s3,
}: {
  dataDir: string;
  databaseUrl: string | undefined;
  source: string;
  /** `STORAGE_URL`: the files go into this store (which must be empty) instead of `DATA_DIR/storage`. */
  storage?: S3Einstellung | undefined;
}): Promise<BackupManifest> => {
  const manifest = readManifest(source);
  if (manifest.database === 'pg' && !databaseUrl)
    throw new Error(
      'Die Sicherung ist eine PostgreSQL-Sicherung: setzen Sie DATABASE_URL. / Set DATABASE_URL.',
    );
  if (manifest.database === 'pglite' && databaseUrl)
    throw new Error(
      'Die Sicherung ist eine der eingebetteten Datenbank: starten Sie ohne DATABASE_URL. / Unset DATABASE_URL.',
    );
  const storage = path.join(dataDir, 'storage');
  if (!isEmptyDir(storage))
    throw new Error(
      `${storage} ist nicht leer: stellen Sie in einen leeren DATA_DIR wieder her. / Not empty.`,
    );
  if (s3) await pruefeAblageLeer(s3);
  mkdirSync(dataDir, { recursive: true });
  if (manifest.database === 'pg') {
    await prepareRoles(databaseUrl as string);
    const dump = path.join(source, 'db.dump');
    // the dump's default privileges name its old owner (only a superuser may set them for another role): left
    // out, and set again for the role that owns the restored tables, as the migrations set them
    const list = (await run('pg_restore', ['--list', dump]))
      .split('\n')
      .filter((line) => !/\bDEFAULT ACL\b/.test(line))
      .join('\n');
    const listFile = path.join(dataDir, 'restore.list');
    writeFileSync(listFile, list);
    try {
      await run('pg_restore', [
        '--no-owner',
        '--exit-on-error',
        `--use-list=${listFile}`,
        `--dbname=${databaseUrl}`,
        dump,
      ]);
    } finally {
      rmSync(listFile, { force: true });
    }
    await withClient(databaseUrl as string, async (client) => {
      for (const role of ['stellwerk_app', 'stellwerk_platform'])
        await client.query(`alter default privileges in schema public
          grant select, insert, update, delete on tables to ${role};
          alter default privileges in schema public grant usage, select on sequences to ${role}`);
    });
  } else {
    const dbDir = path.join(dataDir, 'db');
    if (!isEmptyDir(dbDir))
      throw new Error(
        `${dbDir} ist nicht leer: stellen Sie in einen leeren DATA_DIR wieder her. / Not empty.`,
      );
    const lock = acquireDataLock(dataDir);
    try {
      const dump = new Blob([readFileSync(path.join(source, 'db.tar.gz'))]);
      const client = await PGlite.create({ dataDir: dbDir, loadDataDir: dump, extensions: { btree_gist } });
      await client.query('select 1');
      await client.close();
    } finally {
      lock.release();
    }
  }
  if (existsSync(path.join(source, 'storage'))) {
    // either kind of backup goes into either kind of store: the folder has the data folder's layout
    if (s3) await stelleAblageWiederHer(s3, source);
    else cpSync(path.join(source, 'storage'), storage, { recursive: true });
  }
  for (const file of SIDE_FILES)
    if (existsSync(path.join(source, file)) && !existsSync(path.join(dataDir, file)))
      cpSync(path.join(source, file), path.join(dataDir, file));
  return manifest;
};
