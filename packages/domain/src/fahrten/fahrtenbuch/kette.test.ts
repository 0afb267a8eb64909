import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { berlinInstant } from '../../time.ts';
import type { FahrtenbuchEintrag } from './eintrag.ts';
import {
  KETTEN_ANFANG,
  type KettenInhalt,
  kanonischerText,
  kettenPruefer,
  pruefeKette,
  pruefeKopf,
  verketten,
} from './kette.ts';

/**
 * A stand-in for SHA-256 (the server passes node:crypto's; this package has no Node types): 32-bit FNV-1a of
 * the text with eight seeds, as 64 hex digits. Enough to see every change in these tests, and fast.
 */
const sha256 = (text: string): string =>
  [0x811c9dc5, 0x01000193, 0x12345678, 0x9abcdef0, 0x0badf00d, 0xdeadbeef, 0x55aa55aa, 0x31415926]
    .map((seed) => {
      let h = seed >>> 0;
      for (let i = 0; i < text.length; i += 1) {
        h ^= text.charCodeAt(i);
        h = Math.imul(h, 0x01000193) >>> 0;
      }
      return h.toString(16).padStart(8, '0');
    })
    .join('');

const inhalt = (i: number, over: Partial<KettenInhalt> = {}): KettenInhalt => ({
  id: `e-${i}`,
  fahrzeugId: 'f-1',
  kennzeichen: 'M-ST 1',
  fahrzeugBuchungId: `b-${i}`,
  quelle: 'fahrt',
  korrigiertId: null,
  grund: null,
  art: 'dienstlich',
  beginn: new Date(Date.UTC(2026, 0, 1 + i, 8)),
  ende: new Date(Date.UTC(2026, 0, 1 + i, 10)),
  kmBeginn: 1000 + i * 100,
  kmEnde: 1000 + i * 100 + 50,
  fahrerId: 'u-1',
  fahrerName: 'Erika Müller',
  ziel: 'Hauptstraße 1',
  zweck: 'Kundentermin',
  partner: 'Muster AG',
  umweg: null,
  notiz: null,
  erfasstAm: new Date(Date.UTC(2026, 0, 1 + i, 10, 1)),
  erfasstVonId: 'u-1',
  erfasstVonName: 'Erika Müller',
  ...over,
});

const kette = (n: number): FahrtenbuchEintrag[] => {
  const out: FahrtenbuchEintrag[] = [];
  for (let i = 0; i < n; i += 1)
    out.push(verketten({ inhalt: inhalt(i), letzterHash: out.at(-1)?.hash ?? null, hash: sha256 }));
  return out;
};

describe('kanonischerText', () => {
  it('does not depend on the field order of the object', () => {
    const a = inhalt(1);
    const b = Object.fromEntries(Object.entries(a).reverse()) as KettenInhalt;
    expect(kanonischerText(b)).toBe(kanonischerText(a));
  });
  it('keeps umlauts and writes instants in UTC', () => {
    const text = kanonischerText(inhalt(0, { beginn: berlinInstant('2026-03-29', '03:00') }));
    expect(text).toContain('Erika Müller');
    expect(text).toContain('"2026-03-29T01:00:00.000Z"');
  });
});

