import { describe, expect, it } from 'vitest';
import {
  FAKTOR_BESTAETIGUNG_MS,
  faktorHinzufuegen,
  totpSchritt,
  totpSchritteUm,
  totpSchrittNeu,
} from './faktor-schutz.ts';

describe('TOTP steps', () => {
  it.each([
    [0, 0],
    [29_999, 0],
    [30_000, 1],
    [Date.UTC(2026, 2, 29, 1, 0, 0), Date.UTC(2026, 2, 29, 1, 0, 0) / 30_000],
  ])('the step of %d ms is %d', (ms, step) => {
    expect(totpSchritt(ms)).toBe(step);
  });

  it('accepts the current step, the one before and the one after (the window of better-auth)', () => {
    expect(totpSchritteUm(95_000)).toEqual([3, 2, 4]);
    expect(totpSchritteUm(95_000, 30, 0)).toEqual([3]);
  });

  it.each([
    [100, null, true],
    [100, 99, true],
    [100, 100, false],
    [99, 100, false],
    [101, 100, true],
  ])('a code of step %d after last accepted %s is new: %s', (step, last, neu) => {
    expect(totpSchrittNeu(step, last)).toBe(neu);
  });
});

describe('adding a factor', () => {
  const jetzt = new Date('2026-10-25T02:30:00+01:00'); // the night the clocks go back
  const vor = (ms: number) => new Date(jetzt.getTime() - ms);
  it.each([
    ['password confirmed just now', true, vor(0), vor(60 * 60_000), 'erlaubt'],
    ['password confirmed 4:59 ago', true, vor(FAKTOR_BESTAETIGUNG_MS - 1000), vor(0), 'erlaubt'],
    ['password confirmed 5:00 ago', true, vor(FAKTOR_BESTAETIGUNG_MS), vor(0), 'passwort_noetig'],
    ['password never confirmed, fresh sign-in', true, null, vor(0), 'passwort_noetig'],
    ['confirmation in the future (clock moved)', true, vor(-60_000), vor(0), 'passwort_noetig'],
    ['no password, signed in a minute ago', false, null, vor(60_000), 'erlaubt'],
    ['no password, signed in 5:00 ago', false, null, vor(FAKTOR_BESTAETIGUNG_MS), 'neu_anmelden'],
    ['no password, old sign-in, confirmation ignored', false, vor(0), vor(60 * 60_000), 'neu_anmelden'],
  ] as const)('%s', (_name, hatPasswort, passwortBestaetigtAm, angemeldetAm, erwartet) => {
    expect(faktorHinzufuegen({ hatPasswort, passwortBestaetigtAm, angemeldetAm, jetzt })).toBe(erwartet);
  });
});
