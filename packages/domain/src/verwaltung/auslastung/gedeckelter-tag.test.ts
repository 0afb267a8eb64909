import { describe, expect, it } from 'vitest';
import { berlinInstant } from '../../time.ts';
import { gedeckelterTag, inStunden } from './buchbare-zeit.ts';

/** A day open 09:30–11:00 (pieces of 30 and 60 minutes) with 2 places: 180 bookable minutes. */
const stuecke = [{ minuten: 30 }, { minuten: 60 }];

describe('a plan-day capped as the utilisation counts it', () => {
  it.each([
    // [what, booked per piece, checked in per piece, places booked/checked in that day,
    //  hourly [booked, checked in, bookable], full day [booked, checked in, bookable]]
    ['nothing booked', [0, 0], [0, 0], [0, 0], [0, 0, 180], [0, 0, 2]],
    ['under the cap', [20, 90], [10, 30], [1, 1], [110, 40, 180], [1, 1, 2]],
    [
      'holds past the cap: each piece at most minutes × places',
      [90, 200],
      [0, 0],
      [3, 0],
      [180, 0, 180],
      [2, 0, 2],
    ],
    ['checked in never above booked', [60, 60], [80, 100], [2, 3], [120, 120, 180], [2, 2, 2]],
    ['missing pieces count as 0', [45], [], [1, 0], [45, 0, 180], [1, 0, 2]],
  ] as const)('%s', (_name, belegt, eingecheckt, [tb, te], stuendlich, ganztags) => {
    const tag = { belegt: tb, eingecheckt: te };
    const stunde = gedeckelterTag({ stuecke, plaetze: 2, belegt, eingecheckt, tag, modus: 'stuendlich' });
    expect([stunde.belegt, stunde.eingecheckt, stunde.buchbar]).toEqual(stuendlich);
    expect(stunde.jeStueck.map((s) => s.buchbar)).toEqual([60, 120]);
    for (const s of stunde.jeStueck) expect(s.belegt).toBeLessThanOrEqual(s.buchbar);
    const ganz = gedeckelterTag({ stuecke, plaetze: 2, belegt, eingecheckt, tag, modus: 'ganztags' });
    expect([ganz.belegt, ganz.eingecheckt, ganz.buchbar]).toEqual(ganztags);
    // the heatmap's cells are the same in both modes
    expect(ganz.jeStueck).toEqual(stunde.jeStueck);
  });

  it('caps each piece of a day with a clock change at its own length', () => {
    // 29 March 2026, 01:00–04:00 Berlin: 02:00–03:00 does not exist, so two pieces of 60 minutes
    const tag = '2026-03-29';
    const pieces = inStunden([{ tag, von: berlinInstant(tag, '01:00'), bis: berlinInstant(tag, '04:00') }]);
    expect(pieces.map((p) => p.minuten)).toEqual([60, 60]);
    const r = gedeckelterTag({
      stuecke: pieces,
      plaetze: 1,
      belegt: [100, 100],
      eingecheckt: [0, 0],
      tag: { belegt: 1, eingecheckt: 0 },
      modus: 'stuendlich',
    });
    expect([r.belegt, r.buchbar]).toEqual([120, 120]);
  });
});
