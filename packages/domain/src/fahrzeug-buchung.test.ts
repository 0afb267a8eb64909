import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  assertCheckInFreigegeben,
  type BelegendeBuchung,
  belegtBis,
  buchungsGrenzen,
  buchungsStart,
  type FahrzeugBuchbarkeit,
  isFahrzeugBuchungFreigegeben,
  isMassenStornierbar,
  mindestdauerVerstoss,
  STORNO_GRUND,
  spaetestesBuchbaresEnde,
  stornosBeiFahrzeugAenderung,
  verfuegbarkeitsVerstoss,
  zuWeitImVorausVerstoss,
} from './fahrzeug-buchung.ts';
import { BUCHUNG_STATUS, type BuchungStatus } from './status.ts';

/** Berlin wall-clock time in November (UTC+1). */
const t = (day: string, time: string) => new Date(`${day}T${time}:00+01:00`);

describe('isFahrzeugBuchungFreigegeben', () => {
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

  it('blocks check-in of an unapproved booking with the spec message', () => {
    expect(() => assertCheckInFreigegeben({ von, now: von, freigeber: [{ isFreigegeben: null }] })).toThrow(
      'Ein CheckIn ist nicht möglich, da die Buchung nicht freigegeben wurde!',
    );
  });
});

describe('belegtBis', () => {
  const now = t('2026-11-23', '12:00');
  it('lets an overdue active booking block until now', () => {
    expect(
      belegtBis({ von: t('2026-11-23', '08:00'), bis: t('2026-11-23', '10:00'), status: 'aktiv' }, now),
    ).toEqual(now);
  });
  it('keeps the end of other bookings', () => {
    const bis = t('2026-11-23', '10:00');
    expect(belegtBis({ von: t('2026-11-23', '08:00'), bis, status: 'reserviert' }, now)).toEqual(bis);
  });
});

describe('verfuegbarkeitsVerstoss', () => {
  const fahrzeug: FahrzeugBuchbarkeit = {
    gueltigVon: '2026-11-01',
    gueltigBis: '2026-12-31',
    buchungszeitraum: { von: '07:00', bis: '19:00', wochentage: [1, 2, 3, 4, 5] },
    buchungAusserhalbMoeglich: false,
  };
  const now = t('2026-11-20', '12:00');
  const existing: BelegendeBuchung[] = [
    { id: 'b1', von: t('2026-11-23', '10:00'), bis: t('2026-11-23', '12:00'), status: 'reserviert' },
    { id: 'b2', von: t('2026-11-24', '10:00'), bis: t('2026-11-24', '12:00'), status: 'storniert' },
  ];
  const check = (von: Date, bis: Date, extra: Partial<Parameters<typeof verfuegbarkeitsVerstoss>[0]> = {}) =>
    verfuegbarkeitsVerstoss({ von, bis, fahrzeug, buchungen: existing, now, ...extra })?.code ?? null;

  it.each<[string, Date, Date, string | null]>([
    ['a free slot', t('2026-11-23', '13:00'), t('2026-11-23', '15:00'), null],
    [
      'end before start',
      t('2026-11-23', '15:00'),
      t('2026-11-23', '13:00'),
      'fahrzeug_buchung.ende_vor_beginn',
    ],
    ['zero length', t('2026-11-23', '13:00'), t('2026-11-23', '13:00'), 'fahrzeug_buchung.ende_vor_beginn'],
    [
      'before the validity',
      t('2026-10-30', '09:00'),
      t('2026-10-30', '10:00'),
      'fahrzeug_buchung.ausserhalb_gueltigkeit',
    ],
    [
      'after the validity',
      t('2027-01-01', '09:00'),
      t('2027-01-01', '10:00'),
      'fahrzeug_buchung.ausserhalb_gueltigkeit',
    ],
    [
      'on a Saturday',
      t('2026-11-28', '09:00'),
      t('2026-11-28', '10:00'),
      'fahrzeug_buchung.ausserhalb_buchungszeitraum',
    ],
    [
      'too early in the day',
      t('2026-11-23', '06:30'),
      t('2026-11-23', '08:00'),
      'fahrzeug_buchung.ausserhalb_buchungszeitraum',
    ],
    ['overlapping', t('2026-11-23', '11:00'), t('2026-11-23', '13:00'), 'fahrzeug_buchung.ueberschneidung'],
    ['back to back', t('2026-11-23', '12:00'), t('2026-11-23', '13:00'), null],
    ['over a cancelled booking', t('2026-11-24', '10:00'), t('2026-11-24', '12:00'), null],
  ])('for %s gives the expected result', (_case, von, bis, expected) => {
    expect(check(von, bis)).toBe(expected);
  });

  it('keeps the buffer free on each side', () => {
    expect(check(t('2026-11-23', '12:00'), t('2026-11-23', '13:00'), { pufferMinuten: 30 })).toBe(
      'fahrzeug_buchung.ueberschneidung',
    );
    expect(check(t('2026-11-23', '12:30'), t('2026-11-23', '13:00'), { pufferMinuten: 30 })).toBeNull();
    expect(check(t('2026-11-23', '08:00'), t('2026-11-23', '09:31'), { pufferMinuten: 30 })).toBe(
      'fahrzeug_buchung.ueberschneidung',
    );
  });

  it('ignores the booking being moved', () => {
    expect(check(t('2026-11-23', '11:00'), t('2026-11-23', '13:00'), { ignoreId: 'b1' })).toBeNull();
  });

  it('allows bookings outside the window when the vehicle allows it', () => {
    expect(
      check(t('2026-11-28', '09:00'), t('2026-11-28', '10:00'), {
        fahrzeug: { ...fahrzeug, buchungAusserhalbMoeglich: true },
      }),
    ).toBeNull();
  });

  it('never accepts two overlapping bookings (property)', () => {
    const slot = fc
      .tuple(fc.integer({ min: 0, max: 200 }), fc.integer({ min: 1, max: 40 }))
      .map(([start, len]) => ({ von: new Date(Date.UTC(2026, 10, 23) + start * 900_000), len }))
      .map(({ von, len }) => ({ von, bis: new Date(von.getTime() + len * 900_000) }));
    const open: FahrzeugBuchbarkeit = {
      gueltigVon: null,
      gueltigBis: null,
      buchungszeitraum: null,
      buchungAusserhalbMoeglich: true,
    };
    fc.assert(
      fc.property(fc.array(slot, { maxLength: 30 }), (requests) => {
        const accepted: BelegendeBuchung[] = [];
        for (const r of requests) {
          if (!verfuegbarkeitsVerstoss({ ...r, fahrzeug: open, buchungen: accepted, now })) {
            accepted.push({ ...r, status: 'reserviert' });
          }
        }
        for (const a of accepted)
          for (const b of accepted) if (a !== b) expect(a.von < b.bis && b.von < a.bis).toBe(false);
      }),
    );
  });
});

