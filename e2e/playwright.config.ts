/**
 * End-to-end journeys in Debian's chromium against the real server on a fresh, empty DATA_DIR (embedded
 * database, demo data seeded on first start). The web app must be built first: `npm run test:e2e` at the
 * root does that; by hand: `npm run build -w @stellwerk/web && npx playwright test -c e2e`.
 *
 * Environment: CHROMIUM_PATH (default Debian's chromium-headless-shell, else /usr/bin/chromium), E2E_PORT (default 3100) and E2E_SECOND_PORT (default
 * E2E_PORT + 1) for the two servers, E2E_DATA_DIR (default a new temporary directory, in /dev/shm when it has room, removed afterwards unless
 * E2E_KEEP_DATA is set; the second server's is its folder `second-server`), E2E_WORKERS (default 4), E2E_TRACE (set: every run records its trace, not only a failed journey's retry), E2E_TRACE_FILM
 * (set: failure traces keep their film strip of screenshots too).
 * E2E_OUTPUT_DIR (default e2e/test-results) takes traces, failure screenshots and the layout screenshots.
 * E2E_BASE_URL runs the journeys against a server that is already running (e.g. `npm run dev`, or a
 * server started by hand) instead of starting a fresh one; journeys that change passwords then need a
 * fresh database for a second run, and journeys that follow a link from a mail need that server's
 * SMTP_URL to point at a receiver that writes each mail to E2E_MAIL_DIR (as below).
 *
 * Mail: the server sends through the project's SMTP receiver (apps/server/test/smtp-receiver.ts), started
 * here in the runner, one for each server; each mail it receives is written to that server's mail folder as JSON
 * (`to`, `raw`; E2E_MAIL_DIR against E2E_BASE_URL), where the journeys read their links (e2e/support/mail.ts), as a user reads them in their mail client. The mailbox
 * page shows no link to anyone (decision 017).
 */
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { startSmsGateway } from '../apps/server/test/sms-gateway.ts';
import { startSmtpReceiver } from '../apps/server/test/smtp-receiver.ts';
import { laufOrdner } from '../apps/server/test/speicher-ordner.ts';

const repoRoot = path.resolve(import.meta.dirname, '..');

// The config is loaded by the runner and again by every worker; workers inherit the runner's environment,
// so the port and data directory are decided once, here in the runner.
const externalBaseURL = process.env.E2E_BASE_URL;
if (!externalBaseURL && !process.env.E2E_DATA_DIR) {
  const isListing = process.argv.includes('--list');
  if (!isListing && !existsSync(path.join(repoRoot, 'apps/web/dist/index.html'))) {
    throw new Error(
      'The web app is not built (apps/web/dist/index.html is missing). Run `npm run test:e2e` at the ' +
        'repository root, or `npm run build -w @stellwerk/web` before `npx playwright test -c e2e`.',
    );
  }
  // in memory when there is room (decision 278): both servers' embedded databases write there
  const dataDir = laufOrdner('stellwerk-e2e-', 1024 ** 3);
  process.env.E2E_DATA_DIR = dataDir;
  if (!process.env.E2E_KEEP_DATA) {
    process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
  }
}
process.env.E2E_PORT ??= '3100';

/**
 * The journeys run against two servers at once (decision 157), each with its own DATA_DIR, port, SMTP receiver
 * and SMS gateway: the `chromium` project against the first, and the journeys that change a demo tenant for
 * everyone (`exclusive`) and then those that move the server's clock (`uhr`) against the second, one at a time,
 * while the first server's journeys run beside them. E2E_SECOND_PORT (default E2E_PORT + 1) is the second
 * server's port. With E2E_BASE_URL there is one server: the tail waits for the others as before.
 */
type Server = {
  port: number;
  dataDir: string;
  mailDir?: string;
  smsDir?: string;
  smtpUrl?: string;
  smsUrl?: string;
};

