import { describe, expect, it } from 'vitest';
import {
  erinnerungsText,
  erinnerungsZeitpunkt,
  istWiederFrei,
  kopplungsZeitraum,
  leerungBestaetigbar,
  naechsterFreierSpind,
  naechsterSchlossVersuch,
  neuePin,
  pinSichtbar,
  platzInProzent,
  SCHLOSS_VERSUCHE_MAX,
  type Spind,
  type Spindbank,
  spindZurueckgebbar,
  tagesZeitraum,
  ueberlappt,
} from './regeln.ts';

const banken: Spindbank[] = [
  { id: 'b-nord', standortId: 's', name: 'Nord', ort: { grundrissId: 'g1', x: 10, y: 10 } },
  { id: 'b-sued', standortId: 's', name: 'Süd', ort: { grundrissId: 'g1', x: 90, y: 90 } },
  { id: 'b-og', standortId: 's', name: 'OG', ort: { grundrissId: 'g2', x: 50, y: 50 } },
];
const spind = (id: string, bankId: string, groesse: Spind['groesse'], extra: Partial<Spind> = {}): Spind => ({
  id,
  bankId,
  nummer: id,
  groesse,
  barrierefrei: false,
  ausserBetrieb: false,
  ...extra,
});
const spinde: Spind[] = [
  spind('N1', 'b-nord', 'S'),
  spind('N2', 'b-nord', 'M'),
  spind('N10', 'b-nord', 'M'),
  spind('S1', 'b-sued', 'M', { barrierefrei: true }),
  spind('S2', 'b-sued', 'L'),
  spind('O1', 'b-og', 'S'),
];
const nearNord = { grundrissId: 'g1', x: 12, y: 12 };

describe('naechsterFreierSpind', () => {
  it.each<[string, Parameters<typeof naechsterFreierSpind>[0], string[], string | null]>([
    ['preferred size at the nearest bank', { platz: nearNord, groesse: 'M', barrierefrei: false }, [], 'N2'],
    ['numeric order N2 before N10', { platz: nearNord, groesse: 'M', barrierefrei: false }, ['N2'], 'N10'],
    [
      'next bank when the nearest is full',
      { platz: nearNord, groesse: 'M', barrierefrei: false },
      ['N2', 'N10'],
      'S1',
    ],
    [
      'larger size when no preferred size is free',
      { platz: nearNord, groesse: 'M', barrierefrei: false },
      ['N2', 'N10', 'S1'],
      'S2',
    ],
    ['never a smaller size', { platz: nearNord, groesse: 'L', barrierefrei: false }, ['S2'], null],
    ['accessible only', { platz: nearNord, groesse: 'S', barrierefrei: true }, [], 'S1'],
    [
      'same plan before another plan',
      { platz: { grundrissId: 'g1', x: 90, y: 90 }, groesse: 'S', barrierefrei: false },
      [],
      'N1',
    ],
    [
      'preferred size on another plan before a larger size here',
      { platz: nearNord, groesse: 'S', barrierefrei: false },
      ['N1'],
      'O1',
    ],
    [
      'place without a plan: by size, then bank name',
      { platz: null, groesse: 'S', barrierefrei: false },
      [],
      'N1',
    ],
  ])('%s', (_name, wunsch, belegt, erwartet) => {
    expect(naechsterFreierSpind(wunsch, banken, spinde, new Set(belegt))?.id ?? null).toBe(erwartet);
  });

  it('skips lockers out of service and of unknown banks', () => {
    const s = [spind('X', 'b-nord', 'M', { ausserBetrieb: true }), spind('Y', 'b-weg', 'M')];
    expect(
      naechsterFreierSpind({ platz: nearNord, groesse: 'M', barrierefrei: false }, banken, s, new Set()),
    ).toBe(null);
  });
});