describe('buchungsGrenzen', () => {
  it('takes the booking period of the day', () => {
    expect(
      buchungsGrenzen({ tag: t('2026-11-23', '12:00'), zeitraumVon: '09:00', zeitraumBis: '18:00' }),
    ).toEqual({
      fruehesterBeginn: t('2026-11-23', '09:00'),
      spaetestesEnde: t('2026-11-23', '18:00'),
    });
  });

  it('keeps the minimum gap in hours after a preceding and before a following booking', () => {
    expect(
      buchungsGrenzen({
        tag: t('2026-11-23', '12:00'),
        zeitraumVon: '09:00',
        zeitraumBis: '18:00',
        mindestabstandStunden: 2,
        vorherigesEnde: t('2026-11-23', '10:00'),
        naechsterBeginn: t('2026-11-23', '17:00'),
      }),
    ).toEqual({ fruehesterBeginn: t('2026-11-23', '12:00'), spaetestesEnde: t('2026-11-23', '15:00') });
  });
});

describe('mindestdauerVerstoss', () => {
  it.each<[Date, Date, number, string | null]>([
    [t('2026-11-23', '09:00'), t('2026-11-23', '09:30'), 60, 'fahrzeug_buchung.zu_kurz'],
    [t('2026-11-23', '09:00'), t('2026-11-23', '10:00'), 60, null],
    [t('2026-11-23', '23:30'), t('2026-11-24', '00:10'), 60, null],
    [t('2026-11-23', '09:00'), t('2026-11-23', '09:01'), 0, null],
  ])('%s to %s with minimum %i minutes gives %s', (von, bis, min, expected) => {
    expect(mindestdauerVerstoss({ von, bis, minimaleBuchungszeitMinuten: min })?.code ?? null).toBe(expected);
  });
});

