import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { berlinInstant, formatDateDE, formatTimeDE } from '../../time.ts';
import { fensterAusZeitraum } from '../fahrzeug/buchungsfenster.ts';
import { DEFAULT_FAHRZEUG_CUSTOMIZING } from './pruefung.ts';
import {
  type AbschnittArt,
  abschnitte,
  auswahlBis,
  type GeschlosseneZeit,
  geschlosseneZeiten,
  schrittArten,
  zeitleistenZeitraum,
} from './zeitleiste.ts';

const b = (day: string, time: string) => berlinInstant(day, time);
const HOUR = 3_600_000;
const hours = (z: { von: Date; bis: Date }) => (z.bis.getTime() - z.von.getTime()) / HOUR;
const text = (d: Date) => `${formatDateDE(d)} ${formatTimeDE(d)}`;
const show = (zeiten: readonly GeschlosseneZeit[]) =>
  zeiten.map((z) => `${text(z.von)}–${text(z.bis)} ${z.grund}${z.sonderfahrt ? ' sonderfahrt' : ''}`);

const fahrzeug = {
  gueltigVon: null,
  gueltigBis: null,
  fenster: null,
  buchungAusserhalbMoeglich: false,
};
const einstellungen = DEFAULT_FAHRZEUG_CUSTOMIZING;

describe('zeitleistenZeitraum: a day or the week around it', () => {
  it.each([
    ['an ordinary day', '2026-06-10', 'tag', '10.06.2026 00:00', '11.06.2026 00:00', 24],
    [
      'the spring DST day (last Sunday of March)',
      '2026-03-29',
      'tag',
      '29.03.2026 00:00',
      '30.03.2026 00:00',
      23,
    ],
    [
      'the autumn DST day (last Sunday of October)',
      '2026-10-25',
      'tag',
      '25.10.2026 00:00',
      '26.10.2026 00:00',
      25,
    ],
    ['the week of a Wednesday', '2026-06-10', 'woche', '08.06.2026 00:00', '15.06.2026 00:00', 168],
    ['the week of a Sunday', '2026-06-14', 'woche', '08.06.2026 00:00', '15.06.2026 00:00', 168],
    ['the week of a Monday', '2026-06-08', 'woche', '08.06.2026 00:00', '15.06.2026 00:00', 168],
    ['the spring DST week', '2026-03-25', 'woche', '23.03.2026 00:00', '30.03.2026 00:00', 167],
    ['the autumn DST week', '2026-10-25', 'woche', '19.10.2026 00:00', '26.10.2026 00:00', 169],
  ] as const)('%s', (_name, tag, ansicht, von, bis, laenge) => {
    const z = zeitleistenZeitraum({ tag, ansicht });
    expect([text(z.von), text(z.bis), hours(z)]).toEqual([von, bis, laenge]);
  });
});

