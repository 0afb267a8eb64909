/**
 * Public holidays (gesetzliche Feiertage) per German federal state (Bundesland), for the bookable time of
 * the utilisation figures (decision 163). Days are Berlin calendar days `YYYY-MM-DD`.
 *
 * Only holidays that hold in the whole state are listed: Mariä Himmelfahrt counts for Bayern as the state
 * law's common case (it is a holiday in most Bavarian municipalities), Fronleichnam in parts of Sachsen and
 * Thüringen and the Augsburger Friedensfest do not count (they hold in some municipalities only).
 */
import type { Texts } from '../language.ts';
import { addCalendarDays } from '../time.ts';

/** The states by their ISO 3166-2:DE code, with their names. */
export const BUNDESLAENDER = {
  BW: 'Baden-Württemberg',
  BY: 'Bayern',
  BE: 'Berlin',
  BB: 'Brandenburg',
  HB: 'Bremen',
  HH: 'Hamburg',
  HE: 'Hessen',
  MV: 'Mecklenburg-Vorpommern',
  NI: 'Niedersachsen',
  NW: 'Nordrhein-Westfalen',
  RP: 'Rheinland-Pfalz',
  SL: 'Saarland',
  SN: 'Sachsen',
  ST: 'Sachsen-Anhalt',
  SH: 'Schleswig-Holstein',
  TH: 'Thüringen',
} as const;
export type Bundesland = keyof typeof BUNDESLAENDER;
export const BUNDESLAND_CODES = Object.keys(BUNDESLAENDER) as Bundesland[];
export const isBundesland = (wert: string): wert is Bundesland => Object.hasOwn(BUNDESLAENDER, wert);

export type Feiertag = { tag: string; name: Texts };

/** Easter Sunday of `jahr` (Gregorian calendar; the anonymous algorithm of Meeus, Jones and Butcher). */
export const ostersonntag = (jahr: number): string => {
  const a = jahr % 19;
  const b = Math.floor(jahr / 100);
  const c = jahr % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const monat = Math.floor((h + l - 7 * m + 114) / 31);
  const tag = ((h + l - 7 * m + 114) % 31) + 1;
  return `${jahr}-${String(monat).padStart(2, '0')}-${String(tag).padStart(2, '0')}`;
};

/** Buß- und Bettag: the Wednesday before 23 November (between 16 and 22 November). */
export const bussUndBettag = (jahr: number): string => {
  const base = `${jahr}-11-22`;
  const weekday = new Date(`${base}T00:00:00Z`).getUTCDay();
  return addCalendarDays(base, -((weekday - 3 + 7) % 7));
};

type Regel = {
  name: Texts;
  /** The day in `jahr`. */
  tag: (jahr: number) => string;
  /** The states it holds in; absent = everywhere. */
  laender?: readonly Bundesland[];
  /** First year it is a holiday (Frauentag Berlin 2019, Mecklenburg-Vorpommern 2023; Weltkindertag 2019). */
  ab?: Partial<Record<Bundesland, number>>;
};

const fest = (mmdd: string) => (jahr: number) => `${jahr}-${mmdd}`;
const ostern = (n: number) => (jahr: number) => addCalendarDays(ostersonntag(jahr), n);

const REGELN: readonly Regel[] = [
  { name: { de: 'Neujahr', en: "New Year's Day" }, tag: fest('01-01') },
  {
    name: { de: 'Heilige Drei Könige', en: 'Epiphany' },
    tag: fest('01-06'),
    laender: ['BW', 'BY', 'ST'],
  },
  {
    name: { de: 'Internationaler Frauentag', en: "International Women's Day" },
    tag: fest('03-08'),
    laender: ['BE', 'MV'],
    ab: { BE: 2019, MV: 2023 },
  },
  { name: { de: 'Karfreitag', en: 'Good Friday' }, tag: ostern(-2) },
  { name: { de: 'Ostersonntag', en: 'Easter Sunday' }, tag: ostern(0), laender: ['BB'] },
  { name: { de: 'Ostermontag', en: 'Easter Monday' }, tag: ostern(1) },
  { name: { de: 'Tag der Arbeit', en: 'Labour Day' }, tag: fest('05-01') },
  { name: { de: 'Christi Himmelfahrt', en: 'Ascension Day' }, tag: ostern(39) },
  { name: { de: 'Pfingstsonntag', en: 'Whit Sunday' }, tag: ostern(49), laender: ['BB'] },
  { name: { de: 'Pfingstmontag', en: 'Whit Monday' }, tag: ostern(50) },
  {
    name: { de: 'Fronleichnam', en: 'Corpus Christi' },
    tag: ostern(60),
    laender: ['BW', 'BY', 'HE', 'NW', 'RP', 'SL'],
  },
  {
    name: { de: 'Mariä Himmelfahrt', en: 'Assumption Day' },
    tag: fest('08-15'),
    laender: ['BY', 'SL'],
  },
  {
    name: { de: 'Weltkindertag', en: "World Children's Day" },
    tag: fest('09-20'),
    laender: ['TH'],
    ab: { TH: 2019 },
  },
  { name: { de: 'Tag der Deutschen Einheit', en: 'Day of German Unity' }, tag: fest('10-03') },
  {
    name: { de: 'Reformationstag', en: 'Reformation Day' },
    tag: fest('10-31'),
    laender: ['BB', 'HB', 'HH', 'MV', 'NI', 'SN', 'ST', 'SH', 'TH'],
    ab: { HB: 2018, HH: 2018, NI: 2018, SH: 2018 },
  },
  {
    name: { de: 'Allerheiligen', en: "All Saints' Day" },
    tag: fest('11-01'),
    laender: ['BW', 'BY', 'NW', 'RP', 'SL'],
  },
  {
    name: { de: 'Buß- und Bettag', en: 'Day of Repentance and Prayer' },
    tag: bussUndBettag,
    laender: ['SN'],
  },
  { name: { de: '1. Weihnachtstag', en: 'Christmas Day' }, tag: fest('12-25') },
  { name: { de: '2. Weihnachtstag', en: 'Boxing Day' }, tag: fest('12-26') },
];

/** The public holidays of `bundesland` in `jahr`, by date. */
export const feiertage = (jahr: number, bundesland: Bundesland): Feiertag[] =>
  REGELN.filter(
    (r) =>
      (!r.laender || r.laender.includes(bundesland)) &&
      (r.ab?.[bundesland] ?? Number.NEGATIVE_INFINITY) <= jahr,
  )
    .map((r) => ({ tag: r.tag(jahr), name: r.name }))
    .sort((a, b) => a.tag.localeCompare(b.tag));

/**
 * The holiday days (`YYYY-MM-DD`) of `bundesland` from `vonTag` to `bisTag` (both included); none without a
 * state (a location whose state is not set has no holidays).
 */
export const feiertagsTage = ({
  vonTag,
  bisTag,
  bundesland,
}: {
  vonTag: string;
  bisTag: string;
  bundesland: Bundesland | null;
}): Set<string> => {
  const result = new Set<string>();
  if (!bundesland) return result;
  for (let jahr = Number(vonTag.slice(0, 4)); jahr <= Number(bisTag.slice(0, 4)); jahr++) {
    for (const f of feiertage(jahr, bundesland)) if (f.tag >= vonTag && f.tag <= bisTag) result.add(f.tag);
  }
  return result;
};
