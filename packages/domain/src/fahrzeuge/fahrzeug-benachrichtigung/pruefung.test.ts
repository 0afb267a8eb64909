import { describe, expect, it } from 'vitest';
import { berlinInstant, formatDateDE } from '../../time.ts';
import {
  huBuchungsRegel,
  isPruefungUeberfaellig,
  pruefungsErinnerungen,
  uvvBuchungsRegel,
} from './pruefung.ts';

const at = (day: string, time: string) => berlinInstant(day, time);

describe('pruefungsErinnerungen', () => {
  const f = { id: 'f1', huFaelligAm: '2026-11-10', uvvFaelligAm: '2026-10-25' };
  const cases: { name: string; now: Date; gesendet?: string[]; erwartet: string[] }[] = [
    { name: 'outside the lead', now: at('2026-09-30', '12:00'), erwartet: [] },
    {
      name: 'UVV within 14 days (the autumn DST day counts as one day)',
      now: at('2026-10-11', '00:30'),
      erwartet: ['pruefung:UVV:f1:2026-10-25'],
    },
    {
      name: 'both due',
      now: at('2026-10-27', '08:00'),
      erwartet: ['pruefung:UVV:f1:2026-10-25', 'pruefung:HU:f1:2026-11-10'],
    },
    {
      name: 'sent once: not again',
      now: at('2026-10-27', '08:00'),
      gesendet: ['pruefung:UVV:f1:2026-10-25', 'pruefung:HU:f1:2026-11-10'],
      erwartet: [],
    },
  ];
  it.each(cases)('$name', ({ now, gesendet = [], erwartet }) => {
    expect(
      pruefungsErinnerungen({ fahrzeuge: [f], gesendet: new Set(gesendet), now, vorlaufTage: 14 }).map(
        (e) => e.schluessel,
      ),
    ).toEqual(erwartet);
  });
  it('a new due day starts a new round', () => {
    expect(
      pruefungsErinnerungen({
        fahrzeuge: [{ ...f, uvvFaelligAm: '2027-10-25', huFaelligAm: null }],
        gesendet: new Set(['pruefung:UVV:f1:2026-10-25']),
        now: at('2027-10-20', '08:00'),
        vorlaufTage: 14,
      }),
    ).toHaveLength(1);
  });
  it('an overdue inspection first seen is told once, marked overdue', () => {
    const [e] = pruefungsErinnerungen({
      fahrzeuge: [{ ...f, huFaelligAm: null }],
      gesendet: new Set(),
      now: at('2026-12-01', '08:00'),
      vorlaufTage: 0,
    });
    expect(e).toMatchObject({ art: 'UVV', ueberfaellig: true });
  });
});

describe('uvvBuchungsRegel', () => {
  const cases: {
    name: string;
    uvv: string | null;
    von: Date;
    modus: 'warnen' | 'sperren';
    verstoss: boolean;
    hinweis: boolean;
  }[] = [
    {
      name: 'no date: nothing',
      uvv: null,
      von: at('2026-06-01', '10:00'),
      modus: 'sperren',
      verstoss: false,
      hinweis: false,
    },
    {
      name: 'trip on the due day: still valid',
      uvv: '2026-03-29',
      von: at('2026-03-29', '23:30'),
      modus: 'sperren',
      verstoss: false,
      hinweis: false,
    },
    {
      name: 'trip starting just after midnight after the due day (DST spring)',
      uvv: '2026-03-28',
      von: at('2026-03-29', '00:10'),
      modus: 'sperren',
      verstoss: true,
      hinweis: false,
    },
    {
      name: 'warn mode: a notice, no refusal',
      uvv: '2026-03-28',
      von: at('2026-03-29', '00:10'),
      modus: 'warnen',
      verstoss: false,
      hinweis: true,
    },
    {
      name: 'autumn DST day: 25.10. 02:30 is after a due day 24.10.',
      uvv: '2026-10-24',
      von: at('2026-10-25', '02:30'),
      modus: 'sperren',
      verstoss: true,
      hinweis: false,
    },
  ];
  it.each(cases)('$name', ({ uvv, von, modus, verstoss, hinweis }) => {
    const r = uvvBuchungsRegel({ uvvFaelligAm: uvv, von, modus });
    expect([r.verstoss !== null, r.hinweis !== null]).toEqual([verstoss, hinweis]);
  });
  it('the refusal names the due day', () => {
    expect(
      uvvBuchungsRegel({ uvvFaelligAm: '2026-03-28', von: at('2026-04-01', '10:00'), modus: 'sperren' })
        .verstoss,
    ).toEqual({
      code: 'fahrzeug_buchung.uvv_ueberfaellig',
      params: { datum: '28.03.2026' },
    });
  });
});

describe('huBuchungsRegel (an overdue HU warns or blocks like the UVV)', () => {
  // the due day is valid through its end in Berlin; DST weeks included (29.03. and 25.10.2026)
  it.each<[string | null, string, 'warnen' | 'sperren', string | null, string | null]>([
    [null, '2026-11-30T08:00:00Z', 'sperren', null, null],
    ['2026-11-30', '2026-11-30T22:59:00Z', 'sperren', null, null], // 23:59 Berlin on the due day
    ['2026-11-30', '2026-11-30T23:00:00Z', 'sperren', 'fahrzeug_buchung.hu_ueberfaellig', null],
    ['2026-11-30', '2026-12-01T08:00:00Z', 'warnen', null, 'fahrzeug_buchung.hu_ueberfaellig_hinweis'],
    ['2026-03-28', '2026-03-28T22:59:00Z', 'sperren', null, null], // 23:59 CET
    ['2026-03-28', '2026-03-28T23:30:00Z', 'sperren', 'fahrzeug_buchung.hu_ueberfaellig', null], // 00:30 CET
    ['2026-10-25', '2026-10-25T22:59:00Z', 'warnen', null, null], // 23:59 CET after the switch
    ['2026-10-24', '2026-10-24T22:30:00Z', 'warnen', null, 'fahrzeug_buchung.hu_ueberfaellig_hinweis'], // 00:30 CEST
  ])('HU due %s, trip from %s, %s → refusal %s, notice %s', (hu, von, modus, verstoss, hinweis) => {
    const r = huBuchungsRegel({ huFaelligAm: hu, von: new Date(von), modus });
    expect(r.verstoss?.code ?? null).toBe(verstoss);
    expect(r.hinweis?.code ?? null).toBe(hinweis);
    if (r.verstoss ?? r.hinweis)
      expect((r.verstoss ?? r.hinweis)!.params).toEqual({ datum: formatDateDE(berlinInstant(hu!, '12:00')) });
  });

  it.each<[string | null, string, boolean]>([
    [null, '2026-11-27T10:00:00Z', false],
    ['2026-11-27', '2026-11-27T22:59:00Z', false],
    ['2026-11-27', '2026-11-27T23:00:00Z', true],
    ['2026-11-26', '2026-11-27T00:00:00Z', true],
  ])('a due day %s is overdue at %s: %s', (faelligAm, now, ueberfaellig) => {
    expect(isPruefungUeberfaellig({ faelligAm, now: new Date(now) })).toBe(ueberfaellig);
  });
});
