import type {
  TKiosk,
  TKioskGeraet,
  TKioskKopplung,
  TKioskListe,
} from '@stellwerk/domain/plattform/kiosk/api';
import { PERMISSION_NAMES } from '@stellwerk/domain/permissions';
import { KIOSK_TOKEN_HEADER } from '@stellwerk/domain/plattform/kiosk/api';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, errorOf } from '../../../../test/api-call.ts';
import { signInAs } from '../../../../test/fixtures/anmelden.ts';
import { fixtureMandant } from '../../../../test/fixtures/mandant.ts';
import { startTestServer, type TestServer, testDrivers } from '../../../../test/harness.ts';
import { auditLog } from '../audit/audit.public.ts';
import { kiosk } from './kiosk.table.ts';

const MIN = 60_000;

/**
 * The fleet tenant with a location, its administrator and an employee without admin rights; the library with a
 * location and its administrator.
 */
const mandanten = async (server: TestServer) => ({
  ms: await fixtureMandant(server.database, {
    name: 'Stadtwerke Musterstadt',
    domain: 'musterstadt.example',
    einstellungen: { Sprache: 'de' },
    standorte: { nord: { name: 'Betriebshof Nord', bundesland: 'NW' } },
    rollen: { Mitarbeiter: ['fahrzeug_buchen'], Administration: PERMISSION_NAMES },
    benutzer: {
      admin: { vorname: 'Claudia', nachname: 'Wagner', rollen: ['Administration'] },
      mitarbeiter: { vorname: 'Lena', nachname: 'Hoffmann', rollen: ['Mitarbeiter'] },
    },
  }),
  bh: await fixtureMandant(server.database, {
    name: 'Bibliothek Beispielhausen',
    domain: 'beispielhausen.example',
    einstellungen: { Sprache: 'de' },
    standorte: { bibliothek: { name: 'Zentralbibliothek', bundesland: 'BY' } },
    rollen: { Administration: PERMISSION_NAMES },
    benutzer: { admin: { vorname: 'Andreas', nachname: 'Schwarz', rollen: ['Administration'] } },
  }),
});

