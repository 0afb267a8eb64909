import { describe, expect, it } from 'vitest';
import { DomainError } from './errors.ts';
import {
  type CheckOutMahnstufe,
  checkInVerstoss,
  checkOutMahnstufe,
  FAHRZEUG_BUCHUNG_UEBERGAENGE,
  type FahrzeugBuchungAktion,
  isAutoStornoFaellig,
  isVorCheckOutInfoFaellig,
  naechsterFahrzeugStatus,
} from './fahrzeug-buchung.ts';
import { BUCHUNG_STATUS, type BuchungStatus } from './status.ts';

const t = (day: string, time: string) => new Date(`${day}T${time}:00+01:00`);
const von = t('2026-11-23', '09:00');
const bis = t('2026-11-23', '17:00');

describe('the vehicle booking lifecycle', () => {
  it.each<[BuchungStatus, FahrzeugBuchungAktion, BuchungStatus]>([
    ['reserviert', 'checkIn', 'aktiv'],
    ['aktiv', 'checkOut', 'durchgeführt'],
    ['reserviert', 'stornieren', 'storniert'],
    ['vorgemerkt', 'stornieren', 'storniert'],
    ['reserviert', 'autoStorno', 'storniert'],
    ['reserviert', 'abschliessen', 'durchgeführt'],
  ])('from %s, %s leads to %s', (status, aktion, nach) => {
    expect(naechsterFahrzeugStatus(status, aktion)).toBe(nach);
  });

  it('refuses every step the table does not list', () => {
    for (const status of BUCHUNG_STATUS) {
      for (const aktion of Object.keys(FAHRZEUG_BUCHUNG_UEBERGAENGE) as FahrzeugBuchungAktion[]) {
        if (FAHRZEUG_BUCHUNG_UEBERGAENGE[aktion].von.includes(status)) continue;
        expect(() => naechsterFahrzeugStatus(status, aktion)).toThrow(DomainError);
      }
    }
  });

  it('never leaves durchgeführt or storniert', () => {
    for (const step of Object.values(FAHRZEUG_BUCHUNG_UEBERGAENGE)) {
      expect(step.von).not.toContain('durchgeführt');
      expect(step.von).not.toContain('storniert');
    }
  });
});

describe('checkInVerstoss', () => {
  const base = { status: 'reserviert' as BuchungStatus, von, bis, freigegeben: true };
  it.each<[string, Partial<Parameters<typeof checkInVerstoss>[0]> & { now: Date }, string | null]>([
    ['15 minutes before the start', { now: t('2026-11-23', '08:45') }, null],
    ['16 minutes before the start', { now: t('2026-11-23', '08:44') }, 'fahrzeug_buchung.checkin_zu_frueh'],
    ['during the booking', { now: t('2026-11-23', '12:00') }, null],
    ['after the end', { now: t('2026-11-23', '17:00') }, 'fahrzeug_buchung.checkin_vorbei'],
    [
      'while unapproved',
      { now: t('2026-11-23', '09:00'), freigegeben: false },
      'fahrzeug_buchung.checkin_nicht_freigegeben',
    ],
    ['twice', { now: t('2026-11-23', '09:00'), status: 'aktiv' }, 'fahrzeug_buchung.schritt_nicht_erlaubt'],
    [
      'with check-in switched off',
      { now: t('2026-11-23', '09:00'), checkInAktiv: false },
      'fahrzeug_buchung.checkin_inaktiv',
    ],
  ])('checking in %s gives the expected result', (_case, over, expected) => {
    expect(checkInVerstoss({ ...base, ...over })?.code ?? null).toBe(expected);
  });

  it('names the earliest check-in time in Berlin', () => {
    expect(checkInVerstoss({ ...base, now: t('2026-11-23', '08:00') })?.params).toEqual({ zeit: '08:45' });
  });
});

describe('isAutoStornoFaellig', () => {
  it.each<[string, BuchungStatus, Date, number, boolean, boolean]>([
    ['15 minutes after the start without check-in', 'reserviert', t('2026-11-23', '09:15'), 15, true, true],
    ['14 minutes after the start', 'reserviert', t('2026-11-23', '09:14'), 15, true, false],
    ['after check-in', 'aktiv', t('2026-11-23', '10:00'), 15, true, false],
    ['with auto-release off (0)', 'reserviert', t('2026-11-23', '10:00'), 0, true, false],
    ['with check-in switched off', 'reserviert', t('2026-11-23', '10:00'), 15, false, false],
  ])('%s', (_case, status, now, minuten, checkInAktiv, expected) => {
    expect(isAutoStornoFaellig({ status, von, now, minuten, checkInAktiv })).toBe(expected);
  });
});

describe('checkOutMahnstufe', () => {
  it.each<[BuchungStatus, string, CheckOutMahnstufe]>([
    ['aktiv', '17:29', 'keine'],
    ['aktiv', '17:30', 'buchender'],
    ['aktiv', '19:00', 'fuhrparkmanager'],
    ['durchgeführt', '19:00', 'keine'],
  ])('a %s booking at %s is reminded to: %s', (status, time, expected) => {
    expect(
      checkOutMahnstufe({
        status,
        bis,
        now: t('2026-11-23', time),
        erinnerungMinuten: 30,
        eskalationMinuten: 120,
      }),
    ).toBe(expected);
  });
});

describe('isVorCheckOutInfoFaellig', () => {
  it.each<[BuchungStatus, string, boolean]>([
    ['aktiv', '16:00', true],
    ['aktiv', '15:59', false],
    ['durchgeführt', '16:30', false],
    ['aktiv', '17:00', false],
  ])('previous booking %s at %s: the next booker is told %s', (vorherigeStatus, time, expected) => {
    expect(
      isVorCheckOutInfoFaellig({
        vorherigeStatus,
        naechsterBeginn: bis,
        now: t('2026-11-23', time),
        minuten: 60,
      }),
    ).toBe(expected);
  });
});
