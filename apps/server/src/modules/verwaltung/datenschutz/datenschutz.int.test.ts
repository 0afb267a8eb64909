/**
 * The access request (decision 200) on both databases: a person downloads what is stored about them as JSON and
 * PDF, an administrator with the users right does the same for a person of the tenant; nothing of other people
 * or tenants is in it.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PERMISSION_NAMES } from '@stellwerk/domain/permissions';
import type { TDatenauskunft } from '@stellwerk/domain/verwaltung/datenschutz/api';
import { DATENKATEGORIEN, KENNZAHLEN } from '@stellwerk/domain/verwaltung/datenschutz/deklarationen';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../../test/api-call.ts';
import { signInAs } from '../../../../test/fixtures/anmelden.ts';
import { fixtureMandant } from '../../../../test/fixtures/mandant.ts';
import { startTestServer, type TestServer, testDrivers } from '../../../../test/harness.ts';
import { leseraumBuchung } from '../../leseraum/leseraum-buchung/leseraum-buchung.public.ts';

const pdfText = (pdf: Buffer): string => {
  const dir = mkdtempSync(path.join(tmpdir(), 'auskunft-'));
  try {
    writeFileSync(path.join(dir, 'a.pdf'), pdf);
    return execFileSync('pdftotext', ['-layout', path.join(dir, 'a.pdf'), '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

/**
 * The fleet tenant with a reading room, the person who asks (a licensed booker) and the administrator; the
 * library's administrator.
 */
const mandanten = async (server: TestServer) => ({
  ms: await fixtureMandant(server.database, {
    name: 'Stadtwerke Musterstadt',
    domain: 'musterstadt.example',
    einstellungen: { Sprache: 'de' },
    standorte: { rathaus: { name: 'Verwaltung Rathausplatz', bundesland: 'NW' } },
    rollen: { Mitarbeiter: ['fahrzeug_buchen'], Administration: PERMISSION_NAMES },
    benutzer: {
      mitarbeiter: { vorname: 'Lena', nachname: 'Hoffmann', rollen: ['Mitarbeiter'], fuehrerschein: true },
      admin: { vorname: 'Claudia', nachname: 'Wagner', rollen: ['Administration'] },
    },
    grundrisse: {
      lernraum: { standort: 'rathaus', bezeichnung: 'Lernraum Verwaltung', plaetze: ['Platz 1'] },
    },
  }),
  bh: await fixtureMandant(server.database, {
    name: 'Bibliothek Beispielhausen',
    domain: 'beispielhausen.example',
    rollen: { Administration: PERMISSION_NAMES },
    benutzer: { admin: { vorname: 'Andreas', nachname: 'Schwarz', rollen: ['Administration'] } },
  }),
});

