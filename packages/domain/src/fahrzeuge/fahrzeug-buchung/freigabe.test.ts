import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PermissionName } from '../../permissions.ts';
import type { BuchungStatus } from '../../status.ts';
import {
  ablehnungsText,
  assertCheckInFreigegeben,
  type FreigeberKandidat,
  freigabeNachAenderung,
  freigeberVerstoss,
  isFahrzeugBuchungFreigegeben,
  sonderfreigabeEntscheiden,
  wartetAufEntscheidungVon,
  wartetAufFreigabe,
} from './freigabe.ts';

const t = (day: string, time: string) => new Date(`${day}T${time}:00+01:00`);

describe('isFahrzeugBuchungFreigegeben: the released rule of spec §4', () => {
  const von = t('2026-11-23', '09:00');
  it.each<[string, Date, { isFreigegeben: boolean | null }[], boolean]>([
    ['without approvers', t('2026-11-20', '09:00'), [], true],
    ['with an approval', t('2026-11-20', '09:00'), [{ isFreigegeben: null }, { isFreigegeben: true }], true],
    ['with approvals pending', t('2026-11-20', '09:00'), [{ isFreigegeben: null }], false],
    ['after rejection only', t('2026-11-20', '09:00'), [{ isFreigegeben: false }], false],
    ['exactly an hour after the start', t('2026-11-23', '10:00'), [{ isFreigegeben: null }], false],
    ['more than an hour after the start', t('2026-11-23', '10:01'), [{ isFreigegeben: null }], true],
  ])('is released %s as expected', (_case, now, freigeber, expected) => {
    expect(isFahrzeugBuchungFreigegeben({ von, now, freigeber })).toBe(expected);
  });

  it('follows the tenant setting for the hour', () => {
    expect(
      isFahrzeugBuchungFreigegeben({
        von,
        now: t('2026-11-23', '09:31'),
        freigeber: [{ isFreigegeben: null }],
        freigabeNachBeginnMinuten: 30,
      }),
    ).toBe(true);
  });

  it('blocks check-in of an unapproved booking with the spec message', () => {
    expect(() => assertCheckInFreigegeben({ von, now: von, freigeber: [{ isFreigegeben: null }] })).toThrow(
      'Ein CheckIn ist nicht möglich, da die Buchung nicht freigegeben wurde!',
    );
  });
});

describe('freigeberVerstoss: who may approve a special trip', () => {
  const perms = (...p: PermissionName[]) => new Set(p);
  const kandidaten: FreigeberKandidat[] = [
    { id: 'chef', status: 'aktiv', permissions: perms('fahrzeug_freigabe_von_sonderfahrten') },
    { id: 'weg', status: 'inaktiv', permissions: perms('fahrzeug_freigabe_von_sonderfahrten') },
    { id: 'kollege', status: 'aktiv', permissions: perms('fahrzeug_buchen') },
    { id: 'ich', status: 'aktiv', permissions: perms('fahrzeug_freigabe_von_sonderfahrten') },
  ];
  it.each<[string, boolean, string[], string | null]>([
    ['inside the window: none needed', false, [], null],
    ['a special trip without approvers', true, [], 'fahrzeug_buchung.freigeber_fehlt'],
    ['a special trip with an approver', true, ['chef'], null],
    ['an inactive approver', true, ['weg'], 'fahrzeug_buchung.freigeber_ungueltig'],
    ['someone without the right', true, ['chef', 'kollege'], 'fahrzeug_buchung.freigeber_ungueltig'],
    ['an unknown id', true, ['niemand'], 'fahrzeug_buchung.freigeber_ungueltig'],
    ['the booker themself', true, ['ich'], 'fahrzeug_buchung.freigeber_ungueltig'],
  ])('%s', (_case, sonderfahrt, freigeberIds, expected) => {
    expect(
      freigeberVerstoss({ sonderfahrt, freigeberIds, kandidaten, buchenderId: 'ich' })?.code ?? null,
    ).toBe(expected);
  });
});

