import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { TMe } from '@stellwerk/domain/api';
import { DomainError } from '@stellwerk/domain/errors';
import type { TMandant } from '@stellwerk/domain/verwaltung/admin-stammdaten.api';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startTestServer, type TestServer, testDrivers } from '../../../../test/harness.ts';
import { loadConfig } from '../../../config.ts';
import { openTestDatabase, type TestDatabase } from '../../../db/test-database.ts';
import { prepareData } from '../../../first-start.ts';
import { benutzer, benutzerRolle } from '../../identitaet/benutzer/benutzer.public.ts';
import { auditLog } from '../../plattform/audit/audit.public.ts';
import { createPlatformAdmin } from './mandant.platform-admin.ts';
import { mandant } from './mandant.table.ts';

const NOW = new Date('2026-11-23T10:00:00Z');
const REPO_ROOT = path.resolve(import.meta.dirname, '../../../../../..');

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => 'created',
    (e: unknown) => (e instanceof DomainError ? `${e.code} ${JSON.stringify(e.params)}` : String(e)),
  );

describe.each(testDrivers())('first start on %s', (driver) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await openTestDatabase(driver);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('creates the demo by default only on the embedded database; with DATABASE_URL only for SEED_DEMO=true', async () => {
    const env = (extra: Record<string, string>) =>
      loadConfig({
        DATA_DIR: t.dataDir,
        SESSION_SECRET: 'x'.repeat(32),
        ...(driver === 'pg' ? { DATABASE_URL: 'postgres://stellwerk@db.invalid/stellwerk' } : {}),
        ...extra,
      });
    const byDefault = env({});
    expect(byDefault.seedDemo).toBe(driver === 'pglite');
    // First the configuration that must not seed: nothing is created, no platform administrator exists.
    const off = driver === 'pg' ? byDefault : env({ SEED_DEMO: 'false' });
    expect(await prepareData(off, t.database, NOW)).toEqual({ seeded: false, platformAdmins: 0 });
    expect(await t.database.db.select().from(mandant)).toEqual([]);
    // Then the one that does.
    const on = driver === 'pg' ? env({ SEED_DEMO: 'true' }) : byDefault;
    expect(on.seedDemo).toBe(true);
    expect(await prepareData(on, t.database, NOW)).toEqual({ seeded: true, platformAdmins: 1 });
    expect((await t.database.db.select().from(mandant)).map((m) => m.name).sort()).toEqual([
      'Bibliothek Beispielhausen',
      'Stadtwerke Musterstadt',
    ]);
  });

  it('refuses a SEED_DEMO that is neither true nor false', () => {
    expect(() => loadConfig({ DATA_DIR: t.dataDir, SESSION_SECRET: 'x', SEED_DEMO: 'yes' })).toThrow(
      "SEED_DEMO must be 'true' or 'false', got 'yes'",
    );
  });
});

