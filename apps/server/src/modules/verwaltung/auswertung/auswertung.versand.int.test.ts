import { PERMISSION_NAMES } from '@stellwerk/domain/permissions';
/**
 * The evaluation mailed on a rhythm (decision 247): with the clock moved, the job sends the last full week or month
 * once to the recipients who may see the evaluation, in their language, with the Excel file; the dispatcher hands
 * the mails to a real SMTP receiver.
 */
import { berlinInstant } from '@stellwerk/domain/time';
import { and, eq, isNull } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../../test/api-call.ts';
import { signInAs } from '../../../../test/fixtures/anmelden.ts';
import { fixtureMandant } from '../../../../test/fixtures/mandant.ts';
import { startTestServer, type TestServer, testDrivers } from '../../../../test/harness.ts';
import { type SmtpReceiver, startSmtpReceiver } from '../../../../test/smtp-receiver.ts';
import type { Tx } from '../../../db/client.ts';
import { createJobRunner } from '../../../jobs/scheduler.ts';
import { dispatchPendingMails } from '../../plattform/mail/mail.dispatcher.ts';
import { mailOutbox } from '../../plattform/mail/mail.public.ts';
import { customizing } from '../customizing/customizing.public.ts';
import { auswertungJobs } from './auswertung.jobs.ts';

/**
 * The tenant: the administrator and the fleet manager may see the evaluation; a booker, the vehicle care (admin
 * access without the evaluation) and an approver may not.
 */
const musterstadt = (server: TestServer) =>
  fixtureMandant(server.database, {
    name: 'Stadtwerke Musterstadt',
    domain: 'musterstadt.example',
    rollen: {
      Administration: PERMISSION_NAMES,
      Fuhrparkleitung: ['fahrzeug_pflege', 'auslastung_sehen', 'auswertung_sehen'],
      Mitarbeiter: ['fahrzeug_buchen'],
      Fahrzeugpflege: ['fahrzeug_pflege'],
      Freigabe: ['fahrzeug_freigabe_von_sonderfahrten', 'fahrzeug_buchen'],
    },
    benutzer: {
      admin: { vorname: 'Claudia', nachname: 'Wagner', rollen: ['Administration'] },
      fuhrpark: { vorname: 'Thomas', nachname: 'Becker', rollen: ['Fuhrparkleitung'] },
      mitarbeiter: { vorname: 'Lena', nachname: 'Hoffmann', rollen: ['Mitarbeiter'] },
      fahrzeugpflege: { vorname: 'Jonas', nachname: 'Schneider', rollen: ['Fahrzeugpflege'] },
      freigabe: { vorname: 'Sabine', nachname: 'Krüger', rollen: ['Freigabe'] },
    },
  });

