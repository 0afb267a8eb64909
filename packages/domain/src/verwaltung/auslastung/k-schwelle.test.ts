import { describe, expect, it } from 'vitest';
import { type KZelle, mitKSchwelle, selektionZeigbar } from './k-schwelle.ts';

const leute = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i}`);
const zelle = (schluessel: string, personen: string[], minuten: number): KZelle<{ minuten: number }> => ({
  schluessel,
  bezeichnung: schluessel.toUpperCase(),
  personen,
  werte: { minuten },
});
const addiere = (a: { minuten: number }, b: { minuten: number }) => ({ minuten: a.minuten + b.minuten });

describe('mitKSchwelle (k = 5)', () => {
  it('keeps cells of at least 5 people and merges smaller ones into Sonstige when they reach 5 together', () => {
    const r = mitKSchwelle({
      zellen: [zelle('a', leute('a', 6), 100), zelle('b', leute('b', 3), 10), zelle('c', leute('c', 2), 20)],
      k: 5,
      addiere,
    });
    expect(r.zellen.map((z) => z.schluessel)).toEqual(['a']);
    expect(r.sonstige).toEqual({ anzahlZellen: 2, werte: { minuten: 30 } });
    expect(r.verborgen).toBe(0);
  });

  it('counts distinct people: the same 4 people in two cells stay below 5', () => {
    const vier = leute('x', 4);
    const r = mitKSchwelle({
      zellen: [
        zelle('a', leute('a', 7), 100),
        zelle('b', vier, 10),
        zelle('c', vier, 20),
        zelle('d', leute('d', 8), 50),
      ],
      k: 5,
      addiere,
    });
    // b and c together are 4 people: the smallest shown cell (a, 7 people) joins them
    expect(r.zellen.map((z) => z.schluessel)).toEqual(['d']);
    expect(r.sonstige).toEqual({ anzahlZellen: 3, werte: { minuten: 130 } });
  });

  it('a group of 4 alone: no figure at all', () => {
    const r = mitKSchwelle({ zellen: [zelle('a', leute('a', 4), 100)], k: 5, addiere });
    expect(r).toEqual({ zellen: [], sonstige: null, verborgen: 1 });
  });

  it('cells nobody booked stay (no one behind them)', () => {
    const r = mitKSchwelle({
      zellen: [zelle('leer', [], 0), zelle('a', leute('a', 5), 10)],
      k: 5,
      addiere,
    });
    expect(r.zellen.map((z) => z.schluessel)).toEqual(['leer', 'a']);
    expect(r.sonstige).toBeNull();
  });

  it('never lets a person id out', () => {
    const r = mitKSchwelle({ zellen: [zelle('a', leute('geheim', 5), 1)], k: 5, addiere });
    expect(JSON.stringify(r)).not.toContain('geheim');
  });

  it.each([
    [0, true],
    [1, false],
    [4, false],
    [5, true],
  ])('a selection of %i people may be shown: %s', (personen, expected) => {
    expect(selektionZeigbar({ personen, k: 5 })).toBe(expected);
  });
});
