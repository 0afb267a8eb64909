import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpReceiver } from '../../../../test/smtp-receiver';
import { openTestDatabase, type TestDatabase, testDrivers } from '../../../db/test-database';
import { startMailDelivery } from './mail.delivery';
import { dispatchPendingMails } from './mail.dispatcher';
import { enqueueMail } from './mail.service';
import { mailOutbox } from './mail.table';

/** Fastify's own logger (pino) whose lines (parsed JSON) are kept in `lines`. */
const captureLog = () => {
  const lines: { level: number; msg: string; mail?: { to: string } }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, log: Fastify({ logger: { level: 'info', stream } }).log };
};

const until = async (check: () => boolean, timeoutMs = 5_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe.each(testDrivers())('mail right after commit on %s', (driver) => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await openTestDatabase(driver);
  });
  afterAll(async () => {
    await testDb?.close();
  });
  afterEach(async () => {
    await testDb.database.db.delete(mailOutbox);
  });

  const enqueue = (to: string, token: string) =>
    testDb.database.withAllTenants((tx) =>
      enqueueMail(tx, {
        mandantId: null,
        to,
        template: 'passwort_zuruecksetzen',
        language: 'de',
        params: { name: 'Erika', url: `https://stellwerk.example/auth/confirm?token=${token}` },
      }),
    );

  it('without SMTP_URL the whole mail, link included, is written to the log once it is committed', async () => {
    const { lines, log } = captureLog();
    const stop = await startMailDelivery({ database: testDb.database, smtpUrl: undefined, log });
    try {
      await expect(
        testDb.database.withAllTenants(async (tx) => {
          await enqueueMail(tx, {
            mandantId: null,
            to: 'zurueckgerollt@example.org',
            template: 'einladung',
            language: 'de',
            params: { name: 'R', url: 'https://stellwerk.example/auth/confirm?token=nie' },
          });
          throw new Error('the change failed');
        }),
      ).rejects.toThrow('the change failed');
      await enqueue('erika@musterstadt.example', 'geheim-123');
      await until(() => lines.some((l) => l.mail?.to === 'erika@musterstadt.example'));
      const line = lines.find((l) => l.mail?.to === 'erika@musterstadt.example')!;
      expect(line.level).toBe(30);
      expect(line.msg).toContain('SMTP_URL ist nicht gesetzt');
      expect(line.msg).toContain('Passwort zurücksetzen');
      expect(line.msg).toContain('Hallo Erika,');
      expect(line.msg).toContain('https://stellwerk.example/auth/confirm?token=geheim-123');
      // A mail whose transaction rolled back never existed.
      expect(lines.some((l) => l.msg.includes('zurueckgerollt@example.org'))).toBe(false);
    } finally {
      await stop();
    }
  });

  it('with SMTP_URL the dispatcher runs right after the commit, not only at the next minute', async () => {
    const smtp = await startSmtpReceiver();
    const { lines, log } = captureLog();
    const stop = await startMailDelivery({
      database: testDb.database,
      smtpUrl: smtp.url,
      log,
      dispatch: () => dispatchPendingMails({ database: testDb.database, smtpUrl: smtp.url, now: new Date() }),
    });
    try {
      await enqueue('a@musterstadt.example', 'eins');
      await enqueue('b@musterstadt.example', 'zwei');
      await until(() => smtp.received.length === 2);
      expect(smtp.received.flatMap((m) => m.to).sort()).toEqual([
        'a@musterstadt.example',
        'b@musterstadt.example',
      ]);
      // With a mail server the log carries no mail text.
      expect(lines.some((l) => l.msg.includes('token='))).toBe(false);
    } finally {
      await stop();
      await smtp.close();
    }
  });

  it('sends a calendar invitation as the mail’s text/calendar part with its method, beside the text', async () => {
    const smtp = await startSmtpReceiver();
    const ics = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'METHOD:CANCEL',
      'BEGIN:VEVENT',
      'UID:x@stellwerk',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ].join('\r\n');
    try {
      await testDb.database.withAllTenants((tx) =>
        enqueueMail(tx, {
          mandantId: null,
          to: 'c@musterstadt.example',
          template: 'passwort_zuruecksetzen',
          language: 'de',
          params: { name: 'Erika', url: 'https://stellwerk.example/auth/confirm?token=drei' },
          anhaenge: [
            {
              dateiname: 'absage.ics',
              contentType: 'text/calendar; charset=utf-8; method=CANCEL',
              base64: Buffer.from(ics).toString('base64'),
            },
          ],
        }),
      );
      expect(
        (await dispatchPendingMails({ database: testDb.database, smtpUrl: smtp.url, now: new Date() })).sent,
      ).toBe(1);
      const raw = smtp.received[0]!.raw;
      expect(raw).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=CANCEL/i);
      expect(raw).toMatch(/filename=absage\.ics/);
      // as nodemailer's icalEvent: an alternative of the text (what Outlook and Google read) and the .ics file
      expect(raw).toMatch(/Content-Type: application\/ics; name=absage\.ics/);
      expect(raw).toContain('Erika');
    } finally {
      await smtp.close();
    }
  });
});
