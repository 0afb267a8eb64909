import { describe, expect, it } from 'vitest';
import { DomainError, formatError } from '../../errors.ts';
import { assertAbstellplatz, assertSchaeden, fuhrparkMeldung, vorCheckOut } from './fahrt-schritt.ts';

const LISTE = ['sauber', 'leicht verschmutzt', 'verschmutzt', 'stark verschmutzt'];

const meldung = (innen: string, aussen: string, schaeden: { sicherheitsrelevant: boolean }[] = []) =>
  fuhrparkMeldung({
    sauberkeitInnen: innen,
    sauberkeitAussen: aussen,
    schwelleInnen: 'verschmutzt',
    schwelleAussen: 'stark verschmutzt',
    liste: LISTE,
    schaeden,
  });

const messageOf = (fn: () => void): string | null => {
  try {
    fn();
    return null;
  } catch (e) {
    if (!(e instanceof DomainError)) throw e;
    return formatError(e.code, 'de', e.params);
  }
};

describe('check-in and check-out rules (decisions 063, 064)', () => {
  it.each([
    ['sauber', 'sauber', [], false],
    ['leicht verschmutzt', 'verschmutzt', [], false],
    ['verschmutzt', 'sauber', ['Innen'], true],
    ['stark verschmutzt', 'stark verschmutzt', ['Innen', 'Aussen'], true],
    ['sauber', 'stark verschmutzt', ['Aussen'], true],
  ] as const)(
    'cleanliness inside %s, outside %s: thresholds "and worse" → %j',
    (innen, aussen, seiten, melden) => {
      const m = meldung(innen, aussen);
      expect(m.sauberkeit).toEqual(seiten);
      expect(m.melden).toBe(melden);
    },
  );

  it('any damage is reported; a safety-relevant one is marked', () => {
    expect(meldung('sauber', 'sauber', [{ sicherheitsrelevant: false }])).toMatchObject({
      melden: true,
      schaeden: 1,
      sicherheitsrelevant: false,
    });
    expect(
      meldung('sauber', 'sauber', [{ sicherheitsrelevant: false }, { sicherheitsrelevant: true }]),
    ).toMatchObject({ melden: true, schaeden: 2, sicherheitsrelevant: true });
  });

  it.each([
    [{ ort: 'vorne', beschreibung: 'Delle', sicherheitsrelevant: false }, null],
    [{ ort: '', beschreibung: 'Delle', sicherheitsrelevant: false }, 'Bitte alle Pflichtfelder ausfüllen.'],
    [
      { ort: 'kofferraum', beschreibung: 'Delle', sicherheitsrelevant: false },
      'Der Schadensort „kofferraum“ ist nicht erlaubt. Erlaubt sind: vorne, hinten, links, rechts, dach, innenraum, unterboden, sonstiges.',
    ],
    [
      { ort: 'kofferraum', beschreibung: '', sicherheitsrelevant: false },
      'Bitte alle Pflichtfelder ausfüllen.',
    ],
    [{ ort: 'dach', beschreibung: '   ', sicherheitsrelevant: true }, 'Bitte alle Pflichtfelder ausfüllen.'],
  ])('damage %j → %s', (schaden, message) => {
    expect(messageOf(() => assertSchaeden([schaden]))).toBe(message);
  });

  it.each([
    [null, [], false, null],
    [null, ['P1', 'P2'], false, null],
    [null, ['P1', 'P2'], true, 'Bitte alle Pflichtfelder ausfüllen.'],
    ['P2', ['P1', 'P2'], true, null],
    ['P9', ['P1', 'P2'], true, 'Der Abstellplatz muss einer der Abstellplätze des Standorts sein: [P1, P2]'],
    ['P1', [], false, 'Der Standort hat keine Abstellplätze; bitte keinen Abstellplatz angeben.'],
  ] as const)('parking spot %s of %j (check-out %s) → %s', (wert, liste, pflicht, message) => {
    expect(messageOf(() => assertAbstellplatz({ wert, liste, pflicht }))).toBe(message);
  });

  it('VorCheckOutAkzeptieren: free without an open previous trip; else record the missing check-out or refuse', () => {
    expect(vorCheckOut({ vorherigeOffen: false, akzeptieren: false })).toBe('frei');
    expect(vorCheckOut({ vorherigeOffen: false, akzeptieren: true })).toBe('frei');
    expect(vorCheckOut({ vorherigeOffen: true, akzeptieren: true })).toBe('nachtragen');
    expect(messageOf(() => vorCheckOut({ vorherigeOffen: true, akzeptieren: false }))).toBe(
      'Ein CheckIn ist nicht möglich, da die vorherige Buchung des Fahrzeugs noch nicht ausgecheckt wurde.',
    );
  });
});
