import { describe, expect, it } from 'vitest';
import { parseAuslastungSearch, toAuslastungParams } from './auslastung-search';

describe('the utilisation search in the URL', () => {
  it('keeps readable values and drops the rest', () => {
    expect(
      parseAuslastungSearch({ art: 'quartal', tag: '2026-11-28', standort: 'x', modus: 'stuendlich' }),
    ).toEqual({
      art: 'quartal',
      tag: '2026-11-28',
      modus: 'stuendlich',
    });
  });

  it('asks the API for the area’s filters only', () => {
    const s = parseAuslastungSearch({
      art: 'frei',
      von: '2026-11-01',
      bis: '2026-11-15',
      kategorie: 'Kombi',
      modus: 'ganztags',
    });
    expect(toAuslastungParams(s, 'fahrzeuge').toString()).toBe(
      'art=frei&von=2026-11-01&bis=2026-11-15&kategorie=Kombi',
    );
    expect(toAuslastungParams(s, 'plaetze').toString()).toBe(
      'art=frei&von=2026-11-01&bis=2026-11-15&modus=ganztags',
    );
  });
});
