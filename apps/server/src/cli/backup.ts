import path from 'node:path';
import { dataDirOf } from '../config.ts';
import { createBackup, restoreBackup } from '../db/backup.ts';
import { s3EinstellungOf } from '../modules/plattform/storage/storage.s3.ts';

const USAGE = `Backs up or restores a Stellwerk installation (docs/betrieb.md "Backups").

  npm run backup -w @stellwerk/server -- <new folder>
  npm run restore -w @stellwerk/server -- <backup folder>

Uses the same DATA_DIR and DATABASE_URL as the server. The embedded database is backed up and restored with the
server stopped; on PostgreSQL pg_dump and pg_restore (the PostgreSQL client programs) must be installed, the
backup runs while the server runs, the restore goes into a new, empty database. With STORAGE_URL the files are
copied from the object store, and restored into it (which must be empty).`;

/** `npm run backup|restore -- <folder>` (decision 234). Exit code 0 on success, 1 on refusal, 2 on usage. */
const main = async ([command, folder, ...rest]: string[]): Promise<number> => {
  if (
    (command !== 'backup' && command !== 'restore') ||
    !folder ||
    rest.length > 0 ||
    folder.startsWith('-')
  ) {
    console.error(USAGE);
    return 2;
  }
  const dataDir = dataDirOf();
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const where = path.resolve(process.env.INIT_CWD ?? process.cwd(), folder);
  try {
    // with STORAGE_URL the files are copied from and into the object store (decision 260)
    const storage = s3EinstellungOf(process.env);
    if (command === 'backup') {
      const manifest = await createBackup({ dataDir, databaseUrl, target: where, storage });
      console.log(`Sicherung in ${where}: ${manifest.files.join(', ')}`);
    } else {
      const manifest = await restoreBackup({ dataDir, databaseUrl, source: where, storage });
      console.log(
        `Sicherung vom ${manifest.createdAt} wiederhergestellt (${manifest.files.join(', ')}); starten Sie den Server.`,
      );
    }
    return 0;
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    return 1;
  }
};

process.exitCode = await main(process.argv.slice(2));
