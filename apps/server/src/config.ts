import { createECDH, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type S3Einstellung, s3EinstellungOf } from './modules/plattform/storage/storage.s3.ts';

/** `SMS_URL` as an http(s) address, or undefined; anything else refuses the start with a clear message. */
const smsUrlOf = (value: string | undefined): string | undefined => {
  if (!value) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`SMS_URL must be an http(s) address, got '${value}'`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`SMS_URL must be an http(s) address, got '${url.protocol}'`);
  return url.toString();
};

/** Runtime configuration, read once from the environment (docs/betrieb.md "Configuration"). */
export type Config = {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL 15+; when unset the embedded PGlite database under `dataDir/db` is used. */
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  /**
   * `SMS_URL`: the SMS gateway (an HTTP endpoint that takes `POST { to, text, id }`, decision 083). Unset, the
   * phone factor is not offered and codes of existing phone factors are written to the server log.
   */
  smsUrl: string | undefined;
  /** The address users open (links in mails); `http://localhost:$PORT` when `PUBLIC_URL` is unset. */
  publicUrl: string;
  /**
   * Whether `PUBLIC_URL` was set. Unset, the sign-in API trusts a page at the address the request was sent to
   * (localhost, 127.0.0.1, the host name); set, only `PUBLIC_URL` and `trustedOrigins` (decision 020).
   */
  publicUrlSet: boolean;
  /** `TRUSTED_ORIGINS`: further pages allowed to call the sign-in API (normalised origins). */
  trustedOrigins: string[];
  sessionSecret: string;
  /** `SESSION_DAYS`: how long a session lasts without use, in days (1–365, default 7; renewed daily while used). */
  sessionDays: number;
  /** Directory of the built web app (served in production); undefined when not built. */
  webDist: string | undefined;
  /**
   * Seed the demo tenants on an empty database: by default only on the embedded database; with
   * `DATABASE_URL` only when `SEED_DEMO=true` (a production installation starts empty and gets its first
   * platform administrator from `npm run admin:create`).
   */
  seedDemo: boolean;
  /** Run the in-process scheduler (mail dispatcher and later jobs). */
  runScheduler: boolean;
  /** The operator's imprint (plain text), shown publicly at /impressum. */
  imprintFile: string;
  /**
   * `TEST_CLOCK=true`: the server's clock can be moved through `PUT /api/test/uhr` (end-to-end journeys,
   * decision 059). Accepted only together with `NODE_ENV=test`; the start is refused otherwise.
   */
  testClock: boolean;
  /**
   * `METRICS_TOKEN`: with it, `GET /metrics` answers scrapers that send `Authorization: Bearer <token>`
   * (decision 232); unset, `/metrics` is switched off (404).
   */
  metricsToken: string | undefined;
  /**
   * `STORAGE_URL` (with `STORAGE_ACCESS_KEY_ID`, `STORAGE_SECRET_ACCESS_KEY`): stored files go to this S3-compatible
   * object store (decision 242); undefined: to `dataDir/storage`, the embedded default.
   */
  storage: S3Einstellung | undefined;
  /**
   * `LLM_URL`, `LLM_MODEL`, `LLM_API_KEY`, `LLM_TIMEOUT_MS`: an OpenAI-compatible chat completions endpoint the
   * assistant may send free text to where the tenant switched `AssistentSprachmodell` on (decision 248); unset, the
   * built-in understanding answers alone.
   */
  llm: SprachmodellConfig | undefined;
  /**
   * The VAPID key pair that signs web pushes (decision 245): `VAPID_PUBLIC_KEY` and `VAPID_PRIVATE_KEY`, or
   * generated at first start and kept in `DATA_DIR/vapid-keys.json` like the session secret (the backup copies
   * it). `subject` is the contact the push services see: `mailto:` the sender address or PUBLIC_URL.
   */
  vapid: VapidKeys;
  /**
   * `PUSH_HTTP_ERLAUBT=true`: push endpoints may be plain http (the integration tests' local push service).
   * Accepted only with NODE_ENV=test; otherwise an endpoint must be https.
   */
  pushHttpErlaubt: boolean;
};

