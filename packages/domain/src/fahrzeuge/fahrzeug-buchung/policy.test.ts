import { describe, expect, it } from 'vitest';
import type { PermissionName } from '../../permissions.ts';
import { FAHRT_OFFEN } from './machine.ts';
import { abilitiesFor, type FahrzeugBuchungAbilities, type PolicyBuchung } from './policy.ts';

const t = (day: string, time: string) => new Date(`${day}T${time}:00+01:00`);
const perms = (...p: PermissionName[]) => new Set(p);
const booking = (over: Partial<PolicyBuchung> = {}): PolicyBuchung => ({
  status: 'reserviert',
  typ: 'BUCHUNG',
  von: t('2026-11-24', '09:00'),
  bis: t('2026-11-24', '12:00'),
  benutzerId: 'booker',
  fahrerId: null,
  freigeber: [],
  fahrt: FAHRT_OFFEN,
  ...over,
});
const booker = { id: 'booker', permissions: perms('fahrzeug_buchen') };
const stranger = { id: 'other', permissions: perms('fahrzeug_buchen') };
const fleet = { id: 'fleet', permissions: perms('fahrzeug_pflege') };
const approver = { id: 'chef', permissions: perms('fahrzeug_freigabe_von_sonderfahrten') };
const now = t('2026-11-23', '12:00');

const pick = (a: FahrzeugBuchungAbilities) => [
  a.kannAendern,
  a.kannStornieren,
  a.kannFreigeben,
  a.kannEinchecken,
  a.kannAuschecken,
];

describe('abilitiesFor', () => {
  it.each<[string, PolicyBuchung, { id: string; permissions: Set<PermissionName> }, Date, boolean[]]>([
    ['the booker before the trip', booking(), booker, now, [true, true, false, false, false]],
    ['a stranger', booking(), stranger, now, [false, false, false, false, false]],
    ['a fleet manager', booking(), fleet, now, [true, true, false, false, false]],
    [
      'the booker at the start',
      booking(),
      booker,
      t('2026-11-24', '09:00'),
      [true, true, false, true, false],
    ],
    [
      'the booker on the road',
      booking({ status: 'aktiv', fahrt: { eingechecktAm: t('2026-11-24', '09:00'), ausgechecktAm: null } }),
      booker,
      t('2026-11-24', '10:00'),
      [false, false, false, false, true],
    ],
    [
      'the booker after the end',
      booking(),
      booker,
      t('2026-11-24', '12:00'),
      [false, false, false, false, false],
    ],
    [
      'the driver of a trip cancelled while on the road',
      booking({
        status: 'storniert',
        fahrt: { eingechecktAm: t('2026-11-24', '09:00'), ausgechecktAm: null },
      }),
      booker,
      t('2026-11-24', '10:00'),
      [false, false, false, false, true],
    ],
    [
      'the booker of a cancelled booking',
      booking({ status: 'storniert' }),
      booker,
      now,
      [false, false, false, false, false],
    ],
    [
      'the booker of a performed booking',
      booking({ status: 'durchgeführt' }),
      booker,
      now,
      [false, false, false, false, false],
    ],
    [
      'a booker named as creator of a WARTUNG block',
      booking({ typ: 'WARTUNG' }),
      booker,
      t('2026-11-24', '09:00'),
      [false, false, false, false, false],
    ],
    [
      'a fleet manager on a WARTUNG block',
      booking({ typ: 'WARTUNG' }),
      fleet,
      now,
      [true, true, false, false, false],
    ],
    [
      'the driver named by someone else, at the start',
      booking({ fahrerId: 'other' }),
      stranger,
      t('2026-11-24', '09:00'),
      [false, false, false, true, false],
    ],
    [
      'a listed approver of a waiting special trip',
      booking({ freigeber: [{ benutzerId: 'chef', isFreigegeben: null }] }),
      approver,
      now,
      [false, false, true, false, false],
    ],
    [
      'a listed approver who decided',
      booking({ freigeber: [{ benutzerId: 'chef', isFreigegeben: false }] }),
      approver,
      now,
      [false, false, false, false, false],
    ],
    [
      'the booker of an unapproved special trip at the start',
      booking({ freigeber: [{ benutzerId: 'chef', isFreigegeben: null }] }),
      booker,
      t('2026-11-24', '09:00'),
      [true, true, false, false, false],
    ],
  ])('%s', (_case, b, user, at, expected) => {
    expect(pick(abilitiesFor({ booking: b, user, now: at }))).toEqual(expected);
  });

  it('reports the released rule and waiting state', () => {
    const waiting = abilitiesFor({
      booking: booking({ freigeber: [{ benutzerId: 'chef', isFreigegeben: null }] }),
      user: booker,
      now,
    });
    expect(waiting.wartetAufFreigabe).toBe(true);
    expect(waiting.freigegeben).toBe(false);
    const late = abilitiesFor({
      booking: booking({ freigeber: [{ benutzerId: 'chef', isFreigegeben: null }] }),
      user: booker,
      now: t('2026-11-24', '10:01'),
    });
    expect(late.freigegeben).toBe(true);
    expect(late.kannEinchecken).toBe(true);
  });

  it('offers no check-in or check-out while check-in is switched off', () => {
    const a = abilitiesFor({
      booking: booking(),
      user: booker,
      now: t('2026-11-24', '09:00'),
      checkInAktiv: false,
    });
    expect(a.kannEinchecken).toBe(false);
    expect(a.kannAuschecken).toBe(false);
  });
});
