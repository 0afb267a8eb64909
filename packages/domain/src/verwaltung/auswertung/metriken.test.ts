import { describe, expect, it } from 'vitest';
import {
  type FahrtZeile,
  type FreigabeZeile,
  fahrtenAuswerten,
  freigabenAuswerten,
  fuehrerscheineAuswerten,
  mittlereBehebungsTage,
  mittlereStunden,
  type SchadenZeile,
  schaedenAuswerten,
} from './metriken.ts';

const p = (n: number, prefix = 'p') => Array.from({ length: n }, (_, i) => `${prefix}${i}`);
const A = { standortId: 'a', standortName: 'Aachen' };
const B = { standortId: 'b', standortName: 'Bonn' };
const C = { standortId: 'c', standortName: 'Celle' };

describe('fahrtenAuswerten: trips and km by purpose and location (k = 5)', () => {
  const zeilen: FahrtZeile[] = [
    { ...A, art: 'dienstlich', fahrten: 10, km: 400, personen: p(5) },
    { ...A, art: 'privat', fahrten: 2, km: 120, personen: ['p0'] },
    { ...B, art: 'dienstlich', fahrten: 3, km: 90, personen: p(3, 'b') },
    { ...B, art: 'arbeitsweg', fahrten: 4, km: 60, personen: p(3, 'b') },
    { ...C, art: 'privat', fahrten: 1, km: 30, personen: p(2, 'c') },
  ];
  it.each([
    ['gesamt', 20, 700],
    ['dienstlich', 13, 490],
    ['privat', 3, 150],
    ['arbeitsweg', 4, 60],
  ] as const)('total %s: %i trips, %i km', (art, fahrten, km) => {
    expect(fahrtenAuswerten(zeilen, 5).gesamt?.[art]).toEqual({ fahrten, km });
  });
  it('Aachen (5 drivers) is shown; Bonn (3) and Celle (2) merge into Sonstige (5 people)', () => {
    const r = fahrtenAuswerten(zeilen, 5);
    expect(r.standorte.zellen.map((z) => [z.bezeichnung, z.werte.gesamt])).toEqual([
      ['Aachen', { fahrten: 12, km: 520 }],
    ]);
    expect(r.standorte.sonstige).toEqual({
      anzahlZellen: 2,
      werte: {
        gesamt: { fahrten: 8, km: 180 },
        dienstlich: { fahrten: 3, km: 90 },
        privat: { fahrten: 1, km: 30 },
        arbeitsweg: { fahrten: 4, km: 60 },
      },
    });
  });
  it('4 drivers in all: no figure, no cell', () => {
    const r = fahrtenAuswerten([{ ...A, art: 'privat', fahrten: 9, km: 900, personen: p(4) }], 5);
    expect(r).toEqual({
      verborgen: true,
      gesamt: null,
      standorte: { zellen: [], sonstige: null, verborgen: 0 },
    });
  });
  it('no trips: zeros, shown', () => {
    expect(fahrtenAuswerten([], 5).gesamt?.gesamt).toEqual({ fahrten: 0, km: 0 });
  });
});

describe('freigabenAuswerten: requests, decisions and the time to decision', () => {
  const t = (h: number) => new Date(Date.UTC(2026, 2, 2, h));
  const zeile = (
    buchungId: string,
    ort: typeof A,
    h: number | null,
    f: boolean | null,
    person: string,
  ): FreigabeZeile => ({
    ...ort,
    buchungId,
    angefragtAm: t(0),
    entschiedenAm: h === null ? null : t(h),
    freigegeben: f,
    personen: [person],
  });
  const zeilen = [
    // b1: two approvers, both approve after 2 h and 4 h -> approved
    zeile('b1', A, 2, true, 'p0'),
    zeile('b1', A, 4, true, 'p0'),
    // b2: one approves (1 h), one rejects (3 h) -> rejected
    zeile('b2', A, 1, true, 'p1'),
    zeile('b2', A, 3, false, 'p1'),
    // b3: one approved (6 h), one still open -> open
    zeile('b3', A, 6, true, 'p2'),
    zeile('b3', A, null, null, 'p2'),
    zeile('b4', A, null, null, 'p3'),
    zeile('b5', A, 8, true, 'p4'),
  ];
  it('counts bookings once: 5 requests, 2 approved, 1 rejected, 2 open; 6 decisions, mean 4 h', () => {
    const g = freigabenAuswerten(zeilen, 5).gesamt!;
    expect(g).toMatchObject({ anfragen: 5, freigegeben: 2, abgelehnt: 1, offen: 2, entscheidungen: 6 });
    // (2 + 4 + 1 + 3 + 6 + 8) / 6 = 4
    expect(mittlereStunden(g)).toBe(4);
  });
  it('hidden with 4 bookers', () => {
    expect(freigabenAuswerten(zeilen.slice(0, 7), 5).verborgen).toBe(true);
  });
  it('mean is null without a decision', () => {
    expect(mittlereStunden({ entscheidungen: 0, stundenSumme: 0 })).toBeNull();
  });
});

