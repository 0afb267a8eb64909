/**
 * When a past booking loses its personal references (decision 199): a booking whose end lies before the
 * start (00:00 Berlin) of the Berlin calendar day `tage` days before today is due. Counting calendar days
 * (not 24-hour steps) keeps the cut-off at Berlin midnight across the DST changes.
 */
import { berlinDateKey, berlinInstant } from '../../time.ts';

/** The setting's default: 90 days (decision 199). */
export const ANONYMISIERUNG_TAGE_STANDARD = 90;
/** The setting's bounds: at least a week (disputes about last week's trip), at most ten years. */
export const ANONYMISIERUNG_TAGE_MIN = 7;
export const ANONYMISIERUNG_TAGE_MAX = 3650;

/** `YYYY-MM-DD` `tage` calendar days before `day` (`YYYY-MM-DD`), by the proleptic Gregorian calendar. */
const tageZurueck = (day: string, tage: number): string => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1, d - tage));
  return t.toISOString().slice(0, 10);
};

/**
 * The anonymisation's cut-off at `now`: 00:00 Berlin of the calendar day `tage` days before now's Berlin day.
 * Every booking that ended before it is due; one that ends at or after it keeps its people.
 */
export const anonymisierungsStichtag = (tage: number, now: Date): Date =>
  berlinInstant(tageZurueck(berlinDateKey(now), tage), '00:00');

/** Whether a booking that ended at `ende` is due at `now` (the same answer as the cut-off's). */
export const istAnonymisierbar = (ende: Date, tage: number, now: Date): boolean =>
  ende.getTime() < anonymisierungsStichtag(tage, now).getTime();

/** The setting's value as the rule reads it: a whole number inside the bounds, the default otherwise. */
export const anonymisierungsTage = (wert: number | null | undefined): number =>
  typeof wert === 'number' &&
  Number.isInteger(wert) &&
  wert >= ANONYMISIERUNG_TAGE_MIN &&
  wert <= ANONYMISIERUNG_TAGE_MAX
    ? wert
    : ANONYMISIERUNG_TAGE_STANDARD;