describe('geschlosseneZeiten: closed times of a vehicle', () => {
  it("outside the tenant's booking period 09:00–18:00 on an ordinary day", () => {
    const z = geschlosseneZeiten({
      ...zeitleistenZeitraum({ tag: '2026-06-10', ansicht: 'tag' }),
      fahrzeug,
      einstellungen,
    });
    expect(show(z)).toEqual([
      '10.06.2026 00:00–10.06.2026 09:00 ausserhalb_buchungszeitraum',
      '10.06.2026 18:00–11.06.2026 00:00 ausserhalb_buchungszeitraum',
    ]);
  });

  it.each([
    ['spring', '2026-03-25', '28.03.2026 18:00', '29.03.2026 09:00', 14],
    ['autumn', '2026-10-21', '24.10.2026 18:00', '25.10.2026 09:00', 16],
  ] as const)(
    'in the %s DST week the night of the change is one hour shorter or longer',
    (_n, tag, von, bis, laenge) => {
      const zeitraum = zeitleistenZeitraum({ tag, ansicht: 'woche' });
      const z = geschlosseneZeiten({ ...zeitraum, fahrzeug, einstellungen });
      // Monday morning, six nights, Sunday evening
      expect(z).toHaveLength(8);
      const nacht = z.find((s) => text(s.von) === von);
      expect(nacht && [text(nacht.bis), hours(nacht)]).toEqual([bis, laenge]);
      // open 9 hours a day, 7 days: the rest of the week is closed
      const geschlossen = z.reduce((sum, s) => sum + hours(s), 0);
      expect(geschlossen).toBe(hours(zeitraum) - 7 * 9);
    },
  );

  it("uses the vehicle's own window only with individual booking times on, and joins a closed weekend", () => {
    const eigenes = {
      ...fahrzeug,
      fenster: fensterAusZeitraum({ von: '07:00', bis: '19:00', wochentage: [1, 2, 3, 4, 5] }),
    };
    const woche = zeitleistenZeitraum({ tag: '2026-06-10', ansicht: 'woche' });
    const mit = geschlosseneZeiten({
      ...woche,
      fahrzeug: eigenes,
      einstellungen: { ...einstellungen, individuelleBuchungszeiten: true },
    });
    expect(show(mit).slice(-2)).toEqual([
      '11.06.2026 19:00–12.06.2026 07:00 ausserhalb_buchungszeitraum',
      '12.06.2026 19:00–15.06.2026 00:00 ausserhalb_buchungszeitraum',
    ]);
    const ohne = geschlosseneZeiten({ ...woche, fahrzeug: eigenes, einstellungen });
    expect(show(ohne)[0]).toBe('08.06.2026 00:00–08.06.2026 09:00 ausserhalb_buchungszeitraum');
    expect(ohne).toHaveLength(8);
  });

  it('marks the window as a special trip where booking outside is allowed by tenant and vehicle', () => {
    const tag = zeitleistenZeitraum({ tag: '2026-06-10', ansicht: 'tag' });
    const beide = geschlosseneZeiten({
      ...tag,
      fahrzeug: { ...fahrzeug, buchungAusserhalbMoeglich: true },
      einstellungen: { ...einstellungen, buchungAusserhalbBuchungszeiten: true },
    });
    expect(beide.every((z) => z.sonderfahrt)).toBe(true);
    const nurMandant = geschlosseneZeiten({
      ...tag,
      fahrzeug,
      einstellungen: { ...einstellungen, buchungAusserhalbBuchungszeiten: true },
    });
    expect(nurMandant.some((z) => z.sonderfahrt)).toBe(false);
  });

  it('closes before gueltigVon 00:00 and from gueltigBis 23:59 (spec §4), the window only in between', () => {
    const woche = zeitleistenZeitraum({ tag: '2026-06-10', ansicht: 'woche' });
    const z = geschlosseneZeiten({
      ...woche,
      fahrzeug: { ...fahrzeug, gueltigVon: '2026-06-09', gueltigBis: '2026-06-10' },
      einstellungen,
    });
    expect(show(z)).toEqual([
      '08.06.2026 00:00–09.06.2026 00:00 ausserhalb_gueltigkeit',
      '09.06.2026 00:00–09.06.2026 09:00 ausserhalb_buchungszeitraum',
      '09.06.2026 18:00–10.06.2026 09:00 ausserhalb_buchungszeitraum',
      '10.06.2026 18:00–10.06.2026 23:59 ausserhalb_buchungszeitraum',
      '10.06.2026 23:59–15.06.2026 00:00 ausserhalb_gueltigkeit',
    ]);
  });

  it.each([
    ['valid only after the period', { gueltigVon: '2026-07-01', gueltigBis: null }],
    ['valid only before the period', { gueltigVon: null, gueltigBis: '2026-05-01' }],
  ])('a vehicle %s is closed all along', (_n, gueltig) => {
    const tag = zeitleistenZeitraum({ tag: '2026-06-10', ansicht: 'tag' });
    expect(
      show(geschlosseneZeiten({ ...tag, fahrzeug: { ...fahrzeug, ...gueltig }, einstellungen })),
    ).toEqual(['10.06.2026 00:00–11.06.2026 00:00 ausserhalb_gueltigkeit']);
  });

  it('property: closed times lie inside the period, in order, without overlap', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 400 }),
        fc.constantFrom<'tag' | 'woche'>('tag', 'woche'),
        fc.integer({ min: 0, max: 23 }),
        fc.integer({ min: 1, max: 24 }),
        (offset, ansicht, a, len) => {
          const tag = new Date(Date.UTC(2026, 0, 1) + offset * 86_400_000).toISOString().slice(0, 10);
          const von = `${String(a).padStart(2, '0')}:00`;
          const bis = `${String(Math.min(a + len, 23)).padStart(2, '0')}:59`;
          const zeitraum = zeitleistenZeitraum({ tag, ansicht });
          const z = geschlosseneZeiten({
            ...zeitraum,
            fahrzeug,
            einstellungen: { ...einstellungen, buchungszeitraumVon: von, buchungszeitraumBis: bis },
          });
          let last = zeitraum.von.getTime();
          for (const s of z) {
            expect(s.von.getTime()).toBeGreaterThanOrEqual(last);
            expect(s.bis.getTime()).toBeGreaterThan(s.von.getTime());
            last = s.bis.getTime();
          }
          expect(last).toBeLessThanOrEqual(zeitraum.bis.getTime());
        },
      ),
    );
  });
});

