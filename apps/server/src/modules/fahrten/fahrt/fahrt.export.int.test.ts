import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TFahrtenbuch, TKettenPruefung } from '@stellwerk/domain/fahrten/fahrtenbuch/api';
import type { TFahrzeugHistorie } from '@stellwerk/domain/fahrzeuge/fahrzeug/historie-api';
import type { TFahrzeugBuchung } from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/api';
import { addCalendarDays, berlinDateKey, berlinInstant } from '@stellwerk/domain/time';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, errorOf } from '../../../../test/api-call.ts';
import { signInAs } from '../../../../test/fixtures/anmelden.ts';
import { FAHRTEN_MANDANT } from '../../../../test/fixtures/fahrten.ts';
import { FUHRPARK_LEUTE, FUHRPARK_ROLLEN, fuhrparkWagen } from '../../../../test/fixtures/fuhrpark.ts';
import { fixtureMandant } from '../../../../test/fixtures/mandant.ts';
import { ANDERER_MANDANT } from '../../../../test/fixtures/verwaltung.ts';
import { startTestServer, type TestServer, testDrivers } from '../../../../test/harness.ts';

const tag = addCalendarDays(berlinDateKey(new Date()), 2);
const um = (hhmm: string) => berlinInstant(tag, hhmm);
const ablesung = { tankfuellung: 70, sauberkeitAussen: 'sauber', sauberkeitInnen: 'sauber', schaeden: [] };
const zeitraum = `von=${encodeURIComponent(um('00:00').toISOString())}&bis=${encodeURIComponent(
  berlinInstant(addCalendarDays(tag, 1), '00:00').toISOString(),
)}`;

/**
 * The booker Lena Hoffmann who drives MS-SW 102 (the demo's booking times, no reading yet), the fleet manager who
 * holds the report right, the caretaker Jonas Schneider who maintains vehicles without it, and the administrator of
 * another tenant.
 */
const mandanten = async (server: TestServer) => ({
  ms: await fixtureMandant(server.database, {
    ...FAHRTEN_MANDANT,
    rollen: { ...FUHRPARK_ROLLEN, Fahrzeugpflege: ['fahrzeug_pflege'] },
    benutzer: {
      ...FUHRPARK_LEUTE,
      fahrzeugpflege: { vorname: 'Jonas', nachname: 'Schneider', rollen: ['Fahrzeugpflege'] },
    },
    fahrzeuge: { kombi: fuhrparkWagen('MS-SW 102') },
  }),
  bh: await fixtureMandant(server.database, ANDERER_MANDANT),
});

