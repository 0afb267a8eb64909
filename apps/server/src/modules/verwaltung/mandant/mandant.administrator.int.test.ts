import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { TApiError, TMe } from '@stellwerk/domain/api';
import type { TBenutzerList } from '@stellwerk/domain/identitaet/admin-benutzer.api';
import { PERMISSION_NAMES } from '@stellwerk/domain/permissions';
import type { TMandant, TMandantAdministrator } from '@stellwerk/domain/verwaltung/admin-stammdaten.api';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs } from '../../../../test/fixtures/anmelden.ts';
import { fixtureMandant } from '../../../../test/fixtures/mandant.ts';
import { ADMIN, ADMINISTRATION, PLATTFORM_ADMIN } from '../../../../test/fixtures/verwaltung.ts';
import { signIn, startTestServer, type TestServer, testDrivers } from '../../../../test/harness.ts';
import { benutzer, benutzerRolle } from '../../identitaet/benutzer/benutzer.public.ts';
import { rolle, rollePermission } from '../../identitaet/rolle/rolle.public.ts';
import { auditLog } from '../../plattform/audit/audit.public.ts';
import { mailOutbox } from '../../plattform/mail/mail.public.ts';

type Call = { status: number; body: unknown };

const call = async (
  server: TestServer,
  cookie: string | null,
  method: string,
  urlPath: string,
  body?: unknown,
): Promise<Call> => {
  const response = await fetch(`${server.baseUrl}${urlPath}`, {
    method,
    headers: {
      origin: server.baseUrl,
      ...(cookie ? { cookie } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
};

const errorOf = (c: Call) => (c.body as TApiError).error;

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const uploadLogo = (server: TestServer, cookie: string) => {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(PNG)]), 'logo.png');
  return fetch(`${server.baseUrl}/api/mandant/logo`, { method: 'POST', headers: { cookie }, body: form });
};

/** The invitation link's token from the newest invitation to `email` in the outbox. */
const invitation = async (server: TestServer, email: string) => {
  const rows = await server.database.db
    .select({ text: mailOutbox.text, mandantId: mailOutbox.mandantId })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email), eq(mailOutbox.template, 'einladung')));
  const token = rows.at(-1)?.text.match(/\/auth\/confirm\?token=([A-Za-z0-9]+)/)?.[1];
  if (!token) throw new Error(`no invitation for ${email}`);
  return { token, mandantId: rows.at(-1)!.mandantId, count: rows.length };
};

