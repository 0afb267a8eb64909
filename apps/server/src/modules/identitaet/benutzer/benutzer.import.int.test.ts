import type { TApiError } from '@stellwerk/domain/api';
import { PERMISSION_NAMES } from '@stellwerk/domain/permissions';
import type {
  TBenutzerImportFailure,
  TBenutzerImportPreview,
  TBenutzerList,
} from '@stellwerk/domain/identitaet/admin-benutzer.api';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs } from '../../../../test/fixtures/anmelden.ts';
import { fixtureMandant } from '../../../../test/fixtures/mandant.ts';
import { startTestServer, type TestServer, testDrivers } from '../../../../test/harness.ts';
import { auditLog } from '../../plattform/audit/audit.public.ts';
import { mailOutbox } from '../../plattform/mail/mail.public.ts';
import { user } from '../auth/auth.public.ts';
import { benutzer } from './benutzer.table.ts';

const postJson = async (server: TestServer, cookie: string, path: string, body: unknown) => {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method: 'POST',
    headers: { cookie, origin: server.baseUrl, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as unknown };
};

const postFile = async (server: TestServer, cookie: string, path: string, content: string | Uint8Array) => {
  const form = new FormData();
  form.append(
    'file',
    new Blob([typeof content === 'string' ? content : new Uint8Array(content)], { type: 'text/csv' }),
    'benutzer.csv',
  );
  const response = await fetch(`${server.baseUrl}${path}`, {
    method: 'POST',
    headers: { cookie, origin: server.baseUrl },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as unknown };
};

/** Rows that a write would add: users, logins, mails, audit entries. */
const counts = async (server: TestServer) => {
  const db = server.database.db;
  const one = async (table: typeof benutzer | typeof user | typeof mailOutbox | typeof auditLog) =>
    (await db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;
  return {
    benutzer: await one(benutzer),
    user: await one(user),
    mails: await one(mailOutbox),
    audit: await one(auditLog),
  };
};

const GOOD = [
  '\uFEFFvorname;nachname;email;employeeId;rollen;gruppen',
  'Jana;Import;jana.import@musterstadt.example;MS-7001;Mitarbeiter|Freigabe;Alle Mitarbeitenden',
  '"Kai ""KJ""";"Import; Jr.";kai.import@musterstadt.example;;;',
].join('\r\n');

describe.each(testDrivers())('CSV import of users on %s', (driver) => {
  let server: TestServer;
  let admin: string;
  beforeAll(async () => {
    server = await startTestServer({ driver, seed: false });
    // the roles and the group the file names, the administrator who imports and a user whose address is taken
    const ms = await fixtureMandant(server.database, {
      name: 'Stadtwerke Musterstadt',
      domain: 'musterstadt.example',
      einstellungen: { Sprache: 'de' },
      rollen: {
        Mitarbeiter: ['fahrzeug_buchen'],
        Freigabe: ['fahrzeug_freigabe_von_sonderfahrten', 'fahrzeug_buchen'],
        Administration: PERMISSION_NAMES,
      },
      gruppen: { 'Alle Mitarbeitenden': { rollen: ['Mitarbeiter'] } },
      benutzer: {
        admin: { vorname: 'Claudia', nachname: 'Wagner', rollen: ['Administration'] },
        mitarbeiter: { vorname: 'Lena', nachname: 'Hoffmann', rollen: ['Mitarbeiter'] },
      },
    });
    admin = await signInAs(server, ms.benutzer.admin);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('the preview checks every row and writes nothing', async () => {
    const before = await counts(server);
    const csv = [
      'vorname,nachname,email,rollen',
      'Ok,Person,ok.person@musterstadt.example,Mitarbeiter',
      ',Ohne,ohne.vorname@musterstadt.example,',
      'Schon,Da,mitarbeiter@musterstadt.example,',
      'Fremd,Rolle,fremd@musterstadt.example,Chef',
      'Doppelt,Person,OK.person@musterstadt.example,',
    ].join('\n');
    const preview = await postJson(server, admin, '/api/admin/benutzer/import/preview', { csv });
    expect(preview.status).toBe(200);
    const { rows, summary } = preview.body as TBenutzerImportPreview;
    expect(summary).toEqual({ total: 5, valid: 1, invalid: 4 });
    expect(rows.map((r) => [r.row, r.errors.map((e) => `${e.field}:${e.code}`)])).toEqual([
      [2, []],
      [3, ['vorname:validation.pflichtfelder']],
      [4, ['email:benutzer.email_vergeben']],
      [5, ['rollen:benutzer.rolle_unbekannt']],
      [6, ['email:import.email_doppelt']],
    ]);
    expect(rows[2]?.errors[0]?.message).toBe(
      'Die E-Mail-Adresse mitarbeiter@musterstadt.example ist bereits vergeben.',
    );
    expect(await counts(server)).toEqual(before);
  });

  it('the preview reads a multipart file with BOM, CRLF and quoted fields', async () => {
    const preview = await postFile(server, admin, '/api/admin/benutzer/import/preview', GOOD);
    expect(preview.status).toBe(200);
    const { rows, summary } = preview.body as TBenutzerImportPreview;
    expect(summary).toEqual({ total: 2, valid: 2, invalid: 0 });
    expect(rows[0]?.data).toEqual({
      vorname: 'Jana',
      nachname: 'Import',
      email: 'jana.import@musterstadt.example',
      employeeId: 'MS-7001',
      rollen: ['Mitarbeiter', 'Freigabe'],
      gruppen: ['Alle Mitarbeitenden'],
    });
    expect(rows[1]?.data).toMatchObject({ vorname: 'Kai "KJ"', nachname: 'Import; Jr.' });
  });

  it('an import with any bad row answers 400 with the rows and writes nothing', async () => {
    const before = await counts(server);
    const csv = `${GOOD}\nKaputt;Zeile;keine-adresse;;;`;
    const answer = await postFile(server, admin, '/api/admin/benutzer/import', csv);
    expect(answer.status).toBe(400);
    const failure = answer.body as TBenutzerImportFailure;
    expect(failure.error.code).toBe('import.zeilen_fehlerhaft');
    expect(failure.error.message).toBe('1 Zeile der CSV-Datei ist fehlerhaft; es wurde nichts importiert.');
    expect(failure.summary).toEqual({ total: 3, valid: 2, invalid: 1 });
    expect(failure.rows[2]?.errors.map((e) => e.code)).toEqual(['benutzer.email_ungueltig']);
    expect(await counts(server)).toEqual(before);
  });

  it.each<[string, string, string]>([
    ['an empty file', '', 'import.datei_leer'],
    ['a wrong header', 'name;mail\nA;b@x.example', 'import.kopfzeile_ungueltig'],
    ['an unclosed quote', 'vorname;nachname;email\n"A;B;c@x.example', 'import.anfuehrungszeichen_offen'],
  ])('an unreadable file (%s) answers 400 and writes nothing', async (_name, csv, code) => {
    const before = await counts(server);
    for (const path of ['/api/admin/benutzer/import/preview', '/api/admin/benutzer/import']) {
      const answer = await postJson(server, admin, path, { csv });
      expect(answer.status).toBe(400);
      expect((answer.body as TApiError).error.code).toBe(code);
    }
    expect(await counts(server)).toEqual(before);
  });

  it('a file that is not UTF-8 or a body without csv answers 400', async () => {
    const latin1 = new Uint8Array([0x76, 0x3b, 0x6e, 0x3b, 0x65, 0x0a, 0xfc, 0x3b, 0x78, 0x3b, 0x79]);
    const notUtf8 = await postFile(server, admin, '/api/admin/benutzer/import/preview', latin1);
    expect(notUtf8.status).toBe(400);
    expect((notUtf8.body as TApiError).error.message).toBe(
      'Fehler beim Hochladen der Datei: Die Datei ist nicht in UTF-8 kodiert.',
    );
    const noCsv = await postJson(server, admin, '/api/admin/benutzer/import/preview', { text: 'x' });
    expect(noCsv.status).toBe(400);
    expect((noCsv.body as TApiError).error.code).toBe('validation.failed');
  });

  it('a valid import creates every user with login, roles, groups, invitation mail and audit entry', async () => {
    const before = await counts(server);
    const answer = await postFile(server, admin, '/api/admin/benutzer/import', GOOD);
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({ created: 2 });
    const after = await counts(server);
    expect(after).toEqual({
      benutzer: before.benutzer + 2,
      user: before.user + 2,
      mails: before.mails + 2,
      audit: before.audit + 2,
    });
    const list = (await (
      await fetch(`${server.baseUrl}/api/admin/benutzer?q=jana.import`, { headers: { cookie: admin } })
    ).json()) as TBenutzerList;
    expect(list.items[0]?.rollen.map((r) => r.name)).toEqual(['Freigabe', 'Mitarbeiter']);
    expect(list.items[0]?.gruppen.map((g) => g.name)).toEqual(['Alle Mitarbeitenden']);
    const mails = await server.database.db
      .select({ template: mailOutbox.template, subject: mailOutbox.subject })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, 'kai.import@musterstadt.example')));
    expect(mails).toEqual([{ template: 'einladung', subject: 'Einladung zu Stellwerk' }]);
    // The same file again: every address is taken now.
    const again = await postFile(server, admin, '/api/admin/benutzer/import', GOOD);
    expect(again.status).toBe(400);
    expect((again.body as TBenutzerImportFailure).summary.invalid).toBe(2);
  });
});
