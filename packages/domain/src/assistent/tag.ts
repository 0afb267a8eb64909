/**
 * Days in a request: 'heute', 'morgen', 'übermorgen', weekdays ('Montag' is the next Monday), 'nächste Woche
 * Dienstag', 'KW 50 Mittwoch', '3.12.', '03.12.2026', '2026-12-03', English 'tomorrow', 'next Tuesday', 'week 50';
 * what this layer does not know ('am 3. Dezember', 'in drei Tagen', 'December 3rd', 'in two weeks') is left to
 * chrono-node's German or English parser. Texts are normalised (text.ts); days are Berlin calendar days
 * `YYYY-MM-DD`, counted from `heute` (the reference instant's Berlin day). Holidays and the named days around them
 * ('an Fronleichnam', 'Heiligabend', 'Christmas Eve') are the next such day on or after today (FEIERTAGSNAMEN);
 * whether it is a holiday at a location is the booking rules' question (feiertage.ts), not the reading's. A name
 * that stands for more than one day ('Ostern', 'Pfingsten', 'Weihnachten') or a period around it ('nach Ostern')
 * is found as ambiguous, so the assistant asks which day.
 */
import * as chrono from 'chrono-node';
import type { Language } from '../language.ts';
import { addCalendarDays, berlinWallDate, weekdayOfDay } from '../time.ts';
import { bussUndBettag, ostersonntag } from '../verwaltung/feiertage.ts';
import { mitUmlauten } from './text.ts';

/** What a part of the text says about the day. */
export type TagFund =
  | { art: 'tag'; tag: string; pos: number }
  | { art: 'woche'; montag: string; pos: number }
  | { art: 'wochentag'; wochentag: number; heuteErlaubt: boolean; pos: number }
  | { art: 'kw_ungueltig'; kw: number; jahr: number; pos: number }
  | { art: 'feiertag_mehrdeutig'; name: string; pos: number };

export type Tagangabe = {
  /** The days named, in order (a second one is the end of a period: 'von Montag bis Mittwoch'). */
  tage: string[];
  /** A week named without a day (its Monday). */
  woche: string | null;
  kwUngueltig: { kw: number; jahr: number } | null;
  /** A holiday's name that stands for several days ('Ostern', 'nach Pfingsten'), as the user wrote it. */
  feiertagMehrdeutig: string | null;
};

const WOCHENTAGE: Record<string, number> = {
  sonntag: 0,
  montag: 1,
  dienstag: 2,
  mittwoch: 3,
  donnerstag: 4,
  freitag: 5,
  samstag: 6,
  sonnabend: 6,
  sunday: 0,
  monday: 1,
  tuesday: 2,
  wednesday: 3,
  thursday: 4,
  friday: 5,
  saturday: 6,
};
const KURZ_DE: Record<string, number> = { so: 0, mo: 1, di: 2, mi: 3, do: 4, fr: 5, sa: 6 };
const KURZ_EN: Record<string, number> = {
  sun: 0,
  mon: 1,
  tue: 2,
  tues: 2,
  wed: 3,
  thu: 4,
  thur: 4,
  thurs: 4,
  fri: 5,
  sat: 6,
};

/** Monday of the week of `tag` (ISO weeks start on Monday). */
export const montagDerWoche = (tag: string): string => addCalendarDays(tag, -((weekdayOfDay(tag) + 6) % 7));

/** The ISO week year and number of a calendar day. */
export const isoWoche = (tag: string): { jahr: number; kw: number } => {
  const donnerstag = addCalendarDays(montagDerWoche(tag), 3);
  const jahr = Number(donnerstag.slice(0, 4));
  const ersterDonnerstag = addCalendarDays(montagDerWoche(`${jahr}-01-04`), 3);
  const tage = (Date.parse(donnerstag) - Date.parse(ersterDonnerstag)) / 86_400_000;
  return { jahr, kw: tage / 7 + 1 };
};