const setPassword = (server: TestServer, token: string, newPassword: string) =>
  fetch(`${server.baseUrl}/api/auth/reset-password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.baseUrl },
    body: JSON.stringify({ token, newPassword }),
  });

/**
 * The tenant besides the new one: Stadtwerke Musterstadt with its administrator Claudia Wagner (user name
 * admin.musterstadt), a booker whose e-mail is taken, the platform administrator, and a vehicle whose photo (a stored
 * file in bucket `fahrzeuge`, uploaded as the fleet administration does) must outlive the other tenant's deletion.
 */
const musterstadt = async (server: TestServer) => {
  const ms = await fixtureMandant(server.database, {
    name: 'Stadtwerke Musterstadt',
    domain: 'musterstadt.example',
    standorte: { nord: { name: 'Betriebshof Nord', bundesland: 'NW' } },
    rollen: { Mitarbeiter: ['fahrzeug_buchen'], ...ADMINISTRATION },
    benutzer: {
      mitarbeiter: { vorname: 'Lena', nachname: 'Hoffmann', rollen: ['Mitarbeiter'] },
      admin: ADMIN,
      plattform: PLATTFORM_ADMIN,
    },
    fahrzeuge: { id3: { standort: 'nord', kennzeichen: 'MS-SW 101' } },
  });
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(PNG)]), 'id3.png');
  const foto = await fetch(`${server.baseUrl}/api/admin/fahrzeuge/${ms.fahrzeuge.id3}/bild`, {
    method: 'POST',
    headers: { origin: server.baseUrl, cookie: await signInAs(server, ms.benutzer.admin) },
    body: form,
  });
  expect(foto.status).toBe(201);
  return ms;
};

describe.each(testDrivers())('administrators of a new tenant on %s', (driver) => {
  let server: TestServer;
  let platform: string;
  let tenant: TMandant;
  let administrator: TMandantAdministrator;
  let adminCookie: string;
  let ms: Awaited<ReturnType<typeof musterstadt>>;
  const adminsPath = () => `/api/admin/mandanten/${tenant.id}/administratoren`;
  const storageDir = (bucket: string, mandantId: string) =>
    path.join(server.config.dataDir, 'storage', bucket, mandantId);

  const rollenOf = (mandantId: string) =>
    server.database.db
      .select({ id: rolle.id, name: rolle.name })
      .from(rolle)
      .where(eq(rolle.mandantId, mandantId));

  beforeAll(async () => {
    server = await startTestServer({ driver, seed: false });
    ms = await musterstadt(server);
    platform = await signInAs(server, ms.benutzer.plattform);
    const created = await call(server, platform, 'POST', '/api/admin/mandanten', {
      name: 'Gemeinde Talheim',
      domains: ['talheim.example'],
    });
    expect(created.status).toBe(201);
    tenant = created.body as TMandant;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('is for platform administrators only: 401 without a session, 403 for a tenant administrator', async () => {
    const body = { vorname: 'Tina', nachname: 'Thal', email: 'tina@talheim.example' };
    expect((await call(server, null, 'POST', adminsPath(), body)).status).toBe(401);
    const tenantAdmin = await signInAs(server, ms.benutzer.admin);
    const refused = await call(server, tenantAdmin, 'POST', adminsPath(), body);
    expect(refused.status).toBe(403);
    expect(errorOf(refused).code).toBe('guard.no_plattform_admin');
    // Refused before validation: an invalid body is still 403.
    expect((await call(server, tenantAdmin, 'POST', adminsPath(), {})).status).toBe(403);
    expect(await rollenOf(tenant.id)).toEqual([]);
  });

  it('answers 404 for a tenant that does not exist and 400 for an invalid body', async () => {
    const unknown = await call(
      server,
      platform,
      'POST',
      `/api/admin/mandanten/${randomUUID()}/administratoren`,
      {
        vorname: 'Tina',
        nachname: 'Thal',
        email: 'tina@talheim.example',
      },
    );
    expect(unknown.status).toBe(404);
    const invalid = await call(server, platform, 'POST', adminsPath(), {
      vorname: '',
      nachname: 'Thal',
      email: 'keine-adresse',
    });
    expect(invalid.status).toBe(400);
  });

  it('refuses an e-mail or user name in use (another tenant’s) at the field and writes nothing', async () => {
    const email = await call(server, platform, 'POST', adminsPath(), {
      vorname: 'Tina',
      nachname: 'Thal',
      email: 'Mitarbeiter@Musterstadt.example',
    });
    expect(email.status).toBe(409);
    expect(errorOf(email)).toMatchObject({
      code: 'benutzer.email_vergeben',
      params: { field: 'email', email: 'mitarbeiter@musterstadt.example' },
    });
    const username = await call(server, platform, 'POST', adminsPath(), {
      vorname: 'Tina',
      nachname: 'Thal',
      email: 'tina@talheim.example',
      username: 'admin.musterstadt',
    });
    expect(username.status).toBe(409);
    expect(errorOf(username)).toMatchObject({
      code: 'benutzer.username_vergeben',
      params: { field: 'username' },
    });
    // The transaction rolled back: no role, no user, no mail.
    expect(await rollenOf(tenant.id)).toEqual([]);
    const users = await server.database.db
      .select({ id: benutzer.id })
      .from(benutzer)
      .where(eq(benutzer.mandantId, tenant.id));
    expect(users).toEqual([]);
    await expect(invitation(server, 'tina@talheim.example')).rejects.toThrow('no invitation');
  });

  it('creates the first administrator: role "Administration" with all permissions, login, invitation, audit', async () => {
    const response = await call(server, platform, 'POST', adminsPath(), {
      vorname: ' Tina ',
      nachname: 'Thal',
      email: ' Tina.Thal@Talheim.example ',
      username: 'Tina.Thal',
    });
    expect(response.status).toBe(201);
    administrator = response.body as TMandantAdministrator;
    expect(administrator).toEqual({
      id: expect.any(String),
      email: 'tina.thal@talheim.example',
      vorname: 'Tina',
      nachname: 'Thal',
    });

    const [row] = await server.database.db
      .select({ mandantId: benutzer.mandantId, status: benutzer.status, username: benutzer.username })
      .from(benutzer)
      .where(eq(benutzer.id, administrator.id));
    expect(row).toEqual({ mandantId: tenant.id, status: 'aktiv', username: 'tina.thal' });
    const rollen = await rollenOf(tenant.id);
    expect(rollen.map((r) => r.name)).toEqual(['Administration']);
    const grants = await server.database.db
      .select({ name: rollePermission.permissionName, wert: rollePermission.wert })
      .from(rollePermission)
      .where(eq(rollePermission.rolleId, rollen[0]!.id));
    expect(grants.map((g) => g.name).sort()).toEqual([...PERMISSION_NAMES].sort());
    expect(new Set(grants.map((g) => g.wert))).toEqual(new Set(['true']));

    const audit = await server.database.db
      .select({ mandantId: auditLog.mandantId, action: auditLog.action, newValue: auditLog.newValue })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'mandant.administrator'), eq(auditLog.entityId, tenant.id)));
    expect(audit).toEqual([
      {
        mandantId: null,
        action: 'create',
        newValue: {
          benutzer: { ...administrator, username: 'tina.thal' },
          rolle: {
            id: rollen[0]!.id,
            name: 'Administration',
            angelegt: true,
            ergaenzt: [...PERMISSION_NAMES],
          },
        },
      },
    ]);
    const mail = await invitation(server, administrator.email);
    expect(mail.mandantId).toBe(tenant.id);

    const listed = (await call(server, platform, 'GET', '/api/admin/mandanten')).body as TMandant[];
    expect(listed.find((m) => m.id === tenant.id)?.benutzerAnzahl).toBe(1);
  });

  it('the invitation sets a password; the new administrator administers their tenant only', async () => {
    const { token } = await invitation(server, administrator.email);
    expect((await setPassword(server, token, 'talheim-passwort-1')).status).toBe(200);
    adminCookie = await signIn(server.baseUrl, administrator.email, 'talheim-passwort-1');

    const me = await call(server, adminCookie, 'GET', '/api/me');
    expect(me.status).toBe(200);
    const body = me.body as TMe;
    expect(body.user).toMatchObject({ id: administrator.id, mandantId: tenant.id, isPlatformAdmin: false });
    expect(body.mandant).toMatchObject({
      id: tenant.id,
      name: 'Gemeinde Talheim',
      domains: ['talheim.example'],
    });
    expect([...body.permissions].sort()).toEqual([...PERMISSION_NAMES].sort());
    expect(body.rights.admin).toBe(true);

    const list = await call(server, adminCookie, 'GET', '/api/admin/benutzer?limit=200');
    expect(list.status).toBe(200);
    const { items, total } = list.body as TBenutzerList;
    expect(total).toBe(1);
    expect(items.map((i) => i.email)).toEqual([administrator.email]);
    expect(items[0]!.rollen.map((r) => r.name)).toEqual(['Administration']);

    const other = ms.benutzer.admin;
    expect((await call(server, adminCookie, 'GET', `/api/admin/benutzer/${other.id}`)).status).toBe(404);
    expect((await call(server, adminCookie, 'GET', '/api/admin/mandanten')).status).toBe(403);
  });

  it('a further administrator reuses the role and restores permissions it lost', async () => {
    const [role] = await rollenOf(tenant.id);
    await server.database.withAllTenants((tx) =>
      tx
        .delete(rollePermission)
        .where(
          and(eq(rollePermission.rolleId, role!.id), eq(rollePermission.permissionName, 'benutzer_pflegen')),
        ),
    );
    await server.database.withAllTenants((tx) =>
      tx
        .update(rollePermission)
        .set({ wert: 'false' })
        .where(
          and(eq(rollePermission.rolleId, role!.id), eq(rollePermission.permissionName, 'objekt_pflege')),
        ),
    );
    const response = await call(server, platform, 'POST', adminsPath(), {
      vorname: 'Tom',
      nachname: 'Thal',
      email: 'tom.thal@talheim.example',
    });
    expect(response.status).toBe(201);
    const second = response.body as TMandantAdministrator;
    expect(await rollenOf(tenant.id)).toEqual([role]);
    const grants = await server.database.db
      .select({ name: rollePermission.permissionName, wert: rollePermission.wert })
      .from(rollePermission)
      .where(eq(rollePermission.rolleId, role!.id));
    expect(grants).toHaveLength(PERMISSION_NAMES.length);
    expect(grants.every((g) => g.wert === 'true')).toBe(true);
    const holders = await server.database.db
      .select({ benutzerId: benutzerRolle.benutzerId })
      .from(benutzerRolle)
      .where(eq(benutzerRolle.rolleId, role!.id));
    expect(holders.map((h) => h.benutzerId).sort()).toEqual([administrator.id, second.id].sort());
    const [audit] = await server.database.db
      .select({ newValue: auditLog.newValue })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'mandant.administrator'), eq(auditLog.entityId, tenant.id)))
      .orderBy(auditLog.at)
      .offset(1);
    expect((audit!.newValue as { rolle: unknown }).rolle).toEqual({
      id: role!.id,
      name: 'Administration',
      angelegt: false,
      ergaenzt: ['benutzer_pflegen', 'objekt_pflege'],
    });
  });

  it('parallel requests for one tenant create both administrators with one role', async () => {
    const [role] = await rollenOf(tenant.id);
    const responses = await Promise.all(
      ['ina', 'jan'].map((v) =>
        call(server, platform, 'POST', adminsPath(), {
          vorname: v,
          nachname: 'Thal',
          email: `${v}.thal@talheim.example`,
        }),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual([201, 201]);
    expect(await rollenOf(tenant.id)).toEqual([role]);
  });

  it('deleting the tenant removes its stored files after the commit and nothing of other tenants', async () => {
    expect((await uploadLogo(server, adminCookie)).status).toBe(201);
    expect(existsSync(storageDir('logos', tenant.id))).toBe(true);
    const musterstadtLogo = await uploadLogo(server, await signInAs(server, ms.benutzer.admin));
    expect(musterstadtLogo.status).toBe(201);

    const wrongName = await call(server, platform, 'DELETE', `/api/admin/mandanten/${tenant.id}`, {
      confirmName: 'Talheim',
    });
    expect(wrongName.status).toBe(400);
    expect(existsSync(storageDir('logos', tenant.id))).toBe(true);

    const deleted = await call(server, platform, 'DELETE', `/api/admin/mandanten/${tenant.id}`, {
      confirmName: 'Gemeinde Talheim',
    });
    expect(deleted.status).toBe(204);
    for (const bucket of ['logos', 'datenschutz', 'grundrisse', 'fahrzeuge'])
      expect(existsSync(storageDir(bucket, tenant.id))).toBe(false);
    expect(existsSync(storageDir('logos', ms.id))).toBe(true);
    expect(existsSync(storageDir('fahrzeuge', ms.id))).toBe(true);

    const signInAgain = await fetch(`${server.baseUrl}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.baseUrl },
      body: JSON.stringify({ email: administrator.email, password: 'talheim-passwort-1' }),
    });
    expect(signInAgain.ok).toBe(false);
  });
});
