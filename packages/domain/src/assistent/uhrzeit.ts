/**
 * Clock times in a request, German and English, as people write them: '9', '9 Uhr', '9:30', '9.30 Uhr',
 * '9 Uhr 30', 'halb zehn', 'viertel nach/vor 12', 'viertel 8', 'dreiviertel 8', 'zehn nach 9', '9-12',
 * 'von 9 bis 12', 'ab 9', 'bis 17 Uhr', 'zwischen 9 und 12', '9am', '5 pm', 'half past 9', 'quarter to 10',
 * 'noon', 'for 2 hours', 'für eine halbe Stunde', and the times of day ('früh', 'vormittags', 'nachmittags',
 * 'abends', 'nachts', 'morning', 'afternoon', 'evening', 'tonight'). chrono-node's German parser knows none of
 * the idioms, so this layer reads all clock times itself (decision 177). Texts are normalised (text.ts).
 *
 * A bare hour from 1 to 6 ('um 5', 'halb sechs', 'at 5') is outside business hours as written and a normal
 * working hour twelve hours later; without a time of day that decides it, it stays open (`eindeutig: false`),
 * and the reading asks back. Hours written with 24-hour digits (13–23, '05:00', '0 Uhr') are taken as written.
 */

/** A time of day word: a window of its own, or what decides a bare hour ('um 5 nachmittags' is 17:00). */
export type Tageszeit = 'vormittag' | 'mittag' | 'nachmittag' | 'abend' | 'nacht';

/** The hours of each time of day when it stands alone ('übermorgen Nachmittag': 12:00 to 18:00). */
export const TAGESZEIT_FENSTER: Record<Tageszeit, { von: number; bis: number }> = {
  vormittag: { von: 8, bis: 12 },
  mittag: { von: 12, bis: 14 },
  nachmittag: { von: 12, bis: 18 },
  abend: { von: 18, bis: 22 },
  nacht: { von: 22, bis: 6 },
};

/** A clock time read from the text: its hour 0..23 when `eindeutig`, else the hour as written (1..6). */
export type Uhr = { stunde: number; minute: number; eindeutig: boolean };

export type Zeitangabe = {
  start: Uhr | null;
  ende: Uhr | null;
  dauerMinuten: number | null;
  ganztags: boolean;
  tageszeit: Tageszeit | null;
  /** 'jetzt', 'sofort', 'now': the start is the reference instant. */
  jetzt: boolean;
  /** The text with every clock time taken out (for the date layer). */
  rest: string;
};

const WORT_STUNDEN: Record<string, number> = {
  null: 0,
  eins: 1,
  zwei: 2,
  drei: 3,
  vier: 4,
  fuenf: 5,
  sechs: 6,
  sieben: 7,
  acht: 8,
  neun: 9,
  zehn: 10,
  elf: 11,
  zwoelf: 12,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
};
const WORT_MINUTEN: Record<string, number> = {
  fuenf: 5,
  zehn: 10,
  zwanzig: 20,
  five: 5,
  ten: 10,
  twenty: 20,
  'twenty-five': 25,
  'twenty five': 25,
  fuenfundzwanzig: 25,
};

const H = `(\\d{1,2}|${Object.keys(WORT_STUNDEN).join('|')})`;
const MIN_WORT = `(\\d{1,2}|${Object.keys(WORT_MINUTEN).join('|')})`;

/** A time-of-day word right after a clock time ('8 Uhr abends', '5 pm'). */
const SUFFIX =
  '(?: ?uhr)?(?:\\s+(?:(frueh|morgens|in der frueh|am morgen|vormittags|am vormittag|mittags|nachmittags|am nachmittag|abends|am abend|nachts|in der nacht|in the morning|in the afternoon|in the evening|at night)\\b))?';

const stundeAus = (s: string): number => WORT_STUNDEN[s] ?? Number(s);

type Tz = 'frueh' | 'mittag' | 'spaet' | 'nacht' | null;

const suffixArt = (s: string | undefined): Tz => {
  if (!s) return null;
  if (/frueh|morgen|vormittag|morning|^am$|a\.m\./.test(s)) return 'frueh';
  if (/^mittags$/.test(s)) return 'mittag';
  if (/nachmittag|abend|afternoon|evening|^pm$|p\.m\./.test(s)) return 'spaet';
  return 'nacht';
};