describe('verketten / pruefeKette: tamper evidence', () => {
  it('the first version follows the chain start; an intact chain verifies with its final hash', () => {
    const eintraege = kette(5);
    expect(eintraege[0]?.hashVorher).toBe(KETTEN_ANFANG);
    expect(pruefeKette({ eintraege, hash: sha256 })).toEqual({
      ok: true,
      anzahl: 5,
      letzterHash: eintraege[4]?.hash,
    });
  });

  it('an empty chain verifies with the chain start', () => {
    expect(pruefeKette({ eintraege: [], hash: sha256 })).toEqual({
      ok: true,
      anzahl: 0,
      letzterHash: KETTEN_ANFANG,
    });
  });

  it.each([
    ['purpose', { zweck: 'Privat' }],
    ['mileage', { kmEnde: 1249 }],
    ['recording time', { erfasstAm: new Date(Date.UTC(2026, 0, 3, 10, 2)) }],
    ['reason of a correction', { grund: 'nachträglich' }],
  ] as const)('a changed %s is found at its position', (_name, change) => {
    const eintraege = kette(4);
    eintraege[2] = { ...(eintraege[2] as FahrtenbuchEintrag), ...change };
    expect(pruefeKette({ eintraege, hash: sha256 })).toEqual({
      ok: false,
      anzahl: 4,
      index: 2,
      id: 'e-2',
      grund: 'inhalt',
    });
  });

  it('a removed version breaks the link of the one after it', () => {
    const eintraege = kette(4);
    eintraege.splice(1, 1);
    expect(pruefeKette({ eintraege, hash: sha256 })).toMatchObject({
      ok: false,
      index: 1,
      id: 'e-2',
      grund: 'verkettung',
    });
  });

  it('a rehashed changed version still breaks the link of its successor', () => {
    const eintraege = kette(3);
    const vor = eintraege[0] as FahrtenbuchEintrag;
    const {
      hash: _h,
      hashVorher: _v,
      ...geaendert
    } = { ...(eintraege[1] as FahrtenbuchEintrag), zweck: 'Privat' };
    eintraege[1] = verketten({ inhalt: geaendert, letzterHash: vor.hash, hash: sha256 });
    expect(pruefeKette({ eintraege, hash: sha256 })).toMatchObject({
      ok: false,
      index: 2,
      grund: 'verkettung',
    });
  });

  it('property: removing or changing any one version of any chain is detected', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }),
        fc.nat(),
        fc.boolean(),
        fc.string({ minLength: 1, maxLength: 20 }),
        (n, pos, entfernen, text) => {
          const eintraege = kette(n);
          const i = pos % n;
          const original = eintraege[i] as FahrtenbuchEintrag;
          if (entfernen) {
            if (i === n - 1) return; // dropping the last version is caught by comparing the printed final hash
            eintraege.splice(i, 1);
          } else {
            if (original.notiz === text) return;
            eintraege[i] = { ...original, notiz: text };
          }
          const ergebnis = pruefeKette({ eintraege, hash: sha256 });
          expect(ergebnis.ok).toBe(false);
          if (!ergebnis.ok) expect(ergebnis.index).toBe(i);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('dropping the last version changes the final hash an auditor compares with the printed one', () => {
    const eintraege = kette(3);
    const gedruckt = pruefeKette({ eintraege, hash: sha256 });
    const gekuerzt = pruefeKette({ eintraege: eintraege.slice(0, 2), hash: sha256 });
    expect(gekuerzt.ok && gedruckt.ok && gekuerzt.letzterHash !== gedruckt.letzterHash).toBe(true);
  });

  describe('after the retention purge (decision 081): the chain starts at the anchor', () => {
    it("the rest of the chain verifies from the last deleted version's hash", () => {
      const eintraege = kette(5);
      const anfang = (eintraege[1] as FahrtenbuchEintrag).hash;
      expect(pruefeKette({ eintraege: eintraege.slice(2), hash: sha256, anfang })).toEqual({
        ok: true,
        anzahl: 3,
        letzterHash: eintraege[4]?.hash,
      });
    });

    it('without the anchor, or with a wrong one, the shortened chain is broken at its first version', () => {
      const eintraege = kette(5).slice(2);
      for (const anfang of [undefined, KETTEN_ANFANG, 'f'.repeat(64)])
        expect(pruefeKette({ eintraege, hash: sha256, anfang })).toMatchObject({
          ok: false,
          index: 0,
          grund: 'verkettung',
        });
    });

    it('removing the oldest kept version behind the anchor is still found', () => {
      const eintraege = kette(5);
      const anfang = (eintraege[1] as FahrtenbuchEintrag).hash;
      expect(pruefeKette({ eintraege: eintraege.slice(3), hash: sha256, anfang })).toMatchObject({
        ok: false,
        index: 0,
        id: 'e-3',
        grund: 'verkettung',
      });
    });
  });
});

