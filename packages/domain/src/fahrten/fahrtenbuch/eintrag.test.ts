import { describe, expect, it } from 'vitest';
import { berlinInstant } from '../../time.ts';
import {
  aenderungsArt,
  aktuelleFassungen,
  assertFahrt,
  assertNeueFassung,
  ergaenzbarBis,
  type FahrtAngaben,
  type FahrtenbuchEintrag,
  fehlendeAngaben,
  isErgaenzbar,
  sichtbarerEintrag,
  strecke,
} from './eintrag.ts';

const t = berlinInstant;
const dienstfahrt: FahrtAngaben = {
  art: 'dienstlich',
  beginn: t('2026-11-23', '09:00'),
  ende: t('2026-11-23', '12:00'),
  kmBeginn: 12_000,
  kmEnde: 12_085,
  fahrerId: 'u-1',
  fahrerName: 'Erika Muster',
  ziel: 'Hauptstraße 1, 12345 Musterstadt',
  zweck: 'Wartung Pumpwerk',
  partner: 'Pumpen GmbH',
  umweg: null,
  notiz: null,
};
const eintrag = (over: Partial<FahrtenbuchEintrag> = {}): FahrtenbuchEintrag => ({
  ...dienstfahrt,
  id: 'e-1',
  fahrzeugId: 'f-1',
  kennzeichen: 'M-ST 1',
  fahrzeugBuchungId: 'b-1',
  quelle: 'fahrt',
  korrigiertId: null,
  grund: null,
  erfasstAm: t('2026-11-23', '12:01'),
  erfasstVonId: 'u-1',
  erfasstVonName: 'Erika Muster',
  hashVorher: '0'.repeat(64),
  hash: 'x',
  ...over,
});
const message = (fn: () => unknown): string => {
  try {
    fn();
  } catch (e) {
    return (e as Error).message;
  }
  return 'no error';
};

describe('fehlendeAngaben / assertFahrt: what a trip must carry by its kind', () => {
  it.each([
    ['dienstlich', { ziel: null }, ['ziel']],
    ['dienstlich', { zweck: '  ', partner: null }, ['zweck', 'partner']],
    ['dienstlich', {}, []],
    ['privat', { ziel: null, zweck: null, partner: null }, []],
    ['arbeitsweg', { ziel: null, zweck: null, partner: null, notiz: null }, ['notiz']],
    ['arbeitsweg', { ziel: null, zweck: null, partner: null, notiz: 'Wohnung – Werk' }, []],
  ] as const)('%s with %o misses %o', (art, over, fehlend) => {
    expect(fehlendeAngaben({ ...dienstfahrt, art, ...over })).toEqual(fehlend);
  });

  it.each([
    [{ zweck: null }, 'Bitte alle Pflichtfelder ausfüllen.'],
    // a trip of 0 km is recorded (decision 092)
    [{ kmEnde: 12_000 }, 'no error'],
    [{ kmEnde: 11_999 }, 'Kilometerstand muss mindestens 12000 sein.'],
    [{ kmBeginn: -1 }, 'Kilometerstände sind ganze Zahlen ab 0.'],
    [{ kmEnde: 12_000.5 }, 'Kilometerstände sind ganze Zahlen ab 0.'],
    [{ ende: t('2026-11-23', '09:00') }, 'Das Ende der Fahrt muss nach ihrem Beginn liegen.'],
    [{}, 'no error'],
  ] as const)('%o → %s', (over, text) => {
    expect(message(() => assertFahrt({ ...dienstfahrt, ...over }))).toBe(text);
  });

  it('a check-out may leave purpose and partner for later, never the readings', () => {
    const offen = { ...dienstfahrt, zweck: null, partner: null };
    expect(message(() => assertFahrt(offen, { pflichtfelder: false }))).toBe('no error');
    expect(message(() => assertFahrt({ ...offen, kmEnde: 1 }, { pflichtfelder: false }))).toBe(
      'Kilometerstand muss mindestens 12000 sein.',
    );
  });

  it('strecke is the difference of the readings', () => {
    expect(strecke(dienstfahrt)).toBe(85);
  });
});

describe('ergaenzbarBis / isErgaenzbar: completion within 7 Berlin calendar days', () => {
  it.each([
    // trip end                       last moment (exclusive)         comment
    [t('2026-11-23', '12:00'), t('2026-12-01', '00:00'), 'ordinary week'],
    [t('2026-11-23', '23:59'), t('2026-12-01', '00:00'), 'late evening counts as the same day'],
    [t('2026-03-24', '10:00'), t('2026-04-01', '00:00'), 'over the spring DST change (29 March)'],
    [t('2026-10-20', '10:00'), t('2026-10-28', '00:00'), 'over the autumn DST change (25 October)'],
    [t('2026-12-28', '10:00'), t('2027-01-05', '00:00'), 'over the year end'],
  ])('a trip ending %s can be completed until %s (%s)', (ende, bis) => {
    expect(ergaenzbarBis(ende).toISOString()).toBe(bis.toISOString());
    expect(isErgaenzbar({ ende, now: new Date(bis.getTime() - 1) })).toBe(true);
    expect(isErgaenzbar({ ende, now: bis })).toBe(false);
  });
});

describe('aenderungsArt: addition or correction', () => {
  it.each([
    [{}, {}, 'keine'],
    [{ partner: null }, {}, 'ergaenzung'],
    [{ zweck: null, partner: null }, {}, 'ergaenzung'],
    [{}, { partner: 'Andere GmbH' }, 'korrektur'],
    [{ partner: null }, { umweg: 'über Werk 2' }, 'ergaenzung'],
    [{}, { art: 'privat' }, 'korrektur'],
    [{}, { kmEnde: 12_090 }, 'korrektur'],
    [{}, { beginn: t('2026-11-23', '08:45') }, 'korrektur'],
  ] as const)('from %o to %o is %s', (alt, neu, art) => {
    expect(aenderungsArt({ alt: { ...dienstfahrt, ...alt }, neu: { ...dienstfahrt, ...neu } })).toBe(art);
  });
});

