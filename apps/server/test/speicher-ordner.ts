import { mkdtempSync, statfsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The folder in memory, where the machine has one. */
const SPEICHER = '/dev/shm';

/**
 * A new temporary folder for a test run's databases and files: in memory (`/dev/shm`) when it has `mindestens`
 * bytes free, else in the system's temporary folder. Every embedded database of the integration tier is a copy of a
 * template, 44 MB in 1,400 files: on the CI-like machine's disk a copy took 1.1 s of the kernel's time and its
 * removal as much again, in memory 0.04 s; the databases' own writes go there too (decision 278).
 * STELLWERK_TEST_TMPDIR names another folder to use; `os` keeps the system's.
 */
export const laufOrdner = (prefix: string, mindestens: number): string => {
  const wahl = process.env.STELLWERK_TEST_TMPDIR;
  if (wahl && wahl !== 'os') return mkdtempSync(path.join(wahl, prefix));
  if (!wahl) {
    try {
      const { bavail, bsize } = statfsSync(SPEICHER);
      if (bavail * bsize >= mindestens) return mkdtempSync(path.join(SPEICHER, prefix));
    } catch {
      // no /dev/shm (macOS, Windows): the system's folder
    }
  }
  return mkdtempSync(path.join(tmpdir(), prefix));
};
