import { describe, expect, it } from 'vitest';
import type { TAuswertung, TAuswertungPeriode } from './api.ts';
import { AUSWERTUNG_KENNZAHLEN, alsCsv, exportZeilen, kennzahlenDer } from './kennzahlen.ts';

const leer = { zellen: [], sonstige: null, verborgen: 0 };
const periode = (km: number | null, nachfrage: number | null = null): TAuswertungPeriode => ({
  auslastung: {
    plaetze: 0.25,
    plaetzeVerborgen: false,
    fahrzeugeGebucht: null,
    fahrzeugeGefahren: null,
    fahrzeugeVerborgen: true,
    fahrzeugeNachfrage: nachfrage,
  },
  fahrten:
    km === null
      ? { verborgen: true, gesamt: null, standorte: leer }
      : {
          verborgen: false,
          gesamt: {
            gesamt: { fahrten: 3, km },
            dienstlich: { fahrten: 3, km },
            privat: { fahrten: 0, km: 0 },
            arbeitsweg: { fahrten: 0, km: 0 },
          },
          standorte: leer,
        },
  freigaben: null,
  schaeden: null,
  fuehrerscheine: null,
});
const a: TAuswertung = {
  zeitraum: { art: 'monat', vonTag: '2026-03-01', bisTag: '2026-03-31' },
  vorperiode: { art: 'monat', vonTag: '2026-02-01', bisTag: '2026-02-28' },
  k: 5,
  bereiche: { plaetze: true, fahrzeuge: true },
  auswahl: { standorte: [] },
  aktuell: periode(1234, 7),
  vorher: periode(null),
};

describe('the export rows: the figures of the screen with their denominator', () => {
  it('one row per declared figure, every row with an explanation', () => {
    const z = exportZeilen(a, 'de');
    expect(z).toHaveLength(AUSWERTUNG_KENNZAHLEN.length);
    for (const r of z) expect(r.erklaerung.length).toBeGreaterThan(20);
  });
  it.each([
    ['de', 'Plätze gebucht', '25 %', '25 %'],
    ['en', 'Places booked', '25 %', '25 %'],
    ['de', 'Kilometer dienstlich', '1.234', ''],
    ['en', 'Kilometres business', '1,234', ''],
    // hidden (fewer than k people): an empty cell, never a count
    ['de', 'Fahrzeuge gebucht', '', ''],
    // unmet demand: a count without a person (decision 246)
    ['en', 'Unmet vehicle demand', '7', ''],
  ] as const)('%s %s: %s, before %s', (sprache, kennzahl, wert, vorperiode) => {
    expect(exportZeilen(a, sprache).find((r) => r.kennzahl === kennzahl)).toMatchObject({ wert, vorperiode });
  });
  it('CSV: header with both periods, semicolons, quotes doubled, CRLF', () => {
    const csv = alsCsv(a, 'en');
    const [kopf, erste] = csv.split('\r\n');
    expect(kopf).toBe('"Area";"Figure";"2026-03-01 – 2026-03-31";"2026-02-01 – 2026-02-28";"Explanation"');
    expect(erste).toMatch(/^"Utilisation";"Places booked";"25 %";"25 %";"Booked time/);
    expect(csv.endsWith('\r\n')).toBe(true);
  });
});

describe('the figures of the booking areas switched on (decision 280)', () => {
  it.each([
    [true, true, AUSWERTUNG_KENNZAHLEN.length],
    [true, false, 1],
    [false, true, AUSWERTUNG_KENNZAHLEN.length - 1],
    [false, false, 0],
  ])('places %s, vehicles %s: %i figures', (plaetze, fahrzeuge, anzahl) => {
    expect(kennzahlenDer({ bereiche: { plaetze, fahrzeuge } })).toHaveLength(anzahl);
  });
  it('a library without vehicles: the export has the place utilisation only, no trip, approval, licence or damage row', () => {
    const bibliothek = { ...a, bereiche: { plaetze: true, fahrzeuge: false } };
    expect(exportZeilen(bibliothek, 'de').map((z) => z.kennzahl)).toEqual(['Plätze gebucht']);
    expect(alsCsv(bibliothek, 'de')).not.toContain('Fahrten');
  });
  it('a fleet without reading rooms: every figure but the place utilisation', () => {
    const flotte = exportZeilen({ ...a, bereiche: { plaetze: false, fahrzeuge: true } }, 'en');
    expect(flotte.map((z) => z.kennzahl)).not.toContain('Places booked');
    expect(flotte.map((z) => z.bereich)).toEqual(
      expect.arrayContaining(['Utilisation', 'Trips', 'Approvals', 'Licence checks', 'Damages']),
    );
  });
});