export type SprachmodellConfig = {
  /** The API's base address; `/chat/completions` is appended (`https://api.openai.com/v1`, `http://localhost:11434/v1`). */
  url: string;
  model: string;
  /** Sent as `Authorization: Bearer`; local servers often need none. */
  apiKey: string | undefined;
  /** How long one answer of the model may take before the built-in understanding answers. */
  timeoutMs: number;
};

export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

const readSecret = (dataDir: string): string => {
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
};

/**
 * The VAPID keys (decision 245): both from the environment, or the pair in `DATA_DIR/vapid-keys.json`, generated
 * (P-256, base64url as the push services expect) and written with mode 0600 when the file does not exist.
 */
export const readVapidKeys = (dataDir: string, env: NodeJS.ProcessEnv, publicUrl: string): VapidKeys => {
  const subject =
    env.VAPID_SUBJECT ||
    (publicUrl.startsWith('https:') ? publicUrl : 'mailto:noreply@stellwerk.localdomain');
  if (env.VAPID_PUBLIC_KEY || env.VAPID_PRIVATE_KEY) {
    if (!env.VAPID_PUBLIC_KEY || !env.VAPID_PRIVATE_KEY)
      throw new Error('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together or not at all');
    return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject };
  }
  const file = path.join(dataDir, 'vapid-keys.json');
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as { publicKey?: unknown; privateKey?: unknown };
    if (typeof stored.publicKey !== 'string' || typeof stored.privateKey !== 'string')
      throw new Error(`${file} must hold publicKey and privateKey`);
    return { publicKey: stored.publicKey, privateKey: stored.privateKey, subject };
  }
  const { publicKey, privateKey } = erzeugeVapidSchluessel();
  writeFileSync(file, `${JSON.stringify({ publicKey, privateKey }, null, 2)}\n`, { mode: 0o600 });
  return { publicKey, privateKey, subject };
};

/** A P-256 key pair as VAPID wants it: the public key uncompressed (65 bytes), the private key's 32 bytes. */
const erzeugeVapidSchluessel = () => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    publicKey: ecdh.getPublicKey().toString('base64url'),
    privateKey: ecdh.getPrivateKey().toString('base64url'),
  };
};

/** `PUSH_HTTP_ERLAUBT`: 'true' only together with NODE_ENV=test (like TEST_CLOCK). */
export const pushHttpErlaubtOf = (value: string | undefined, nodeEnv: string | undefined): boolean => {
  if (value === undefined || value === '' || value === 'false') return false;
  if (value !== 'true') throw new Error(`PUSH_HTTP_ERLAUBT must be 'true' or 'false', got '${value}'`);
  if (nodeEnv !== 'test') throw new Error('PUSH_HTTP_ERLAUBT=true is only accepted with NODE_ENV=test');
  return true;
};

/** `TRUSTED_ORIGINS`: comma-separated http(s) origins; anything else stops the start with a clear message. */
export const parseTrustedOrigins = (value: string | undefined): string[] => {
  if (!value?.trim()) return [];
  return value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map((part) => {
      let url: URL | undefined;
      try {
        url = new URL(part);
      } catch {
        url = undefined;
      }
      if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:'))
        throw new Error(
          `TRUSTED_ORIGINS: '${part}' is not an http(s) address like https://intranet.example.org`,
        );
      return url.origin;
    });
};

/** SEED_DEMO: 'true' or 'false'; unset means true on the embedded database and false with DATABASE_URL. */
/** `SESSION_DAYS` (R216): whole days from 1 to 365; unset or empty: 7. */
export const sessionDaysOf = (value: string | undefined): number => {
  if (value === undefined || value === '') return 7;
  const days = Number(value);
  if (!Number.isInteger(days) || days < 1 || days > 365)
    throw new Error(`SESSION_DAYS must be a whole number of days from 1 to 365, got '${value}'`);
  return days;
};

const seedDemoOf = (value: string | undefined, databaseUrl: string | undefined): boolean => {
  if (value === undefined || value === '') return !databaseUrl;
  if (value === 'true' || value === 'false') return value === 'true';
  throw new Error(`SEED_DEMO must be 'true' or 'false', got '${value}'`);
};

