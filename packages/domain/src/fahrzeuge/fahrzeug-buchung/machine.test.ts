import { describe, expect, it } from 'vitest';
import { DomainError } from '../../errors.ts';
import {
  BUCHUNG_STATUS,
  type BuchungStatus,
  FAHRZEUG_BUCHUNG_TYP,
  type FahrzeugBuchungTyp,
} from '../../status.ts';
import {
  type CheckOutMahnstufe,
  checkInVerstoss,
  checkOutMahnstufe,
  checkOutVerstoss,
  FAHRT_OFFEN,
  FAHRZEUG_BUCHUNG_UEBERGAENGE,
  type FahrtStand,
  type FahrzeugBuchungAktion,
  fahrtStandAus,
  isAutoStornoFaellig,
  isMassenStornierbar,
  isVorCheckOutInfoFaellig,
  naechsterFahrzeugStatus,
  STORNO_GRUND,
  statusAusFahrt,
} from './machine.ts';

const t = (day: string, time: string) => new Date(`${day}T${time}:00+01:00`);
const von = t('2026-11-23', '09:00');
const bis = t('2026-11-23', '17:00');
const eingecheckt: FahrtStand = { eingechecktAm: t('2026-11-23', '08:50'), ausgechecktAm: null };
const ausgecheckt: FahrtStand = {
  eingechecktAm: t('2026-11-23', '08:50'),
  ausgechecktAm: t('2026-11-23', '12:00'),
};

describe('the vehicle booking lifecycle', () => {
  it.each<[BuchungStatus, FahrzeugBuchungAktion, BuchungStatus]>([
    ['reserviert', 'checkIn', 'aktiv'],
    ['aktiv', 'checkOut', 'durchgeführt'],
    ['reserviert', 'stornieren', 'storniert'],
    ['vorgemerkt', 'stornieren', 'storniert'],
    ['reserviert', 'ablehnen', 'storniert'],
    ['reserviert', 'autoStorno', 'storniert'],
    ['reserviert', 'systemStorno', 'storniert'],
    ['aktiv', 'systemStorno', 'storniert'],
    ['reserviert', 'abschliessen', 'durchgeführt'],
  ])('from %s, %s leads to %s', (status, aktion, nach) => {
    expect(naechsterFahrzeugStatus({ status, aktion })).toBe(nach);
  });

  it('refuses every step the table does not list', () => {
    for (const status of BUCHUNG_STATUS) {
      for (const aktion of Object.keys(FAHRZEUG_BUCHUNG_UEBERGAENGE) as FahrzeugBuchungAktion[]) {
        if (FAHRZEUG_BUCHUNG_UEBERGAENGE[aktion].von.includes(status)) continue;
        expect(() => naechsterFahrzeugStatus({ status, aktion })).toThrow(DomainError);
      }
    }
  });

  it('never leaves durchgeführt or storniert', () => {
    for (const step of Object.values(FAHRZEUG_BUCHUNG_UEBERGAENGE)) {
      expect(step.von).not.toContain('durchgeführt');
      expect(step.von).not.toContain('storniert');
    }
  });

  it.each(BUCHUNG_STATUS.map((s) => [s, s !== 'durchgeführt' && s !== 'storniert'] as const))(
    'bulk cancellation takes a %s booking: %s (spec §4: all except durchgeführt), exactly as the table',
    (status, expected) => {
      expect(isMassenStornierbar({ status })).toBe(expected);
      expect(FAHRZEUG_BUCHUNG_UEBERGAENGE.systemStorno.von.includes(status)).toBe(expected);
    },
  );

  it('keeps the spec texts of the vehicle cancellations', () => {
    expect(STORNO_GRUND.fahrzeugDeaktiviert).toBe('Storno, weil Fahrzeug deaktiviert wurde.');
    expect(STORNO_GRUND.standortAenderung).toBe('Storno wegen Standortänderung am Fahrzeug');
    expect(STORNO_GRUND.nichtMehrBuchbar).toBe(
      'Storno da Fahrzeug zum Buchungszeitpunkt nicht mehr buchbar ist.',
    );
  });
});

