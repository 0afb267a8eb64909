import { describe, expect, it } from 'vitest';
import { berlinInstant } from '../time.ts';
import { isInMeinenBuchungen, isSystemStorno, STORNO_GRUND } from './machine.ts';
import { isEigeneFahrt } from './policy.ts';

const b = (day: string, time: string) => berlinInstant(day, time);

describe('Meine Buchungen keeps what the system cancelled a while (issue 20, decision 135)', () => {
  const ende = b('2026-11-23', '12:00');
  it.each<[string, string, string | null, Date, boolean]>([
    ['a booked trip', 'reserviert', null, b('2026-11-23', '11:00'), true],
    ['a trip the user cancelled (no reason)', 'storniert', null, b('2026-11-23', '11:00'), false],
    [
      'a trip the user cancelled with their own text',
      'storniert',
      'Kundentermin',
      b('2026-11-23', '11:00'),
      false,
    ],
    [
      'cancelled for a block, before its end',
      'storniert',
      STORNO_GRUND.WARTUNG,
      b('2026-11-23', '11:00'),
      true,
    ],
    [
      'cancelled by auto-release, 13 days after its end',
      'storniert',
      STORNO_GRUND.checkInVersaeumt,
      b('2026-12-06', '12:00'),
      true,
    ],
    [
      'cancelled for a ban, 14 days after its end',
      'storniert',
      STORNO_GRUND.fahrverbot,
      b('2026-12-07', '12:00'),
      false,
    ],
    // 14 days across the switch to winter time are 14 × 24 hours
    [
      'a trip ending before the October switch, at 10:59 14 days on',
      'storniert',
      STORNO_GRUND.DEFEKT,
      b('2026-11-01', '10:59'),
      true,
    ],
    [
      'a trip ending before the October switch, at 11:00 14 days on (14 × 24 hours)',
      'storniert',
      STORNO_GRUND.DEFEKT,
      b('2026-11-01', '11:00'),
      false,
    ],
  ])('%s: %s', (_case, status, informationstext, now, shown) => {
    const bis = _case.includes('October') ? b('2026-10-18', '12:00') : ende;
    expect(isInMeinenBuchungen({ buchung: { status, informationstext, bis }, now })).toBe(shown);
  });

  it.each(Object.values(STORNO_GRUND))('%s is a system reason', (grund) => {
    expect(isSystemStorno({ status: 'storniert', informationstext: grund })).toBe(true);
    expect(isSystemStorno({ status: 'reserviert', informationstext: grund })).toBe(false);
  });
});

describe("a fleet manager's block is a block, not their trip", () => {
  it.each<[string, string, string, string | null, boolean]>([
    ['a trip they booked', 'BUCHUNG', 'u', null, true],
    ['a trip they drive', 'BUCHUNG', 'x', 'u', true],
    ["someone else's trip", 'BUCHUNG', 'x', null, false],
    ['a maintenance block they entered', 'WARTUNG', 'u', null, false],
    ['a defect block they entered', 'DEFEKT', 'u', null, false],
  ])('%s', (_case, typ, benutzerId, fahrerId, eigene) => {
    expect(isEigeneFahrt({ termin: { typ, benutzerId, fahrerId }, benutzerId: 'u' })).toBe(eigene);
  });
});
