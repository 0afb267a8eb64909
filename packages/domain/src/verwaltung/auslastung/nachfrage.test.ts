import { describe, expect, it } from 'vitest';
import { type NachfrageZeile, nachfrageAusSummen, nachfrageAuswerten } from './nachfrage.ts';

const zeile = (z: Partial<NachfrageZeile>): NachfrageZeile => ({
  standortId: 'a',
  standortName: 'Alpha',
  kategorie: 'Kombi',
  tag: '2026-03-10',
  stunde: 8,
  anzahl: 1,
  ...z,
});

describe('nachfrageAuswerten', () => {
  it('sums the counts per location, category, day and hour, and in total', () => {
    const a = nachfrageAuswerten(
      [
        zeile({ anzahl: 3 }),
        zeile({ kategorie: '', stunde: 9, anzahl: 2 }),
        zeile({ standortId: 'b', standortName: 'Beta', tag: '2026-03-09', anzahl: 4 }),
      ],
      'ohne Kategorie',
    );
    expect(a.gesamt).toBe(9);
    expect(a.standorte).toEqual([
      { schluessel: 'a', bezeichnung: 'Alpha', anzahl: 5 },
      { schluessel: 'b', bezeichnung: 'Beta', anzahl: 4 },
    ]);
    expect(a.kategorien).toEqual([
      { schluessel: 'Kombi', bezeichnung: 'Kombi', anzahl: 7 },
      { schluessel: '', bezeichnung: 'ohne Kategorie', anzahl: 2 },
    ]);
    expect(a.tage).toEqual([
      { tag: '2026-03-09', anzahl: 4 },
      { tag: '2026-03-10', anzahl: 5 },
    ]);
    expect(a.stunden).toHaveLength(24);
    expect(a.stunden[8]).toEqual({ stunde: 8, anzahl: 7 });
    expect(a.stunden[9]).toEqual({ stunde: 9, anzahl: 2 });
    expect(a.stunden.reduce((s, h) => s + h.anzahl, 0)).toBe(a.gesamt);
  });

  it('is zero everywhere without counts', () => {
    const a = nachfrageAuswerten([], '-');
    expect(a).toMatchObject({ gesamt: 0, standorte: [], kategorien: [], tage: [] });
    expect(a.stunden.every((h) => h.anzahl === 0)).toBe(true);
  });
});

describe('nachfrageAusSummen', () => {
  it('gives from the sums per dimension what nachfrageAuswerten gives from the rows', () => {
    const zeilen = [
      zeile({ anzahl: 3 }),
      zeile({ kategorie: '', stunde: 9, anzahl: 2 }),
      zeile({ standortId: 'b', standortName: 'Beta', tag: '2026-03-09', anzahl: 4 }),
      zeile({ standortId: 'b', standortName: 'Beta', tag: '2026-03-11', stunde: 23, anzahl: 1 }),
    ];
    const summen = nachfrageAusSummen(
      {
        standorte: [
          { standortId: 'b', standortName: 'Beta', anzahl: 5 },
          { standortId: 'a', standortName: 'Alpha', anzahl: 5 },
        ],
        kategorien: [
          { kategorie: '', anzahl: 2 },
          { kategorie: 'Kombi', anzahl: 8 },
        ],
        tage: [
          { tag: '2026-03-11', anzahl: 1 },
          { tag: '2026-03-10', anzahl: 5 },
          { tag: '2026-03-09', anzahl: 4 },
        ],
        stunden: [
          { stunde: 23, anzahl: 1 },
          { stunde: 8, anzahl: 7 },
          { stunde: 9, anzahl: 2 },
        ],
      },
      'ohne Kategorie',
    );
    expect(summen).toEqual(nachfrageAuswerten(zeilen, 'ohne Kategorie'));
    expect(summen.gesamt).toBe(10);
    expect(summen.standorte.map((s) => s.bezeichnung)).toEqual(['Alpha', 'Beta']);
  });
});