describe('freigabeNachAenderung: approvers asked again after a change', () => {
  it.each<[boolean, boolean, boolean, string]>([
    [false, true, true, 'neu_anfragen'],
    [false, true, false, 'neu_anfragen'],
    [true, true, true, 'neu_anfragen'],
    [true, true, false, 'behalten'],
    [true, false, true, 'entfernen'],
    [false, false, true, 'behalten'],
  ])(
    'was special %s, is special %s, time changed %s: %s',
    (warSonderfahrt, istSonderfahrt, zeitGeaendert, expected) => {
      expect(freigabeNachAenderung({ warSonderfahrt, istSonderfahrt, zeitGeaendert })).toBe(expected);
    },
  );
});

describe('sonderfreigabeEntscheiden: approve or reject', () => {
  const freigeber = [
    { benutzerId: 'a', isFreigegeben: null },
    { benutzerId: 'b', isFreigegeben: null },
  ];
  const buchung = { status: 'reserviert' as BuchungStatus };

  it('refuses without a session user with the spec message code', () => {
    expect(
      sonderfreigabeEntscheiden({ benutzerId: null, buchung, freigeber, freigegeben: true }).verstoss?.code,
    ).toBe('sonderfreigabe.user_not_found');
  });

  it('an approval releases the booking and keeps its status', () => {
    expect(sonderfreigabeEntscheiden({ benutzerId: 'a', buchung, freigeber, freigegeben: true })).toEqual({
      verstoss: null,
      folge: { status: 'reserviert', informationstext: null },
    });
  });

  it('a rejection cancels the booking with its reason (spec §4)', () => {
    expect(sonderfreigabeEntscheiden({ benutzerId: 'b', buchung, freigeber, freigegeben: false })).toEqual({
      verstoss: null,
      folge: { status: 'storniert', informationstext: 'Storno, weil die Sonderfreigabe abgelehnt wurde.' },
    });
  });

  it.each<[string, string, BuchungStatus, { benutzerId: string; isFreigegeben: boolean | null }[], string]>([
    ['someone not listed', 'c', 'reserviert', freigeber, 'sonderfreigabe.nicht_freigeber'],
    [
      'a decided row',
      'a',
      'reserviert',
      [{ benutzerId: 'a', isFreigegeben: false }, freigeber[1]!],
      'sonderfreigabe.bereits_entschieden',
    ],
    [
      'after another approval',
      'b',
      'reserviert',
      [{ benutzerId: 'a', isFreigegeben: true }, freigeber[1]!],
      'sonderfreigabe.nicht_offen',
    ],
    ['a cancelled booking', 'a', 'storniert', freigeber, 'sonderfreigabe.nicht_offen'],
    ['a performed booking', 'a', 'durchgeführt', freigeber, 'sonderfreigabe.nicht_offen'],
  ])('refuses %s', (_case, benutzerId, status, rows, code) => {
    expect(
      sonderfreigabeEntscheiden({ benutzerId, buchung: { status }, freigeber: rows, freigegeben: false })
        .verstoss?.code,
    ).toBe(code);
  });

  it('waits for approval only with approvers and no approval yet', () => {
    expect(wartetAufFreigabe({ status: 'reserviert', freigeber })).toBe(true);
    expect(wartetAufFreigabe({ status: 'reserviert', freigeber: [] })).toBe(false);
    expect(wartetAufFreigabe({ status: 'reserviert', freigeber: [{ isFreigegeben: true }] })).toBe(false);
  });
});

describe('released rule (property)', () => {
  const decision = fc.constantFrom<boolean | null>(true, false, null);
  it('once released, a booking stays released as time goes on; it is released exactly as spec §4 says', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -10_000, max: 10_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.array(decision, { maxLength: 4 }),
        (minutes, later, decisions) => {
          const von = t('2026-10-25', '02:30'); // the autumn DST night
          const now = new Date(von.getTime() + minutes * 60_000);
          const freigeber = decisions.map((isFreigegeben) => ({ isFreigegeben }));
          const released = isFahrzeugBuchungFreigegeben({ von, now, freigeber });
          expect(released).toBe(minutes > 60 || decisions.length === 0 || decisions.includes(true));
          if (released)
            expect(
              isFahrzeugBuchungFreigegeben({ von, now: new Date(now.getTime() + later * 60_000), freigeber }),
            ).toBe(true);
        },
      ),
    );
  });
});

