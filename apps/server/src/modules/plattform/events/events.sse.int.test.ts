import { PERMISSION_NAMES } from '@stellwerk/domain/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream } from '../../../../test/event-stream';
import { signInAs } from '../../../../test/fixtures/anmelden';
import { fixtureMandant } from '../../../../test/fixtures/mandant';
import { startTestServer, type TestServer, testDrivers } from '../../../../test/harness';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** Two tenants: the one whose administrator uploads a logo, with an employee, and another one with an employee. */
const zweiMandanten = async (server: TestServer) => {
  const musterstadt = await fixtureMandant(server.database, {
    name: 'Stadtwerke Musterstadt',
    domain: 'musterstadt.example',
    rollen: { Mitarbeiter: [], Administration: PERMISSION_NAMES },
    benutzer: {
      admin: { vorname: 'Claudia', nachname: 'Wagner', rollen: ['Administration'] },
      mitarbeiter: { vorname: 'Lena', nachname: 'Hoffmann', rollen: ['Mitarbeiter'] },
    },
  });
  const beispielhausen = await fixtureMandant(server.database, {
    name: 'Bibliothek Beispielhausen',
    domain: 'beispielhausen.example',
    rollen: { Mitarbeiter: [] },
    benutzer: { mitarbeiter: { vorname: 'Anna', nachname: 'Schulz', rollen: ['Mitarbeiter'] } },
  });
  return { musterstadt, beispielhausen };
};

describe.each(testDrivers())('GET /api/events on %s', (driver) => {
  let server: TestServer;
  let admin: string;
  let employeeA: string;
  let employeeB: string;
  beforeAll(async () => {
    server = await startTestServer({ driver, seed: false });
    const { musterstadt, beispielhausen } = await zweiMandanten(server);
    // Sign in once per user: better-auth rate-limits sign-ins per address.
    admin = await signInAs(server, musterstadt.benutzer.admin);
    employeeA = await signInAs(server, musterstadt.benutzer.mitarbeiter);
    employeeB = await signInAs(server, beispielhausen.benutzer.mitarbeiter);
  });
  afterAll(async () => {
    await server?.close();
  });

  it("a client of the tenant gets a mandant event after an admin's logo upload; a client of the other tenant does not", async () => {
    const same = await openEventStream(`${server.baseUrl}/api/events`, employeeA);
    const other = await openEventStream(`${server.baseUrl}/api/events`, employeeB);
    try {
      expect(same.status).toBe(200);
      expect(same.headers.get('content-type')).toMatch(/^text\/event-stream/);
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(PNG)]), 'logo.png');
      const upload = await fetch(`${server.baseUrl}/api/mandant/logo`, {
        method: 'POST',
        headers: { cookie: admin },
        body: form,
      });
      expect(upload.status).toBe(201);
      const event = (await same.waitFor((e) => (e as { type?: string }).type === 'mandant')) as {
        id: string;
      };
      expect(event).toEqual({ type: 'mandant', id: expect.any(String) });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(other.events).toEqual([]);
      expect(same.text()).toMatch(/^retry: \d+/);
    } finally {
      same.close();
      other.close();
    }
  });

  it('closing the browser removes the client', async () => {
    const stream = await openEventStream(`${server.baseUrl}/api/events`, employeeA);
    expect(stream.status).toBe(200);
    stream.close();
    await new Promise((resolve) => setTimeout(resolve, 200));
    // The server stays healthy and answers other requests.
    expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(200);
  });

  it('shutting the server down ends open streams instead of waiting for them', async () => {
    const own = await startTestServer({ driver, seed: false });
    const { musterstadt } = await zweiMandanten(own);
    const cookie = await signInAs(own, musterstadt.benutzer.mitarbeiter);
    const stream = await openEventStream(`${own.baseUrl}/api/events`, cookie);
    expect(stream.status).toBe(200);
    const started = Date.now();
    await own.close();
    expect(Date.now() - started).toBeLessThan(5000);
    stream.close();
  });
});
