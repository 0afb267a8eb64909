/**
 * Dates and times as the API accepts them: one helper per kind, used by every date or time field of the
 * contract. A calendar day or instant outside the years 2000 to 2100 is refused by the schema (400 with
 * the range in the error's params), so no service does date arithmetic on year 9999 or year 0.
 */
import { z } from 'zod';
import { singleLineText } from './text-input.ts';

/** The years an input date may lie in (inclusive). */
export const DATE_INPUT_YEARS = { min: 2000, max: 2100 } as const;

/** The hint every refused date carries (language-neutral: it names the format and the range). */
export const DAY_INPUT_HINT = `YYYY-MM-DD, years ${DATE_INPUT_YEARS.min} to ${DATE_INPUT_YEARS.max}`;
export const INSTANT_INPUT_HINT = `ISO 8601 instant with offset, years ${DATE_INPUT_YEARS.min} to ${DATE_INPUT_YEARS.max}`;

/** Whether the year written at the start of an ISO day or instant lies within DATE_INPUT_YEARS. */
export const isInputYear = (iso: string): boolean => {
  const year = Number(iso.slice(0, 4));
  return Number.isInteger(year) && year >= DATE_INPUT_YEARS.min && year <= DATE_INPUT_YEARS.max;
};

/** A real calendar day `YYYY-MM-DD` (Europe/Berlin) in the years 2000 to 2100; 2026-02-30 is refused. */
export const ZDayInput = z.iso.date(DAY_INPUT_HINT).refine(isInputYear, DAY_INPUT_HINT);

/** An ISO 8601 instant with offset (`2026-03-29T01:30:00+01:00`, `…Z`) in the years 2000 to 2100. */
export const ZInstantInput = z.iso
  .datetime({ offset: true, message: INSTANT_INPUT_HINT })
  .refine(isInputYear, INSTANT_INPUT_HINT);

/**
 * A time of day as typed (`HH:mm` expected). Bounded here; the server answers the spec's message ('Zeit
 * zum setzen ist kein valider String.') for anything that is not `HH:mm`, forms check with `isValidTime`.
 */
export const ZTimeInput = singleLineText().max(20);

/** A calendar day in a response (stored values; not range-checked). */
export const ZDayValue = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD');
