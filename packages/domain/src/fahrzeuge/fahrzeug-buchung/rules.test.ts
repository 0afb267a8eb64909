import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type ErrorCode, httpStatusOf } from '../../errors.ts';
import { addCalendarDays, berlinDateKey, berlinInstant, WOCHENTAG_NAMEN, weekdayOfDay } from '../../time.ts';
import { fensterAusZeitraum, isInnerhalbBuchungsfenster } from '../fahrzeug/buchungsfenster.ts';
import { tagesRaster } from './erklaerung.ts';
import { FAHRT_OFFEN } from './machine.ts';
import { DEFAULT_FAHRZEUG_CUSTOMIZING, type FahrzeugFuerBuchung, pruefeFahrzeugBuchung } from './pruefung.ts';
import {
  type Belegung,
  belegterZeitraum,
  belegungVerstoss,
  buchungsGrenzen,
  buchungsStart,
  gueltigkeitVerstoss,
  mindestdauerVerstoss,
  spaetestesBuchbaresEnde,
  taktBeginn,
  vorBuchungsstartVerstoss,
  zeitraumVerstoss,
  zuWeitImVorausVerstoss,
} from './rules.ts';

/** Berlin wall-clock time (any season). */
const b = (day: string, time: string) => berlinInstant(day, time);
const trip = (von: Date, bis: Date, over: Partial<Belegung> = {}): Belegung => ({
  von,
  bis,
  status: 'reserviert',
  typ: 'BUCHUNG',
  fahrt: FAHRT_OFFEN,
  ...over,
});

describe('belegterZeitraum: which bookings occupy which time', () => {
  const now = b('2026-11-23', '12:00');
  const von = b('2026-11-23', '08:00');
  const bis = b('2026-11-23', '10:00');
  it.each<[string, Belegung, { von: Date; bis: Date } | null]>([
    ['a booked trip: its period', trip(von, bis), { von, bis }],
    ['a cancelled one: nothing', trip(von, bis, { status: 'storniert' }), null],
    [
      'a trip on the road past its end: until now (spec §5)',
      trip(von, bis, {
        status: 'aktiv',
        fahrt: { eingechecktAm: b('2026-11-23', '07:50'), ausgechecktAm: null },
      }),
      { von: b('2026-11-23', '07:50'), bis: now },
    ],
    [
      'a trip checked out early: until its check-out',
      trip(von, bis, {
        status: 'durchgeführt',
        fahrt: { eingechecktAm: von, ausgechecktAm: b('2026-11-23', '09:00') },
      }),
      { von, bis: b('2026-11-23', '09:00') },
    ],
    [
      'a trip checked out late: its period',
      trip(von, bis, {
        status: 'durchgeführt',
        fahrt: { eingechecktAm: von, ausgechecktAm: b('2026-11-23', '11:00') },
      }),
      { von, bis },
    ],
    [
      'a stored aktiv without a CHECK_IN entry past its end: its period',
      trip(von, bis, { status: 'aktiv' }),
      { von, bis },
    ],
    ['a WARTUNG block: its period', trip(von, bis, { typ: 'WARTUNG' }), { von, bis }],
  ])('%s', (_case, buchung, expected) => {
    expect(belegterZeitraum({ buchung, now })).toEqual(expected);
  });
});

