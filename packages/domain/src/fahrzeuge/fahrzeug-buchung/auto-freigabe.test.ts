import { describe, expect, it } from 'vitest';
import { berlinInstant } from '../../time.ts';
import { autoStornoFaelligkeit, checkInMoeglichAb, type FreigabeEntscheidung } from './auto-freigabe.ts';
import { FAHRT_OFFEN, STORNO_GRUND } from './machine.ts';

const b = (day: string, time: string) => berlinInstant(day, time);
const offen: FreigabeEntscheidung = { isFreigegeben: null, freigegebenAm: null };
const ja = (am: Date): FreigabeEntscheidung => ({ isFreigegeben: true, freigegebenAm: am });
const nein = (am: Date): FreigabeEntscheidung => ({ isFreigegeben: false, freigegebenAm: am });

describe('checkInMoeglichAb: when approval no longer stands in the way of a check-in', () => {
  const von = b('2026-11-30', '20:00');
  it.each<[string, FreigabeEntscheidung[], Date]>([
    ['no approvers: its start', [], von],
    ['approved before the start: its start', [ja(b('2026-11-30', '12:00'))], von],
    [
      'approved 20 minutes after the start: then',
      [offen, ja(b('2026-11-30', '20:20'))],
      b('2026-11-30', '20:20'),
    ],
    ['nobody decided: the automatic approval an hour after the start', [offen], b('2026-11-30', '21:00')],
    [
      'rejected by one, open with another: an hour after the start',
      [nein(von), offen],
      b('2026-11-30', '21:00'),
    ],
    [
      'approved after the automatic approval: the automatic one',
      [ja(b('2026-11-30', '22:00'))],
      b('2026-11-30', '21:00'),
    ],
  ])('%s', (_case, freigeber, expected) => {
    expect(checkInMoeglichAb({ von, freigeber })).toEqual(expected);
  });
});

describe('autoStornoFaelligkeit on the moved clock (decision 110)', () => {
  // [case, day, from, to, approvers, now, expected]
  it.each<[string, string, string, string, FreigabeEntscheidung[], string, string | null]>([
    // the reported case: a special trip waiting for approval is not released 16 minutes after its start
    ['waiting, start +16 min', '2026-11-30', '20:00', '23:00', [offen], '20:16', null],
    [
      'waiting, start +60 min (auto-approved, check-in possible now)',
      '2026-11-30',
      '20:00',
      '23:00',
      [offen],
      '21:00',
      null,
    ],
    [
      'waiting, start +75 min (15 min after the automatic approval)',
      '2026-11-30',
      '20:00',
      '23:00',
      [offen],
      '21:15',
      STORNO_GRUND.checkInVersaeumt,
    ],
    [
      'approved at 20:30, at 20:44',
      '2026-11-30',
      '20:00',
      '23:00',
      [ja(b('2026-11-30', '20:30'))],
      '20:44',
      null,
    ],
    [
      'approved at 20:30, at 20:45',
      '2026-11-30',
      '20:00',
      '23:00',
      [ja(b('2026-11-30', '20:30'))],
      '20:45',
      STORNO_GRUND.checkInVersaeumt,
    ],
    [
      'approved before the start: as any trip',
      '2026-11-30',
      '20:00',
      '23:00',
      [ja(b('2026-11-30', '10:00'))],
      '20:15',
      STORNO_GRUND.checkInVersaeumt,
    ],
    ['no approvers: as before', '2026-11-30', '20:00', '23:00', [], '20:14', null],
    [
      'no approvers: 15 min after the start',
      '2026-11-30',
      '20:00',
      '23:00',
      [],
      '20:15',
      STORNO_GRUND.checkInVersaeumt,
    ],
    // shorter than the hour and never approved: it could not be checked in; cancelled at its end
    ['short, waiting, before its end', '2026-11-30', '20:00', '20:45', [offen], '20:44', null],
    [
      'short, waiting, at its end',
      '2026-11-30',
      '20:00',
      '20:45',
      [offen],
      '20:45',
      STORNO_GRUND.nichtFreigegeben,
    ],
    // DST: the night the clocks go back has a 25-hour day; 02:00–03:00 happens twice
    ['DST back, waiting, +29 real min', '2026-10-25', '01:30', '05:00', [offen], '01:59', null],
    [
      'DST back, waiting, +75 real min',
      '2026-10-25',
      '01:30',
      '05:00',
      [offen],
      '02:45',
      STORNO_GRUND.checkInVersaeumt,
    ],
    [
      'DST forward, waiting, +75 real min',
      '2026-03-29',
      '01:30',
      '05:00',
      [offen],
      '03:45',
      STORNO_GRUND.checkInVersaeumt,
    ],
    ['DST forward, waiting, +44 real min', '2026-03-29', '01:30', '05:00', [offen], '03:14', null],
  ])('%s', (_case, day, von, bis, freigeber, jetzt, expected) => {
    expect(
      autoStornoFaelligkeit({
        buchung: { status: 'reserviert', typ: 'BUCHUNG', von: b(day, von), bis: b(day, bis) },
        fahrt: FAHRT_OFFEN,
        freigeber,
        now: b(day, jetzt),
        minuten: 15,
      }),
    ).toBe(expected);
  });

  it('never touches a block, a trip checked in, or anything while auto-release or check-in is off', () => {
    const base = {
      buchung: {
        status: 'reserviert' as const,
        typ: 'BUCHUNG' as const,
        von: b('2026-11-30', '20:00'),
        bis: b('2026-11-30', '20:30'),
      },
      fahrt: FAHRT_OFFEN,
      freigeber: [offen],
      now: b('2026-11-30', '23:00'),
      minuten: 15,
    };
    expect(autoStornoFaelligkeit(base)).toBe(STORNO_GRUND.nichtFreigegeben);
    expect(autoStornoFaelligkeit({ ...base, buchung: { ...base.buchung, typ: 'WARTUNG' } })).toBeNull();
    expect(autoStornoFaelligkeit({ ...base, minuten: 0 })).toBeNull();
    expect(autoStornoFaelligkeit({ ...base, checkInAktiv: false })).toBeNull();
    expect(
      autoStornoFaelligkeit({
        ...base,
        fahrt: { eingechecktAm: b('2026-11-30', '20:00'), ausgechecktAm: null },
      }),
    ).toBeNull();
  });
});