describe('assertNeueFassung', () => {
  const now = t('2026-11-25', '10:00');
  it('accepts an addition that leaves the trip still incomplete (partner follows later)', () => {
    const alt = eintrag({ zweck: null, partner: null });
    expect(assertNeueFassung({ alt, neu: { ...dienstfahrt, partner: null }, grund: null, now })).toBe(
      'ergaenzung',
    );
  });
  it('accepts an addition without a reason', () => {
    const alt = eintrag({ partner: null });
    expect(assertNeueFassung({ alt, neu: dienstfahrt, grund: null, now })).toBe('ergaenzung');
  });
  it.each([
    [
      eintrag(),
      { ...dienstfahrt, partner: 'Andere GmbH' },
      null,
      'Bitte geben Sie an, warum der Eintrag korrigiert wird.',
    ],
    [
      eintrag(),
      { ...dienstfahrt, partner: 'Andere GmbH' },
      ' ',
      'Bitte geben Sie an, warum der Eintrag korrigiert wird.',
    ],
    [eintrag(), { ...dienstfahrt, partner: 'Andere GmbH' }, 'Tippfehler', 'no error'],
    [eintrag(), dienstfahrt, 'nichts', 'Die neue Fassung ändert nichts am Eintrag.'],
    // a trip's readings are corrected like its other fields, with a reason (decision 092)
    [eintrag(), { ...dienstfahrt, kmEnde: 12_090 }, 'falsch abgelesen', 'no error'],
    [
      eintrag(),
      { ...dienstfahrt, kmEnde: 12_090 },
      null,
      'Bitte geben Sie an, warum der Eintrag korrigiert wird.',
    ],
    [eintrag(), { ...dienstfahrt, kmBeginn: 11_990 }, 'Start falsch', 'no error'],
    [
      eintrag(),
      { ...dienstfahrt, kmEnde: 11_999 },
      'Tippfehler',
      'Kilometerstand muss mindestens 12000 sein.',
    ],
    [eintrag(), { ...dienstfahrt, kmEnde: 12_000 }, 'nicht gefahren', 'no error'],
    // date and driver stay those of check-in and check-out
    [
      eintrag(),
      { ...dienstfahrt, fahrerId: 'u-2' },
      'anderer Fahrer',
      'Datum und Fahrer einer Fahrt stammen aus Check-in und Check-out und werden nicht geändert. Erfassen Sie eine fehlende Fahrt von Hand.',
    ],
    [eintrag({ quelle: 'hand' }), { ...dienstfahrt, kmEnde: 12_090 }, 'falsch abgelesen', 'no error'],
    [eintrag(), { ...dienstfahrt, partner: null }, 'vergessen', 'Bitte alle Pflichtfelder ausfüllen.'],
  ] as const)('%#: %s', (alt, neu, grund, text) => {
    expect(message(() => assertNeueFassung({ alt, neu, grund, now }))).toBe(text);
  });
  it('refuses any change after the completion period, naming its last day', () => {
    const alt = eintrag({ partner: null });
    expect(
      message(() => assertNeueFassung({ alt, neu: dienstfahrt, grund: null, now: t('2026-12-01', '00:00') })),
    ).toBe('Der Eintrag ist gesperrt: Zweck und Geschäftspartner konnten bis zum 30.11.2026 ergänzt werden.');
  });
});

describe('sichtbarerEintrag: a private trip shows its details only to its driver', () => {
  const privat = eintrag({ art: 'privat', ziel: 'Zuhause', zweck: 'Einkauf', partner: null, notiz: 'x' });
  it('the driver sees everything', () => {
    expect(sichtbarerEintrag({ eintrag: privat, betrachterId: 'u-1' })).toEqual(privat);
  });
  it('anyone else sees the kilometres but no destination, purpose or note', () => {
    const gesehen = sichtbarerEintrag({ eintrag: privat, betrachterId: 'u-2' });
    expect(gesehen).toMatchObject({ ziel: null, zweck: null, partner: null, umweg: null, notiz: null });
    expect(strecke(gesehen)).toBe(85);
  });
  it('a business trip is shown to everyone in full', () => {
    expect(sichtbarerEintrag({ eintrag: eintrag(), betrachterId: 'u-2' })).toEqual(eintrag());
  });
});

describe('aktuelleFassungen: the current version with the versions it replaced', () => {
  it('follows corrections back to the first version and keeps untouched entries', () => {
    const v1 = { id: 'a1', korrigiertId: null };
    const v2 = { id: 'a2', korrigiertId: 'a1' };
    const v3 = { id: 'a3', korrigiertId: 'a2' };
    const b1 = { id: 'b1', korrigiertId: null };
    expect(aktuelleFassungen([v1, b1, v2, v3])).toEqual([
      { aktuell: b1, fruehere: [] },
      { aktuell: v3, fruehere: [v1, v2] },
    ]);
  });
  it('stops at a cycle instead of looping', () => {
    const x = { id: 'x', korrigiertId: 'y' };
    const y = { id: 'y', korrigiertId: 'x' };
    const z = { id: 'z', korrigiertId: 'x' };
    expect(aktuelleFassungen([x, y, z])).toEqual([{ aktuell: z, fruehere: [y, x] }]);
  });
});
