/**
 * Decision 134: one driver holds one car at a time unless the tenant allows more; the minimum gap between
 * two bookings of a vehicle in hours plus minutes; weekday names of the weekly window read or refused.
 */
import { describe, expect, it } from 'vitest';
import { DomainError, formatError } from '../../errors.ts';
import { berlinInstant, wochentagNameAus } from '../../time.ts';
import { findOption, resolveCustomizing, toStoredValue } from '../../verwaltung/customizing.ts';
import { fahrzeugCustomizingAus } from './customizing.ts';
import { FAHRT_OFFEN } from './machine.ts';
import {
  type Belegung,
  belegungVerstoss,
  buchungsGrenzen,
  type FahrerBelegung,
  fahrerDoppeltVerstoss,
  mindestabstandMs,
} from './rules.ts';

const b = (day: string, time: string) => berlinInstant(day, time);
const trip = (von: Date, bis: Date, over: Partial<Belegung> = {}): Belegung => ({
  von,
  bis,
  status: 'reserviert',
  typ: 'BUCHUNG',
  fahrt: FAHRT_OFFEN,
  ...over,
});

describe('the minimum gap in hours plus minutes', () => {
  const now = b('2026-11-20', '12:00');
  const buchungen = [trip(b('2026-11-23', '10:00'), b('2026-11-23', '12:00'))];
  it.each<[string, string, string, number, number, string | null]>([
    ['12:15 after a 30-minute buffer', '12:15', '13:00', 0, 30, 'fahrzeug_buchung.mindestabstand_minuten'],
    ['12:30 after a 30-minute buffer', '12:30', '13:00', 0, 30, null],
    [
      'ending 09:45 before a 30-minute buffer',
      '09:00',
      '09:45',
      0,
      30,
      'fahrzeug_buchung.mindestabstand_minuten',
    ],
    ['ending 09:30 before a 30-minute buffer', '09:00', '09:30', 0, 30, null],
    ['13:00 after 1 hour and 30 minutes', '13:00', '14:00', 1, 30, 'fahrzeug_buchung.mindestabstand_minuten'],
    ['13:30 after 1 hour and 30 minutes', '13:30', '14:00', 1, 30, null],
    [
      '13:00 after 2 whole hours: the spec message in hours',
      '13:00',
      '14:00',
      2,
      0,
      'fahrzeug_buchung.mindestabstand',
    ],
    ['no gap: back to back', '12:00', '13:00', 0, 0, null],
  ])('%s', (_case, von, bis, stunden, minuten, expected) => {
    expect(
      belegungVerstoss({
        von: b('2026-11-23', von),
        bis: b('2026-11-23', bis),
        buchungen,
        mindestabstandStunden: stunden,
        mindestabstandMinuten: minuten,
        now,
      })?.code ?? null,
    ).toBe(expected);
  });

  it('names the whole gap in minutes', () => {
    const v = belegungVerstoss({
      von: b('2026-11-23', '13:00'),
      bis: b('2026-11-23', '14:00'),
      buchungen,
      mindestabstandStunden: 1,
      mindestabstandMinuten: 30,
      now,
    });
    expect(formatError(v!.code as 'fahrzeug_buchung.mindestabstand_minuten', 'de', v!.params)).toBe(
      'Zwischen zwei Buchungen des Fahrzeugs müssen mindestens 90 Minuten liegen.',
    );
    expect(formatError(v!.code as 'fahrzeug_buchung.mindestabstand_minuten', 'en', v!.params)).toBe(
      'There must be at least 90 minutes between two bookings of the vehicle.',
    );
  });

  // the gap is elapsed time: over the DST nights the wall clock shows an hour more or less
  it.each<[string, string, string, string, string, number, number, string | null]>([
    // spring: 01:45 CET to 03:00 CEST is 15 minutes
    [
      'spring night, 15 real minutes, 30 wanted',
      '2026-03-29',
      '01:45',
      '03:00',
      '04:00',
      0,
      30,
      'fahrzeug_buchung.mindestabstand_minuten',
    ],
    ['spring night, 45 real minutes, 30 wanted', '2026-03-29', '01:15', '03:00', '04:00', 0, 30, null],
    // autumn: 01:45 CEST to 03:00 CET is 2 hours 15 minutes
    [
      'autumn night, 2 h 15 real, 2 h 30 wanted',
      '2026-10-25',
      '01:45',
      '03:00',
      '04:00',
      2,
      30,
      'fahrzeug_buchung.mindestabstand_minuten',
    ],
    ['autumn night, 2 h 15 real, 2 h 15 wanted', '2026-10-25', '01:45', '03:00', '04:00', 2, 15, null],
  ])('%s', (_case, day, ende, von, bis, stunden, minuten, expected) => {
    const vorher = [trip(b(day, '00:30'), b(day, ende))];
    expect(
      belegungVerstoss({
        von: b(day, von),
        bis: b(day, bis),
        buchungen: vorher,
        mindestabstandStunden: stunden,
        mindestabstandMinuten: minuten,
        now: b('2026-01-01', '00:00'),
      })?.code ?? null,
    ).toBe(expected);
  });

  it('pushes the earliest start and the latest end by hours plus minutes', () => {
    const grenzen = buchungsGrenzen({
      tag: b('2026-11-23', '12:00'),
      zeitraumVon: '07:00',
      zeitraumBis: '19:00',
      mindestabstandStunden: 0,
      mindestabstandMinuten: 30,
      vorherigesEnde: b('2026-11-23', '10:00'),
      naechsterBeginn: b('2026-11-23', '16:00'),
    });
    expect(grenzen).toEqual({
      fruehesterBeginn: b('2026-11-23', '10:30'),
      spaetestesEnde: b('2026-11-23', '15:30'),
    });
    expect(mindestabstandMs({ mindestabstandStunden: 1, mindestabstandMinuten: 30 })).toBe(90 * 60_000);
  });

  it('reads the minutes and the driver switch from the tenant settings', () => {
    const settings = resolveCustomizing({
      tenant: { FahrzeugMindestabstandMinuten: '30', FahrzeugMehrereFahrzeugeGleichzeitig: 'true' },
      groups: [],
      user: {},
    });
    expect(fahrzeugCustomizingAus({ settings })).toMatchObject({
      mindestabstandStunden: 0,
      mindestabstandMinuten: 30,
      mehrereFahrzeugeGleichzeitig: true,
    });
    expect(
      fahrzeugCustomizingAus({ settings: resolveCustomizing({ tenant: {}, groups: [], user: {} }) }),
    ).toMatchObject({ mindestabstandMinuten: 0, mehrereFahrzeugeGleichzeitig: false });
  });
});

