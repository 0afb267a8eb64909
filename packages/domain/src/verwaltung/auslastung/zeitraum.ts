/**
 * The period of the utilisation figures (decision 163): a week (Monday to Sunday), a month, a quarter, a
 * year around an anchor day, or a custom range of at most 366 days; and the period before it, of the same
 * kind, for the comparison. Days are Berlin calendar days `YYYY-MM-DD`, both ends included.
 */
import { DomainError } from '../../errors.ts';
import { addCalendarDays, addCalendarMonths, weekdayOfDay } from '../../time.ts';

export const ZEITRAUM_ARTEN = ['woche', 'monat', 'quartal', 'jahr', 'frei'] as const;
export type ZeitraumArt = (typeof ZEITRAUM_ARTEN)[number];
export type Zeitraum = { art: ZeitraumArt; vonTag: string; bisTag: string };

/** The longest custom period in days. */
export const MAX_FREIER_ZEITRAUM_TAGE = 366;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (s: string): boolean =>
  DAY.test(s) && new Date(`${s}T00:00:00Z`).toISOString().slice(0, 10) === s;

/** Days from `vonTag` to `bisTag`, both included. */
export const tageImZeitraum = ({ vonTag, bisTag }: { vonTag: string; bisTag: string }): number =>
  Math.round((Date.parse(`${bisTag}T00:00:00Z`) - Date.parse(`${vonTag}T00:00:00Z`)) / 86_400_000) + 1;

/**
 * The period of kind `art` containing `tag`, or the custom range `von`–`bis`. Throws
 * 'auslastung.zeitraum_ungueltig' (400) for a missing or invalid day, an end before the start or a custom
 * range longer than 366 days.
 */
export const zeitraumAus = ({
  art,
  tag,
  von,
  bis,
}: {
  art: ZeitraumArt;
  tag?: string;
  von?: string;
  bis?: string;
}): Zeitraum => {
  if (art === 'frei') {
    if (!von || !bis || !isDay(von) || !isDay(bis) || bis < von)
      throw new DomainError('auslastung.zeitraum_ungueltig', { max: MAX_FREIER_ZEITRAUM_TAGE });
    if (tageImZeitraum({ vonTag: von, bisTag: bis }) > MAX_FREIER_ZEITRAUM_TAGE)
      throw new DomainError('auslastung.zeitraum_ungueltig', { max: MAX_FREIER_ZEITRAUM_TAGE });
    return { art, vonTag: von, bisTag: bis };
  }
  if (!tag || !isDay(tag))
    throw new DomainError('auslastung.zeitraum_ungueltig', { max: MAX_FREIER_ZEITRAUM_TAGE });
  const [jahr, monat] = [tag.slice(0, 4), Number(tag.slice(5, 7))];
  switch (art) {
    case 'woche': {
      const montag = addCalendarDays(tag, -((weekdayOfDay(tag) + 6) % 7));
      return { art, vonTag: montag, bisTag: addCalendarDays(montag, 6) };
    }
    case 'monat': {
      const erster = `${tag.slice(0, 7)}-01`;
      return { art, vonTag: erster, bisTag: addCalendarDays(addCalendarMonths(erster, 1), -1) };
    }
    case 'quartal': {
      const erster = `${jahr}-${String(monat - ((monat - 1) % 3)).padStart(2, '0')}-01`;
      return { art, vonTag: erster, bisTag: addCalendarDays(addCalendarMonths(erster, 3), -1) };
    }
    case 'jahr':
      return { art, vonTag: `${jahr}-01-01`, bisTag: `${jahr}-12-31` };
  }
};

/** The period before `z`, of the same kind (a custom range: as many days, ending the day before). */
export const vorperiode = (z: Zeitraum): Zeitraum => {
  switch (z.art) {
    case 'woche':
      return { art: z.art, vonTag: addCalendarDays(z.vonTag, -7), bisTag: addCalendarDays(z.bisTag, -7) };
    case 'monat':
    case 'quartal':
    case 'jahr': {
      const monate = z.art === 'monat' ? 1 : z.art === 'quartal' ? 3 : 12;
      return {
        art: z.art,
        vonTag: addCalendarMonths(z.vonTag, -monate),
        bisTag: addCalendarDays(z.vonTag, -1),
      };
    }
    case 'frei': {
      const tage = tageImZeitraum(z);
      return { art: z.art, vonTag: addCalendarDays(z.vonTag, -tage), bisTag: addCalendarDays(z.vonTag, -1) };
    }
  }
};

/** The part of a period inside one calendar month; `voll` when the period holds the whole month. */
export type MonatsStueck = { monat: string; vonTag: string; bisTag: string; voll: boolean };

/**
 * A range of days cut at the month boundaries, in order (`monat` is the month's first day): the rollup keeps sums
 * per vehicle and month and can answer a whole month at once (decision 274); the pieces at the ends are summed by
 * the day.
 */
export const monatsStuecke = ({ vonTag, bisTag }: { vonTag: string; bisTag: string }): MonatsStueck[] => {
  const stuecke: MonatsStueck[] = [];
  for (let monat = `${vonTag.slice(0, 7)}-01`; monat <= bisTag; monat = addCalendarMonths(monat, 1)) {
    const letzter = addCalendarDays(addCalendarMonths(monat, 1), -1);
    const von = monat < vonTag ? vonTag : monat;
    const bis = letzter > bisTag ? bisTag : letzter;
    stuecke.push({ monat, vonTag: von, bisTag: bis, voll: von === monat && bis === letzter });
  }
  return stuecke;
};
