import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BuchungStatus } from '../../status.ts';
import { berlinInstant } from '../../time.ts';
import { FAHRT_OFFEN } from '../fahrzeug-buchung/machine.ts';
import type { Belegung } from '../fahrzeug-buchung/rules.ts';
import {
  type FahrzeugStand,
  stornoGrundText,
  stornosBeiDeaktivierung,
  stornosBeiFahrzeugAenderung,
} from './rules.ts';

const t = (day: string, time: string) => berlinInstant(day, time);
const b = (id: string, day: string, over: Partial<Belegung> = {}): Belegung & { id: string } => ({
  id,
  von: t(day, '09:00'),
  bis: t(day, '10:00'),
  status: 'reserviert',
  typ: 'BUCHUNG',
  fahrt: FAHRT_OFFEN,
  ...over,
});
const now = t('2026-11-20', '12:00');
const buchungen = [
  b('in', '2026-11-23'),
  b('late', '2027-01-02'),
  b('done', '2027-01-03', { status: 'durchgeführt' }),
  b('cancelled', '2027-01-04', { status: 'storniert' }),
  b('past', '2026-11-19'),
  b('block', '2027-01-05', { typ: 'WARTUNG' }),
];
const stand: FahrzeugStand = {
  deaktiviert: false,
  standortName: 'Zentrale',
  gueltigVon: '2026-11-01',
  gueltigBis: '2026-12-31',
};

describe('stornosBeiFahrzeugAenderung: cancellation reasons on vehicle update (spec §4)', () => {
  it('refuses an update without the old vehicle data', () => {
    expect(() => stornosBeiFahrzeugAenderung({ alt: null, neu: stand, buchungen, now })).toThrow(
      'Update des Fahrzeugs ohne alte Fahrzeugdaten nicht möglich, da Validierung nicht durchgeführt werden kann!',
    );
  });

  it.each<[string, FahrzeugStand, FahrzeugStand, string, string[]]>([
    [
      'deactivating',
      stand,
      { ...stand, deaktiviert: true },
      'Storno, weil Fahrzeug deaktiviert wurde.',
      ['in', 'late', 'block'],
    ],
    [
      'deactivating and moving at once',
      stand,
      { ...stand, deaktiviert: true, standortName: 'Außenstelle' },
      'Storno, weil Fahrzeug deaktiviert wurde.',
      ['in', 'late', 'block'],
    ],
    [
      'changing the location: the trips, not the maintenance block (decision 111)',
      { ...stand, standortName: 'Außenstelle' },
      stand,
      'Storno wegen Standortänderung am Fahrzeug',
      ['in', 'late'],
    ],
    [
      'shortening the validity',
      { ...stand, gueltigBis: null },
      stand,
      'Storno da Fahrzeug zum Buchungszeitpunkt nicht mehr buchbar ist.',
      ['late', 'block'],
    ],
    [
      'moving the validity start',
      stand,
      { ...stand, gueltigVon: '2026-11-24' },
      'Storno da Fahrzeug zum Buchungszeitpunkt nicht mehr buchbar ist.',
      ['in', 'late', 'block'],
    ],
    [
      'changing nothing that matters',
      stand,
      { ...stand },
      'Storno da Fahrzeug zum Buchungszeitpunkt nicht mehr buchbar ist.',
      ['late', 'block'],
    ],
  ])('%s cancels with the spec reason', (_case, alt, neu, grund, ids) => {
    const result = stornosBeiFahrzeugAenderung({ alt, neu, buchungen, now });
    expect(result.grund).toBe(grund);
    expect(result.buchungen.map((x) => x.id)).toEqual(ids);
  });

  it('keeps a booking ending at gueltigBis 23:59 and cancels one ending at midnight', () => {
    const edge = [
      b('ok', '2026-12-31', { von: t('2026-12-31', '20:00'), bis: t('2026-12-31', '23:59') }),
      b('over', '2026-12-31', { von: t('2026-12-31', '20:00'), bis: t('2027-01-01', '00:00') }),
    ];
    expect(
      stornosBeiFahrzeugAenderung({ alt: stand, neu: stand, buchungen: edge, now }).buchungen.map(
        (x) => x.id,
      ),
    ).toEqual(['over']);
  });

  it('cancels a trip on the road when the vehicle is deactivated (bulk takes all but durchgeführt)', () => {
    const road = b('road', '2026-11-20', {
      status: 'aktiv',
      fahrt: { eingechecktAm: t('2026-11-20', '09:00'), ausgechecktAm: null },
    });
    expect(
      stornosBeiDeaktivierung({ buchungen: [road, ...buchungen], now }).buchungen.map((x) => x.id),
    ).toEqual(['road', 'in', 'late', 'block']);
  });
});

