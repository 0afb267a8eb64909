import { describe, expect, it } from 'vitest';
import { FUEHRERSCHEIN_KLASSEN, fuehrerscheinHinweise, fuehrerscheinVerstoss } from './rules.ts';
import {
  fuehrerscheinAusSpalten,
  klassenAblaufAusSpalten,
  klassenAblaufZuSpalten,
  klassenAusSpalten,
  klassenZuSpalten,
} from './spalten.ts';

const alle = Object.fromEntries(FUEHRERSCHEIN_KLASSEN.map((k) => [k, false])) as Record<
  (typeof FUEHRERSCHEIN_KLASSEN)[number],
  boolean
>;

describe('licence columns', () => {
  it.each(FUEHRERSCHEIN_KLASSEN)('class %s goes to its own column and back', (k) => {
    const spalten = klassenZuSpalten({ ...alle, [k]: true });
    expect(Object.values(spalten).filter(Boolean)).toHaveLength(1);
    expect(klassenAusSpalten(spalten)).toEqual({ ...alle, [k]: true });
  });

  it('keeps the expiry of each truck and bus class apart', () => {
    const a = { C1: '2030-01-01', CE: '2031-02-02', DE: '2032-03-03' };
    expect(klassenAblaufAusSpalten(klassenAblaufZuSpalten(a))).toMatchObject(a);
    expect(klassenAblaufAusSpalten(klassenAblaufZuSpalten(a)).C).toBeNull();
  });

  it('an expired class refuses the booking, an expired document only warns', () => {
    const row = {
      ...klassenZuSpalten({ ...alle, B: true, C: true }),
      ...klassenAblaufZuSpalten({ C: '2026-11-01' }),
      ausstellungsdatum: '2005-01-01',
      naechstePruefung: '2027-03-01',
      fahrverbot: false,
      fahrverbotVon: null,
      fahrverbotBis: null,
      dokumentAblauf: '2026-10-01',
    };
    const fs = fuehrerscheinAusSpalten(row);
    const zeitraeume = [{ von: new Date('2026-11-24T08:00:00Z'), bis: new Date('2026-11-24T10:00:00Z') }];
    expect(fuehrerscheinVerstoss({ fuehrerschein: fs, klasse: 'C', zeitraeume })?.code).toBe(
      'fuehrerschein.klasse_abgelaufen',
    );
    expect(fuehrerscheinVerstoss({ fuehrerschein: fs, klasse: 'B', zeitraeume })).toBeNull();
    expect(fuehrerscheinHinweise({ fuehrerschein: fs, now: new Date('2026-11-23T10:00:00Z') })).toEqual([
      { code: 'fuehrerschein.dokument_abgelaufen', params: { datum: '01.10.2026' } },
    ]);
  });
});
