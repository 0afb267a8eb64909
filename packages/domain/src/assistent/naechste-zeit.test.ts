import { describe, expect, it } from 'vitest';
import { berlinInstant } from '../time.ts';
import { anfrageFuer, NAECHSTE_ZEIT_TAGE, spaetereZeitraeume, type Zeitraum } from './naechste-zeit.ts';
import { verstehen } from './verstehen.ts';

const b = (day: string, time: string) => berlinInstant(day, time);
const zeile = (r: Zeitraum) => `${r.von.toISOString()} ${r.bis.toISOString()}`;

describe('the next free time: which later periods are tried', () => {
  it('tries later the same day hour by hour, then the same times on the next seven days', () => {
    const raeume = spaetereZeitraeume({
      von: b('2026-12-03', '09:00'),
      bis: b('2026-12-03', '12:00'),
      jetzt: b('2026-12-01', '10:00'),
    });
    // 10–13 … 21–24 on the same day (12 periods), then 09–12 on 4 to 10 December
    expect(raeume).toHaveLength(12 + NAECHSTE_ZEIT_TAGE);
    expect(zeile(raeume[0]!)).toBe(zeile({ von: b('2026-12-03', '10:00'), bis: b('2026-12-03', '13:00') }));
    expect(zeile(raeume[11]!)).toBe(zeile({ von: b('2026-12-03', '21:00'), bis: b('2026-12-04', '00:00') }));
    expect(zeile(raeume[12]!)).toBe(zeile({ von: b('2026-12-04', '09:00'), bis: b('2026-12-04', '12:00') }));
    expect(zeile(raeume.at(-1)!)).toBe(
      zeile({ von: b('2026-12-10', '09:00'), bis: b('2026-12-10', '12:00') }),
    );
  });

  it('leaves out what starts before now', () => {
    const raeume = spaetereZeitraeume({
      von: b('2026-12-03', '09:00'),
      bis: b('2026-12-03', '12:00'),
      jetzt: b('2026-12-03', '15:30'),
    });
    expect(raeume[0]!.von).toEqual(b('2026-12-03', '16:00'));
    expect(raeume.every((r) => r.von >= b('2026-12-03', '15:30'))).toBe(true);
  });

  it('keeps the wall-clock times across the change to summer time and back (DST weeks)', () => {
    // 28.03.2027 is the spring change: 09:00–12:00 stays 09:00–12:00 on that Sunday (CEST)
    const fruehling = spaetereZeitraeume({
      von: b('2027-03-26', '09:00'),
      bis: b('2027-03-26', '12:00'),
      jetzt: b('2027-03-25', '10:00'),
    });
    const amSonntag = fruehling.filter((r) => r.von.toISOString().startsWith('2027-03-28'));
    expect(amSonntag.map(zeile)).toEqual([
      zeile({ von: b('2027-03-28', '09:00'), bis: b('2027-03-28', '12:00') }),
    ]);
    expect(amSonntag[0]!.von.toISOString()).toBe('2027-03-28T07:00:00.000Z');
    // 00:00–01:30 is not moved to 01:00–02:30 or 02:00–03:30: the spring change skips 02:00–02:59
    const nacht = spaetereZeitraeume({
      von: b('2027-03-28', '00:00'),
      bis: b('2027-03-28', '01:30'),
      jetzt: b('2027-03-27', '10:00'),
    });
    expect(nacht.some((r) => r.von.toISOString() === b('2027-03-28', '03:00').toISOString())).toBe(true);
    expect(nacht.every((r) => r.bis > r.von)).toBe(true);
    expect(nacht.map((r) => r.von.toISOString())).not.toContain(b('2027-03-28', '01:00').toISOString());
    // 31.10.2027 is the autumn change: 09:00–12:00 on that Sunday is 08:00–11:00 UTC
    const herbst = spaetereZeitraeume({
      von: b('2027-10-30', '09:00'),
      bis: b('2027-10-30', '12:00'),
      jetzt: b('2027-10-29', '10:00'),
    });
    expect(herbst.find((r) => r.von.toISOString().startsWith('2027-10-31T08'))?.bis.toISOString()).toBe(
      '2027-10-31T11:00:00.000Z',
    );
  });

  it('moves a period of several days only to the following days', () => {
    const raeume = spaetereZeitraeume({
      von: b('2026-12-03', '08:00'),
      bis: b('2026-12-05', '17:00'),
      jetzt: b('2026-12-01', '10:00'),
    });
    expect(raeume).toHaveLength(NAECHSTE_ZEIT_TAGE);
    expect(zeile(raeume[0]!)).toBe(zeile({ von: b('2026-12-04', '08:00'), bis: b('2026-12-06', '17:00') }));
  });
});

describe('the offer as a request: read back exactly', () => {
  const bezug = b('2026-11-25', '10:00');
  it.each([
    [b('2026-12-03', '09:00'), b('2026-12-03', '12:00'), null],
    [b('2026-12-03', '21:00'), b('2026-12-04', '00:00'), null],
    [b('2026-12-03', '08:00'), b('2026-12-05', '17:00'), 'Standort Nord'],
    [b('2027-03-28', '09:00'), b('2027-03-28', '12:00'), 'Zentrale'],
  ])('%s – %s at %s, in German and English', (von, bis, standort) => {
    for (const sprache of ['de', 'en'] as const) {
      const text = anfrageFuer({ von, bis }, sprache, standort);
      const lesung = verstehen({ text, bezug, standorte: ['Standort Nord', 'Zentrale'] });
      expect(lesung.absicht, text).toBe('fahrzeug_buchen');
      expect(lesung.rueckfrage, text).toBeNull();
      expect(new Date(lesung.von!).toISOString(), text).toBe(von.toISOString());
      expect(new Date(lesung.bis!).toISOString(), text).toBe(bis.toISOString());
      expect(lesung.standort, text).toBe(standort);
    }
  });
});
