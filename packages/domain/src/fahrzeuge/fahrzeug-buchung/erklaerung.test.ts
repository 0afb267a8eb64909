import { describe, expect, it } from 'vitest';
import { formatError } from '../../errors.ts';
import { berlinInstant } from '../../time.ts';
import { fensterAusZeitraum } from '../fahrzeug/buchungsfenster.ts';
import { spaetestesEndeAb, warumNichtBuchbar } from './erklaerung.ts';
import { FAHRT_OFFEN } from './machine.ts';
import { DEFAULT_FAHRZEUG_CUSTOMIZING, type FahrzeugFuerBuchung } from './pruefung.ts';
import type { Belegung } from './rules.ts';

const b = (day: string, time: string) => berlinInstant(day, time);
const fahrzeug: FahrzeugFuerBuchung = {
  deaktiviert: false,
  gueltigVon: null,
  gueltigBis: '2026-11-30',
  fenster: fensterAusZeitraum({ von: '07:00', bis: '19:00', wochentage: [1, 2, 3, 4, 5] }),
  buchungAusserhalbMoeglich: false,
};
const einstellungen = {
  ...DEFAULT_FAHRZEUG_CUSTOMIZING,
  individuelleBuchungszeiten: true,
  mindestabstandStunden: 1,
  vorausbuchbareTage: 0,
};
const buchungen: Belegung[] = [
  {
    von: b('2026-11-23', '14:00'),
    bis: b('2026-11-23', '16:00'),
    status: 'reserviert',
    typ: 'BUCHUNG',
    fahrt: FAHRT_OFFEN,
  },
];
const now = b('2026-11-20', '12:00');
const kontext = { fahrzeug, buchungen, einstellungen, now };

describe('warumNichtBuchbar', () => {
  it('explains each broken rule in German and English', () => {
    const { gruende } = warumNichtBuchbar({
      ...kontext,
      von: b('2026-11-23', '12:00'),
      bis: b('2026-11-23', '13:30'),
    });
    expect(gruende.map((g) => formatError(g.code, 'de', g.params))).toEqual([
      'Zwischen zwei Buchungen des Fahrzeugs muss mindestens 1 Stunde liegen.',
    ]);
    expect(gruende.map((g) => formatError(g.code, 'en', g.params))).toEqual([
      'There must be at least 1 hour between two bookings of the vehicle.',
    ]);
  });

  it('is empty for an allowed booking', () => {
    expect(
      warumNichtBuchbar({ ...kontext, von: b('2026-11-23', '09:00'), bis: b('2026-11-23', '13:00') }).gruende,
    ).toEqual([]);
  });
});

describe('spaetestesEndeAb: the latest end the dialog offers', () => {
  it.each<[string, Date, Date | null]>([
    ['before a booking: its start minus the gap', b('2026-11-23', '09:00'), b('2026-11-23', '13:00')],
    // the nights are closed (decision 112): the window ends on the same day
    ['after a booking: the window end of that day', b('2026-11-23', '17:00'), b('2026-11-23', '19:00')],
    ['on Friday: Friday 19:00', b('2026-11-27', '09:00'), b('2026-11-27', '19:00')],
    ['inside the gap: none', b('2026-11-23', '16:30'), null],
  ])('%s', (_case, von, expected) => {
    expect(spaetestesEndeAb({ ...kontext, von })).toEqual(expected);
  });
});

describe('spaetestesEndeAb with booking outside the window allowed', () => {
  it('runs to the end of the validity', () => {
    expect(
      spaetestesEndeAb({
        ...kontext,
        fahrzeug: { ...fahrzeug, buchungAusserhalbMoeglich: true },
        einstellungen: { ...einstellungen, buchungAusserhalbBuchungszeiten: true },
        von: b('2026-11-27', '09:00'),
      }),
    ).toEqual(b('2026-11-30', '23:45'));
  });
});