describe.each(testDrivers())('access request (Art. 15 GDPR) on %s', (driver) => {
  let server: TestServer;
  let mitarbeiter: string;
  let admin: string;
  let fremdAdmin: string;
  let mitarbeiterId: string;

  beforeAll(async () => {
    server = await startTestServer({ driver, now: () => new Date('2026-04-20T10:00:00Z'), seed: false });
    const { ms, bh } = await mandanten(server);
    mitarbeiter = await signInAs(server, ms.benutzer.mitarbeiter);
    admin = await signInAs(server, ms.benutzer.admin);
    fremdAdmin = await signInAs(server, bh.benutzer.admin);
    const db = server.database.db;
    const m = { id: ms.id };
    mitarbeiterId = ms.benutzer.mitarbeiter.id;
    const platz = ms.grundrisse.lernraum.plaetze[0]!;
    await db.insert(leseraumBuchung).values([
      {
        mandantId: m.id,
        leseraumId: platz.id,
        systembenutzer1Mail: 'Mitarbeiter@Musterstadt.example',
        von: new Date('2026-04-21T07:00:00Z'),
        bis: new Date('2026-04-21T09:00:00Z'),
        status: 'reserviert',
      },
      {
        mandantId: m.id,
        leseraumId: platz.id,
        systembenutzer1Mail: 'nachbarin@musterstadt.example',
        von: new Date('2026-04-21T10:00:00Z'),
        bis: new Date('2026-04-21T11:00:00Z'),
        status: 'reserviert',
      },
    ]);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('a person downloads their own data as JSON, with every declared category and nobody else', async () => {
    const r = await call(server, mitarbeiter, 'GET', '/api/me/datenauskunft.json');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-disposition')).toMatch(/attachment; filename="datenauskunft-.*\.json"/);
    const a = (await r.json()) as TDatenauskunft;
    expect(a.person).toMatchObject({ id: mitarbeiterId, email: 'mitarbeiter@musterstadt.example' });
    expect(a.person).not.toHaveProperty('authUserId');
    expect(a.verantwortlicher).toBe('Stadtwerke Musterstadt');
    expect(a.kategorien.map((k) => k.id)).toEqual(
      expect.arrayContaining([
        'konto',
        'leseraum_buchungen',
        'fahrzeug_buchungen',
        'fahrtenbuch',
        'protokoll',
      ]),
    );
    const lesen = a.kategorien.find((k) => k.id === 'leseraum_buchungen')!;
    expect(lesen.eintraege).toContainEqual(
      expect.objectContaining({ von: '2026-04-21T07:00:00.000Z', rolle: 'gebucht' }),
    );
    expect(lesen.zweck).toMatch(/Raumvergabe/);
    expect(a.kategorien.find((k) => k.id === 'konto')!.eintraege.length).toBeGreaterThan(0);
    const text = JSON.stringify(a);
    expect(text).not.toMatch(/nachbarin@|admin@musterstadt|beispielhausen/i);
  });

  it('lists the person’s sessions, passkeys, second factors and access tokens without a token, key or secret', async () => {
    await server.database.db.execute(sql`insert into passkey
        (id, name, public_key, user_id, credential_id, counter, device_type, backed_up)
      values ('pk-auskunft', 'Laptop im Büro', 'GEHEIMER-SCHLUESSEL', ${mitarbeiterId}, 'cred-auskunft', 0,
        'singleDevice', false)`);
    await server.database.db.execute(sql`insert into two_factor (id, secret, backup_codes, user_id)
      values ('tf-auskunft', 'GEHEIMNIS-TOTP', 'GEHEIME-CODES', ${mitarbeiterId})`);
    const erstellt = await call(server, mitarbeiter, 'POST', '/api/zugriffstoken', {
      name: 'Claude im Büro',
      recht: 'lesen',
      gueltigBis: '2027-01-31',
    });
    expect(erstellt.status).toBe(201);
    const zugriffstoken = ((await erstellt.json()) as { token: string }).token;
    const r = await call(server, mitarbeiter, 'GET', '/api/me/datenauskunft.json');
    const a = (await r.json()) as TDatenauskunft;
    const konto = a.kategorien.find((k) => k.id === 'konto')!.eintraege;
    const sitzungen = konto.filter((e) => e.art === 'sitzung');
    expect(sitzungen.length).toBeGreaterThanOrEqual(1);
    expect(sitzungen[0]).toEqual({
      art: 'sitzung',
      angelegtAm: expect.stringMatching(/^\d{4}-/),
      zuletztAktiv: expect.stringMatching(/^\d{4}-/),
      browser: expect.toSatisfy((b: unknown) => b === null || typeof b === 'string'),
    });
    expect(konto).toContainEqual({ art: 'passkey', name: 'Laptop im Büro', angelegtAm: expect.any(String) });
    expect(konto).toContainEqual({ art: 'faktor', faktor: 'authenticator', angelegtAm: expect.any(String) });
    expect(konto).toContainEqual({
      art: 'zugriffstoken',
      name: 'Claude im Büro',
      recht: 'lesen',
      angelegtAm: expect.any(String),
      gueltigBis: expect.any(String),
      zuletztBenutztAm: null,
      widerrufenAm: null,
    });
    const text = JSON.stringify(a);
    // no secret value and no field that holds a token, key or hash (the access token's name and kind are shown)
    expect(text).not.toMatch(/GEHEIM|cred-auskunft|"\w*(token|hash|anfang)\w*"\s*:/i);
    expect(text).not.toContain(zugriffstoken);
    expect(text).not.toContain(zugriffstoken.slice(0, 12));
    expect(text).not.toContain(mitarbeiter.split('=')[1]!.split('.')[0]!);
    const pdf = pdfText(
      Buffer.from(await (await call(server, mitarbeiter, 'GET', '/api/me/datenauskunft.pdf')).arrayBuffer()),
    );
    expect(pdf).toMatch(/Laptop im Büro/);
    expect(pdf).toMatch(/authenticator/);
    expect(pdf).toMatch(/Claude im Büro/);
    expect(pdf).not.toContain(zugriffstoken.slice(0, 12));
    expect(pdf).not.toMatch(/GEHEIM/);
  });

  it('the PDF is readable and in the person’s language', async () => {
    const r = await call(server, mitarbeiter, 'GET', '/api/me/datenauskunft.pdf');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/pdf');
    const text = pdfText(Buffer.from(await r.arrayBuffer()));
    expect(text).toMatch(/Auskunft über gespeicherte personenbezogene Daten/);
    expect(text).toMatch(/mitarbeiter@musterstadt\.example/);
    expect(text).toMatch(/Buchungen von Leseräumen und Arbeitsplätzen/);
    expect(text).toMatch(/§ 147 AO/);
    expect(text).not.toMatch(/nachbarin@/);
  });

  it('an administrator with the users right produces it for a person, in the language asked for; audited', async () => {
    const r = await call(
      server,
      admin,
      'GET',
      `/api/benutzer/${mitarbeiterId}/datenauskunft.json?sprache=en`,
    );
    expect(r.status).toBe(200);
    const a = (await r.json()) as TDatenauskunft;
    expect(a.sprache).toBe('en');
    expect(a.person).toMatchObject({ email: 'mitarbeiter@musterstadt.example' });
    expect(a.kategorien.find((k) => k.id === 'fahrtenbuch')!.titel).toBe(
      'Logbook, vehicle history and damages',
    );
    const pdf = await call(
      server,
      admin,
      'GET',
      `/api/benutzer/${mitarbeiterId}/datenauskunft.pdf?sprache=en`,
    );
    expect(pdf.status).toBe(200);
    expect(pdfText(Buffer.from(await pdf.arrayBuffer()))).toMatch(/Information about stored personal data/);
    const protokoll = await call(server, admin, 'GET', '/api/protokoll?entity=benutzer');
    if (protokoll.status === 200) expect(await protokoll.text()).toMatch(/datenauskunft/);
  });

  it('nobody else: 403 without the users right, 404 for another tenant’s person, 401 without a session', async () => {
    expect(
      (await call(server, mitarbeiter, 'GET', `/api/benutzer/${mitarbeiterId}/datenauskunft.json`)).status,
    ).toBe(403);
    expect(
      (await call(server, fremdAdmin, 'GET', `/api/benutzer/${mitarbeiterId}/datenauskunft.json`)).status,
    ).toBe(404);
    expect(
      (await call(server, fremdAdmin, 'GET', `/api/benutzer/${mitarbeiterId}/datenauskunft.pdf`)).status,
    ).toBe(404);
    expect((await call(server, null, 'GET', '/api/me/datenauskunft.json')).status).toBe(401);
    expect((await call(server, admin, 'GET', '/api/benutzer/kein-uuid/datenauskunft.json')).status).toBe(400);
  });

  it('generates the works-council data sheet and the record of processing from the declarations', async () => {
    const blatt = await call(server, admin, 'GET', '/api/datenschutz/betriebsrat.pdf');
    expect(blatt.status).toBe(200);
    const text = pdfText(Buffer.from(await blatt.arrayBuffer())).replace(/\s+/g, ' ');
    expect(text).toMatch(/Datenblatt für den Betriebsrat/);
    for (const m of KENNZAHLEN) expect(text).toContain(m.titel.de);
    expect(text).toMatch(/mindestens 5 Personen je Zelle/);
    const vvt = await call(server, admin, 'GET', '/api/datenschutz/verarbeitungsverzeichnis.pdf');
    expect(vvt.status).toBe(200);
    const v = pdfText(Buffer.from(await vvt.arrayBuffer())).replace(/\s+/g, ' ');
    expect(v).toMatch(/Art\. 30 DSGVO/);
    for (const c of DATENKATEGORIEN) expect(v).toContain(c.titel.de);
    expect(v).toMatch(/Personenbezug 90 Tage/);
    expect((await call(server, mitarbeiter, 'GET', '/api/datenschutz/betriebsrat.pdf')).status).toBe(403);
    expect((await call(server, null, 'GET', '/api/datenschutz/verarbeitungsverzeichnis.pdf')).status).toBe(
      401,
    );
  });
});
