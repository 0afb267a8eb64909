import type { TApiError, TMe } from '@stellwerk/domain/api';
import type {
  TBenutzerDetail,
  TBenutzerList,
  TBenutzerOptionen,
  TRolle,
} from '@stellwerk/domain/identitaet/admin-benutzer.api';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs } from '../../../../test/fixtures/anmelden.ts';
import { fixtureMandant } from '../../../../test/fixtures/mandant.ts';
import { FIXTURE_PASSWORD } from '../../../../test/fixtures/passwort.ts';
import {
  ADMIN,
  ADMINISTRATION,
  ANDERER_MANDANT,
  PLATTFORM_ADMIN,
} from '../../../../test/fixtures/verwaltung.ts';
import { signIn, startTestServer, type TestServer, testDrivers } from '../../../../test/harness.ts';
import { leseraumBuchung } from '../../leseraum/leseraum-buchung/leseraum-buchung.public.ts';
import { auditLog } from '../../plattform/audit/audit.public.ts';
import { mailOutbox } from '../../plattform/mail/mail.public.ts';
import { session, user } from '../auth/auth.public.ts';
import { benutzer, benutzerGruppe, benutzerPermission, benutzerRolle } from './benutzer.table.ts';

type Call = { status: number; body: unknown };

const call = async (
  server: TestServer,
  cookie: string | undefined,
  method: string,
  path: string,
  body?: unknown,
): Promise<Call> => {
  const headers: Record<string, string> = { origin: server.baseUrl };
  if (cookie) headers.cookie = cookie;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
};

const codeOf = (c: Call) => (c.body as TApiError).error.code;

const newUser = (over: Record<string, unknown> = {}) => ({
  vorname: 'Erika',
  nachname: 'Mustermann',
  email: `erika.${Math.random().toString(36).slice(2, 8)}@musterstadt.example`,
  employeeId: 'MS-9001',
  status: 'aktiv',
  rolleIds: [],
  gruppeIds: [],
  permissions: [],
  ...over,
});

/** The invitation token from the newest mail to `email` in the outbox. */
const invitationToken = async (server: TestServer, email: string): Promise<string> => {
  const rows = await server.database.db
    .select({ text: mailOutbox.text, template: mailOutbox.template })
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email));
  const mail = rows.find((r) => r.template === 'einladung');
  const match = mail?.text.match(/\/auth\/confirm\?token=([A-Za-z0-9]+)/);
  if (!match?.[1]) throw new Error(`no invitation for ${email}`);
  return match[1];
};

const ALLE = 'Alle Mitarbeitenden';

/**
 * Musterstadt: seven people in the group "Alle Mitarbeitenden", which carries the role Mitarbeiter — the booker Lena
 * Hoffmann (who also holds Mitarbeiter herself), four colleagues, the administrator (employee number MS-1006) and the
 * platform administrator — and a reading room place a booking can take. Beispielhausen: its administrator
 * (user name admin.beispielhausen).
 */
const mandanten = async (server: TestServer) => ({
  ms: await fixtureMandant(server.database, {
    name: 'Stadtwerke Musterstadt',
    domain: 'musterstadt.example',
    standorte: { rathaus: { name: 'Verwaltung Rathausplatz', bundesland: 'NW' } },
    rollen: { Mitarbeiter: ['fahrzeug_buchen'], ...ADMINISTRATION },
    gruppen: { [ALLE]: { rollen: ['Mitarbeiter'] } },
    benutzer: {
      mitarbeiter: {
        vorname: 'Lena',
        nachname: 'Hoffmann',
        employeeId: 'MS-1001',
        rollen: ['Mitarbeiter'],
        gruppen: [ALLE],
      },
      fuhrpark: { vorname: 'Thomas', nachname: 'Becker', employeeId: 'MS-1002', gruppen: [ALLE] },
      freigabe: { vorname: 'Sabine', nachname: 'Krüger', employeeId: 'MS-1003', gruppen: [ALLE] },
      fuehrerschein: { vorname: 'Markus', nachname: 'Weber', employeeId: 'MS-1004', gruppen: [ALLE] },
      fahrzeugpflege: { vorname: 'Jonas', nachname: 'Schneider', employeeId: 'MS-1005', gruppen: [ALLE] },
      admin: { ...ADMIN, employeeId: 'MS-1006', gruppen: [ALLE] },
      plattform: { ...PLATTFORM_ADMIN, gruppen: [ALLE] },
    },
    grundrisse: {
      lernraum: { standort: 'rathaus', bezeichnung: 'Lernraum Verwaltung', plaetze: ['Platz 1'] },
    },
  }),
  bh: await fixtureMandant(server.database, ANDERER_MANDANT),
});