/** Monday of ISO week `kw` of ISO year `jahr`, or null when that year has no such week (53 in most years). */
export const montagDerKw = (jahr: number, kw: number): string | null => {
  if (kw < 1 || kw > 53) return null;
  const montag = addCalendarDays(montagDerWoche(`${jahr}-01-04`), (kw - 1) * 7);
  return isoWoche(montag).jahr === jahr ? montag : null;
};

const pad = (n: number) => String(n).padStart(2, '0');

/** `YYYY-MM-DD` of a real date, else null (31.02. is no day). */
const echterTag = (jahr: number, monat: number, tag: number): string | null => {
  const d = new Date(Date.UTC(jahr, monat - 1, tag));
  if (d.getUTCFullYear() !== jahr || d.getUTCMonth() !== monat - 1 || d.getUTCDate() !== tag) return null;
  return `${jahr}-${pad(monat)}-${pad(tag)}`;
};

/** A day and month without a year: this year's, unless that lies before today, then next year's. */
const naechstesDatum = (heute: string, monat: number, tag: number): string | null => {
  const jahr = Number(heute.slice(0, 4));
  const diesJahr = echterTag(jahr, monat, tag);
  if (diesJahr && diesJahr >= heute) return diesJahr;
  return echterTag(jahr + 1, monat, tag);
};

const fest = (monat: number, tag: number) => (jahr: number) => echterTag(jahr, monat, tag) as string;
const nachOstern = (n: number) => (jahr: number) => addCalendarDays(ostersonntag(jahr), n);

/**
 * Named days in the normalised spelling (text.ts), German and English, each with its day in a year: the
 * statutory holidays of every Bundesland (feiertage.ts) and the days people name like them (Heiligabend, Silvester).
 */
export const FEIERTAGSNAMEN: readonly { muster: string; tag: (jahr: number) => string }[] = [
  { muster: "neujahr(?:stag)?|new year'?s day", tag: fest(1, 1) },
  {
    muster: 'heilige(?:n)? drei koenige|dreikoenig(?:stag)?|epiphany',
    tag: fest(1, 6),
  },
  { muster: 'internationale[nr]? frauentag|frauentag|international women.?s day', tag: fest(3, 8) },
  { muster: 'gruendonnerstag|maundy thursday', tag: nachOstern(-3) },
  { muster: 'karfreitag|good friday', tag: nachOstern(-2) },
  { muster: 'karsamstag|holy saturday', tag: nachOstern(-1) },
  { muster: 'ostersonntag|easter sunday', tag: nachOstern(0) },
  { muster: 'ostermontag|easter monday', tag: nachOstern(1) },
  { muster: 'tag der arbeit|maifeiertag|labou?r day|may day', tag: fest(5, 1) },
  {
    muster: '(?<!mariae )christi himmelfahrt|(?<!mariae |maria )himmelfahrt(?:stag)?|vatertag|ascension day',
    tag: nachOstern(39),
  },
  { muster: 'pfingstsonntag|whit sunday', tag: nachOstern(49) },
  { muster: 'pfingstmontag|whit monday', tag: nachOstern(50) },
  { muster: 'fronleichnam|corpus christi', tag: nachOstern(60) },
  { muster: 'mariae? himmelfahrt|assumption day', tag: fest(8, 15) },
  { muster: 'weltkindertag', tag: fest(9, 20) },
  { muster: 'tag der deutschen einheit|german unity day', tag: fest(10, 3) },
  { muster: 'reformationstag|reformation day', tag: fest(10, 31) },
  { muster: "allerheiligen|all saints'? day", tag: fest(11, 1) },
  { muster: 'buss- ?und bettag|busstag', tag: bussUndBettag },
  { muster: 'heilig(?:er ?)?abend|christmas eve', tag: fest(12, 24) },
  {
    muster: '(?:1\\.|erste[nrs]?) weihnachts(?:feier)?tag|christmas day',
    tag: fest(12, 25),
  },
  {
    muster: "(?:2\\.|zweite[nrs]?) weihnachts(?:feier)?tag|boxing day|st\\.? stephen'?s day",
    tag: fest(12, 26),
  },
  { muster: "silvester|new year'?s eve", tag: fest(12, 31) },
];