describe('an overdue trip not checked out keeps the car (decision 109)', () => {
  // [day, booked from, to, checked in, now, new booking from, to, expected]
  it.each<[string, string, string, string, string, string, string, string | null]>([
    // the reported case: 16:00–16:15 checked in at 15:55, at 16:16 a booking from 16:15 is refused
    ['2026-11-30', '16:00', '16:15', '15:55', '16:16', '16:15', '16:45', 'fahrzeug_buchung.noch_unterwegs'],
    // exactly at the booked end the car is still out
    ['2026-11-30', '16:00', '16:15', '15:55', '16:15', '16:15', '16:45', 'fahrzeug_buchung.noch_unterwegs'],
    // an hour later, still not back: a booking of the current step is refused
    ['2026-11-30', '16:00', '16:15', '15:55', '17:10', '17:00', '17:30', 'fahrzeug_buchung.noch_unterwegs'],
    // a booking starting after now is accepted (the next booker is warned by the reminder job)
    ['2026-11-30', '16:00', '16:15', '15:55', '16:16', '16:30', '17:00', null],
    // before its end the trip is an ordinary booking
    ['2026-11-30', '16:00', '17:00', '15:55', '16:10', '16:45', '17:30', 'fahrzeug_buchung.ueberschneidung'],
    // DST weeks: the night the clocks go back and forward
    ['2026-10-25', '01:00', '02:30', '01:00', '03:10', '03:00', '04:00', 'fahrzeug_buchung.noch_unterwegs'],
    ['2026-03-29', '01:00', '01:45', '01:00', '03:10', '03:00', '04:00', 'fahrzeug_buchung.noch_unterwegs'],
    ['2026-03-29', '01:00', '01:45', '01:00', '03:10', '03:15', '04:00', null],
  ])('%s booked %s–%s, in at %s, now %s: %s–%s → %s', (day, von, bis, ein, jetzt, nVon, nBis, expected) => {
    const unterwegs = trip(b(day, von), b(day, bis), {
      status: 'aktiv',
      fahrt: { eingechecktAm: b(day, ein), ausgechecktAm: null },
    });
    expect(
      belegungVerstoss({ von: b(day, nVon), bis: b(day, nBis), buchungen: [unterwegs], now: b(day, jetzt) })
        ?.code ?? null,
    ).toBe(expected);
    // checked out: the car is free from its check-out
    const zurueck = {
      ...unterwegs,
      status: 'durchgeführt' as const,
      fahrt: { ...unterwegs.fahrt, ausgechecktAm: b(day, ein) },
    };
    expect(
      belegungVerstoss({ von: b(day, nVon), bis: b(day, nBis), buchungen: [zurueck], now: b(day, jetzt) }),
    ).toBeNull();
  });
});

describe('zeitraumVerstoss: start before end, step, not in the past', () => {
  const now = b('2026-11-23', '10:07');
  it.each<[string, Date, Date, string | null]>([
    ['tomorrow 09:00–12:00', b('2026-11-24', '09:00'), b('2026-11-24', '12:00'), null],
    ['from the current step (10:00 at 10:07)', b('2026-11-23', '10:00'), b('2026-11-23', '11:00'), null],
    [
      'from the step before',
      b('2026-11-23', '09:45'),
      b('2026-11-23', '11:00'),
      'fahrzeug_buchung.in_vergangenheit',
    ],
    ['yesterday', b('2026-11-22', '09:00'), b('2026-11-22', '10:00'), 'fahrzeug_buchung.in_vergangenheit'],
    [
      'end before start',
      b('2026-11-24', '12:00'),
      b('2026-11-24', '09:00'),
      'fahrzeug_buchung.ende_vor_beginn',
    ],
    ['zero length', b('2026-11-24', '12:00'), b('2026-11-24', '12:00'), 'fahrzeug_buchung.ende_vor_beginn'],
    ['off the step (09:10)', b('2026-11-24', '09:10'), b('2026-11-24', '12:00'), 'fahrzeug_buchung.takt'],
    ['end off the step', b('2026-11-24', '09:00'), b('2026-11-24', '12:01'), 'fahrzeug_buchung.takt'],
  ])('%s', (_case, von, bis, expected) => {
    expect(zeitraumVerstoss({ von, bis, now })?.code ?? null).toBe(expected);
  });

  it('lets a started booking be extended but not moved or ended in the past', () => {
    const bisherigerVon = b('2026-11-23', '09:00');
    const check = (von: Date, bis: Date) => zeitraumVerstoss({ von, bis, now, bisherigerVon })?.code ?? null;
    expect(check(bisherigerVon, b('2026-11-23', '15:00'))).toBeNull();
    expect(check(b('2026-11-23', '10:15'), b('2026-11-23', '15:00'))).toBe(
      'fahrzeug_buchung.beginn_unveraenderlich',
    );
    expect(check(bisherigerVon, b('2026-11-23', '10:00'))).toBe('fahrzeug_buchung.ende_in_vergangenheit');
  });

  it('puts the step on Berlin wall-clock time across the DST changes', () => {
    expect(taktBeginn({ now: new Date('2026-03-29T01:07:00Z') })).toEqual(b('2026-03-29', '03:00'));
    expect(taktBeginn({ now: new Date('2026-10-25T00:59:00Z') })).toEqual(new Date('2026-10-25T00:45:00Z'));
    expect(
      zeitraumVerstoss({
        von: b('2027-03-28', '01:45'),
        bis: b('2027-03-28', '03:15'),
        now: b('2027-03-01', '00:00'),
      }),
    ).toBeNull();
  });
});

