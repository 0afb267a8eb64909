/**
 * The corpus (decision 177): every German and English request must be read exactly as expected. Prints the accuracy
 * per language and intent; anything below 100 % fails (a case the text cannot decide expects a question back).
 */
import { describe, expect, it } from 'vitest';
import type { Language } from '../language.ts';
import { addCalendarDays, berlinInstant } from '../time.ts';
import { ABSICHTEN } from './absicht.ts';
import { KORPUS_DE } from './korpus.de.ts';
import { KORPUS_EN } from './korpus.en.ts';
import { type Fall, KORPUS_BEZUG, KORPUS_STANDORTE } from './korpus.ts';
import { isoMitOffset, type Verstaendnis, versteheAnfrage } from './verstehen.ts';

/** 'DD.MM.[YYYY] HH:mm' (Berlin wall clock, 24:00 = next midnight) as the reading writes it. */
const instant = (wand: string | null): string | null => {
  if (wand === null) return null;
  const m = /^(\d{2})\.(\d{2})\.(\d{4})? (\d{2}):(\d{2})$/.exec(wand);
  if (!m) throw new Error(`not a corpus time: ${wand}`);
  let tag = `${m[3] ?? '2026'}-${m[2]}-${m[1]}`;
  let uhr = `${m[4]}:${m[5]}`;
  if (uhr === '24:00') {
    tag = addCalendarDays(tag, 1);
    uhr = '00:00';
  }
  return isoMitOffset(berlinInstant(tag, uhr));
};

/** The domain has no DOM or Node types; vitest prints what the test logs. */
declare const console: { log: (text: string) => void };

const lies = (fall: Fall): Verstaendnis =>
  versteheAnfrage({
    text: fall.text,
    bezug: new Date(fall.bezug ?? KORPUS_BEZUG),
    standorte: KORPUS_STANDORTE,
  });

const erwartet = (fall: Fall) => ({
  absicht: fall.absicht,
  von: instant(fall.von),
  bis: instant(fall.bis),
  ganztags: fall.ganztags,
  standort: fall.standort,
  rueckfrage: fall.rueckfrage,
});

const gelesen = (v: Verstaendnis) => ({
  absicht: v.lesung.absicht,
  von: v.lesung.von,
  bis: v.lesung.bis,
  ganztags: v.lesung.ganztags,
  standort: v.lesung.standort,
  rueckfrage: v.rueckfrageArt,
});

const KORPORA: [Language, Fall[]][] = [
  ['de', KORPUS_DE],
  ['en', KORPUS_EN],
];

describe('the corpus of requests', () => {
  it('holds at least 300 German and 100 English requests', () => {
    expect(KORPUS_DE.length).toBeGreaterThanOrEqual(300);
    expect(KORPUS_EN.length).toBeGreaterThanOrEqual(100);
  });

  for (const [sprache, faelle] of KORPORA) {
    describe(`${sprache}`, () => {
      it.each(faelle.map((f, i) => [i, f.text, f] as const))('#%i %s', (_, __, fall) => {
        const v = lies(fall);
        expect(gelesen(v)).toEqual(erwartet(fall));
        // the question back is a text in the request's language exactly when one is expected
        expect(v.lesung.rueckfrage === null).toBe(fall.rueckfrage === null);
        if (fall.text.trim() !== '') expect(v.sprache).toBe(sprache);
      });
    });
  }

  it('reads 100 % of each language and intent (accuracy printed)', () => {
    const zeilen: string[] = [];
    const falsch: string[] = [];
    for (const [sprache, faelle] of KORPORA) {
      const proAbsicht = new Map<string, { richtig: number; alle: number }>();
      for (const fall of faelle) {
        const v = lies(fall);
        const richtig =
          JSON.stringify(gelesen(v)) === JSON.stringify(erwartet(fall)) &&
          (fall.text.trim() === '' || v.sprache === sprache);
        if (!richtig) falsch.push(`${sprache}: ${fall.text}`);
        for (const key of [fall.absicht, 'alle']) {
          const z = proAbsicht.get(key) ?? { richtig: 0, alle: 0 };
          z.alle += 1;
          if (richtig) z.richtig += 1;
          proAbsicht.set(key, z);
        }
      }
      for (const key of [...ABSICHTEN, 'alle']) {
        const z = proAbsicht.get(key);
        if (!z) continue;
        zeilen.push(
          `${sprache} ${key.padEnd(20)} ${String(z.richtig).padStart(3)}/${String(z.alle).padEnd(3)} ${((100 * z.richtig) / z.alle).toFixed(1)} %`,
        );
      }
    }
    console.log(`corpus accuracy (language, intent, right/all):\n${zeilen.join('\n')}`);
    expect(falsch).toEqual([]);
  });
});