/** Names of several days, or periods around a holiday: the reading asks back instead of choosing one. */
const MEHRDEUTIGE_FEIERTAGE =
  /\b(?:(?:nach|vor|ueber|zu|an|um|after|before|over|at) )?(ostern|pfingsten|weihnachten|easter|whitsun|christmas)\b/g;

/** The next day on or after `heute` that `tag` gives (this year's, else next year's). */
const naechsterFeiertag = (heute: string, tag: (jahr: number) => string): string => {
  const jahr = Number(heute.slice(0, 4));
  const dies = tag(jahr);
  return dies >= heute ? dies : tag(jahr + 1);
};

/** The next `wochentag` after `nach` (or on it, with `heuteErlaubt`). */
export const naechsterWochentag = (nach: string, wochentag: number, heuteErlaubt: boolean): string => {
  const diff = (wochentag - weekdayOfDay(nach) + 7) % 7;
  return addCalendarDays(nach, diff === 0 && !heuteErlaubt ? 7 : diff);
};

type Gelesen = { funde: TagFund[]; rest: string };

const nimm = (
  g: Gelesen,
  muster: RegExp,
  lies: (x: (string | undefined)[], pos: number) => TagFund | null,
): Gelesen => {
  const funde = [...g.funde];
  const rest = g.rest.replace(muster, (ganz: string, ...args: unknown[]) => {
    const pos = args.at(-2) as number;
    const fund = lies([ganz, ...(args.slice(0, -2) as (string | undefined)[])], pos);
    if (!fund) return ganz;
    funde.push(fund);
    return ' '.repeat(ganz.length);
  });
  return { funde, rest };
};

/**
 * The days this layer reads itself, each with its place in the text, and the text with them blanked out
 * (same length, so places stay comparable).
 */