describe('gueltigkeitVerstoss: validity gueltigVon 00:00 to gueltigBis 23:59 Berlin', () => {
  const fahrzeug = { gueltigVon: '2026-03-29', gueltigBis: '2026-10-25' };
  it.each<[string, Date, Date, boolean]>([
    ['from the first day 00:00 (DST start day)', b('2026-03-29', '00:00'), b('2026-03-29', '09:00'), true],
    ['before the first day', b('2026-03-28', '23:45'), b('2026-03-29', '09:00'), false],
    ['to the last day 23:59 (DST end day)', b('2026-10-25', '20:00'), b('2026-10-25', '23:59'), true],
    ['into the day after', b('2026-10-25', '20:00'), b('2026-10-26', '00:00'), false],
  ])('%s: inside %s', (_case, von, bis, inside) => {
    expect(gueltigkeitVerstoss({ fahrzeug, von, bis }) === null).toBe(inside);
  });
  it('is unlimited on an open side', () => {
    expect(
      gueltigkeitVerstoss({
        fahrzeug: { gueltigVon: null, gueltigBis: null },
        von: b('2020-01-01', '00:00'),
        bis: b('2040-01-01', '00:00'),
      }),
    ).toBeNull();
  });
});

describe('belegungVerstoss: overlap, blocks and the minimum gap', () => {
  const now = b('2026-11-20', '12:00');
  const buchungen: Belegung[] = [
    { ...trip(b('2026-11-23', '10:00'), b('2026-11-23', '12:00')), id: 'b1' },
    { ...trip(b('2026-11-24', '10:00'), b('2026-11-24', '12:00'), { status: 'storniert' }), id: 'b2' },
    { ...trip(b('2026-11-25', '10:00'), b('2026-11-25', '12:00'), { typ: 'DEFEKT' }), id: 'b3' },
  ];
  it.each<[string, string, string, string, number, string | null]>([
    ['a free slot', '2026-11-23', '13:00', '15:00', 0, null],
    ['back to back', '2026-11-23', '12:00', '13:00', 0, null],
    ['overlapping a trip', '2026-11-23', '11:00', '13:00', 0, 'fahrzeug_buchung.ueberschneidung'],
    ['over a cancelled trip', '2026-11-24', '10:00', '12:00', 0, null],
    ['overlapping a DEFEKT block', '2026-11-25', '11:00', '13:00', 0, 'fahrzeug_buchung.gesperrt'],
    [
      'one hour after with a 2-hour gap',
      '2026-11-23',
      '13:00',
      '15:00',
      2,
      'fahrzeug_buchung.mindestabstand',
    ],
    ['two hours after with a 2-hour gap', '2026-11-23', '14:00', '15:00', 2, null],
    [
      'ending one hour before with a 2-hour gap',
      '2026-11-23',
      '07:00',
      '09:00',
      2,
      'fahrzeug_buchung.mindestabstand',
    ],
    ['ending two hours before with a 2-hour gap', '2026-11-23', '07:00', '08:00', 2, null],
  ])('%s', (_case, day, von, bis, mindestabstandStunden, expected) => {
    expect(
      belegungVerstoss({ von: b(day, von), bis: b(day, bis), buchungen, mindestabstandStunden, now })?.code ??
        null,
    ).toBe(expected);
  });

  it('ignores the booking being changed', () => {
    expect(
      belegungVerstoss({
        von: b('2026-11-23', '11:00'),
        bis: b('2026-11-23', '13:00'),
        buchungen,
        now,
        ignoreId: 'b1',
      }),
    ).toBeNull();
  });

  it('lets an overdue trip on the road block until now, and an early check-out free the rest', () => {
    const now2 = b('2026-11-23', '13:00');
    const onTheRoad = trip(b('2026-11-23', '08:00'), b('2026-11-23', '10:00'), {
      status: 'aktiv',
      fahrt: { eingechecktAm: b('2026-11-23', '08:00'), ausgechecktAm: null },
    });
    expect(
      belegungVerstoss({
        von: b('2026-11-23', '12:45'),
        bis: b('2026-11-23', '14:00'),
        buchungen: [onTheRoad],
        now: now2,
      })?.code,
    ).toBe('fahrzeug_buchung.noch_unterwegs');
    const back = {
      ...onTheRoad,
      status: 'durchgeführt' as const,
      fahrt: { eingechecktAm: onTheRoad.von, ausgechecktAm: b('2026-11-23', '09:00') },
    };
    expect(
      belegungVerstoss({
        von: b('2026-11-23', '09:00'),
        bis: b('2026-11-23', '10:00'),
        buchungen: [back],
        now: now2,
      }),
    ).toBeNull();
  });

  it('never accepts two bookings closer than the minimum gap (property)', () => {
    const slot = fc
      .tuple(fc.integer({ min: 0, max: 400 }), fc.integer({ min: 1, max: 40 }))
      .map(([start, len]) => {
        const von = new Date(Date.UTC(2026, 9, 20) + start * 900_000); // across the October DST change
        return { von, bis: new Date(von.getTime() + len * 900_000) };
      });
    fc.assert(
      fc.property(fc.array(slot, { maxLength: 30 }), fc.integer({ min: 0, max: 4 }), (requests, gapHours) => {
        const accepted: Belegung[] = [];
        for (const r of requests)
          if (!belegungVerstoss({ ...r, buchungen: accepted, mindestabstandStunden: gapHours, now }))
            accepted.push(trip(r.von, r.bis));
        const gap = gapHours * 3_600_000;
        for (const x of accepted)
          for (const y of accepted)
            if (x !== y)
              expect(x.von.getTime() < y.bis.getTime() + gap && y.von.getTime() < x.bis.getTime() + gap).toBe(
                false,
              );
      }),
    );
  });
});

