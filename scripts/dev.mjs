#!/usr/bin/env node
/**
 * `npm run dev`: the API server with `tsx watch` (PORT, default 3000) and the Vite dev server of the web app
 * (5173, proxying /api to the API server) together, with hot reload. Output of both is forwarded line by line
 * with a prefix; Ctrl-C stops both. Node 20, no dependencies beyond the workspaces' own (tsx, vite).
 *
 * Environment: everything the server reads (docs/betrieb.md "Configuration") is passed through. Defaults here:
 * PORT=3000, DATA_DIR=./data (repository root), PUBLIC_URL=http://localhost:5173 (mail links open the
 * Vite dev server), WEB_PORT=5173; TRUSTED_ORIGINS gains the Vite dev server's origins (localhost and 127.0.0.1).
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverDir = path.join(root, 'apps/server');
const webDir = path.join(root, 'apps/web');

const apiPort = Number(process.env.PORT ?? 3000);
const webPort = Number(process.env.WEB_PORT ?? 5173);
const useColor = Boolean(process.stdout.isTTY) && !process.env.NO_COLOR;
const paint = (code, text) => (useColor ? `\u001b[${code}m${text}\u001b[0m` : text);
const prefixes = {
  server: paint('36', '[server]'),
  web: paint('35', '[web]   '),
  dev: paint('33', '[dev]   '),
};

const log = (who, line) => process.stdout.write(`${prefixes[who]} ${line}\n`);
const logError = (who, line) => process.stderr.write(`${prefixes[who]} ${line}\n`);

/** Forward a stream line by line with a prefix. */
const forward = (stream, who, write) => {
  createInterface({ input: stream, crlfDelay: Number.POSITIVE_INFINITY }).on('line', (line) =>
    write(who, line),
  );
};

/** The installed package's file, resolved the way the workspace that depends on it would. */
const resolveFrom = (dir, request) => createRequire(path.join(dir, 'package.json')).resolve(request);

let stopping = false;
/** @type {import('node:child_process').ChildProcess | undefined} */
let server;
/** @type {{ close: () => Promise<void> } | undefined} */
let vite;

const stop = async (exitCode) => {
  if (stopping) return;
  stopping = true;
  log('dev', 'stopping server and web dev server …');
  const serverExited =
    server && server.exitCode === null && server.signalCode === null
      ? new Promise((resolve) => server?.once('exit', resolve))
      : Promise.resolve();
  if (server?.pid && server.exitCode === null) server.kill('SIGTERM');
  const forceKill = setTimeout(() => server?.kill('SIGKILL'), 5000);
  forceKill.unref();
  await Promise.allSettled([vite?.close(), serverExited]);
  process.exit(exitCode);
};

process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));

// --- API server: tsx watch -------------------------------------------------------------------------
const tsxPackageJson = resolveFrom(serverDir, 'tsx/package.json');
const tsxBin = path.join(path.dirname(tsxPackageJson), JSON.parse(readFileSync(tsxPackageJson, 'utf8')).bin);

server = spawn(
  process.execPath,
  [tsxBin, 'watch', '--clear-screen=false', path.join(serverDir, 'src/main.ts')],
  {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(apiPort),
      DATA_DIR: process.env.DATA_DIR ?? path.join(root, 'data'),
      PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${webPort}`,
      // The Vite dev server's pages may call the sign-in API in `npm run dev` only (decision 020).
      TRUSTED_ORIGINS: [
        process.env.TRUSTED_ORIGINS,
        `http://localhost:${webPort}`,
        `http://127.0.0.1:${webPort}`,
      ]
        .filter(Boolean)
        .join(','),
      NODE_ENV: process.env.NODE_ENV ?? 'development',
      ...(useColor ? { FORCE_COLOR: '1' } : {}),
    },
  },
);
forward(server.stdout, 'server', log);
forward(server.stderr, 'server', logError);
server.on('exit', (code, signal) => {
  if (stopping) return;
  logError('dev', `server exited (${signal ?? `code ${code}`}); stopping`);
  void stop(code || 1);
});
log('dev', `API server starting with tsx watch on http://localhost:${apiPort}`);

// --- web: Vite dev server with /api proxied to the API server -------------------------------------
try {
  const { createServer, createLogger } = await import(pathToFileURL(resolveFrom(webDir, 'vite')).href);
  const base = createLogger('info', { allowClearScreen: false });
  const prefixed = (write) => (msg, options) => {
    for (const line of String(msg).split('\n'))
      write(`${prefixes.web} ${line}`, { ...options, timestamp: false });
  };
  const customLogger = {
    ...base,
    info: prefixed(base.info),
    warn: prefixed(base.warn),
    warnOnce: prefixed(base.warnOnce),
    error: prefixed(base.error),
    clearScreen: () => {},
  };
  const target = `http://localhost:${apiPort}`;
  // apps/web/vite.config.ts proxies /api and /builds to API_URL; the inline proxy below makes /api certain.
  process.env.API_URL ??= target;
  vite = await createServer({
    root: webDir,
    customLogger,
    clearScreen: false,
    server: {
      port: webPort,
      strictPort: true,
      // ws for completeness; /api/events (Server-Sent Events) streams through the plain HTTP proxy.
      proxy: { '/api': { target, changeOrigin: false, ws: true } },
    },
  });
  await vite.listen();
  log('dev', `web app with hot reload on http://localhost:${webPort} (API proxied to ${target})`);
} catch (error) {
  logError(
    'dev',
    `web dev server failed to start: ${error instanceof Error ? error.message : String(error)}`,
  );
  await stop(1);
}
