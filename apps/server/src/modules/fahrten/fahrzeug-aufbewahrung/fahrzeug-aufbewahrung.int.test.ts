/**
 * The retention purge (decision 081) on both databases: trips of 2015 recorded through the API with
 * receipts and damage photos at a test clock in 2015, the job run at 2026 with a test clock.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TFahrtenbuch, TKettenPruefung } from '@stellwerk/domain/fahrten/fahrtenbuch/api';
import type { TFahrzeugBuchung } from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/api';
import { berlinInstant } from '@stellwerk/domain/time';
import { and, eq, inArray, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../../test/api-call.ts';
import { signInAs } from '../../../../test/fixtures/anmelden.ts';
import {
  BIBLIOTHEK_LEUTE,
  BIBLIOTHEK_MANDANT,
  BIBLIOTHEK_ROLLEN,
} from '../../../../test/fixtures/leseraum.ts';
import {
  FUHRPARK_LEUTE,
  FUHRPARK_MANDANT,
  FUHRPARK_ROLLEN,
  fuhrparkWagen,
} from '../../../../test/fixtures/fuhrpark.ts';
import { fixtureMandant } from '../../../../test/fixtures/mandant.ts';
import { startTestServer, type TestServer, testDrivers } from '../../../../test/harness.ts';
import type { Tx } from '../../../db/client.ts';
import { createJobRunner, type TenantOutcome } from '../../../jobs/scheduler.ts';
import { fahrzeug } from '../../fahrzeuge/fahrzeug/fahrzeug.public.ts';
import { fahrzeugBuchung } from '../../fahrzeuge/fahrzeug-buchung/fahrzeug-buchung.public.ts';
import { serviceheftEintrag } from '../../fahrzeuge/serviceheft/serviceheft.public.ts';
import { auditLog } from '../../plattform/audit/audit.public.ts';
import { datei, dateiEntfernung } from '../../plattform/storage/storage.public.ts';
import { customizing } from '../../verwaltung/customizing/customizing.public.ts';
import {
  fahrtenbuchAnker,
  fahrtenbuchEintrag,
  fahrzeugHistorie,
  fahrzeugSchaden,
} from '../fahrt/fahrt.public.ts';
import { fahrzeugAufbewahrungJobs } from './fahrzeug-aufbewahrung.jobs.ts';
import { type AufbewahrungsLauf, loescheNachAufbewahrung } from './fahrzeug-aufbewahrung.service.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const ablesung = { tankfuellung: 60, sauberkeitAussen: 'sauber', sauberkeitInnen: 'sauber' };
const at = (day: string, hhmm: string) => berlinInstant(day, hhmm);

/**
 * Tenant A, the fleet (German: the exports' note is asserted): the booker and the fleet manager (care, logbook),
 * the depot with its parking spots P1 to P6 (the check-out names P2) and the car MS-SW 101 with the demo's booking
 * times and no start of validity, so that trips of 2015 can be booked.
 */
const fuhrparkMandant = (server: TestServer) =>
  fixtureMandant(server.database, {
    ...FUHRPARK_MANDANT,
    standorte: {
      nord: { ...FUHRPARK_MANDANT.standorte.nord, abstellplaetze: ['P1', 'P2', 'P3', 'P4', 'P5', 'P6'] },
    },
    rollen: FUHRPARK_ROLLEN,
    benutzer: { mitarbeiter: FUHRPARK_LEUTE.mitarbeiter, fuhrpark: FUHRPARK_LEUTE.fuhrpark },
    fahrzeuge: { 'MS-SW 101': fuhrparkWagen('MS-SW 101') },
  });

/** Tenant B, the library: a location and a person, for its own trip of 2015. */
const bibliothekMandant = (server: TestServer) =>
  fixtureMandant(server.database, {
    ...BIBLIOTHEK_MANDANT,
    rollen: BIBLIOTHEK_ROLLEN,
    benutzer: { mitarbeiter: BIBLIOTHEK_LEUTE.mitarbeiter },
  });

