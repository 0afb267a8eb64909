import { describe, expect, it } from 'vitest';
import { berlinInstant } from '../../time.ts';
import { fensterAusZeitraum } from '../fahrzeug/buchungsfenster.ts';
import { FAHRT_OFFEN } from './machine.ts';
import {
  DEFAULT_FAHRZEUG_CUSTOMIZING,
  type FahrzeugFuerBuchung,
  fahrzeugBuchungsPruefer,
  pruefeFahrzeugBuchung,
} from './pruefung.ts';
import type { Belegung } from './rules.ts';

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

describe('pruefeFahrzeugBuchung: every rule together', () => {
  const now = b('2026-11-20', '12:00'); // Friday
  const fahrzeug: FahrzeugFuerBuchung = {
    deaktiviert: false,
    gueltigVon: '2026-11-01',
    gueltigBis: '2026-12-31',
    fenster: fensterAusZeitraum({ von: '07:00', bis: '19:00', wochentage: [1, 2, 3, 4, 5] }),
    buchungAusserhalbMoeglich: false,
  };
  const einstellungen = {
    ...DEFAULT_FAHRZEUG_CUSTOMIZING,
    individuelleBuchungszeiten: true,
    vorausbuchbareTage: 30,
  };
  const buchungen = [trip(b('2026-11-23', '10:00'), b('2026-11-23', '12:00'))];
  const check = (von: Date, bis: Date, over: Partial<Parameters<typeof pruefeFahrzeugBuchung>[0]> = {}) =>
    pruefeFahrzeugBuchung({ von, bis, fahrzeug, buchungen, einstellungen, now, ...over });

  it.each<[string, Date, Date, string[]]>([
    ['a free slot on Monday', b('2026-11-23', '13:00'), b('2026-11-23', '15:00'), []],
    [
      'on Saturday',
      b('2026-11-28', '09:00'),
      b('2026-11-28', '10:00'),
      ['fahrzeug_buchung.ausserhalb_buchungszeitraum'],
    ],
    [
      'too early in the day',
      b('2026-11-23', '06:30'),
      b('2026-11-23', '08:00'),
      ['fahrzeug_buchung.ausserhalb_buchungszeitraum'],
    ],
    ['overlapping', b('2026-11-23', '11:00'), b('2026-11-23', '13:00'), ['fahrzeug_buchung.ueberschneidung']],
    [
      'after the validity',
      b('2027-01-04', '09:00'),
      b('2027-01-04', '10:00'),
      ['fahrzeug_buchung.ausserhalb_gueltigkeit', 'fahrzeug_buchung.zu_weit_im_voraus'],
    ],
    [
      'in the past',
      b('2026-11-19', '09:00'),
      b('2026-11-19', '10:00'),
      ['fahrzeug_buchung.in_vergangenheit'],
    ],
    [
      'end before start',
      b('2026-11-23', '15:00'),
      b('2026-11-23', '13:00'),
      ['fahrzeug_buchung.ende_vor_beginn'],
    ],
  ])('%s', (_case, von, bis, codes) => {
    expect(check(von, bis).verstoesse.map((v) => v.code)).toEqual(codes);
  });

  it('refuses a deactivated vehicle', () => {
    expect(
      check(b('2026-11-23', '13:00'), b('2026-11-23', '15:00'), {
        fahrzeug: { ...fahrzeug, deaktiviert: true },
      }).verstoesse.map((v) => v.code),
    ).toEqual(['fahrzeug_buchung.fahrzeug_deaktiviert']);
  });

  it.each<[boolean, boolean, string[], boolean]>([
    [true, true, [], true],
    [true, false, ['fahrzeug_buchung.ausserhalb_buchungszeitraum'], false],
    [false, true, ['fahrzeug_buchung.ausserhalb_buchungszeitraum'], false],
  ])(
    'outside the window with tenant %s and vehicle %s allowing it: %j, special trip %s',
    (mandant, fz, codes, sonderfahrt) => {
      const result = check(b('2026-11-28', '09:00'), b('2026-11-28', '10:00'), {
        fahrzeug: { ...fahrzeug, buchungAusserhalbMoeglich: fz },
        einstellungen: { ...einstellungen, buchungAusserhalbBuchungszeiten: mandant },
      });
      expect(result.verstoesse.map((v) => v.code)).toEqual(codes);
      expect(result.sonderfahrt).toBe(sonderfahrt);
    },
  );

  it('answers for many vehicles in one period what each check alone answers (fahrzeugBuchungsPruefer)', () => {
    const fahrzeuge: FahrzeugFuerBuchung[] = [
      fahrzeug,
      { ...fahrzeug, fenster: null },
      { ...fahrzeug, fenster: fensterAusZeitraum({ von: '10:00', bis: '12:00', wochentage: [6] }) },
      { ...fahrzeug, fenster: null, buchungAusserhalbMoeglich: true },
      { ...fahrzeug, buchungAusserhalbMoeglich: true },
      { ...fahrzeug, gueltigBis: '2026-11-27' },
      { ...fahrzeug, gueltigVon: null, gueltigBis: null },
      { ...fahrzeug, deaktiviert: true },
      fahrzeug,
    ];
    const mitBuchungen = (i: number) => (i % 2 === 0 ? buchungen : []);
    for (const e of [
      einstellungen,
      { ...einstellungen, individuelleBuchungszeiten: false },
      { ...einstellungen, buchungAusserhalbBuchungszeiten: true, mindestabstandStunden: 2 },
    ])
      for (const [von, bis] of [
        [b('2026-11-23', '13:00'), b('2026-11-23', '15:00')],
        [b('2026-11-28', '10:00'), b('2026-11-28', '11:00')],
        [b('2026-11-27', '17:00'), b('2026-11-30', '09:00')],
        [b('2026-11-20', '12:00'), b('2026-11-20', '12:30')],
        [b('2026-11-23', '15:00'), b('2026-11-23', '13:00')],
      ] as const) {
        const pruefer = fahrzeugBuchungsPruefer({ von, bis, einstellungen: e, now });
        fahrzeuge.forEach((f, i) => {
          expect(pruefer(f, mitBuchungen(i))).toEqual(
            pruefeFahrzeugBuchung({
              von,
              bis,
              fahrzeug: f,
              buchungen: mitBuchungen(i),
              einstellungen: e,
              now,
            }),
          );
        });
      }
  });

  it('uses the tenant period on all days when individual booking times are off', () => {
    const e = { ...einstellungen, individuelleBuchungszeiten: false };
    expect(
      check(b('2026-11-28', '09:00'), b('2026-11-28', '10:00'), { einstellungen: e }).verstoesse,
    ).toEqual([]);
    expect(
      check(b('2026-11-23', '07:00'), b('2026-11-23', '08:00'), { einstellungen: e }).verstoesse.map(
        (v) => v.code,
      ),
    ).toEqual(['fahrzeug_buchung.ausserhalb_buchungszeitraum']);
  });
});
