import { describe, expect, it } from 'vitest';
import { blaettern, buchenHref, buchenSuche, sucheMitDefaults, ZUebersichtSuche } from './uebersicht-suche';

describe('the timeline search in the URL', () => {
  it.each([
    [
      { tag: '2026-03-29', ansicht: 'woche' },
      { tag: '2026-03-29', ansicht: 'woche', standort: undefined },
    ],
    [
      { tag: '2026-02-30', ansicht: 'monat' },
      { tag: undefined, ansicht: undefined, standort: undefined },
    ],
    [
      { tag: 'heute', standort: 'nord' },
      { tag: undefined, ansicht: undefined, standort: undefined },
    ],
    [{}, { tag: undefined, ansicht: undefined, standort: undefined }],
  ])('reads %j', (input, expected) => {
    expect(ZUebersichtSuche.parse(input)).toEqual(expected);
  });

  it('defaults to today in Berlin and the day view', () => {
    expect(sucheMitDefaults({}, new Date('2026-06-10T22:30:00Z'))).toEqual({
      tag: '2026-06-11',
      ansicht: 'tag',
      standort: undefined,
    });
  });

  it.each([
    ['tag', -1, '2026-03-28'],
    ['tag', 1, '2026-03-30'],
    ['woche', 1, '2026-04-05'],
    ['woche', -1, '2026-03-22'],
  ] as const)('in the %s view goes %i step from 2026-03-29 to %s', (ansicht, richtung, expected) => {
    expect(blaettern({ tag: '2026-03-29', ansicht, richtung })).toBe(expected);
  });

  it('opens the booking dialog of /fahrzeuge with the vehicle and the period', () => {
    const ziel = {
      fahrzeugId: '3f0c6f55-8d0e-4a8e-9b7c-0d8b1b0c2a11',
      von: new Date('2026-06-10T07:00:00Z'),
      bis: new Date('2026-06-10T10:00:00Z'),
    };
    expect(buchenSuche(ziel)).toEqual({
      fahrzeug: ziel.fahrzeugId,
      von: '2026-06-10T07:00:00.000Z',
      bis: '2026-06-10T10:00:00.000Z',
      buchen: 1,
    });
    const url = new URL(buchenHref(ziel), 'http://x');
    expect(url.pathname).toBe('/fahrzeuge');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      fahrzeug: ziel.fahrzeugId,
      von: '2026-06-10T07:00:00.000Z',
      bis: '2026-06-10T10:00:00.000Z',
      buchen: '1',
    });
  });
});