describe('buchungsGrenzen', () => {
  it('takes the booking period of the day', () => {
    expect(
      buchungsGrenzen({ tag: b('2026-11-23', '12:00'), zeitraumVon: '09:00', zeitraumBis: '18:00' }),
    ).toEqual({
      fruehesterBeginn: b('2026-11-23', '09:00'),
      spaetestesEnde: b('2026-11-23', '18:00'),
    });
  });

  it('keeps the minimum gap in hours after a preceding and before a following booking', () => {
    expect(
      buchungsGrenzen({
        tag: b('2026-11-23', '12:00'),
        zeitraumVon: '09:00',
        zeitraumBis: '18:00',
        mindestabstandStunden: 2,
        vorherigesEnde: b('2026-11-23', '10:00'),
        naechsterBeginn: b('2026-11-23', '17:00'),
      }),
    ).toEqual({ fruehesterBeginn: b('2026-11-23', '12:00'), spaetestesEnde: b('2026-11-23', '15:00') });
  });

  it('counts real hours on the DST days', () => {
    expect(
      buchungsGrenzen({
        tag: b('2026-03-29', '12:00'),
        zeitraumVon: '00:00',
        zeitraumBis: '23:00',
        mindestabstandStunden: 1,
        vorherigesEnde: b('2026-03-29', '01:00'),
      }).fruehesterBeginn,
    ).toEqual(b('2026-03-29', '03:00'));
  });
});