describe('checked in and out come from the history alone', () => {
  const historie = [
    { typ: 'ERSTELLUNG' as const, fahrzeugBuchungId: 'b1', zeitpunkt: t('2026-11-22', '10:00') },
    { typ: 'CHECK_IN' as const, fahrzeugBuchungId: 'b1', zeitpunkt: t('2026-11-23', '08:50') },
    { typ: 'CHECK_OUT' as const, fahrzeugBuchungId: 'b2', zeitpunkt: t('2026-11-23', '12:00') },
    { typ: 'CHECK_IN' as const, fahrzeugBuchungId: null, zeitpunkt: t('2026-11-23', '07:00') },
  ];

  it('counts only entries tied to the booking', () => {
    expect(fahrtStandAus({ buchungId: 'b1', historie })).toEqual(eingecheckt);
    expect(fahrtStandAus({ buchungId: 'b2', historie })).toEqual({
      eingechecktAm: null,
      ausgechecktAm: t('2026-11-23', '12:00'),
    });
    expect(fahrtStandAus({ buchungId: 'b3', historie })).toEqual(FAHRT_OFFEN);
  });

  it.each<[BuchungStatus, FahrtStand, BuchungStatus]>([
    ['reserviert', FAHRT_OFFEN, 'reserviert'],
    ['reserviert', eingecheckt, 'aktiv'],
    ['aktiv', FAHRT_OFFEN, 'reserviert'],
    ['aktiv', ausgecheckt, 'durchgeführt'],
    ['storniert', eingecheckt, 'storniert'],
    ['durchgeführt', FAHRT_OFFEN, 'durchgeführt'],
  ])('a stored %s with the history %o reads as %s', (status, fahrt, expected) => {
    expect(statusAusFahrt({ status, fahrt })).toBe(expected);
  });
});

describe('checkInVerstoss', () => {
  const buchung = { status: 'reserviert' as BuchungStatus, typ: 'BUCHUNG' as FahrzeugBuchungTyp, von, bis };
  const check = (over: {
    now: Date;
    fahrt?: FahrtStand;
    freigegeben?: boolean;
    checkInAktiv?: boolean;
    status?: BuchungStatus;
    typ?: FahrzeugBuchungTyp;
  }) =>
    checkInVerstoss({
      buchung: {
        ...buchung,
        ...(over.status ? { status: over.status } : {}),
        ...(over.typ ? { typ: over.typ } : {}),
      },
      fahrt: over.fahrt ?? FAHRT_OFFEN,
      now: over.now,
      freigegeben: over.freigegeben ?? true,
      checkInAktiv: over.checkInAktiv ?? true,
    })?.code ?? null;

  it.each<[string, Parameters<typeof check>[0], string | null]>([
    ['15 minutes before the start', { now: t('2026-11-23', '08:45') }, null],
    ['16 minutes before the start', { now: t('2026-11-23', '08:44') }, 'fahrzeug_buchung.checkin_zu_frueh'],
    ['during the booking', { now: t('2026-11-23', '12:00') }, null],
    ['after the end', { now: t('2026-11-23', '17:00') }, 'fahrzeug_buchung.checkin_vorbei'],
    ['while unapproved', { now: von, freigegeben: false }, 'fahrzeug_buchung.checkin_nicht_freigegeben'],
    [
      'twice (history has CHECK_IN)',
      { now: von, fahrt: eingecheckt },
      'fahrzeug_buchung.bereits_eingecheckt',
    ],
    ['after check-out', { now: von, fahrt: ausgecheckt }, 'fahrzeug_buchung.bereits_ausgecheckt'],
    ['a stored aktiv without CHECK_IN entry', { now: von, status: 'aktiv' }, null],
    ['a cancelled booking', { now: von, status: 'storniert' }, 'fahrzeug_buchung.schritt_nicht_erlaubt'],
    ['with check-in switched off', { now: von, checkInAktiv: false }, 'fahrzeug_buchung.checkin_inaktiv'],
    ['a WARTUNG block', { now: von, typ: 'WARTUNG' }, 'fahrzeug_buchung.checkin_sperre'],
    ['a DEFEKT block', { now: von, typ: 'DEFEKT' }, 'fahrzeug_buchung.checkin_sperre'],
  ])('checking in %s gives the expected result', (_case, over, expected) => {
    expect(check(over)).toBe(expected);
  });

  it('names the earliest check-in time in Berlin', () => {
    expect(
      checkInVerstoss({ buchung, fahrt: FAHRT_OFFEN, now: t('2026-11-23', '08:00'), freigegeben: true })
        ?.params,
    ).toEqual({ zeit: '08:45' });
  });
});

describe('checkOutVerstoss', () => {
  it.each<[string, FahrtStand, FahrzeugBuchungTyp, string | null]>([
    ['on the road', eingecheckt, 'BUCHUNG', null],
    ['not checked in', FAHRT_OFFEN, 'BUCHUNG', 'fahrzeug_buchung.nicht_eingecheckt'],
    ['checked out already', ausgecheckt, 'BUCHUNG', 'fahrzeug_buchung.bereits_ausgecheckt'],
    ['a SERVICE block', eingecheckt, 'SERVICE', 'fahrzeug_buchung.checkin_sperre'],
  ])('checking out %s gives the expected result', (_case, fahrt, typ, expected) => {
    expect(checkOutVerstoss({ buchung: { status: 'aktiv', typ }, fahrt })?.code ?? null).toBe(expected);
  });

  it('lets a trip cancelled in bulk while on the road be checked out; it stays storniert', () => {
    expect(
      checkOutVerstoss({ buchung: { status: 'storniert', typ: 'BUCHUNG' }, fahrt: eingecheckt }),
    ).toBeNull();
    expect(statusAusFahrt({ status: 'storniert', fahrt: ausgecheckt })).toBe('storniert');
    expect(
      checkOutVerstoss({ buchung: { status: 'storniert', typ: 'BUCHUNG' }, fahrt: FAHRT_OFFEN })?.code,
    ).toBe('fahrzeug_buchung.nicht_eingecheckt');
  });
});

