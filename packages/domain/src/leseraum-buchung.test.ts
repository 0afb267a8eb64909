import { describe, expect, it } from 'vitest';
import { DomainError } from './errors.ts';
import {
  assertLeseraumStornierbar,
  checkInFenster,
  countdownZiel,
  isCheckInMoeglich,
  type LeseraumAkteur,
  leseraumAkteur,
  leseraumMailFuer,
  naechsterLeseraumStatus,
} from './leseraum-buchung.ts';
import { BUCHUNG_STATUS, type BuchungStatus } from './status.ts';

const von = new Date('2026-11-23T08:00:00Z');
const at = (minutes: number) => new Date(von.getTime() + minutes * 60_000);

describe('leseraumAkteur', () => {
  it.each<[string, string | null, string | null, LeseraumAkteur]>([
    ['chef@firma.de', 'anna@firma.de', 'chef@firma.de', 'bestaetiger'],
    ['Anna@Firma.de', 'anna@firma.de', 'chef@firma.de', 'buchender'],
    ['anna@firma.de', 'anna@firma.de', 'anna@firma.de', 'bestaetiger'],
    ['eve@firma.de', 'anna@firma.de', 'chef@firma.de', 'andere'],
    ['eve@firma.de', null, null, 'andere'],
  ])(
    '%s on a booking by %s confirmed by %s acts as %s',
    (userMail, buchenderMail, bestaetigerMail, expected) => {
      expect(leseraumAkteur({ userMail, buchenderMail, bestaetigerMail })).toBe(expected);
    },
  );
});

describe('the check-in window', () => {
  it('runs from 15 minutes before to 15 minutes after the start', () => {
    expect(checkInFenster(von)).toEqual({ beginn: at(-15), ende: at(15) });
  });

  it.each<[number, boolean]>([
    [-16, false],
    [-15, true],
    [0, true],
    [15, true],
    [16, false],
  ])('at %i minutes from the start check-in is possible: %s', (minutes, expected) => {
    expect(isCheckInMoeglich({ von, now: at(minutes) })).toBe(expected);
  });
});

describe('naechsterLeseraumStatus', () => {
  it.each<[BuchungStatus, LeseraumAkteur, boolean, BuchungStatus | null]>([
    ['vorgemerkt', 'bestaetiger', false, 'reserviert'],
    ['vorgemerkt', 'buchender', false, 'storniert'],
    ['vorgemerkt', 'andere', false, null],
    ['reserviert', 'buchender', true, 'durchgeführt'],
    ['reserviert', 'bestaetiger', true, 'durchgeführt'],
    ['reserviert', 'andere', true, null],
    ['reserviert', 'buchender', false, 'storniert'],
    ['reserviert', 'bestaetiger', false, null],
    ['reserviert', 'andere', false, null],
    ['durchgeführt', 'buchender', true, null],
    ['storniert', 'buchender', true, null],
  ])(
    '%s acted on by the %s (check-in possible: %s) becomes %s',
    (status, akteur, checkInMoeglich, expected) => {
      expect(naechsterLeseraumStatus({ status, akteur, checkInMoeglich })).toBe(expected);
    },
  );

  it('never leads out of a final status', () => {
    for (const status of BUCHUNG_STATUS.filter((s) => s !== 'vorgemerkt' && s !== 'reserviert')) {
      for (const akteur of ['bestaetiger', 'buchender', 'andere'] as const) {
        expect(naechsterLeseraumStatus({ status, akteur, checkInMoeglich: true })).toBeNull();
      }
    }
  });
});

describe('assertLeseraumStornierbar', () => {
  it('refuses to cancel a performed booking with the spec message', () => {
    expect(() => assertLeseraumStornierbar('durchgeführt')).toThrow(
      'Eine durchgeführte LeseraumBuchung kann nicht storniert werden.',
    );
  });

  it.each<BuchungStatus>(['vorgemerkt', 'reserviert'])('allows cancelling a %s booking', (status) => {
    expect(() => assertLeseraumStornierbar(status)).not.toThrow();
  });

  it('refuses to cancel an already cancelled booking', () => {
    expect(() => assertLeseraumStornierbar('storniert')).toThrow(DomainError);
  });
});

describe('countdownZiel', () => {
  it.each<[BuchungStatus, number, Date | null]>([
    ['vorgemerkt', -60, von],
    ['vorgemerkt', 1, null],
    ['reserviert', -60, at(-15)],
    ['reserviert', -5, at(15)],
    ['reserviert', 20, null],
    ['storniert', -60, null],
  ])('for %s at %i minutes runs to %s', (status, minutes, expected) => {
    expect(countdownZiel({ status, von, now: at(minutes) })).toEqual(expected);
  });
});

describe('leseraumMailFuer', () => {
  it('names the mail of each change (spec §4, §7)', () => {
    expect(leseraumMailFuer({ art: 'erstellt' })).toBe('useMailVormerkung');
    expect(leseraumMailFuer({ art: 'status', nach: 'reserviert' })).toBe('useMailBuchungBestaetigt');
    expect(leseraumMailFuer({ art: 'geaendert' })).toBe('useMailBuchungAngepasst');
    expect(leseraumMailFuer({ art: 'status', nach: 'storniert' })).toBe('useMailStorno');
    expect(leseraumMailFuer({ art: 'raum_deaktiviert' })).toBe('useMailRaumDeaktivierungSystemStorno');
    expect(leseraumMailFuer({ art: 'status', nach: 'durchgeführt' })).toBeNull();
  });
});
