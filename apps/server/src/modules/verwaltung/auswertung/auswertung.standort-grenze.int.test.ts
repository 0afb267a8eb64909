/**
 * A fleet manager whose role assignment is limited to one location (decision 258): the utilisation, the
 * evaluation, its export and its mail answer for that location only; a foreign `standort` is refused with 403;
 * an unlimited manager sees the whole tenant as before.
 */
import { randomUUID } from 'node:crypto';
import { PERMISSION_NAMES } from '@stellwerk/domain/permissions';
import type { TFahrzeugAuslastung } from '@stellwerk/domain/verwaltung/auslastung/api';
import type { TAuswertung } from '@stellwerk/domain/verwaltung/auswertung/api';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, errorOf } from '../../../../test/api-call.ts';
import { signInAs } from '../../../../test/fixtures/anmelden.ts';
import { fixtureMandant } from '../../../../test/fixtures/mandant.ts';
import { startTestServer, type TestServer, testDrivers } from '../../../../test/harness.ts';
import { fahrtenbuchEintrag } from '../../fahrten/fahrt/fahrt.public.ts';
import { mailOutbox } from '../../plattform/mail/mail.public.ts';
import { customizing } from '../customizing/customizing.public.ts';
import { sendeAuswertung } from './auswertung.versand.ts';

const cest = (day: string, hhmm: string) => new Date(`${day}T${hhmm}:00+02:00`);
const HASH = 'a'.repeat(64);
const WOCHE = 'art=woche&tag=2026-04-01';

/**
 * The tenant: a north and a south location with a vehicle each, the administrator, and the fleet manager whose role
 * is limited to the north.
 */
const musterstadt = (server: TestServer) =>
  fixtureMandant(server.database, {
    name: 'Stadtwerke Musterstadt',
    domain: 'musterstadt.example',
    standorte: { nord: { name: 'Nordhaus' }, sued: { name: 'Südhaus' } },
    rollen: {
      Administration: PERMISSION_NAMES,
      Fuhrparkleitung: [
        'fahrzeug_pflege',
        'fahrzeug_fremdbuchung',
        'fahrzeug_buchen',
        'fahrzeug_logbuch_report',
        'auslastung_sehen',
        'auswertung_sehen',
      ],
    },
    benutzer: {
      admin: { vorname: 'Claudia', nachname: 'Wagner', rollen: ['Administration'] },
      fuhrpark: {
        vorname: 'Thomas',
        nachname: 'Becker',
        rollen: [{ rolle: 'Fuhrparkleitung', standorte: ['nord'] }],
      },
    },
    fahrzeuge: {
      wn: { standort: 'nord', kennzeichen: 'T-N 1' },
      ws: { standort: 'sued', kennzeichen: 'T-S 1' },
    },
  });

