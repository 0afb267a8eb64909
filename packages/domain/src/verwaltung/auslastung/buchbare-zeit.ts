/**
 * The bookable time: the denominator of every utilisation figure (decision 163). Built from calendar days, so
 * a day of 23 or 25 hours (the DST switches) counts the hours it really has.
 *
 * - Reading rooms and workspaces: each day's opening hours of the floor plan (special opening hours before
 *   the weekly rows, `oeffnungszeitAm`). A public holiday of the location's state closes the day, unless a
 *   special opening time explicitly opens it (the library decided to open on that holiday).
 * - Vehicles: the booking window that applies to the vehicle (`wirksamesBuchungsfenster`) on each day of its
 *   validity, except the public holidays of its location's state.
 *
 * Booked time is counted only inside the bookable time, so a figure never exceeds 100 %.
 */
import type { Buchungsfenster } from '../../fahrzeuge/fahrzeug/buchungsfenster.ts';
import {
  type AbweichendeOeffnung,
  oeffnungszeitAm,
  type Wochenoeffnung,
} from '../../leseraum/oeffnungszeiten.ts';
import { addCalendarDays, berlinInstant, berlinStunde, weekdayOfDay } from '../../time.ts';

/** One open stretch of one calendar day, `[von, bis)`. */
export type Fenster = { tag: string; von: Date; bis: Date };

/** A piece of an open stretch inside one Berlin wall-clock hour (the heatmap's cells). */
export type Stueck = Fenster & { wochentag: number; stunde: number; minuten: number };

/** Full day: a place or a vehicle counts as used on a day it is booked at all; hourly: by the minute. */
export const BUCHUNGSMODI = ['ganztags', 'stuendlich'] as const;
export type Buchungsmodus = (typeof BUCHUNGSMODI)[number];

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

/**
 * Remembered results of the pure calendar helpers below: a year's utilisation asks the same days, weekdays and
 * windows for each of hundreds of vehicles (bench, docs/performance/auswertung.md). Bounded: emptied when full.
 */
const merke = <T>(max: number) => {
  const cache = new Map<string, T>();
  return (schluessel: string, rechne: () => T): T => {
    const da = cache.get(schluessel);
    if (da !== undefined) return da;
    if (cache.size >= max) cache.clear();
    const wert = rechne();
    cache.set(schluessel, wert);
    return wert;
  };
};
const tageCache = merke<readonly string[]>(64);
const wochentagCache = merke<number>(20_000);
const stretchCache = merke<Fenster | 'leer'>(50_000);

const tage = (vonTag: string, bisTag: string): readonly string[] =>
  tageCache(`${vonTag}|${bisTag}`, () => {
    const result: string[] = [];
    for (let tag = vonTag; tag <= bisTag; tag = addCalendarDays(tag, 1)) result.push(tag);
    return result;
  });

const wochentag = (tag: string): number => wochentagCache(tag, () => weekdayOfDay(tag));

const stretch = (tag: string, von: string, bis: string): Fenster | null => {
  const f = stretchCache(`${tag}|${von}|${bis}`, () => {
    const neu = { tag, von: berlinInstant(tag, von), bis: berlinInstant(tag, bis) };
    return neu.von < neu.bis ? neu : 'leer';
  });
  // a copy: callers may not share the remembered object
  return f === 'leer' ? null : { tag: f.tag, von: f.von, bis: f.bis };
};

/** The opening hours of a floor plan from `vonTag` to `bisTag`, without the holidays not opened specially. */
export const oeffnungsFenster = ({
  vonTag,
  bisTag,
  weekly,
  specials,
  feiertage,
}: {
  vonTag: string;
  bisTag: string;
  weekly: readonly Wochenoeffnung[];
  specials: readonly AbweichendeOeffnung[];
  feiertage: ReadonlySet<string>;
}): Fenster[] =>
  tage(vonTag, bisTag).flatMap((tag) => {
    const speziellOffen = specials.some(
      (s) => s.status === 'offen' && s.gueltigVon <= tag && tag <= s.gueltigBis,
    );
    if (feiertage.has(tag) && !speziellOffen) return [];
    const zeit = oeffnungszeitAm({ day: tag, weekly, specials });
    const f = zeit && stretch(tag, zeit.von, zeit.bis);
    return f ? [f] : [];
  });

/**
 * The booking window of a vehicle from `vonTag` to `bisTag`: its open weekday rows on the days of its validity
 * (`gueltigVon`/`gueltigBis`, null = unbounded), without the holidays.
 */
export const fahrzeugFenster = ({
  vonTag,
  bisTag,
  fenster,
  feiertage,
  gueltigVon = null,
  gueltigBis = null,
}: {
  vonTag: string;
  bisTag: string;
  fenster: Buchungsfenster;
  feiertage: ReadonlySet<string>;
  gueltigVon?: string | null;
  gueltigBis?: string | null;
}): Fenster[] =>
  tage(vonTag, bisTag).flatMap((tag) => {
    if (feiertage.has(tag)) return [];
    if ((gueltigVon && tag < gueltigVon) || (gueltigBis && tag > gueltigBis)) return [];
    const row = fenster.find((r) => r.wochentag === wochentag(tag) && r.geoeffnet);
    const f = row && stretch(tag, row.von, row.bis);
    return f ? [f] : [];
  });

/** The open stretches cut at every Berlin wall-clock hour (Berlin changes its offset on full UTC hours). */
export const inStunden = (fenster: readonly Fenster[]): Stueck[] => fenster.flatMap(stueckeDesFensters);

const stueckeCache = merke<readonly Stueck[]>(50_000);

