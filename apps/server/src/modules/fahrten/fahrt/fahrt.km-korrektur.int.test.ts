/**
 * Mileage in the logbook (decision 092) on both databases: a check-in equal to the last reading is
 * refused with the spec's message naming that reading; a business trip of 0 km writes its entry; a reading is
 * corrected like any other field (a new version with a reason, old and new visible in the logbook and both
 * exports, the chain intact), and the next check-in is checked against the corrected value.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type {
  TCheckInVorlage,
  TFahrtenbuch,
  TFahrtenbuchFassung,
  TKettenPruefung,
} from '@stellwerk/domain/fahrten/fahrtenbuch/api';
import type { TFahrzeugBuchung } from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/api';
import { addCalendarDays, berlinDateKey, berlinInstant } from '@stellwerk/domain/time';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, errorOf } from '../../../../test/api-call.ts';
import { signInAs } from '../../../../test/fixtures/anmelden.ts';
import { fixtureMandant } from '../../../../test/fixtures/mandant.ts';
import { startTestServer, type TestServer, testDrivers } from '../../../../test/harness.ts';

const tag = addCalendarDays(berlinDateKey(new Date()), 3);
const um = (hhmm: string) => berlinInstant(tag, hhmm);
const ablesung = { tankfuellung: 80, sauberkeitAussen: 'sauber', sauberkeitInnen: 'sauber', schaeden: [] };
const zeitraum = `von=${encodeURIComponent(um('00:00').toISOString())}&bis=${encodeURIComponent(
  berlinInstant(addCalendarDays(tag, 1), '00:00').toISOString(),
)}`;
const dienstlich = {
  art: 'dienstlich',
  ziel: 'Hauptstraße 1, Musterstadt',
  zweck: 'Kundentermin',
  partner: 'Muster AG',
};

/**
 * The booker (licensed) and the fleet manager who reads and corrects the logbook; the depot with its parking spots
 * and the transporter MS-SW 103 (the demo's booking times, also bookable outside them), with no reading yet.
 */
const musterstadt = (server: TestServer) =>
  fixtureMandant(server.database, {
    name: 'Stadtwerke Musterstadt',
    domain: 'musterstadt.example',
    features: { FahrzeugBuchung: true },
    einstellungen: { Sprache: 'de' },
    standorte: {
      nord: {
        name: 'Betriebshof Nord',
        bundesland: 'NW',
        abstellplaetze: ['P1', 'P2', 'P3', 'P4', 'P5', 'P6'],
      },
    },
    rollen: {
      Mitarbeiter: ['fahrzeug_buchen'],
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
      mitarbeiter: { vorname: 'Lena', nachname: 'Hoffmann', rollen: ['Mitarbeiter'], fuehrerschein: true },
      fuhrpark: { vorname: 'Thomas', nachname: 'Becker', rollen: ['Fuhrparkleitung'], fuehrerschein: true },
    },
    fahrzeuge: {
      transporter: {
        standort: 'nord',
        kennzeichen: 'MS-SW 103',
        marke: 'Volkswagen',
        modell: 'Transporter T6.1 Kombi',
        buchungszeiten: { von: '07:00', bis: '19:00', wochentage: [1, 2, 3, 4, 5], ausserhalbMoeglich: true },
      },
    },
  });

