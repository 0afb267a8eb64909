import { describe, expect, it } from 'vitest';
import { BUCHUNG_STATUS, type BuchungStatus } from '../../status.ts';
import {
  bestaetigerFuerNeueBuchung,
  checkInFenster,
  countdownZiel,
  isCheckInMoeglich,
  type LeseraumAkteur,
  leseraumAkteur,
  leseraumBestaetigungVerstoss,
  leseraumCheckInVerstoss,
  leseraumStornoVerstoss,
  leseraumVerfall,
  naechsterLeseraumStatus,
} from './machine.ts';

const von = new Date('2026-11-23T08:00:00Z');
const at = (minutes: number) => new Date(von.getTime() + minutes * 60_000);
const AKTEURE: LeseraumAkteur[] = ['bestaetiger', 'buchender', 'personal', 'andere'];

describe('leseraumAkteur', () => {
  it.each<[string, string | null, string | null, boolean, LeseraumAkteur]>([
    ['chef@firma.de', 'anna@firma.de', 'chef@firma.de', false, 'bestaetiger'],
    ['Anna@Firma.de', 'anna@firma.de', 'chef@firma.de', false, 'buchender'],
    ['anna@firma.de', 'anna@firma.de', 'anna@firma.de', false, 'bestaetiger'],
    ['eve@firma.de', 'anna@firma.de', 'chef@firma.de', false, 'andere'],
    ['eve@firma.de', null, null, false, 'andere'],
    ['staff@firma.de', 'anna@firma.de', 'anna@firma.de', true, 'personal'],
    ['staff@firma.de', 'anna@firma.de', null, true, 'bestaetiger'],
    ['anna@firma.de', 'anna@firma.de', null, false, 'buchender'],
  ])(
    '%s on a booking by %s confirmed by %s (staff: %s) acts as %s',
    (userMail, buchenderMail, bestaetigerMail, istPersonal, expected) => {
      expect(leseraumAkteur({ userMail, buchenderMail, bestaetigerMail, istPersonal })).toBe(expected);
    },
  );
});

describe('bestaetigerFuerNeueBuchung', () => {
  it('is the booker, unless the place is confirmed by staff', () => {
    expect(bestaetigerFuerNeueBuchung({ buchenderMail: 'a@x.de', bestaetigungDurchPersonal: false })).toBe(
      'a@x.de',
    );
    expect(
      bestaetigerFuerNeueBuchung({ buchenderMail: 'a@x.de', bestaetigungDurchPersonal: true }),
    ).toBeNull();
  });
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

  it('is 30 real minutes long across the DST switches (last Sundays of March and October)', () => {
    for (const start of ['2026-03-29T01:00:00Z', '2026-10-25T01:00:00Z', '2026-10-25T00:45:00Z']) {
      const { beginn, ende } = checkInFenster(new Date(start));
      expect(ende.getTime() - beginn.getTime()).toBe(30 * 60_000);
    }
  });
});

describe('naechsterLeseraumStatus (spec §4)', () => {
  it.each<[BuchungStatus, LeseraumAkteur, boolean, BuchungStatus | null]>([
    ['vorgemerkt', 'bestaetiger', false, 'reserviert'],
    ['vorgemerkt', 'buchender', false, 'storniert'],
    ['vorgemerkt', 'personal', false, 'storniert'],
    ['vorgemerkt', 'andere', false, null],
    ['reserviert', 'buchender', true, 'durchgeführt'],
    ['reserviert', 'bestaetiger', true, 'durchgeführt'],
    ['reserviert', 'personal', true, 'durchgeführt'],
    ['reserviert', 'andere', true, null],
    ['reserviert', 'buchender', false, 'storniert'],
    ['reserviert', 'bestaetiger', false, null],
    ['reserviert', 'personal', false, null],
    ['reserviert', 'andere', false, null],
    ['durchgeführt', 'buchender', true, null],
    ['storniert', 'buchender', true, null],
  ])(
    '%s acted on by the %s (check-in possible: %s) becomes %s',
    (status, akteur, checkInMoeglich, expected) => {
      expect(naechsterLeseraumStatus({ status, akteur, checkInMoeglich })).toBe(expected);
    },
  );

  it('does not confirm a hold after its deadline', () => {
    expect(
      naechsterLeseraumStatus({
        status: 'vorgemerkt',
        akteur: 'bestaetiger',
        checkInMoeglich: true,
        fristAbgelaufen: true,
      }),
    ).toBeNull();
  });

  it('never leads out of a final status', () => {
    for (const status of BUCHUNG_STATUS.filter((s) => s !== 'vorgemerkt' && s !== 'reserviert')) {
      for (const akteur of AKTEURE) {
        expect(naechsterLeseraumStatus({ status, akteur, checkInMoeglich: true })).toBeNull();
      }
    }
  });
});