describe('one driver, one car at a time', () => {
  const fahrt = (von: Date, bis: Date, over: Partial<FahrerBelegung> = {}): FahrerBelegung => ({
    ...trip(von, bis),
    id: 'a',
    kennzeichen: 'MS-SW 101',
    ...over,
  });
  const pruefe = (
    buchungen: FahrerBelegung[],
    day: string,
    von: string,
    bis: string,
    over: { erlaubt?: boolean; now?: Date; ignoreId?: string } = {},
  ) =>
    fahrerDoppeltVerstoss({
      von: b(day, von),
      bis: b(day, bis),
      fahrerName: 'Max Mustermann',
      buchungen,
      erlaubt: over.erlaubt ?? false,
      now: over.now ?? b('2026-11-20', '08:00'),
      ignoreId: over.ignoreId,
    })?.code ?? null;
  const eine = [fahrt(b('2026-11-23', '10:00'), b('2026-11-23', '12:00'))];

  it.each<
    [
      string,
      FahrerBelegung[],
      string,
      string,
      { erlaubt?: boolean; now?: Date; ignoreId?: string },
      string | null,
    ]
  >([
    ['overlapping a trip on another car', eine, '11:00', '13:00', {}, 'fahrzeug_buchung.fahrer_doppelt'],
    ['inside it', eine, '10:30', '11:00', {}, 'fahrzeug_buchung.fahrer_doppelt'],
    ['back to back', eine, '12:00', '13:00', {}, null],
    ['before it', eine, '08:00', '10:00', {}, null],
    ['the tenant allows several cars', eine, '11:00', '13:00', { erlaubt: true }, null],
    ['the booking being changed itself', eine, '11:00', '13:00', { ignoreId: 'a' }, null],
    [
      'a cancelled trip',
      [fahrt(b('2026-11-23', '10:00'), b('2026-11-23', '12:00'), { status: 'storniert' })],
      '11:00',
      '13:00',
      {},
      null,
    ],
    [
      'a block is no trip',
      [fahrt(b('2026-11-23', '10:00'), b('2026-11-23', '12:00'), { typ: 'WARTUNG' })],
      '11:00',
      '13:00',
      {},
      null,
    ],
    [
      'a trip checked out early frees the rest',
      [
        fahrt(b('2026-11-23', '10:00'), b('2026-11-23', '12:00'), {
          status: 'durchgeführt',
          fahrt: { eingechecktAm: b('2026-11-23', '10:00'), ausgechecktAm: b('2026-11-23', '11:00') },
        }),
      ],
      '11:00',
      '13:00',
      { now: b('2026-11-23', '11:05') },
      null,
    ],
    [
      'an overdue trip still on the road lasts until now',
      [
        fahrt(b('2026-11-23', '10:00'), b('2026-11-23', '12:00'), {
          status: 'aktiv',
          fahrt: { eingechecktAm: b('2026-11-23', '10:00'), ausgechecktAm: null },
        }),
      ],
      '12:15',
      '14:00',
      { now: b('2026-11-23', '12:30') },
      'fahrzeug_buchung.fahrer_doppelt',
    ],
  ])('%s', (_case, buchungen, von, bis, over, expected) => {
    expect(pruefe(buchungen, '2026-11-23', von, bis, over)).toBe(expected);
  });

  // over the DST nights the wall clock jumps: the instants decide
  it.each<[string, string, string, string, string, string, string | null]>([
    [
      'spring night: 01:00–03:30 and 03:00–04:00 overlap',
      '2026-03-29',
      '01:00',
      '03:30',
      '03:00',
      '04:00',
      'fahrzeug_buchung.fahrer_doppelt',
    ],
    [
      'spring night: 01:00–03:30 and 03:30–04:00 meet',
      '2026-03-29',
      '01:00',
      '03:30',
      '03:30',
      '04:00',
      null,
    ],
    [
      'spring night: 01:00–02:00 (01:00–03:00 CEST) and 03:00–04:00 meet',
      '2026-03-29',
      '01:00',
      '02:00',
      '03:00',
      '04:00',
      null,
    ],
    [
      'autumn night: 00:30–03:00 and 01:30–02:00 overlap',
      '2026-10-25',
      '00:30',
      '03:00',
      '01:30',
      '02:00',
      'fahrzeug_buchung.fahrer_doppelt',
    ],
    [
      'autumn night: 00:30–01:30 and 03:00–04:00 are apart',
      '2026-10-25',
      '00:30',
      '01:30',
      '03:00',
      '04:00',
      null,
    ],
  ])('%s', (_case, day, av, ab, von, bis, expected) => {
    expect(pruefe([fahrt(b(day, av), b(day, ab))], day, von, bis, { now: b('2026-01-01', '00:00') })).toBe(
      expected,
    );
  });

  it('names the driver, the car and the period in German and English', () => {
    const v = fahrerDoppeltVerstoss({
      von: b('2026-11-23', '11:00'),
      bis: b('2026-11-23', '13:00'),
      fahrerName: 'Max Mustermann',
      buchungen: eine,
      erlaubt: false,
      now: b('2026-11-20', '08:00'),
    })!;
    expect(formatError('fahrzeug_buchung.fahrer_doppelt', 'de', v.params)).toBe(
      'Max Mustermann hat in dieser Zeit schon ein Fahrzeug gebucht (MS-SW 101, 23.11.2026 10:00 – 23.11.2026 12:00). Eine Person kann nicht zwei Fahrzeuge gleichzeitig fahren.',
    );
    expect(formatError('fahrzeug_buchung.fahrer_doppelt', 'en', v.params)).toContain(
      'Max Mustermann already has a vehicle booked in this period (MS-SW 101,',
    );
  });
});