describe('spaetestesBuchbaresEnde', () => {
  const now = t('2026-11-25', '12:00'); // Wednesday

  it('is none when N is 0 or unset', () => {
    expect(spaetestesBuchbaresEnde({ now, vorausbuchbareTage: 0, zeitraumBis: '18:00' })).toBeNull();
    expect(spaetestesBuchbaresEnde({ now, vorausbuchbareTage: undefined, zeitraumBis: '18:00' })).toBeNull();
  });

  it('is today plus N days at the period end', () => {
    expect(spaetestesBuchbaresEnde({ now, vorausbuchbareTage: 7, zeitraumBis: '18:00' })).toEqual(
      t('2026-12-02', '18:00'),
    );
  });

  it('counts from the last start of the booking-window weekday and hour', () => {
    // window opens mondays 08:00: last start Monday 23 November
    expect(
      spaetestesBuchbaresEnde({
        now,
        vorausbuchbareTage: 7,
        zeitraumBis: '18:00',
        fensterWochentag: 'montags',
        fensterUhrzeit: '08:00',
      }),
    ).toEqual(t('2026-11-30', '18:00'));
    // on Wednesday 10:00 a Wednesday-12:00 window has not opened yet this week
    expect(
      spaetestesBuchbaresEnde({
        now: t('2026-11-25', '10:00'),
        vorausbuchbareTage: 7,
        zeitraumBis: '18:00',
        fensterWochentag: 'mittwochs',
        fensterUhrzeit: '12:00',
      }),
    ).toEqual(t('2026-11-25', '18:00'));
  });

  it('ignores an unknown weekday name', () => {
    expect(
      spaetestesBuchbaresEnde({
        now,
        vorausbuchbareTage: 1,
        zeitraumBis: '18:00',
        fensterWochentag: 'Montag',
      }),
    ).toEqual(t('2026-11-26', '18:00'));
  });

  it('names the last possible day when a booking ends too late', () => {
    expect(
      zuWeitImVorausVerstoss({ bis: t('2026-12-03', '09:00'), spaetestesEnde: t('2026-12-02', '18:00') }),
    ).toEqual({ code: 'fahrzeug_buchung.zu_weit_im_voraus', params: { datum: '02.12.2026' } });
    expect(zuWeitImVorausVerstoss({ bis: t('2026-12-03', '09:00'), spaetestesEnde: null })).toBeNull();
  });
});

describe('buchungsStart', () => {
  it.each<[string, Date, number, Date]>([
    ['before the period: the period start', t('2026-11-23', '07:00'), 0, t('2026-11-23', '09:00')],
    ['inside the period: now', t('2026-11-23', '11:20'), 0, t('2026-11-23', '11:20')],
    ['too little time left: next day', t('2026-11-23', '17:30'), 60, t('2026-11-24', '09:00')],
    ['enough time left', t('2026-11-23', '16:30'), 60, t('2026-11-23', '16:30')],
    ['after the period: next day', t('2026-11-23', '19:00'), 0, t('2026-11-24', '09:00')],
  ])('%s', (_case, now, min, expected) => {
    expect(
      buchungsStart({ now, zeitraumVon: '09:00', zeitraumBis: '18:00', minimaleBuchungszeitMinuten: min }),
    ).toEqual(expected);
  });

  it('falls back to 00:00–23:59 without a period', () => {
    expect(buchungsStart({ now: t('2026-11-23', '23:59') })).toEqual(t('2026-11-24', '00:00'));
    expect(buchungsStart({ now: t('2026-11-23', '05:00') })).toEqual(t('2026-11-23', '05:00'));
  });
});

describe('cancellations', () => {
  it.each<[BuchungStatus, boolean]>(
    BUCHUNG_STATUS.map((s) => [s, s !== 'durchgeführt' && s !== 'storniert']),
  )('bulk cancellation takes a %s booking: %s', (status, expected) => {
    expect(isMassenStornierbar(status)).toBe(expected);
  });

  const buchungen = [
    { id: 'in', von: t('2026-11-23', '09:00'), bis: t('2026-11-23', '10:00'), status: 'reserviert' as const },
    {
      id: 'late',
      von: t('2027-01-02', '09:00'),
      bis: t('2027-01-02', '10:00'),
      status: 'reserviert' as const,
    },
    {
      id: 'done',
      von: t('2027-01-03', '09:00'),
      bis: t('2027-01-03', '10:00'),
      status: 'durchgeführt' as const,
    },
  ];
  const stand = { standortName: 'Zentrale', gueltigVon: '2026-11-01', gueltigBis: '2026-12-31' };

  it('refuses an update without the old vehicle data', () => {
    expect(() => stornosBeiFahrzeugAenderung({ alt: null, neu: stand, buchungen })).toThrow(
      'Update des Fahrzeugs ohne alte Fahrzeugdaten nicht möglich, da Validierung nicht durchgeführt werden kann!',
    );
  });

  it('cancels every open booking when the location changes', () => {
    const result = stornosBeiFahrzeugAenderung({
      alt: { ...stand, standortName: 'Außenstelle' },
      neu: stand,
      buchungen,
    });
    expect(result.grund).toBe('Storno wegen Standortänderung am Fahrzeug');
    expect(result.buchungen.map((b) => b.id)).toEqual(['in', 'late']);
  });

  it('cancels the open bookings outside the new validity otherwise', () => {
    const result = stornosBeiFahrzeugAenderung({
      alt: { ...stand, gueltigBis: null },
      neu: stand,
      buchungen,
    });
    expect(result.grund).toBe('Storno da Fahrzeug zum Buchungszeitpunkt nicht mehr buchbar ist.');
    expect(result.buchungen.map((b) => b.id)).toEqual(['late']);
  });

  it('has the deactivation reason of spec §4', () => {
    expect(STORNO_GRUND.fahrzeugDeaktiviert).toBe('Storno, weil Fahrzeug deaktiviert wurde.');
  });
});