describe('mindestdauerVerstoss: minimum duration of same-day bookings', () => {
  it.each<[Date, Date, number, string | null]>([
    [b('2026-11-23', '09:00'), b('2026-11-23', '09:30'), 60, 'fahrzeug_buchung.zu_kurz'],
    [b('2026-11-23', '09:00'), b('2026-11-23', '10:00'), 60, null],
    [b('2026-11-23', '23:30'), b('2026-11-24', '00:15'), 60, null],
    [b('2026-11-23', '09:00'), b('2026-11-23', '09:15'), 0, null],
    // 01:30–03:15 on the spring DST day lasts 45 real minutes
    [b('2026-03-29', '01:30'), b('2026-03-29', '03:15'), 60, 'fahrzeug_buchung.zu_kurz'],
    // 02:30 CEST – 02:15 CET on the autumn DST day: 0 minutes of wall clock, 45 real minutes
    [new Date('2026-10-25T00:30:00Z'), new Date('2026-10-25T01:15:00Z'), 45, null],
  ])('%s to %s with minimum %i minutes gives %s', (von, bis, min, expected) => {
    expect(mindestdauerVerstoss({ von, bis, minimaleBuchungszeitMinuten: min })?.code ?? null).toBe(expected);
  });
});

describe('spaetestesBuchbaresEnde: latest bookable end', () => {
  const now = b('2026-11-25', '12:00'); // Wednesday

  it('is none when N is 0 or unset', () => {
    expect(spaetestesBuchbaresEnde({ now, vorausbuchbareTage: 0, zeitraumBis: '18:00' })).toBeNull();
    expect(spaetestesBuchbaresEnde({ now, vorausbuchbareTage: undefined, zeitraumBis: '18:00' })).toBeNull();
  });

  it('is today plus N days at the period end', () => {
    expect(spaetestesBuchbaresEnde({ now, vorausbuchbareTage: 7, zeitraumBis: '18:00' })).toEqual(
      b('2026-12-02', '18:00'),
    );
  });

  // the spec's reading (decision 113): the last start of the weekday and hour inside today + N days
  it.each<[string, Date, number, string, string, Date]>([
    [
      'the reported case: N 10, Monday 08:00, Friday 27.11.',
      b('2026-11-27', '10:00'),
      10,
      'montags',
      '08:00',
      b('2026-12-07', '08:00'),
    ],
    [
      'N 10, Monday 08:00, Saturday 28.11.',
      b('2026-11-28', '10:00'),
      10,
      'montags',
      '08:00',
      b('2026-12-07', '08:00'),
    ],
    [
      'N 10, Monday 08:00, Monday 30.11. 07:00',
      b('2026-11-30', '07:00'),
      10,
      'montags',
      '08:00',
      b('2026-12-07', '08:00'),
    ],
    [
      'N 10, Monday 08:00, Tuesday 01.12.: the range reaches Friday 11.12.',
      b('2026-12-01', '10:00'),
      10,
      'montags',
      '08:00',
      b('2026-12-07', '08:00'),
    ],
    [
      'N 10, Monday 08:00, Friday 04.12.: a week later',
      b('2026-12-04', '10:00'),
      10,
      'montags',
      '08:00',
      b('2026-12-14', '08:00'),
    ],
    [
      'N 7, Monday 08:00, Wednesday 25.11.',
      b('2026-11-25', '12:00'),
      7,
      'montags',
      '08:00',
      b('2026-11-30', '08:00'),
    ],
    [
      'N 7, Wednesday 12:00, asked Wednesday 10:00',
      b('2026-11-25', '10:00'),
      7,
      'mittwochs',
      '12:00',
      b('2026-12-02', '12:00'),
    ],
    [
      'N 7, Wednesday 19:00 after the period end: the week before',
      b('2026-11-25', '10:00'),
      7,
      'mittwochs',
      '19:00',
      b('2026-11-25', '19:00'),
    ],
    [
      'N 14, Sunday 00:00 across the spring DST change',
      b('2026-03-20', '09:00'),
      14,
      'sonntags',
      '00:00',
      b('2026-03-29', '00:00'),
    ],
    [
      'N 10, Sunday 03:00 on the spring DST Sunday',
      b('2026-03-20', '09:00'),
      10,
      'sonntags',
      '03:00',
      b('2026-03-29', '03:00'),
    ],
    [
      'N 10, Sunday 01:00 on the autumn DST Sunday',
      b('2026-10-16', '09:00'),
      10,
      'sonntags',
      '01:00',
      b('2026-10-25', '01:00'),
    ],
    [
      'N 7, Sunday 02:30 across the autumn DST change 2027',
      b('2027-11-01', '09:00'),
      7,
      'sonntags',
      '02:30',
      b('2027-11-07', '02:30'),
    ],
  ])(
    'counts to the last start of the booking-window weekday and hour in range: %s',
    (_case, at, n, tag, uhr, expected) => {
      expect(
        spaetestesBuchbaresEnde({
          now: at,
          vorausbuchbareTage: n,
          zeitraumBis: '18:00',
          fensterWochentag: tag,
          fensterUhrzeit: uhr,
        }),
      ).toEqual(expected);
    },
  );

  it.each(['Montag', 'monday', 'MONTAGS', ''])('ignores the unknown weekday name %j', (name) => {
    expect(
      spaetestesBuchbaresEnde({ now, vorausbuchbareTage: 1, zeitraumBis: '18:00', fensterWochentag: name }),
    ).toEqual(b('2026-11-26', '18:00'));
  });

  it('names the last possible day when a booking ends too late', () => {
    expect(
      zuWeitImVorausVerstoss({ bis: b('2026-12-03', '09:00'), spaetestesEnde: b('2026-12-02', '18:00') }),
    ).toEqual({
      code: 'fahrzeug_buchung.zu_weit_im_voraus',
      params: { datum: '02.12.2026' },
    });
    expect(
      zuWeitImVorausVerstoss({ bis: b('2026-12-02', '18:00'), spaetestesEnde: b('2026-12-02', '18:00') }),
    ).toBeNull();
    expect(zuWeitImVorausVerstoss({ bis: b('2026-12-03', '09:00'), spaetestesEnde: null })).toBeNull();
  });
});

