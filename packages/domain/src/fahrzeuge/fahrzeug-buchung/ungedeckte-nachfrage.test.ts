import { describe, expect, it } from 'vitest';
import { BELEGT_GRUENDE, istBelegtGrund, ungedeckteNachfrage } from './ungedeckte-nachfrage.ts';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
// 2026-03-10 07:30 UTC is 08:30 in Berlin (winter time)
const VON = new Date('2026-03-10T07:30:00Z');

const belegt = (
  standortId: string,
  kategorie: string | null,
  grund = 'fahrzeug_buchung.ueberschneidung',
) => ({
  standortId,
  kategorie,
  frei: false,
  grund,
});

describe('ungedeckteNachfrage', () => {
  it('counts a search that found every car taken, in the Berlin day and hour of its start', () => {
    expect(ungedeckteNachfrage({ von: VON, ergebnisse: [belegt(A, 'Kombi'), belegt(A, 'Kombi')] })).toEqual([
      { standortId: A, kategorie: 'Kombi', tag: '2026-03-10', stunde: 8 },
    ]);
  });

  it('does not count when one car was free', () => {
    expect(
      ungedeckteNachfrage({
        von: VON,
        ergebnisse: [belegt(A, 'Kombi'), { standortId: A, kategorie: 'Kombi', frei: true, grund: null }],
      }),
    ).toEqual([]);
  });

  it('does not count a search without a period or without vehicles', () => {
    expect(ungedeckteNachfrage({ von: null, ergebnisse: [belegt(A, 'Kombi')] })).toEqual([]);
    expect(ungedeckteNachfrage({ von: VON, ergebnisse: [] })).toEqual([]);
  });

  it('does not count a period the rules refuse for every car (not demand the fleet failed)', () => {
    expect(
      ungedeckteNachfrage({
        von: VON,
        ergebnisse: [
          { standortId: A, kategorie: 'Kombi', frei: false, grund: 'fahrzeug_buchung.in_vergangenheit' },
          {
            standortId: A,
            kategorie: 'Van',
            frei: false,
            grund: 'fahrzeug_buchung.ausserhalb_buchungszeitraum',
          },
        ],
      }),
    ).toEqual([]);
  });

  it('counts once per location and category that had a taken car, with no category as the empty one', () => {
    const zellen = ungedeckteNachfrage({
      von: VON,
      ergebnisse: [
        belegt(A, 'Kombi'),
        belegt(A, 'Van', 'fahrzeug_buchung.gesperrt'),
        belegt(B, null, 'fahrzeug_buchung.noch_unterwegs'),
        { standortId: B, kategorie: 'Kombi', frei: false, grund: 'fahrzeug_buchung.zu_weit_im_voraus' },
      ],
    });
    expect(zellen.map((z) => `${z.standortId}|${z.kategorie}`).sort()).toEqual(
      [`${A}|Kombi`, `${A}|Van`, `${B}|`].sort(),
    );
  });

  it('uses the Berlin hour across the change to summer time', () => {
    // 2026-03-29 01:30 UTC is 03:30 in Berlin (summer time)
    expect(
      ungedeckteNachfrage({ von: new Date('2026-03-29T01:30:00Z'), ergebnisse: [belegt(A, 'Kombi')] })[0],
    ).toMatchObject({ tag: '2026-03-29', stunde: 3 });
    // 23:30 UTC on 31 Dec is already the next day in Berlin
    expect(
      ungedeckteNachfrage({ von: new Date('2026-12-31T23:30:00Z'), ergebnisse: [belegt(A, 'Kombi')] })[0],
    ).toMatchObject({ tag: '2027-01-01', stunde: 0 });
  });

  it('names the taken refusals, and only those', () => {
    for (const g of BELEGT_GRUENDE) expect(istBelegtGrund(g)).toBe(true);
    expect(istBelegtGrund('fahrzeug_buchung.takt')).toBe(false);
    expect(istBelegtGrund(null)).toBe(false);
  });
});
