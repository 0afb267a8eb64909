import { fensterTaeglich } from '@stellwerk/domain/fahrzeuge/fahrzeug/buchungsfenster';
import type { TFahrzeugDetail } from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/api';
import { berlinInstant } from '@stellwerk/domain/time';
import { describe, expect, it } from 'vitest';
import { endOptionen, regelKontext, startOptionen, zeitraumPruefung } from './zeitwahl';

const fahrzeug = (termine: TFahrzeugDetail['termine'] = []): TFahrzeugDetail => ({
  id: '11111111-1111-4111-8111-111111111111',
  marke: 'Volkswagen',
  modell: 'ID.3',
  kennzeichen: 'MS-SW 101',
  kategorie: 'Kompaktklasse',
  kraftstoff: 'Elektro',
  leistung: 150,
  getriebe: 'Automatik',
  kofferraum: 3,
  sitze: 5,
  tueren: 5,
  farbe: 'Blau',
  fuehrerscheinklasse: 'B',
  klimaanlage: true,
  navigation: true,
  tempomat: true,
  sitzheizung: false,
  standort: { id: '22222222-2222-4222-8222-222222222222', name: 'Betriebshof Nord' },
  bildUrl: null,
  gueltigVon: '2024-01-01',
  gueltigBis: null,
  buchungAusserhalbMoeglich: false,
  favorit: false,
  frei: null,
  sonderfahrt: false,
  grund: null,
  grundParams: null,
  fuerMichBuchbar: true,
  fuerMichGrund: null,
  fuerMichGrundParams: null,
  buchungsfenster: fensterTaeglich({ von: '09:00', bis: '18:00' }),
  termine,
});

const at = (tag: string, zeit: string) => berlinInstant(tag, zeit);
const TAG = '2026-11-24';
const now = at('2026-11-23', '12:00');
const termin = {
  id: '33333333-3333-4333-8333-333333333333',
  von: at(TAG, '10:00').toISOString(),
  bis: at(TAG, '11:00').toISOString(),
  status: 'reserviert' as const,
  typ: 'BUCHUNG' as const,
  eigene: false,
};

describe('start times offered by the booking dialog', () => {
  const kontext = regelKontext({ fahrzeug: fahrzeug([termin]), settings: {}, now });
  const starts = startOptionen({ tag: TAG, kontext });
  const byLabel = (label: string) => starts.find((o) => o.label === label);

  it.each([
    ['08:45', false, 'fahrzeug_buchung.ausserhalb_buchungszeitraum'],
    ['09:00', true, null],
    ['09:45', true, null],
    ['10:00', false, 'fahrzeug_buchung.ueberschneidung'],
    ['10:45', false, 'fahrzeug_buchung.ueberschneidung'],
    ['11:00', true, null],
    ['17:45', true, null],
    ['18:00', false, 'fahrzeug_buchung.ausserhalb_buchungszeitraum'],
  ])('%s is allowed: %s (reason %s)', (label, erlaubt, grund) => {
    expect(byLabel(label)).toMatchObject({
      erlaubt,
      grund: grund ? expect.objectContaining({ code: grund }) : null,
    });
  });

  it('names the window hours in the reason, so the catalogue text is complete', () => {
    expect(byLabel('07:00')?.grund?.params).toEqual({ von: '09:00', bis: '18:00' });
  });

  it('offers no start in the past', () => {
    const heute = startOptionen({ tag: '2026-11-23', kontext });
    expect(heute.find((o) => o.label === '11:45')?.grund?.code).toBe('fahrzeug_buchung.in_vergangenheit');
    expect(heute.find((o) => o.label === '12:00')?.erlaubt).toBe(true);
  });

  it.each([
    ['2026-03-29', 92],
    ['2026-10-25', 100],
    ['2026-11-24', 96],
  ])('the day %s has %i distinct steps (DST)', (tag, count) => {
    const dstNow = at('2026-03-20', '12:00');
    const steps = startOptionen({
      tag,
      kontext: regelKontext({ fahrzeug: fahrzeug(), settings: {}, now: dstNow }),
    });
    expect(steps).toHaveLength(count);
    expect(new Set(steps.map((s) => s.value)).size).toBe(count);
  });
});

describe('end times offered for a start', () => {
  it('ends after the start; an end running into another booking is refused with the reason', () => {
    const kontext = regelKontext({ fahrzeug: fahrzeug([termin]), settings: {}, now });
    const ends = endOptionen({ von: at(TAG, '09:00'), tag: TAG, kontext });
    expect(ends[0]?.label).toBe('09:15');
    expect(ends.find((o) => o.label === '10:00')?.erlaubt).toBe(true);
    expect(ends.find((o) => o.label === '10:15')?.grund?.code).toBe('fahrzeug_buchung.ueberschneidung');
  });

  it('says when a same-day booking is shorter than the minimum', () => {
    const settings = { FahrzeugMinimaleBuchungszeit: { value: 60, source: 'mandant' as const } };
    const kontext = regelKontext({ fahrzeug: fahrzeug(), settings, now });
    const ends = endOptionen({ von: at(TAG, '09:00'), tag: TAG, kontext });
    expect(ends.find((o) => o.label === '09:45')?.grund).toEqual({
      code: 'fahrzeug_buchung.zu_kurz',
      params: { minuten: 60 },
    });
    expect(ends.find((o) => o.label === '10:00')?.erlaubt).toBe(true);
  });

  it('marks a period outside the window as a special trip when the tenant and the vehicle allow it', () => {
    const settings = { FahrzeugBuchungAusserhalbBuchungszeiten: { value: true, source: 'mandant' as const } };
    const kontext = regelKontext({
      fahrzeug: { ...fahrzeug(), buchungAusserhalbMoeglich: true },
      settings,
      now,
    });
    expect(zeitraumPruefung({ von: at(TAG, '07:00'), bis: at(TAG, '10:00'), kontext })).toEqual({
      gruende: [],
      sonderfahrt: true,
    });
  });
});

describe('changing a booking', () => {
  it('does not count the booking itself as a clash', () => {
    const kontext = regelKontext({ fahrzeug: fahrzeug([termin]), settings: {}, now, buchung: termin });
    expect(zeitraumPruefung({ von: at(TAG, '10:00'), bis: at(TAG, '12:00'), kontext }).gruende).toEqual([]);
  });
});
