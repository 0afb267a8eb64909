import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type GrantValue, syncGrants, syncLinks } from './link-sync.ts';

describe('syncLinks', () => {
  it.each<[string, string[], string[], string[], string[]]>([
    ['nothing changes when current and desired are equal', ['a', 'b'], ['b', 'a'], [], []],
    ['everything is added to an empty list', [], ['a', 'b'], ['a', 'b'], []],
    ['everything is removed when nothing is desired', ['a', 'b'], [], [], ['a', 'b']],
    ['added and removed links are found together', ['a', 'b', 'c'], ['b', 'd'], ['d'], ['a', 'c']],
    ['duplicates count once', ['a', 'a'], ['b', 'b', 'a'], ['b'], []],
  ])('%s', (_name, current, desired, add, remove) => {
    expect(syncLinks(current, desired)).toEqual({ add, remove });
  });

  it('applying the changes to the current links gives exactly the desired links', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f')),
        fc.array(fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f')),
        (current, desired) => {
          const { add, remove } = syncLinks(current, desired);
          const result = new Set(current);
          for (const x of remove) result.delete(x);
          for (const x of add) result.add(x);
          expect([...result].sort()).toEqual([...new Set(desired)].sort());
        },
      ),
    );
  });

  it('never adds a link that exists nor removes one that is still desired', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 20 })),
        fc.array(fc.integer({ min: 0, max: 20 })),
        (current, desired) => {
          const { add, remove } = syncLinks(current, desired);
          for (const x of add) expect(current).not.toContain(x);
          for (const x of remove) expect(desired).not.toContain(x);
          expect(new Set(add).size).toBe(add.length);
          expect(new Set(remove).size).toBe(remove.length);
        },
      ),
    );
  });
});

describe('syncGrants', () => {
  it('adds new names, updates changed values and removes names no longer listed', () => {
    const current: GrantValue[] = [
      { name: 'fahrzeug_buchen', wert: 'true' },
      { name: 'fahrzeug_pflege', wert: 'true' },
      { name: 'objekt_pflege', wert: 'false' },
    ];
    const desired: GrantValue[] = [
      { name: 'fahrzeug_buchen', wert: 'true' },
      { name: 'objekt_pflege', wert: 'true' },
      { name: 'benutzer_pflegen', wert: 'true' },
    ];
    expect(syncGrants(current, desired)).toEqual({
      add: [{ name: 'benutzer_pflegen', wert: 'true' }],
      update: [{ name: 'objekt_pflege', wert: 'true' }],
      remove: ['fahrzeug_pflege'],
    });
  });

  it('a name listed twice keeps its last value', () => {
    expect(
      syncGrants(
        [],
        [
          { name: 'x', wert: 'true' },
          { name: 'x', wert: 'false' },
        ],
      ),
    ).toEqual({ add: [{ name: 'x', wert: 'false' }], update: [], remove: [] });
  });

  it('applying the changes gives exactly the desired grants', () => {
    const grant = fc.record({
      name: fc.constantFrom('a', 'b', 'c', 'd'),
      wert: fc.constantFrom('true', 'false'),
    });
    fc.assert(
      fc.property(fc.uniqueArray(grant, { selector: (g) => g.name }), fc.array(grant), (current, desired) => {
        const { add, update, remove } = syncGrants(current, desired);
        const result = new Map<string, string>(current.map((g) => [g.name, g.wert]));
        for (const name of remove) result.delete(name);
        for (const g of [...add, ...update]) result.set(g.name, g.wert);
        expect(result).toEqual(new Map(desired.map((g) => [g.name, g.wert])));
      }),
    );
  });
});