describe('buchungsStart: start of booking', () => {
  it.each<[string, Date, number, Date]>([
    ['before the period: the period start', b('2026-11-23', '07:00'), 0, b('2026-11-23', '09:00')],
    ['inside the period: now', b('2026-11-23', '11:20'), 0, b('2026-11-23', '11:20')],
    ['too little time left: next day', b('2026-11-23', '17:30'), 60, b('2026-11-24', '09:00')],
    ['enough time left', b('2026-11-23', '16:30'), 60, b('2026-11-23', '16:30')],
    ['after the period: next day', b('2026-11-23', '19:00'), 0, b('2026-11-24', '09:00')],
    [
      'before a period shorter than the minimum: next day',
      b('2026-11-23', '07:00'),
      600,
      b('2026-11-24', '09:00'),
    ],
    ['evening before the spring DST change', b('2027-03-27', '19:00'), 0, b('2027-03-28', '09:00')],
    ['evening before the autumn DST change', b('2027-10-30', '19:00'), 0, b('2027-10-31', '09:00')],
  ])('%s', (_case, now, min, expected) => {
    expect(
      buchungsStart({ now, zeitraumVon: '09:00', zeitraumBis: '18:00', minimaleBuchungszeitMinuten: min }),
    ).toEqual(expected);
  });

  it('falls back to 00:00–23:59 without a period', () => {
    expect(buchungsStart({ now: b('2026-11-23', '23:59') })).toEqual(b('2026-11-24', '00:00'));
    expect(buchungsStart({ now: b('2026-11-23', '05:00') })).toEqual(b('2026-11-23', '05:00'));
  });

  it('refuses a start before the start of booking, naming it', () => {
    expect(
      vorBuchungsstartVerstoss({
        von: b('2026-11-23', '17:30'),
        now: b('2026-11-23', '17:20'),
        zeitraumVon: '09:00',
        zeitraumBis: '18:00',
        minimaleBuchungszeitMinuten: 60,
      }),
    ).toEqual({ code: 'fahrzeug_buchung.vor_buchungsstart', params: { datum: '24.11.2026', zeit: '09:00' } });
    expect(
      vorBuchungsstartVerstoss({
        von: b('2026-11-23', '11:15'),
        now: b('2026-11-23', '11:20'),
        zeitraumVon: '09:00',
        zeitraumBis: '18:00',
      }),
    ).toBeNull();
  });
});

