import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireDataLock, DataDirBusyError, LOCK_FILE } from './data-lock.ts';

describe('one process per embedded database (decision 106)', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'stellwerk-lock-'));
  });
  afterEach(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });
  const lockFile = () => path.join(dataDir, LOCK_FILE);

  it('writes the process id; a second lock of the same folder is refused naming it; released, it can be taken again', () => {
    const lock = acquireDataLock(dataDir);
    expect(readFileSync(lockFile(), 'utf8').trim()).toBe(String(process.pid));
    expect(() => acquireDataLock(dataDir)).toThrow(DataDirBusyError);
    expect(() => acquireDataLock(dataDir)).toThrow(`Prozess ${process.pid}`);
    lock.release();
    expect(existsSync(lockFile())).toBe(false);
    acquireDataLock(dataDir).release();
  });

  it('takes over the stale lock of a process that no longer runs, and an unreadable one', () => {
    const finished = spawnSync(process.execPath, ['-e', '0']);
    expect(finished.status).toBe(0);
    writeFileSync(lockFile(), `${finished.pid}\n`);
    const lock = acquireDataLock(dataDir);
    expect(readFileSync(lockFile(), 'utf8').trim()).toBe(String(process.pid));
    lock.release();
    writeFileSync(lockFile(), 'kaputt');
    acquireDataLock(dataDir).release();
  });

  it('refuses while another running process holds it, with a message naming the process and the file', async () => {
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'], { stdio: 'ignore' });
    try {
      writeFileSync(lockFile(), `${other.pid}\n`);
      let error: unknown;
      try {
        acquireDataLock(dataDir);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(DataDirBusyError);
      expect((error as Error).message).toContain(`Prozess ${other.pid}`);
      expect((error as Error).message).toContain(lockFile());
      expect(readFileSync(lockFile(), 'utf8').trim()).toBe(String(other.pid));
    } finally {
      other.kill();
      await new Promise((resolve) => other.once('exit', resolve));
    }
    // its process ended without removing the file (as after kill -9): the lock is taken over
    acquireDataLock(dataDir).release();
  });
});