/**
 * The pieces of one open stretch, remembered by its day and bounds (a year's utilisation cuts the same windows for
 * the period, the previous period and every request; decision 276). The pieces are shared: callers only read them.
 */
const stueckeDesFensters = (f: Fenster): readonly Stueck[] =>
  stueckeCache(`${f.tag}|${f.von.getTime()}|${f.bis.getTime()}`, () => {
    const result: Stueck[] = [];
    const tagDerWoche = wochentag(f.tag);
    let von = f.von.getTime();
    const ende = f.bis.getTime();
    while (von < ende) {
      const bis = Math.min(ende, (Math.floor(von / HOUR_MS) + 1) * HOUR_MS);
      result.push({
        tag: f.tag,
        von: new Date(von),
        bis: new Date(bis),
        wochentag: tagDerWoche,
        stunde: berlinStunde(von),
        minuten: (bis - von) / MINUTE_MS,
      });
      von = bis;
    }
    return result;
  });

/** Minutes of the open stretches (real minutes: a DST day's stretch across 02:00 has 60 more or fewer). */
export const buchbareMinuten = (fenster: readonly Fenster[]): number =>
  fenster.reduce((sum, f) => sum + (f.bis.getTime() - f.von.getTime()) / MINUTE_MS, 0);

/** Open days: the full-day mode's denominator for one place or vehicle. */
export const buchbareTage = (fenster: readonly Fenster[]): number => new Set(fenster.map((f) => f.tag)).size;

export type Zeitspanne = { von: Date; bis: Date };

const overlapMs = (a: Zeitspanne, b: Zeitspanne): number =>
  Math.max(0, Math.min(a.bis.getTime(), b.bis.getTime()) - Math.max(a.von.getTime(), b.von.getTime()));

/**
 * Booked minutes of ONE place or vehicle: the bookings' minutes inside the open stretches. Bookings of one
 * place never overlap (the exclusion constraint), so this is at most `buchbareMinuten(fenster)`.
 */
export const belegteMinuten = ({
  buchungen,
  fenster,
}: {
  buchungen: readonly Zeitspanne[];
  fenster: readonly Fenster[];
}): number =>
  fenster.reduce((sum, f) => sum + buchungen.reduce((s, b) => s + overlapMs(b, f), 0), 0) / MINUTE_MS;

/** Booked days of ONE place or vehicle: the open days on which a booking touches the open stretch. */
export const belegteTage = ({
  buchungen,
  fenster,
}: {
  buchungen: readonly Zeitspanne[];
  fenster: readonly Fenster[];
}): number =>
  new Set(fenster.filter((f) => buchungen.some((b) => overlapMs(b, f) > 0)).map((f) => f.tag)).size;

/**
 * Utilisation of ONE place or vehicle in the booking mode: booked minutes of bookable minutes (hourly) or
 * booked days of open days (full day); null without bookable time.
 */
export const auslastungEinesObjekts = ({
  buchungen,
  fenster,
  modus,
}: {
  buchungen: readonly Zeitspanne[];
  fenster: readonly Fenster[];
  modus: Buchungsmodus;
}): { belegt: number; buchbar: number; quote: number | null } => {
  const [belegt, buchbar] =
    modus === 'ganztags'
      ? [belegteTage({ buchungen, fenster }), buchbareTage(fenster)]
      : [belegteMinuten({ buchungen, fenster }), buchbareMinuten(fenster)];
  return { belegt, buchbar, quote: quote(belegt, buchbar) };
};

/** A share of `teil` in `ganzes`, between 0 and 1 (never over 100 %); null when `ganzes` is 0. */
export const quote = (teil: number, ganzes: number): number | null =>
  ganzes > 0 ? Math.min(1, Math.max(0, teil / ganzes)) : null;

/**
 * One plan-day of a room as the utilisation counts it: never more booked than could be booked (decisions 165, 276).
 * Each hour piece of the window (`stuecke`, as `inStunden` cuts it) can hold its minutes × `plaetze`; its booked
 * minutes (`belegt[i]`, the bookings' minutes summed over the places, which overlapping holds can push past that) are
 * capped there, and its checked-in minutes at its booked ones. The hourly mode adds the capped pieces; the full-day
 * mode counts the places booked that day (`tag`), capped at `plaetze`, of `plaetze`. `jeStueck` (the heatmap's cells)
 * is capped in both modes.
 */
export const gedeckelterTag = ({
  stuecke,
  plaetze,
  belegt,
  eingecheckt,
  tag,
  modus,
}: {
  stuecke: readonly { minuten: number }[];
  plaetze: number;
  belegt: readonly number[];
  eingecheckt: readonly number[];
  tag: { belegt: number; eingecheckt: number };
  modus: Buchungsmodus;
}): {
  belegt: number;
  eingecheckt: number;
  buchbar: number;
  jeStueck: { belegt: number; buchbar: number }[];
} => {
  const jeStueck = stuecke.map((s, i) => {
    const buchbar = s.minuten * plaetze;
    return { belegt: Math.min(belegt[i] ?? 0, buchbar), buchbar };
  });
  if (modus === 'ganztags') {
    const n = Math.min(tag.belegt, plaetze);
    return { belegt: n, eingecheckt: Math.min(tag.eingecheckt, plaetze), buchbar: plaetze, jeStueck };
  }
  let summe = { belegt: 0, eingecheckt: 0, buchbar: 0 };
  jeStueck.forEach((s, i) => {
    summe = {
      belegt: summe.belegt + s.belegt,
      eingecheckt: summe.eingecheckt + Math.min(eingecheckt[i] ?? 0, s.belegt),
      buchbar: summe.buchbar + s.buchbar,
    };
  });
  return { ...summe, jeStueck };
};