export const leseTage = ({
  text,
  heute,
  sprache,
}: {
  text: string;
  heute: string;
  sprache: Language;
}): Gelesen => {
  let g: Gelesen = { funde: [], rest: text };
  const tag =
    (n: number) =>
    (_: unknown, pos: number): TagFund => ({ art: 'tag', tag: addCalendarDays(heute, n), pos });
  // calendar weeks: 'KW 50', 'kw50', 'Kalenderwoche 50', '50. KW', 'week 50', 'CW 50'
  const kw = (x: (string | undefined)[], pos: number): TagFund => {
    const nummer = Number(x[1]);
    const jetzt = isoWoche(heute);
    const jahr = nummer >= jetzt.kw ? jetzt.jahr : jetzt.jahr + 1;
    const montag = montagDerKw(jahr, nummer);
    return montag ? { art: 'woche', montag, pos } : { art: 'kw_ungueltig', kw: nummer, jahr, pos };
  };
  g = nimm(g, /\b(?:in der )?(?:kw|kalenderwoche|cw|calendar week|week) ?(\d{1,2})\b/g, kw);
  g = nimm(g, /\b(?:in der )?(\d{1,2})\. ?(?:kw|kalenderwoche)\b/g, kw);
  // weeks relative to this one
  const montag = montagDerWoche(heute);
  const woche =
    (n: number) =>
    (_: unknown, pos: number): TagFund => ({
      art: 'woche',
      montag: addCalendarDays(montag, 7 * n),
      pos,
    });
  g = nimm(g, /\b(?:in der |in the )?(?:uebernaechste[nrs]? woche|week after next)\b/g, woche(2));
  g = nimm(
    g,
    /\b(?:in der |in the )?(?:naechste[nrs]?|kommende[nrs]?|next|coming|following) woche\b/g,
    woche(1),
  );
  g = nimm(g, /\b(?:in der |in the )?(?:next|coming|following) week\b/g, woche(1));
  g = nimm(g, /\b(?:in )?(?:diese[rs]?|this) (?:woche|week)\b/g, woche(0));
  // holidays and named days by name, before the weekdays ('Ostermontag' is no Monday of its own)
  for (const { muster, tag: tagIm } of FEIERTAGSNAMEN)
    g = nimm(g, new RegExp(`\\b(?:am |an |on )?(?:${muster})\\b`, 'g'), (_x, pos) => ({
      art: 'tag',
      tag: naechsterFeiertag(heute, tagIm),
      pos,
    }));
  g = nimm(g, MEHRDEUTIGE_FEIERTAGE, (x, pos) => ({ art: 'feiertag_mehrdeutig', name: x[1]!, pos }));
  // days relative to today
  g = nimm(g, /\b(?:ueber ?morgen|uebermorgn|day after tomorrow)\b/g, tag(2));
  g = nimm(g, /\bvorgestern\b/g, tag(-2));
  g = nimm(g, /\b(?:gestern|yesterday)\b/g, tag(-1));
  g = nimm(g, /\b(?:heute|heut|today|tonight|this (?=morning|afternoon|evening))(?: morgen\b)?/g, tag(0));
  g = nimm(g, /(?<!guten |am )\b(?:morgen|morgn|tomorrow|tmrw|tomorow)\b(?!s)/g, tag(1));
  // weekdays
  const wochentag = (x: (string | undefined)[], pos: number): TagFund | null => {
    const name = x[2]!;
    const nr = WOCHENTAGE[name] ?? KURZ_DE[name] ?? KURZ_EN[name];
    if (nr === undefined) return null;
    return { art: 'wochentag', wochentag: nr, heuteErlaubt: /^(diese|this)/.test(x[1] ?? ''), pos };
  };
  const namen = Object.keys(WOCHENTAGE).join('|');
  g = nimm(
    g,
    new RegExp(
      `\\b(?:(naechste[nrs]?|kommende[nrs]?|diese[nrs]?|next|this|coming) )?(?:am |on |den )?(${namen})s?\\b`,
      'g',
    ),
    wochentag,
  );
  g = nimm(
    g,
    /\b(?:(naechste[nrs]?|kommende[nrs]?|diese[nrs]?) )?(?:am |den )?(mo|di|mi|do|fr|sa|so)\.(?!\d)/g,
    wochentag,
  );
  if (sprache === 'en')
    g = nimm(g, /\b(?:(next|this|coming) )?(?:on )?(mon|tues?|wed|thur?s?|fri|sat|sun)\b\.?/g, wochentag);
  // dates in digits
  g = nimm(g, /\b(\d{4})-(\d{2})-(\d{2})\b/g, (x, pos) => {
    const t = echterTag(Number(x[1]), Number(x[2]), Number(x[3]));
    return t ? { art: 'tag', tag: t, pos } : null;
  });
  g = nimm(g, /\b(\d{1,2})\.(\d{1,2})\.(\d{4}|\d{2}(?!\d))?/g, (x, pos) => {
    const [d, m] = [Number(x[1]), Number(x[2])];
    const jahr = x[3] === undefined ? null : x[3].length === 2 ? 2000 + Number(x[3]) : Number(x[3]);
    const t = jahr === null ? naechstesDatum(heute, m, d) : echterTag(jahr, m, d);
    return t ? { art: 'tag', tag: t, pos } : null;
  });
  // 'am 3.': a day of this month, or of the next when it has passed
  g = nimm(g, /\b(?:am|den|zum|vom|ab dem|bis zum) (\d{1,2})\.(?!\d)(?! ?[a-z]{3})/g, (x, pos) => {
    const d = Number(x[1]);
    const [jahr, monat] = [Number(heute.slice(0, 4)), Number(heute.slice(5, 7))];
    const dies = echterTag(jahr, monat, d);
    if (dies && dies >= heute) return { art: 'tag', tag: dies, pos };
    const naechster = monat === 12 ? echterTag(jahr + 1, 1, d) : echterTag(jahr, monat + 1, d);
    return naechster ? { art: 'tag', tag: naechster, pos } : null;
  });
  return g;
};

