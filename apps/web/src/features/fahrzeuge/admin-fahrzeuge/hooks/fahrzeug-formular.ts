/**
 * The vehicle dialog's values as typed (numbers and dates as text, dates `DD.MM.YYYY` as spec §5 says) and
 * their check against the contract's schema, so every message shows at its field before anything is sent.
 */
import { formatError } from '@stellwerk/domain/errors';
import {
  type TFahrzeugAdmin,
  type TFahrzeugAdminEingabe,
  ZFahrzeugAdminEingabe,
} from '@stellwerk/domain/fahrzeuge/fahrzeug/api';
import type { Language } from '@stellwerk/domain/language';
import { isValidTime } from '@stellwerk/domain/time';
import type { TFunction } from 'i18next';
import { type FieldErrors, requiredMarker, zodFieldErrors } from '../../../../lib/form-errors';

export type WochentagZeile = { wochentag: number; von: string; bis: string; geoeffnet: boolean };

export type FahrzeugFormular = {
  standortId: string | null;
  kategorie: string;
  marke: string;
  modell: string;
  kennzeichen: string;
  kraftstoff: string;
  leistung: string;
  getriebe: string;
  kofferraum: string;
  sitze: string;
  tueren: string;
  farbe: string;
  fuehrerscheinklasse: string;
  klimaanlage: boolean;
  navigation: boolean;
  tempomat: boolean;
  sitzheizung: boolean;
  gueltigVon: string;
  gueltigBis: string;
  huFaelligAm: string;
  uvvFaelligAm: string;
  buchungszeitraumVon: string;
  buchungszeitraumBis: string;
  buchungszeitraumWochentage: number[];
  buchungAusserhalbMoeglich: boolean;
  /** per-weekday opening times switched on: then `oeffnungszeiten` holds all seven rows */
  jeWochentag: boolean;
  oeffnungszeiten: WochentagZeile[];
  /**
   * the vehicle had weekday rows when the dialog opened: only then does switching `jeWochentag` off remove them
   * (sent as `[]`); otherwise the rows are left out of the input and the stored ones stay (decision 132)
   */
  hatteZeilen: boolean;
  deaktiviert: boolean;
};

/** Monday first, as German calendars show the week; values are 0 (Sunday) … 6. */
export const WOCHE_AB_MONTAG = [1, 2, 3, 4, 5, 6, 0] as const;

export const isoZuDe = (iso: string | null): string => {
  if (!iso) return '';
  const [y, m, d] = iso.split('-');
  return `${d}.${m}.${y}`;
};

/** `DD.MM.YYYY` to `YYYY-MM-DD`, or null when it is no real day. */
export const deZuIso = (text: string): string | null => {
  const match = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(text.trim());
  if (!match) return null;
  const [d, m, y] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
};

const text = (s: string | null) => s ?? '';
const zahl = (n: number | null) => (n === null ? '' : String(n));

/** Seven rows from the stored ones; missing weekdays start from the simple window (or 07:00–19:00). */
export const siebenZeilen = (
  gespeichert: readonly WochentagZeile[],
  von: string,
  bis: string,
  offen: readonly number[],
): WochentagZeile[] =>
  WOCHE_AB_MONTAG.map(
    (wochentag) =>
      gespeichert.find((z) => z.wochentag === wochentag) ?? {
        wochentag,
        von: von || '07:00',
        bis: bis || '19:00',
        geoeffnet: offen.length === 0 || offen.includes(wochentag),
      },
  );

