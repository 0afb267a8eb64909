import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { berlinInstant, berlinWallDate } from '../../time.ts';
import type { FahrtenbuchEintrag } from './eintrag.ts';
import {
  aenderungen,
  aenderungsName,
  exportDateiname,
  kennzeichnungen,
  kettenBefundText,
  kuerzen,
  LEGENDE,
  pdfSeitenzahl,
  zeitpunktDE,
} from './export.ts';

const t = berlinInstant;
const eintrag = (over: Partial<FahrtenbuchEintrag> = {}): FahrtenbuchEintrag => ({
  art: 'dienstlich',
  beginn: t('2026-11-23', '09:00'),
  ende: t('2026-11-23', '12:00'),
  kmBeginn: 12_000,
  kmEnde: 12_085,
  fahrerId: 'u-1',
  fahrerName: 'Erika Muster',
  ziel: 'Hauptstraße 1',
  zweck: 'Wartung Pumpwerk',
  partner: 'Pumpen GmbH',
  umweg: null,
  notiz: null,
  id: 'e-1',
  fahrzeugId: 'f-1',
  kennzeichen: 'M-ST 1',
  fahrzeugBuchungId: 'b-1',
  quelle: 'fahrt',
  korrigiertId: null,
  grund: null,
  erfasstAm: t('2026-11-23', '12:00'),
  erfasstVonId: 'u-1',
  erfasstVonName: 'Erika Muster',
  hashVorher: '0'.repeat(64),
  hash: 'a'.repeat(64),
  ...over,
});

describe('logbook export rows (decision 065)', () => {
  it.each([
    ['a complete trip from a check-out', eintrag(), [], 0, []],
    ['a trip recorded by hand', eintrag({ quelle: 'hand' }), [], 0, ['H']],
    ['an addition', eintrag({ korrigiertId: 'e-0' }), [eintrag({ id: 'e-0', partner: null })], 0, ['N']],
    [
      'a correction',
      eintrag({ korrigiertId: 'e-0', grund: 'falsch' }),
      [eintrag({ id: 'e-0', zweck: 'Alt' })],
      0,
      ['K'],
    ],
    ['an incomplete business trip after a gap', eintrag({ partner: null }), [], 12, ['U', 'L']],
    [
      'a private trip is never incomplete',
      eintrag({ art: 'privat', ziel: null, zweck: null, partner: null }),
      [],
      0,
      [],
    ],
  ] as const)('%s is marked %j', (_, aktuell, fruehere, lueckeKm, marks) => {
    expect(kennzeichnungen({ aktuell, fruehere: [...fruehere], lueckeKm })).toEqual(marks);
  });

  it('every mark the rows use is explained in the legend', () => {
    const kuerzel = LEGENDE.map((l) => l.kuerzel);
    for (const k of ['D', 'P', 'A', 'H', 'N', 'K', 'U', 'L']) expect(kuerzel).toContain(k);
  });

  it('a correction lists old and new field by field; an addition is named as such', () => {
    const alt = eintrag({ zweck: 'Wartung', partner: null });
    const neu = eintrag({ zweck: 'Inspektion', partner: 'Pumpen GmbH' });
    expect(aenderungen({ alt, neu })).toEqual([
      { feld: 'zweck', alt: 'Wartung', neu: 'Inspektion' },
      { feld: 'partner', alt: '', neu: 'Pumpen GmbH' },
    ]);
    expect(aenderungsName(alt, neu)).toBe('Korrektur');
    expect(aenderungsName(eintrag({ partner: null }), eintrag())).toBe('Nachtrag');
    expect(aenderungen({ alt: eintrag(), neu: eintrag({ art: 'privat' }) })).toEqual([
      { feld: 'art', alt: 'Dienstfahrt', neu: 'Privatfahrt' },
    ]);
    // a corrected reading shows old and new (decision 092)
    const km = eintrag();
    expect(aenderungen({ alt: km, neu: { ...km, kmEnde: km.kmEnde - 27 } })).toEqual([
      { feld: 'kmEnde', alt: String(km.kmEnde), neu: String(km.kmEnde - 27) },
    ]);
    expect(aenderungsName(km, { ...km, kmEnde: km.kmEnde - 27 })).toBe('Korrektur');
  });

  it('file names are ASCII without spaces; times are Berlin wall-clock, also across DST', () => {
    expect(
      exportDateiname({
        kennzeichen: 'MS-SW 103',
        vonTag: '2026-01-01',
        bisTag: '2026-12-31',
        endung: 'xlsx',
      }),
    ).toBe('Fahrtenbuch_MS-SW-103_2026-01-01_2026-12-31.xlsx');
    expect(exportDateiname({ kennzeichen: 'Ö-ÄÜ 1', vonTag: 'a', bisTag: 'b', endung: 'pdf' })).toBe(
      'Fahrtenbuch_O-AU-1_a_b.pdf',
    );
    expect(zeitpunktDE(t('2026-03-29', '03:30'))).toBe('29.03.2026 03:30');
    expect(zeitpunktDE(t('2026-10-25', '02:30'))).toBe('25.10.2026 02:30');
    expect(berlinWallDate(t('2026-07-01', '09:00')).toISOString()).toBe('2026-07-01T09:00:00.000Z');
    expect(berlinWallDate(t('2026-12-01', '09:00')).toISOString()).toBe('2026-12-01T09:00:00.000Z');
    expect(kuerzen('Hauptstraße', 6)).toBe('Haupt…');
    expect(kuerzen('kurz', 6)).toBe('kurz');
  });

  it.each([
    [0, 25, 8, 1],
    [17, 25, 8, 1],
    [18, 25, 8, 2],
    [25, 25, 8, 2],
    [50, 25, 8, 3],
    [42, 25, 8, 2],
  ])('%i rows, %i per page, closing block %i: %i pages', (zeilen, zeilenProSeite, schlussZeilen, seiten) => {
    expect(pdfSeitenzahl({ zeilen, zeilenProSeite, schlussZeilen })).toBe(seiten);
  });

  it('the page count is the pages the rows and the closing block fill (property)', () => {
    fc.assert(
      fc.property(
        fc.nat(5000),
        fc.integer({ min: 5, max: 60 }),
        fc.integer({ min: 1, max: 5 }),
        (zeilen, zps, s) => {
          const seiten = pdfSeitenzahl({ zeilen, zeilenProSeite: zps, schlussZeilen: s });
          // simulate: rows fill pages; the closing block goes where it fits, else on a new page
          let seite = 1;
          let zeile = 0;
          for (let i = 0; i < zeilen; i += 1) {
            if (zeile >= zps) {
              seite += 1;
              zeile = 0;
            }
            zeile += 1;
          }
          if (zps - zeile < s) seite += 1;
          expect(seiten).toBe(seite);
        },
      ),
    );
  });
});