describe.each(testDrivers())('pairing a kiosk on %s', (driver) => {
  let server: TestServer;
  /** The server's clock runs with real time, moved forward by this many ms. */
  let versatz = 0;
  let admin: string;
  let mitarbeiter: string;
  let fremdAdmin: string;
  let standortA = '';
  let standortB = '';

  const neueKopplung = async () => {
    const r = await fetch(`${server.baseUrl}/api/kiosk/kopplung`, {
      method: 'POST',
      headers: { origin: server.baseUrl },
    });
    expect(r.status).toBe(201);
    return (await r.json()) as TKioskKopplung;
  };
  const geraet = (token: string) =>
    fetch(`${server.baseUrl}/api/kiosk/geraet?version=1.2.3`, { headers: { [KIOSK_TOKEN_HEADER]: token } });
  const koppeln = (cookie: string, code: string, standortId = standortA) =>
    call(server, cookie, 'POST', '/api/admin/kiosks', {
      code,
      bezeichnung: 'Foyer',
      standortId,
      grundrissIds: [],
      namensanzeige: 'keine',
      fahrzeuge: true,
      sprache: 'de',
    });

  beforeAll(async () => {
    server = await startTestServer({ driver, now: () => new Date(Date.now() + versatz), seed: false });
    const { ms, bh } = await mandanten(server);
    [admin, mitarbeiter, fremdAdmin] = await Promise.all([
      signInAs(server, ms.benutzer.admin),
      signInAs(server, ms.benutzer.mitarbeiter),
      signInAs(server, bh.benutzer.admin),
    ]);
    standortA = ms.standorte.nord;
    standortB = bh.standorte.bibliothek;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('shows an unpaired device a code of two groups of four and refuses its secret until it is paired', async () => {
    const k = await neueKopplung();
    expect(k.code).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    expect(new Date(k.gueltigBis).getTime() - Date.now()).toBeGreaterThan(9 * MIN);
    const r = await geraet(k.geheimnis);
    expect(r.status).toBe(401);
    expect((await errorOf(r)).code).toBe('kiosk.nicht_gekoppelt');
  });

  it('lets only an administrator with objekt_pflege pair a screen', async () => {
    const k = await neueKopplung();
    const r = await koppeln(mitarbeiter, k.code);
    expect(r.status).toBe(403);
    expect((await call(server, mitarbeiter, 'GET', '/api/admin/kiosks')).status).toBe(403);
  });

  it('pairs the device showing the code (any case, without hyphen); its secret is now its device token; audited', async () => {
    // with the app's clock an hour ahead of the database's (a moved test clock): the code's age is read on one clock
    versatz += 60 * MIN;
    let k: TKioskKopplung;
    let r: Response;
    try {
      k = await neueKopplung();
      r = await koppeln(admin, k.code.replace('-', '').toLowerCase());
    } finally {
      versatz -= 60 * MIN;
    }
    expect(r.status).toBe(201);
    const paired = (await r.json()) as TKiosk;
    expect(paired).toMatchObject({ bezeichnung: 'Foyer', standortId: standortA, namensanzeige: 'keine' });
    const g = await geraet(k.geheimnis);
    expect(g.status).toBe(200);
    expect((await g.json()) as TKioskGeraet).toMatchObject({
      id: paired.id,
      neuerToken: null,
      fahrzeuge: true,
    });
    const liste = (await (await call(server, admin, 'GET', '/api/admin/kiosks')).json()) as TKioskListe;
    expect(liste.kiosks.find((x) => x.id === paired.id)).toMatchObject({ online: true, version: '1.2.3' });
    const [row] = await server.database.db.select().from(kiosk).where(eq(kiosk.id, paired.id));
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.tokenHash).not.toContain(k.geheimnis);
    const audits = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'kiosk'), eq(auditLog.entityId, paired.id)));
    expect(audits.map((a) => a.action)).toEqual(['create']);
  });

  it('refuses a code used already, an unknown one and a malformed one with one text', async () => {
    const k = await neueKopplung();
    expect((await koppeln(admin, k.code)).status).toBe(201);
    for (const code of [k.code, 'ABCD-EFGH', 'xx']) {
      const r = await koppeln(admin, code);
      expect(r.status).toBe(400);
      const e = await errorOf(r);
      expect(e.code).toBe('kiosk.kopplungscode_ungueltig');
      expect(e.message).toBe(
        'Dieser Kopplungscode ist ungültig oder abgelaufen. Bitte lassen Sie am Bildschirm einen neuen Code anzeigen.',
      );
    }
  });

  it('refuses an expired code (ten minutes after it was shown)', async () => {
    const k = await neueKopplung();
    versatz += 10 * MIN;
    try {
      const r = await koppeln(admin, k.code);
      expect(r.status).toBe(400);
      expect((await errorOf(r)).code).toBe('kiosk.kopplungscode_ungueltig');
    } finally {
      versatz -= 10 * MIN;
    }
  });

  it("keeps kiosks to their tenant: another tenant neither sees nor revokes them, nor pairs to this tenant's location", async () => {
    const k = await neueKopplung();
    const paired = (await (await koppeln(admin, k.code)).json()) as TKiosk;
    const fremdeListe = (await (
      await call(server, fremdAdmin, 'GET', '/api/admin/kiosks')
    ).json()) as TKioskListe;
    expect(fremdeListe.kiosks.map((x) => x.id)).not.toContain(paired.id);
    const r = await call(server, fremdAdmin, 'DELETE', `/api/admin/kiosks/${paired.id}`);
    expect(r.status).toBe(404);
    expect((await geraet(k.geheimnis)).status).toBe(200);
    const k2 = await neueKopplung();
    const r2 = await koppeln(fremdAdmin, k2.code, standortA);
    expect(r2.status).toBe(404);
    const k3 = await neueKopplung();
    expect((await koppeln(fremdAdmin, k3.code, standortB)).status).toBe(201);
    const inA = await server.database.withTenant(
      (await server.database.db.select().from(kiosk).where(eq(kiosk.id, paired.id)))[0]!.mandantId,
      (tx) => tx.select().from(kiosk),
    );
    expect(inA.every((x) => x.standortId !== standortB)).toBe(true);
  });

  it('rotates the device token after a day; the previous one still works for five minutes', async () => {
    const k = await neueKopplung();
    expect((await koppeln(admin, k.code)).status).toBe(201);
    versatz += 24 * 60 * MIN;
    try {
      const g = (await (await geraet(k.geheimnis)).json()) as TKioskGeraet;
      expect(g.neuerToken).toMatch(/^kio_/);
      expect((await geraet(k.geheimnis)).status).toBe(200);
      const neu = (await (await geraet(g.neuerToken!)).json()) as TKioskGeraet;
      expect(neu.neuerToken).toBeNull();
      versatz += 5 * MIN;
      expect((await geraet(k.geheimnis)).status).toBe(401);
      expect((await geraet(g.neuerToken!)).status).toBe(200);
    } finally {
      versatz = 0;
    }
  });

  // one pairing for both (pairing codes are limited per address and minute)
  it('changes what a kiosk shows (the device reads it; audited; another tenant gets 404), then revokes it: its token stops at once; audited', async () => {
    const k = await neueKopplung();
    const paired = (await (await koppeln(admin, k.code)).json()) as TKiosk;
    const einstellung = {
      bezeichnung: 'Eingang Nord',
      standortId: standortA,
      grundrissIds: [],
      namensanzeige: 'initialen',
      fahrzeuge: false,
      sprache: 'en',
    };
    expect(
      (await call(server, mitarbeiter, 'PATCH', `/api/admin/kiosks/${paired.id}`, einstellung)).status,
    ).toBe(403);
    expect(
      (await call(server, fremdAdmin, 'PATCH', `/api/admin/kiosks/${paired.id}`, einstellung)).status,
    ).toBe(404);
    const geaendert = await call(server, admin, 'PATCH', `/api/admin/kiosks/${paired.id}`, einstellung);
    expect(geaendert.status).toBe(200);
    expect((await geaendert.json()) as TKiosk).toMatchObject({ ...einstellung, id: paired.id });
    expect((await (await geraet(k.geheimnis)).json()) as TKioskGeraet).toMatchObject({
      bezeichnung: 'Eingang Nord',
      namensanzeige: 'initialen',
      fahrzeuge: false,
      sprache: 'en',
    });
    const [audit] = await server.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.entity, 'kiosk'), eq(auditLog.entityId, paired.id), eq(auditLog.action, 'update')),
      );
    expect(audit?.newValue).toMatchObject({ bezeichnung: 'Eingang Nord' });
    const r = await call(server, admin, 'DELETE', `/api/admin/kiosks/${paired.id}`);
    expect(r.status).toBe(200);
    expect(((await r.json()) as TKiosk).widerrufenAt).not.toBeNull();
    const g = await geraet(k.geheimnis);
    expect(g.status).toBe(401);
    expect((await errorOf(g)).code).toBe('kiosk.nicht_gekoppelt');
    const audits = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'kiosk'), eq(auditLog.entityId, paired.id)));
    expect(audits.map((a) => a.action).sort()).toEqual(['create', 'revoke', 'update']);
  });

  it.each(['', 'kio_kurz', 'Bearer x'])(
    'answers a malformed token %j with kiosk.nicht_gekoppelt',
    async (token) => {
      const r = await geraet(token);
      expect(r.status).toBe(401);
      expect((await errorOf(r)).code).toBe('kiosk.nicht_gekoppelt');
    },
  );
});
