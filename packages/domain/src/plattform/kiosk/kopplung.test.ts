import { describe, expect, it } from 'vitest';
import {
  erzeugeKopplungsCode,
  formatiereKopplungsCode,
  KIOSK,
  kioskAnzeigeName,
  kioskOnline,
  kopplungsCodeGueltig,
  normalisiereKopplungsCode,
  tokenFaellig,
  vorigerTokenGilt,
} from './kopplung.ts';

const T0 = Date.UTC(2026, 2, 29, 0, 30); // the night the clocks go forward in Germany
const MIN = 60_000;

describe('pairing code', () => {
  it('draws eight signs of the alphabet from random bytes', () => {
    const code = erzeugeKopplungsCode(Uint8Array.from([0, 1, 2, 3, 4, 5, 6, 7]));
    expect(code).toBe('ABCDEFGH');
  });

  it('skips bytes that would make a sign more likely and returns null when too few remain', () => {
    const grenze = 256 - (256 % KIOSK.alphabet.length);
    expect(erzeugeKopplungsCode(Uint8Array.from([grenze, 0, 1, 2, 3, 4, 5, 6, 7]))).toBe('ABCDEFGH');
    expect(erzeugeKopplungsCode(Uint8Array.from([255, 255, 0, 1, 2, 3, 4, 5, 6]))).toBeNull();
  });

  it('maps byte values modulo the alphabet', () => {
    const n = KIOSK.alphabet.length;
    expect(erzeugeKopplungsCode(Uint8Array.from([n, n + 1, n + 2, n + 3, n + 4, n + 5, n + 6, n + 7]))).toBe(
      'ABCDEFGH',
    );
  });

  it('is shown in two groups and read back whatever the case, spaces and hyphens', () => {
    expect(formatiereKopplungsCode('ABCDEFGH')).toBe('ABCD-EFGH');
    expect(normalisiereKopplungsCode(' abcd-efgh ')).toBe('ABCDEFGH');
    expect(normalisiereKopplungsCode('ab cd ef gh')).toBe('ABCDEFGH');
  });

  it.each(['', 'ABCDEFG', 'ABCDEFGHJ', 'ABCDEFG0', 'ABCDEFGI', 'ABCDEFG1', 'ÄBCDEFGH'])(
    'refuses %j unread',
    (eingabe) => {
      expect(normalisiereKopplungsCode(eingabe)).toBeNull();
    },
  );

  it.each<[string, number, boolean]>([
    ['just shown', 0, true],
    ['nine minutes later', 9 * MIN, true],
    ['a millisecond before ten minutes', 10 * MIN - 1, true],
    ['ten minutes later', 10 * MIN, false],
    ['an hour later (across the DST switch)', 60 * MIN, false],
    ['before it was shown (clock skew)', -1, false],
  ])('is valid %s: %s', (_, abstand, gueltig) => {
    expect(kopplungsCodeGueltig(T0, T0 + abstand)).toBe(gueltig);
  });
});

describe('device token', () => {
  it.each<[number, boolean]>([
    [0, false],
    [24 * 60 * MIN - 1, false],
    [24 * 60 * MIN, true],
    [30 * 60 * MIN, true],
  ])('after %i ms is due for rotation: %s', (abstand, faellig) => {
    expect(tokenFaellig(T0, T0 + abstand)).toBe(faellig);
  });

  it.each<[number, boolean]>([
    [0, true],
    [5 * MIN - 1, true],
    [5 * MIN, false],
    [-1, false],
  ])('the previous token after %i ms is still accepted: %s', (abstand, gilt) => {
    expect(vorigerTokenGilt(T0, T0 + abstand)).toBe(gilt);
  });

  it.each<[number | null, boolean]>([
    [null, false],
    [T0, true],
    [T0 - 5 * MIN + 1, true],
    [T0 - 5 * MIN, false],
  ])('a kiosk last in contact at %s is online: %s', (kontakt, online) => {
    expect(kioskOnline(kontakt, T0)).toBe(online);
  });
});

describe('names on the board', () => {
  it.each<[Parameters<typeof kioskAnzeigeName>[2], string | null]>([
    ['keine', null],
    ['initialen', 'Ä. Ö.'],
    ['namen', 'änne Österreich'],
  ])('with %s shows %j', (modus, erwartet) => {
    expect(kioskAnzeigeName('änne', 'Österreich', modus)).toBe(erwartet);
  });

  it('shows nothing for an empty name', () => {
    expect(kioskAnzeigeName(' ', '', 'initialen')).toBeNull();
    expect(kioskAnzeigeName('', ' ', 'namen')).toBeNull();
  });
});