const JETZT = /\b(jetzt|sofort|now|gleich)\b/;
/** Month names, units of relative days and digits: what the dates chrono-node reads for this layer contain. */
const KANN_DATUM_SEIN =
  /\d|\b(jan|feb|maer|mar|apr|mai|may|jun|jul|aug|sep|okt|oct|nov|dez|dec|jaenner)|tag|woche|monat|\bdays?\b|\bweeks?\b|\bmonths?\b|\b(erste|zweite|dritte|first|second|third)/;

/**
 * Days in what is left of the text, read by chrono-node (German or English): only results that name a day
 * ('am 3. Dezember', 'in drei Tagen', 'December 3rd'); a clock time alone is this layer's (uhrzeit.ts).
 */
export const chronoTage = ({
  text,
  bezug,
  sprache,
}: {
  text: string;
  bezug: Date;
  sprache: Language;
}): TagFund[] => {
  // chrono-node is slow on long texts that hold no date at all: ask it only where a date can be
  if (!KANN_DATUM_SEIN.test(text)) return [];
  const offset = Math.round((berlinWallDate(bezug).getTime() - bezug.getTime()) / 60_000);
  const parser = sprache === 'en' ? chrono.en : chrono.de;
  const eingabe = sprache === 'en' ? text : mitUmlauten(text);
  const funde: TagFund[] = [];
  for (const r of parser.parse(eingabe, { instant: bezug, timezone: offset }, { forwardDate: true })) {
    if (JETZT.test(r.text)) continue;
    if (!r.start.isCertain('day') && !r.start.isCertain('month')) continue;
    const t = echterTag(r.start.get('year') ?? 0, r.start.get('month') ?? 0, r.start.get('day') ?? 0);
    if (t) funde.push({ art: 'tag', tag: t, pos: r.index });
    if (r.end && (r.end.isCertain('day') || r.end.isCertain('month'))) {
      const e = echterTag(r.end.get('year') ?? 0, r.end.get('month') ?? 0, r.end.get('day') ?? 0);
      if (e) funde.push({ art: 'tag', tag: e, pos: r.index + 1 });
    }
  }
  return funde;
};

/** The days of all finds: a week and a weekday make one day; a weekday after a day counts from it. */
export const tageAus = (funde: TagFund[], heute: string): Tagangabe => {
  const sortiert = [...funde].sort((a, b) => a.pos - b.pos);
  const ungueltig = sortiert.find((f) => f.art === 'kw_ungueltig');
  if (ungueltig?.art === 'kw_ungueltig')
    return {
      tage: [],
      woche: null,
      kwUngueltig: { kw: ungueltig.kw, jahr: ungueltig.jahr },
      feiertagMehrdeutig: null,
    };
  const mehrdeutig = sortiert.find((f) => f.art === 'feiertag_mehrdeutig');
  if (mehrdeutig?.art === 'feiertag_mehrdeutig')
    return { tage: [], woche: null, kwUngueltig: null, feiertagMehrdeutig: mehrdeutig.name };
  const wochen = sortiert.filter((f) => f.art === 'woche');
  const wochentage = sortiert.filter((f) => f.art === 'wochentag');
  const tage: string[] = [];
  let woche: string | null = null;
  const w = wochen[0];
  let letzter = heute;
  for (const f of sortiert) {
    if (f.art === 'tag') {
      tage.push(f.tag);
      letzter = f.tag;
    } else if (f.art === 'wochentag') {
      const t =
        w?.art === 'woche' && f === wochentage[0]
          ? addCalendarDays(w.montag, (f.wochentag + 6) % 7)
          : naechsterWochentag(letzter, f.wochentag, f.heuteErlaubt || tage.length > 0);
      tage.push(t);
      letzter = t;
    }
  }
  if (w?.art === 'woche' && wochentage.length === 0) woche = w.montag;
  return { tage, woche, kwUngueltig: null, feiertagMehrdeutig: null };
};
