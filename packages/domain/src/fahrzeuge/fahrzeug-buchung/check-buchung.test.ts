import { describe, expect, it } from 'vitest';
import { berlinInstant } from '../../time.ts';
import { fensterAusZeitraum } from '../fahrzeug/buchungsfenster.ts';
import type { Fuehrerschein } from '../fuehrerschein/rules.ts';
import { type BuchungsCheck, checkBuchung } from './check-buchung.ts';
import { FAHRT_OFFEN } from './machine.ts';
import { DEFAULT_FAHRZEUG_CUSTOMIZING } from './pruefung.ts';

const b = (day: string, time: string) => berlinInstant(day, time);
const now = b('2026-11-20', '12:00'); // Friday

const schein: Fuehrerschein = {
  ausstellungsdatum: '2010-04-01',
  naechstePruefung: '2027-01-31',
  fahrverbot: false,
  fahrverbotVon: null,
  fahrverbotBis: null,
  klassen: { B: true },
};

const basis: BuchungsCheck = {
  von: b('2026-11-23', '13:00'),
  bis: b('2026-11-23', '15:00'),
  now,
  akteur: { id: 'anna', permissions: new Set(['fahrzeug_buchen']) },
  fahrer: {
    id: 'anna',
    name: 'Anna Berg',
    status: 'aktiv',
    permissions: new Set(['fahrzeug_buchen']),
    naechstePruefung: '2027-01-31',
  },
  fuehrerschein: schein,
  fahrzeug: {
    deaktiviert: false,
    gueltigVon: '2026-11-01',
    gueltigBis: '2026-12-31',
    fenster: fensterAusZeitraum({ von: '07:00', bis: '19:00', wochentage: [1, 2, 3, 4, 5] }),
    buchungAusserhalbMoeglich: false,
    klasse: 'B',
    uvvFaelligAm: null,
    huFaelligAm: null,
  },
  belegungen: [],
  fahrerBelegungen: [],
  einstellungen: {
    ...DEFAULT_FAHRZEUG_CUSTOMIZING,
    individuelleBuchungszeiten: true,
    vorausbuchbareTage: 30,
  },
  uvvModus: 'warnen',
  huModus: 'warnen',
};

const codes = (over: Partial<BuchungsCheck>) =>
  checkBuchung({ ...basis, ...over }).verstoesse.map((v) => v.code);

describe('checkBuchung: every rule of a vehicle booking, in the order they are answered', () => {
  it('a free slot inside the window with a current licence passes, no special trip', () => {
    expect(checkBuchung(basis)).toEqual({ verstoesse: [], hinweise: [], sonderfahrt: false });
  });

  it('who may book for whom comes before the period', () => {
    expect(
      codes({
        akteur: { id: 'anna', permissions: new Set(['fahrzeug_buchen']) },
        fahrer: { ...basis.fahrer, id: 'ben' },
        von: b('2026-11-28', '09:00'),
        bis: b('2026-11-28', '10:00'),
      })[0],
    ).toBe('fahrzeug_buchung.fremdbuchung_nicht_erlaubt');
  });

  it('the period comes before a licence without the class', () => {
    expect(
      codes({
        fuehrerschein: { ...schein, klassen: {} },
        von: b('2026-11-28', '09:00'),
        bis: b('2026-11-28', '10:00'),
      }),
    ).toEqual(['fahrzeug_buchung.ausserhalb_buchungszeitraum', 'fuehrerschein.klasse_fehlt']);
  });

  it("one driver one car: the driver's other trip refuses, unless the tenant allows several cars", () => {
    const andere = [
      {
        id: 'x',
        kennzeichen: 'B-XY 1',
        von: b('2026-11-23', '14:00'),
        bis: b('2026-11-23', '16:00'),
        status: 'reserviert' as const,
        typ: 'BUCHUNG' as const,
        fahrt: FAHRT_OFFEN,
      },
    ];
    expect(codes({ fahrerBelegungen: andere })).toEqual(['fahrzeug_buchung.fahrer_doppelt']);
    expect(
      codes({
        fahrerBelegungen: andere,
        einstellungen: { ...basis.einstellungen, mehrereFahrzeugeGleichzeitig: true },
      }),
    ).toEqual([]);
  });

  it('an overdue UVV refuses in mode sperren and only warns in mode warnen', () => {
    const fahrzeug = { ...basis.fahrzeug, uvvFaelligAm: '2026-11-01' };
    expect(codes({ fahrzeug, uvvModus: 'sperren' })).toEqual(['fahrzeug_buchung.uvv_ueberfaellig']);
    const gewarnt = checkBuchung({ ...basis, fahrzeug });
    expect(gewarnt.verstoesse).toEqual([]);
    expect(gewarnt.hinweise.map((h) => h.code)).toEqual(['fahrzeug_buchung.uvv_ueberfaellig_hinweis']);
  });

  it('outside the booking times where the tenant and the car allow it: a special trip', () => {
    const ergebnis = checkBuchung({
      ...basis,
      von: b('2026-11-23', '20:00'),
      bis: b('2026-11-23', '21:00'),
      fahrzeug: { ...basis.fahrzeug, buchungAusserhalbMoeglich: true },
      einstellungen: { ...basis.einstellungen, buchungAusserhalbBuchungszeiten: true },
    });
    expect(ergebnis).toMatchObject({ verstoesse: [], sonderfahrt: true });
  });
});