describe('cancellations on vehicle update (property)', () => {
  const status = fc.constantFrom<BuchungStatus>(
    'vorgemerkt',
    'reserviert',
    'aktiv',
    'durchgeführt',
    'storniert',
  );
  const day = fc
    .integer({ min: 0, max: 120 })
    .map((n) => new Date(Date.UTC(2026, 9, 1) + n * 86_400_000).toISOString().slice(0, 10));
  const booking = fc.tuple(day, fc.integer({ min: 0, max: 90 }), fc.integer({ min: 1, max: 40 }), status);
  const bookings = fc.array(booking, { maxLength: 20 }).map((rows) =>
    rows.map(([d, start, len, s], i): Belegung & { id: string } => {
      const von = new Date(t(d, '00:00').getTime() + start * 900_000);
      return {
        id: `b${i}`,
        von,
        bis: new Date(von.getTime() + len * 900_000),
        status: s,
        typ: 'BUCHUNG',
        fahrt: FAHRT_OFFEN,
      };
    }),
  );
  it('never cancels durchgeführt, storniert or past bookings, and on a validity change exactly the open ones outside it', () => {
    fc.assert(
      fc.property(bookings, day, day, fc.boolean(), (buchungen, a, b, moved) => {
        const [gueltigVon, gueltigBis] = a <= b ? [a, b] : [b, a];
        const neu = { ...stand, gueltigVon, gueltigBis };
        const alt = moved ? { ...stand, standortName: 'Außenstelle' } : stand;
        const result = stornosBeiFahrzeugAenderung({ alt, neu, buchungen, now });
        for (const x of result.buchungen) {
          expect(['durchgeführt', 'storniert']).not.toContain(x.status);
          expect(x.bis.getTime()).toBeGreaterThan(now.getTime());
        }
        if (!moved) {
          const outside = buchungen.filter(
            (x) =>
              !['durchgeführt', 'storniert'].includes(x.status) &&
              x.bis.getTime() > now.getTime() &&
              (x.von.getTime() < t(gueltigVon, '00:00').getTime() ||
                x.bis.getTime() > t(gueltigBis, '23:59').getTime()),
          );
          expect(result.buchungen.map((x) => x.id)).toEqual(outside.map((x) => x.id));
        }
      }),
    );
  });
});

describe('stornoGrundText: the reason in the recipient language', () => {
  it.each<[string, 'de' | 'en', string]>([
    ['Storno, weil Fahrzeug deaktiviert wurde.', 'de', 'Storno, weil Fahrzeug deaktiviert wurde.'],
    ['Storno, weil Fahrzeug deaktiviert wurde.', 'en', 'Cancelled because the vehicle was deactivated.'],
    ['Storno wegen Standortänderung am Fahrzeug', 'en', "Cancelled because the vehicle's location changed."],
    [
      'Storno da Fahrzeug zum Buchungszeitpunkt nicht mehr buchbar ist.',
      'en',
      'Cancelled because the vehicle can no longer be booked at the booked time.',
    ],
    ['anderer Grund', 'en', 'anderer Grund'],
  ])('%s in %s', (grund, sprache, text) => {
    expect(stornoGrundText({ grund, sprache })).toBe(text);
  });
});
