import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase, testDrivers } from '../db/test-database';
import { createTenantFixture, type TenantFixture } from '../db/test-fixtures';
import { benutzer } from '../modules/identitaet/benutzer/benutzer.table';
import { createJobRunner, type GlobalJob, type TenantJob } from './scheduler';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A logger that keeps what the runner logs as errors. */
const recordingLog = () => {
  const errors: { obj: Record<string, unknown>; msg: string }[] = [];
  return { errors, error: (obj: Record<string, unknown>, msg: string) => errors.push({ obj, msg }) };
};

describe.each(testDrivers())('scheduler on %s', (driver) => {
  let testDb: TestDatabase;
  let a: TenantFixture;
  let b: TenantFixture;
  beforeAll(async () => {
    testDb = await openTestDatabase(driver);
    a = await createTenantFixture(testDb.database.db, 'Jobs A');
    b = await createTenantFixture(testDb.database.db, 'Jobs B');
    // A second user in A: the tenants' shares differ in size.
    await testDb.database.db
      .insert(benutzer)
      .values({ mandantId: a.mandantId, vorname: 'Max', nachname: 'Muster', email: 'max@jobs-a.example' });
  });
  afterAll(async () => {
    await testDb?.close();
  });

  it("a tenant job runs once per tenant as the application role and sees only that tenant's rows", async () => {
    const seen: Record<string, unknown>[] = [];
    const job: TenantJob = {
      kind: 'perTenant',
      name: 'test.count',
      lockKey: 4_242_001,
      run: async (tx, { mandantId }) => {
        const rows = await tx.select({ mandantId: benutzer.mandantId }).from(benutzer);
        const [who] = (
          await tx.execute(sql`select current_user as role, current_setting('app.mandant_id') as tenant`)
        ).rows as { role: string; tenant: string }[];
        seen.push({ mandantId, ...who, tenants: [...new Set(rows.map((r) => r.mandantId))], n: rows.length });
        return rows.length;
      },
    };
    const outcome = await createJobRunner({ database: testDb.database }).runJob(job, new Date());
    expect(outcome.ran).toBe(true);
    expect(seen).toHaveLength(2);
    expect(seen).toContainEqual({
      mandantId: a.mandantId,
      role: 'stellwerk_app',
      tenant: a.mandantId,
      tenants: [a.mandantId],
      n: 2,
    });
    expect(seen).toContainEqual({
      mandantId: b.mandantId,
      role: 'stellwerk_app',
      tenant: b.mandantId,
      tenants: [b.mandantId],
      n: 1,
    });
  });

  it("a tenant job cannot write into another tenant's rows", async () => {
    const job: TenantJob = {
      kind: 'perTenant',
      name: 'test.cross-write',
      lockKey: 4_242_002,
      run: async (tx, { mandantId }) => {
        const other = mandantId === a.mandantId ? b.mandantId : a.mandantId;
        await tx
          .insert(benutzer)
          .values({ mandantId: other, vorname: 'X', nachname: 'Y', email: 'x@y.example' });
      },
    };
    const log = recordingLog();
    const outcome = await createJobRunner({ database: testDb.database, log }).runJob(job, new Date());
    expect(outcome.tenants?.every((t) => t.error !== undefined)).toBe(true);
    const strays = await testDb.database.db
      .select()
      .from(benutzer)
      .where(sql`${benutzer.email} = 'x@y.example'`);
    expect(strays).toEqual([]);
  });

  it("one tenant's failure is logged with its id and does not stop the other tenants", async () => {
    const ran: string[] = [];
    const job: TenantJob = {
      kind: 'perTenant',
      name: 'test.fails-for-a',
      lockKey: 4_242_003,
      run: async (_tx, { mandantId }) => {
        if (mandantId === a.mandantId) throw new Error('boom in A');
        ran.push(mandantId);
      },
    };
    const log = recordingLog();
    const outcome = await createJobRunner({ database: testDb.database, log }).runJob(job, new Date());
    expect(ran).toEqual([b.mandantId]);
    expect(outcome.ran).toBe(true);
    expect(outcome.tenants?.find((t) => t.mandantId === a.mandantId)?.error).toBeInstanceOf(Error);
    expect(log.errors).toHaveLength(1);
    expect(log.errors[0]?.obj).toMatchObject({ job: 'test.fails-for-a', mandantId: a.mandantId });
  });

  it("a failed tenant share is rolled back: what it wrote before failing is gone, the other tenant's stays", async () => {
    const job: TenantJob = {
      kind: 'perTenant',
      name: 'test.rollback',
      lockKey: 4_242_004,
      run: async (tx, { mandantId }) => {
        await tx
          .insert(benutzer)
          .values({ mandantId, vorname: 'Job', nachname: 'Spur', email: `spur-${mandantId}@jobs.example` });
        if (mandantId === a.mandantId) throw new Error('fails after writing');
      },
    };
    await createJobRunner({ database: testDb.database }).runJob(job, new Date());
    const written = await testDb.database.db
      .select({ mandantId: benutzer.mandantId })
      .from(benutzer)
      .where(sql`${benutzer.email} like 'spur-%'`);
    expect(written).toEqual([{ mandantId: b.mandantId }]);
  });

  const slowTenantJob = (counter: { runs: number }): TenantJob => ({
    kind: 'perTenant',
    name: 'test.slow',
    lockKey: 424_242,
    run: async () => {
      counter.runs++;
      await sleep(300);
    },
  });

  it('two concurrent runs of a job in one instance: only one executes', async () => {
    const counter = { runs: 0 };
    const runner = createJobRunner({ database: testDb.database });
    const now = new Date();
    const outcomes = await Promise.all([
      runner.runJob(slowTenantJob(counter), now),
      runner.runJob(slowTenantJob(counter), now),
    ]);
    expect(counter.runs).toBe(2); // once per tenant
    expect(outcomes.map((o) => o.ran).sort()).toEqual([false, true]);
  });

  it.runIf(driver === 'pg')(
    "two instances at once: the advisory lock keeps each tenant's share to one run at a time",
    async () => {
      const active = new Map<string, number>();
      const maxActive = new Map<string, number>();
      const job: TenantJob = {
        kind: 'perTenant',
        name: 'test.overlap',
        lockKey: 424_243,
        run: async (_tx, { mandantId }) => {
          active.set(mandantId, (active.get(mandantId) ?? 0) + 1);
          maxActive.set(mandantId, Math.max(maxActive.get(mandantId) ?? 0, active.get(mandantId) ?? 0));
          await sleep(300);
          active.set(mandantId, (active.get(mandantId) ?? 1) - 1);
        },
      };
      // Two runners share nothing in memory, like two server instances; they meet only in PostgreSQL.
      const instanceA = createJobRunner({ database: testDb.database });
      const instanceB = createJobRunner({ database: testDb.database });
      const now = new Date();
      const outcomes = await Promise.all([instanceA.runJob(job, now), instanceB.runJob(job, now)]);
      // At the same moment one instance skipped the share the other held.
      expect(outcomes.flatMap((o) => o.tenants ?? []).some((t) => !t.ran && t.error === undefined)).toBe(
        true,
      );
      expect(Object.fromEntries(maxActive)).toEqual({ [a.mandantId]: 1, [b.mandantId]: 1 });
    },
  );

  it('the lock is released with the transaction: the next run executes again', async () => {
    const counter = { runs: 0 };
    const runner = createJobRunner({ database: testDb.database });
    await runner.runJob(slowTenantJob(counter), new Date());
    await runner.runJob(slowTenantJob(counter), new Date());
    expect(counter.runs).toBe(4);
  });

  it('a global job runs once, outside any transaction, and its failure does not stop the others', async () => {
    const ran: string[] = [];
    const log = recordingLog();
    const failing: GlobalJob = {
      kind: 'global',
      name: 'a',
      run: async () => {
        throw new Error('boom');
      },
    };
    const global: GlobalJob = {
      kind: 'global',
      name: 'b',
      run: async ({ database }) => {
        // Outside a transaction: the job opens its own short ones.
        ran.push(await database.withAllTenants(async () => 'b'));
      },
    };
    const outcomes = await createJobRunner({ database: testDb.database, log }).runAll(
      [failing, global],
      new Date(),
    );
    expect(outcomes[0]?.error).toBeInstanceOf(Error);
    expect(log.errors[0]?.obj).toMatchObject({ job: 'a' });
    expect(ran).toEqual(['b']);
  });

  it('afterCommit runs after a tenant share committed, sees what it wrote, and its failure is only logged', async () => {
    const gesehen: Record<string, number> = {};
    const log = recordingLog();
    const job: TenantJob = {
      kind: 'perTenant',
      name: 'test.after-commit',
      lockKey: 4_242_010,
      run: async (tx, { mandantId }) => {
        await tx.insert(benutzer).values({
          mandantId,
          vorname: 'Nach',
          nachname: 'Commit',
          email: `nach-commit@${mandantId}.example`,
        });
        if (mandantId === b.mandantId) throw new Error('share fails');
        return 'ok';
      },
      afterCommit: async ({ database, mandantId }) => {
        const rows = await database.withTenant(mandantId, (tx) =>
          tx.select({ email: benutzer.email }).from(benutzer),
        );
        gesehen[mandantId] = rows.filter((r) => r.email.startsWith('nach-commit@')).length;
        throw new Error('file removal failed');
      },
    };
    const outcome = await createJobRunner({ database: testDb.database, log }).runJob(job, new Date());
    // A's share committed: afterCommit sees its row; B's share failed: no afterCommit
    expect(gesehen).toEqual({ [a.mandantId]: 1 });
    expect(outcome.tenants).toContainEqual({ mandantId: a.mandantId, ran: true, result: 'ok' });
    expect(log.errors.map((e) => [e.obj.mandantId, e.msg])).toEqual(
      expect.arrayContaining([
        [a.mandantId, 'job failed for a tenant after its commit'],
        [b.mandantId, 'job failed for a tenant'],
      ]),
    );
  });
});