describe.each(testDrivers())('mileage correction in the logbook on %s', (driver) => {
  let server: TestServer;
  let clock = new Date();
  let mitarbeiter: string;
  let fuhrpark: string;
  let auto: string;
  let letzter = 0;

  const buche = async (von: string, bis: string): Promise<string> => {
    clock = berlinInstant(addCalendarDays(tag, -1), '12:00');
    const r = await call(server, mitarbeiter, 'POST', '/api/fahrzeug-buchungen', {
      fahrzeugId: auto,
      von: um(von).toISOString(),
      bis: um(bis).toISOString(),
      anlass: 'Kundentermin',
      zielAdresse: 'Hauptstraße 1, Musterstadt',
    });
    expect(r.status, await r.clone().text()).toBe(201);
    return ((await r.json()) as TFahrzeugBuchung).id;
  };
  const checkIn = (id: string, kilometerstand: number) =>
    call(server, mitarbeiter, 'POST', `/api/fahrzeug-buchungen/${id}/check-in`, {
      ...ablesung,
      kilometerstand,
    });
  const checkOut = (id: string, kilometerstand: number) =>
    call(server, mitarbeiter, 'POST', `/api/fahrzeug-buchungen/${id}/check-out`, {
      ...ablesung,
      kilometerstand,
      abstellplatz: 'P1',
      fahrt: dienstlich,
    });
  const logbuch = async () =>
    (await (
      await call(server, fuhrpark, 'GET', `/api/fahrzeuge/${auto}/fahrtenbuch?${zeitraum}`)
    ).json()) as TFahrtenbuch;

  beforeAll(async () => {
    server = await startTestServer({ driver, now: () => clock, seed: false });
    const ms = await musterstadt(server);
    [mitarbeiter, fuhrpark] = await Promise.all([
      signInAs(server, ms.benutzer.mitarbeiter),
      signInAs(server, ms.benutzer.fuhrpark),
    ]);
    auto = ms.fahrzeuge.transporter;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('a check-in equal to the last reading is refused naming it; a business trip of 0 km gets its entry', async () => {
    const id = await buche('09:00', '10:00');
    clock = um('08:50');
    const vorlage = (await (
      await call(server, mitarbeiter, 'GET', `/api/fahrzeug-buchungen/${id}/check-in`)
    ).json()) as TCheckInVorlage;
    letzter = vorlage.kilometerstand ?? 20_000;
    if (vorlage.kilometerstand !== null) {
      const gleich = await checkIn(id, letzter);
      expect(gleich.status).toBe(400);
      expect((await errorOf(gleich)).message).toBe(`Kilometerstand muss größer als ${letzter} sein.`);
    }
    expect((await checkIn(id, letzter + 1)).status).toBe(200);
    clock = um('09:40');
    const weniger = await checkOut(id, letzter);
    expect(weniger.status).toBe(400);
    expect((await errorOf(weniger)).message).toBe(`Kilometerstand muss mindestens ${letzter + 1} sein.`);
    expect((await checkOut(id, letzter + 1)).status).toBe(200);
    const buch = await logbuch();
    expect(buch.eintraege).toHaveLength(1);
    expect(buch.eintraege[0]!.aktuell).toMatchObject({
      art: 'dienstlich',
      kmBeginn: letzter + 1,
      kmEnde: letzter + 1,
      strecke: 0,
    });
  });

  it('a reading is corrected with a reason; old and new stay visible, the chain verifies, the next check-in checks against it', async () => {
    const id = await buche('10:30', '11:30');
    clock = um('10:20');
    expect((await checkIn(id, letzter + 2)).status).toBe(200);
    clock = um('11:10');
    expect((await checkOut(id, letzter + 130)).status).toBe(200);
    const alt = (await logbuch()).eintraege.at(-1)!.aktuell;
    expect(alt.kmEnde).toBe(letzter + 130);

    const fassung = (body: unknown) =>
      call(server, fuhrpark, 'POST', `/api/fahrtenbuch/${alt.id}/fassungen`, body);
    clock = um('11:20');
    const ohneGrund = await fassung({ ...dienstlich, kmEnde: letzter + 103 });
    expect(ohneGrund.status).toBe(422);
    expect((await errorOf(ohneGrund)).message).toBe('Bitte geben Sie an, warum der Eintrag korrigiert wird.');
    const unterBeginn = await fassung({ ...dienstlich, kmEnde: letzter + 1, grund: 'Tippfehler' });
    expect((await errorOf(unterBeginn)).message).toBe(`Kilometerstand muss mindestens ${letzter + 2} sein.`);
    // the start may not reach below the previous trip's end
    const vorVorgaenger = await fassung({ ...dienstlich, kmBeginn: letzter, grund: 'Tippfehler' });
    expect(vorVorgaenger.status).toBe(400);

    const ok = await fassung({ ...dienstlich, kmEnde: letzter + 103, grund: 'Zahlendreher beim Ablesen' });
    expect(ok.status, await ok.clone().text()).toBe(201);
    const neu = (await ok.json()) as TFahrtenbuchFassung;
    expect(neu).toMatchObject({ korrigiertId: alt.id, kmEnde: letzter + 103, strecke: 101 });

    const eintrag = (await logbuch()).eintraege.at(-1)!;
    expect(eintrag.aktuell.kmEnde).toBe(letzter + 103);
    expect(eintrag.fruehere.map((f) => f.kmEnde)).toEqual([letzter + 130]);
    const pruefung = (await (
      await call(server, fuhrpark, 'POST', `/api/fahrzeuge/${auto}/fahrtenbuch/pruefung`)
    ).json()) as TKettenPruefung;
    expect(pruefung).toMatchObject({ ok: true, fehler: null, letzterHash: neu.hash });

    // the next check-in is checked against the corrected reading, not the one it replaced
    const naechste = await buche('12:00', '13:00');
    clock = um('11:50');
    const gleich = await checkIn(naechste, letzter + 103);
    expect((await errorOf(gleich)).message).toBe(`Kilometerstand muss größer als ${letzter + 103} sein.`);
    expect((await checkIn(naechste, letzter + 104)).status).toBe(200);
  });

  it('both exports show the corrected reading, old and new', async () => {
    const xlsx = await call(
      server,
      fuhrpark,
      'GET',
      `/api/fahrzeuge/${auto}/fahrtenbuch/export.xlsx?${zeitraum}`,
    );
    expect(xlsx.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await xlsx.arrayBuffer());
    const korrekturen: string[] = [];
    wb.getWorksheet('Korrekturen')!.eachRow((r) =>
      korrekturen.push((r.values as unknown[]).filter((v) => v !== undefined).join(' | ')),
    );
    const zeile = korrekturen.find((z) => z.includes('Km-Stand Ende'));
    expect(zeile).toContain(String(letzter + 130));
    expect(zeile).toContain(String(letzter + 103));
    expect(zeile).toContain('Zahlendreher beim Ablesen');

    const pdf = await call(
      server,
      fuhrpark,
      'GET',
      `/api/fahrzeuge/${auto}/fahrtenbuch/export.pdf?${zeitraum}`,
    );
    expect(pdf.status).toBe(200);
    const dir = mkdtempSync(join(tmpdir(), 'km-korrektur-'));
    writeFileSync(join(dir, 'f.pdf'), Buffer.from(await pdf.arrayBuffer()));
    const text = execFileSync('pdftotext', ['-layout', join(dir, 'f.pdf'), '-'], { encoding: 'utf8' });
    rmSync(dir, { recursive: true });
    const de = (n: number) => n.toLocaleString('de-DE');
    expect(text).toContain(de(letzter + 130));
    expect(text).toContain(de(letzter + 103));
    expect(text).toMatch(/Korrektur \(ersetzt Fassung \d+\) am .* · Grund: Zahlendreher beim Ablesen/);
    expect(text.replace(/\s+/g, ' ')).toContain('Kette geprüft: in Ordnung');
  });
});
