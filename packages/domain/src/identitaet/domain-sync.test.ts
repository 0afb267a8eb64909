import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors.ts';
import { cleanNames, isValidDomain, normalizeDomains, syncDomains, syncNames } from './domain-sync.ts';

describe('syncNames', () => {
  it.each([
    { current: [], desired: ['a'], add: ['a'], remove: [], keep: [] },
    { current: ['a'], desired: [], add: [], remove: ['a'], keep: [] },
    { current: ['a', 'b'], desired: ['b', 'c'], add: ['c'], remove: ['a'], keep: ['b'] },
    { current: ['a'], desired: ['a', 'a'], add: [], remove: [], keep: ['a'] },
    { current: ['a', 'b'], desired: ['a', 'b'], add: [], remove: [], keep: ['a', 'b'] },
  ])('$current → $desired adds $add and removes $remove', ({ current, desired, add, remove, keep }) => {
    expect(syncNames({ current, desired })).toEqual({ add, remove, keep });
  });

  it('applying the plan to the current list gives exactly the desired set', () => {
    const current = ['x', 'y', 'z'];
    const desired = ['z', 'w', 'x', 'w'];
    const plan = syncNames({ current, desired });
    const after = [...current.filter((n) => !plan.remove.includes(n)), ...plan.add];
    expect(new Set(after)).toEqual(new Set(desired));
  });
});

describe('syncDomains (spec §7: missing domains added, removed ones deleted)', () => {
  it('lower-cases and trims before comparing, so an unchanged domain in other spelling stays', () => {
    expect(
      syncDomains({ current: ['musterstadt.example'], desired: [' Musterstadt.EXAMPLE. ', 'neu.example'] }),
    ).toEqual({ add: ['neu.example'], remove: [], keep: ['musterstadt.example'] });
  });

  it('removes the domains no longer listed', () => {
    expect(syncDomains({ current: ['a.example', 'b.example'], desired: ['b.example'] })).toEqual({
      add: [],
      remove: ['a.example'],
      keep: ['b.example'],
    });
  });

  it('refuses an invalid domain with the catalogue error naming it', () => {
    try {
      syncDomains({ current: [], desired: ['ok.example', 'http://x.example/'] });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(DomainError);
      expect((err as DomainError).code).toBe('mandant.domain_ungueltig');
      expect((err as DomainError).params).toEqual({ domain: 'http://x.example/' });
    }
  });
});

describe('isValidDomain', () => {
  it.each(['example.org', 'sub.example.org', 'stadt-werke.example', 'a1.b2.de'])('%s is valid', (d) => {
    expect(isValidDomain(d)).toBe(true);
  });
  it.each([
    '',
    'localhost',
    'exa mple.org',
    '-a.example',
    'a-.example',
    'a..example',
    'user@example.org',
    'example.org:8080',
    'example.123',
    `${'a'.repeat(64)}.example`,
  ])('%s is invalid', (d) => {
    expect(isValidDomain(d)).toBe(false);
  });
});

describe('normalizeDomains and cleanNames', () => {
  it('drops duplicates after normalising', () => {
    expect(normalizeDomains(['A.example', 'a.example', 'b.example'])).toEqual(['a.example', 'b.example']);
  });
  it('cleanNames trims, drops empty names and duplicates', () => {
    expect(cleanNames([' P1 ', 'P2', '', 'P1', '  '])).toEqual(['P1', 'P2']);
  });
});
