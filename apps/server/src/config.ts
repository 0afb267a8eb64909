import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Runtime configuration, read once from the environment (README: "Configuration"). */
export type Config = {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL 15+; when unset the embedded PGlite database under `dataDir/db` is used. */
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  publicUrl: string;
  sessionSecret: string;
  /** Directory of the built web app (served in production); undefined when not built. */
  webDist: string | undefined;
  /** Seed the demo tenants on an empty database. */
  seedDemo: boolean;
  /** Run the in-process scheduler (mail dispatcher and later jobs). */
  runScheduler: boolean;
  /** The operator's imprint (plain text), shown publicly at /impressum. */
  imprintFile: string;
};

const readSecret = (dataDir: string): string => {
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
};

export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => {
  // Relative paths are taken from where the command was started: `npm start` in the repository root keeps its
  // data in ./data there, although npm runs the server script inside apps/server (npm sets INIT_CWD).
  const base = env.INIT_CWD ?? process.cwd();
  const dataDir = path.resolve(base, env.DATA_DIR ?? './data');
  mkdirSync(dataDir, { recursive: true });
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, got '${env.PORT}'`);
  const webDist = path.resolve(import.meta.dirname, '../../web/dist');
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    sessionSecret: env.SESSION_SECRET || readSecret(dataDir),
    webDist: existsSync(path.join(webDist, 'index.html')) ? webDist : undefined,
    seedDemo: env.SEED_DEMO !== 'false',
    runScheduler: env.RUN_SCHEDULER !== 'false',
    imprintFile: path.resolve(base, env.IMPRESSUM_FILE ?? path.join(dataDir, 'impressum.txt')),
  };
};