describe('kettenBefundText (decision 091)', () => {
  const kopf = { laufnummer: 5, hash: 'a'.repeat(64) };
  it.each([
    [
      { ok: true, anzahl: 5, fehler: null, kopf },
      `Kette geprüft: in Ordnung, 5 Einträge, Kopf Nr. 5, Hash ${'a'.repeat(64)}.`,
    ],
    [
      { ok: true, anzahl: 0, fehler: null, kopf: null },
      'Kette geprüft: in Ordnung, 0 Einträge, noch kein Eintrag.',
    ],
    [
      { ok: false, anzahl: 3, fehler: { laufnummer: 4, bisLaufnummer: 5, grund: 'fehlt' as const }, kopf },
      `ACHTUNG – Kette verletzt: Einträge Nr. 4 bis 5 fehlen (gelöscht oder entfernt). Erster betroffener Eintrag: Nr. 4; aufgezeichneter Kopf Nr. 5, Hash ${'a'.repeat(64)}. Dieses Fahrtenbuch ist nicht ordnungsgemäß.`,
    ],
    [
      { ok: false, anzahl: 4, fehler: { laufnummer: 5, bisLaufnummer: 5, grund: 'fehlt' as const }, kopf },
      expect.stringContaining('Eintrag Nr. 5 fehlt (gelöscht oder entfernt)'),
    ],
    [
      { ok: false, anzahl: 5, fehler: { laufnummer: 3, bisLaufnummer: 3, grund: 'inhalt' as const }, kopf },
      expect.stringContaining('Eintrag Nr. 3 wurde nach dem Speichern verändert'),
    ],
    [
      {
        ok: false,
        anzahl: 5,
        fehler: { laufnummer: 2, bisLaufnummer: 2, grund: 'verkettung' as const },
        kopf,
      },
      expect.stringContaining('Eintrag Nr. 2 folgt nicht auf seinen Vorgänger'),
    ],
    [
      { ok: false, anzahl: 5, fehler: { laufnummer: 2, bisLaufnummer: 2, grund: 'kopf' as const }, kopf },
      expect.stringContaining('ACHTUNG – Kette verletzt: Eintrag Nr. 2 ist nicht der gespeicherte'),
    ],
  ])('%o', (befund, text) => {
    expect(kettenBefundText(befund)).toEqual(text);
  });
});
