import { berlinInstant } from '@stellwerk/domain/time';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureMandant } from '../../../../test/fixtures/mandant.ts';
import { startTestServer, type TestServer, testDrivers } from '../../../../test/harness.ts';
import type { Tx } from '../../../db/client.ts';
import { createJobRunner } from '../../../jobs/scheduler.ts';
import { mailOutbox } from '../../plattform/mail/mail.public.ts';
import { customizing } from '../../verwaltung/customizing/customizing.public.ts';
import { fahrzeugBenachrichtigungJobs } from './fahrzeug-benachrichtigung.jobs.ts';
import { fahrzeugBuchung } from './fahrzeug-buchung.table.ts';

// Tuesday 9 June 2026, 10:00 in Berlin.
const NOW = berlinInstant('2026-06-09', '10:00');
const min = (n: number) => new Date(NOW.getTime() + n * 60_000);

/** R364: the reminder before the trip goes to booker and driver at each one's lead, once. */
describe.each(testDrivers())('the reminder before a trip on %s', (driver) => {
  let server: TestServer;
  let mandantId: string;
  const asAll = <T>(fn: (tx: Tx) => PromiseLike<T>): Promise<T> =>
    server.database.withAllTenants(async (tx) => fn(tx));
  const reminders = async () =>
    (
      await asAll((tx) =>
        tx
          .select({ to: mailOutbox.to, subject: mailOutbox.subject })
          .from(mailOutbox)
          .where(and(eq(mailOutbox.mandantId, mandantId), eq(mailOutbox.template, 'fahrzeug_buchung'))),
      )
    ).filter((m) => m.subject.startsWith('Erinnerung') || m.subject.startsWith('Reminder'));
  const run = (now: Date) =>
    createJobRunner({ database: server.database }).runAll(
      fahrzeugBenachrichtigungJobs({ publicUrl: server.baseUrl }),
      now,
    );

  beforeAll(async () => {
    server = await startTestServer({ driver, seed: false });
    // the booker, the driver they booked for and the vehicle
    const ms = await fixtureMandant(server.database, {
      name: 'Stadtwerke Musterstadt',
      domain: 'musterstadt.example',
      features: { FahrzeugBuchung: true },
      standorte: { nord: { name: 'Betriebshof Nord', bundesland: 'NW' } },
      benutzer: {
        mitarbeiter: { vorname: 'Lena', nachname: 'Hoffmann', fuehrerschein: true },
        fahrer: { vorname: 'Uwe', nachname: 'Krause', fuehrerschein: true },
      },
      fahrzeuge: { id3: { standort: 'nord', kennzeichen: 'MS-SW 101' } },
    });
    mandantId = ms.id;
    await asAll(async (tx) => {
      // the driver wants it two hours ahead; the booker keeps the default, 60 minutes
      await tx.insert(customizing).values({
        mandantId,
        customizingOptionName: 'FahrzeugZeitErinnerungsmail',
        wert: '120',
        benutzerId: ms.benutzer.fahrer.id,
      });
      await tx.insert(fahrzeugBuchung).values({
        mandantId,
        benutzerId: ms.benutzer.mitarbeiter.id,
        fahrerId: ms.benutzer.fahrer.id,
        fahrzeugId: ms.fahrzeuge.id3,
        status: 'reserviert',
        typ: 'BUCHUNG',
        von: min(90),
        bis: min(180),
      });
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('reaches the driver 120 minutes ahead and the booker 60 minutes ahead, each once', async () => {
    await run(min(-40)); // 130 minutes before: nobody yet
    expect(await reminders()).toEqual([]);
    await run(NOW); // 90 minutes before: the driver
    expect((await reminders()).map((m) => m.to)).toEqual(['fahrer@musterstadt.example']);
    await run(min(1));
    expect(await reminders()).toHaveLength(1);
    await run(min(30)); // 60 minutes before: the booker
    expect((await reminders()).map((m) => m.to).sort()).toEqual([
      'fahrer@musterstadt.example',
      'mitarbeiter@musterstadt.example',
    ]);
    await run(min(31));
    expect(await reminders()).toHaveLength(2);
  });
});