const tageszeitArt = (t: Tageszeit | null): Tz =>
  t === 'vormittag' ? 'frueh' : t === 'mittag' ? 'mittag' : t === 'nacht' ? 'nacht' : t ? 'spaet' : null;

/**
 * The hour of a clock time as written, read with what decides it: a time-of-day word, or nothing.
 * `vierundzwanzig` stays written: 1..12 are 12-hour readings, 0 and 13..23 are 24-hour readings.
 */
const mitTageszeit = (stunde: number, art: Tz): number | null => {
  if (stunde === 0 || stunde > 12) return stunde;
  switch (art) {
    case 'frueh':
      return stunde === 12 ? 12 : stunde;
    case 'mittag':
      return stunde <= 5 ? stunde + 12 : stunde;
    case 'spaet':
      return stunde === 12 ? 12 : stunde + 12;
    case 'nacht':
      return stunde === 12 ? 0 : stunde >= 7 ? stunde + 12 : stunde;
    default:
      return stunde >= 7 ? stunde : null;
  }
};

type Fund = {
  stunde: number;
  minute: number;
  zweistellig: boolean;
  art: Tz;
  /** '9-12': the end found with the start. */
  bis?: Fund;
  /** The preposition before a bare hour ('ab', 'bis', 'from'). */
  praep?: string;
};

/** The clocks found so far, in the order found; the text carries a marker `§n§` in each one's place. */
type Markiert = { text: string; funde: Fund[] };

const markiere = (
  m: Markiert,
  muster: RegExp,
  lies: (x: (string | undefined)[]) => Fund | null,
): Markiert => {
  const funde = [...m.funde];
  const text = m.text.replace(muster, (ganz: string, ...rest: unknown[]) => {
    const fund = lies([ganz, ...(rest.slice(0, -2) as (string | undefined)[])]);
    if (!fund) return ganz;
    funde.push(fund);
    return ` §${funde.length - 1}§ `;
  });
  return { text, funde };
};

const vorher = (stunde: number): number => (stunde === 1 ? 12 : stunde === 0 ? 11 : stunde - 1);

const DAUER =
  /\b(?:fuer|for)\s+(?:(\d{1,2}(?:[.,]5)?|eine?|an?|one|zwei|two|drei|three|vier|four|fuenf|five|sechs|six|acht|eight|anderthalb|eineinhalb|one and a half)\s+)?(halbe\s+|half\s+an?\s+)?(stunden?|std\.?|h|hours?|minuten|min\.?|minutes?)\b/;
const DAUER_ZAHL: Record<string, number> = {
  ein: 1,
  eine: 1,
  a: 1,
  an: 1,
  one: 1,
  zwei: 2,
  two: 2,
  drei: 3,
  three: 3,
  vier: 4,
  four: 4,
  fuenf: 5,
  five: 5,
  sechs: 6,
  six: 6,
  acht: 8,
  eight: 8,
  anderthalb: 1.5,
  eineinhalb: 1.5,
  'one and a half': 1.5,
};

const TAGESZEIT_WORTE: [RegExp, Tageszeit][] = [
  [
    /\b(heute|this) (morgen|morning)\b|\bmorgen (frueh|vormittag)|\bfrueh\b|\bmorgens\b|\bvormittags?\b|\bmorning\b/,
    'vormittag',
  ],
  [/\bnachmittags?\b|\bafternoon\b/, 'nachmittag'],
  [/\bmittags?\b|\bmidday\b|\blunch ?time\b/, 'mittag'],
  [/\babends?\b|\bevening\b|\btonight\b/, 'abend'],
  [/\bnachts?\b|\bnight\b/, 'nacht'],
];

/**
 * The clock times, duration, 'ganztags' and time of day of a normalised text. `text` is the text whose dates are
 * already taken out (so '3.12.' is no clock); the words of the whole `normalisiert` text decide the time of day.
 */