describe('tagesRaster: why each step of a day is (not) bookable', () => {
  const fahrzeug: FahrzeugFuerBuchung = {
    deaktiviert: false,
    gueltigVon: null,
    gueltigBis: null,
    fenster: null,
    buchungAusserhalbMoeglich: false,
  };
  const base = {
    fahrzeug,
    buchungen: [] as Belegung[],
    einstellungen: { ...DEFAULT_FAHRZEUG_CUSTOMIZING, vorausbuchbareTage: 0 },
  };

  it.each<[string, number]>([
    ['2026-03-29', 92],
    ['2026-10-25', 100],
    ['2027-03-28', 92],
    ['2027-10-31', 100],
    ['2026-11-23', 96],
  ])('%s has %i steps of 15 minutes', (tag, steps) => {
    expect(tagesRaster({ ...base, tag, now: b('2026-01-01', '00:00') })).toHaveLength(steps);
  });

  it('gives the reason of each closed step', () => {
    const raster = tagesRaster({
      ...base,
      tag: '2026-11-23',
      now: b('2026-11-23', '10:07'),
      buchungen: [trip(b('2026-11-23', '12:00'), b('2026-11-23', '13:00'))],
    });
    const at = (time: string) => raster.find((s) => s.von.getTime() === b('2026-11-23', time).getTime());
    expect(at('08:45')?.grund?.code).toBe('fahrzeug_buchung.in_vergangenheit');
    expect(at('10:00')?.frei).toBe(true);
    expect(at('12:15')?.grund?.code).toBe('fahrzeug_buchung.ueberschneidung');
    expect(at('18:00')?.grund?.code).toBe('fahrzeug_buchung.ausserhalb_buchungszeitraum');
    expect(at('17:45')?.frei).toBe(true);
  });
});