describe.each(testDrivers())('admin:create on %s', (driver) => {
  let server: TestServer;
  const create = (input: Parameters<typeof createPlatformAdmin>[1]) =>
    createPlatformAdmin({ database: server.database, publicUrl: server.baseUrl, now: () => NOW }, input);
  const setPassword = (token: string, newPassword: string) =>
    fetch(`${server.baseUrl}/api/auth/reset-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.baseUrl },
      body: JSON.stringify({ token, newPassword }),
    });
  const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;

  beforeAll(async () => {
    server = await startTestServer({ driver, seed: false });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('on an empty installation creates the tenant "Plattform" and a platform administrator with a one-time link', async () => {
    const created = await create({
      email: ' Erste.Admin@Betreiber.example ',
      vorname: 'Erika',
      nachname: 'Erst',
    });
    expect(created).toMatchObject({
      email: 'erste.admin@betreiber.example',
      mandantName: 'Plattform',
      mandantCreated: true,
      expiresAt: new Date('2026-11-30T10:00:00Z'),
    });
    expect(created.signInUrl).toMatch(new RegExp(`^${server.baseUrl}/auth/confirm\\?token=[A-Za-z0-9]{24}$`));
    const [row] = await server.database.db.select().from(benutzer).where(eq(benutzer.id, created.benutzerId));
    expect(row).toMatchObject({
      mandantId: created.mandantId,
      plattformAdmin: true,
      status: 'aktiv',
      authUserId: created.benutzerId,
    });
    expect(await server.database.db.select().from(benutzerRolle)).toEqual([]);

    // Nobody knows a password until the link sets one; the link works once.
    const token = tokenOf(created.signInUrl);
    expect((await setPassword(token, 'betreiber-passwort-1')).status).toBe(200);
    expect((await setPassword(token, 'betreiber-passwort-2')).ok).toBe(false);
    const cookie = await signIn(server.baseUrl, created.email, 'betreiber-passwort-1');
    const me = (await (await fetch(`${server.baseUrl}/api/me`, { headers: { cookie } })).json()) as TMe;
    expect(me.user.isPlatformAdmin).toBe(true);
    const tenants = (await (
      await fetch(`${server.baseUrl}/api/admin/mandanten`, { headers: { cookie } })
    ).json()) as TMandant[];
    expect(tenants.map((m) => m.name)).toEqual(['Plattform']);

    const audit = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, created.mandantId));
    expect(audit.map((a) => [a.entity, a.action, a.mandantId]).sort()).toEqual([
      ['mandant', 'create', null],
      ['mandant.plattform_admin', 'create', null],
    ]);
  });

  it('refuses an e-mail address in use, in any spelling, and a user name in use', async () => {
    expect(await refusal(create({ email: 'ERSTE.ADMIN@betreiber.example' }))).toBe(
      'benutzer.email_vergeben {"email":"erste.admin@betreiber.example","field":"email"}',
    );
    await create({ email: 'zweite@betreiber.example', username: 'betrieb' });
    expect(await refusal(create({ email: 'dritte@betreiber.example', username: 'betrieb' }))).toBe(
      'benutzer.username_vergeben {"username":"betrieb","field":"username"}',
    );
    expect(await refusal(create({ email: 'keine-adresse' }))).toBe(
      'benutzer.email_ungueltig {"email":"keine-adresse"}',
    );
  });

  it('joins the only tenant; with several tenants the tenant must be named (and is created when new)', async () => {
    const second = await create({ email: 'kollegin@betreiber.example' });
    expect(second).toMatchObject({ mandantName: 'Plattform', mandantCreated: false });
    const other = await create({ email: 'leitung@stadt.example', mandant: 'Stadtverwaltung' });
    expect(other).toMatchObject({ mandantName: 'Stadtverwaltung', mandantCreated: true });
    expect(await refusal(create({ email: 'wer@betreiber.example' }))).toBe(
      'mandant.mandant_angeben {"mandanten":"Plattform, Stadtverwaltung"}',
    );
    const named = await create({ email: 'wer@betreiber.example', mandant: 'Stadtverwaltung' });
    expect(named).toMatchObject({ mandantId: other.mandantId, mandantCreated: false });
    const tenants = await server.database.db.select({ name: mandant.name }).from(mandant);
    expect(tenants.map((m) => m.name).sort()).toEqual(['Plattform', 'Stadtverwaltung']);
  });

  it.runIf(driver === 'pglite')(
    'npm run admin:create -- --email … prints a one-time sign-in link',
    async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'stellwerk-admin-create-'));
      try {
        const run = (email: string) =>
          promisify(execFile)('npm', ['run', '--silent', 'admin:create', '--', '--email', email], {
            cwd: REPO_ROOT,
            env: {
              ...process.env,
              DATA_DIR: dataDir,
              PUBLIC_URL: 'https://stellwerk.example.org',
              DATABASE_URL: '',
            },
          }).then(
            ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
            (e: { code: number; stdout: string; stderr: string }) => ({
              code: e.code,
              stdout: e.stdout,
              stderr: e.stderr,
            }),
          );
        const first = await run('betrieb@cli.example');
        expect(first.code).toBe(0);
        expect(first.stdout).toMatch(
          /^ {2}https:\/\/stellwerk\.example\.org\/auth\/confirm\?token=[A-Za-z0-9]{24}$/m,
        );
        expect(first.stdout).toContain('betrieb@cli.example (Mandant „Plattform, neu angelegt / created“)');
        // The refusals are the function's (tests above); the command prints them in German and English.
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    120_000,
  );
});