/** TEST_CLOCK: 'true' only with NODE_ENV=test (decision 059); a movable clock never reaches production. */
export const testClockOf = (value: string | undefined, nodeEnv: string | undefined): boolean => {
  if (value === undefined || value === '' || value === 'false') return false;
  if (value !== 'true') throw new Error(`TEST_CLOCK must be 'true' or 'false', got '${value}'`);
  if (nodeEnv !== 'test')
    throw new Error(
      `TEST_CLOCK=true moves the server's clock and is only accepted with NODE_ENV=test (NODE_ENV is '${nodeEnv ?? ''}')`,
    );
  return true;
};

/** `METRICS_TOKEN`: unset or empty switches `/metrics` off; a set token needs 16 characters or more. */
export const metricsTokenOf = (value: string | undefined): string | undefined => {
  const token = value?.trim();
  if (!token) return undefined;
  if (token.length < 16 || /\s/.test(token))
    throw new Error(
      'METRICS_TOKEN must be at least 16 characters without spaces (e.g. openssl rand -hex 32)',
    );
  return token;
};

/**
 * The language model of `LLM_URL` (decision 248): an http(s) base address, `LLM_MODEL` required with it,
 * `LLM_TIMEOUT_MS` from 1000 to 120000 (default 20000). Unset `LLM_URL`: no model. Anything else stops the start.
 */
export const sprachmodellOf = (env: NodeJS.ProcessEnv): SprachmodellConfig | undefined => {
  const value = env.LLM_URL?.trim();
  if (!value) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`LLM_URL must be an http(s) address, got '${value}'`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`LLM_URL must be an http(s) address, got '${url.protocol}'`);
  const model = env.LLM_MODEL?.trim();
  if (!model) throw new Error('LLM_MODEL must name the model when LLM_URL is set');
  const timeout = env.LLM_TIMEOUT_MS?.trim() ? Number(env.LLM_TIMEOUT_MS) : 20_000;
  if (!Number.isInteger(timeout) || timeout < 1000 || timeout > 120_000)
    throw new Error(
      `LLM_TIMEOUT_MS must be whole milliseconds from 1000 to 120000, got '${env.LLM_TIMEOUT_MS}'`,
    );
  return {
    url: value.replace(/\/+$/, ''),
    model,
    apiKey: env.LLM_API_KEY?.trim() || undefined,
    timeoutMs: timeout,
  };
};

/**
 * `DATA_DIR`, absolute. Relative paths are taken from where the command was started: `npm start` in the repository
 * root keeps its data in ./data there, although npm runs the server script inside apps/server (npm sets INIT_CWD).
 */
export const dataDirOf = (env: NodeJS.ProcessEnv = process.env): string =>
  path.resolve(env.INIT_CWD ?? process.cwd(), env.DATA_DIR ?? './data');

export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => {
  const base = env.INIT_CWD ?? process.cwd();
  const dataDir = dataDirOf(env);
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
    smsUrl: smsUrlOf(env.SMS_URL),
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/$/, ''),
    publicUrlSet: Boolean(env.PUBLIC_URL),
    trustedOrigins: parseTrustedOrigins(env.TRUSTED_ORIGINS),
    sessionSecret: env.SESSION_SECRET || readSecret(dataDir),
    sessionDays: sessionDaysOf(env.SESSION_DAYS),
    webDist: existsSync(path.join(webDist, 'index.html')) ? webDist : undefined,
    seedDemo: seedDemoOf(env.SEED_DEMO, env.DATABASE_URL || undefined),
    runScheduler: env.RUN_SCHEDULER !== 'false',
    imprintFile: path.resolve(base, env.IMPRESSUM_FILE ?? path.join(dataDir, 'impressum.txt')),
    testClock: testClockOf(env.TEST_CLOCK, env.NODE_ENV),
    metricsToken: metricsTokenOf(env.METRICS_TOKEN),
    storage: s3EinstellungOf(env),
    llm: sprachmodellOf(env),
    vapid: readVapidKeys(dataDir, env, (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/$/, '')),
    pushHttpErlaubt: pushHttpErlaubtOf(env.PUSH_HTTP_ERLAUBT, env.NODE_ENV),
  };
};
