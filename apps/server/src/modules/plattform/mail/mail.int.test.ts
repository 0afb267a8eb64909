import { tmpdir } from 'node:os';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpReceiver } from '../../../../test/smtp-receiver';
import { openTestDatabase, type TestDatabase, testDrivers } from '../../../db/test-database';
import { productJobs } from '../../../jobs/jobs';
import { createJobRunner } from '../../../jobs/scheduler';
import {
  claimDurationMs,
  DEFAULT_BATCH_SIZE,
  DEFAULT_SMTP_TIMEOUTS,
  dispatchPendingMails,
  MAX_ATTEMPTS,
} from './mail.dispatcher';
import { claimDueOutboxRows, listOutboxRows, markOutboxRowSent } from './mail.repository';
import { enqueueMail } from './mail.service';
import { mailOutbox } from './mail.table';

describe.each(testDrivers())('mail outbox and dispatcher on %s', (driver) => {
  let testDb: TestDatabase;
  const now = new Date('2026-11-21T09:00:00Z');
  beforeAll(async () => {
    testDb = await openTestDatabase(driver);
  });
  afterAll(async () => {
    await testDb?.close();
  });
  afterEach(async () => {
    await testDb.database.db.delete(mailOutbox);
  });

  const enqueue = (to = 'erika@musterstadt.example') =>
    testDb.database.withAllTenants((tx) =>
      enqueueMail(
        tx,
        {
          mandantId: null,
          to,
          template: 'passwort_zuruecksetzen',
          language: 'de',
          params: { name: 'Erika', url: 'https://stellwerk.example/auth/confirm?token=t' },
        },
        now,
      ),
    );
  const rowOf = async (id: string) => {
    const [row] = await testDb.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    return row!;
  };

  it('a mail enqueued in a transaction that rolls back is never written', async () => {
    await expect(
      testDb.database.withAllTenants(async (tx) => {
        await enqueueMail(tx, {
          mandantId: null,
          to: 'x@example.org',
          template: 'passwort_zuruecksetzen',
          language: 'en',
          params: { name: 'X', url: 'https://x.example' },
        });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await testDb.database.db.select().from(mailOutbox)).toHaveLength(0);
  });

  it('a queued mail is delivered exactly once through a real SMTP server', async () => {
    const smtp = await startSmtpReceiver();
    try {
      const id = await enqueue();
      const first = await dispatchPendingMails({ database: testDb.database, smtpUrl: smtp.url, now });
      expect(first).toMatchObject({ sent: 1, retried: 0, failed: 0 });
      const second = await dispatchPendingMails({ database: testDb.database, smtpUrl: smtp.url, now });
      expect(second.sent).toBe(0);
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]?.to).toEqual(['erika@musterstadt.example']);
      expect(smtp.received[0]?.raw).toContain('Hallo Erika,');
      const row = await rowOf(id);
      expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
      expect(row.sentAt?.toISOString()).toBe(now.toISOString());
    } finally {
      await smtp.close();
    }
  });

  it('a failing SMTP server leaves the mail pending with attempts + 1 and a later retry', async () => {
    const smtp = await startSmtpReceiver({ fail: true });
    try {
      const id = await enqueue();
      const result = await dispatchPendingMails({ database: testDb.database, smtpUrl: smtp.url, now });
      expect(result).toMatchObject({ sent: 0, retried: 1 });
      const row = await rowOf(id);
      expect(row.status).toBe('pending');
      expect(row.attempts).toBe(1);
      expect(row.lastError).toMatch(/554|refuses/);
      expect(row.nextAttemptAt.getTime()).toBe(now.getTime() + 60_000);
      // Not due yet: nothing is tried before the backoff has passed.
      const early = await dispatchPendingMails({ database: testDb.database, smtpUrl: smtp.url, now });
      expect(early.retried).toBe(0);
    } finally {
      await smtp.close();
    }
  });

  it(`after ${MAX_ATTEMPTS} failed attempts the mail is marked failed`, async () => {
    const smtp = await startSmtpReceiver({ fail: true });
    try {
      const id = await enqueue();
      let at = now;
      for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
        await dispatchPendingMails({ database: testDb.database, smtpUrl: smtp.url, now: at });
        at = (await rowOf(id)).nextAttemptAt;
      }
      expect(await rowOf(id)).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
    } finally {
      await smtp.close();
    }
  });

  it('the scheduler job sends due mails from the PUBLIC_URL host', async () => {
    const smtp = await startSmtpReceiver();
    try {
      const id = await enqueue();
      const runner = createJobRunner({ database: testDb.database });
      const jobs = productJobs({
        smtpUrl: smtp.url,
        publicUrl: 'https://stellwerk.example',
        dataDir: tmpdir(), // no tenant has files to remove here
        vapid: { publicKey: 'unused', privateKey: 'unused', subject: 'mailto:noreply@stellwerk.example' },
      });
      const [outcome] = await runner.runAll(jobs, now);
      expect(outcome).toMatchObject({ name: 'mail.dispatch', ran: true, result: { sent: 1 } });
      expect(outcome?.tenants).toBeUndefined(); // platform-wide: one run, not one per tenant
      expect(smtp.received[0]?.from).toBe('noreply@stellwerk.example');
      expect((await rowOf(id)).status).toBe('sent');
    } finally {
      await smtp.close();
    }
  });

  it('without SMTP_URL nothing is sent and the mail stays pending', async () => {
    const id = await enqueue();
    expect(await dispatchPendingMails({ database: testDb.database, smtpUrl: undefined, now })).toMatchObject({
      skipped: true,
      sent: 0,
    });
    expect(await rowOf(id)).toMatchObject({ status: 'pending', attempts: 0 });
  });

  const claim = (at: Date, claimedUntil: Date) =>
    testDb.database.withAllTenants((tx) =>
      claimDueOutboxRows(tx, { now: at, limit: 20, claimedUntil, maxAttempts: MAX_ATTEMPTS }),
    );

  it('a claimed row is sending until its claim ends: another dispatcher does not send it meanwhile', async () => {
    const smtp = await startSmtpReceiver();
    try {
      const id = await enqueue();
      const [claimed] = await claim(now, new Date(now.getTime() + 10 * 60_000));
      expect(claimed).toMatchObject({ id, attempts: 1 });
      expect(await rowOf(id)).toMatchObject({ status: 'sending', attempts: 1 });
      const later = new Date(now.getTime() + 5 * 60_000);
      expect(
        await dispatchPendingMails({ database: testDb.database, smtpUrl: smtp.url, now: later }),
      ).toMatchObject({
        sent: 0,
      });
      expect(smtp.received).toHaveLength(0);
    } finally {
      await smtp.close();
    }
  });

  it('an expired claim (a dispatcher that crashed) makes the row due again; the crashed claim cannot mark it', async () => {
    const smtp = await startSmtpReceiver();
    try {
      const id = await enqueue();
      // A dispatcher claims the row and dies before sending or marking it.
      const [crashed] = await claim(now, new Date(now.getTime() + 60_000));
      const afterExpiry = new Date(now.getTime() + 2 * 60_000);
      const result = await dispatchPendingMails({
        database: testDb.database,
        smtpUrl: smtp.url,
        now: afterExpiry,
      });
      expect(result.sent).toBe(1);
      expect(smtp.received).toHaveLength(1);
      expect(await rowOf(id)).toMatchObject({ status: 'sent', attempts: 2, claimedUntil: null });
      // The old claim is no longer this row's: marking through it changes nothing.
      expect(await testDb.database.withAllTenants((tx) => markOutboxRowSent(tx, crashed!, afterExpiry))).toBe(
        false,
      );
    } finally {
      await smtp.close();
    }
  });

  it('an expired claim that had used the last attempt is marked failed, not sent again', async () => {
    const id = await enqueue();
    await testDb.database.db
      .update(mailOutbox)
      .set({ attempts: MAX_ATTEMPTS - 1 })
      .where(eq(mailOutbox.id, id));
    await claim(now, new Date(now.getTime() + 60_000));
    expect(await claim(new Date(now.getTime() + 2 * 60_000), new Date(now.getTime() + 3 * 60_000))).toEqual(
      [],
    );
    expect(await rowOf(id)).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS, claimedUntil: null });
  });

  it('two dispatchers at once (two instances) send every mail exactly once', async () => {
    const smtp = await startSmtpReceiver();
    try {
      const recipients = Array.from({ length: 8 }, (_, i) => `parallel-${i}@musterstadt.example`);
      for (const to of recipients) await enqueue(to);
      const results = await Promise.all(
        [0, 1].map(() =>
          dispatchPendingMails({ database: testDb.database, smtpUrl: smtp.url, now, batchSize: 5 }),
        ),
      );
      const rest = await dispatchPendingMails({ database: testDb.database, smtpUrl: smtp.url, now });
      expect(results.reduce((n, r) => n + r.sent, rest.sent)).toBe(recipients.length);
      expect(smtp.received.flatMap((m) => m.to).sort()).toEqual([...recipients].sort());
    } finally {
      await smtp.close();
    }
  });

  it('a claim lasts long enough for a whole batch to wait out every SMTP timeout', () => {
    const { connection, greeting, socket } = DEFAULT_SMTP_TIMEOUTS;
    expect(claimDurationMs(DEFAULT_BATCH_SIZE, DEFAULT_SMTP_TIMEOUTS)).toBeGreaterThan(
      DEFAULT_BATCH_SIZE * (connection + greeting + socket),
    );
  });

  it('the mailbox shows a row being sent as pending', async () => {
    const id = await enqueue();
    await claim(now, new Date(now.getTime() + 60_000));
    const page = await testDb.database.withAllTenants((tx) =>
      listOutboxRows(tx, {
        status: 'pending',
        limit: 10,
        offset: 0,
        scope: { platform: true, mandantId: null },
      }),
    );
    expect(page.items.map((i) => [i.id, i.status])).toEqual([[id, 'pending']]);
  });
});
