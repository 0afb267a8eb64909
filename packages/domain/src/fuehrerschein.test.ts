import { describe, expect, it } from 'vitest';
import {
  type BuchungsPerson,
  buchenFuerVerstoss,
  type Fuehrerschein,
  fuehrerscheinVerstoss,
  isPruefungAktuell,
  isPruefungsErinnerungFaellig,
  naechstePruefungAus,
} from './fuehrerschein.ts';
import type { PermissionName } from './permissions.ts';

const t = (day: string, time: string) => new Date(`${day}T${time}:00+01:00`);
const now = t('2026-11-23', '10:00');

describe('naechstePruefungAus', () => {
  it.each<[string, number, string]>([
    ['2026-05-15', 6, '2026-11-15'],
    ['2026-08-31', 6, '2027-02-28'],
    ['2027-08-31', 6, '2028-02-29'],
    ['2026-01-10', 12, '2027-01-10'],
  ])('%s plus %i months is %s', (last, months, next) => {
    expect(naechstePruefungAus(last, months)).toBe(next);
  });
});

describe('isPruefungAktuell', () => {
  it.each<[string | null, boolean]>([
    ['2026-11-24', true],
    ['2026-11-23', false],
    ['2026-11-01', false],
    [null, false],
  ])('with next check %s the check is current: %s', (naechstePruefung, expected) => {
    expect(isPruefungAktuell({ naechstePruefung, now })).toBe(expected);
  });

  it('reminds from the lead time before the next check', () => {
    expect(isPruefungsErinnerungFaellig({ naechstePruefung: '2026-12-07', now, vorlaufTage: 14 })).toBe(true);
    expect(isPruefungsErinnerungFaellig({ naechstePruefung: '2026-12-08', now, vorlaufTage: 14 })).toBe(
      false,
    );
  });
});

const schein: Fuehrerschein = {
  ausstellungsdatum: '2010-04-01',
  naechstePruefung: '2027-01-31',
  fahrverbot: false,
  fahrverbotVon: null,
  fahrverbotBis: null,
  klassen: { B: true, BE: true },
};

describe('fuehrerscheinVerstoss', () => {
  const trip = [{ von: t('2026-12-01', '09:00'), bis: t('2026-12-01', '17:00') }];

  it.each<[string, Fuehrerschein | null, string | null]>([
    ['a valid licence', schein, null],
    ['no licence', null, 'fuehrerschein.fehlt'],
    ['a missing class', { ...schein, klassen: { AM: true } }, 'fuehrerschein.klasse_fehlt'],
    [
      'an issue date after the start',
      { ...schein, ausstellungsdatum: '2026-12-02' },
      'fuehrerschein.ausstellung_nach_beginn',
    ],
    [
      'a check lapsing before the end',
      { ...schein, naechstePruefung: '2026-12-01' },
      'fuehrerschein.pruefung_abgelaufen',
    ],
    [
      'a driving ban over the trip',
      { ...schein, fahrverbot: true, fahrverbotVon: '2026-11-30', fahrverbotBis: '2026-12-01' },
      'fuehrerschein.fahrverbot',
    ],
    [
      'a driving ban that ended',
      { ...schein, fahrverbot: true, fahrverbotVon: '2026-10-01', fahrverbotBis: '2026-11-30' },
      null,
    ],
  ])('with %s gives the expected code', (_case, fuehrerschein, expected) => {
    expect(fuehrerscheinVerstoss({ fuehrerschein, klasse: 'B', zeitraeume: trip })?.code ?? null).toBe(
      expected,
    );
  });

  it('checks only the class when no periods are given', () => {
    expect(
      fuehrerscheinVerstoss({ fuehrerschein: { ...schein, ausstellungsdatum: null }, klasse: 'B' }),
    ).toBeNull();
  });
});

describe('buchenFuerVerstoss', () => {
  const perms = (...p: PermissionName[]) => new Set(p);
  const fahrer = (over: Partial<BuchungsPerson> = {}): BuchungsPerson => ({
    id: 'f',
    status: 'aktiv',
    permissions: perms('fahrzeug_buchen'),
    naechstePruefung: '2027-01-31',
    ...over,
  });

  it.each<[string, { id: string; permissions: Set<PermissionName> }, BuchungsPerson, string | null]>([
    ['oneself with fahrzeug_buchen', { id: 'f', permissions: perms('fahrzeug_buchen') }, fahrer(), null],
    [
      'oneself without a licence record',
      { id: 'f', permissions: perms('fahrzeug_buchen') },
      fahrer({ naechstePruefung: null }),
      'fuehrerschein.fehlt',
    ],
    [
      'oneself with a lapsed check',
      { id: 'f', permissions: perms('fahrzeug_buchen') },
      fahrer({ naechstePruefung: '2026-11-01' }),
      'fuehrerschein.pruefung_abgelaufen',
    ],
    [
      'someone else without fahrzeug_fremdbuchung',
      { id: 'a', permissions: perms('fahrzeug_buchen') },
      fahrer(),
      'fahrzeug_buchung.fremdbuchung_nicht_erlaubt',
    ],
    [
      'someone else with fahrzeug_fremdbuchung',
      { id: 'a', permissions: perms('fahrzeug_fremdbuchung') },
      fahrer(),
      null,
    ],
    [
      'an inactive user',
      { id: 'a', permissions: perms('fahrzeug_fremdbuchung') },
      fahrer({ status: 'inaktiv' }),
      'fahrzeug_buchung.fremdbuchung_nicht_erlaubt',
    ],
    [
      'a user without fahrzeug_buchen',
      { id: 'a', permissions: perms('fahrzeug_fremdbuchung') },
      fahrer({ permissions: perms() }),
      'fahrzeug_buchung.fremdbuchung_nicht_erlaubt',
    ],
    [
      'a user whose check lapsed',
      { id: 'a', permissions: perms('fahrzeug_fremdbuchung') },
      fahrer({ naechstePruefung: '2026-11-23' }),
      'fuehrerschein.pruefung_abgelaufen',
    ],
  ])('booking for %s gives the expected code', (_case, akteur, f, expected) => {
    expect(buchenFuerVerstoss({ akteur, fahrer: f, now })?.code ?? null).toBe(expected);
  });
});