/** The runner's SMTP receiver and SMS gateway for one server (workers inherit the environment it sets). */
const startMailAndSms = async (name: string, dataDir: string) => {
  const prefix = `E2E_${name}_`;
  if (!process.env[`${prefix}SMTP_URL`]) {
    // The receiver lives in the runner; it ends with the runner process.
    const mailDir = path.join(dataDir, 'e2e-mails');
    mkdirSync(mailDir, { recursive: true });
    let count = 0;
    const receiver = await startSmtpReceiver({
      onMail: (mail) => {
        count += 1;
        const file = `${String(Date.now()).padStart(15, '0')}-${String(count).padStart(6, '0')}.json`;
        writeFileSync(path.join(mailDir, file), JSON.stringify({ to: mail.to, raw: mail.raw }));
      },
    });
    process.env[`${prefix}MAIL_DIR`] = mailDir;
    process.env[`${prefix}SMTP_URL`] = receiver.url;
  }
  // The SMS gateway (decision 083) lives in the runner too; each SMS becomes a file.
  if (!process.env[`${prefix}SMS_URL`]) {
    const smsDir = path.join(dataDir, 'e2e-sms');
    mkdirSync(smsDir, { recursive: true });
    let count = 0;
    const gateway = await startSmsGateway({
      onSms: (sms) => {
        count += 1;
        const file = `${String(Date.now()).padStart(15, '0')}-${String(count).padStart(6, '0')}.json`;
        writeFileSync(path.join(smsDir, file), JSON.stringify({ to: sms.to, text: sms.text }));
      },
    });
    process.env[`${prefix}SMS_DIR`] = smsDir;
    process.env[`${prefix}SMS_URL`] = gateway.url;
  }
  return {
    mailDir: process.env[`${prefix}MAIL_DIR`],
    smsDir: process.env[`${prefix}SMS_DIR`],
    smtpUrl: process.env[`${prefix}SMTP_URL`],
    smsUrl: process.env[`${prefix}SMS_URL`],
  };
};

const servers: Server[] = [];
if (!externalBaseURL && process.env.E2E_DATA_DIR) {
  const firstDir = process.env.E2E_DATA_DIR;
  const secondDir = path.join(firstDir, 'second-server');
  mkdirSync(secondDir, { recursive: true });
  process.env.E2E_SECOND_PORT ??= String(Number(process.env.E2E_PORT) + 1);
  servers.push({
    port: Number(process.env.E2E_PORT),
    dataDir: firstDir,
    ...(await startMailAndSms('FIRST', firstDir)),
  });
  servers.push({
    port: Number(process.env.E2E_SECOND_PORT),
    dataDir: secondDir,
    ...(await startMailAndSms('SECOND', secondDir)),
  });
}
const [first, second] = servers;

/** Whether something answers on the port already (run in the runner only, before the servers start). */
const portAnswers = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ port, host: 'localhost' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
// in the runner only: the workers (TEST_WORKER_INDEX) load this file again while the servers run
if (second && !process.env.TEST_WORKER_INDEX && (await portAnswers(second.port)))
  throw new Error(`Port ${second.port} (E2E_SECOND_PORT) is already used; the second server needs it.`);

/**
 * The browser: CHROMIUM_PATH, else Debian's headless shell of chromium (package `chromium-headless-shell`, the
 * same engine without the desktop browser's user interface, as Playwright's own headless runs use), else Debian's
 * chromium. The shell spent about 30 % less processor time on the same journeys (decision 238).
 */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
const chromiumPath =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

const baseURL = externalBaseURL ?? `http://localhost:${first?.port}`;
const secondBaseURL = second ? `http://localhost:${second.port}` : baseURL;

/**
 * Where a project's journeys find their server's mails and SMS (e2e/support/mail.ts, sms.ts read it); against
 * an E2E_BASE_URL, E2E_MAIL_DIR and E2E_SMS_DIR.
 */
const mailbox = (server: Server | undefined) => ({
  mailDir: server?.mailDir ?? process.env.E2E_MAIL_DIR,
  smsDir: server?.smsDir ?? process.env.E2E_SMS_DIR,
});

const serverCommand = (server: Server) => ({
  command: 'npm run start -w @stellwerk/server',
  cwd: repoRoot,
  url: `http://localhost:${server.port}/api/health`,
  reuseExistingServer: false,
  timeout: 180_000,
  stdout: 'pipe' as const,
  stderr: 'pipe' as const,
  env: {
    PORT: String(server.port),
    DATA_DIR: server.dataDir,
    // PUBLIC_URL stays unset, as after `npm start`: the app trusts its own address under every name
    // (sign-in.spec.ts signs in at 127.0.0.1 while the journeys use localhost); mail links use localhost.
    PUBLIC_URL: '',
    SEED_DEMO: 'true',
    // the journeys may move the server's clock (PUT /api/test/uhr, decision 059); never in production
    NODE_ENV: 'test',
    TEST_CLOCK: 'true',
    SMTP_URL: server.smtpUrl ?? '',
    SMS_URL: server.smsUrl ?? '',
    // Only warnings and errors of the server in the test output.
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  },
});

/**
 * Playwright starts the `webServer` entries one after the other, each waiting for its `url`, and a server's start
 * (migrating and seeding the demo) took 55 s on a busy machine. So the second server is started first without a
 * `url` (not waited for), the first while it starts, and a process that only waits then waits for the second's
 * health (it is done at once when the second answers already): both start at once, and the journeys begin once
 * both answer. The second port is checked to be free first, as Playwright does for an entry with a `url`.
 */
