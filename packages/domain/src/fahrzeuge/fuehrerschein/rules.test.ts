import { describe, expect, it } from 'vitest';
import type { PermissionName } from '../../permissions.ts';
import type { BuchungStatus, FahrzeugBuchungTyp } from '../../status.ts';
import {
  type BuchungsPerson,
  buchenFuerVerstoss,
  eigeneBuchbarkeitVerstoss,
  type Fuehrerschein,
  fahrerVerstoss,
  fuehrerscheinHinweise,
  fuehrerscheinVerstoss,
  isFahrverbotImZeitraum,
  isPruefungAktuell,
  isPruefungsErinnerungFaellig,
  naechstePruefungAus,
  PRUEFMETHODE_ORIGINAL,
  type PruefungsStand,
  pruefungErfassen,
  pruefungsStand,
  stornosBeiFahrverbot,
  waehlbareFahrer,
} from './rules.ts';

const t = (day: string, time: string) => new Date(`${day}T${time}:00+01:00`);
const now = t('2026-11-23', '10:00');

describe('naechstePruefungAus', () => {
  it.each<[string, number, string]>([
    ['2026-05-15', 6, '2026-11-15'],
    ['2026-08-31', 6, '2027-02-28'],
    ['2027-08-31', 6, '2028-02-29'],
    ['2026-01-10', 12, '2027-01-10'],
  ])('%s plus %i months is %s', (last, months, next) => {
    expect(naechstePruefungAus({ letztePruefung: last, intervallMonate: months })).toBe(next);
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
      'oneself without fahrzeug_buchen',
      { id: 'f', permissions: perms('fahrzeug_fremdbuchung') },
      fahrer({ permissions: perms('fahrzeug_fremdbuchung') }),
      'fahrzeug_buchung.buchen_nicht_erlaubt',
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

describe('the default interval and the check states', () => {
  it('adds 6 months by default', () => {
    expect(naechstePruefungAus({ letztePruefung: '2026-11-23' })).toBe('2027-05-23');
  });

  it.each<[string | null, PruefungsStand]>([
    [null, 'fehlt'],
    ['2026-11-01', 'ueberfaellig'],
    ['2026-11-23', 'ueberfaellig'],
    ['2026-11-24', 'faellig'],
    ['2026-12-07', 'faellig'],
    ['2026-12-08', 'aktuell'],
  ])('next check %s with a 14-day lead on 23.11.2026 is %s', (naechstePruefung, expected) => {
    expect(pruefungsStand({ naechstePruefung, now, vorlaufTage: 14 })).toBe(expected);
  });

  it('agrees with isPruefungAktuell: overdue exactly when the check is not current', () => {
    for (let d = 1; d <= 31; d++) {
      const naechstePruefung = `2026-11-${String(d).padStart(2, '0')}`;
      expect(pruefungsStand({ naechstePruefung, now, vorlaufTage: 0 }) === 'ueberfaellig').toBe(
        !isPruefungAktuell({ naechstePruefung, now }),
      );
    }
  });

  it('turns over at Berlin midnight, also on the DST days', () => {
    expect(isPruefungAktuell({ naechstePruefung: '2026-03-29', now: new Date('2026-03-28T22:59:00Z') })).toBe(
      true,
    );
    expect(isPruefungAktuell({ naechstePruefung: '2026-03-29', now: new Date('2026-03-28T23:00:00Z') })).toBe(
      false,
    );
    expect(isPruefungAktuell({ naechstePruefung: '2026-10-25', now: new Date('2026-10-24T21:59:00Z') })).toBe(
      true,
    );
    expect(isPruefungAktuell({ naechstePruefung: '2026-10-25', now: new Date('2026-10-24T22:00:00Z') })).toBe(
      false,
    );
  });
});

describe('pruefungErfassen', () => {
  it('records today as the last check and the next one after the interval', () => {
    expect(
      pruefungErfassen({
        prueferId: 'p',
        now,
        methode: PRUEFMETHODE_ORIGINAL,
        originalGesehen: true,
        intervallMonate: 6,
      }),
    ).toEqual({
      verstoss: null,
      pruefung: {
        prueferId: 'p',
        letztePruefung: '2026-11-23',
        naechstePruefung: '2027-05-23',
        methode: PRUEFMETHODE_ORIGINAL,
        geprueftAm: now,
      },
    });
  });

  it.each<[string, string, boolean, readonly string[], string | null]>([
    ['a tenant method', 'Videoident', true, ['Videoident'], null],
    ['an unknown method', 'Foto per Mail', true, ['Videoident'], 'fuehrerschein.pruefmethode_unbekannt'],
    ['without the original seen', PRUEFMETHODE_ORIGINAL, false, [], 'fuehrerschein.original_nicht_gesehen'],
  ])('refuses or accepts %s', (_case, methode, originalGesehen, erlaubteMethoden, expected) => {
    const result = pruefungErfassen({ prueferId: 'p', now, methode, originalGesehen, erlaubteMethoden });
    expect(result.verstoss?.code ?? null).toBe(expected);
  });
});

describe('class expiry, document expiry and bans', () => {
  const lkw: Fuehrerschein = { ...schein, klassen: { B: true, C: true }, klassenAblauf: { C: '2026-12-01' } };
  const at = (day: string) => [{ von: t(day, '09:00'), bis: t(day, '17:00') }];

  it.each<[string, string | null]>([
    ['2026-12-01', null],
    ['2026-12-02', 'fuehrerschein.klasse_abgelaufen'],
  ])('a truck class expiring 01.12.2026 for a trip on %s gives %s', (day, expected) => {
    expect(
      fuehrerscheinVerstoss({ fuehrerschein: lkw, klasse: 'C', zeitraeume: at(day) })?.code ?? null,
    ).toBe(expected);
  });

  it('names the class and its last day', () => {
    expect(
      fuehrerscheinVerstoss({ fuehrerschein: lkw, klasse: 'C', zeitraeume: at('2026-12-02') })?.params,
    ).toEqual({
      klasse: 'C',
      datum: '01.12.2026',
    });
  });

  it('does not apply the expiry of another class', () => {
    expect(
      fuehrerscheinVerstoss({ fuehrerschein: lkw, klasse: 'B', zeitraeume: at('2026-12-20') }),
    ).toBeNull();
  });

  it('only warns about an expired document', () => {
    const alt = { ...schein, dokumentAblauf: '2026-11-22' };
    expect(
      fuehrerscheinVerstoss({ fuehrerschein: alt, klasse: 'B', zeitraeume: at('2026-12-01') }),
    ).toBeNull();
    expect(fuehrerscheinHinweise({ fuehrerschein: alt, now })).toEqual([
      { code: 'fuehrerschein.dokument_abgelaufen', params: { datum: '22.11.2026' } },
    ]);
    expect(fuehrerscheinHinweise({ fuehrerschein: { dokumentAblauf: '2026-11-23' }, now })).toEqual([]);
  });

  it.each<[string | null, string | null, string, string, boolean]>([
    ['2026-12-01', '2026-12-03', '2026-11-30', '23:00', false],
    ['2026-12-01', '2026-12-03', '2026-12-01', '00:00', true],
    ['2026-12-01', '2026-12-03', '2026-12-03', '23:45', true],
    ['2026-12-01', '2026-12-03', '2026-12-04', '00:00', false],
    [null, '2026-12-03', '2020-01-01', '09:00', true],
    ['2026-12-01', null, '2030-01-01', '09:00', true],
  ])(
    'a ban from %s to %s covers a 15-minute trip at %s %s: %s',
    (fahrverbotVon, fahrverbotBis, day, time, expected) => {
      const von = t(day, time);
      expect(
        isFahrverbotImZeitraum({
          fuehrerschein: { fahrverbot: true, fahrverbotVon, fahrverbotBis },
          von,
          bis: new Date(von.getTime() + 900_000),
        }),
      ).toBe(expected);
    },
  );

  it('ignores ban dates while the ban flag is off', () => {
    expect(
      isFahrverbotImZeitraum({
        fuehrerschein: { fahrverbot: false, fahrverbotVon: '2026-12-01', fahrverbotBis: '2026-12-03' },
        von: t('2026-12-02', '09:00'),
        bis: t('2026-12-02', '10:00'),
      }),
    ).toBe(false);
  });

  it('covers whole Berlin days across the autumn DST change (25.10.2026 has 25 hours)', () => {
    const ban = { fahrverbot: true, fahrverbotVon: '2026-10-25', fahrverbotBis: '2026-10-25' };
    expect(
      isFahrverbotImZeitraum({
        fuehrerschein: ban,
        von: new Date('2026-10-25T22:45:00Z'),
        bis: new Date('2026-10-25T23:00:00Z'),
      }),
    ).toBe(true);
    expect(
      isFahrverbotImZeitraum({
        fuehrerschein: ban,
        von: new Date('2026-10-25T23:00:00Z'),
        bis: new Date('2026-10-25T23:15:00Z'),
      }),
    ).toBe(false);
  });
});

describe('waehlbareFahrer (spec §6)', () => {
  const perms = (...p: PermissionName[]) => new Set(p);
  const personen: BuchungsPerson[] = [
    { id: 'ich', status: 'aktiv', permissions: perms('fahrzeug_buchen'), naechstePruefung: '2027-01-31' },
    { id: 'gueltig', status: 'aktiv', permissions: perms('fahrzeug_buchen'), naechstePruefung: '2027-01-31' },
    {
      id: 'abgelaufen',
      status: 'aktiv',
      permissions: perms('fahrzeug_buchen'),
      naechstePruefung: '2026-11-23',
    },
    { id: 'ohne_schein', status: 'aktiv', permissions: perms('fahrzeug_buchen'), naechstePruefung: null },
    {
      id: 'inaktiv',
      status: 'inaktiv',
      permissions: perms('fahrzeug_buchen'),
      naechstePruefung: '2027-01-31',
    },
    { id: 'ohne_recht', status: 'aktiv', permissions: perms(), naechstePruefung: '2027-01-31' },
  ];

  it('offers everyone active with fahrzeug_buchen and a current check to a fremdbuchung user', () => {
    expect(
      waehlbareFahrer({
        akteur: { id: 'ich', permissions: perms('fahrzeug_buchen', 'fahrzeug_fremdbuchung') },
        personen,
        now,
      }).map((p) => p.id),
    ).toEqual(['ich', 'gueltig']);
  });

  it('offers only oneself with fahrzeug_buchen alone', () => {
    expect(
      waehlbareFahrer({ akteur: { id: 'ich', permissions: perms('fahrzeug_buchen') }, personen, now }).map(
        (p) => p.id,
      ),
    ).toEqual(['ich']);
  });
});

describe('fahrerVerstoss: booking for others checks the right, the next check and the licence', () => {
  const perms = (...p: PermissionName[]) => new Set(p);
  const akteur = { id: 'a', permissions: perms('fahrzeug_fremdbuchung') };
  const fahrer: BuchungsPerson = {
    id: 'f',
    status: 'aktiv',
    permissions: perms('fahrzeug_buchen'),
    naechstePruefung: '2027-01-31',
  };
  const zeitraeume = [{ von: t('2026-12-01', '09:00'), bis: t('2026-12-01', '17:00') }];
  it.each<[string, BuchungsPerson, Fuehrerschein | null, string | null]>([
    ['a valid driver', fahrer, schein, null],
    [
      'a driver whose check lapsed',
      { ...fahrer, naechstePruefung: '2026-11-20' },
      schein,
      'fuehrerschein.pruefung_abgelaufen',
    ],
    [
      'a driver with a current check but no class B',
      fahrer,
      { ...schein, klassen: { AM: true } },
      'fuehrerschein.klasse_fehlt',
    ],
    [
      'a driver under a driving ban',
      fahrer,
      { ...schein, fahrverbot: true, fahrverbotVon: '2026-12-01', fahrverbotBis: '2026-12-01' },
      'fuehrerschein.fahrverbot',
    ],
  ])('%s', (_case, f, fuehrerschein, expected) => {
    expect(
      fahrerVerstoss({ akteur, fahrer: f, fuehrerschein, klasse: 'B', zeitraeume, now })?.code ?? null,
    ).toBe(expected);
  });
});

describe('eigeneBuchbarkeitVerstoss: may the user book the car for themself (the list mark)', () => {
  const perms = (...p: PermissionName[]) => new Set(p);
  const buchen = { id: 'u', permissions: perms('fahrzeug_buchen') };
  const zeitraum = { von: t('2026-12-01', '09:00'), bis: t('2026-12-01', '17:00') };
  it.each<[string, typeof buchen, Fuehrerschein | null, 'B' | 'C', typeof zeitraum | null, string | null]>([
    ['a booker with class B, car B, no period', buchen, schein, 'B', null, null],
    ['a booker with class B, car B, a period', buchen, schein, 'B', zeitraum, null],
    ['a car needing class C', buchen, schein, 'C', null, 'fuehrerschein.klasse_fehlt'],
    ['a car needing class C, a period', buchen, schein, 'C', zeitraum, 'fuehrerschein.klasse_fehlt'],
    ['no licence record', buchen, null, 'B', null, 'fuehrerschein.fehlt'],
    [
      'a lapsed check',
      buchen,
      { ...schein, naechstePruefung: '2026-11-20' },
      'B',
      null,
      'fuehrerschein.pruefung_abgelaufen',
    ],
    [
      'a driving ban over the period',
      buchen,
      { ...schein, fahrverbot: true, fahrverbotVon: '2026-11-30', fahrverbotBis: '2026-12-02' },
      'B',
      zeitraum,
      'fuehrerschein.fahrverbot',
    ],
    [
      'without fahrzeug_buchen',
      { id: 'u', permissions: perms() },
      schein,
      'B',
      null,
      'fahrzeug_buchung.buchen_nicht_erlaubt',
    ],
    [
      'with fahrzeug_fremdbuchung: books for others, so never marked',
      { id: 'u', permissions: perms('fahrzeug_fremdbuchung') },
      null,
      'C',
      zeitraum,
      null,
    ],
  ])('%s', (_case, benutzer, fuehrerschein, klasse, z, expected) => {
    expect(
      eigeneBuchbarkeitVerstoss({ benutzer, fuehrerschein, klasse, zeitraum: z, now })?.code ?? null,
    ).toBe(expected);
  });
});

describe('stornosBeiFahrverbot', () => {
  const trip = (
    id: string,
    day: string,
    over: Partial<{ status: BuchungStatus; typ: FahrzeugBuchungTyp }> = {},
  ) => ({
    id,
    von: t(day, '09:00'),
    bis: t(day, '10:00'),
    status: 'reserviert' as BuchungStatus,
    typ: 'BUCHUNG' as FahrzeugBuchungTyp,
    ...over,
  });
  it('lists the open trips the ban covers, with the reason', () => {
    const result = stornosBeiFahrverbot({
      fuehrerschein: { fahrverbot: true, fahrverbotVon: '2026-11-25', fahrverbotBis: '2026-11-26' },
      buchungen: [
        trip('davor', '2026-11-24'),
        trip('drin', '2026-11-25'),
        trip('fertig', '2026-11-26', { status: 'durchgeführt' }),
        trip('storniert', '2026-11-26', { status: 'storniert' }),
        trip('danach', '2026-11-27'),
      ],
      now,
    });
    expect(result.buchungen.map((b) => b.id)).toEqual(['drin']);
    expect(result.grund).toBe('Storno wegen Fahrverbot des Fahrers.');
  });
});
