import type { TFahrzeug } from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/api';
import { describe, expect, it } from 'vitest';
import { ausstattungAus, auswahlWerte, filterFahrzeuge, ZFahrzeugSuche, zeitraumAus } from './fahrzeug-suche';

const NORD = '22222222-2222-4222-8222-222222222222';
const SUED = '44444444-4444-4444-8444-444444444444';
const auto = (kennzeichen: string, extra: Partial<TFahrzeug> = {}): TFahrzeug => ({
  id: `11111111-1111-4111-8111-${kennzeichen.replace(/\D/g, '').padStart(12, '0')}`,
  marke: 'VW',
  modell: 'Golf',
  kennzeichen,
  kategorie: 'Kompaktklasse',
  kraftstoff: 'Benzin',
  leistung: 90,
  getriebe: 'Automatik',
  kofferraum: 3,
  sitze: 5,
  tueren: 5,
  farbe: 'Blau',
  fuehrerscheinklasse: 'B',
  klimaanlage: true,
  navigation: false,
  tempomat: true,
  sitzheizung: false,
  standort: { id: NORD, name: 'Nord' },
  bildUrl: null,
  gueltigVon: null,
  gueltigBis: null,
  buchungAusserhalbMoeglich: false,
  favorit: false,
  frei: true,
  sonderfahrt: false,
  grund: null,
  grundParams: null,
  fuerMichBuchbar: true,
  fuerMichGrund: null,
  fuerMichGrundParams: null,
  ...extra,
});

const LISTE = [
  auto('MS 1', { favorit: true }),
  auto('MS 2', { navigation: true, frei: false, grund: 'fahrzeug_buchung.ueberschneidung' }),
  auto('MS 3', {
    kategorie: 'Transporter',
    sitze: 9,
    fuehrerscheinklasse: 'BE',
    standort: { id: SUED, name: 'Süd' },
  }),
];
const PERIODE = { von: '2026-11-24T09:00:00+01:00', bis: '2026-11-24T12:00:00+01:00' };

describe('vehicle search in the URL', () => {
  it('reads the timeline link that opens the booking dialog', () => {
    expect(ZFahrzeugSuche.parse({ fahrzeug: LISTE[0]!.id, ...PERIODE, buchen: 1 })).toMatchObject({
      fahrzeug: LISTE[0]!.id,
      ...PERIODE,
      buchen: 1,
    });
  });

  it('reads a hand-written offset whose + arrived as a space, and drops what it cannot read', () => {
    expect(
      ZFahrzeugSuche.parse({
        von: '2026-11-24T09:00:00 01:00',
        bis: 'morgen',
        sitze: 'viele',
        standort: 'x',
      }),
    ).toEqual({
      von: '2026-11-24T09:00:00+01:00',
      bis: undefined,
      standort: undefined,
      kategorie: undefined,
      sitze: undefined,
      klasse: undefined,
      ausstattung: undefined,
      nurFrei: undefined,
      fahrzeug: undefined,
      buchen: undefined,
      buchung: undefined,
      ansicht: undefined,
    });
  });

  it('takes a period only when it is complete and runs forward', () => {
    expect(zeitraumAus(PERIODE)).toEqual(PERIODE);
    expect(zeitraumAus({ von: PERIODE.bis, bis: PERIODE.von })).toBeNull();
    expect(zeitraumAus({ von: PERIODE.von })).toBeNull();
  });

  it('knows the equipment names and ignores others', () => {
    expect(ausstattungAus({ ausstattung: 'navigation,schiebedach,klimaanlage' })).toEqual([
      'klimaanlage',
      'navigation',
    ]);
  });
});

describe('filtering the vehicle list', () => {
  const ids = (suche: Parameters<typeof filterFahrzeuge>[1]) =>
    filterFahrzeuge(LISTE, suche).map((f) => f.kennzeichen);
  const leer = ZFahrzeugSuche.parse({});

  it.each([
    ['no filter', {}, ['MS 1', 'MS 2', 'MS 3']],
    ['location', { standort: SUED }, ['MS 3']],
    ['category', { kategorie: 'Kompaktklasse' }, ['MS 1', 'MS 2']],
    ['at least 6 seats', { sitze: 6 }, ['MS 3']],
    ['licence class', { klasse: 'BE' }, ['MS 3']],
    ['equipment', { ausstattung: 'navigation,klimaanlage' }, ['MS 2']],
    ['only free with a period', { nurFrei: 1 as const, ...PERIODE }, ['MS 1', 'MS 3']],
    ['only free without a period does nothing', { nurFrei: 1 as const }, ['MS 1', 'MS 2', 'MS 3']],
  ])('%s', (_name, filter, expected) => {
    expect(ids({ ...leer, ...filter })).toEqual(expected);
  });

  it('only free leaves out a free car the user may not book for themself', () => {
    const liste = [
      LISTE[0]!,
      { ...LISTE[2]!, fuerMichBuchbar: false, fuerMichGrund: 'fuehrerschein.klasse_fehlt' },
    ];
    expect(filterFahrzeuge(liste, { ...leer, nurFrei: 1, ...PERIODE }).map((f) => f.kennzeichen)).toEqual([
      'MS 1',
    ]);
  });

  it('lists the choices of a filter once each, sorted', () => {
    expect(auswahlWerte(LISTE, (f) => f.kategorie)).toEqual(['Kompaktklasse', 'Transporter']);
  });
});