describe('properties of the time limits (fast-check), through the DST weeks of 2026 and 2027', () => {
  // any instant from 1 March 2026 to 30 November 2027, on the minute
  const instant = fc
    .integer({ min: 0, max: 640 * 24 * 60 })
    .map((m) => new Date(Date.UTC(2026, 2, 1) + m * 60_000));
  const time = fc
    .integer({ min: 0, max: 23 * 4 + 3 })
    .map((q) => `${String(Math.floor(q / 4)).padStart(2, '0')}:${String((q % 4) * 15).padStart(2, '0')}`);

  it('the latest bookable end is today + N at the period end, or the last start of the weekday and hour within the week before it (decision 113)', () => {
    fc.assert(
      fc.property(
        instant,
        fc.integer({ min: 1, max: 60 }),
        time,
        fc.option(fc.constantFrom(...WOCHENTAG_NAMEN)),
        (now, n, bis, tag) => {
          const end = spaetestesBuchbaresEnde({
            now,
            vorausbuchbareTage: n,
            zeitraumBis: bis,
            fensterWochentag: tag,
            fensterUhrzeit: '06:00',
          });
          expect(end).not.toBeNull();
          const bereich = b(addCalendarDays(berlinDateKey(now), n), bis);
          if (!tag) {
            expect(end).toEqual(bereich);
            return;
          }
          const day = berlinDateKey(end as Date);
          expect(end).toEqual(b(day, '06:00'));
          expect(WOCHENTAG_NAMEN[weekdayOfDay(day)]).toBe(tag);
          expect((end as Date).getTime()).toBeLessThanOrEqual(bereich.getTime());
          expect(day >= addCalendarDays(berlinDateKey(bereich), -7)).toBe(true);
        },
      ),
    );
  });

  it('the start of booking is never before now and leaves the minimum time, or is the next day’s period start', () => {
    fc.assert(
      fc.property(instant, fc.integer({ min: 0, max: 600 }), (now, min) => {
        const start = buchungsStart({
          now,
          zeitraumVon: '09:00',
          zeitraumBis: '18:00',
          minimaleBuchungszeitMinuten: min,
        });
        expect(start.getTime()).toBeGreaterThanOrEqual(now.getTime());
        const nextDay = b(addCalendarDays(berlinDateKey(now), 1), '09:00');
        if (start.getTime() !== nextDay.getTime()) {
          expect(berlinDateKey(start)).toBe(berlinDateKey(now));
          expect(b(berlinDateKey(now), '18:00').getTime() - start.getTime()).toBeGreaterThanOrEqual(
            min * 60_000,
          );
        }
      }),
    );
  });

  it('every accepted booking passes each rule on its own, and the accepted ones keep the gap (spring DST 2027)', () => {
    const fahrzeug: FahrzeugFuerBuchung = {
      deaktiviert: false,
      gueltigVon: '2027-03-22',
      gueltigBis: '2027-04-04',
      fenster: fensterAusZeitraum({ von: '06:00', bis: '22:00', wochentage: [0, 1, 2, 3, 4, 5] }),
      buchungAusserhalbMoeglich: false,
    };
    const einstellungen = {
      ...DEFAULT_FAHRZEUG_CUSTOMIZING,
      individuelleBuchungszeiten: true,
      vorausbuchbareTage: 10,
      mindestabstandStunden: 1,
      minimaleBuchungszeitMinuten: 60,
    };
    const now = b('2027-03-22', '08:00');
    const request = fc
      .tuple(fc.integer({ min: 0, max: 14 * 96 }), fc.integer({ min: 1, max: 48 }))
      .map(([s, len]) => ({
        von: new Date(now.getTime() + s * 900_000),
        bis: new Date(now.getTime() + (s + len) * 900_000),
      }));
    fc.assert(
      fc.property(fc.array(request, { maxLength: 25 }), (requests) => {
        const accepted: Belegung[] = [];
        for (const r of requests) {
          const { verstoesse } = pruefeFahrzeugBuchung({
            ...r,
            fahrzeug,
            buchungen: accepted,
            einstellungen,
            now,
          });
          if (verstoesse.length > 0) continue;
          expect(
            isInnerhalbBuchungsfenster({ fenster: fahrzeug.fenster ?? [], von: r.von, bis: r.bis }),
          ).toBe(true);
          expect(weekdayOfDay(berlinDateKey(r.von))).not.toBe(6);
          accepted.push(trip(r.von, r.bis));
        }
        for (const x of accepted)
          for (const y of accepted)
            if (x !== y)
              expect(
                x.von.getTime() < y.bis.getTime() + 3_600_000 &&
                  y.von.getTime() < x.bis.getTime() + 3_600_000,
              ).toBe(false);
      }),
    );
  });
});

describe('HTTP status of the booking rules (422 for a refusing rule, 409 for a conflict)', () => {
  it.each<[ErrorCode, number]>([
    ['fahrzeug_buchung.ende_vor_beginn', 422],
    ['fahrzeug_buchung.takt', 422],
    ['fahrzeug_buchung.in_vergangenheit', 422],
    ['fahrzeug_buchung.fahrzeug_deaktiviert', 422],
    ['fahrzeug_buchung.ausserhalb_gueltigkeit', 422],
    ['fahrzeug_buchung.ausserhalb_buchungszeitraum', 422],
    ['fahrzeug_buchung.vor_buchungsstart', 422],
    ['fahrzeug_buchung.zu_kurz', 422],
    ['fahrzeug_buchung.zu_weit_im_voraus', 422],
    ['fahrzeug_buchung.freigeber_fehlt', 422],
    ['fuehrerschein.pruefung_abgelaufen', 422],
    ['fuehrerschein.fahrverbot', 422],
    ['fuehrerschein.klasse_abgelaufen', 422],
    ['fahrzeug_buchung.ueberschneidung', 409],
    ['fahrzeug_buchung.gesperrt', 409],
    ['fahrzeug_buchung.mindestabstand', 409],
    ['fahrzeug_buchung.fremdbuchung_nicht_erlaubt', 403],
  ])('%s answers %i', (code, status) => {
    expect(httpStatusOf(code)).toBe(status);
  });
});
