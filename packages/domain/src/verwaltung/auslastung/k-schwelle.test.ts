import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { brauchtGenaueListen, type KZelle, mitKSchwelle, selektionZeigbar } from './k-schwelle.ts';

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

describe('brauchtGenaueListen: a sample of at least k people stands for a cell of at least k (decision 276)', () => {
  it('needs exact lists only when the small cells together stay below k', () => {
    expect(brauchtGenaueListen([leute('a', 9), leute('b', 7)], 5)).toBe(false);
    expect(brauchtGenaueListen([leute('a', 9), leute('b', 3), leute('c', 2)], 5)).toBe(false);
    expect(brauchtGenaueListen([leute('a', 9), leute('b', 3)], 5)).toBe(true);
    expect(brauchtGenaueListen([leute('a', 9), [], leute('b', 4), leute('b', 4)], 5)).toBe(true);
    expect(brauchtGenaueListen([leute('a', 9), []], 5)).toBe(false);
  });

  it('when it says no, samples of at least k people in place of the large cells give the same answer', () => {
    const k = 5;
    const zellen = fc.array(
      fc.record({
        personen: fc.uniqueArray(fc.integer({ min: 0, max: 30 }), { maxLength: 14 }),
        minuten: fc.integer({ min: 0, max: 600 }),
        rest: fc.integer({ min: 0, max: 1000 }),
      }),
      { minLength: 1, maxLength: 7 },
    );
    fc.assert(
      fc.property(zellen, (zs) => {
        const genau = zs.map((z, i) => zelle(`z${i}`, z.personen.map(String), z.minuten));
        // a large cell's sample: any k or more of its people (the first ones after a rotation)
        const gezogen = zs.map((z, i) => {
          const p = z.personen.map(String);
          if (p.length < k) return genau[i]!;
          const n = k + (z.rest % (p.length - k + 1));
          const dreh = z.rest % p.length;
          return zelle(`z${i}`, [...p.slice(dreh), ...p.slice(0, dreh)].slice(0, n), z.minuten);
        });
        const frage = (c: KZelle<{ minuten: number }>[]) => c.map((z) => z.personen);
        expect(brauchtGenaueListen(frage(gezogen), k)).toBe(brauchtGenaueListen(frage(genau), k));
        if (!brauchtGenaueListen(frage(gezogen), k))
          expect(mitKSchwelle({ zellen: gezogen, k, addiere })).toEqual(
            mitKSchwelle({ zellen: genau, k, addiere }),
          );
      }),
      { numRuns: 2000 },
    );
  });
});
