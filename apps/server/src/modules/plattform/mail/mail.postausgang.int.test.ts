import type { TApiError } from '@stellwerk/domain/api';
import { PERMISSION_NAMES } from '@stellwerk/domain/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs } from '../../../../test/fixtures/anmelden';
import { fixtureMandant } from '../../../../test/fixtures/mandant';
import { startTestServer, type TestServer, testDrivers } from '../../../../test/harness';
import { enqueueMail } from './mail.service';

type Page = {
  items: { to: string; subject: string; status: string; attempts: number; createdAt: string }[];
  total: number;
};

describe.each(testDrivers())('GET /api/admin/postausgang on %s', (driver) => {
  let server: TestServer;
  let admin: string;
  let employee: string;
  beforeAll(async () => {
    server = await startTestServer({ driver, seed: false });
    // the tenant with its administrator and an employee without admin rights, and another tenant
    const musterstadt = await fixtureMandant(server.database, {
      name: 'Stadtwerke Musterstadt',
      domain: 'musterstadt.example',
      rollen: { Mitarbeiter: ['fahrzeug_buchen'], Administration: PERMISSION_NAMES },
      benutzer: {
        admin: { vorname: 'Claudia', nachname: 'Wagner', rollen: ['Administration'] },
        mitarbeiter: { vorname: 'Lena', nachname: 'Hoffmann', rollen: ['Mitarbeiter'] },
      },
    });
    const beispielhausen = await fixtureMandant(server.database, {
      name: 'Bibliothek Beispielhausen',
      domain: 'beispielhausen.example',
    });
    admin = await signInAs(server, musterstadt.benutzer.admin);
    employee = await signInAs(server, musterstadt.benutzer.mitarbeiter);
    const a = musterstadt.id;
    const b = beispielhausen.id;
    await server.database.withAllTenants(async (tx) => {
      for (const [mandantId, to] of [
        [a, 'erika@musterstadt.example'],
        [a, 'max@musterstadt.example'],
        [b, 'geheim@beispielhausen.example'],
      ] as const) {
        await enqueueMail(tx, {
          mandantId,
          to,
          template: 'passwort_zuruecksetzen',
          language: 'de',
          params: { name: 'N', url: 'https://x.example/auth/confirm?token=t' },
        });
      }
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  const get = (path: string, cookie: string) => fetch(`${server.baseUrl}${path}`, { headers: { cookie } });

  it("an administrator sees the tenant's mails only, newest first, with the total", async () => {
    const response = await get('/api/admin/postausgang', admin);
    expect(response.status).toBe(200);
    const page = (await response.json()) as Page;
    const recipients = page.items.map((m) => m.to);
    expect(recipients).toContain('erika@musterstadt.example');
    expect(recipients).not.toContain('geheim@beispielhausen.example');
    expect(page.total).toBe(page.items.length);
    expect(page.items[0]).toMatchObject({ subject: 'Passwort zurücksetzen', status: 'pending', attempts: 0 });
    expect(typeof page.items[0]?.createdAt).toBe('string');
  });

  it('limit, offset and status filter the list', async () => {
    const cookie = admin;
    const one = (await (await get('/api/admin/postausgang?limit=1', cookie)).json()) as Page;
    expect(one.items).toHaveLength(1);
    expect(one.total).toBeGreaterThanOrEqual(2);
    const sent = (await (await get('/api/admin/postausgang?status=sent', cookie)).json()) as Page;
    expect(sent.items).toEqual([]);
  });

  it('an employee without admin rights is refused', async () => {
    const response = await get('/api/admin/postausgang', employee);
    expect(response.status).toBe(403);
    expect(((await response.json()) as TApiError).error.code).toBe('guard.no_admin');
  });
});