describe.each(testDrivers())(
  'retention purge of trips, logbook, history and service book on %s',
  (driver) => {
    let server: TestServer;
    let clock = new Date();
    let mitarbeiter: string;
    let fuhrpark: string;
    let musterstadt: string;
    let beispielhausen: string;
    let auto: string;
    let lenaId: string;
    const fahrten: Record<string, string> = {};
    let dateienAlt: { id: string; bucket: string; pfad: string }[] = [];

    const asAll = <T>(fn: (tx: Tx) => PromiseLike<T>): Promise<T> =>
      server.database.withAllTenants(async (tx) => fn(tx));
    const dateiPfad = (d: { bucket: string; pfad: string }) =>
      path.join(server.config.dataDir, 'storage', d.bucket, d.pfad);

    const lauf = async (now: Date) => {
      const [outcome] = await createJobRunner({ database: server.database }).runAll(
        fahrzeugAufbewahrungJobs({ dataDir: server.config.dataDir }),
        now,
      );
      const tenants = outcome?.tenants ?? [];
      for (const t of tenants) expect(t.error).toBeUndefined();
      const von = (id: string) =>
        (tenants.find((t: TenantOutcome) => t.mandantId === id)?.result ?? {
          lauf: false,
        }) as AufbewahrungsLauf;
      return { a: von(musterstadt), b: von(beispielhausen) };
    };

    const schritt = (
      id: string,
      art: 'check-in' | 'check-out',
      daten: unknown,
      dateien: { feld: string; name: string; data: Buffer; type: string }[] = [],
    ) => {
      const form = new FormData();
      form.append('daten', JSON.stringify(daten));
      for (const d of dateien)
        form.append(d.feld, new Blob([new Uint8Array(d.data)], { type: d.type }), d.name);
      return fetch(`${server.baseUrl}/api/fahrzeug-buchungen/${id}/${art}`, {
        method: 'POST',
        headers: { origin: server.baseUrl, cookie: mitarbeiter },
        body: form,
      });
    };

    /** A trip on `tag` 09:00–12:00 booked the day before; checked in and out unless `nurGebucht`. */
    const fahrt = async (
      tag: string,
      km: number,
      { nurGebucht = false, schaden = false }: { nurGebucht?: boolean; schaden?: boolean } = {},
    ): Promise<string> => {
      clock = new Date(at(tag, '00:00').getTime() - 24 * 3600_000);
      const r = await call(server, mitarbeiter, 'POST', '/api/fahrzeug-buchungen', {
        fahrzeugId: auto,
        von: at(tag, '09:00').toISOString(),
        bis: at(tag, '12:00').toISOString(),
        anlass: 'Baustellenbesuch',
        zielAdresse: 'Hauptstraße 1, Musterstadt',
      });
      expect(r.status, await r.clone().text()).toBe(201);
      const { id } = (await r.json()) as TFahrzeugBuchung;
      if (nurGebucht) return id;
      clock = at(tag, '08:55');
      const ein = await schritt(
        id,
        'check-in',
        {
          ...ablesung,
          kilometerstand: km,
          schaeden: schaden
            ? [{ ort: 'hinten', beschreibung: `Kratzer ${tag}`, sicherheitsrelevant: false }]
            : [],
        },
        [
          { feld: 'beleg', name: 'tanken.pdf', data: PDF, type: 'application/pdf' },
          ...(schaden ? [{ feld: 'schaden.0.foto', name: 'kratzer.png', data: PNG, type: 'image/png' }] : []),
        ],
      );
      expect(ein.status, await ein.clone().text()).toBe(200);
      clock = at(tag, '11:40');
      const aus = await schritt(id, 'check-out', {
        ...ablesung,
        kilometerstand: km + 100,
        abstellplatz: 'P2',
        schaeden: [],
        fahrt: { art: 'privat' },
      });
      expect(aus.status, await aus.clone().text()).toBe(200);
      return id;
    };

    /** The database's message of a refused statement (drizzle wraps it as the cause). */
    const fehlerText = async (versuch: Promise<unknown>): Promise<string> => {
      try {
        await versuch;
        return 'kein Fehler';
      } catch (error) {
        const e = error as { message?: string; cause?: { message?: string } };
        return `${e.message ?? ''} ${e.cause?.message ?? ''}`;
      }
    };

    const buchungenVon = (ids: string[]) =>
      asAll((tx) =>
        tx.select({ id: fahrzeugBuchung.id }).from(fahrzeugBuchung).where(inArray(fahrzeugBuchung.id, ids)),
      );

    beforeAll(async () => {
      server = await startTestServer({ driver, now: () => clock, seed: false });
      const ms = await fuhrparkMandant(server);
      const bh = await bibliothekMandant(server);
      [mitarbeiter, fuhrpark] = await Promise.all([
        signInAs(server, ms.benutzer.mitarbeiter),
        signInAs(server, ms.benutzer.fuhrpark),
      ]);
      musterstadt = ms.id;
      beispielhausen = bh.id;
      auto = ms.fahrzeuge['MS-SW 101'];
      lenaId = ms.benutzer.mitarbeiter.id;
      const bhStandort = bh.standorte.bibliothek;
      const bhPerson = bh.benutzer.mitarbeiter.id;

      const [stand] = await asAll((tx) =>
        tx
          .select({ km: sql<number | null>`max(${fahrzeugHistorie.kilometerstand})` })
          .from(fahrzeugHistorie)
          .where(eq(fahrzeugHistorie.fahrzeugId, auto)),
      );
      const km = Number(stand?.km ?? 0) + 1000;
      // 2015 (due at 2026 with 10 years): a trip with a damage repaired later, one with a damage left open,
      // one booked and never driven; 2016 (inside the period): one trip
      fahrten.repariert = await fahrt('2015-03-16', km, { schaden: true });
      fahrten.offen = await fahrt('2015-06-10', km + 200, { schaden: true });
      fahrten.ungefahren = await fahrt('2015-09-01', 0, { nurGebucht: true });
      fahrten.neu = await fahrt('2016-02-01', km + 400);

      // the service book: an entry ending in 2015 and one ending in 2016
      clock = at('2016-03-01', '10:00');
      for (const [von, bis] of [
        ['2015-11-02', '2015-12-31'],
        ['2015-12-30', '2016-01-01'],
      ]) {
        const r = await call(server, fuhrpark, 'POST', `/api/fahrzeuge/${auto}/serviceheft`, {
          typ: 'REIFEN',
          beschreibung: `Reifenwechsel ${von}`,
          von,
          bis,
        });
        expect(r.status, await r.clone().text()).toBe(201);
      }
      // a history entry without a trip in 2014, and tenant B's trip of 2015 (B keeps 20 years)
      await server.database.withTenant(musterstadt, (tx) =>
        tx.insert(fahrzeugHistorie).values({
          mandantId: musterstadt,
          fahrzeugId: auto,
          typ: 'STATUSAENDERUNG',
          beschreibung: 'Standort gewechselt',
          zeitpunkt: at('2014-05-05', '10:00'),
        }),
      );
      await server.database.withTenant(beispielhausen, async (tx) => {
        const [bf] = await tx
          .insert(fahrzeug)
          .values({
            mandantId: beispielhausen,
            standortId: bhStandort,
            marke: 'VW',
            modell: 'Caddy',
            kennzeichen: 'BH-X 1',
          })
          .returning({ id: fahrzeug.id });
        const [b] = await tx
          .insert(fahrzeugBuchung)
          .values({
            mandantId: beispielhausen,
            fahrzeugId: bf!.id,
            benutzerId: bhPerson,
            von: at('2015-02-02', '09:00'),
            bis: at('2015-02-02', '12:00'),
            status: 'durchgeführt',
          })
          .returning({ id: fahrzeugBuchung.id });
        fahrten.fremd = b!.id;
        await tx.insert(fahrzeugHistorie).values({
          mandantId: beispielhausen,
          fahrzeugId: bf!.id,
          fahrzeugBuchungId: b!.id,
          typ: 'CHECK_OUT',
          zeitpunkt: at('2015-02-02', '11:50'),
        });
        await tx.insert(customizing).values({
          mandantId: beispielhausen,
          customizingOptionName: 'FahrzeugAufbewahrungJahre',
          wert: '20',
        });
      });
    });
    afterAll(async () => {
      await server?.close();
    });

    it('on 31.12.2025 nothing is due yet; from 01.01.2026 the 2015 data goes, the 2016 data and the other tenant stay', async () => {
      expect((await lauf(at('2025-12-31', '23:59'))).a).toMatchObject({
        lauf: true,
        anzahl: { fahrtenbuch: 0, fahrten: 0, historie: 1, serviceheft: 0 }, // only the 2014 history entry
      });

      // the repaired damage of the first trip: repaired in 2015
      const [repariert] = await asAll((tx) =>
        tx
          .select({ id: fahrzeugSchaden.id })
          .from(fahrzeugSchaden)
          .innerJoin(fahrzeugHistorie, eq(fahrzeugHistorie.id, fahrzeugSchaden.historieId))
          .where(eq(fahrzeugHistorie.fahrzeugBuchungId, fahrten.repariert!)),
      );
      clock = at('2015-07-01', '10:00');
      const behoben = await call(
        server,
        fuhrpark,
        'POST',
        `/api/fahrzeuge/${auto}/schaeden/${repariert!.id}/behoben`,
      );
      expect(behoben.status, await behoben.clone().text()).toBe(204);

      dateienAlt = await asAll((tx) =>
        tx
          .select({ id: datei.id, bucket: datei.bucket, pfad: datei.pfad })
          .from(datei)
          .where(and(eq(datei.mandantId, musterstadt), inArray(datei.bucket, ['belege', 'schaeden']))),
      );
      expect(dateienAlt).toHaveLength(5); // three receipts, two damage photos
      for (const d of dateienAlt) expect(existsSync(dateiPfad(d))).toBe(true);

      const jetzt = at('2026-01-01', '00:00');
      const { a, b } = await lauf(jetzt);
      expect(a).toMatchObject({
        lauf: true,
        fertig: true,
        stichtag: at('2016-01-01', '00:00'),
        jahre: 10,
        // logbook: the two 2015 trips; trips: the repaired one and the one never driven (the open damage
        // keeps its trip); history: check-in and check-out of the repaired trip; its receipt and photo
        anzahl: { fahrtenbuch: 2, fahrten: 2, historie: 2, schaeden: 1, serviceheft: 1, dateien: 2 },
      });
      expect(b).toMatchObject({ lauf: true, anzahl: { fahrten: 0, historie: 0 } });

      expect((await buchungenVon(Object.values(fahrten))).map((r) => r.id).sort()).toEqual(
        [fahrten.offen!, fahrten.neu!, fahrten.fremd!].sort(),
      );
      const buch = await asAll((tx) =>
        tx
          .select({
            laufnummer: fahrtenbuchEintrag.laufnummer,
            buchung: fahrtenbuchEintrag.fahrzeugBuchungId,
          })
          .from(fahrtenbuchEintrag)
          .where(eq(fahrtenbuchEintrag.fahrzeugId, auto)),
      );
      expect(buch).toEqual([{ laufnummer: 3, buchung: fahrten.neu }]);
      const [anker] = await asAll((tx) => tx.select().from(fahrtenbuchAnker));
      expect(anker).toMatchObject({
        mandantId: musterstadt,
        fahrzeugId: auto,
        bisLaufnummer: 2,
        anzahl: 2,
        stichtag: at('2016-01-01', '00:00'),
        geloeschtAm: jetzt,
      });
      expect(anker!.laufId).toBe(a.lauf ? a.laufId : null);
      expect(
        (
          await asAll((tx) =>
            tx
              .select({ b: serviceheftEintrag.beschreibung })
              .from(serviceheftEintrag)
              .where(eq(serviceheftEintrag.fahrzeugId, auto)),
          )
        ).map((r) => r.b),
      ).toEqual(['Reifenwechsel 2015-12-30']);
      // the vehicle itself and its creation entry stay
      expect(
        await asAll((tx) => tx.select({ id: fahrzeug.id }).from(fahrzeug).where(eq(fahrzeug.id, auto))),
      ).toHaveLength(1);

      // the open damage, its photo and its trip's history stay
      const offen = await asAll((tx) =>
        tx
          .select({ id: fahrzeugSchaden.id, foto: fahrzeugSchaden.fotoId })
          .from(fahrzeugSchaden)
          .innerJoin(fahrzeugHistorie, eq(fahrzeugHistorie.id, fahrzeugSchaden.historieId))
          .where(eq(fahrzeugHistorie.fahrzeugBuchungId, fahrten.offen!)),
      );
      expect(offen).toHaveLength(1);
      const bleibt = new Set(
        (
          await asAll((tx) => tx.select({ id: datei.id }).from(datei).where(eq(datei.mandantId, musterstadt)))
        ).map((r) => r.id),
      );
      expect(bleibt.has(offen[0]!.foto!)).toBe(true);
      // the stored files of the deleted rows are gone after the commit, the others are still there
      const weg = dateienAlt.filter((d) => !bleibt.has(d.id));
      expect(weg).toHaveLength(2);
      for (const d of weg) expect(existsSync(dateiPfad(d))).toBe(false);
      for (const d of dateienAlt.filter((x) => bleibt.has(x.id))) expect(existsSync(dateiPfad(d))).toBe(true);
      expect(await asAll((tx) => tx.select().from(dateiEntfernung))).toEqual([]);

      // one audit entry for tenant A's run, none for B's
      const audit = await asAll((tx) =>
        tx.select().from(auditLog).where(eq(auditLog.entity, 'fahrzeug_aufbewahrung')),
      );
      expect(audit.filter((e) => e.mandantId === beispielhausen)).toEqual([]);
      expect(audit.filter((e) => e.mandantId === musterstadt).at(-1)).toMatchObject({
        action: 'delete',
        benutzerId: null,
        entityId: a.lauf ? a.laufId : null,
        newValue: {
          stichtag: at('2016-01-01', '00:00').toISOString(),
          jahre: 10,
          anzahl: { fahrtenbuch: 2, fahrten: 2, historie: 2, schaeden: 1, serviceheft: 1, dateien: 2 },
        },
      });
    });

    it('the chain still verifies from its anchor, and the logbook says what was deleted', async () => {
      clock = at('2026-01-02', '10:00');
      const pruefung = await call(server, fuhrpark, 'POST', `/api/fahrzeuge/${auto}/fahrtenbuch/pruefung`);
      expect(pruefung.status).toBe(200);
      const r = (await pruefung.json()) as TKettenPruefung;
      expect(r).toMatchObject({ ok: true, anzahl: 1, fehler: null });
      expect(r.anker).toMatchObject({
        bisLaufnummer: 2,
        anzahl: 2,
        bisEnde: at('2015-06-10', '11:40').toISOString(),
      });
      const buch = (await (
        await call(
          server,
          fuhrpark,
          'GET',
          `/api/fahrzeuge/${auto}/fahrtenbuch?von=${encodeURIComponent(at('2015-01-01', '00:00').toISOString())}&bis=${encodeURIComponent(at('2017-01-01', '00:00').toISOString())}`,
        )
      ).json()) as TFahrtenbuch;
      expect(buch.eintraege.map((e) => e.aktuell.fahrzeugBuchungId)).toEqual([fahrten.neu]);
      expect(buch.anker).toMatchObject({ bisLaufnummer: 2, anzahl: 2 });

      // the exports say it too
      const zeitraum = `von=${encodeURIComponent(at('2016-01-01', '00:00').toISOString())}&bis=${encodeURIComponent(at('2017-01-01', '00:00').toISOString())}`;
      const hinweis = 'Einträge bis 10.06.2015 nach Ablauf der Aufbewahrungsfrist gelöscht (2 Fassungen)';
      const xlsx = await call(
        server,
        fuhrpark,
        'GET',
        `/api/fahrzeuge/${auto}/fahrtenbuch/export.xlsx?${zeitraum}`,
      );
      expect(xlsx.status).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(await xlsx.arrayBuffer());
      const texte: string[] = [];
      wb.getWorksheet('Legende')!.eachRow((row) =>
        texte.push((row.values as unknown[]).slice(1).join(' | ')),
      );
      expect(texte.some((t) => t.startsWith(`Aufbewahrung | ${hinweis}`))).toBe(true);
      const pdf = await call(
        server,
        fuhrpark,
        'GET',
        `/api/fahrzeuge/${auto}/fahrtenbuch/export.pdf?${zeitraum}`,
      );
      expect(pdf.status).toBe(200);
      const dir = mkdtempSync(path.join(tmpdir(), 'aufbewahrung-'));
      writeFileSync(path.join(dir, 'f.pdf'), Buffer.from(await pdf.arrayBuffer()));
      const text = execFileSync('pdftotext', ['-layout', path.join(dir, 'f.pdf'), '-'], { encoding: 'utf8' });
      rmSync(dir, { recursive: true });
      expect(text.replace(/\s+/g, ' ')).toContain(hinweis);
    });

    it('the database still refuses every UPDATE and DELETE of the logbook outside the purge', async () => {
      const [zeile] = await asAll((tx) => tx.select({ id: fahrtenbuchEintrag.id }).from(fahrtenbuchEintrag));
      // the application role has no right to
      expect(
        await fehlerText(
          server.database.withTenant(musterstadt, (tx) =>
            tx.delete(fahrtenbuchEintrag).where(eq(fahrtenbuchEintrag.id, zeile!.id)),
          ),
        ),
      ).toMatch(/permission denied/);
      // the owner is stopped by the trigger, also with the purge's setting on for a row inside the period
      const alsEigentuemer = (statement: ReturnType<typeof sql>) =>
        server.database.db.transaction(async (tx) => {
          await tx.execute(
            sql`select set_config('stellwerk.aufbewahrung', 'on', true), set_config('stellwerk.aufbewahrung_stichtag', '2016-01-01T00:00:00+01', true)`,
          );
          await tx.execute(statement);
        });
      expect(
        await fehlerText(
          server.database.db.execute(sql`delete from fahrtenbuch_eintrag where id = ${zeile!.id}`),
        ),
      ).toMatch(/unveränderlich/);
      expect(
        await fehlerText(alsEigentuemer(sql`delete from fahrtenbuch_eintrag where id = ${zeile!.id}`)),
      ).toMatch(/unveränderlich/);
      expect(
        await fehlerText(
          alsEigentuemer(sql`update fahrtenbuch_eintrag set notiz = 'x' where id = ${zeile!.id}`),
        ),
      ).toMatch(/unveränderlich/);
      // the purge function refuses a cut-off inside the shortest period (10 years before the database's clock)
      expect(
        await fehlerText(
          server.database.withTenant(musterstadt, (tx) =>
            tx.execute(
              sql`select fahrtenbuch_aufbewahrung_loeschen(${auto}::uuid, 3, now(), gen_random_uuid(), now())`,
            ),
          ),
        ),
      ).toMatch(/Stichtag/);
      // and the anchors are the purge's alone
      expect(
        await fehlerText(server.database.withTenant(musterstadt, (tx) => tx.delete(fahrtenbuchAnker))),
      ).toMatch(/permission denied/);
      expect(
        await asAll((tx) => tx.select({ id: fahrtenbuchEintrag.id }).from(fahrtenbuchEintrag)),
      ).toHaveLength(1);
    });

    it('runs once a day: again the same day does nothing, the next day deletes nothing more and writes no audit entry', async () => {
      const zaehle = () =>
        asAll((tx) =>
          tx.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.entity, 'fahrzeug_aufbewahrung')),
        );
      const vorher = (await zaehle()).length;
      expect((await lauf(at('2026-01-01', '10:00'))).a).toEqual({ lauf: false });
      expect((await lauf(at('2026-01-02', '03:00'))).a).toMatchObject({
        lauf: true,
        fertig: true,
        anzahl: { fahrtenbuch: 0, fahrten: 0, historie: 0, schaeden: 0, serviceheft: 0, dateien: 0 },
      });
      expect((await zaehle()).length).toBe(vorher);
      expect(await asAll((tx) => tx.select().from(fahrtenbuchAnker))).toHaveLength(1);
    });

    it('once the open damage is repaired its trip goes; a file that cannot be removed is tried again on the next run', async () => {
      const [offen] = await asAll((tx) =>
        tx
          .select({ id: fahrzeugSchaden.id, foto: fahrzeugSchaden.fotoId })
          .from(fahrzeugSchaden)
          .innerJoin(fahrzeugHistorie, eq(fahrzeugHistorie.id, fahrzeugSchaden.historieId))
          .where(eq(fahrzeugHistorie.fahrzeugBuchungId, fahrten.offen!)),
      );
      clock = at('2026-01-03', '09:00');
      expect(
        (await call(server, fuhrpark, 'POST', `/api/fahrzeuge/${auto}/schaeden/${offen!.id}/behoben`)).status,
      ).toBe(204);
      const foto = dateienAlt.find((d) => d.id === offen!.foto)!;
      // the photo's place is taken by a directory: removing it fails
      rmSync(dateiPfad(foto));
      mkdirSync(path.join(dateiPfad(foto), 'x'), { recursive: true });

      const { a } = await lauf(at('2026-01-03', '10:00'));
      expect(a).toMatchObject({ lauf: true, anzahl: { fahrten: 1, historie: 2, schaeden: 1, dateien: 2 } });
      expect(await buchungenVon([fahrten.offen!])).toEqual([]);
      expect(
        (await asAll((tx) => tx.select({ pfad: dateiEntfernung.pfad }).from(dateiEntfernung))).map(
          (r) => r.pfad,
        ),
      ).toEqual([foto.pfad]);

      rmSync(dateiPfad(foto), { recursive: true });
      writeFileSync(dateiPfad(foto), PNG);
      expect((await lauf(at('2026-01-03', '10:01'))).a).toEqual({ lauf: false }); // the day is done ...
      expect(existsSync(dateiPfad(foto))).toBe(false); // ... but the file is removed now
      expect(await asAll((tx) => tx.select().from(dateiEntfernung))).toEqual([]);

      const pruefung = (await (
        await call(server, fuhrpark, 'POST', `/api/fahrzeuge/${auto}/fahrtenbuch/pruefung`)
      ).json()) as TKettenPruefung;
      expect(pruefung.ok).toBe(true);
    });

    it('a large backlog goes in batches, each its own transaction; the day is done only when a batch is not full', async () => {
      const ids = await server.database.withTenant(musterstadt, async (tx) => {
        return (
          await tx
            .insert(fahrzeugBuchung)
            .values(
              ['2015-10-01', '2015-10-02', '2015-10-03'].map((tag, i) => ({
                mandantId: musterstadt,
                fahrzeugId: auto,
                benutzerId: lenaId,
                von: at(tag, '09:00'),
                bis: at(tag, '12:00'),
                status: i === 0 ? 'storniert' : 'reserviert',
              })),
            )
            .returning({ id: fahrzeugBuchung.id })
        ).map((r) => r.id);
      });
      const now = at('2026-01-05', '10:00');
      const stapel = (n: number) =>
        server.database.withTenant(musterstadt, (tx) =>
          loescheNachAufbewahrung(tx, { mandantId: musterstadt, now }, n),
        );
      expect(await stapel(2)).toMatchObject({ lauf: true, fertig: false, anzahl: { fahrten: 2 } });
      expect(await buchungenVon(ids)).toHaveLength(1);
      expect(await stapel(2)).toMatchObject({ lauf: true, fertig: true, anzahl: { fahrten: 1 } });
      expect(await buchungenVon(ids)).toEqual([]);
      expect((await lauf(at('2026-01-05', '10:01'))).a).toEqual({ lauf: false });
    });
  },
);