describe('coupling period', () => {
  it('is exactly the place booking', () => {
    const p = { von: new Date('2026-11-30T08:00:00Z'), bis: new Date('2026-11-30T16:00:00Z') };
    expect(kopplungsZeitraum(p)).toEqual(p);
    expect(kopplungsZeitraum(p).von).not.toBe(p.von);
  });

  it.each<[string, string, string]>([
    ['2026-03-28', '2026-03-28T07:00:00.000Z', '2026-03-28T17:00:00.000Z'], // before the switch, CET
    ['2026-03-29', '2026-03-29T06:00:00.000Z', '2026-03-29T16:00:00.000Z'], // spring forward day, CEST
    ['2026-10-25', '2026-10-25T07:00:00.000Z', '2026-10-25T17:00:00.000Z'], // fall back day, CET
    ['2026-10-24', '2026-10-24T06:00:00.000Z', '2026-10-24T16:00:00.000Z'],
  ])('a locker alone on %s holds 08:00–18:00 Berlin time', (tag, von, bis) => {
    const z = tagesZeitraum(tag, { von: '08:00', bis: '18:00' });
    expect(z.von.toISOString()).toBe(von);
    expect(z.bis.toISOString()).toBe(bis);
  });

  it('overlap is half-open', () => {
    const a = { von: new Date('2026-11-30T08:00:00Z'), bis: new Date('2026-11-30T12:00:00Z') };
    expect(ueberlappt(a, { von: a.bis, bis: new Date('2026-11-30T13:00:00Z') })).toBe(false);
    expect(ueberlappt(a, { von: new Date('2026-11-30T11:59:00Z'), bis: a.bis })).toBe(true);
  });
});

describe('end of day', () => {
  it('reminds 30 minutes before release, not before the start', () => {
    const z = tagesZeitraum('2026-10-25', { von: '08:00', bis: '18:00' });
    expect(erinnerungsZeitpunkt(z, 30).toISOString()).toBe('2026-10-25T16:30:00.000Z');
    const kurz = { von: new Date('2026-11-30T08:00:00Z'), bis: new Date('2026-11-30T08:10:00Z') };
    expect(erinnerungsZeitpunkt(kurz, 30)).toEqual(kurz.von);
  });

  it('says the German and English sentence in Berlin time', () => {
    const bis = new Date('2026-11-30T17:00:00Z');
    expect(erinnerungsText('12', bis, 'de')).toBe('Bitte leeren Sie Spind 12 bis 18:00 Uhr');
    expect(erinnerungsText('12', bis, 'en')).toBe('Please empty locker 12 by 18:00');
  });

  it.each<[boolean, Parameters<typeof istWiederFrei>[1], boolean]>([
    [false, 'vom_nutzer_bestaetigt', false],
    [true, 'offen', false],
    [true, 'vom_nutzer_bestaetigt', true],
    [true, 'vom_facility_geraeumt', true],
  ])('ended %s, emptied %s: free %s', (vorbei, leerung, frei) => {
    expect(istWiederFrei(vorbei, leerung)).toBe(frei);
  });
});

describe('PIN', () => {
  const b = {
    benutzerId: 'u1',
    von: new Date('2026-11-30T07:00:00Z'),
    bis: new Date('2026-11-30T17:00:00Z'),
  };
  it.each<[string, string, boolean]>([
    ['u1', '2026-11-30T06:00:00Z', true], // same Berlin day, before start
    ['u1', '2026-11-30T22:59:00Z', true], // 23:59 Berlin
    ['u1', '2026-11-30T23:00:00Z', false], // next Berlin day
    ['u1', '2026-11-29T22:59:00Z', false], // day before
    ['u2', '2026-11-30T08:00:00Z', false], // someone else
  ])('viewer %s at %s sees it: %s', (wer, jetzt, sichtbar) => {
    expect(pinSichtbar(b, wer, new Date(jetzt))).toBe(sichtbar);
  });

  it('has six digits and keeps leading zeros', () => {
    let i = 0;
    const folge = [0, 0, 7, 1, 2, 9];
    expect(neuePin(() => folge[i++] as number)).toBe('007129');
  });
});

