import { PERMISSION_NAMES } from '@stellwerk/domain/permissions';
import { addCalendarDays, berlinDateKey, berlinInstant } from '@stellwerk/domain/time';
import { eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FUHRPARK_LEUTE,
  FUHRPARK_MANDANT,
  FUHRPARK_ROLLEN,
  fuhrparkWagen,
} from '../../../../test/fixtures/fuhrpark.ts';
import { fixtureMandant } from '../../../../test/fixtures/mandant.ts';
import { startTestServer, type TestServer, testDrivers } from '../../../../test/harness.ts';
import type { Tx } from '../../../db/client.ts';
import { createJobRunner } from '../../../jobs/scheduler.ts';
import { fahrzeugHistorie } from '../../fahrten/fahrt/fahrt.public.ts';
import { mailOutbox } from '../../plattform/mail/mail.public.ts';
import { customizing } from '../../verwaltung/customizing/customizing.public.ts';
import { fahrzeug } from '../fahrzeug/fahrzeug.public.ts';
import { fahrzeugBenachrichtigungJobs } from './fahrzeug-benachrichtigung.jobs.ts';
import { fahrzeugBuchung } from './fahrzeug-buchung.table.ts';

// A fixed clock: Wednesday 3 June 2026, 10:00 in Berlin (after the care-notice time 08:00).
const NOW = berlinInstant('2026-06-03', '10:00');
const min = (n: number) => new Date(NOW.getTime() + n * 60_000);

/**
 * The fleet tenant (German) with four cars at the depot, so that the car still on the road has a free one to offer;
 * the booker Lena and the next booker Uwe; the holders of `fahrzeug_pflege` who get the escalations, care notices
 * and inspection reminders: the fleet manager Thomas (who also holds the report right), the caretaker Jonas and the
 * administrator Claudia (all rights).
 */
const musterstadt = (server: TestServer) =>
  fixtureMandant(server.database, {
    ...FUHRPARK_MANDANT,
    rollen: { ...FUHRPARK_ROLLEN, Fahrzeugpflege: ['fahrzeug_pflege'], Administration: PERMISSION_NAMES },
    benutzer: {
      ...FUHRPARK_LEUTE,
      fahrzeugpflege: { vorname: 'Jonas', nachname: 'Schneider', rollen: ['Fahrzeugpflege'] },
      admin: { vorname: 'Claudia', nachname: 'Wagner', rollen: ['Administration'] },
      fahrer: { vorname: 'Uwe', nachname: 'Krause', rollen: ['Mitarbeiter'] },
    },
    fahrzeuge: Object.fromEntries(
      ['MS-SW 101', 'MS-SW 102', 'MS-SW 103', 'MS-SW 104'].map((k) => [k, fuhrparkWagen(k)]),
    ),
  });

