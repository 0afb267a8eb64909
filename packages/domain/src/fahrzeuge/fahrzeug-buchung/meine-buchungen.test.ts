import { describe, expect, it } from 'vitest';
import { berlinInstant } from '../../time.ts';
import { ablehnungsText } from './freigabe.ts';
import {
  fremdStornoGrundVerstoss,
  isFremdStorno,
  isInMeinenBuchungen,
  isSystemStorno,
  STORNO_GRUND,
} from './machine.ts';
import { isEigeneFahrt } from './policy.ts';

const b = (day: string, time: string) => berlinInstant(day, time);

describe('Meine Buchungen keeps what the system cancelled a while (decision 135)', () => {
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
    expect(
      isInMeinenBuchungen({
        buchung: { status, informationstext, bis, benutzerId: 'booker', storniertVon: null },
        now,
      }),
    ).toBe(shown);
  });

  it.each(Object.values(STORNO_GRUND))('%s is a system reason', (grund) => {
    expect(isSystemStorno({ status: 'storniert', informationstext: grund })).toBe(true);
    expect(isSystemStorno({ status: 'reserviert', informationstext: grund })).toBe(false);
  });
});

describe('Meine Buchungen keeps what another person cancelled as long (decision 149)', () => {
  const bis = b('2026-11-23', '12:00');
  it.each<[string, string | null, string | null, Date, boolean]>([
    [
      'staff cancelled it with their reason, before its end',
      'Winterdienst',
      'staff',
      b('2026-11-23', '11:00'),
      true,
    ],
    ['staff cancelled it, 13 days after its end', 'Winterdienst', 'staff', b('2026-12-06', '12:00'), true],
    ['staff cancelled it, 14 days after its end', 'Winterdienst', 'staff', b('2026-12-07', '12:00'), false],
    [
      'an approver rejected it with their words',
      ablehnungsText({ begruendung: 'Kein Anlass' }),
      'approver',
      b('2026-11-23', '11:00'),
      true,
    ],
    ['the booker cancelled it (recorded as them)', null, 'booker', b('2026-11-23', '11:00'), false],
    [
      'the booker cancelled it with a reason of their own',
      'Termin fällt aus',
      'booker',
      b('2026-11-23', '11:00'),
      false,
    ],
    ['cancelled before who cancelled was recorded', 'Winterdienst', null, b('2026-11-23', '11:00'), false],
  ])('%s', (_case, informationstext, storniertVon, now, shown) => {
    const buchung = { status: 'storniert', informationstext, bis, benutzerId: 'booker', storniertVon };
    expect(isInMeinenBuchungen({ buchung, now })).toBe(shown);
    expect(isFremdStorno(buchung)).toBe(storniertVon === 'staff' || storniertVon === 'approver');
  });

  it('a trip not cancelled is no cancellation by anyone, whoever is recorded', () => {
    expect(
      isFremdStorno({
        status: 'reserviert',
        informationstext: null,
        benutzerId: 'booker',
        storniertVon: 'staff',
      }),
    ).toBe(false);
  });

  it("a system reason is the system's cancellation, with nobody recorded", () => {
    expect(
      isFremdStorno({
        status: 'storniert',
        informationstext: STORNO_GRUND.WARTUNG,
        benutzerId: 'booker',
        storniertVon: null,
      }),
    ).toBe(true);
  });
});

describe("who cancels someone else's trip says why (decision 149)", () => {
  it.each<[string, string, string | undefined, string | null]>([
    ['staff without a reason', 'staff', undefined, 'fahrzeug_buchung.grund_fehlt'],
    ['staff with only spaces', 'staff', '   ', 'fahrzeug_buchung.grund_fehlt'],
    ['staff with a reason', 'staff', 'Winterdienst', null],
    ['the booker without a reason', 'booker', undefined, null],
  ])('%s', (_case, akteurId, grund, code) => {
    expect(fremdStornoGrundVerstoss({ benutzerId: 'booker', akteurId, grund })?.code ?? null).toBe(code);
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