describe('platzInProzent: a place in plan units measured against banks in percent', () => {
  it('scales by the drawn extent plus its margin, at least 400 × 300, and clamps to the plan', () => {
    const p = platzInProzent('g', { x: 470, y: 120 }, { x: 940, y: 240 })!;
    expect(p.grundrissId).toBe('g');
    expect(p.x).toBeCloseTo(47);
    expect(p.y).toBeCloseTo(40);
    const klein = platzInProzent('g', { x: 100, y: 30 }, { x: 100, y: 30 })!;
    expect([klein.x, klein.y].map((v) => Math.round(v))).toEqual([25, 10]);
    expect(platzInProzent('g', { x: 5000, y: 10 }, { x: 940, y: 240 })?.x).toBe(100);
  });

  it('is null for a place that is not drawn, so banks are ordered by name and number', () => {
    expect(platzInProzent('g', null, { x: 0, y: 0 })).toBeNull();
    const ohneOrt = naechsterFreierSpind(
      { platz: null, groesse: 'M', barrierefrei: false },
      banken,
      [spind('s-sued', 'b-sued', 'M'), spind('s-nord', 'b-nord', 'M')],
      new Set(),
    );
    expect(ohneOrt?.id).toBe('s-nord');
  });
});

describe('confirming a locker emptied', () => {
  it.each<[string, string, boolean]>([
    ['2026-11-30T17:00:00Z', '2026-11-29T22:59:00Z', false], // the day before (23:59 Berlin)
    ['2026-11-30T17:00:00Z', '2026-11-29T23:00:00Z', true], // the last day, 00:00 Berlin
    ['2026-11-30T17:00:00Z', '2026-12-02T08:00:00Z', true], // after the end
    ['2026-12-02T23:00:00Z', '2026-12-01T22:00:00Z', false], // ends at Berlin midnight: 1 Dec is before its last day
    ['2026-12-02T23:00:00Z', '2026-12-02T10:00:00Z', true], // ends at Berlin midnight: 2 Dec is its last day
  ])('booking until %s, at %s: %s', (bis, jetzt, erlaubt) => {
    expect(leerungBestaetigbar({ bis: new Date(bis) }, new Date(jetzt))).toBe(erlaubt);
  });
});

describe('giving a locker back', () => {
  it.each<[string, string, string, string]>([
    ['tag', '2026-11-30T17:00:00Z', '2026-11-30T08:00:00Z', 'ja'], // begun, not over
    ['tag', '2026-11-30T17:00:00Z', '2026-11-29T08:00:00Z', 'ja'], // not begun
    ['tag', '2026-11-30T17:00:00Z', '2026-11-30T17:00:00Z', 'vorbei'], // the end is exclusive
    ['gekoppelt', '2026-11-30T17:00:00Z', '2026-11-29T08:00:00Z', 'nicht_tagesspind'],
    ['dauer', '2026-12-30T17:00:00Z', '2026-11-29T08:00:00Z', 'nicht_tagesspind'],
  ])('%s until %s, at %s: %s', (art, bis, jetzt, erwartet) => {
    expect(spindZurueckgebbar({ art, bis: new Date(bis) }, new Date(jetzt))).toBe(erwartet);
  });
});

describe('naechsterSchlossVersuch (decision 250)', () => {
  const jetzt = new Date('2026-11-23T17:00:00Z');
  const minuten = (versuche: number) => {
    const n = naechsterSchlossVersuch(versuche, jetzt);
    return n === null ? null : (n.getTime() - jetzt.getTime()) / 60_000;
  };

  it('doubles the wait from one minute and caps it at an hour', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9].map(minuten)).toEqual([1, 2, 4, 8, 16, 32, 60, 60, 60]);
  });

  it('gives up after the last attempt', () => {
    expect(SCHLOSS_VERSUCHE_MAX).toBe(10);
    expect(minuten(SCHLOSS_VERSUCHE_MAX)).toBeNull();
    expect(minuten(SCHLOSS_VERSUCHE_MAX + 1)).toBeNull();
  });
});