describe.each(testDrivers())('the mailed evaluation on %s', (driver) => {
  let server: TestServer;
  let smtp: SmtpReceiver;
  let ms: Awaited<ReturnType<typeof musterstadt>>;
  let mandantId: string;

  const asAll = <T>(fn: (tx: Tx) => PromiseLike<T>): Promise<T> =>
    server.database.withAllTenants(async (tx) => fn(tx));
  const setze = (name: string, wert: string) =>
    asAll(async (tx) => {
      await tx
        .delete(customizing)
        .where(
          and(
            eq(customizing.mandantId, mandantId),
            eq(customizing.customizingOptionName, name),
            isNull(customizing.benutzerId),
            isNull(customizing.gruppeId),
          ),
        );
      await tx.insert(customizing).values({ mandantId, customizingOptionName: name, wert });
    });
  /** The jobs at `now`, then the dispatcher to the SMTP receiver: the mails that arrived in this round. */
  const runde = async (now: Date) => {
    const vorher = smtp.received.length;
    const ergebnis = await createJobRunner({ database: server.database }).runAll(
      auswertungJobs({ publicUrl: server.baseUrl }),
      now,
    );
    expect(
      ergebnis.every((o) => o.error === undefined && o.tenants?.every((t) => t.error === undefined)),
    ).toBe(true);
    await dispatchPendingMails({ database: server.database, smtpUrl: smtp.url, now });
    return smtp.received.slice(vorher);
  };
  const betreff = (raw: string) => /^Subject: (.*)$/m.exec(raw)?.[1] ?? '';

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    server = await startTestServer({ driver, seed: false });
    ms = await musterstadt(server);
    mandantId = ms.id;
    const admin = ms.benutzer.admin;
    await asAll((tx) =>
      tx
        .insert(customizing)
        .values({ mandantId, benutzerId: admin.id, customizingOptionName: 'Sprache', wert: 'en' }),
    );
    await setze(
      'AuswertungMailEmpfaenger',
      JSON.stringify([
        'Fuhrpark@Musterstadt.example', // Fuhrparkleitung: admin access and auswertung_sehen
        'admin@musterstadt.example', // Administration, in English
        'mitarbeiter@musterstadt.example', // a booker: may not see the evaluation
        'extern@example.org', // no user of the tenant
      ]),
    );
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  it('the rhythm dialog offers as recipients only those who may see the evaluation', async () => {
    const admin = await signInAs(server, ms.benutzer.admin);
    const r = await call(server, admin, 'GET', '/api/auswertung/empfaenger');
    expect(r.status).toBe(200);
    const liste = (await r.json()) as { email: string; name: string }[];
    expect(liste.map((p) => p.email).sort()).toEqual([
      'admin@musterstadt.example',
      'fuhrpark@musterstadt.example',
    ]);
    expect(liste.find((p) => p.email === 'fuhrpark@musterstadt.example')?.name).toBe('Thomas Becker');
    const booker = await signInAs(server, ms.benutzer.mitarbeiter);
    expect((await call(server, booker, 'GET', '/api/auswertung/empfaenger')).status).toBe(403);
  });

  it('sends nothing while the rhythm is off (the default)', async () => {
    expect(await runde(berlinInstant('2026-04-22', '10:00'))).toEqual([]);
  });

  it('weekly: the last full week to those who may see it, once, in their language, with the Excel file', async () => {
    await setze('AuswertungMailRhythmus', 'woechentlich');
    // Wednesday 22 April 2026: the week 13–19 April is due
    const mails = await runde(berlinInstant('2026-04-22', '10:00'));
    expect(mails.map((m) => m.to[0]!.toLowerCase()).sort()).toEqual([
      'admin@musterstadt.example',
      'fuhrpark@musterstadt.example',
    ]);
    const de = mails.find((m) => m.to[0]!.toLowerCase() === 'fuhrpark@musterstadt.example')!;
    const en = mails.find((m) => m.to[0] === 'admin@musterstadt.example')!;
    expect(betreff(de.raw)).toContain('=?UTF-8?'); // "Wöchentliche" is encoded
    expect(betreff(en.raw)).toMatch(/^(Weekly evaluation|=\?UTF-8\?)/);
    for (const m of mails) expect(m.raw).toContain('auswertung-2026-04-13-2026-04-19.xlsx');

    // the attachment: the evaluation's figures, aggregates only
    const [zeile] = await asAll((tx) =>
      tx
        .select({ subject: mailOutbox.subject, anhaenge: mailOutbox.anhaenge, text: mailOutbox.text })
        .from(mailOutbox)
        .where(and(eq(mailOutbox.mandantId, mandantId), eq(mailOutbox.to, 'fuhrpark@musterstadt.example'))),
    );
    expect(zeile!.subject).toBe('Wöchentliche Auswertung 13.04.2026 – 19.04.2026');
    expect(zeile!.text).toContain('Nur zusammengefasste Zahlen');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(zeile!.anhaenge![0]!.base64, 'base64') as never);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('Auswertung');
    expect(sheet.getRow(1).getCell(3).value).toBe('2026-04-13 – 2026-04-19');
    const kennzahlen = sheet.getColumn(2).values.filter((v): v is string => typeof v === 'string');
    expect(kennzahlen).toContain('Ungedeckte Fahrzeug-Nachfrage');
    // no person of the tenant appears in the file
    const alles = JSON.stringify(sheet.getSheetValues());
    for (const name of ['Becker', 'Hoffmann', 'Wagner', '@musterstadt.example'])
      expect(alles).not.toContain(name);

    // the next day and a minute later: the week was sent
    expect(await runde(berlinInstant('2026-04-23', '10:00'))).toEqual([]);
    // the next Monday: the week 20–26 April
    const naechste = await runde(berlinInstant('2026-04-27', '00:30'));
    expect(naechste).toHaveLength(2);
    expect(naechste.every((m) => m.raw.includes('auswertung-2026-04-20-2026-04-26.xlsx'))).toBe(true);
  });

  it('monthly: the last full month', async () => {
    await setze('AuswertungMailRhythmus', 'monatlich');
    const mails = await runde(berlinInstant('2026-05-01', '07:00'));
    expect(mails).toHaveLength(2);
    expect(mails.every((m) => m.raw.includes('auswertung-2026-04-01-2026-04-30.xlsx'))).toBe(true);
    expect(await runde(berlinInstant('2026-05-02', '07:00'))).toEqual([]);
  });

  it('a library without vehicle booking is mailed only its place figures (decision 280)', async () => {
    const bibliothek = await fixtureMandant(server.database, {
      name: 'Bibliothek Beispielhausen',
      domain: 'beispielhausen.example',
      features: { FahrzeugBuchung: false },
      einstellungen: {
        AuswertungMailRhythmus: 'woechentlich',
        AuswertungMailEmpfaenger: JSON.stringify(['leitung@beispielhausen.example']),
      },
      rollen: { Leitung: ['auslastung_sehen', 'auswertung_sehen', 'objekt_pflege'] },
      benutzer: { leitung: { vorname: 'Michael', nachname: 'Fischer', rollen: ['Leitung'] } },
    });
    // Monday 4 May 2026: the library's week 27 April – 3 May is due (Musterstadt's April went out already)
    const mails = await runde(berlinInstant('2026-05-04', '10:00'));
    expect(mails.map((m) => m.to[0]!.toLowerCase())).toEqual(['leitung@beispielhausen.example']);
    const [zeile] = await asAll((tx) =>
      tx
        .select({ anhaenge: mailOutbox.anhaenge, text: mailOutbox.text })
        .from(mailOutbox)
        .where(eq(mailOutbox.mandantId, bibliothek.id)),
    );
    // the mail's lines and its Excel file name no figure of the fleet the library does not have
    expect(zeile!.text).not.toMatch(/Fahrzeug|Fahrt|Führerschein|Sonderfahrt/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(zeile!.anhaenge![0]!.base64, 'base64') as never);
    const kennzahlen = workbook.worksheets[0]!.getColumn(2).values.filter(
      (v): v is string => typeof v === 'string',
    );
    expect(kennzahlen).toContain('Plätze gebucht');
    expect(kennzahlen.filter((k) => /Fahrzeug|Fahrt|Führerschein|Sonderfahrt/.test(k))).toEqual([]);
  });
});
