import type { TFahrzeugBelegung } from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/api';
import { zeitleistenZeitraum } from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/zeitleiste';
import { berlinInstant } from '@stellwerk/domain/time';
import { describe, expect, it } from 'vitest';
import { zeitleistenModell } from './zeitleiste-modell';

const zeile = (id: string): TFahrzeugBelegung['fahrzeuge'][number] => ({
  id,
  marke: 'VW',
  modell: 'ID.3',
  kennzeichen: 'MS-SW 101',
  kategorie: null,
  fuehrerscheinklasse: 'B',
  sitze: 5,
  termine: [
    {
      id: '6d1f3c3e-0000-4000-8000-000000000001',
      von: berlinInstant('2026-03-29', '10:00').toISOString(),
      bis: berlinInstant('2026-03-29', '11:30').toISOString(),
      status: 'reserviert',
      typ: 'BUCHUNG',
      eigene: false,
    },
  ],
  geschlossen: [],
});

describe('zeitleistenModell', () => {
  const z = zeitleistenZeitraum({ tag: '2026-03-29', ansicht: 'tag' });
  const daten: TFahrzeugBelegung = {
    standorte: [],
    standortId: null,
    von: z.von.toISOString(),
    bis: z.bis.toISOString(),
    fahrzeuge: [zeile('6d1f3c3e-0000-4000-8000-0000000000aa')],
  };

  it('has 92 quarter-hour steps and 23 hour labels on the spring DST day', () => {
    const m = zeitleistenModell({ daten, ansicht: 'tag', ab: z.von });
    expect(m.schritte).toHaveLength(92);
    expect(m.kopf.map((k) => k.label).slice(0, 4)).toEqual(['00', '01', '03', '04']);
    expect(m.kopf).toHaveLength(23);
    const arten = m.zeilen[0]!.arten;
    // 10:00 is step 36 on this day (02:00 does not exist)
    expect(arten.slice(35, 43)).toEqual([
      'frei',
      'belegt',
      'belegt',
      'belegt',
      'belegt',
      'belegt',
      'belegt',
      'frei',
    ]);
  });

  it('groups the week view by day, 167 hourly steps in the spring DST week', () => {
    const w = zeitleistenZeitraum({ tag: '2026-03-29', ansicht: 'woche' });
    const m = zeitleistenModell({
      daten: { ...daten, von: w.von.toISOString(), bis: w.bis.toISOString() },
      ansicht: 'woche',
      ab: w.von,
    });
    expect(m.schritte).toHaveLength(167);
    expect(m.kopf.map((k) => [k.tag, k.span])).toEqual([
      ['2026-03-23', 24],
      ['2026-03-24', 24],
      ['2026-03-25', 24],
      ['2026-03-26', 24],
      ['2026-03-27', 24],
      ['2026-03-28', 24],
      ['2026-03-29', 23],
    ]);
  });
});
