import { describe, expect, it } from 'vitest';
import { ZBelegungQuery, ZLeseraumBuchungInput } from './api.ts';

const raum = '3f0c6c1e-6a55-4f43-9d0f-2f5d2d2b8b11';

describe('the reading-room booking contract', () => {
  it('takes a full day with defaults, and hours as instants with offset', () => {
    expect(ZLeseraumBuchungInput.parse({ modus: 'ganztags', leseraumId: raum, tag: '2026-11-24' })).toEqual({
      modus: 'ganztags',
      leseraumId: raum,
      tag: '2026-11-24',
      tageszeit: 'ganztags',
      gruppengroesse: 1,
    });
    expect(
      ZLeseraumBuchungInput.safeParse({
        modus: 'stuendlich',
        leseraumId: raum,
        von: '2026-11-24T09:00:00+01:00',
        bis: '2026-11-24T10:00:00+01:00',
      }).success,
    ).toBe(true);
  });

  it.each([
    ['a time without offset', { von: '2026-11-24T09:00:00', bis: '2026-11-24T10:00:00+01:00' }],
    ['a year beyond 2100', { von: '9999-12-31T09:00:00+01:00', bis: '9999-12-31T10:00:00+01:00' }],
    ['a date only', { von: '2026-11-24', bis: '2026-11-24' }],
  ])('refuses %s', (_case, times) => {
    expect(ZLeseraumBuchungInput.safeParse({ modus: 'stuendlich', leseraumId: raum, ...times }).success).toBe(
      false,
    );
  });

  it('refuses days outside 2000 to 2100 and group sizes below 1', () => {
    expect(ZBelegungQuery.safeParse({ tag: '9999-12-31' }).success).toBe(false);
    expect(
      ZLeseraumBuchungInput.safeParse({
        modus: 'ganztags',
        leseraumId: raum,
        tag: '2026-11-24',
        gruppengroesse: 0,
      }).success,
    ).toBe(false);
  });
});
