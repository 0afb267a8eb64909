/**
 * End-to-end journeys in Debian's chromium against the real server on a fresh, empty DATA_DIR (embedded
 * database, demo data seeded on first start). The web app must be built first: `npm run test:e2e` at the
 * root does that; by hand: `npm run build -w @stellwerk/web && npx playwright test -c e2e`.
 *
 * Environment: CHROMIUM_PATH (default /usr/bin/chromium), E2E_PORT (default 3100), E2E_DATA_DIR (default a
 * new temporary directory, removed afterwards unless E2E_KEEP_DATA is set), E2E_WORKERS (default 2).
 * E2E_OUTPUT_DIR (default e2e/test-results) takes traces, failure screenshots and the layout screenshots.
 * E2E_BASE_URL runs the journeys against a server that is already running (e.g. `npm run dev`, or a
 * server started by hand) instead of starting a fresh one; journeys that change passwords then need a
 * fresh database for a second run, and journeys that follow a link from a mail need that server's
 * SMTP_URL to point at a receiver that writes each mail to E2E_MAIL_DIR (as below).
 *
 * Mail: the server sends through the project's SMTP receiver (apps/server/test/smtp-receiver.ts), started
 * here in the runner; each mail it receives is written to E2E_MAIL_DIR as JSON (`to`, `raw`), where the
 * journeys read their links (e2e/support/mail.ts), as a user reads them in their mail client. The mailbox
 * page shows no link to anyone (decision 017).
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { startSmsGateway } from '../apps/server/test/sms-gateway.ts';
import { startSmtpReceiver } from '../apps/server/test/smtp-receiver.ts';

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
  const dataDir = mkdtempSync(path.join(tmpdir(), 'stellwerk-e2e-'));
  process.env.E2E_DATA_DIR = dataDir;
  if (!process.env.E2E_KEEP_DATA) {
    process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
  }
}
process.env.E2E_PORT ??= '3100';

// The SMTP receiver lives in the runner (workers inherit E2E_MAIL_DIR and E2E_SMTP_URL); it ends with
// the runner process.
if (!externalBaseURL && !process.env.E2E_SMTP_URL && process.env.E2E_DATA_DIR) {
  const mailDir = path.join(process.env.E2E_DATA_DIR, 'e2e-mails');
  mkdirSync(mailDir, { recursive: true });
  let count = 0;
  const receiver = await startSmtpReceiver({
    onMail: (mail) => {
      count += 1;
      const name = `${String(Date.now()).padStart(15, '0')}-${String(count).padStart(6, '0')}.json`;
      writeFileSync(path.join(mailDir, name), JSON.stringify({ to: mail.to, raw: mail.raw }));
    },
  });
  process.env.E2E_MAIL_DIR = mailDir;
  process.env.E2E_SMTP_URL = receiver.url;
}

// The SMS gateway (decision 083) lives in the runner too; each SMS becomes a file in E2E_SMS_DIR.
if (!externalBaseURL && !process.env.E2E_SMS_URL && process.env.E2E_DATA_DIR) {
  const smsDir = path.join(process.env.E2E_DATA_DIR, 'e2e-sms');
  mkdirSync(smsDir, { recursive: true });
  let count = 0;
  const gateway = await startSmsGateway({
    onSms: (sms) => {
      count += 1;
      const name = `${String(Date.now()).padStart(15, '0')}-${String(count).padStart(6, '0')}.json`;
      writeFileSync(path.join(smsDir, name), JSON.stringify({ to: sms.to, text: sms.text }));
    },
  });
  process.env.E2E_SMS_DIR = smsDir;
  process.env.E2E_SMS_URL = gateway.url;
}

const port = Number(process.env.E2E_PORT);
const dataDir = process.env.E2E_DATA_DIR ?? '';
const baseURL = externalBaseURL ?? `http://localhost:${port}`;

export default defineConfig({
  testDir: './tests',
  testMatch: ['**/*.spec.ts', '**/*.e2e.ts'],
  // Playwright empties this folder at the start of a run; E2E_OUTPUT_DIR keeps parallel runs apart.
  outputDir: process.env.E2E_OUTPUT_DIR ?? './test-results',
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: 'list',
  // How long a journey and a wait may take before they count as hung. What they check does not depend on it. The
  // machine of 27.11.2026 ran the journeys 3.5 times slower than the one before (21.2 min instead of 6.1 for the
  // same 112 journeys on two workers; allocating three million small objects took 1.1 s): at 60 s and 10 s, six
  // journeys ran out of time there, and one of them, ended in its clean-up, left its user in English for the next.
  timeout: 180_000,
  expect: { timeout: 30_000 },
  use: {
    baseURL,
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    // The app honours prefers-reduced-motion (theme.ts), so dialogs open without a transition that a click
    // could land in the middle of.
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
  // Journeys that change a demo tenant for everyone (`*.exclusive.spec.ts`) run after all others, alone; journeys
  // that move the server's clock (`*.uhr.spec.ts`, decision 059) after those, so no other file runs beside them.
  // By hand: `npx playwright test -c e2e --project exclusive --no-deps` (or `--project uhr --no-deps`).
  projects: [
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'] },
      testIgnore: ['**/*.exclusive.spec.ts', '**/*.uhr.spec.ts'],
    },
    {
      name: 'exclusive',
      use: { ...devices['Desktop Chrome'] },
      testMatch: '**/*.exclusive.spec.ts',
      dependencies: ['chromium'],
      workers: 1,
    },
    {
      name: 'uhr',
      use: { ...devices['Desktop Chrome'] },
      testMatch: '**/*.uhr.spec.ts',
      dependencies: ['exclusive'],
      // one server clock: two files moving it at once would move each other's trips (seen: a check-in window
      // closed under a journey while another set its own day)
      workers: 1,
    },
  ],
  webServer: externalBaseURL
    ? undefined
    : {
        command: 'npm run start -w @stellwerk/server',
        cwd: repoRoot,
        url: `${baseURL}/api/health`,
        reuseExistingServer: false,
        timeout: 180_000,
        stdout: 'pipe',
        stderr: 'pipe',
        env: {
          PORT: String(port),
          DATA_DIR: dataDir,
          // PUBLIC_URL stays unset, as after `npm start`: the app trusts its own address under every name
          // (sign-in.spec.ts signs in at 127.0.0.1 while the journeys use localhost); mail links use localhost.
          PUBLIC_URL: '',
          SEED_DEMO: 'true',
          // the journeys may move the server's clock (PUT /api/test/uhr, decision 059); never in production
          NODE_ENV: 'test',
          TEST_CLOCK: 'true',
          SMTP_URL: process.env.E2E_SMTP_URL ?? '',
          SMS_URL: process.env.E2E_SMS_URL ?? '',
          // Only warnings and errors of the server in the test output.
          LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
        },
      },
});
