import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireDataLock } from './db/data-lock.ts';

const serverDir = path.resolve(import.meta.dirname, '..');
const tsx = path.resolve(serverDir, '../../node_modules/.bin/tsx');

/** `npm start`'s process (src/main.ts) with the given environment; resolves with its exit code and output. */
const start = (env: Record<string, string>) =>
  new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(tsx, ['src/main.ts'], {
      cwd: serverDir,
      env: { ...process.env, RUN_SCHEDULER: 'false', LOG_LEVEL: 'warn', INIT_CWD: serverDir, ...env },
      // its own process group: a start that hangs is ended with tsx's node child
      detached: true,
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    const timer = setTimeout(() => process.kill(-(child.pid ?? 0), 'SIGKILL'), 170_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });

const listen = () =>
  new Promise<{ server: Server; port: number }>((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve({ server, port: typeof address === 'object' && address ? address.port : 0 });
    });
  });

describe('a second npm start (decision 106)', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'stellwerk-start-'));
  });
  afterEach(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('on a busy port stops with a message naming the port before the database is touched', async () => {
    const { server, port } = await listen();
    try {
      const { code, output } = await start({ HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir });
      expect(code).toBe(1);
      expect(output).toContain(`Port ${port} ist schon belegt`);
      expect(existsSync(path.join(dataDir, 'db'))).toBe(false);
      // only the configuration's generated secrets (session secret, VAPID keys of decision 245), no database file
      expect(
        readdirSync(dataDir).filter((name) => name !== 'session-secret' && name !== 'vapid-keys.json'),
      ).toEqual([]);
    } finally {
      server.close();
    }
  }, 180_000);

  it('on a data folder another process uses stops with a message naming that process, without opening it', async () => {
    const lock = acquireDataLock(dataDir);
    const { server, port } = await listen();
    server.close();
    try {
      const { code, output } = await start({ HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir });
      expect(code).toBe(1);
      expect(output).toContain(`Der Datenordner ${dataDir} wird schon von Prozess ${process.pid} benutzt`);
      expect(existsSync(path.join(dataDir, 'db'))).toBe(false);
    } finally {
      lock.release();
    }
  }, 180_000);
});