describe.each(testDrivers())('vehicle jobs on %s', (driver) => {
  let server: TestServer;
  let mandantId: string;
  const users = new Map<string, string>();
  let autos: { id: string; kennzeichen: string; standortId: string }[] = [];
  const buchungen: Record<string, string> = {};

  const asAll = <T>(fn: (tx: Tx) => PromiseLike<T>): Promise<T> =>
    server.database.withAllTenants(async (tx) => fn(tx));
  const outbox = () =>
    asAll((tx) =>
      tx
        .select({
          to: mailOutbox.to,
          subject: mailOutbox.subject,
          text: mailOutbox.text,
          template: mailOutbox.template,
          anhaenge: mailOutbox.anhaenge,
        })
        .from(mailOutbox)
        .where(eq(mailOutbox.mandantId, mandantId)),
    );
  const run = async (now: Date) => {
    const runner = createJobRunner({ database: server.database });
    return runner.runAll(fahrzeugBenachrichtigungJobs({ publicUrl: server.baseUrl }), now);
  };
  const setze = (name: string, wert: string) =>
    asAll((tx) => tx.insert(customizing).values({ mandantId, customizingOptionName: name, wert }));

  beforeAll(async () => {
    server = await startTestServer({ driver, seed: false });
    const ms = await musterstadt(server);
    mandantId = ms.id;
    for (const u of Object.values(ms.benutzer)) users.set(u.email, u.id);
    autos = Object.entries(ms.fahrzeuge)
      .map(([kennzeichen, id]) => ({ id, kennzeichen, standortId: ms.standorte.nord }))
      .sort((a, b) => a.kennzeichen.localeCompare(b.kennzeichen));
    expect(autos.length).toBeGreaterThanOrEqual(3);
    const lena = users.get('mitarbeiter@musterstadt.example')!;
    const neu = (key: string, werte: Partial<typeof fahrzeugBuchung.$inferInsert>) =>
      asAll(async (tx) => {
        const [row] = await tx
          .insert(fahrzeugBuchung)
          .values({
            mandantId,
            benutzerId: lena,
            fahrzeugId: autos[0]!.id,
            status: 'reserviert',
            typ: 'BUCHUNG',
            von: min(-20),
            bis: min(120),
            ...werte,
          })
          .returning({ id: fahrzeugBuchung.id });
        buchungen[key] = row!.id;
      });
    // a trip not checked in 20 minutes after its start, and a maintenance block alike
    await neu('versaeumt', { fahrzeugId: autos[0]!.id });
    await neu('wartung', {
      fahrzeugId: autos[1]!.id,
      typ: 'WARTUNG',
      benutzerId: users.get('fuhrpark@musterstadt.example')!,
    });
    // a trip on the road that ended three hours ago, and the next trip of that car in 30 minutes
    await neu('unterwegs', { fahrzeugId: autos[2]!.id, status: 'aktiv', von: min(-300), bis: min(-180) });
    await neu('naechste', {
      fahrzeugId: autos[2]!.id,
      von: min(30),
      bis: min(150),
      benutzerId: users.get('fahrer@musterstadt.example')!,
    });
    await asAll((tx) =>
      tx.insert(fahrzeugHistorie).values([
        {
          mandantId,
          fahrzeugId: autos[2]!.id,
          fahrzeugBuchungId: buchungen.unterwegs,
          typ: 'CHECK_IN',
          zeitpunkt: min(-295),
          kilometerstand: 1000,
          benutzerId: lena,
        },
        // last month's trip of the first car, for the report
        {
          mandantId,
          fahrzeugId: autos[0]!.id,
          typ: 'CHECK_IN',
          zeitpunkt: berlinInstant('2026-05-12', '09:00'),
          kilometerstand: 500,
          benutzerId: lena,
        },
        {
          mandantId,
          fahrzeugId: autos[0]!.id,
          typ: 'CHECK_OUT',
          zeitpunkt: berlinInstant('2026-05-12', '12:00'),
          kilometerstand: 620,
          sauberkeitInnen: 'stark verschmutzt',
          schaeden: [{ beschreibung: 'Kratzer' }],
          benutzerId: lena,
        },
      ]),
    );
    // UVV of the second car due in ten days
    await asAll((tx) =>
      tx
        .update(fahrzeug)
        .set({ uvvFaelligAm: addCalendarDays(berlinDateKey(NOW), 10) })
        .where(eq(fahrzeug.id, autos[1]!.id)),
    );
    await setze(
      'FahrzeugReportMailAdressen',
      JSON.stringify(['report@extern.example', 'admin@musterstadt.example']),
    );
    await asAll((tx) =>
      tx.insert(customizing).values({
        mandantId,
        benutzerId: users.get('admin@musterstadt.example')!,
        customizingOptionName: 'Sprache',
        wert: 'en',
      }),
    );
  });
  afterAll(async () => {
    await server?.close();
  });

  it('each job run twice sends once; the release cancels only the trip', async () => {
    const first = await run(NOW);
    expect(first.every((o) => o.error === undefined && o.tenants?.every((t) => t.error === undefined))).toBe(
      true,
    );
    const mails = await outbox();
    const second = await run(min(1));
    expect(second.every((o) => o.error === undefined)).toBe(true);
    expect(await outbox()).toHaveLength(mails.length);

    const status = await asAll((tx) =>
      tx
        .select({
          id: fahrzeugBuchung.id,
          status: fahrzeugBuchung.status,
          info: fahrzeugBuchung.informationstext,
        })
        .from(fahrzeugBuchung)
        .where(inArray(fahrzeugBuchung.id, [buchungen.versaeumt!, buchungen.wartung!])),
    );
    expect(status.find((s) => s.id === buchungen.versaeumt)).toMatchObject({
      status: 'storniert',
      info: 'Storno, weil der Check-in nicht rechtzeitig erfolgte.',
    });
    expect(status.find((s) => s.id === buchungen.wartung)?.status).toBe('reserviert');

    const an = (email: string) => mails.filter((m) => m.to === email).map((m) => m.subject);
    // the booker: the cancellation and the missing check-out reminder
    expect(an('mitarbeiter@musterstadt.example').sort()).toEqual(
      [expect.stringMatching(/^Check-out fehlt: /), expect.stringMatching(/storniert/i)].sort(),
    );
    // the next booker: the car is still on the road, with a free car of the location; and, since decision 117,
    // the reminder before their own trip (once, although every job ran twice)
    const naechster = mails.filter((m) => m.to === 'fahrer@musterstadt.example');
    expect(naechster.map((m) => m.subject).sort()).toEqual([
      expect.stringMatching(/^Erinnerung: Ihre Fahrt beginnt bald /),
      expect.stringMatching(/^Fahrzeug noch unterwegs: /),
    ]);
    // fleet managers and caretakers (fahrzeug_pflege): escalation, care notice, UVV reminder; English for Claudia
    for (const email of ['fuhrpark@musterstadt.example', 'fahrzeugpflege@musterstadt.example']) {
      const subjects = an(email);
      expect(subjects).toHaveLength(3);
      expect(subjects).toContain('Fällige Fahrzeugprüfungen (HU/UVV)');
      expect(subjects).toContain('Pflegehinweis: Fahrten ohne Check-out');
      expect(subjects.filter((s) => s.startsWith('Check-out überfällig: '))).toHaveLength(1);
    }
    expect(an('admin@musterstadt.example')).toContain('Vehicle inspections due (HU/UVV)');
    // the report of May to both addresses, with the Excel file
    const reports = mails.filter(
      (m) => m.subject.startsWith('Fahrzeugreport') || m.subject.startsWith('Vehicle report'),
    );
    expect(reports.map((m) => m.to).sort()).toEqual(['admin@musterstadt.example', 'report@extern.example']);
    const extern = reports.find((m) => m.to === 'report@extern.example')!;
    expect(extern.subject).toBe('Fahrzeugreport 01.05.2026 – 31.05.2026');
    expect(extern.text).toContain(
      `(${autos[0]!.kennzeichen}): 1 Fahrten, 120 km, 1 Schäden, 1 Verschmutzungen, 0 Kilometerlücken`,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(extern.anhaenge![0]!.base64, 'base64') as never);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(2).values).toContain('Kilometerlücken');
    const zeile = sheet
      .getRows(3, sheet.rowCount - 2)!
      .find((r) => r.getCell(1).value === autos[0]!.kennzeichen)!;
    expect([zeile.getCell(3).value, zeile.getCell(4).value, zeile.getCell(5).value]).toEqual([1, 120, 1]);
  });

  it('a send-mail flag switches its mail off; the next day brings a new care notice only', async () => {
    await setze('FahrzeugMailPflegehinweisSenden', 'false');
    const before = (await outbox()).length;
    await run(berlinInstant('2026-06-04', '09:00'));
    // new that day: only the release of the next trip (not checked in); no care notice
    const neu = (await outbox()).slice(before);
    expect(neu.map((m) => [m.to, m.template])).toEqual([['fahrer@musterstadt.example', 'fahrzeug_buchung']]);
  });

  it('the personal report (decision 078): a holder of the report right who switched it on gets it in their rhythm, with colleagues; nobody else', async () => {
    const thomas = users.get('fuhrpark@musterstadt.example')!; // Fuhrparkleitung: fahrzeug_logbuch_report
    const lena = users.get('mitarbeiter@musterstadt.example')!; // books only
    const eigene = (benutzerId: string, name: string, wert: string) =>
      asAll((tx) =>
        tx.insert(customizing).values({ mandantId, benutzerId, customizingOptionName: name, wert }),
      );
    await eigene(thomas, 'FahrzeugReportPersoenlich', 'true');
    await eigene(thomas, 'FahrzeugReportRhythmus', 'quartalsweise');
    await eigene(
      thomas,
      'FahrzeugReportEmpfaenger',
      JSON.stringify([
        'fahrzeugpflege@musterstadt.example',
        'Admin@Musterstadt.example',
        'extern@anderswo.example',
      ]),
    );
    // switched on without the right (written past the API, which refuses it): still nothing
    await eigene(lena, 'FahrzeugReportPersoenlich', 'true');

    const quartal = (m: { subject: string }) =>
      /^(Fahrzeugreport|Vehicle report) 01\.04\.2026 – 30\.06\.2026$/.test(m.subject);
    const before = (await outbox()).length;
    await run(berlinInstant('2026-07-01', '10:00'));
    const neu = (await outbox()).slice(before);
    const persoenlich = neu.filter(quartal);
    // Thomas and his two colleagues (the address as he wrote it); not the address outside the tenant
    expect(persoenlich.map((m) => m.to).sort()).toEqual([
      'Admin@Musterstadt.example',
      'fahrzeugpflege@musterstadt.example',
      'fuhrpark@musterstadt.example',
    ]);
    expect(persoenlich.find((m) => m.to === 'Admin@Musterstadt.example')!.subject).toBe(
      'Vehicle report 01.04.2026 – 30.06.2026',
    );
    const eigener = persoenlich.find((m) => m.to === 'fuhrpark@musterstadt.example')!;
    expect(eigener.text).toContain(
      `(${autos[0]!.kennzeichen}): 1 Fahrten, 120 km, 1 Schäden, 1 Verschmutzungen, 0 Kilometerlücken`,
    );
    expect(eigener.anhaenge).toHaveLength(1);
    // the tenant's own monthly report (June) goes on as before, to the tenant's addresses only
    expect(
      neu
        .filter((m) => /^(Fahrzeugreport|Vehicle report) 01\.06\.2026/.test(m.subject))
        .map((m) => m.to)
        .sort(),
    ).toEqual(['admin@musterstadt.example', 'report@extern.example']);
    expect(neu.some((m) => m.to === 'mitarbeiter@musterstadt.example' && quartal(m))).toBe(false);

    // once per period
    const danach = (await outbox()).length;
    await run(berlinInstant('2026-07-02', '10:00'));
    expect((await outbox()).slice(danach).filter(quartal)).toEqual([]);
  });
});