export const leseZeit = (text: string, normalisiert: string = text): Zeitangabe => {
  let m: Markiert = { text: ` ${text} `, funde: [] };
  const idiom = (stunde: number, minute: number, suffix?: string): Fund => ({
    stunde,
    minute,
    zweistellig: false,
    art: suffixArt(suffix),
  });
  // German idioms: the hour named is the next one ('halb zehn' = 9:30)
  m = markiere(m, new RegExp(`\\bdrei ?viertel ${H}\\b${SUFFIX}`, 'g'), (x) =>
    idiom(vorher(stundeAus(x[1]!)), 45, x[2]),
  );
  m = markiere(m, new RegExp(`\\bviertel nach ${H}\\b${SUFFIX}`, 'g'), (x) =>
    idiom(stundeAus(x[1]!), 15, x[2]),
  );
  m = markiere(m, new RegExp(`\\bviertel vor ${H}\\b${SUFFIX}`, 'g'), (x) =>
    idiom(vorher(stundeAus(x[1]!)), 45, x[2]),
  );
  m = markiere(m, new RegExp(`\\bviertel ${H}\\b${SUFFIX}`, 'g'), (x) =>
    idiom(vorher(stundeAus(x[1]!)), 15, x[2]),
  );
  m = markiere(m, new RegExp(`\\b${MIN_WORT} (?:minuten )?nach halb ${H}\\b${SUFFIX}`, 'g'), (x) =>
    idiom(vorher(stundeAus(x[2]!)), 30 + (WORT_MINUTEN[x[1]!] ?? Number(x[1])), x[3]),
  );
  m = markiere(m, new RegExp(`\\b${MIN_WORT} (?:minuten )?vor halb ${H}\\b${SUFFIX}`, 'g'), (x) =>
    idiom(vorher(stundeAus(x[2]!)), 30 - (WORT_MINUTEN[x[1]!] ?? Number(x[1])), x[3]),
  );
  m = markiere(m, new RegExp(`\\bhalb ${H}\\b${SUFFIX}`, 'g'), (x) =>
    idiom(vorher(stundeAus(x[1]!)), 30, x[2]),
  );
  m = markiere(m, new RegExp(`\\b${MIN_WORT} (?:minuten )?nach ${H}\\b${SUFFIX}`, 'g'), (x) =>
    idiom(stundeAus(x[2]!), WORT_MINUTEN[x[1]!] ?? Number(x[1]), x[3]),
  );
  m = markiere(m, new RegExp(`\\b${MIN_WORT} (?:minuten )?vor ${H}\\b${SUFFIX}`, 'g'), (x) =>
    idiom(vorher(stundeAus(x[2]!)), 60 - (WORT_MINUTEN[x[1]!] ?? Number(x[1])), x[3]),
  );
  // English idioms
  m = markiere(m, new RegExp(`\\bhalf past ${H}\\b${SUFFIX}`, 'g'), (x) => idiom(stundeAus(x[1]!), 30, x[2]));
  m = markiere(m, new RegExp(`\\b(?:a )?quarter past ${H}\\b${SUFFIX}`, 'g'), (x) =>
    idiom(stundeAus(x[1]!), 15, x[2]),
  );
  m = markiere(m, new RegExp(`\\b(?:a )?quarter (?:to|till) ${H}\\b${SUFFIX}`, 'g'), (x) =>
    idiom(vorher(stundeAus(x[1]!)), 45, x[2]),
  );
  m = markiere(m, /\b(noon|midday|mittag um zwoelf)\b/g, () => ({
    stunde: 12,
    minute: 0,
    zweistellig: true,
    art: null,
  }));
  m = markiere(m, /\bmidnight\b|\bmitternacht\b/g, () => ({
    stunde: 0,
    minute: 0,
    zweistellig: true,
    art: null,
  }));
  // digits with minutes: 9:30, 09:30 uhr, 9.30 uhr, 9 uhr 30, 9am, 5:30 pm
  const digits = (stunde: string, minute: string | undefined, suffix: string | undefined): Fund | null => {
    const h = Number(stunde);
    const min = minute === undefined ? 0 : Number(minute);
    if (h > 24 || min > 59) return null;
    return {
      stunde: h === 24 ? 0 : h,
      minute: min,
      zweistellig: stunde.length === 2 && stunde.startsWith('0'),
      art: suffixArt(suffix),
    };
  };
  m = markiere(m, /\b(\d{1,2})(?::(\d{2}))? ?(am|pm|a\.m\.|p\.m\.)(?![a-z])/g, (x) =>
    digits(x[1]!, x[2], x[3]),
  );
  m = markiere(m, new RegExp(`\\b(\\d{1,2}):(\\d{2})\\b${SUFFIX}`, 'g'), (x) => digits(x[1]!, x[2], x[3]));
  m = markiere(
    m,
    new RegExp(`\\b(\\d{1,2})\\.(\\d{2}) ?uhr\\b${SUFFIX.replace('(?: ?uhr)?', '')}`, 'g'),
    (x) => digits(x[1]!, x[2], x[3]),
  );
  m = markiere(
    m,
    new RegExp(`\\b(\\d{1,2}) ?uhr (\\d{1,2})\\b(?!\\.)${SUFFIX.replace('(?: ?uhr)?', '')}`, 'g'),
    (x) => digits(x[1]!, x[2], x[3]),
  );
  m = markiere(m, new RegExp(`\\b${H} ?(?:uhr|o'?clock)\\b${SUFFIX.replace('(?: ?uhr)?', '')}`, 'g'), (x) =>
    /\d/.test(x[1]!) ? digits(x[1]!, undefined, x[2]) : idiom(stundeAus(x[1]!), 0, x[2]),
  );
  // bare hours: after a time preposition, or beside a marked clock ('9 bis 12 Uhr', '9-12')
  const bare = (stunde: string, suffix: string | undefined): Fund | null =>
    /\d/.test(stunde) ? digits(stunde, undefined, suffix) : idiom(stundeAus(stunde), 0, suffix);
  const NICHT_DANACH =
    '(?![.,]?\\d)(?!\\.\\s?(?:[a-z]))(?! ?(?:tage?n?|wochen?|stunden?|std|h\\b|minuten|min\\b|days?|weeks?|hours?|minutes?|autos|cars|plaetze|personen|leute|people|kw\\b))';
  m = markiere(m, new RegExp(`\\b(\\d{1,2})\\s?-\\s?(\\d{1,2})\\b${NICHT_DANACH}${SUFFIX}`, 'g'), (x) => {
    // '9-12': both ends; the second fund is pushed by a second pass below
    const a = bare(x[1]!, x[3]);
    const b = bare(x[2]!, x[3]);
    if (!a || !b) return null;
    return { ...a, bis: b };
  });
  const PRAEP =
    '(von|vom|ab|um|gegen|zwischen|bis|und|from|at|between|until|till|til|to|and|around|by|starting|start|ca\\.?|circa|etwa)';
  for (let i = 0; i < 2; i++) {
    m = markiere(m, new RegExp(`(?<=\\b${PRAEP} )${H}\\b${NICHT_DANACH}${SUFFIX}`, 'g'), (x) => {
      if (x[2] === 'eins' && x[1] === 'und') return null;
      const f = bare(x[2]!, x[3]);
      return f ? { ...f, praep: x[1] } : null;
    });
    m = markiere(m, new RegExp(`\\b${H}(?=\\s*(?:-|bis|to|until|till|und|and)\\s*§)`, 'g'), (x) =>
      bare(x[1]!, undefined),
    );
  }
  return auswerten(m, normalisiert);
};