describe('leseraumStornoVerstoss: cancelling is its own action', () => {
  it('refuses to cancel a performed booking with the spec message code', () => {
    for (const akteur of AKTEURE)
      expect(leseraumStornoVerstoss({ status: 'durchgeführt', akteur })?.code).toBe(
        'leseraum_buchung.durchgefuehrt_nicht_stornierbar',
      );
  });

  it.each<[BuchungStatus, LeseraumAkteur, string | null]>([
    ['vorgemerkt', 'buchender', null],
    ['vorgemerkt', 'bestaetiger', null],
    ['vorgemerkt', 'personal', null],
    ['vorgemerkt', 'andere', 'leseraum_buchung.nicht_berechtigt'],
    ['reserviert', 'buchender', null],
    ['reserviert', 'personal', null],
    ['reserviert', 'andere', 'leseraum_buchung.nicht_berechtigt'],
    ['storniert', 'buchender', 'leseraum_buchung.schritt_nicht_erlaubt'],
    ['aktiv', 'buchender', 'leseraum_buchung.schritt_nicht_erlaubt'],
    ['verschlossen', 'personal', 'leseraum_buchung.schritt_nicht_erlaubt'],
  ])('%s by the %s: %s', (status, akteur, expected) => {
    expect(leseraumStornoVerstoss({ status, akteur })?.code ?? null).toBe(expected);
  });

  it('lets a booker who is also the confirmer cancel their hold and their reservation', () => {
    const akteur = leseraumAkteur({ userMail: 'a@x.de', buchenderMail: 'a@x.de', bestaetigerMail: 'a@x.de' });
    expect(akteur).toBe('bestaetiger');
    expect(leseraumStornoVerstoss({ status: 'vorgemerkt', akteur })).toBeNull();
    expect(leseraumStornoVerstoss({ status: 'reserviert', akteur })).toBeNull();
  });
});

describe('leseraumBestaetigungVerstoss', () => {
  it.each<[BuchungStatus, LeseraumAkteur, number, string | null]>([
    ['vorgemerkt', 'bestaetiger', -1, null],
    ['vorgemerkt', 'bestaetiger', 0, 'leseraum_buchung.frist_abgelaufen'],
    ['vorgemerkt', 'buchender', -60, 'leseraum_buchung.nicht_berechtigt'],
    ['vorgemerkt', 'personal', -60, 'leseraum_buchung.nicht_berechtigt'],
    ['reserviert', 'bestaetiger', -60, 'leseraum_buchung.schritt_nicht_erlaubt'],
  ])('%s by the %s at %i minutes: %s', (status, akteur, minutes, expected) => {
    expect(leseraumBestaetigungVerstoss({ status, akteur, von, now: at(minutes) })?.code ?? null).toBe(
      expected,
    );
  });
});

describe('leseraumCheckInVerstoss', () => {
  it.each<[BuchungStatus, LeseraumAkteur, number, string | null]>([
    ['reserviert', 'buchender', -15, null],
    ['reserviert', 'buchender', 15, null],
    ['reserviert', 'personal', 0, null],
    ['reserviert', 'buchender', -16, 'leseraum_buchung.check_in_fenster'],
    ['reserviert', 'buchender', 16, 'leseraum_buchung.check_in_fenster'],
    ['reserviert', 'andere', 0, 'leseraum_buchung.nicht_berechtigt'],
    ['vorgemerkt', 'buchender', 0, 'leseraum_buchung.nicht_reserviert'],
    ['durchgeführt', 'buchender', 0, 'leseraum_buchung.schritt_nicht_erlaubt'],
  ])('%s by the %s at %i minutes: %s', (status, akteur, minutes, expected) => {
    expect(leseraumCheckInVerstoss({ status, akteur, von, now: at(minutes) })?.code ?? null).toBe(expected);
  });

  it('names the window in Berlin time', () => {
    expect(
      leseraumCheckInVerstoss({ status: 'reserviert', akteur: 'buchender', von, now: at(-60) })?.params,
    ).toEqual({ beginn: '08:45', ende: '09:15' });
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

describe('leseraumVerfall: what the scheduler releases', () => {
  it.each<[BuchungStatus, number, string | null]>([
    ['vorgemerkt', -1, null],
    ['vorgemerkt', 0, 'frist_abgelaufen'],
    ['vorgemerkt', 120, 'frist_abgelaufen'],
    ['reserviert', 15, null],
    ['reserviert', 16, 'nicht_eingecheckt'],
    ['durchgeführt', 120, null],
    ['storniert', 120, null],
  ])('%s at %i minutes from the start: %s', (status, minutes, expected) => {
    expect(leseraumVerfall({ status, von, now: at(minutes) })).toBe(expected);
  });

  it('decides the same when run twice and nothing once released', () => {
    const now = at(30);
    expect(leseraumVerfall({ status: 'reserviert', von, now })).toBe('nicht_eingecheckt');
    expect(leseraumVerfall({ status: 'storniert', von, now })).toBeNull();
  });
});