describe('isAutoStornoFaellig', () => {
  it.each<[string, BuchungStatus, FahrzeugBuchungTyp, FahrtStand, string, number, boolean, boolean]>([
    [
      '15 minutes after the start without check-in',
      'reserviert',
      'BUCHUNG',
      FAHRT_OFFEN,
      '09:15',
      15,
      true,
      true,
    ],
    ['14 minutes after the start', 'reserviert', 'BUCHUNG', FAHRT_OFFEN, '09:14', 15, true, false],
    ['after check-in (history)', 'reserviert', 'BUCHUNG', eingecheckt, '10:00', 15, true, false],
    ['a stored aktiv without check-in entry', 'aktiv', 'BUCHUNG', FAHRT_OFFEN, '10:00', 15, true, true],
    ['with auto-release off (0)', 'reserviert', 'BUCHUNG', FAHRT_OFFEN, '10:00', 0, true, false],
    ['with check-in switched off', 'reserviert', 'BUCHUNG', FAHRT_OFFEN, '10:00', 15, false, false],
    ['a cancelled booking', 'storniert', 'BUCHUNG', FAHRT_OFFEN, '10:00', 15, true, false],
    ...(['WARTUNG', 'SERVICE', 'DEFEKT'] as const).map(
      (typ) =>
        [`a ${typ} block`, 'reserviert', typ, FAHRT_OFFEN, '12:00', 15, true, false] as [
          string,
          BuchungStatus,
          FahrzeugBuchungTyp,
          FahrtStand,
          string,
          number,
          boolean,
          boolean,
        ],
    ),
  ])('%s', (_case, status, typ, fahrt, time, minuten, checkInAktiv, expected) => {
    expect(
      isAutoStornoFaellig({
        buchung: { status, typ, von },
        fahrt,
        now: t('2026-11-23', time),
        minuten,
        checkInAktiv,
      }),
    ).toBe(expected);
  });

  it('never cancels a block, whatever the status and time', () => {
    for (const typ of FAHRZEUG_BUCHUNG_TYP.filter((x) => x !== 'BUCHUNG'))
      for (const status of BUCHUNG_STATUS)
        expect(
          isAutoStornoFaellig({
            buchung: { status, typ, von },
            fahrt: FAHRT_OFFEN,
            now: t('2026-12-24', '00:00'),
            minuten: 1,
          }),
        ).toBe(false);
  });
});

describe('checkOutMahnstufe', () => {
  it.each<[FahrtStand, FahrzeugBuchungTyp, string, CheckOutMahnstufe]>([
    [eingecheckt, 'BUCHUNG', '17:29', 'keine'],
    [eingecheckt, 'BUCHUNG', '17:30', 'buchender'],
    [eingecheckt, 'BUCHUNG', '19:00', 'fuhrparkmanager'],
    [ausgecheckt, 'BUCHUNG', '19:00', 'keine'],
    [FAHRT_OFFEN, 'BUCHUNG', '19:00', 'keine'],
    [eingecheckt, 'WARTUNG', '19:00', 'keine'],
  ])('a trip %o of type %s at %s is reminded to: %s', (fahrt, typ, time, expected) => {
    expect(
      checkOutMahnstufe({
        buchung: { status: 'aktiv', typ, bis },
        fahrt,
        now: t('2026-11-23', time),
        erinnerungMinuten: 30,
        eskalationMinuten: 120,
      }),
    ).toBe(expected);
  });
});

describe('isVorCheckOutInfoFaellig', () => {
  it.each<[FahrtStand, string, boolean]>([
    [eingecheckt, '16:00', true],
    [eingecheckt, '15:59', false],
    [ausgecheckt, '16:30', false],
    [eingecheckt, '17:00', false],
  ])('previous trip %o at %s: the next booker is told %s', (vorherigeFahrt, time, expected) => {
    expect(
      isVorCheckOutInfoFaellig({
        vorherigeFahrt,
        naechsterBeginn: bis,
        now: t('2026-11-23', time),
        minuten: 60,
      }),
    ).toBe(expected);
  });
});