describe('weekday names of the weekly window', () => {
  it.each<[string, string | null]>([
    ['montags', 'montags'],
    ['Montag', 'montags'],
    ['montag', 'montags'],
    ['MONTAG', 'montags'],
    ['Mo', 'montags'],
    ['Mo.', 'montags'],
    ['monday', 'montags'],
    ['Monday', 'montags'],
    ['mon', 'montags'],
    ['Sonnabend', 'samstags'],
    ['So', 'sonntags'],
    ['thursday', 'donnerstags'],
    [' Freitag ', 'freitags'],
    ['', null],
    ['Mondtag', null],
    ['lundi', null],
    ['1', null],
  ])('%j is read as %j', (text, expected) => {
    expect(wochentagNameAus(text)).toBe(expected);
  });

  const option = findOption('FahrzeugBuchungsfensterWochentag');
  it.each([
    ['Montag', 'montags'],
    ['monday', 'montags'],
    ['Fr', 'freitags'],
    ['', ''],
  ])('stores %j as %j', (raw, stored) => {
    expect(toStoredValue(option, raw)).toBe(stored);
  });

  it('refuses an unknown name in German, naming the weekdays', () => {
    let error: unknown;
    try {
      toStoredValue(option, 'Mondtag');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).code).toBe('customizing.wochentag_unbekannt');
    expect((error as DomainError).message).toBe(
      'Der Wochentag Mondtag ist für FahrzeugBuchungsfensterWochentag unbekannt. Erlaubt sind: sonntags, montags, dienstags, mittwochs, donnerstags, freitags, samstags (auch Montag, Mo oder monday).',
    );
  });

  it('reads a value stored before as its spec name, and an unknown one as none', () => {
    const gelesen = (wert: string) =>
      fahrzeugCustomizingAus({
        settings: resolveCustomizing({
          tenant: { FahrzeugBuchungsfensterWochentag: wert },
          groups: [],
          user: {},
        }),
      }).fensterWochentag;
    expect(gelesen('Montag')).toBe('montags');
    expect(gelesen('montags')).toBe('montags');
    expect(gelesen('Mondtag')).toBeNull();
  });
});
