import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase, testDrivers } from '../db/test-database';
import { createJobRunner, type Job } from './scheduler';

describe.each(testDrivers())('scheduler on %s', (driver) => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await openTestDatabase(driver);
  });
  afterAll(async () => {
    await testDb?.close();
  });

  const slowJob = (counter: { runs: number }): Job => ({
    name: 'test.slow',
    lockKey: 42_4242,
    run: async () => {
      counter.runs++;
      await new Promise((resolve) => setTimeout(resolve, 300));
    },
  });

  it('two concurrent runs of a job in one instance: only one executes', async () => {
    const counter = { runs: 0 };
    const runner = createJobRunner({ database: testDb.database });
    const now = new Date();
    const outcomes = await Promise.all([
      runner.runJob(slowJob(counter), now),
      runner.runJob(slowJob(counter), now),
    ]);
    expect(counter.runs).toBe(1);
    expect(outcomes.map((o) => o.ran).sort()).toEqual([false, true]);
  });

  it.runIf(driver === 'pg')('two instances at once: the advisory lock lets only one execute', async () => {
    const counter = { runs: 0 };
    // Two runners share nothing in memory, like two server instances; they meet only in PostgreSQL.
    const instanceA = createJobRunner({ database: testDb.database });
    const instanceB = createJobRunner({ database: testDb.database });
    const now = new Date();
    const outcomes = await Promise.all([
      instanceA.runJob(slowJob(counter), now),
      instanceB.runJob(slowJob(counter), now),
    ]);
    expect(counter.runs).toBe(1);
    expect(outcomes.filter((o) => o.ran)).toHaveLength(1);
  });

  it('the lock is released with the transaction: the next run executes again', async () => {
    const counter = { runs: 0 };
    const runner = createJobRunner({ database: testDb.database });
    await runner.runJob(slowJob(counter), new Date());
    await runner.runJob(slowJob(counter), new Date());
    expect(counter.runs).toBe(2);
  });

  it('a failing job is logged and does not stop the others', async () => {
    const runner = createJobRunner({ database: testDb.database });
    const ran: string[] = [];
    const outcomes = await runner.runAll(
      [
        {
          name: 'a',
          lockKey: 1001,
          run: async () => {
            throw new Error('boom');
          },
        },
        {
          name: 'b',
          lockKey: 1002,
          run: async () => {
            ran.push('b');
          },
        },
      ],
      new Date(),
    );
    expect(outcomes[0]?.error).toBeInstanceOf(Error);
    expect(ran).toEqual(['b']);
  });
});