describe('fuehrerscheineAuswerten: due, overdue, checked', () => {
  const fs = (naechstePruefung: string | null, geprueftAm: string | null, person: string) => ({
    naechstePruefung,
    geprueftAm,
    person,
  });
  const zeilen = [
    fs('2026-03-01', null, 'a'), // due in March, overdue on 2026-03-20
    fs('2026-03-31', '2025-09-30', 'b'), // due, not yet overdue on 2026-03-20
    fs('2026-02-15', null, 'c'), // overdue
    fs('2026-09-01', '2026-03-05', 'd'), // checked in March
    fs(null, null, 'e'),
  ];
  it.each([
    // period, today, due, overdue, checked
    ['March, today 20 March', '2026-03-01', '2026-03-31', '2026-03-20', 2, 2, 1],
    ['March, today in April: reference day 1 April', '2026-03-01', '2026-03-31', '2026-04-10', 2, 3, 1],
    ['February, today in April: reference day 1 March', '2026-02-01', '2026-02-28', '2026-04-10', 1, 1, 0],
  ])('%s', (_, vonTag, bisTag, heute, faellig, ueberfaellig, geprueft) => {
    expect(fuehrerscheineAuswerten(zeilen, { vonTag, bisTag, heute, k: 5 }).gesamt).toEqual({
      fuehrerscheine: 5,
      faellig,
      ueberfaellig,
      geprueft,
      ohneTermin: 1,
    });
  });
  it('hidden with 4 licence holders', () => {
    expect(
      fuehrerscheineAuswerten(zeilen.slice(0, 4), {
        vonTag: '2026-03-01',
        bisTag: '2026-03-31',
        heute: '2026-03-20',
        k: 5,
      }),
    ).toEqual({ verborgen: true, gesamt: null });
  });
});

describe('schaedenAuswerten: reported, repaired, open at the end', () => {
  const tag = (d: number) => new Date(Date.UTC(2026, 2, d));
  const s = (g: number, b: number | null, sr: boolean, person: string): SchadenZeile => ({
    ...A,
    gemeldetAm: tag(g),
    behobenAm: b === null ? null : tag(b),
    sicherheitsrelevant: sr,
    personen: [person],
  });
  // period 1–31 March as [1 March, 1 April)
  const grenzen = { start: tag(1), ende: tag(32), k: 5 };
  const zeilen = [
    s(-5, 3, false, 'a'), // reported in February, repaired 3 March after 8 days
    s(2, 6, true, 'b'), // reported and repaired in March: 4 days
    s(10, null, true, 'c'), // open
    s(20, 40, false, 'd'), // repaired in April: open at the end
    s(-30, null, false, 'e'), // old and open
    s(33, null, false, 'f'), // after the period: not counted
  ];
  it('3 reported (2 safety-relevant), 2 repaired (mean 6 days), 3 open at the end', () => {
    const g = schaedenAuswerten(zeilen, grenzen).gesamt!;
    expect(g).toMatchObject({ gemeldet: 3, davonSicherheitsrelevant: 2, behoben: 2, offenAmEnde: 3 });
    expect(mittlereBehebungsTage(g)).toBe(6);
  });
  it('the damage after the period does not count as a reporter: 4 people left, hidden', () => {
    expect(schaedenAuswerten(zeilen.slice(1), grenzen).verborgen).toBe(true);
  });
});
