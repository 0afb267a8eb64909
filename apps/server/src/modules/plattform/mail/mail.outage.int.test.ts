import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs } from '../../../../test/fixtures/anmelden';
import { fixtureMandant } from '../../../../test/fixtures/mandant';
import { startTestServer, type TestServer, testDrivers } from '../../../../test/harness';
import { type SmtpReceiver, startSmtpReceiver } from '../../../../test/smtp-receiver';
import { createJobRunner } from '../../../jobs/scheduler';
import { mailJobs } from './mail.jobs';
import { enqueueMail } from './mail.service';
import { mailOutbox } from './mail.table';

const MAILS = 5;
/**
 * Generous: the budget of GET /api/me is 10 ms (15 ms measured here on an idle machine), but CI machines run
 * several suites at once (310 ms seen at a load of 20 on 2 cores). Before decision 023 a request during the
 * outage waited out every SMTP timeout, 10 s per mail, so the bound still separates the two by far.
 */
const ME_P95_BOUND_MS = 1_000;

const p95 = (samples: number[]) => {
  const sorted = [...samples].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)] ?? Number.NaN;
};

describe.each(testDrivers())('mail dispatch while the SMTP server does not answer, on %s', (driver) => {
  let server: TestServer;
  let smtp: SmtpReceiver;
  beforeAll(async () => {
    smtp = await startSmtpReceiver({ silent: true });
    server = await startTestServer({ driver, smtpUrl: smtp.url, seed: false });
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  it('GET /api/me stays fast, nothing is lost, and every mail arrives once when SMTP answers again', async () => {
    // a signed-in employee whose requests are timed
    const { benutzer } = await fixtureMandant(server.database, {
      name: 'Stadtwerke Musterstadt',
      domain: 'musterstadt.example',
      benutzer: { mitarbeiter: { vorname: 'Lena', nachname: 'Hoffmann' } },
    });
    const cookie = await signInAs(server, benutzer.mitarbeiter);
    const recipients = Array.from({ length: MAILS }, (_, i) => `empfaenger-${i}@musterstadt.example`);
    for (const to of recipients)
      await server.database.withAllTenants((tx) =>
        enqueueMail(tx, {
          mandantId: null,
          to,
          template: 'passwort_zuruecksetzen',
          language: 'de',
          params: { name: 'Erika', url: 'https://stellwerk.example/auth/confirm?token=t' },
        }),
      );
    // The scheduler's dispatch job exactly as in production (default SMTP timeouts: 10 s for the greeting).
    // Only the mail jobs: the reminder jobs enqueue mails of their own depending on the day and hour
    // (licence checks due, reading rooms closing), which this test does not count.
    const runner = createJobRunner({ database: server.database });
    const jobs = mailJobs({ smtpUrl: smtp.url, publicUrl: server.baseUrl });
    const outage = new Date();
    let dispatching = true;
    const run = runner.runAll(jobs, outage).finally(() => {
      dispatching = false;
    });
    const samples: number[] = [];
    while (dispatching) {
      const started = performance.now();
      const response = await fetch(`${server.baseUrl}/api/me`, { headers: { cookie } });
      await response.arrayBuffer();
      samples.push(performance.now() - started);
      expect(response.status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const [outcome] = await run;
    console.info(
      `[${driver}] GET /api/me during the SMTP outage: ${samples.length} requests, p95 ${p95(samples).toFixed(1)} ms, max ${Math.max(...samples).toFixed(1)} ms`,
    );
    expect(outcome?.result).toMatchObject({ sent: 0, retried: MAILS });
    expect(samples.length).toBeGreaterThan(20);
    expect(p95(samples)).toBeLessThan(ME_P95_BOUND_MS);

    // Nothing lost: every mail waits for its retry, none was sent.
    const rows = await server.database.db.select().from(mailOutbox);
    expect(rows).toHaveLength(MAILS);
    for (const row of rows) expect(row).toMatchObject({ status: 'pending', attempts: 1, claimedUntil: null });
    expect(smtp.received).toEqual([]);

    // SMTP answers again: after the backoff every mail arrives, once.
    smtp.setSilent(false);
    const later = new Date(outage.getTime() + 2 * 60_000);
    const [retry] = await runner.runAll(jobs, later);
    expect(retry?.result).toMatchObject({ sent: MAILS, retried: 0, failed: 0 });
    const [again] = await runner.runAll(jobs, new Date(later.getTime() + 60 * 60_000));
    expect(again?.result).toMatchObject({ sent: 0 });
    expect(smtp.received.flatMap((m) => m.to).sort()).toEqual([...recipients].sort());
    for (const to of recipients) {
      const [row] = await server.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
      expect(row).toMatchObject({ status: 'sent', attempts: 2 });
    }
  });
});