const BIS_WORTE = /(?:^|\s)(bis|until|till|til|to|-|und|and)\s*$/;
const BIS_PRAEP = new Set(['bis', 'until', 'till', 'til', 'to', 'und', 'and', 'by']);

const auswerten = (m: Markiert, normalisiert: string): Zeitangabe => {
  // clocks in the order they stand, each with the word before it
  const reihe: { fund: Fund; davor: string }[] = [];
  const re = /§(\d+)§/g;
  let match: RegExpExecArray | null = re.exec(m.text);
  while (match) {
    const fund = m.funde[Number(match[1])] as Fund;
    const davor = m.text.slice(Math.max(0, match.index - 12), match.index);
    reihe.push({ fund, davor });
    if (fund.bis) reihe.push({ fund: { ...fund.bis, praep: 'bis' }, davor: ' bis ' });
    match = re.exec(m.text);
  }
  let tageszeit: Tageszeit | null = null;
  for (const [muster, t] of TAGESZEIT_WORTE) {
    if (muster.test(normalisiert)) {
      tageszeit = t;
      break;
    }
  }
  let start: Fund | null = null;
  let ende: Fund | null = null;
  for (const { fund, davor } of reihe) {
    const istEnde = (fund.praep && BIS_PRAEP.has(fund.praep)) || BIS_WORTE.test(davor);
    if (istEnde && !ende && (start || fund.praep === 'bis' || /bis|until|till|by/.test(davor))) ende = fund;
    else if (!start) start = fund;
    else if (!ende) ende = fund;
  }
  const kontext = tageszeitArt(tageszeit);
  const lies = (f: Fund | null, bezugStart?: Uhr | null): Uhr | null => {
    if (!f) return null;
    if (f.zweistellig || f.stunde === 0 || f.stunde > 12)
      return { stunde: f.stunde, minute: f.minute, eindeutig: true };
    const h = mitTageszeit(f.stunde, f.art ?? kontext);
    if (h !== null) return { stunde: h, minute: f.minute, eindeutig: true };
    // an end earlier than a known start is the afternoon ('9 bis 5' = 9 to 17)
    // after an evening start an early hour is the night: '22 bis 2 Uhr'
    if (bezugStart?.eindeutig && bezugStart.stunde >= 12 && f.stunde + 12 <= bezugStart.stunde)
      return { stunde: f.stunde, minute: f.minute, eindeutig: true };
    if (
      bezugStart?.eindeutig &&
      f.stunde + 12 > bezugStart.stunde &&
      f.stunde * 60 + f.minute <= bezugStart.stunde * 60 + bezugStart.minute
    )
      return { stunde: f.stunde + 12, minute: f.minute, eindeutig: true };
    return { stunde: f.stunde, minute: f.minute, eindeutig: false };
  };
  let s = lies(start);
  let e = lies(ende, s);
  // a start read as written whose end is earlier: '10 bis 2' is 10 to 14 (the end moves, see lies)
  if (
    s?.eindeutig &&
    e?.eindeutig &&
    start &&
    ende &&
    !start.art &&
    !ende.art &&
    !kontext &&
    s.stunde <= 12
  ) {
    if (
      e.stunde * 60 + e.minute <= s.stunde * 60 + s.minute &&
      ende.stunde <= 12 &&
      !ende.zweistellig &&
      e.stunde + 12 < 24
    )
      e = { ...e, stunde: e.stunde + 12 };
  }
  // an open start before a clear afternoon end: '2 bis 17 Uhr' is 14 to 17
  if (s && !s.eindeutig && e?.eindeutig && s.stunde + 12 < e.stunde * 1 + e.minute / 60 && e.stunde >= 13)
    s = { stunde: s.stunde + 12, minute: s.minute, eindeutig: true };
  const dauer = DAUER.exec(normalisiert);
  let dauerMinuten: number | null = null;
  if (dauer) {
    const zahl = dauer[1] === undefined ? 1 : (DAUER_ZAHL[dauer[1]] ?? Number(dauer[1].replace(',', '.')));
    const faktor = /^(stunden?|std\.?|h|hours?)$/.test(dauer[3]!) ? 60 : 1;
    dauerMinuten = Math.round(zahl * faktor * (dauer[2] ? 0.5 : 1));
  }
  const ganztags =
    /\bganztags\b|\bganztaegig|\bden ganzen tag\b|\bganzen tag\b|\bganzer tag\b|\ball day\b|\bwhole day\b|\bfull day\b|\bentire day\b|\bthe day\b.*\bwhole\b/.test(
      normalisiert,
    );
  const jetzt = /\b(jetzt|sofort|ab sofort|gleich jetzt|right now|now|right away)\b/.test(normalisiert);
  return {
    start: s,
    ende: e,
    dauerMinuten,
    ganztags,
    tageszeit,
    jetzt,
    rest: m.text.replace(/§\d+§/g, ' ').replace(/\s+/g, ' ').trim(),
  };
};