describe('pruefeKopf (decision 091)', () => {
  const glieder = (n: number, ab = 0) =>
    Array.from({ length: n }, (_, i) => ({
      laufnummer: ab + i + 1,
      hash: `h${ab + i + 1}`,
      kopfHash: `h${ab + i + 1}`,
    }));
  it.each([
    ['an intact chain', glieder(3), { laufnummer: 3, hash: 'h3' }, 0, { ok: true }],
    ['an empty chain without heads', [], null, 0, { ok: true }],
    [
      'the newest version removed',
      glieder(2),
      { laufnummer: 3, hash: 'h3' },
      0,
      { ok: false, grund: 'fehlt', laufnummer: 3, bisLaufnummer: 3 },
    ],
    [
      'the newest three removed',
      glieder(2),
      { laufnummer: 5, hash: 'h5' },
      0,
      { ok: false, grund: 'fehlt', laufnummer: 3, bisLaufnummer: 5 },
    ],
    [
      'every version removed',
      [],
      { laufnummer: 4, hash: 'h4' },
      0,
      { ok: false, grund: 'fehlt', laufnummer: 1, bisLaufnummer: 4 },
    ],
    [
      'a stretch in the middle removed',
      [...glieder(2), { laufnummer: 5, hash: 'h5', kopfHash: 'h5' }],
      { laufnummer: 5, hash: 'h5' },
      0,
      { ok: false, grund: 'fehlt', laufnummer: 3, bisLaufnummer: 4 },
    ],
    [
      'a version rewritten (its hash is not the one recorded)',
      [...glieder(1), { laufnummer: 2, hash: 'neu', kopfHash: 'h2' }, ...glieder(1, 2)],
      { laufnummer: 3, hash: 'h3' },
      0,
      { ok: false, grund: 'kopf', laufnummer: 2, bisLaufnummer: 2 },
    ],
    [
      'a version stored without a recorded head',
      [...glieder(2), { laufnummer: 3, hash: 'h3', kopfHash: null }],
      { laufnummer: 2, hash: 'h2' },
      0,
      { ok: false, grund: 'kopf', laufnummer: 3, bisLaufnummer: 3 },
    ],
    ['after the purge (anchor at 4)', glieder(2, 4), { laufnummer: 6, hash: 'h6' }, 4, { ok: true }],
    [
      'after the purge, tail removed',
      glieder(1, 4),
      { laufnummer: 6, hash: 'h6' },
      4,
      { ok: false, grund: 'fehlt', laufnummer: 6, bisLaufnummer: 6 },
    ],
  ] as const)('%s', (_name, g, kopf, ab, erwartet) => {
    expect(pruefeKopf({ glieder: g, kopf, ab })).toEqual(erwartet);
  });

  it('an anchor whose hash is not the head recorded for its number is found', () => {
    expect(
      pruefeKopf({
        glieder: glieder(1, 4),
        kopf: { laufnummer: 5, hash: 'h5' },
        ab: 4,
        anker: { hash: 'x', kopfHash: 'h4' },
      }),
    ).toEqual({ ok: false, grund: 'kopf', laufnummer: 4, bisLaufnummer: 4 });
  });

  it('property: removing any non-empty tail of a chain is reported from its first number to the head', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 30 }), fc.integer({ min: 1, max: 30 }), (n, weg) => {
        const alle = glieder(n + weg);
        const kopf = { laufnummer: n + weg, hash: `h${n + weg}` };
        const gekuerzt = pruefeKopf({ glieder: alle.slice(0, n), kopf });
        expect(gekuerzt).toEqual({ ok: false, grund: 'fehlt', laufnummer: n + 1, bisLaufnummer: n + weg });
        // the chain check alone cannot see it: the shorter chain is valid
        const k = kette(n + weg);
        expect(pruefeKette({ eintraege: k.slice(0, n), hash: sha256 }).ok).toBe(true);
      }),
    );
  });

  it('kettenPruefer gives what pruefeKette gives, one version at a time', () => {
    const k = kette(5);
    const p = kettenPruefer({ hash: sha256 });
    for (const e of k) p.glied(e);
    expect(p.ergebnis()).toEqual(pruefeKette({ eintraege: k, hash: sha256 }));
  });
});
