import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { s3Ablage } from '../modules/plattform/storage/storage.s3.ts';
import { migrateStorage } from '../modules/plattform/storage/storage.umzug.ts';

const USAGE = `Copies the stored files of DATA_DIR/storage into the object store of STORAGE_URL (decision 242).

  npm run storage:migrate -w @stellwerk/server [-- --entfernen]

Streams every file; a file the store already holds with the same size is not sent again, so the command can be
run again at any time (e.g. once more after the switch). --entfernen removes each local copy once the store
holds it. Uses the same DATA_DIR, STORAGE_URL, STORAGE_ACCESS_KEY_ID and STORAGE_SECRET_ACCESS_KEY as the server;
the server may keep running.`;

/** `npm run storage:migrate`: exit code 0 when every file is in the store, 1 when some failed, 2 on usage. */
const main = async (argv: string[]): Promise<number> => {
  let values: { entfernen?: boolean; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: { entfernen: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
      strict: true,
    }));
  } catch (err) {
    console.error(`${(err as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const config = loadConfig();
  if (!config.storage) {
    console.error(
      `STORAGE_URL ist nicht gesetzt: kein Objektspeicher, in den verschoben werden könnte. / STORAGE_URL is not set.\n\n${USAGE}`,
    );
    return 2;
  }
  const ziel = s3Ablage(config.storage);
  try {
    const r = await migrateStorage({ dataDir: config.dataDir, ziel, entfernen: values.entfernen });
    console.log(
      `kopiert/copied: ${r.kopiert}, schon vorhanden/already there: ${r.vorhanden}, übersprungen/skipped: ${r.uebersprungen}, fehlgeschlagen/failed: ${r.fehler.length}${values.entfernen ? `, lokal entfernt/removed locally: ${r.entfernt}` : ''}`,
    );
    for (const f of r.fehler) console.error(`  ${f.datei}: ${f.grund}`);
    return r.fehler.length > 0 ? 1 : 0;
  } finally {
    ziel.destroy();
  }
};

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
