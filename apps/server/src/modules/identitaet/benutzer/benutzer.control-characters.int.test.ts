import type { TApiError } from '@stellwerk/domain/api';
import { PERMISSION_NAMES } from '@stellwerk/domain/permissions';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs } from '../../../../test/fixtures/anmelden';
import type { FixtureBenutzer } from '../../../../test/fixtures/benutzer';
import { fixtureMandant } from '../../../../test/fixtures/mandant';
import { startTestServer, type TestServer, testDrivers } from '../../../../test/harness';
import { mailOutbox } from '../../plattform/mail/mail.public.ts';
import { benutzer } from './benutzer.table';

/**
 * A line break in a name ended up in mail texts. Text fields refuse control characters at the
 * schema: 400 with the catalogue's validation message, the field named in the params, nothing written.
 */
describe.each(testDrivers())('control characters in text fields on %s', (driver) => {
  let server: TestServer;
  let admin: string;
  let freigabe: FixtureBenutzer;
  beforeAll(async () => {
    server = await startTestServer({ driver, seed: false });
    // the administrator who creates users and names, and a user who edits their own profile
    const ms = await fixtureMandant(server.database, {
      name: 'Stadtwerke Musterstadt',
      domain: 'musterstadt.example',
      rollen: { Administration: PERMISSION_NAMES },
      benutzer: {
        admin: { vorname: 'Claudia', nachname: 'Wagner', rollen: ['Administration'] },
        freigabe: { vorname: 'Sabine', nachname: 'Krüger' },
      },
    });
    freigabe = ms.benutzer.freigabe;
    admin = await signInAs(server, ms.benutzer.admin);
  });
  afterAll(async () => {
    await server?.close();
  });

  const send = (method: string, path: string, body: unknown, cookie = admin) =>
    fetch(`${server.baseUrl}${path}`, {
      method,
      headers: { 'content-type': 'application/json', cookie, origin: server.baseUrl },
      body: JSON.stringify(body),
    });
  const countRows = async (table: string) =>
    Number(
      (
        (await server.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`))).rows[0] as {
          n: number;
        }
      ).n,
    );

  const expectRefused = async (response: Response, field: string) => {
    expect(response.status).toBe(400);
    const body = (await response.json()) as TApiError;
    expect(body.error.code).toBe('validation.failed');
    expect(body.error.message).toBe('Die Eingabe ist ungültig.');
    expect(String(body.error.params[field])).toMatch(/Steuerzeichen/);
  };

  it.each([
    [
      'CR/LF in the first name',
      { vorname: 'Erika\r\nBcc: alle@musterstadt.example', nachname: 'Muster' },
      'body.vorname',
    ],
    ['LF in the last name', { vorname: 'Erika', nachname: 'Muster\nmann' }, 'body.nachname'],
    ['a trailing line break', { vorname: 'Erika', nachname: 'Mustermann\n' }, 'body.nachname'],
    ['an escape character', { vorname: '\u001b[31mErika', nachname: 'Muster' }, 'body.vorname'],
    ['a C1 control', { vorname: 'Erika', nachname: 'Muster\u0085mann' }, 'body.nachname'],
  ])('a new user with %s is refused and nothing is written', async (_, names, field) => {
    const email = `steuerzeichen.${Math.random().toString(36).slice(2)}@musterstadt.example`;
    const [usersBefore, mailsBefore, auditBefore] = [
      await countRows('benutzer'),
      await countRows('mail_outbox'),
      await countRows('audit_log'),
    ];
    await expectRefused(await send('POST', '/api/admin/benutzer', { ...names, email, rolleIds: [] }), field);
    expect(await countRows('benutzer')).toBe(usersBefore);
    expect(await countRows('mail_outbox')).toBe(mailsBefore);
    expect(await countRows('audit_log')).toBe(auditBefore);
    expect(await server.database.db.select().from(benutzer).where(eq(benutzer.email, email))).toEqual([]);
    expect(await server.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).toEqual([]);
  });

  it('an e-mail address with a line break is refused', async () => {
    await expectRefused(
      await send('POST', '/api/admin/benutzer', {
        vorname: 'Erika',
        nachname: 'Muster',
        email: 'erika@musterstadt.example\r\nBcc: alle@musterstadt.example',
      }),
      'body.email',
    );
  });

  it('the own profile refuses a name with a line break and keeps the old one', async () => {
    const cookie = await signInAs(server, freigabe);
    const before = await server.database.db
      .select({ vorname: benutzer.vorname, nachname: benutzer.nachname })
      .from(benutzer)
      .where(eq(benutzer.email, 'freigabe@musterstadt.example'));
    await expectRefused(
      await send('PUT', '/api/me/profil', { vorname: 'Fritz\nX', nachname: 'Freigabe' }, cookie),
      'body.vorname',
    );
    const after = await server.database.db
      .select({ vorname: benutzer.vorname, nachname: benutzer.nachname })
      .from(benutzer)
      .where(eq(benutzer.email, 'freigabe@musterstadt.example'));
    expect(after).toEqual(before);
  });

  it('group, role, location and equipment names refuse line breaks too', async () => {
    const before = await Promise.all(['gruppe', 'rolle', 'standort', 'ausstattung'].map(countRows));
    await expectRefused(await send('POST', '/api/admin/gruppen', { name: 'Team\r\nB' }), 'body.name');
    await expectRefused(await send('POST', '/api/admin/rollen', { name: 'Rolle\nB' }), 'body.name');
    await expectRefused(await send('POST', '/api/admin/standorte', { name: 'Ort\nB' }), 'body.name');
    await expectRefused(await send('POST', '/api/admin/ausstattung', { name: 'Beamer\tB' }), 'body.name');
    expect(await Promise.all(['gruppe', 'rolle', 'standort', 'ausstattung'].map(countRows))).toEqual(before);
  });
});