export const formularAus = (f: TFahrzeugAdmin | null, standortId: string | null): FahrzeugFormular => ({
  standortId: f?.standort.id ?? standortId,
  kategorie: text(f?.kategorie ?? null),
  marke: f?.marke ?? '',
  modell: f?.modell ?? '',
  kennzeichen: f?.kennzeichen ?? '',
  kraftstoff: text(f?.kraftstoff ?? null),
  leistung: zahl(f?.leistung ?? null),
  getriebe: text(f?.getriebe ?? null),
  kofferraum: zahl(f?.kofferraum ?? null),
  sitze: zahl(f?.sitze ?? null),
  tueren: zahl(f?.tueren ?? null),
  farbe: text(f?.farbe ?? null),
  fuehrerscheinklasse: f?.fuehrerscheinklasse ?? 'B',
  klimaanlage: f?.klimaanlage ?? false,
  navigation: f?.navigation ?? false,
  tempomat: f?.tempomat ?? false,
  sitzheizung: f?.sitzheizung ?? false,
  gueltigVon: isoZuDe(f?.gueltigVon ?? null),
  gueltigBis: isoZuDe(f?.gueltigBis ?? null),
  huFaelligAm: isoZuDe(f?.huFaelligAm ?? null),
  uvvFaelligAm: isoZuDe(f?.uvvFaelligAm ?? null),
  buchungszeitraumVon: text(f?.buchungszeitraumVon ?? null),
  buchungszeitraumBis: text(f?.buchungszeitraumBis ?? null),
  buchungszeitraumWochentage: f?.buchungszeitraumWochentage ?? [1, 2, 3, 4, 5],
  buchungAusserhalbMoeglich: f?.buchungAusserhalbMoeglich ?? false,
  jeWochentag: (f?.oeffnungszeiten.length ?? 0) > 0,
  oeffnungszeiten: siebenZeilen(
    f?.oeffnungszeiten ?? [],
    f?.buchungszeitraumVon ?? '',
    f?.buchungszeitraumBis ?? '',
    f?.buchungszeitraumWochentage ?? [1, 2, 3, 4, 5],
  ),
  hatteZeilen: (f?.oeffnungszeiten.length ?? 0) > 0,
  deaktiviert: f?.deaktiviert ?? false,
});

/**
 * The weekday rows the input carries: all seven while the switch is on; `[]` (remove them) only when the user
 * switched it off on a vehicle that had rows; otherwise left out, so saving the simple window keeps what is
 * stored.
 */
export const zeilenDerEingabe = (
  form: Pick<FahrzeugFormular, 'jeWochentag' | 'oeffnungszeiten' | 'hatteZeilen'>,
): WochentagZeile[] | undefined => {
  if (form.jeWochentag) return form.oeffnungszeiten;
  return form.hatteZeilen ? [] : undefined;
};

const alsZahl = (s: string): number | null | typeof Number.NaN => {
  if (s.trim() === '') return null;
  const n = Number(s.replace(',', '.'));
  return Number.isFinite(n) ? n : Number.NaN;
};

/**
 * The form checked like the server checks it: the contract's schema, dates `DD.MM.YYYY`, times `HH:mm`
 * (spec §5's message), each window starting before it ends. One message per field.
 */
