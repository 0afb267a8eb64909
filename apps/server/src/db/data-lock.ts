import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

/** The file beside the embedded database that names the one process using it (decision 106). */
export const LOCK_FILE = 'db.lock';

export type DataLock = { file: string; release: () => void };

/** Whether a process with this id is running (EPERM: it runs, under another user). */
const isRunning = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

const pidIn = (file: string): number | undefined => {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
};

/** The data folder is used by another running process: its id and the lock file. */
export class DataDirBusyError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
    readonly file: string,
  ) {
    super(
      `Der Datenordner ${dataDir} wird schon von Prozess ${pid} benutzt (${file}): die eingebettete Datenbank ` +
        `kann nur ein Prozess öffnen. Beenden Sie diesen Prozess (läuft Stellwerk schon, z. B. in einem anderen ` +
        `Terminal?) oder wählen Sie mit DATA_DIR einen anderen Ordner. / The data folder is in use by process ${pid}.`,
    );
    this.name = 'DataDirBusyError';
  }
}

/**
 * Takes the embedded database of `dataDir` for this process: creates `db.lock` holding the process id, exclusively.
 * A lock of a process that no longer runs (a crash, `kill -9`) is taken over; a running one — this process
 * included, which would open the same files twice — refuses with `DataDirBusyError` naming it. `release` removes
 * the file if it is still this process's; it also runs when the process exits.
 */
export const acquireDataLock = (dataDir: string): DataLock => {
  const file = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 3; attempt++) {
    let fd: number;
    try {
      fd = openSync(file, 'wx', 0o600);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = pidIn(file);
      if (holder !== undefined && isRunning(holder)) throw new DataDirBusyError(dataDir, holder, file);
      // stale (its process is gone) or unreadable (a crash while writing it): take it over
      rmSync(file, { force: true });
      continue;
    }
    try {
      writeSync(fd, `${process.pid}\n`);
    } finally {
      closeSync(fd);
    }
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      process.removeListener('exit', release);
      if (pidIn(file) === process.pid) rmSync(file, { force: true });
    };
    process.on('exit', release);
    return { file, release };
  }
  throw new Error(`${file}: could not take the lock of the data folder`);
};
