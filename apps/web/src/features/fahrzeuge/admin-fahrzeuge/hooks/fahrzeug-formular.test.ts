import type { TFahrzeugAdmin } from '@stellwerk/domain/fahrzeuge/fahrzeug/api';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { deZuIso, eingabeAus, formularAus, passtZurSuche, pruefeFormular } from './fahrzeug-formular';

const t = ((key: string) => key) as unknown as TFunction;
const STANDORT = '3f0c3a52-1d5e-4b57-9d7e-2c1b0a9e8f11';

const fahrzeug: TFahrzeugAdmin = {
  id: '7a1f1b0e-3b4c-4d5e-8f60-718293a4b5c6',
  standort: { id: STANDORT, name: 'Betriebshof Nord' },
  kategorie: 'Kombi',
  marke: 'Škoda',
  modell: 'Octavia',
  kennzeichen: 'MS-SW 102',
  kraftstoff: 'Diesel',
  leistung: 110,
  getriebe: null,
  kofferraum: 5,
  sitze: 5,
  tueren: 5,
  farbe: 'Silber',
  fuehrerscheinklasse: 'B',
  klimaanlage: true,
  navigation: false,
  tempomat: true,
  sitzheizung: false,
  gueltigVon: '2024-01-01',
  gueltigBis: null,
  huFaelligAm: null,
  uvvFaelligAm: null,
  buchungszeitraumVon: '07:00',
  buchungszeitraumBis: '19:00',
  buchungszeitraumWochentage: [1, 2, 3, 4, 5],
  buchungAusserhalbMoeglich: false,
  oeffnungszeiten: [{ wochentag: 1, von: '06:00', bis: '20:00', geoeffnet: true }],
  oeffnungszeitenGueltigVon: '2024-01-01',
  oeffnungszeitenGueltigBis: null,
  deaktiviert: false,
  bildUrl: null,
  offeneBuchungen: 0,
  loeschbar: true,
  favorit: false,
  updatedAt: '2026-11-23T10:00:00.000Z',
};

describe('vehicle form', () => {
  it.each([
    ['24.11.2026', '2026-11-24'],
    ['1.2.2027', '2027-02-01'],
    ['29.02.2027', null],
    ['2026-11-24', null],
    ['morgen', null],
  ])('reads the date %s as %s', (text, iso) => {
    expect(deZuIso(text)).toBe(iso);
  });

  it('turns a stored vehicle into the form and back into the same input', () => {
    const form = formularAus(fahrzeug, null);
    expect(form.gueltigVon).toBe('01.01.2024');
    expect(form.jeWochentag).toBe(true);
    // seven rows, Monday first, the stored Monday kept and the others from the window
    expect(form.oeffnungszeiten.map((z) => z.wochentag)).toEqual([1, 2, 3, 4, 5, 6, 0]);
    expect(form.oeffnungszeiten[0]).toEqual({ wochentag: 1, von: '06:00', bis: '20:00', geoeffnet: true });
    expect(form.oeffnungszeiten[5]).toEqual({ wochentag: 6, von: '07:00', bis: '19:00', geoeffnet: false });
    const checked = pruefeFormular({ ...form, jeWochentag: false }, t, 'de');
    expect(checked.errors).toBeNull();
    expect(checked.data).toEqual({ ...eingabeAus(fahrzeug), oeffnungszeiten: [] });
  });

  it.each([
    ['the switch on', true, true, 7],
    ['the switch turned off on a vehicle with rows: removed', true, false, 0],
    ['the switch off on a vehicle without rows: left out, the stored rows stay', false, false, undefined],
  ] as const)('sends the weekday rows with %s', (_case, hatteZeilen, jeWochentag, anzahl) => {
    const form = { ...formularAus(fahrzeug, null), hatteZeilen, jeWochentag };
    const checked = pruefeFormular(form, t, 'de');
    expect(checked.data?.oeffnungszeiten?.length).toBe(anzahl);
    expect(JSON.stringify(checked.data).includes('oeffnungszeiten')).toBe(anzahl !== undefined);
  });

  it('a vehicle without weekday rows opens with the switch off and saves without rows', () => {
    const form = formularAus({ ...fahrzeug, oeffnungszeiten: [], oeffnungszeitenGueltigVon: null }, null);
    expect(form).toMatchObject({ jeWochentag: false, hatteZeilen: false });
    const data = pruefeFormular(form, t, 'de').data;
    expect(data?.oeffnungszeiten).toBeUndefined();
    expect(JSON.stringify(data).includes('oeffnungszeiten')).toBe(false);
  });

  it.each<[string, Partial<ReturnType<typeof formularAus>>, string, string]>([
    ['a missing plate', { kennzeichen: ' ' }, 'kennzeichen', 'validation.required'],
    ['no location', { standortId: null }, 'standortId', 'validation.required'],
    [
      'a date not DD.MM.YYYY',
      { gueltigBis: '2027-01-01' },
      'gueltigBis',
      'Das Datum 2027-01-01 ist ungültig. Bitte im Format TT.MM.JJJJ angeben.',
    ],
    [
      'validity ending before it starts',
      { gueltigBis: '31.12.2023' },
      'gueltigBis',
      'Das Ende des Zeitraums (31.12.2023) darf nicht vor seinem Beginn (01.01.2024) liegen.',
    ],
    [
      'a time that is no HH:mm',
      { buchungszeitraumVon: '7 Uhr' },
      'buchungszeitraumVon',
      "Zeit zum setzen ist kein valider String. '7 Uhr' ist keine Uhrzeit im Format HH:mm (00:00 bis 23:59).",
    ],
    [
      'a window ending before it starts',
      { buchungszeitraumVon: '19:00', buchungszeitraumBis: '07:00' },
      'buchungszeitraumBis',
      'Der Beginn (19:00) muss vor dem Ende (07:00) liegen.',
    ],
    ['seats that are no number', { sitze: 'fünf' }, 'sitze', 'customizing.validation.invalid'],
  ])('refuses %s at its field', (_case, over, field, message) => {
    const checked = pruefeFormular({ ...formularAus(fahrzeug, null), ...over }, t, 'de');
    expect(checked.errors?.[field]).toBe(message);
  });

  it('refuses a closed-in weekday row only when that day is open', () => {
    const form = formularAus(fahrzeug, null);
    const rows = form.oeffnungszeiten.map((z) =>
      z.wochentag === 0 ? { ...z, von: '18:00', bis: '08:00' } : z,
    );
    expect(pruefeFormular({ ...form, oeffnungszeiten: rows }, t, 'de').errors).toBeNull();
    const open = rows.map((z) => (z.wochentag === 0 ? { ...z, geoeffnet: true } : z));
    expect(pruefeFormular({ ...form, oeffnungszeiten: open }, t, 'de').errors).toEqual({
      'oeffnungszeiten.6.bis': 'Der Beginn (18:00) muss vor dem Ende (08:00) liegen.',
    });
  });

  it.each([
    ['ms-sw 102', true],
    ['škoda kombi', true],
    ['nord diesel', true],
    ['transporter', false],
  ])('search %s matches: %s', (suche, passt) => {
    expect(passtZurSuche(fahrzeug, suche)).toBe(passt);
  });
});
