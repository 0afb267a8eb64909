import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ANGEBOT_AUSWAHL, type AngebotsKandidat, angebotsfaehig, platzAngebot } from './angebot.ts';

/** A place in a row of ten, 50 units apart, on a plan of rows 60 units apart; free, active, single. */
const platz = (n: number, weiter: Partial<AngebotsKandidat> = {}): AngebotsKandidat => ({
  id: `p${n}`,
  bezeichnung: `Platz ${String(n).padStart(2, '0')}`,
  kapazitaet: 1,
  position: { x: (n % 10) * 50, y: Math.floor(n / 10) * 60 },
  aktiv: true,
  grundrissAktiv: true,
  eigentuemerId: null,
  belegt: false,
  ...weiter,
});
const reihe = (von: number, bis: number) => Array.from({ length: bis - von + 1 }, (_, i) => platz(von + i));
const gefragt = (n: number) => ({ id: `p${n}`, position: platz(n).position });
/** A random source that answers the given numbers in turn. */
const folge =
  (...zahlen: number[]) =>
  () =>
    zahlen.shift() ?? 0;

describe('platzAngebot: one of the nearest free places at random (decisions 261, 267)', () => {
  it('chooses among the five nearest places by the injected random source, nearest first', () => {
    // the asked place 05 in a row 00–09: 04 and 06 at 50, 03 and 07 at 100, 02 and 08 at 150
    const plaetze = [...reihe(0, 9), ...reihe(10, 19)];
    const gewaehlt = (z: number) =>
      platzAngebot({ gefragt: gefragt(5), plaetze, gruppengroesse: 1, zufall: folge(z) })!.platz.bezeichnung;
    expect(gewaehlt(0)).toBe('Platz 04');
    expect(gewaehlt(0.2)).toBe('Platz 06');
    // 15 (straight behind, 60) comes after 04/06 (50) and before 03/07 (100)
    expect(gewaehlt(0.4)).toBe('Platz 15');
    expect(gewaehlt(0.6)).toBe('Platz 14');
    expect(gewaehlt(0.99)).toBe('Platz 16');
  });

  it('is deterministic given the random source, and spreads over exactly the nearest few', () => {
    const plaetze = reihe(0, 29);
    const angebot = (z: () => number) =>
      platzAngebot({ gefragt: gefragt(12), plaetze, gruppengroesse: 1, zufall: z })!.platz.id;
    expect(angebot(folge(0.5))).toBe(angebot(folge(0.5)));
    const getroffen = new Set(Array.from({ length: 100 }, (_, i) => angebot(() => i / 100)));
    expect(getroffen).toEqual(new Set(['p11', 'p13', 'p2', 'p22', 'p1']));
    expect(getroffen.size).toBe(ANGEBOT_AUSWAHL);
  });

  it('counts the suitable places, never offers the asked one, and offers nothing when none is free', () => {
    const plaetze = reihe(0, 3);
    expect(platzAngebot({ gefragt: gefragt(0), plaetze, gruppengroesse: 1, zufall: () => 0 })).toMatchObject({
      platz: { id: 'p1' },
      frei: 3,
    });
    const nurEiner = [platz(0), platz(1, { belegt: true })];
    expect(
      platzAngebot({ gefragt: gefragt(0), plaetze: nurEiner, gruppengroesse: 1, zufall: () => 0 }),
    ).toBeNull();
    expect(platzAngebot({ gefragt: gefragt(0), plaetze: [], gruppengroesse: 1, zufall: () => 0 })).toBeNull();
  });

  it.each<[string, Partial<AngebotsKandidat>, number]>([
    [
      'taken in the period (any live booking: a hold, a group’s, a blocking one, the user’s own)',
      { belegt: true },
      1,
    ],
    ['inactive', { aktiv: false }, 1],
    ['on an inactive plan', { grundrissAktiv: false }, 1],
    ['another user’s own place', { eigentuemerId: 'u2' }, 1],
    ['the user’s own place (theirs without a booking)', { eigentuemerId: 'u1' }, 1],
    ['too small for the group', { kapazitaet: 2 }, 3],
  ])('never offers a place %s, even the nearest', (_fall, anders, gruppengroesse) => {
    const plaetze = [platz(0), platz(1, { kapazitaet: 4, ...anders }), platz(9, { kapazitaet: 4 })];
    for (const z of [0, 0.5, 0.99]) {
      const angebot = platzAngebot({ gefragt: gefragt(0), plaetze, gruppengroesse, zufall: () => z });
      expect(angebot?.platz.id).toBe('p9');
      expect(angebot?.frei).toBe(1);
    }
  });

  it('offers a group a place its size fits, and a group room to one person', () => {
    const plaetze = [platz(0), platz(1), platz(2, { kapazitaet: 6 }), platz(8, { kapazitaet: 4 })];
    const fuer = (gruppengroesse: number) =>
      platzAngebot({ gefragt: gefragt(0), plaetze, gruppengroesse, zufall: () => 0.99 });
    expect(fuer(4)).toMatchObject({ platz: { id: 'p8' }, frei: 2 });
    expect(fuer(5)).toMatchObject({ platz: { id: 'p2' }, frei: 1 });
    expect(fuer(7)).toBeNull();
    expect(fuer(1)?.frei).toBe(3);
  });

  it('orders by name where positions are missing', () => {
    const plaetze = [platz(3, { position: null }), platz(2, { position: null }), platz(1)];
    const ohne = { id: 'p0', position: null };
    expect(
      platzAngebot({ gefragt: ohne, plaetze, gruppengroesse: 1, zufall: () => 0, auswahl: 1 })!.platz.id,
    ).toBe('p1');
    // the asked place has a position: places without one count as distance 0, before every placed one
    expect(
      platzAngebot({ gefragt: gefragt(0), plaetze, gruppengroesse: 1, zufall: () => 0, auswahl: 1 })!.platz
        .id,
    ).toBe('p2');
  });

  it('always answers a suitable place of the given ones, for any random number and plan', () => {
    const kandidat = fc.record({
      n: fc.integer({ min: 0, max: 99 }),
      kapazitaet: fc.integer({ min: 1, max: 6 }),
      aktiv: fc.boolean(),
      grundrissAktiv: fc.constant(true),
      eigentuemerId: fc.option(fc.constantFrom('u1', 'u2')),
      belegt: fc.boolean(),
    });
    fc.assert(
      fc.property(
        fc.uniqueArray(kandidat, { selector: (k) => k.n, maxLength: 40 }),
        fc.integer({ min: 1, max: 6 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (kandidaten, gruppengroesse, z) => {
          const plaetze = kandidaten.map(({ n, ...k }) => platz(n, k));
          const angebot = platzAngebot({ gefragt: gefragt(0), plaetze, gruppengroesse, zufall: () => z });
          const geeignet = plaetze.filter((p) => p.id !== 'p0' && angebotsfaehig(p, gruppengroesse));
          if (geeignet.length === 0) return angebot === null;
          return (
            angebot !== null &&
            angebot.frei === geeignet.length &&
            geeignet.includes(angebot.platz) &&
            !angebot.platz.belegt &&
            angebot.platz.eigentuemerId === null &&
            angebot.platz.kapazitaet >= gruppengroesse
          );
        },
      ),
    );
  });
});