export const pruefeFormular = (
  form: FahrzeugFormular,
  t: TFunction,
  language: Language,
): { data: TFahrzeugAdminEingabe; errors: null } | { data: null; errors: FieldErrors } => {
  const errors: FieldErrors = {};
  const datum = (feld: 'gueltigVon' | 'gueltigBis' | 'huFaelligAm' | 'uvvFaelligAm') => {
    const wert = form[feld].trim();
    if (!wert) return null;
    const iso = deZuIso(wert);
    if (!iso) errors[feld] = formatError('datum.ungueltig', language, { value: wert });
    return iso;
  };
  const zeit = (feld: string, wert: string) => {
    if (wert && !isValidTime(wert))
      errors[feld] = formatError('zeit.ungueltig_wert', language, { value: wert });
  };
  const gueltigVon = datum('gueltigVon');
  const gueltigBis = datum('gueltigBis');
  const huFaelligAm = datum('huFaelligAm');
  const uvvFaelligAm = datum('uvvFaelligAm');
  zeit('buchungszeitraumVon', form.buchungszeitraumVon);
  zeit('buchungszeitraumBis', form.buchungszeitraumBis);
  const vorBis = (feld: string, von: string, bis: string) => {
    if (isValidTime(von) && isValidTime(bis) && von >= bis)
      errors[feld] = formatError('oeffnungszeit.von_nach_bis', language, { von, bis });
  };
  vorBis('buchungszeitraumBis', form.buchungszeitraumVon, form.buchungszeitraumBis);
  if (form.jeWochentag)
    form.oeffnungszeiten.forEach((z, i) => {
      zeit(`oeffnungszeiten.${i}.von`, z.von);
      zeit(`oeffnungszeiten.${i}.bis`, z.bis);
      if (z.geoeffnet) vorBis(`oeffnungszeiten.${i}.bis`, z.von, z.bis);
    });
  const roh = {
    standortId: form.standortId ?? '',
    kategorie: form.kategorie,
    marke: form.marke,
    modell: form.modell,
    kennzeichen: form.kennzeichen,
    kraftstoff: form.kraftstoff,
    leistung: alsZahl(form.leistung),
    getriebe: form.getriebe,
    kofferraum: alsZahl(form.kofferraum),
    sitze: alsZahl(form.sitze),
    tueren: alsZahl(form.tueren),
    farbe: form.farbe,
    fuehrerscheinklasse: form.fuehrerscheinklasse,
    klimaanlage: form.klimaanlage,
    navigation: form.navigation,
    tempomat: form.tempomat,
    sitzheizung: form.sitzheizung,
    gueltigVon: gueltigVon ?? null,
    gueltigBis: gueltigBis ?? null,
    huFaelligAm: huFaelligAm ?? null,
    uvvFaelligAm: uvvFaelligAm ?? null,
    buchungszeitraumVon: form.buchungszeitraumVon || null,
    buchungszeitraumBis: form.buchungszeitraumBis || null,
    buchungszeitraumWochentage: form.buchungszeitraumWochentage,
    buchungAusserhalbMoeglich: form.buchungAusserhalbMoeglich,
    oeffnungszeiten: zeilenDerEingabe(form),
    deaktiviert: form.deaktiviert,
  };
  const checked = zodFieldErrors(ZFahrzeugAdminEingabe, roh, t);
  if (checked.errors) {
    for (const [feld, message] of Object.entries(checked.errors)) errors[feld] ??= message;
    if (!form.standortId) errors.standortId = requiredMarker(t);
  }
  if (gueltigVon && gueltigBis && gueltigVon > gueltigBis)
    errors.gueltigBis = formatError('oeffnungszeit.zeitraum_ungueltig', language, {
      gueltigVon: form.gueltigVon,
      gueltigBis: form.gueltigBis,
    });
  if (Object.keys(errors).length > 0 || !checked.data) return { data: null, errors };
  return { data: checked.data, errors: null };
};

/** The stored vehicle as input again (deactivating or reactivating from the table changes only that). */
export const eingabeAus = (
  f: TFahrzeugAdmin,
  over: Partial<TFahrzeugAdminEingabe> = {},
): TFahrzeugAdminEingabe => ({
  standortId: f.standort.id,
  kategorie: f.kategorie,
  marke: f.marke,
  modell: f.modell,
  kennzeichen: f.kennzeichen,
  kraftstoff: f.kraftstoff,
  leistung: f.leistung,
  getriebe: f.getriebe,
  kofferraum: f.kofferraum,
  sitze: f.sitze,
  tueren: f.tueren,
  farbe: f.farbe,
  fuehrerscheinklasse: f.fuehrerscheinklasse as TFahrzeugAdminEingabe['fuehrerscheinklasse'],
  klimaanlage: f.klimaanlage,
  navigation: f.navigation,
  tempomat: f.tempomat,
  sitzheizung: f.sitzheizung,
  gueltigVon: f.gueltigVon,
  gueltigBis: f.gueltigBis,
  huFaelligAm: f.huFaelligAm,
  uvvFaelligAm: f.uvvFaelligAm,
  buchungszeitraumVon: f.buchungszeitraumVon,
  buchungszeitraumBis: f.buchungszeitraumBis,
  buchungszeitraumWochentage: f.buchungszeitraumWochentage,
  buchungAusserhalbMoeglich: f.buchungAusserhalbMoeglich,
  oeffnungszeiten: f.oeffnungszeiten,
  deaktiviert: f.deaktiviert,
  ...over,
});

/** Whether `f` matches the search: plate, make, model, category, location or colour contain every word. */
export const passtZurSuche = (f: TFahrzeugAdmin, suche: string): boolean => {
  const heuhaufen = [f.kennzeichen, f.marke, f.modell, f.kategorie, f.standort.name, f.farbe, f.kraftstoff]
    .filter(Boolean)
    .join(' ')
    .toLocaleLowerCase('de');
  return suche
    .toLocaleLowerCase('de')
    .split(/\s+/)
    .filter(Boolean)
    .every((wort) => heuhaufen.includes(wort));
};