describe('the released rule across the clock changes (DST weeks)', () => {
  it.each<[string, string, string, boolean]>([
    // last Sunday of March: 02:00 CET jumps to 03:00 CEST; one real hour after 01:30 CET is 03:30 CEST
    [
      'an hour of real time after a start before the spring switch',
      '2026-03-29T01:30:00+01:00',
      '2026-03-29T03:30:00+02:00',
      false,
    ],
    ['a minute more', '2026-03-29T01:30:00+01:00', '2026-03-29T03:31:00+02:00', true],
    // last Sunday of October: 03:00 CEST falls back to 02:00 CET; 02:30 CEST + 1 h = 02:30 CET
    [
      'an hour of real time across the autumn switch',
      '2026-10-25T02:30:00+02:00',
      '2026-10-25T02:30:00+01:00',
      false,
    ],
    ['a minute more in autumn', '2026-10-25T02:30:00+02:00', '2026-10-25T02:31:00+01:00', true],
  ])('%s', (_case, von, now, expected) => {
    expect(
      isFahrzeugBuchungFreigegeben({
        von: new Date(von),
        now: new Date(now),
        freigeber: [{ isFreigegeben: null }],
      }),
    ).toBe(expected);
  });
});

describe('ablehnungsText and the rejection (decision 049)', () => {
  it("writes the approver's reason after the cancellation text", () => {
    expect(ablehnungsText({ begruendung: '  Kein dienstlicher Anlass. ' })).toBe(
      'Storno, weil die Sonderfreigabe abgelehnt wurde. Begründung: Kein dienstlicher Anlass.',
    );
    expect(ablehnungsText({ begruendung: ' ' })).toBe('Storno, weil die Sonderfreigabe abgelehnt wurde.');
    expect(
      sonderfreigabeEntscheiden({
        benutzerId: 'a',
        buchung: { status: 'reserviert' },
        freigeber: [{ benutzerId: 'a', isFreigegeben: null }],
        freigegeben: false,
        begruendung: 'Zu teuer',
      }),
    ).toEqual({
      verstoss: null,
      folge: {
        status: 'storniert',
        informationstext: 'Storno, weil die Sonderfreigabe abgelehnt wurde. Begründung: Zu teuer',
      },
    });
  });
});

describe('wartetAufEntscheidungVon: what the approvals page lists for one approver', () => {
  const now = t('2026-11-20', '12:00');
  const buchung = {
    status: 'reserviert' as BuchungStatus,
    typ: 'BUCHUNG' as const,
    bis: t('2026-11-23', '20:00'),
  };
  it.each<
    [string, Partial<typeof buchung>, { benutzerId: string; isFreigegeben: boolean | null }[], boolean]
  >([
    ['an undecided row of the approver', {}, [{ benutzerId: 'ich', isFreigegeben: null }], true],
    ['another approver only', {}, [{ benutzerId: 'du', isFreigegeben: null }], false],
    [
      'already approved by someone else',
      {},
      [
        { benutzerId: 'ich', isFreigegeben: null },
        { benutzerId: 'du', isFreigegeben: true },
      ],
      false,
    ],
    ['decided by the approver', {}, [{ benutzerId: 'ich', isFreigegeben: false }], false],
    ['a cancelled trip', { status: 'storniert' }, [{ benutzerId: 'ich', isFreigegeben: null }], false],
    [
      'a trip that has ended',
      { bis: t('2026-11-20', '11:45') },
      [{ benutzerId: 'ich', isFreigegeben: null }],
      false,
    ],
    ['a block', { typ: 'WARTUNG' as never }, [{ benutzerId: 'ich', isFreigegeben: null }], false],
  ])('%s', (_case, over, freigeber, expected) => {
    expect(
      wartetAufEntscheidungVon({ benutzerId: 'ich', buchung: { ...buchung, ...over }, freigeber, now }),
    ).toBe(expected);
  });
});