const webServers = () => {
  if (!first || !second) return [];
  const { url: secondHealth, ...startSecond } = serverCommand(second);
  return [
    startSecond,
    serverCommand(first),
    {
      command: `node -e "setInterval(() => {}, 2 ** 30)"`,
      url: secondHealth,
      reuseExistingServer: true,
      timeout: 180_000,
    },
  ];
};

export default defineConfig({
  testDir: './tests',
  testMatch: ['**/*.spec.ts', '**/*.e2e.ts'],
  // Playwright empties this folder at the start of a run; E2E_OUTPUT_DIR keeps parallel runs apart.
  outputDir: process.env.E2E_OUTPUT_DIR ?? './test-results',
  fullyParallel: false,
  // One of them runs the journeys of the second server while there are any (see `projects`). Four, not three: the
  // journeys wait on the pages more than they compute, and with the sign-in by request (decision 262) the tier took
  // 8.8 min on four workers against 11.4 min on three, at a higher load (13–16 against about 7); the serial project
  // `alone` (474 s) then ends together with the other three workers (471–507 s each).
  workers: Number(process.env.E2E_WORKERS ?? 4),
  // A failed journey runs once more, with a trace (below); a journey that passes only then still fails the run
  // (`failOnFlakyTests`), so a retry never hides a flaky journey (decision 277).
  retries: 1,
  failOnFlakyTests: true,
  forbidOnly: Boolean(process.env.CI),
  reporter: 'list',
  // How long a journey and a wait may take before they count as hung. What they check does not depend on it. The
  // machine of 27.11.2026 ran the journeys 3.5 times slower than the one before (21.2 min instead of 6.1 for the
  // same 112 journeys on two workers; allocating three million small objects took 1.1 s): at 60 s and 10 s, six
  // journeys ran out of time there, and one of them, ended in its clean-up, left its user in English for the next.
  timeout: 180_000,
  expect: { timeout: 30_000 },
  use: {
    // An action (a click, a fill) waits for its element as long as an expectation does, not as long as the journey: a
    // click on a button that never comes ended a journey marked slow after 9 min (180 s × 3) instead of 30 s.
    actionTimeout: 30_000,
    baseURL,
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
    // A failed journey's retry records its trace: every action with the page's DOM before and after it, the network
    // and the console, to open in `npx playwright show-trace`. The first run records none: recording the DOM of
    // every action of every journey, to throw it away for the ones that pass, was a sixth of the tier's processor
    // time (decision 277: 200 s against 169 s for the same 30 journeys). E2E_TRACE=1 records it on every run, kept
    // when the run fails. The trace's film strip (a screenshot stream while the page changes) is left out: it
    // doubled the browser's processor time (decision 252); E2E_TRACE_FILM=1 records it too, for a failure the DOM
    // does not explain. `screenshot` keeps the last picture of every failed run.
    trace: {
      mode: process.env.E2E_TRACE || process.env.E2E_TRACE_FILM ? 'retain-on-failure' : 'on-first-retry',
      snapshots: true,
      screenshots: Boolean(process.env.E2E_TRACE_FILM),
      sources: true,
    },
    screenshot: 'only-on-failure',
    // The app honours prefers-reduced-motion (theme.ts), so dialogs open without a transition that a click
    // could land in the middle of.
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  // Journeys that change a demo tenant for everyone (`*.exclusive.spec.ts`) and journeys that move the server's
  // clock (`*.uhr.spec.ts`, decision 059) run in the project `alone`: one file at a time on the second server, so
  // nothing runs beside them there (one server clock: two files moving it at once would move each other's trips;
  // seen: a check-in window closed under a journey while another set its own day). It comes first, so one worker
  // takes its files one after the other from the start while the others run `chromium` against the first server,
  // and takes `chromium` files once it is done (decision 157). Against one server (E2E_BASE_URL) it waits for
  // all other journeys. By hand: `npx playwright test -c e2e --project alone --no-deps`.
  projects: [
    {
      name: 'alone',
      use: { ...devices['Desktop Chrome'], baseURL: secondBaseURL },
      testMatch: ['**/*.exclusive.spec.ts', '**/*.uhr.spec.ts'],
      dependencies: second ? [] : ['chromium'],
      metadata: mailbox(second),
      workers: 1,
    },
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'] },
      testIgnore: ['**/*.exclusive.spec.ts', '**/*.uhr.spec.ts'],
      metadata: mailbox(first),
    },
  ],
  webServer: externalBaseURL ? undefined : webServers(),
});
