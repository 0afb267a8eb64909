import { describe, expect, it } from 'vitest';
import { ZBuchungsfensterZeile, ZFahrzeugBuchungEingabe, ZFahrzeugSperreEingabe } from './schemas.ts';

const id = '0b7f8f5e-1d1a-4c3e-9a53-3f6b7f0f9a11';

describe('ZFahrzeugBuchungEingabe', () => {
  it('accepts ISO times with an offset and defaults the lists', () => {
    const parsed = ZFahrzeugBuchungEingabe.parse({
      fahrzeugId: id,
      von: '2026-11-24T09:00:00+01:00',
      bis: '2026-11-24T12:00:00+01:00',
    });
    expect(parsed.mitfahrer).toEqual([]);
    expect(parsed.freigeberIds).toEqual([]);
  });

  it.each([
    [
      'a time without offset',
      { fahrzeugId: id, von: '2026-11-24T09:00:00', bis: '2026-11-24T12:00:00+01:00' },
    ],
    ['a German date', { fahrzeugId: id, von: '24.11.2026 09:00', bis: '2026-11-24T12:00:00+01:00' }],
    ['no vehicle id', { von: '2026-11-24T09:00:00+01:00', bis: '2026-11-24T12:00:00+01:00' }],
    [
      'an empty co-traveller',
      {
        fahrzeugId: id,
        von: '2026-11-24T09:00:00Z',
        bis: '2026-11-24T12:00:00Z',
        mitfahrer: [{ name: ' ' }],
      },
    ],
  ])('refuses %s', (_case, body) => {
    expect(ZFahrzeugBuchungEingabe.safeParse(body).success).toBe(false);
  });
});

describe('ZFahrzeugSperreEingabe', () => {
  it('takes WARTUNG, SERVICE and DEFEKT but not BUCHUNG', () => {
    const body = { fahrzeugId: id, von: '2026-11-24T00:00:00+01:00', bis: '2026-11-25T00:00:00+01:00' };
    for (const typ of ['WARTUNG', 'SERVICE', 'DEFEKT'])
      expect(ZFahrzeugSperreEingabe.safeParse({ ...body, typ }).success).toBe(true);
    expect(ZFahrzeugSperreEingabe.safeParse({ ...body, typ: 'BUCHUNG' }).success).toBe(false);
  });
});

describe('ZBuchungsfensterZeile', () => {
  it('takes weekday numbers and the spec names only', () => {
    const row = { von: '07:00', bis: '19:00', geoeffnet: true };
    expect(ZBuchungsfensterZeile.safeParse({ ...row, wochentag: 'samstags' }).success).toBe(true);
    expect(ZBuchungsfensterZeile.safeParse({ ...row, wochentag: 6 }).success).toBe(true);
    expect(ZBuchungsfensterZeile.safeParse({ ...row, wochentag: 'Samstag' }).success).toBe(false);
    expect(ZBuchungsfensterZeile.safeParse({ ...row, wochentag: 7 }).success).toBe(false);
  });
});
