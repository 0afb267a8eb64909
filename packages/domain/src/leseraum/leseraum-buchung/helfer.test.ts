import { describe, expect, it } from 'vitest';
import type { PlatzZustand } from './belegung.ts';
import { type HelferFlags, platzMarkerVon, zustandMitEigentuemer } from './helfer.ts';

const keiner: HelferFlags = { brandschutzhelfer: false, ersthelfer: false };
const brand: HelferFlags = { brandschutzhelfer: true, ersthelfer: false };
const erst: HelferFlags = { brandschutzhelfer: false, ersthelfer: true };

describe('platzMarkerVon: helpers are people, marked where they sit that day (R089, R090)', () => {
  it.each<[string, HelferFlags, HelferFlags[], string[]]>([
    ['nobody on a plain place', keiner, [], []],
    ['a non-helper booked it', keiner, [keiner], []],
    ['a first-aid helper booked it', keiner, [erst], ['ersthelfer']],
    [
      'a fire-safety and a first-aid helper share a room',
      keiner,
      [brand, erst],
      ['brandschutzhelfer', 'ersthelfer'],
    ],
    ['a helper station (the place flag) without a helper', brand, [], ['brandschutzhelfer']],
    ['a helper station booked by a first-aid helper', brand, [erst], ['brandschutzhelfer', 'ersthelfer']],
  ])('%s → %j', (_name, platz, personen, expected) => {
    expect(platzMarkerVon({ platz, personen })).toEqual(expected);
  });
});

describe('zustandMitEigentuemer: an own place is its owner’s every open day (R081)', () => {
  it.each<[string, PlatzZustand, string | null, PlatzZustand]>([
    ['no owner keeps the state', 'frei', null, 'frei'],
    ['the owner sees their own place', 'frei', 'u1', 'eigene_reservierung'],
    ['everyone else sees it taken', 'frei', 'u2', 'belegt'],
    ['a closed day stays closed, also for the owner', 'geschlossen', 'u1', 'geschlossen'],
  ])('%s', (_name, zustand, eigentuemerId, expected) => {
    expect(zustandMitEigentuemer({ zustand, eigentuemerId, benutzerId: 'u1' })).toBe(expected);
  });
});
