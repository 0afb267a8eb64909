import { describe, expect, it } from 'vitest';
import { ZFahrverbotEingabe, ZFuehrerscheinEingabe } from './schemas.ts';

describe('ZFuehrerscheinEingabe', () => {
  it('defaults every class flag to false and takes expiry days of truck and bus classes', () => {
    const parsed = ZFuehrerscheinEingabe.parse({
      ausstellungsdatum: '1988-04-01',
      klassen: { B: true },
      klassenAblauf: { C: '2030-01-31' },
    });
    expect(parsed.klassen.B).toBe(true);
    expect(parsed.klassen.C).toBe(false);
    expect(parsed.klassenAblauf).toEqual({ C: '2030-01-31' });
    expect(parsed).toMatchObject({ fahrverbot: false, fahrverbotVon: null, dokumentAblauf: null });
  });

  it.each<[string, Record<string, unknown>]>([
    ['an unknown class in the expiry list', { klassenAblauf: { X: '2030-01-31' } }],
    ['an expiry of a class that does not expire', { klassenAblauf: { B: '2030-01-31' } }],
    ['a day that does not exist', { ausstellungsdatum: '2026-02-30' }],
    ['a year out of range', { ausstellungsdatum: '1850-01-01' }],
  ])('refuses %s', (_, patch) => {
    expect(ZFuehrerscheinEingabe.safeParse({ ausstellungsdatum: null, klassen: {}, ...patch }).success).toBe(
      false,
    );
  });

  it('takes a one-day ban and open ends', () => {
    expect(
      ZFahrverbotEingabe.safeParse({
        fahrverbot: true,
        fahrverbotVon: '2026-12-01',
        fahrverbotBis: '2026-12-01',
      }).success,
    ).toBe(true);
    expect(ZFahrverbotEingabe.parse({ fahrverbot: true })).toEqual({
      fahrverbot: true,
      fahrverbotVon: null,
      fahrverbotBis: null,
    });
  });
});