describe('abschnitte: the stretches of a row', () => {
  const tag = zeitleistenZeitraum({ tag: '2026-03-29', ansicht: 'tag' });
  const geschlossen = geschlosseneZeiten({ ...tag, fahrzeug, einstellungen });
  const art = (liste: ReturnType<typeof abschnitte>) =>
    liste.map((a) => `${formatTimeDE(a.von)}–${formatTimeDE(a.bis)} ${a.art}`);

  it('orders bookings, blocks, closed times, the past and the free rest on the spring DST day', () => {
    const liste = abschnitte({
      ...tag,
      geschlossen,
      ab: b('2026-03-29', '10:00'),
      termine: [
        { von: b('2026-03-29', '11:00'), bis: b('2026-03-29', '12:00'), typ: 'BUCHUNG', eigene: false },
        { von: b('2026-03-29', '12:00'), bis: b('2026-03-29', '13:00'), typ: 'BUCHUNG', eigene: true },
        { von: b('2026-03-29', '17:00'), bis: b('2026-03-29', '20:00'), typ: 'WARTUNG', eigene: false },
      ],
    });
    expect(art(liste)).toEqual([
      '00:00–09:00 geschlossen',
      '09:00–10:00 vergangen',
      '10:00–11:00 frei',
      '11:00–12:00 belegt',
      '12:00–13:00 eigene',
      '13:00–17:00 frei',
      '17:00–20:00 gesperrt',
      '20:00–00:00 geschlossen',
    ]);
    expect(hours(liste[0]!)).toBe(8);
  });

  it('keeps special-trip stretches bookable', () => {
    const sonder = geschlosseneZeiten({
      ...tag,
      fahrzeug: { ...fahrzeug, buchungAusserhalbMoeglich: true },
      einstellungen: { ...einstellungen, buchungAusserhalbBuchungszeiten: true },
    });
    expect(art(abschnitte({ ...tag, geschlossen: sonder, ab: tag.von, termine: [] }))).toEqual([
      '00:00–09:00 sonderfahrt',
      '09:00–18:00 frei',
      '18:00–00:00 sonderfahrt',
    ]);
  });
});

describe('steps and selection', () => {
  const tag = zeitleistenZeitraum({ tag: '2026-10-25', ansicht: 'tag' });
  const liste = abschnitte({
    ...tag,
    ab: tag.von,
    geschlossen: geschlosseneZeiten({ ...tag, fahrzeug, einstellungen }),
    termine: [
      { von: b('2026-10-25', '12:15'), bis: b('2026-10-25', '12:45'), typ: 'BUCHUNG', eigene: false },
    ],
  });

  it('has 25 hourly steps on the autumn DST day; a step partly booked is not free', () => {
    const arten = schrittArten({ ...tag, schrittMinuten: 60, abschnitte: liste });
    expect(arten).toHaveLength(25);
    // 00:00, 01:00, 02:00 (CEST), 02:00 (CET) … 08:00 closed: ten steps before 09:00
    expect(arten.slice(0, 10).every((a) => a === 'geschlossen')).toBe(true);
    expect(arten.slice(10, 13)).toEqual<AbschnittArt[]>(['frei', 'frei', 'frei']);
    expect(arten[13]).toBe('belegt');
  });

  it('has 100 quarter-hour steps on the autumn DST day', () => {
    expect(schrittArten({ ...tag, schrittMinuten: 15, abschnitte: liste })).toHaveLength(100);
  });

  it.each<[string, number, number, { von: number; bis: number } | null]>([
    ['forwards up to the booking', 2, 9, { von: 2, bis: 4 }],
    ['backwards up to the closed time', 3, 0, { von: 1, bis: 3 }],
    ['onto itself', 2, 2, { von: 2, bis: 2 }],
    ['from a booked step', 5, 6, null],
    ['from a closed step', 0, 2, null],
    ['a special trip counts as free', 7, 8, { von: 7, bis: 8 }],
  ])('stretches %s', (_n, anker, ziel, expected) => {
    const arten: AbschnittArt[] = [
      'geschlossen',
      'frei',
      'frei',
      'frei',
      'frei',
      'belegt',
      'frei',
      'sonderfahrt',
      'frei',
    ];
    expect(auswahlBis({ arten, anker, ziel })).toEqual(expected);
  });
});
