import { describe, expect, it } from 'vitest';
import { resolveCustomizing } from '../../verwaltung/customizing.ts';
import { leseraumRegelnAus } from './customizing.ts';

describe('leseraumRegelnAus', () => {
  it('takes the catalogue defaults when nothing is set', () => {
    expect(leseraumRegelnAus(resolveCustomizing({ tenant: {}, groups: [], user: {} }))).toEqual({
      vorausbuchbareTage: 14,
      buchbareWochentage: [1, 2, 3, 4, 5],
      buchungstakt: 15,
      minimaleBuchungslaenge: 60,
      maximaleDauer: 600,
      maxBuchungenProWoche: 5,
    });
  });

  it('takes the tenant and group values, the group before the tenant', () => {
    const regeln = leseraumRegelnAus(
      resolveCustomizing({
        tenant: { LeseraumVorausbuchbareTage: '7', LeseraumBuchbareWochenTage: '[1,2,3,4,5,6]' },
        groups: [{ LeseraumVorausbuchbareTage: '21' }],
        user: {},
      }),
    );
    expect(regeln.vorausbuchbareTage).toBe(21);
    expect(regeln.buchbareWochentage).toEqual([1, 2, 3, 4, 5, 6]);
  });
});