describe.each(testDrivers())('logbook export and vehicle history on %s', (driver) => {
  let server: TestServer;
  let clock = new Date();
  let mitarbeiter: string;
  let fuhrpark: string;
  let pflege: string;
  let adminBH: string;
  let auto: string;

  beforeAll(async () => {
    server = await startTestServer({ driver, now: () => clock, seed: false });
    const { ms, bh } = await mandanten(server);
    [mitarbeiter, fuhrpark, pflege, adminBH] = await Promise.all([
      signInAs(server, ms.benutzer.mitarbeiter),
      signInAs(server, ms.benutzer.fuhrpark),
      signInAs(server, ms.benutzer.fahrzeugpflege),
      signInAs(server, bh.benutzer.admin),
    ]);
    auto = ms.fahrzeuge.kombi;
    // a trip through the API: booking, check-in, check-out, then a correction of its purpose
    const created = await call(server, mitarbeiter, 'POST', '/api/fahrzeug-buchungen', {
      fahrzeugId: auto,
      von: um('09:00').toISOString(),
      bis: um('12:00').toISOString(),
      anlass: 'Baustellenbesuch Nordring',
      zielAdresse: 'Nordring 5, Musterstadt',
    });
    expect(created.status).toBe(201);
    const buchung = (await created.json()) as TFahrzeugBuchung;
    clock = um('08:50');
    const ein = await call(server, mitarbeiter, 'POST', `/api/fahrzeug-buchungen/${buchung.id}/check-in`, {
      ...ablesung,
      kilometerstand: 30_000,
    });
    expect(ein.status).toBe(200);
    clock = um('11:40');
    const aus = await call(server, mitarbeiter, 'POST', `/api/fahrzeug-buchungen/${buchung.id}/check-out`, {
      ...ablesung,
      abstellplatz: 'P1',
      kilometerstand: 30_042,
      fahrt: { art: 'dienstlich', partner: 'Tiefbau Müller GmbH' },
    });
    expect(aus.status).toBe(200);
    clock = um('13:00');
    const buch = (await (
      await call(server, fuhrpark, 'GET', `/api/fahrzeuge/${auto}/fahrtenbuch`)
    ).json()) as TFahrtenbuch;
    const korrektur = await call(
      server,
      mitarbeiter,
      'POST',
      `/api/fahrtenbuch/${buch.eintraege[0]!.aktuell.id}/fassungen`,
      {
        art: 'dienstlich',
        ziel: 'Nordring 5, Musterstadt',
        zweck: 'Bauabnahme Nordring',
        partner: 'Tiefbau Müller GmbH',
        grund: 'Zweck falsch übernommen',
      },
    );
    expect(korrektur.status).toBe(201);
  });
  afterAll(async () => {
    await server?.close();
  });

  const pruefung = async (): Promise<TKettenPruefung> =>
    (await (
      await call(server, fuhrpark, 'POST', `/api/fahrzeuge/${auto}/fahrtenbuch/pruefung`)
    ).json()) as TKettenPruefung;

  it('exports the logbook as Excel: typed columns, German headers, totals, the correction, the legend and hash', async () => {
    const res = await call(
      server,
      fuhrpark,
      'GET',
      `/api/fahrzeuge/${auto}/fahrtenbuch/export.xlsx?${zeitraum}`,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    expect(res.headers.get('content-disposition')).toContain(`Fahrtenbuch_MS-SW-102_${tag}_${tag}.xlsx`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await res.arrayBuffer());
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Fahrtenbuch', 'Korrekturen', 'Legende']);
    const ws = wb.getWorksheet('Fahrtenbuch')!;
    const kopf = ws.getRow(1).values as unknown[];
    expect(kopf.slice(1, 9)).toEqual([
      'Nr.',
      'Datum',
      'Abfahrt',
      'Ankunft',
      'Km-Stand Beginn',
      'Km-Stand Ende',
      'Gefahrene km',
      'Art',
    ]);
    expect(kopf).toContain('Reisezweck');
    expect(kopf).toContain('Geschäftspartner');
    const zeile = ws.getRow(2);
    expect(zeile.getCell(3).value).toBeInstanceOf(Date);
    // Berlin wall-clock time in the cell
    expect((zeile.getCell(3).value as Date).toISOString().slice(11, 16)).toBe('08:50');
    expect(zeile.getCell(5).value).toBe(30_000);
    expect(zeile.getCell(6).value).toBe(30_042);
    expect(zeile.getCell(7).value).toBe(42);
    expect(zeile.getCell(8).value).toBe('D');
    expect(zeile.getCell(9).value).toBe('Lena Hoffmann');
    expect(zeile.getCell(11).value).toBe('Bauabnahme Nordring');
    expect(zeile.getCell(12).value).toBe('Tiefbau Müller GmbH');
    expect(zeile.getCell(15).value).toBe('K');
    const summe = ws.getRow(4);
    expect(summe.getCell(9).value).toBe('Summe km');
    expect(summe.getCell(7).value).toMatchObject({ formula: 'SUM(G2:G2)', result: 42 });

    const ks = wb.getWorksheet('Korrekturen')!;
    const k = ks.getRow(2).values as unknown[];
    expect(k).toContain('Korrektur');
    expect(k).toContain('Reisezweck');
    expect(k).toContain('Baustellenbesuch Nordring');
    expect(k).toContain('Bauabnahme Nordring');
    expect(k).toContain('Zweck falsch übernommen');

    const legende = wb.getWorksheet('Legende')!;
    const texte: string[] = [];
    legende.eachRow((r) => texte.push((r.values as unknown[]).slice(1).join(' | ')));
    expect(texte).toContain('Kennzeichen | MS-SW 102');
    expect(texte).toContain(`Letzter Hash der Kette | ${(await pruefung()).letzterHash}`);
    expect(texte.some((t) => t.startsWith('K | Korrektur'))).toBe(true);
    // the chain check, in the legend and below the totals of the first sheet (decision 091)
    const ok = `Kette geprüft: in Ordnung, 2 Einträge, Kopf Nr. 2, Hash ${(await pruefung()).letzterHash}.`;
    expect(texte).toContain(`Kettenprüfung | ${ok}`);
    const zeilen: string[] = [];
    ws.eachRow((r) => zeilen.push((r.values as unknown[]).filter((v) => v !== undefined).join(' | ')));
    expect(zeilen).toContain(`Kettenprüfung | ${ok}`);
  });

  it('exports the logbook as PDF: vehicle, period, both versions of the corrected trip, pages and the hash', async () => {
    const res = await call(
      server,
      fuhrpark,
      'GET',
      `/api/fahrzeuge/${auto}/fahrtenbuch/export.pdf?${zeitraum}`,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const dir = mkdtempSync(join(tmpdir(), 'fahrtenbuch-'));
    const datei = join(dir, 'f.pdf');
    writeFileSync(datei, Buffer.from(await res.arrayBuffer()));
    const text = execFileSync('pdftotext', ['-layout', datei, '-'], { encoding: 'utf8' });
    expect(text).toContain('Fahrtenbuch');
    expect(text).toContain('Kennzeichen MS-SW 102');
    expect(text).toContain('Stadtwerke Musterstadt');
    expect(text).toContain('Geschäftspartner');
    expect(text).toContain('Tiefbau Müller GmbH');
    // the original and the correction, with who and why
    expect(text).toContain('Baustellenbesuch Nordring');
    expect(text).toContain('Bauabnahme Nordring');
    expect(text).toMatch(
      /Korrektur \(ersetzt Fassung 1\) am .* von Lena Hoffmann · Grund: Zweck falsch übernommen/,
    );
    expect(text).toContain('30.000');
    expect(text).toContain('Seite 1 von 1');
    expect(text.replace(/\s+/g, '')).toContain((await pruefung()).letzterHash!);
    // the chain check on the first page (decision 091)
    const ersteSeite = text.split('\f')[0]!.replace(/\s+/g, ' ');
    expect(ersteSeite).toContain(
      `Kette geprüft: in Ordnung, 2 Einträge, Kopf Nr. 2, Hash ${(await pruefung()).letzterHash}.`,
    );
  });

  it('refuses the export without fahrzeug_logbuch_report (403), another tenant’s vehicle (404), a reversed period', async () => {
    for (const format of ['xlsx', 'pdf']) {
      const path = `/api/fahrzeuge/${auto}/fahrtenbuch/export.${format}`;
      expect((await call(server, null, 'GET', path)).status).toBe(401);
      // the caretaker maintains vehicles but does not hold the report right
      const pflegeAntwort = await call(server, pflege, 'GET', path);
      expect(pflegeAntwort.status).toBe(403);
      expect((await errorOf(pflegeAntwort)).code).toBe('auth.forbidden');
      expect((await call(server, mitarbeiter, 'GET', path)).status).toBe(403);
      expect((await call(server, adminBH, 'GET', path)).status).toBe(404);
      const verkehrt = await call(
        server,
        fuhrpark,
        'GET',
        `${path}?von=${encodeURIComponent(um('12:00').toISOString())}&bis=${encodeURIComponent(um('08:00').toISOString())}`,
      );
      expect(verkehrt.status).toBe(422);
    }
  });

  it('the history shows every entry its actions wrote; an unknown type answers ‘Typ {x} unbekannt’', async () => {
    const historie = async (query = '') =>
      (await (
        await call(server, fuhrpark, 'GET', `/api/fahrzeuge/${auto}/historie${query}`)
      ).json()) as TFahrzeugHistorie;
    expect((await historie()).eintraege.map((h) => h.typ)).toEqual(['CHECK_OUT', 'CHECK_IN']);
    const [aus] = (await historie()).eintraege;
    expect(aus).toMatchObject({ kilometerstand: 30_042, benutzer: { name: 'Lena Hoffmann' } });

    // a maintenance block writes WARTUNG, lifting it a STATUSAENDERUNG
    clock = um('14:00');
    const sperre = await call(server, fuhrpark, 'POST', '/api/fahrzeug-sperren', {
      fahrzeugId: auto,
      typ: 'WARTUNG',
      von: berlinInstant(addCalendarDays(tag, 3), '08:00').toISOString(),
      bis: berlinInstant(addCalendarDays(tag, 3), '12:00').toISOString(),
      umbuchungen: [],
    });
    expect(sperre.status).toBe(201);
    const { sperre: block } = (await sperre.json()) as { sperre: { id: string } };
    clock = um('14:10');
    expect((await call(server, fuhrpark, 'DELETE', `/api/fahrzeug-sperren/${block.id}`)).status).toBe(204);
    const alle = (await historie()).eintraege;
    expect(alle.map((h) => h.typ)).toEqual(['STATUSAENDERUNG', 'WARTUNG', 'CHECK_OUT', 'CHECK_IN']);
    expect(alle[1]!.beschreibung).toMatch(/^Wartung /);
    expect(alle[0]!.beschreibung).toMatch(/^Wartung aufgehoben/);
    expect((await historie('?typ=CHECK_IN')).eintraege.map((h) => h.typ)).toEqual(['CHECK_IN']);
    const seite = await historie('?anzahl=1');
    expect(seite).toMatchObject({ weitere: true });
    expect(
      (await historie(`?anzahl=10&vor=${encodeURIComponent(seite.eintraege[0]!.zeitpunkt)}`)).eintraege,
    ).toHaveLength(3);

    const unbekannt = await call(server, fuhrpark, 'GET', `/api/fahrzeuge/${auto}/historie?typ=CHECKIN`);
    expect(unbekannt.status).toBe(400);
    expect((await errorOf(unbekannt)).message).toBe('Typ CHECKIN unbekannt');
    expect((await call(server, mitarbeiter, 'GET', `/api/fahrzeuge/${auto}/historie`)).status).toBe(403);
    expect((await call(server, adminBH, 'GET', `/api/fahrzeuge/${auto}/historie`)).status).toBe(404);
  });
});