describe.each(testDrivers())('user administration on %s', (driver) => {
  let server: TestServer;
  let admin: string;
  let adminBh: string;
  let platzId: string;

  beforeAll(async () => {
    server = await startTestServer({ driver, seed: false });
    const { ms, bh } = await mandanten(server);
    admin = await signInAs(server, ms.benutzer.admin);
    adminBh = await signInAs(server, bh.benutzer.admin);
    platzId = ms.grundrisse.lernraum.plaetze[0]!.id;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('lists active users first, then by e-mail, with roles, groups and the total', async () => {
    const { id } = (
      await call(
        server,
        admin,
        'POST',
        '/api/admin/benutzer',
        newUser({ email: 'aaa.inaktiv@musterstadt.example', status: 'inaktiv' }),
      )
    ).body as TBenutzerDetail;
    const list = await call(server, admin, 'GET', '/api/admin/benutzer?limit=100');
    expect(list.status).toBe(200);
    const { items, total } = list.body as TBenutzerList;
    expect(total).toBe(items.length);
    const emails = items.map((i) => i.email);
    expect(emails.at(-1)).toBe('aaa.inaktiv@musterstadt.example');
    const active = items.filter((i) => i.status === 'aktiv').map((i) => i.email);
    expect(active).toEqual([...active].sort());
    expect(emails).not.toContain('admin@beispielhausen.example');
    const lena = items.find((i) => i.email === 'mitarbeiter@musterstadt.example');
    expect(lena?.rollen.map((r) => r.name)).toEqual(['Mitarbeiter']);
    expect(lena?.gruppen.map((g) => g.name)).toEqual(['Alle Mitarbeitenden']);
    expect((await call(server, admin, 'DELETE', `/api/admin/benutzer/${id}`)).status).toBe(204);
  });

  it('searches name, e-mail and employeeId, filters by role and pages', async () => {
    const byName = (await call(server, admin, 'GET', '/api/admin/benutzer?q=hoffm')).body as TBenutzerList;
    expect(byName.items.map((i) => i.email)).toEqual(['mitarbeiter@musterstadt.example']);
    const byEmployee = (await call(server, admin, 'GET', '/api/admin/benutzer?q=MS-1006'))
      .body as TBenutzerList;
    expect(byEmployee.items.map((i) => i.email)).toEqual(['admin@musterstadt.example']);
    const options = (await call(server, admin, 'GET', '/api/admin/benutzer/optionen'))
      .body as TBenutzerOptionen;
    const mitarbeiter = options.rollen.find((r) => r.name === 'Mitarbeiter')!;
    const withRole = (
      await call(server, admin, 'GET', `/api/admin/benutzer?rolleId=${mitarbeiter.id}&limit=100`)
    ).body as TBenutzerList;
    // Everyone is in "Alle Mitarbeitenden", which carries the role Mitarbeiter.
    expect(withRole.total).toBeGreaterThanOrEqual(6);
    const page = (
      await call(server, admin, 'GET', '/api/admin/benutzer?sort=nachname&dir=desc&limit=2&offset=1')
    ).body as TBenutzerList;
    expect(page.items).toHaveLength(2);
    expect(page.total).toBeGreaterThanOrEqual(7);
    const bad = await call(server, admin, 'GET', '/api/admin/benutzer?limit=100000');
    expect(bad.status).toBe(400);
  });

  it('a created user sets a password through the invitation link, signs in and holds exactly the role’s permissions', async () => {
    const rolle = (
      await call(server, admin, 'POST', '/api/admin/rollen', {
        name: 'Testrolle Einladung',
        permissions: [
          { name: 'fahrzeug_buchen', wert: 'true' },
          { name: 'objekt_pflege', wert: 'true' },
          { name: 'fahrzeug_pflege', wert: 'false' },
        ],
      })
    ).body as TRolle;
    const input = newUser({
      email: 'Neu.Person@Musterstadt.example',
      username: 'neu.person',
      rolleIds: [rolle.id],
    });
    const created = await call(server, admin, 'POST', '/api/admin/benutzer', input);
    expect(created.status).toBe(201);
    const detail = created.body as TBenutzerDetail;
    expect(detail).toMatchObject({
      email: 'neu.person@musterstadt.example',
      username: 'neu.person',
      status: 'aktiv',
      rollen: [{ id: rolle.id, name: 'Testrolle Einladung' }],
    });
    const [login] = await server.database.db.select().from(user).where(eq(user.id, detail.id));
    expect(login?.email).toBe('neu.person@musterstadt.example');
    const [row] = await server.database.db.select().from(benutzer).where(eq(benutzer.id, detail.id));
    expect(row?.authUserId).toBe(detail.id);

    await expect(
      signIn(server.baseUrl, 'neu.person@musterstadt.example', FIXTURE_PASSWORD),
    ).rejects.toThrow();
    const token = await invitationToken(server, 'neu.person@musterstadt.example');
    const reset = await fetch(`${server.baseUrl}/api/auth/reset-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.baseUrl },
      body: JSON.stringify({ token, newPassword: 'ein-neues-passwort' }),
    });
    expect(reset.status).toBe(200);
    const cookie = await signIn(server.baseUrl, 'neu.person@musterstadt.example', 'ein-neues-passwort');
    const me = (await call(server, cookie, 'GET', '/api/me')).body as TMe;
    expect([...me.permissions].sort()).toEqual(['fahrzeug_buchen', 'objekt_pflege']);
    expect(me.user.username).toBe('neu.person');
  });

  it('refuses an e-mail address taken in the tenant or by another tenant’s login at the field', async () => {
    for (const email of ['mitarbeiter@musterstadt.example', 'ADMIN@beispielhausen.example']) {
      const taken = await call(server, admin, 'POST', '/api/admin/benutzer', newUser({ email }));
      expect(taken.status).toBe(409);
      expect((taken.body as TApiError).error).toMatchObject({
        code: 'benutzer.email_vergeben',
        params: { email: email.toLowerCase(), field: 'email' },
      });
    }
    const name = await call(
      server,
      admin,
      'POST',
      '/api/admin/benutzer',
      newUser({ username: 'admin.beispielhausen' }),
    );
    expect(name.status).toBe(409);
    expect(codeOf(name)).toBe('benutzer.username_vergeben');
  });

  it('two parallel creates with one e-mail address: one user, the other answers the catalogue conflict', async () => {
    const input = newUser({ email: 'parallel@musterstadt.example' });
    const answers = await Promise.all(
      [1, 2, 3].map(() => call(server, admin, 'POST', '/api/admin/benutzer', input)),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
    for (const refused of answers.filter((a) => a.status === 409)) {
      expect(codeOf(refused)).toBe('benutzer.email_vergeben');
    }
  });

  it('bad input answers catalogue errors, never 500', async () => {
    const cases: unknown[] = [
      newUser({ email: 'keine-adresse' }),
      newUser({ vorname: '' }),
      newUser({ vorname: 'x'.repeat(201) }),
      newUser({ status: 'gesperrt' }),
      newUser({ rolleIds: ['nicht-uuid'] }),
      newUser({ permissions: [{ name: 'gibt_es_nicht', wert: 'true' }] }),
      newUser({ username: 'a b' }),
    ];
    for (const body of cases) {
      const answer = await call(server, admin, 'POST', '/api/admin/benutzer', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      // an unknown status is named with the spec's 'Status {x} unbekannt' (decision 128)
      const expected =
        (body as { status: string }).status === 'gesperrt' ? 'status.unbekannt' : 'validation.failed';
      expect(codeOf(answer)).toBe(expected);
    }
    const unknownRole = await call(
      server,
      admin,
      'POST',
      '/api/admin/benutzer',
      newUser({ rolleIds: [crypto.randomUUID()] }),
    );
    expect(unknownRole.status).toBe(400);
    expect((unknownRole.body as TApiError).error).toMatchObject({
      code: 'benutzer.rolle_unbekannt',
      params: { field: 'rolleIds' },
    });
    expect((await call(server, admin, 'GET', '/api/admin/benutzer/kein-uuid')).status).toBe(400);
    expect((await call(server, admin, 'GET', `/api/admin/benutzer/${crypto.randomUUID()}`)).status).toBe(404);
  });

  it('writes roles, groups and direct permissions through the link tables: added inserted, removed deleted', async () => {
    const options = (await call(server, admin, 'GET', '/api/admin/benutzer/optionen'))
      .body as TBenutzerOptionen;
    const [r1, r2, r3] = options.rollen;
    const gruppe = options.gruppen[0]!;
    const created = (
      await call(
        server,
        admin,
        'POST',
        '/api/admin/benutzer',
        newUser({
          rolleIds: [r1!.id, r2!.id],
          gruppeIds: [gruppe.id],
          permissions: [
            { name: 'buchung_pflege', wert: 'true' },
            { name: 'fahrzeug_pflege', wert: 'true' },
          ],
        }),
      )
    ).body as TBenutzerDetail;
    const updated = await call(server, admin, 'PUT', `/api/admin/benutzer/${created.id}`, {
      ...newUser({ email: created.email, vorname: 'Erika-Maria' }),
      rolleIds: [r2!.id, r3!.id],
      gruppeIds: [],
      permissions: [
        { name: 'buchung_pflege', wert: 'false' },
        { name: 'objekt_pflege', wert: 'true' },
      ],
    });
    expect(updated.status).toBe(200);
    const db = server.database.db;
    const rollen = await db
      .select({ id: benutzerRolle.rolleId })
      .from(benutzerRolle)
      .where(eq(benutzerRolle.benutzerId, created.id));
    expect(rollen.map((r) => r.id).sort()).toEqual([r2!.id, r3!.id].sort());
    const gruppen = await db.select().from(benutzerGruppe).where(eq(benutzerGruppe.benutzerId, created.id));
    expect(gruppen).toEqual([]);
    const grants = await db
      .select({ name: benutzerPermission.permissionName, wert: benutzerPermission.wert })
      .from(benutzerPermission)
      .where(eq(benutzerPermission.benutzerId, created.id));
    expect(grants.sort((a, b) => a.name.localeCompare(b.name))).toEqual([
      { name: 'buchung_pflege', wert: 'false' },
      { name: 'objekt_pflege', wert: 'true' },
    ]);
    const detail = (await call(server, admin, 'GET', `/api/admin/benutzer/${created.id}`))
      .body as TBenutzerDetail;
    expect(detail.vorname).toBe('Erika-Maria');
    expect(detail.permissions).toEqual([
      { name: 'buchung_pflege', wert: 'false' },
      { name: 'objekt_pflege', wert: 'true' },
    ]);
  });

  it('writes audit rows with old and new values for create, update and delete', async () => {
    const created = (await call(server, admin, 'POST', '/api/admin/benutzer', newUser()))
      .body as TBenutzerDetail;
    await call(
      server,
      admin,
      'PUT',
      `/api/admin/benutzer/${created.id}`,
      newUser({ email: created.email, nachname: 'Geändert' }),
    );
    expect((await call(server, admin, 'DELETE', `/api/admin/benutzer/${created.id}`)).status).toBe(204);
    const rows = await server.database.db
      .select({
        action: auditLog.action,
        oldValue: auditLog.oldValue,
        newValue: auditLog.newValue,
        mandantId: auditLog.mandantId,
      })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'benutzer'), eq(auditLog.entityId, created.id)))
      .orderBy(auditLog.at);
    expect(rows.map((r) => r.action)).toEqual(['create', 'update', 'delete']);
    expect(rows[1]?.oldValue).toMatchObject({ nachname: 'Mustermann' });
    expect(rows[1]?.newValue).toMatchObject({ nachname: 'Geändert' });
    expect(rows[2]?.oldValue).toMatchObject({ email: created.email });
    const [login] = await server.database.db.select().from(user).where(eq(user.id, created.id));
    expect(login).toBeUndefined();
  });

  it('refuses to delete a user with bookings (deactivate instead) and deactivation ends their sessions', async () => {
    const created = (await call(server, admin, 'POST', '/api/admin/benutzer', newUser()))
      .body as TBenutzerDetail;
    const token = await invitationToken(server, created.email);
    await fetch(`${server.baseUrl}/api/auth/reset-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.baseUrl },
      body: JSON.stringify({ token, newPassword: 'passwort-fuer-test' }),
    });
    const cookie = await signIn(server.baseUrl, created.email, 'passwort-fuer-test');
    expect((await call(server, cookie, 'GET', '/api/me')).status).toBe(200);

    await server.database.withAllTenants(async (tx) => {
      const [row] = await tx
        .select({ mandantId: benutzer.mandantId })
        .from(benutzer)
        .where(eq(benutzer.id, created.id));
      await tx.insert(leseraumBuchung).values({
        mandantId: row!.mandantId,
        leseraumId: platzId,
        von: new Date('2030-01-07T08:00:00Z'),
        bis: new Date('2030-01-07T10:00:00Z'),
        status: 'reserviert',
        systembenutzer1Mail: created.email,
      });
    });
    const refused = await call(server, admin, 'DELETE', `/api/admin/benutzer/${created.id}`);
    expect(refused.status).toBe(409);
    expect(codeOf(refused)).toBe('benutzer.hat_buchungen');

    const deactivated = await call(
      server,
      admin,
      'PUT',
      `/api/admin/benutzer/${created.id}`,
      newUser({ email: created.email, status: 'inaktiv' }),
    );
    expect(deactivated.status).toBe(200);
    const sessions = await server.database.db.select().from(session).where(eq(session.userId, created.id));
    expect(sessions).toEqual([]);
    // The administrative change dropped the tenant's cached session users: the session ends at once.
    expect((await call(server, cookie, 'GET', '/api/me')).status).toBe(401);
    await expect(signIn(server.baseUrl, created.email, 'passwort-fuer-test')).rejects.toThrow();
  });

  it('an administrator cannot deactivate or delete themself', async () => {
    const me = (await call(server, admin, 'GET', '/api/me')).body as TMe;
    const self = (await call(server, admin, 'GET', `/api/admin/benutzer/${me.user.id}`))
      .body as TBenutzerDetail;
    const deactivate = await call(server, admin, 'PUT', `/api/admin/benutzer/${self.id}`, {
      ...self,
      status: 'inaktiv',
      rolleIds: self.rollen.map((r) => r.id),
      gruppeIds: self.gruppen.map((g) => g.id),
    });
    expect(deactivate.status).toBe(409);
    expect(codeOf(deactivate)).toBe('benutzer.selbst_nicht_erlaubt');
    const remove = await call(server, admin, 'DELETE', `/api/admin/benutzer/${self.id}`);
    expect(remove.status).toBe(409);
    expect(codeOf(remove)).toBe('benutzer.selbst_nicht_erlaubt');
  });

  it('a tenant administrator cannot change or delete the platform administrator', async () => {
    const list = (await call(server, admin, 'GET', '/api/admin/benutzer?q=plattform@')).body as TBenutzerList;
    const platform = list.items[0]!;
    expect(platform.isPlatformAdmin).toBe(true);
    const takeover = await call(
      server,
      admin,
      'PUT',
      `/api/admin/benutzer/${platform.id}`,
      newUser({ email: 'mein.postfach@musterstadt.example' }),
    );
    expect(takeover.status).toBe(403);
    expect(codeOf(takeover)).toBe('benutzer.plattform_admin_geschuetzt');
    const remove = await call(server, admin, 'DELETE', `/api/admin/benutzer/${platform.id}`);
    expect(remove.status).toBe(403);
    const [login] = await server.database.db.select().from(user).where(eq(user.id, platform.id));
    expect(login?.email).toBe('plattform@stellwerk.example');
  });

  it('another tenant’s user answers 404 on GET, PUT and DELETE and is left unchanged', async () => {
    const list = (await call(server, admin, 'GET', '/api/admin/benutzer?q=mitarbeiter@musterstadt'))
      .body as TBenutzerList;
    const lena = list.items[0]!;
    expect((await call(server, adminBh, 'GET', `/api/admin/benutzer/${lena.id}`)).status).toBe(404);
    const put = await call(
      server,
      adminBh,
      'PUT',
      `/api/admin/benutzer/${lena.id}`,
      newUser({ email: 'uebernommen@beispielhausen.example' }),
    );
    expect(put.status).toBe(404);
    expect(codeOf(put)).toBe('not_found');
    expect((await call(server, adminBh, 'DELETE', `/api/admin/benutzer/${lena.id}`)).status).toBe(404);
    const after = (await call(server, admin, 'GET', `/api/admin/benutzer/${lena.id}`))
      .body as TBenutzerDetail;
    expect(after.email).toBe('mitarbeiter@musterstadt.example');
    // Another tenant's role cannot be given to one's own user either.
    const roleOfA = lena.rollen[0]!.id;
    const foreign = await call(
      server,
      adminBh,
      'POST',
      '/api/admin/benutzer',
      newUser({ email: 'x@beispielhausen.example', rolleIds: [roleOfA] }),
    );
    expect(foreign.status).toBe(400);
    expect(codeOf(foreign)).toBe('benutzer.rolle_unbekannt');
    const count = await server.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(benutzer)
      .where(eq(benutzer.email, 'x@beispielhausen.example'));
    expect(count[0]?.n).toBe(0);
  });
});