describe.each(testDrivers())('utilisation and evaluation limited to locations on %s', (driver) => {
  let server: TestServer;
  let ms: Awaited<ReturnType<typeof musterstadt>>;
  let mandantId: string;
  let admin: string;
  let nord: string;
  let sued: string;
  let manager: string;

  beforeAll(async () => {
    server = await startTestServer({ driver, seed: false, now: () => new Date('2026-04-20T10:00:00Z') });
    ms = await musterstadt(server);
    mandantId = ms.id;
    ({ nord, sued } = ms.standorte);
    admin = await signInAs(server, ms.benutzer.admin);
    const db = server.database.db;
    const trips = (fahrzeugId: string, kennzeichen: string, art: string, tag: string) =>
      Array.from({ length: 5 }, () => randomUUID()).map((f, i) => ({
        mandantId,
        fahrzeugId,
        laufnummer: i + 1,
        kennzeichen,
        quelle: 'hand',
        art,
        beginn: cest(tag, `${String(9 + i).padStart(2, '0')}:00`),
        ende: cest(tag, `${String(9 + i).padStart(2, '0')}:30`),
        kmBeginn: i * 20,
        kmEnde: i * 20 + 20,
        fahrerId: f,
        fahrerName: 'Fahrer',
        erfasstAm: cest(tag, '20:00'),
        erfasstVonId: f,
        erfasstVonName: 'Fahrer',
        hashVorher: HASH,
        hash: HASH,
      }));
    // five drivers each: business trips from the north, private trips from the south (100 km each)
    const { wn, ws } = ms.fahrzeuge;
    await db.insert(fahrtenbuchEintrag).values(trips(wn, 'T-N 1', 'dienstlich', '2026-03-31'));
    await db.insert(fahrtenbuchEintrag).values(trips(ws, 'T-S 1', 'privat', '2026-04-01'));
    manager = await signInAs(server, ms.benutzer.fuhrpark);
  });
  afterAll(async () => {
    await server?.close();
  });

  const get = async <T>(cookie: string, path: string) => {
    const response = await call(server, cookie, 'GET', path);
    expect(response.status).toBe(200);
    return (await response.json()) as T;
  };

  it('/api/me names the limit of both rights', async () => {
    const me = await get<{ standortGrenzen: Record<string, string[]> }>(manager, '/api/me');
    expect(me.standortGrenzen).toMatchObject({ auslastung_sehen: [nord], auswertung_sehen: [nord] });
  });

  it('the limited manager sees their location only: evaluation and vehicle utilisation', async () => {
    const a = await get<TAuswertung>(manager, `/api/auswertung?${WOCHE}`);
    expect(a.auswahl.standorte).toEqual([{ id: nord, name: 'Nordhaus' }]);
    expect(a.aktuell.fahrten?.gesamt?.dienstlich).toEqual({ fahrten: 5, km: 100 });
    expect(a.aktuell.fahrten?.gesamt?.privat).toEqual({ fahrten: 0, km: 0 });
    expect(a.aktuell.fahrten?.standorte.zellen.map((z) => z.schluessel)).toEqual([nord]);
    // a licence has no location: no tenant totals for a limited reader
    expect(a.aktuell.fuehrerscheine).toBeNull();
    // the own location asked by name: the same figures
    const n = await get<TAuswertung>(manager, `/api/auswertung?${WOCHE}&standort=${nord}`);
    expect(n.aktuell.fahrten?.gesamt).toEqual(a.aktuell.fahrten?.gesamt);

    const f = await get<TFahrzeugAuslastung>(manager, `/api/auslastung/fahrzeuge?${WOCHE}`);
    expect(f.auswahl.standorte).toEqual([{ id: nord, name: 'Nordhaus' }]);
    expect(f.fahrzeuge).toBe(1);
    expect(JSON.stringify(f)).not.toContain(sued);
  });

  it('a foreign location is refused with 403 and the catalogue text on every endpoint', async () => {
    for (const path of [
      `/api/auswertung?${WOCHE}&standort=${sued}`,
      `/api/auswertung/export?${WOCHE}&standort=${sued}&format=csv`,
      `/api/auslastung/fahrzeuge?${WOCHE}&standort=${sued}`,
      `/api/auslastung/leseraum?${WOCHE}&standort=${sued}`,
    ]) {
      const response = await call(server, manager, 'GET', path);
      expect(response.status, path).toBe(403);
      expect(await errorOf(response)).toMatchObject({
        code: 'auslastung.standort_fremd',
        message: 'Dieser Standort gehört nicht zu Ihren Standorten.',
      });
    }
  });

  it('the export is limited like the screen', async () => {
    const csv = await call(server, manager, 'GET', `/api/auswertung/export?${WOCHE}&format=csv`);
    expect(csv.status).toBe(200);
    const text = await csv.text();
    expect(text).toContain('"Fahrten";"Kilometer dienstlich";"100";');
    expect(text).toContain('"Fahrten";"Kilometer privat";"0";');
  });

  it('an unlimited reader is unchanged: the whole tenant, every location', async () => {
    const a = await get<TAuswertung>(admin, `/api/auswertung?${WOCHE}`);
    expect(a.auswahl.standorte.map((s) => s.id)).toEqual(expect.arrayContaining([nord, sued]));
    expect(a.aktuell.fahrten?.gesamt?.privat).toEqual({ fahrten: 5, km: 100 });
    expect(a.aktuell.fuehrerscheine).not.toBeNull();
    const s = await get<TAuswertung>(admin, `/api/auswertung?${WOCHE}&standort=${sued}`);
    expect(s.aktuell.fahrten?.gesamt?.privat).toEqual({ fahrten: 5, km: 100 });
    const f = await get<TFahrzeugAuslastung>(admin, `/api/auslastung/fahrzeuge?${WOCHE}`);
    expect(f.auswahl.standorte.map((x) => x.id)).toEqual(expect.arrayContaining([nord, sued]));
  });

  it('the mailed evaluation of a limited recipient holds their locations only', async () => {
    const mails: { text: string; anhaenge: { base64: string }[] | null }[] = [];
    await server.database.withTenant(mandantId, async (tx) => {
      await tx.insert(customizing).values([
        {
          mandantId,
          customizingOptionName: 'AuswertungMailEmpfaenger',
          wert: JSON.stringify(['fuhrpark@musterstadt.example']),
        },
        { mandantId, customizingOptionName: 'AuswertungMailRhythmus', wert: 'woechentlich' },
      ]);
      // Monday 6 April: the week of the trips is due
      await sendeAuswertung(
        tx,
        { publicUrl: server.baseUrl },
        { mandantId, now: cest('2026-04-06', '08:00') },
      );
    });
    mails.push(
      ...(await server.database.db
        .select({ text: mailOutbox.text, anhaenge: mailOutbox.anhaenge })
        .from(mailOutbox)
        .where(
          and(
            eq(mailOutbox.template, 'auswertung_bericht'),
            eq(mailOutbox.to, 'fuhrpark@musterstadt.example'),
          ),
        )),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Kilometer dienstlich: 100');
    expect(mails[0]!.text).not.toContain('Kilometer privat: 100');
    // the attached Excel file: the south's private kilometres are not in it
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(mails[0]!.anhaenge![0]!.base64, 'base64') as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('Auswertung')!;
    const zeile = (name: string) => ws.getRows(1, ws.rowCount)!.find((r) => r.getCell(2).value === name)!;
    expect(zeile('Kilometer dienstlich').getCell(3).value).toBe('100');
    expect(zeile('Kilometer privat').getCell(3).value).toBe('0');
  });

  it('a change in the user administration takes effect in the open session, without a new sign-in', async () => {
    const { id, vorname, nachname, email } = ms.benutzer.fuhrpark;
    const setze = async (rollenStandorte: { rolleId: string; standortIds: string[] }[]) => {
      const name = { vorname, nachname, email };
      const response = await call(server, admin, 'PUT', `/api/admin/benutzer/${id}`, {
        ...name,
        rollenStandorte,
      });
      expect(response.status).toBe(200);
    };
    const pfad = `/api/auslastung/fahrzeuge?${WOCHE}&standort=${sued}`;
    // the session is resolved and cached (decision 025) with the limit
    expect((await call(server, manager, 'GET', pfad)).status).toBe(403);
    // the limit lifted: the same cookie sees the south at once
    await setze([]);
    expect((await call(server, manager, 'GET', pfad)).status).toBe(200);
    // limited again: refused at once
    await setze([{ rolleId: ms.rollen.Fuhrparkleitung, standortIds: [nord] }]);
    expect((await call(server, manager, 'GET', pfad)).status).toBe(403);
  });
});
